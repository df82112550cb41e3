/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-backward-marking.h"

#include "atm-compat.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmBackwardMarking");

NS_OBJECT_ENSURE_REGISTERED(AtmBackwardMarking);

TypeId
AtmBackwardMarking::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmBackwardMarking")
            .SetParent<AtmPortBehaviour>()
            .SetGroupName("Atm")
            .AddConstructor<AtmBackwardMarking>()
            .AddAttribute("Flag",
                          "Congestion flag: Global (eq. 2, FIFO) or PerVc (eqs. 3-5).",
                          EnumValue(GLOBAL),
                          AtmMakeEnumAccessor<Flag>(&AtmBackwardMarking::m_flag),
                          MakeEnumChecker(GLOBAL, "Global", PER_VC, "PerVc"))
            .AddAttribute("Indication",
                          "Bit set on backward RM cells: Ci (decrease) or Ni (no increase).",
                          EnumValue(CI),
                          AtmMakeEnumAccessor<Indication>(&AtmBackwardMarking::m_indication),
                          MakeEnumChecker(CI, "Ci", NI, "Ni"));
    return tid;
}

AtmBackwardMarking::AtmBackwardMarking()
    : m_flag(GLOBAL),
      m_indication(CI)
{
    NS_LOG_FUNCTION(this);
}

AtmBackwardMarking::~AtmBackwardMarking()
{
    NS_LOG_FUNCTION(this);
}

void
AtmBackwardMarking::OnBackwardRm(AtmCell& brm, uint32_t slot, const AtmPortState& port)
{
    if (m_flag == PER_VC ? port.vcCongested : port.congested)
    {
        MarkRm(brm, slot, m_indication == NI);
    }
}

} // namespace ns3
