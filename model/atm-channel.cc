/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-channel.h"

#include "atm-net-device.h"
#include "atm-simulator-impl.h"
#include "atm-switch.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/global-value.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmChannel");

NS_OBJECT_ENSURE_REGISTERED(AtmChannel);

/// The cell path: lazy arrival (fast) or one arrival event per cell.
static GlobalValue g_atmFastPath(
    "AtmFastPath",
    "true: lazy arrival, a cell reaches a busy switch port without an event of its own; "
    "false: the two-event path (an arrival event per cell-hop). Both give the same "
    "results; read when a channel is made.",
    BooleanValue(true),
    MakeBooleanChecker());

TypeId
AtmChannel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmChannel")
            .SetParent<Channel>()
            .SetGroupName("Atm")
            .AddConstructor<AtmChannel>()
            .AddAttribute("Delay",
                          "Propagation delay of the link.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&AtmChannel::SetDelay, &AtmChannel::GetDelay),
                          MakeTimeChecker(Seconds(0)));
    return tid;
}

uint64_t AtmChannel::s_handovers = 0;
uint64_t AtmChannel::s_timingGeneration = 1;

AtmChannel::AtmChannel()
    : m_delaySteps(0),
      m_nDevices(0),
      m_inFlight(0),
      m_up(true),
      m_nDeferred(0),
      m_txIndex{AtmVcTable::NOT_FOUND, AtmVcTable::NOT_FOUND}
{
    NS_LOG_FUNCTION(this);
    BooleanValue fast;
    g_atmFastPath.GetValue(fast);
    m_lazy = fast.Get();
    for (uint32_t d = 0; d < 2; ++d)
    {
        m_arrivalEvent[d] = Create<ArrivalEvent>(this, d);
    }
}

AtmChannel::ArrivalEvent::ArrivalEvent(AtmChannel* channel, uint32_t dst)
    : m_channel(channel),
      m_dst(dst)
{
}

void
AtmChannel::ArrivalEvent::Notify()
{
    m_channel->Deliver(m_dst);
}

AtmChannel::~AtmChannel()
{
    NS_LOG_FUNCTION(this);
}

void
AtmChannel::DoDispose()
{
    m_dev[0] = nullptr;
    m_dev[1] = nullptr;
    m_arrivalEvent[0] = nullptr;
    m_arrivalEvent[1] = nullptr;
    Channel::DoDispose();
}

void
AtmChannel::Attach(Ptr<AtmNetDevice> device)
{
    NS_LOG_FUNCTION(this << device);
    NS_ABORT_MSG_IF(m_nDevices >= 2,
                    "AtmChannel " << GetId() << ": a third device cannot be attached "
                                  << "(an ATM link joins two ports)");
    m_dev[m_nDevices++] = device;
    NotifyTimingChange();
}

void
AtmChannel::TransmitStart(const AtmCell& cell, AtmNetDevice* src, const Time& /* txTime */)
{
    // No NS_LOG on the per-cell path: it costs even when off.
    NS_ASSERT_MSG(m_nDevices == 2, "AtmChannel " << GetId() << " has only one end");
    ++m_inFlight;
    // A cache hint; at a switch, the cell's VC is looked up now, a cell time
    // before its arrival needs it (the table does not change meanwhile).
    const uint32_t dst = GetEndIndex(src) ^ 1;
    m_txIndex[dst] = m_dev[dst]->PrefetchArrival(cell);
}

// Flattened: the switch's CanDefer, in its own file, is inlined then (chain:
// 5 instructions a hop less, with CanDefer flattened too).
[[gnu::flatten]] void
AtmChannel::TransmitEnd(const AtmCell& cell, const AtmNetDevice* src, int64_t now)
{
    const uint32_t dst = GetEndIndex(src) ^ 1;
    const int64_t arrival = now + m_delaySteps;
    AtmCellRing<InFlight>& wire = m_wire[dst];
    NS_ABORT_MSG_IF(m_delayShortened && !wire.Empty() && arrival < wire.Back().arrival,
                    "AtmChannel " << GetId() << ": Delay = " << m_delay.As(Time::US)
                                  << " would make a cell overtake one still on the wire "
                                     "(change the delay only while the link is empty)");
    const bool wasEmpty = wire.Empty();
    const uint64_t order = s_handovers++;
    InFlight& f = wire.PushBack(InFlight{cell, arrival, order, m_txIndex[dst]});
    m_txIndex[dst] = AtmVcTable::NOT_FOUND;
    AtmNetDevice* receiver = PeekPointer(m_dev[dst]);
    AtmSwitch* sw = receiver->PeekSwitch();
    if (sw)
    {
        const uint32_t port = receiver->GetSwitchPort();
        sw->NoteArrival(port, AtmIndexHeap::Key{arrival, order}, wasEmpty);
        // Lazy arrival: the switch will look at its wires by then anyway;
        // the VC it looks up stays with the cell, for when it arrives.
        if (m_defer && sw->CanDefer(port, cell, arrival, m_delaySteps, f.arrivalIndex))
        {
            ++m_nDeferred;
            return;
        }
        m_eventOrders[dst].PushBack(order); // for its arrival event (Deliver)
    }
    // One reference per pending run: the simulator drops it after the run.
    AtmSimulatorImpl::ScheduleCellEvent(receiver->GetNodeId(),
                                        m_delay,
                                        PeekPointer(m_arrivalEvent[dst]));
}

