/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-port-behaviour.h"

#include "atm-queue-disc.h"
#include "atm-rm-cell.h"
#include "atm-trace-source-accessor.h"

#include "ns3/log.h"
#include "ns3/trace-source-accessor.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmPortBehaviour");

NS_OBJECT_ENSURE_REGISTERED(AtmPortBehaviour);

AtmPortState
AtmPortState::FromQueueDisc(AtmQueueDisc& queue, uint32_t slot, double cellRate, Time now)
{
    AtmPortState p;
    p.now = now;
    p.cellRate = cellRate;
    // A VC's flow control sees the queue that holds its cells: the port's,
    // or its class's at a priority port.
    uint32_t inner = slot;
    AtmQueueDisc& q =
        queue.IsComposite() && slot < queue.GetNVcs() ? queue.GetServingDisc(slot, inner) : queue;
    p.queueCells = q.GetNCells();
    p.activeVcs = q.GetNActiveVcs();
    p.congested = q.IsCongested();
    if (slot < queue.GetNVcs())
    {
        p.vcCells = q.GetVcCells(inner);
        p.vcCongested = q.IsVcCongested(inner);
        p.category = queue.GetVcCategory(slot);
        p.vcWeight = queue.GetVcWeight(slot);
    }
    return p;
}

TypeId
AtmPortBehaviour::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmPortBehaviour")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddTraceSource("ErStamped",
                            "ER of an RM cell was lowered (slot, old ER, new ER).",
                            MakeAtmTraceSourceAccessor(&AtmPortBehaviour::m_erStamped),
                            "ns3::AtmPortBehaviour::ErTracedCallback")
            .AddTraceSource("Marked",
                            "EFCI, CI or NI was set on a cell (slot, which).",
                            MakeAtmTraceSourceAccessor(&AtmPortBehaviour::m_marked),
                            "ns3::AtmPortBehaviour::MarkTracedCallback");
    return tid;
}

AtmPortBehaviour::AtmPortBehaviour()
{
    NS_LOG_FUNCTION(this);
}

AtmPortBehaviour::~AtmPortBehaviour()
{
    NS_LOG_FUNCTION(this);
}

void
AtmPortBehaviour::OnDataArrival(AtmCell& /* cell */,
                                uint32_t /* slot */,
                                const AtmPortState& /* port */)
{
}

void
AtmPortBehaviour::OnDataDeparture(AtmCell& /* cell */,
                                  uint32_t /* slot */,
                                  const AtmPortState& /* port */)
{
    m_dataDepartureHook = false; // not overridden: the port need not call it
}

void
AtmPortBehaviour::OnForwardRm(AtmCell& /* frm */,
                              uint32_t /* slot */,
                              const AtmPortState& /* port */)
{
}

void
AtmPortBehaviour::OnBackwardRm(AtmCell& /* brm */,
                               uint32_t /* slot */,
                               const AtmPortState& /* port */)
{
}

bool
AtmPortBehaviour::StampEr(AtmCell& rm, uint32_t slot, double rate)
{
    const double old = AtmRmCell::GetEr(rm);
    if (!AtmRmCell::LowerEr(rm, rate))
    {
        return false;
    }
    NS_LOG_LOGIC("slot " << slot << " ER " << old << " -> " << AtmRmCell::GetEr(rm));
    m_erStamped(slot, old, AtmRmCell::GetEr(rm));
    return true;
}

void
AtmPortBehaviour::MarkEfci(AtmCell& data, uint32_t slot)
{
    if (!data.GetEfci())
    {
        data.SetEfci(true);
        m_marked(slot, "EFCI");
    }
}

void
AtmPortBehaviour::MarkRm(AtmCell& rm, uint32_t slot, bool ni)
{
    if (ni)
    {
        AtmRmCell::SetNi(rm, true);
    }
    else
    {
        AtmRmCell::SetCi(rm, true);
    }
    m_marked(slot, ni ? "NI" : "CI");
}

std::string
AtmPortBehaviour::GetConfigError() const
{
    return "";
}

bool
AtmPortBehaviour::IsObserved() const
{
    return !m_erStamped.IsEmpty() || !m_marked.IsEmpty();
}

} // namespace ns3
