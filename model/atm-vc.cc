/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-vc.h"

#include "atm-net-device.h"
#include "atm-queue-disc.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmVc");

NS_OBJECT_ENSURE_REGISTERED(AtmVc);

TypeId
AtmVc::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmVc")
                            .SetParent<Object>()
                            .SetGroupName("Atm")
                            .AddConstructor<AtmVc>()
                            .AddTraceSource("Rx",
                                            "A cell of the VC reached its destination.",
                                            MakeTraceSourceAccessor(&AtmVc::m_traceRx),
                                            "ns3::AtmVc::RxTracedCallback")
                            .AddTraceSource("Drop",
                                            "A cell of the VC was dropped, with the reason.",
                                            MakeTraceSourceAccessor(&AtmVc::m_traceDrop),
                                            "ns3::AtmVc::DropTracedCallback");
    return tid;
}

AtmVc::AtmVc()
    : m_sent(0),
      m_received(0),
      m_delaySum(0),
      m_delayMin(std::numeric_limits<int64_t>::max()),
      m_delayMax(0),
      m_destinationSlot(0),
      m_dropped(0),
      m_framesSent(0),
      m_bytesSent(0),
      m_framesReceived(0),
      m_bytesReceived(0)
{
    static uint32_t nextId = 0;
    m_id = nextId++;
    NS_LOG_FUNCTION(this << m_id);
}

AtmVc::~AtmVc()
{
    NS_LOG_FUNCTION(this);
}

void
AtmVc::DoDispose()
{
    m_hops.clear();
    m_destination = nullptr;
    Object::DoDispose();
}

uint32_t
AtmVc::GetId() const
{
    return m_id;
}

void
AtmVc::SetName(const std::string& name)
{
    m_name = name;
}

std::string
AtmVc::GetName() const
{
    return m_name.empty() ? "vc" + std::to_string(m_id) : m_name;
}

void
AtmVc::AddHop(Ptr<AtmNetDevice> device, uint32_t slot)
{
    m_hops.push_back(Hop{device, slot});
}

uint32_t
AtmVc::GetNHops() const
{
    return static_cast<uint32_t>(m_hops.size());
}

Ptr<AtmNetDevice>
AtmVc::GetHopDevice(uint32_t i) const
{
    return m_hops.at(i).device;
}

uint32_t
AtmVc::GetHopSlot(uint32_t i) const
{
    return m_hops.at(i).slot;
}

void
AtmVc::SetDestination(Ptr<AtmNetDevice> device, uint32_t rxSlot)
{
    m_destination = device;
    m_destinationSlot = rxSlot;
    m_hops.shrink_to_fit(); // the path is complete: no room for more hops
}

Ptr<AtmNetDevice>
AtmVc::GetDestinationDevice() const
{
    return m_destination;
}

uint32_t
AtmVc::GetDestinationSlot() const
{
    return m_destinationSlot;
}

void
AtmVc::NotifySent()
{
    ++m_sent;
}

void
AtmVc::NotifyReceived(const AtmCell& cell)
{
    ++m_received;
    if (cell.IsData())
    {
        const int64_t d = (Simulator::Now() - cell.GetTimestamp()).GetTimeStep();
        m_delaySum += d;
        m_delayMin = std::min(m_delayMin, d);
        m_delayMax = std::max(m_delayMax, d);
        if (!m_traceRx.IsEmpty())
        {
            m_traceRx(cell, TimeStep(d));
        }
    }
}

void
AtmVc::NotifyDrop(const AtmCell& cell, const char* reason)
{
    NS_LOG_FUNCTION(this << reason);
    ++m_dropped;
    ++m_drops[reason];
    m_traceDrop(cell, reason);
}

uint64_t
AtmVc::GetCellsSent() const
{
    return m_sent;
}

uint64_t
AtmVc::GetCellsReceived() const
{
    return m_received;
}

void
AtmVc::SyncPath() const
{
    for (const auto& h : m_hops)
    {
        h.device->SyncSwitch();
    }
}

bool
AtmVc::IsDropObserved() const
{
    return !m_traceDrop.IsEmpty();
}

uint64_t
AtmVc::GetCellsDropped() const
{
    SyncPath();
    return m_dropped;
}

uint64_t
AtmVc::GetCellsDropped(const std::string& reason) const
{
    SyncPath();
    auto it = m_drops.find(reason);
    return it == m_drops.end() ? 0 : it->second;
}

const std::map<std::string, uint64_t>&
AtmVc::GetDropsByReason() const
{
    SyncPath();
    return m_drops;
}

uint64_t
AtmVc::GetCellsQueued() const
{
    SyncPath();
    uint64_t n = 0;
    for (const auto& h : m_hops)
    {
        n += h.device->GetQueueDisc()->GetVcCells(h.slot);
    }
    return n;
}

Time
AtmVc::GetMeanDelay() const
{
    return m_received ? TimeStep(m_delaySum / static_cast<int64_t>(m_received)) : Time(0);
}

Time
AtmVc::GetMinDelay() const
{
    return m_received ? TimeStep(m_delayMin) : Time(0);
}

Time
AtmVc::GetMaxDelay() const
{
    return TimeStep(m_delayMax);
}

void
AtmVc::NotifyFrameSent(uint32_t bytes)
{
    ++m_framesSent;
    m_bytesSent += bytes;
}

void
AtmVc::NotifyFrameReceived(uint32_t bytes)
{
    ++m_framesReceived;
    m_bytesReceived += bytes;
}

void
AtmVc::NotifyFrameDrop(const char* reason)
{
    NS_LOG_FUNCTION(this << reason);
    ++m_frameDrops[reason];
}

AtmPduStore&
AtmVc::GetPduStore()
{
    if (!m_pdus)
    {
        m_pdus = std::make_unique<AtmPduStore>();
    }
    return *m_pdus;
}

uint64_t
AtmVc::GetFramesSent() const
{
    return m_framesSent;
}

uint64_t
AtmVc::GetFramesReceived() const
{
    return m_framesReceived;
}

uint64_t
AtmVc::GetBytesSent() const
{
    return m_bytesSent;
}

uint64_t
AtmVc::GetBytesReceived() const
{
    return m_bytesReceived;
}

uint64_t
AtmVc::GetFramesDropped(const std::string& reason) const
{
    auto it = m_frameDrops.find(reason);
    return it == m_frameDrops.end() ? 0 : it->second;
}

uint64_t
AtmVc::GetFramesDropped() const
{
    uint64_t n = 0;
    for (const auto& [reason, count] : m_frameDrops)
    {
        n += count;
    }
    return n;
}

} // namespace ns3