uint32_t
AtmChannel::MaxHandOversWithin(uint32_t dst, int64_t horizon) const
{
    uint32_t n = 0;
    // A cell handed over from now on arrives m_delaySteps later; one handed
    // over at this instant after the other cell arrives after it at equal
    // arrival times (hand-over order), so counts only if strictly earlier.
    const int64_t window = horizon - m_delaySteps;
    const AtmNetDevice* sender = PeekPointer(m_dev[dst ^ 1]);
    if (window > 0 && sender)
    {
        const int64_t cell = std::max<int64_t>(1, sender->GetCellTime().GetTimeStep());
        n += static_cast<uint32_t>(window / cell) + 1;
    }
    return n;
}

AtmCell
AtmChannel::PopArrival(uint32_t dst, uint32_t& arrivalIndex)
{
    --m_inFlight;
    AtmCellRing<InFlight>& wire = m_wire[dst];
    const InFlight& f = wire.Front();
    arrivalIndex = f.arrivalIndex;
    const AtmCell cell = f.cell;
    wire.DropFront();
    return cell;
}

void
AtmChannel::ArriveNow(uint32_t dst, const AtmCell& cell)
{
    ++m_inFlight;
    const int64_t now = AtmSimulatorImpl::CurrentTimeStep();
    const bool wasEmpty = m_wire[dst].Empty();
    const uint64_t order = s_handovers++;
    m_wire[dst].PushBack(InFlight{cell, now, order, AtmVcTable::NOT_FOUND});
    if (AtmSwitch* sw = m_dev[dst]->PeekSwitch())
    {
        sw->NoteArrival(m_dev[dst]->GetSwitchPort(), AtmIndexHeap::Key{now, order}, wasEmpty);
        m_eventOrders[dst].PushBack(order); // its arrival event runs now
    }
    Deliver(dst);
}

void
AtmChannel::UndeferArrivals(uint32_t dst)
{
    AtmSwitch* sw = m_dev[dst] ? m_dev[dst]->PeekSwitch() : nullptr;
    if (!sw)
    {
        return; // a host port has an arrival event for every cell
    }
    const int64_t now = AtmSimulatorImpl::CurrentTimeStep();
    const AtmCellRing<InFlight>& wire = m_wire[dst];
    for (uint32_t i = 0; i < wire.Size(); ++i)
    {
        // One more event for a cell that has its own already is harmless:
        // the first of the two processes it, the other finds nothing due.
        if (wire.At(i).arrival >= now)
        {
            Simulator::ScheduleWithContext(m_dev[dst]->GetNodeId(),
                                           TimeStep(wire.At(i).arrival - now),
                                           &AtmSwitch::SyncArrivalsUpTo,
                                           sw,
                                           wire.At(i).order);
        }
    }
}

void
AtmChannel::Deliver(uint32_t dst)
{
    AtmNetDevice* receiver = PeekPointer(m_dev[dst]);
    if (AtmSwitch* sw = receiver->PeekSwitch())
    {
        // This cell, with every cell due at the switch before it.
        const uint64_t order = m_eventOrders[dst].Front();
        m_eventOrders[dst].DropFront();
        sw->SyncArrivalsUpTo(order);
        return;
    }
    NS_ASSERT(m_wire[dst].Front().arrival == Simulator::Now().GetTimeStep());
    uint32_t arrivalIndex;
    receiver->Receive(PopArrival(dst, arrivalIndex));
}

Ptr<AtmNetDevice>
AtmChannel::GetPeer(Ptr<const AtmNetDevice> device) const
{
    if (m_nDevices < 2)
    {
        return nullptr;
    }
    return m_dev[0] == device ? m_dev[1] : m_dev[0];
}

void
AtmChannel::SetDelay(Time delay)
{
    AtmSwitch::UndeferAll(); // a change during the run: see UndeferAll
    m_delay = delay;
    // A shorter delay may let a cell overtake one still on the wire: each
    // hand-over checks it from then on (TransmitEnd).
    m_delayShortened = m_delayShortened || delay.GetTimeStep() < m_delaySteps;
    m_defer = m_lazy && delay.GetTimeStep() > 0;
    m_delaySteps = delay.GetTimeStep();
    NotifyTimingChange();
}

Time
AtmChannel::GetDelay() const
{
    return m_delay;
}

uint32_t
AtmChannel::GetCellsInFlight() const
{
    return m_inFlight;
}

void
AtmChannel::SetLinkDown()
{
    NS_LOG_FUNCTION(this);
    SetLinkState(false);
}

void
AtmChannel::SetLinkUp()
{
    NS_LOG_FUNCTION(this);
    SetLinkState(true);
}

void
AtmChannel::SetLinkState(bool up)
{
    SyncEnds();
    m_up = up;
    for (uint32_t i = 0; i < m_nDevices; ++i)
    {
        m_dev[i]->UpdateReceiveChecks();
        m_dev[i]->NotifyLinkChange();
    }
}

void
AtmChannel::SyncEnds() const
{
    for (uint32_t i = 0; i < m_nDevices; ++i)
    {
        m_dev[i]->SyncSwitch();
    }
}

bool
AtmChannel::IsLinkUp() const
{
    return m_up;
}

std::size_t
AtmChannel::GetNDevices() const
{
    return m_nDevices;
}

Ptr<NetDevice>
AtmChannel::GetDevice(std::size_t i) const
{
    return m_dev[i];
}

Ptr<AtmNetDevice>
AtmChannel::GetAtmDevice(std::size_t i) const
{
    return m_dev[i];
}

} // namespace ns3
