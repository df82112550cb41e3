/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-efci-marking.h"

#include "atm-compat.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmEfciMarking");

NS_OBJECT_ENSURE_REGISTERED(AtmEfciMarking);

TypeId
AtmEfciMarking::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmEfciMarking")
            .SetParent<AtmPortBehaviour>()
            .SetGroupName("Atm")
            .AddConstructor<AtmEfciMarking>()
            .AddAttribute("Flag",
                          "Congestion flag: Global (eq. 2, FIFO) or PerVc (eqs. 3-5).",
                          EnumValue(GLOBAL),
                          AtmMakeEnumAccessor<Flag>(&AtmEfciMarking::m_flag),
                          MakeEnumChecker(GLOBAL, "Global", PER_VC, "PerVc"))
            .AddAttribute("MarkAt",
                          "Mark data cells as they leave the port (Departure) or join its "
                          "queue (Arrival).",
                          EnumValue(DEPARTURE),
                          AtmMakeEnumAccessor<MarkAt>(&AtmEfciMarking::m_markAt),
                          MakeEnumChecker(DEPARTURE, "Departure", ARRIVAL, "Arrival"));
    return tid;
}

AtmEfciMarking::AtmEfciMarking()
    : m_flag(GLOBAL),
      m_markAt(DEPARTURE)
{
    NS_LOG_FUNCTION(this);
}

AtmEfciMarking::~AtmEfciMarking()
{
    NS_LOG_FUNCTION(this);
}

void
AtmEfciMarking::Mark(AtmCell& cell, uint32_t slot, const AtmPortState& port)
{
    if (m_flag == PER_VC ? port.vcCongested : port.congested)
    {
        MarkEfci(cell, slot);
    }
}

void
AtmEfciMarking::OnDataArrival(AtmCell& cell, uint32_t slot, const AtmPortState& port)
{
    if (m_markAt == ARRIVAL)
    {
        Mark(cell, slot, port);
    }
}

void
AtmEfciMarking::OnDataDeparture(AtmCell& cell, uint32_t slot, const AtmPortState& port)
{
    if (m_markAt == DEPARTURE)
    {
        Mark(cell, slot, port);
    }
}

} // namespace ns3
