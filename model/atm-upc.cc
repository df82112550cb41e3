/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-upc.h"

#include "atm-trace-source-accessor.h"

#include "ns3/log.h"
#include "ns3/trace-source-accessor.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmUpc");

NS_OBJECT_ENSURE_REGISTERED(AtmUpc);

TypeId
AtmUpc::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmUpc")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddTraceSource("UpcDiscard",
                            "A non-conforming cell was discarded (cell, arrival index).",
                            MakeAtmTraceSourceAccessor(&AtmUpc::m_discard),
                            "ns3::AtmUpc::CellTracedCallback")
            .AddTraceSource("UpcTag",
                            "A non-conforming cell was tagged CLP = 1 (cell, arrival index).",
                            MakeAtmTraceSourceAccessor(&AtmUpc::m_tag),
                            "ns3::AtmUpc::CellTracedCallback");
    return tid;
}

AtmUpc::AtmUpc()
    : m_passed(0),
      m_tagged(0),
      m_discarded(0)
{
    NS_LOG_FUNCTION(this);
}

AtmUpc::~AtmUpc()
{
    NS_LOG_FUNCTION(this);
}

std::string
AtmUpc::AddVc(uint32_t index,
              const AtmTrafficContract& contract,
              double linkCellRate,
              uint32_t sharing)
{
    NS_LOG_FUNCTION(this << index << linkCellRate << sharing);
    std::string error = contract.GetConfigError();
    if (error.empty())
    {
        error = DoAddVc(index, contract, linkCellRate, sharing);
    }
    return error;
}

bool
AtmUpc::HasVc(uint32_t index) const
{
    return DoHasVc(index);
}

AtmUpc::Verdict
AtmUpc::Police(AtmCell& cell, uint32_t index, int64_t now)
{
    const Verdict v = DoPolice(cell, index, now);
    switch (v)
    {
    case PASS:
        ++m_passed;
        break;
    case TAG:
        ++m_tagged;
        m_tag(cell, index);
        cell.SetClp(true);
        break;
    case DISCARD:
        ++m_discarded;
        m_discard(cell, index);
        break;
    }
    NS_LOG_LOGIC("cell " << cell << " of arriving VC " << index << ": verdict " << int(v));
    return v;
}

bool
AtmUpc::IsObserved() const
{
    return !m_discard.IsEmpty() || !m_tag.IsEmpty();
}

uint64_t
AtmUpc::GetNPassed() const
{
    return m_passed;
}

uint64_t
AtmUpc::GetNTagged() const
{
    return m_tagged;
}

uint64_t
AtmUpc::GetNDiscarded() const
{
    return m_discarded;
}

} // namespace ns3
