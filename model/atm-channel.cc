/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-channel.h"

#include "atm-net-device.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmChannel");

NS_OBJECT_ENSURE_REGISTERED(AtmChannel);

TypeId
AtmChannel::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmChannel")
                            .SetParent<Channel>()
                            .SetGroupName("Atm")
                            .AddConstructor<AtmChannel>()
                            .AddAttribute("Delay",
                                          "Propagation delay of the link.",
                                          TimeValue(Seconds(0)),
                                          MakeTimeAccessor(&AtmChannel::m_delay),
                                          MakeTimeChecker(Seconds(0)));
    return tid;
}

AtmChannel::AtmChannel()
    : m_nDevices(0),
      m_inFlight(0),
      m_up(true)
{
    NS_LOG_FUNCTION(this);
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
}

void
AtmChannel::TransmitStart(const AtmCell& cell, Ptr<AtmNetDevice> src, Time txTime)
{
    NS_LOG_FUNCTION(this << cell << txTime);
    const uint32_t dst = (m_dev[0] == src) ? 1 : 0;
    NS_ASSERT_MSG(m_nDevices == 2, "AtmChannel " << GetId() << " has only one end");
    const Time delay = txTime + m_delay;
    const int64_t arrival = (Simulator::Now() + delay).GetTimeStep();
    AtmCellRing<InFlight>& wire = m_wire[dst];
    NS_ABORT_MSG_IF(!wire.Empty() && arrival < wire.Back().arrival,
                    "AtmChannel " << GetId() << ": Delay = " << m_delay.As(Time::US)
                                  << " would make a cell overtake one still on the wire "
                                     "(change the delay only while the link is empty)");
    ++m_inFlight;
    m_dev[dst]->PrefetchArrival(cell.GetLabel()); // a cache hint, a cell time ahead
    wire.PushBack(InFlight{cell, arrival});
    // One reference per pending run: the simulator drops it after the run.
    Simulator::ScheduleWithContext(m_dev[dst]->GetNode()->GetId(),
                                   delay,
                                   GetPointer(m_arrivalEvent[dst]));
}

void
AtmChannel::Deliver(uint32_t dst)
{
    --m_inFlight;
    const InFlight f = m_wire[dst].PopFront();
    NS_ASSERT(f.arrival == Simulator::Now().GetTimeStep());
    m_dev[dst]->Receive(f.cell);
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
    m_up = false;
    for (uint32_t i = 0; i < m_nDevices; ++i)
    {
        m_dev[i]->NotifyLinkChange();
    }
}

void
AtmChannel::SetLinkUp()
{
    NS_LOG_FUNCTION(this);
    m_up = true;
    for (uint32_t i = 0; i < m_nDevices; ++i)
    {
        m_dev[i]->NotifyLinkChange();
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
