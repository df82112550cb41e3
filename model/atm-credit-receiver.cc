/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-credit-receiver.h"

#include "atm-buffer-allocation.h"
#include "atm-credit-sender.h"
#include "atm-net-device.h"
#include "atm-simulator-impl.h"
#include "atm-static-allocation.h"
#include "atm-trace-source-accessor.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCreditReceiver");

NS_OBJECT_ENSURE_REGISTERED(AtmCreditReceiver);

TypeId
AtmCreditReceiver::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmCreditReceiver")
            .SetParent<AtmReceiveAccounting>()
            .SetGroupName("Atm")
            .AddConstructor<AtmCreditReceiver>()
            .AddAttribute("Allocation",
                          "The buffer-allocation policy (null: ns3::AtmStaticAllocation with "
                          "its defaults).",
                          PointerValue(),
                          MakePointerAccessor(&AtmCreditReceiver::m_allocation),
                          MakePointerChecker<AtmBufferAllocation>())
            .AddAttribute("LinkBufferSize",
                          "Buff_Size, cells: the buffer all VCs of the link share, guarded by "
                          "link flow control (0: no link flow control).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmCreditReceiver::m_linkBuffer),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("VcCredit",
                          "Per-VC credit records; false: link credit alone, every VC of the "
                          "link sharing LinkBufferSize with no limit of its own (needs "
                          "LinkBufferSize > 0 and the sender's VcCredit false).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&AtmCreditReceiver::m_vcCredit),
                          MakeBooleanChecker())
            .AddAttribute("LinkN2",
                          "With link flow control, a link credit record after every LinkN2 "
                          "cells of the link's VCs left the node.",
                          UintegerValue(10),
                          MakeUintegerAccessor(&AtmCreditReceiver::m_linkN2),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("RecordHoldTime",
                          "How long a credit record may wait for others to share its credit "
                          "cell: the cell goes when six records wait or the oldest has waited "
                          "this long (0: at once).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&AtmCreditReceiver::m_hold),
                          MakeTimeChecker(Time(0)))
            .AddTraceSource("Occupancy",
                            "Cells of a VC in the node (arrived, not yet left) changed.",
                            MakeAtmTraceSourceAccessor(&AtmCreditReceiver::m_traceOccupancy),
                            "ns3::AtmCreditReceiver::OccupancyTracedCallback")
            .AddTraceSource("Allocation",
                            "The policy gave a VC a new Buf_Alloc and N2.",
                            MakeAtmTraceSourceAccessor(&AtmCreditReceiver::m_traceAllocation),
                            "ns3::AtmCreditReceiver::AllocationTracedCallback");
    return tid;
}

AtmCreditReceiver::AtmCreditReceiver()
    : m_base(0),
      m_pendingHead(0),
      m_total(0),
      m_maxTotal(0),
      m_linkBuffer(0),
      m_vcCredit(true),
      m_linkN2(10),
      m_linkRx(0),
      m_linkFwd(0),
      m_linkSince(0),
      m_linkPending(false),
      m_hold(0),
      m_oldest(0),
      m_nCells(0),
      m_nRecords(0),
      m_nLost(0)
{
    NS_LOG_FUNCTION(this);
    m_holdEvent.SetFunction(&AtmCreditReceiver::SendWhenDue, this);
    m_allocEvent.SetFunction(&AtmCreditReceiver::Reallocate, this);
}

AtmCreditReceiver::~AtmCreditReceiver()
{
    NS_LOG_FUNCTION(this);
}

void
AtmCreditReceiver::DoDispose()
{
    m_allocEvent.Cancel();
    m_holdEvent.Cancel();
    m_allocation = nullptr;
    AtmReceiveAccounting::DoDispose();
}

Ptr<AtmBufferAllocation>
AtmCreditReceiver::GetAllocationPolicy() const
{
    return m_allocation;
}

uint32_t
AtmCreditReceiver::GetBaseAllocation() const
{
    return m_base;
}

