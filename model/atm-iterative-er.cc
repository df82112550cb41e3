/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-iterative-er.h"

#include "atm-rm-cell.h"

#include "ns3/double.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmIterativeEr");

NS_OBJECT_ENSURE_REGISTERED(AtmIterativeEr);

TypeId
AtmIterativeEr::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmIterativeEr")
            .SetParent<AtmMacrPortBehaviour>()
            .SetGroupName("Atm")
            .AddConstructor<AtmIterativeEr>()
            .AddAttribute("Erf",
                          "Explicit reduction factor ERF: ER <= ERF * MACR when congested.",
                          DoubleValue(15.0 / 16),
                          MakeDoubleAccessor(&AtmIterativeEr::m_erf),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("Mrf",
                          "Major reduction factor MRF: ER <= MRF * MACR when very congested.",
                          DoubleValue(1.0 / 4),
                          MakeDoubleAccessor(&AtmIterativeEr::m_mrf),
                          MakeDoubleChecker<double>(0, 1));
    return tid;
}

AtmIterativeEr::AtmIterativeEr()
    : m_erf(15.0 / 16),
      m_mrf(1.0 / 4)
{
    NS_LOG_FUNCTION(this);
}

AtmIterativeEr::~AtmIterativeEr()
{
    NS_LOG_FUNCTION(this);
}

void
AtmIterativeEr::OnBackwardRm(AtmCell& brm, uint32_t slot, const AtmPortState& port)
{
    NS_LOG_FUNCTION(this << slot);
    const bool congested = UpdateCongestion(port);
    if (GetMacr() <= 0)
    {
        return; // no estimate yet
    }
    if (IsVeryCongested(port))
    {
        StampEr(brm, slot, m_mrf * GetMacr());
    }
    else if (congested && IsAboveShare(AtmRmCell::GetCcr(brm)))
    {
        StampEr(brm, slot, m_erf * GetMacr());
    }
}

} // namespace ns3