uint32_t
AtmCreditReceiver::GetRttCells() const
{
    Ptr<AtmNetDevice> peer = GetPort()->GetPeer();
    return peer ? peer->GetLinkRttCells() : GetPort()->GetLinkRttCells();
}

void
AtmCreditReceiver::DoInitialize()
{
    const std::string owner = "AtmCreditReceiver (" + GetPort()->GetContext() + ")";
    if (m_allocation)
    {
        m_allocation->CheckConfig(owner);
    }
    Ptr<AtmNetDevice> sender = GetPort()->GetPeer() ? GetPort()->GetPeer() : GetPort();
    const Time rtt = sender->GetCellTime() * GetRttCells();
    const Time interval = m_allocation ? m_allocation->GetInterval(rtt) : Time(0);
    if (!m_vcCredit)
    {
        NS_ABORT_MSG_IF(m_linkBuffer == 0,
                        owner << ": VcCredit = false needs link flow control, but "
                                 "LinkBufferSize = 0");
        NS_ABORT_MSG_IF(interval.IsStrictlyPositive(),
                        owner << ": VcCredit = false leaves no per-VC allocation to adapt, but "
                                 "Allocation = "
                              << m_allocation->GetInstanceTypeId().GetName());
    }
    if (interval.IsStrictlyPositive())
    {
        m_allocEvent.Schedule(interval);
    }
    m_vcs.shrink_to_fit(); // the VCs are added: drop the room their growth left
    AtmReceiveAccounting::DoInitialize();
}

void
AtmCreditReceiver::AddVc(uint32_t index)
{
    NS_LOG_FUNCTION(this << index);
    const uint32_t rtt = GetRttCells();
    if (!m_allocation)
    {
        m_allocation = CreateObject<AtmStaticAllocation>();
    }
    m_base = m_allocation->GetInitialAllocation(rtt);
    if (m_vcs.size() <= index)
    {
        // Installed on a port that already has its VCs: room for all of
        // them at once (growing one VC at a time leaves up to half unused).
        if (GetPort()->GetNArrivingVcs() > index + 1)
        {
            m_vcs.reserve(GetPort()->GetNArrivingVcs());
        }
        m_vcs.resize(index + 1);
    }
    m_vcs[index].alloc = m_base;
    m_vcs[index].n2 = m_allocation->GetInitialN2(rtt);
}

void
AtmCreditReceiver::NotifyArrival(uint32_t index)
{
    Vc& v = m_vcs[index];
    ++v.rxCnt;
    ++m_linkRx;
    ++v.occupancy;
    v.maxOccupancy = std::max(v.maxOccupancy, v.occupancy);
    ++m_total;
    m_maxTotal = std::max(m_maxTotal, m_total);
    m_traceOccupancy(index, v.occupancy);
}

void
AtmCreditReceiver::NotifyDeparture(uint32_t index)
{
    Vc& v = m_vcs[index];
    ++v.fwdCnt;
    --v.occupancy;
    --m_total;
    m_traceOccupancy(index, v.occupancy);
    if (m_vcCredit && ++v.sinceRecord >= v.n2)
    {
        v.sinceRecord = 0;
        QueueRecord(index);
    }
    ++m_linkFwd;
    if (m_linkBuffer > 0 && ++m_linkSince >= m_linkN2)
    {
        m_linkSince = 0;
        QueueLinkRecord();
    }
}

void
AtmCreditReceiver::QueueLinkRecord()
{
    if (!m_linkPending)
    {
        m_linkPending = true;
        RecordAdded();
    }
}

std::size_t
AtmCreditReceiver::GetNPendingRecords() const
{
    return m_pending.size() - m_pendingHead + (m_linkPending ? 1 : 0);
}

void
AtmCreditReceiver::RecordAdded()
{
    if (!m_hold.IsZero() && GetNPendingRecords() == 1)
    {
        m_oldest = AtmSimulatorImpl::CurrentTime();
    }
    SendWhenDue();
}

bool
AtmCreditReceiver::RecordsDue() const
{
    return m_hold.IsZero() || GetNPendingRecords() >= AtmCreditCell::MAX_RECORDS ||
           AtmSimulatorImpl::CurrentTime() >= m_oldest + m_hold;
}

void
AtmCreditReceiver::SendWhenDue()
{
    if (GetNPendingRecords() == 0)
    {
        return; // the records the hold was set for have gone
    }
    if (RecordsDue())
    {
        GetPort()->WantControlSlot();
    }
    else if (!m_holdEvent.IsPending())
    {
        m_holdEvent.Schedule(m_oldest + m_hold - AtmSimulatorImpl::CurrentTime());
    }
}

void
AtmCreditReceiver::QueueRecord(uint32_t index)
{
    Vc& v = m_vcs[index];
    if (v.pending)
    {
        return; // the record waiting will carry the newest Fwd_Cnt
    }
    v.pending = true;
    m_pending.push_back(index);
    RecordAdded();
}

bool
AtmCreditReceiver::TakeControlCell(AtmCell& cell)
{
    if (GetNPendingRecords() == 0 || !RecordsDue())
    {
        return false;
    }
    AtmCreditCell::Records records;
    if (m_linkPending)
    {
        m_linkPending = false;
        records.record[records.n++] =
            AtmCreditCell::Record{0, AtmCreditCell::CREDIT_VCI, m_linkFwd + m_linkBuffer};
    }
    while (m_pendingHead < m_pending.size() && records.n < AtmCreditCell::MAX_RECORDS)
    {
        const uint32_t i = m_pending[m_pendingHead++];
        Vc& v = m_vcs[i];
        v.pending = false;
        const auto [vpi, vci] = GetPort()->GetArrivingLabel(i);
        // The allocation reaches the sender through the count (see class doc).
        records.record[records.n++] = AtmCreditCell::Record{vpi, vci, v.fwdCnt + v.alloc - m_base};
    }
    if (m_pendingHead == m_pending.size())
    {
        m_pending.clear();
        m_pendingHead = 0;
    }
    cell = m_sent.Push(AtmCreditCell::UPDATE, records);
    ++m_nCells;
    m_nRecords += records.n;
    return true;
}

bool
AtmCreditReceiver::GetSentRecords(const AtmCell& cell, AtmCreditCell::Records& records)
{
    return m_sent.Get(cell, records);
}

AtmCreditCell&
AtmCreditReceiver::GetSentCells()
{
    return m_sent;
}

bool
AtmCreditReceiver::PeekSentRecords(const AtmCell& cell, AtmCreditCell::Records& records) const
{
    return m_sent.Peek(cell, records);
}

void
AtmCreditReceiver::ReceiveControlCell(const AtmCell& cell)
{
    Ptr<AtmNetDevice> peer = GetPort()->GetPeer();
    Ptr<AtmCreditSender> sender =
        peer ? DynamicCast<AtmCreditSender>(peer->GetTransmitGate()) : nullptr;
    AtmCreditCell::Records records;
    if (!sender || !sender->GetSentRecords(cell, records))
    {
        NS_LOG_WARN(GetPort()->GetContext() << ": credit_check cell of unknown origin ignored");
        return;
    }
    for (uint32_t k = 0; k < records.n; ++k)
    {
        const AtmCreditCell::Record& r = records.record[k];
        if (r.vpi == 0 && r.vci == AtmCreditCell::CREDIT_VCI)
        {
            // Link credit_check: the link's cells lost on the wire.
            const auto lost = static_cast<int32_t>(r.count - m_linkRx);
            if (lost > 0)
            {
                m_linkRx += lost;
                m_linkFwd += lost;
            }
            QueueLinkRecord();
            continue;
        }
        const uint32_t i = GetPort()->GetArrivingIndex(r.vpi, r.vci);
        if (i == AtmVcTable::NOT_FOUND || i >= m_vcs.size())
        {
            continue;
        }
        Vc& v = m_vcs[i];
        const auto lost = static_cast<int32_t>(r.count - v.rxCnt);
        if (lost > 0)
        {
            // Cells the sender sent that never came: count them as received
            // and forwarded so that their credit returns.
            NS_LOG_LOGIC(GetPort()->GetContext() << ": credit_check: " << lost << " cells of VC "
                                                 << r.vpi << "/" << r.vci << " lost on the link");
            v.rxCnt += lost;
            v.fwdCnt += lost;
            m_linkRx += lost;
            m_linkFwd += lost;
            m_nLost += lost;
        }
        QueueRecord(i);
    }
}

void
AtmCreditReceiver::SyncPort() const
{
    if (GetPort())
    {
        GetPort()->SyncSwitch();
    }
}

bool
AtmCreditReceiver::CanDeferArrivals() const
{
    return m_traceOccupancy.IsEmpty();
}

bool
AtmCreditReceiver::Reallocates() const
{
    return m_allocEvent.IsPending();
}

void
AtmCreditReceiver::Reallocate()
{
    SyncPort(); // the occupancies count every cell arrived by now
    AtmBufferAllocation::Interval& in = m_interval;
    in.ClearVcs();
    in.rttCells = GetRttCells();
    in.queued = m_total;
    in.bufferSize = m_linkBuffer;
    m_fwdAtInterval.resize(m_vcs.size(), 0); // VCs added since: from 0
    for (uint32_t i = 0; i < m_vcs.size(); ++i)
    {
        Vc& v = m_vcs[i];
        in.occupancy.push_back(v.occupancy);
        in.forwarded.push_back(v.fwdCnt - m_fwdAtInterval[i]);
        in.allocation.push_back(v.alloc);
        in.n2.push_back(v.n2);
        m_fwdAtInterval[i] = v.fwdCnt;
    }
    m_allocation->Reallocate(in);
    for (uint32_t i = 0; i < m_vcs.size(); ++i)
    {
        Vc& v = m_vcs[i];
        v.n2 = in.n2[i];
        if (in.allocation[i] != v.alloc)
        {
            v.alloc = in.allocation[i];
            m_traceAllocation(i, v.alloc, v.n2);
            QueueRecord(i);
        }
    }
    Ptr<AtmNetDevice> sender = GetPort()->GetPeer() ? GetPort()->GetPeer() : GetPort();
    const Time rtt = sender->GetCellTime() * in.rttCells;
    m_allocEvent.Schedule(m_allocation->GetInterval(rtt));
}

uint32_t
AtmCreditReceiver::GetAllocation(uint32_t index) const
{
    return m_vcs.at(index).alloc;
}

uint32_t
AtmCreditReceiver::GetN2(uint32_t index) const
{
    return m_vcs.at(index).n2;
}

uint32_t
AtmCreditReceiver::GetOccupancy(uint32_t index) const
{
    SyncPort();
    return m_vcs.at(index).occupancy;
}

uint32_t
AtmCreditReceiver::GetMaxOccupancy(uint32_t index) const
{
    SyncPort();
    return m_vcs.at(index).maxOccupancy;
}

uint32_t
AtmCreditReceiver::GetFwdCount(uint32_t index) const
{
    return m_vcs.at(index).fwdCnt;
}

uint32_t
AtmCreditReceiver::GetTotalOccupancy() const
{
    SyncPort();
    return m_total;
}

uint32_t
AtmCreditReceiver::GetMaxTotalOccupancy() const
{
    SyncPort();
    return m_maxTotal;
}

uint32_t
AtmCreditReceiver::GetLinkBufferSize() const
{
    return m_linkBuffer;
}

bool
AtmCreditReceiver::HasVcCredit() const
{
    return m_vcCredit;
}

uint32_t
AtmCreditReceiver::GetLinkFwdCount() const
{
    return m_linkFwd;
}

uint64_t
AtmCreditReceiver::GetNCreditCells() const
{
    return m_nCells;
}

uint64_t
AtmCreditReceiver::GetNRecordsSent() const
{
    return m_nRecords;
}

uint64_t
AtmCreditReceiver::GetNLostRecovered() const
{
    return m_nLost;
}

} // namespace ns3
