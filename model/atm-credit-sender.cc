/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-credit-sender.h"

#include "atm-buffer-allocation.h"
#include "atm-credit-receiver.h"
#include "atm-net-device.h"
#include "atm-simulator-impl.h"
#include "atm-trace-source-accessor.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCreditSender");

NS_OBJECT_ENSURE_REGISTERED(AtmCreditSender);

TypeId
AtmCreditSender::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmCreditSender")
            .SetParent<AtmTransmitGate>()
            .SetGroupName("Atm")
            .AddConstructor<AtmCreditSender>()
            .AddAttribute("BufAlloc",
                          "Buf_Alloc of each VC, cells: the allocation the receiver's policy "
                          "starts from (AtmCreditHelper sets it).",
                          UintegerValue(100),
                          MakeUintegerAccessor(&AtmCreditSender::m_bufAlloc),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("Allocation",
                          "Sender-oriented adaptive allocation policy (null: Buf_Alloc is fixed "
                          "here and any adaptation is the receiver's).",
                          PointerValue(),
                          MakePointerAccessor(&AtmCreditSender::m_allocation),
                          MakePointerChecker<AtmBufferAllocation>())
            .AddAttribute("CreditCheckInterval",
                          "A VC blocked this long without a credit record sends a credit_check "
                          "(0: 100 RTTs of the link, at least 1 ms).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&AtmCreditSender::m_checkInterval),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("LinkCredit",
                          "Buff_Size of the receiver's shared buffer: link flow control "
                          "(0: none; AtmCreditHelper sets it with the receiver's).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmCreditSender::m_linkCredit),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("VcCredit",
                          "Per-VC credit (eq. 1); false: link credit alone, every VC of the "
                          "link sharing LinkCredit with no limit of its own (needs LinkCredit "
                          "> 0 and the receiver's VcCredit false).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&AtmCreditSender::m_vcCredit),
                          MakeBooleanChecker())
            .AddTraceSource("LinkBlocked",
                            "Link flow control stopped (true) or resumed (false) the port.",
                            MakeAtmTraceSourceAccessor(&AtmCreditSender::m_traceLinkBlocked),
                            "ns3::AtmCreditSender::LinkBlockedTracedCallback")
            .AddTraceSource("CreditBalance",
                            "Crd_Bal of a VC changed (eq. 1).",
                            MakeAtmTraceSourceAccessor(&AtmCreditSender::m_traceBalance),
                            "ns3::AtmCreditSender::BalanceTracedCallback")
            .AddTraceSource("Allocation",
                            "Sender-oriented adaptation gave a VC a new Buf_Alloc.",
                            MakeAtmTraceSourceAccessor(&AtmCreditSender::m_traceAllocation),
                            "ns3::AtmCreditSender::AllocationTracedCallback");
    return tid;
}

AtmCreditSender::AtmCreditSender()
    : m_bufAlloc(100),
      m_linkCredit(0),
      m_vcCredit(true),
      m_linkTx(0),
      m_linkLimit(0),
      m_linkBlocked(false),
      m_linkCheckPending(false),
      m_checkInterval(0),
      m_nChecks(0),
      m_nRecords(0)
{
    NS_LOG_FUNCTION(this);
    m_linkCheckEvent.SetFunction(&AtmCreditSender::CheckLink, this);
    m_checkEvent.SetFunction(&AtmCreditSender::CheckBlocked, this);
    m_allocEvent.SetFunction(&AtmCreditSender::Reallocate, this);
}

AtmCreditSender::~AtmCreditSender()
{
    NS_LOG_FUNCTION(this);
}

void
AtmCreditSender::DoDispose()
{
    m_checkEvent.Cancel();
    m_linkCheckEvent.Cancel();
    m_allocEvent.Cancel();
    m_allocation = nullptr;
    NotifyPeerAccountingChanged();
    AtmTransmitGate::DoDispose();
}

void
AtmCreditSender::DoInitialize()
{
    if (m_checkInterval.IsZero())
    {
        m_checkInterval = std::max(GetPort()->GetCellTime() * (100 * GetPort()->GetLinkRttCells()),
                                   MilliSeconds(1));
    }
    m_linkLimit = m_linkCredit;
    const std::string owner = "AtmCreditSender (" + GetPort()->GetContext() + ")";
    if (!m_vcCredit)
    {
        NS_ABORT_MSG_IF(m_linkCredit == 0,
                        owner << ": VcCredit = false needs link flow control, but LinkCredit = 0");
        NS_ABORT_MSG_IF(m_allocation,
                        owner << ": VcCredit = false leaves no per-VC allocation to adapt, but "
                                 "Allocation = "
                              << m_allocation->GetInstanceTypeId().GetName());
    }
    if (const AtmCreditReceiver* receiver = PeekPeerReceiver())
    {
        auto word = [](bool b) { return b ? "true" : "false"; };
        NS_ABORT_MSG_IF(receiver->HasVcCredit() != m_vcCredit,
                        owner << ": VcCredit = " << word(m_vcCredit) << ", but the receiver's ("
                              << receiver->GetPort()->GetContext()
                              << ") VcCredit = " << word(receiver->HasVcCredit()));
    }
    if (m_allocation)
    {
        m_allocation->CheckConfig(owner);
        const Time interval =
            m_allocation->GetInterval(GetPort()->GetCellTime() * GetPort()->GetLinkRttCells());
        if (interval.IsStrictlyPositive())
        {
            m_allocEvent.Schedule(interval);
        }
    }
    m_vcs.shrink_to_fit(); // the VCs are added: drop the room their growth left
    AtmTransmitGate::DoInitialize();
}

void
AtmCreditSender::AddVc(uint32_t slot)
{
    NS_LOG_FUNCTION(this << slot);
    if (m_vcs.size() <= slot)
    {
        // Installed on a port that already has its VCs: room for all of
        // them at once (growing one VC at a time leaves up to half unused).
        const AtmNetDevice* port = GetPort();
        if (port && port->GetNTxVcs() > slot + 1)
        {
            m_vcs.reserve(port->GetNTxVcs());
        }
        m_vcs.resize(slot + 1);
    }
    Vc& v = m_vcs[slot];
    v.alloc = m_allocation ? m_allocation->GetInitialAllocation(GetPort()->GetLinkRttCells())
                           : m_bufAlloc;
}

int64_t
AtmCreditSender::GetBalance(uint32_t slot) const
{
    const Vc& v = m_vcs.at(slot);
    return int64_t{v.alloc} - static_cast<int32_t>(v.txCnt - v.fwdCnt);
}

uint32_t
AtmCreditSender::GetAllocation(uint32_t slot) const
{
    return m_vcs.at(slot).alloc;
}

uint32_t
AtmCreditSender::GetTxCount(uint32_t slot) const
{
    return m_vcs.at(slot).txCnt;
}

uint64_t
AtmCreditSender::GetNCreditChecks() const
{
    return m_nChecks;
}

uint64_t
AtmCreditSender::GetNRecordsReceived() const
{
    return m_nRecords;
}

// Inline where it is called per cell (NotifyTransmit); what changes a
// VC's state, seldom, is out of line.
inline void
AtmCreditSender::Update(uint32_t slot)
{
    const Vc& v = m_vcs[slot];
    const int64_t balance = GetBalance(slot);
    m_traceBalance(slot, balance);
    if (balance <= 0 && !v.blocked)
    {
        Block(slot);
    }
    else if (balance > 0 && v.blocked)
    {
        Unblock(slot);
    }
}

void
AtmCreditSender::Block(uint32_t slot)
{
    NS_LOG_LOGIC(GetPort()->GetContext() << ": slot " << slot << " out of credit");
    Vc& v = m_vcs[slot];
    v.blocked = true;
    v.lastCredit = AtmSimulatorImpl::CurrentTime();
    // Listed until a check finds it unblocked: a VC blocked again in
    // between keeps its place (and is not listed twice).
    if (!v.listed)
    {
        v.listed = true;
        m_blocked.push_back(slot);
    }
    GetPort()->SetTxVcBlocked(slot, true);
    if (!m_checkEvent.IsPending())
    {
        m_checkEvent.Schedule(m_checkInterval);
    }
}

void
AtmCreditSender::Unblock(uint32_t slot)
{
    m_vcs[slot].blocked = false;
    GetPort()->SetTxVcBlocked(slot, false);
}

void
AtmCreditSender::NotifyTransmit(uint32_t slot)
{
    ++m_vcs[slot].txCnt;
    if (m_vcCredit)
    {
        Update(slot);
    }
    ++m_linkTx;
    UpdateLink();
}

int64_t
AtmCreditSender::GetLinkBalance() const
{
    return static_cast<int32_t>(m_linkLimit - m_linkTx);
}

bool
AtmCreditSender::IsLinkBlocked() const
{
    return m_linkBlocked;
}

void
AtmCreditSender::UpdateLink()
{
    if (m_linkCredit == 0)
    {
        return;
    }
    const bool blocked = GetLinkBalance() <= 0;
    if (blocked == m_linkBlocked)
    {
        return;
    }
    m_linkBlocked = blocked;
    m_traceLinkBlocked(blocked);
    if (blocked)
    {
        NS_LOG_LOGIC(GetPort()->GetContext() << ": out of link credit");
        m_linkCheckEvent.Cancel();
        m_linkCheckEvent.Schedule(m_checkInterval);
    }
    else
    {
        m_linkCheckEvent.Cancel();
    }
    GetPort()->SetTxBlocked(blocked);
}

void
AtmCreditSender::CheckLink()
{
    if (m_linkBlocked)
    {
        m_linkCheckPending = true;
        GetPort()->WantControlSlot();
        m_linkCheckEvent.Schedule(m_checkInterval);
    }
}

bool
AtmCreditSender::CanDeferArrivals() const
{
    return true;
}

uint32_t
AtmCreditSender::GetSureCells(uint32_t slot, uint32_t queued) const
{
    int64_t sure = m_vcCredit ? std::min<int64_t>(queued, GetBalance(slot)) : queued;
    if (m_linkCredit > 0)
    {
        sure = std::min(sure, GetLinkBalance());
    }
    // A reallocation, here or at the receiver, may lower the balance.
    if (sure <= 0 || m_allocation)
    {
        return 0;
    }
    const AtmCreditReceiver* receiver = PeekPeerReceiver();
    if (!receiver || receiver->Reallocates())
    {
        return 0;
    }
    return static_cast<uint32_t>(sure);
}

void
AtmCreditSender::NotifyPeerAccountingChanged()
{
    m_peerReceiver = nullptr;
    m_peerFound = false;
}

AtmCreditReceiver*
AtmCreditSender::PeekPeerReceiver() const
{
    if (!m_peerFound)
    {
        Ptr<AtmNetDevice> peer = GetPort()->GetPeer();
        m_peerReceiver = peer ? DynamicCast<AtmCreditReceiver>(peer->GetReceiveAccounting())
                              : Ptr<AtmCreditReceiver>();
        m_peerFound = true;
    }
    return PeekPointer(m_peerReceiver);
}

void
AtmCreditSender::ReceiveControlCell(const AtmCell& cell)
{
    AtmCreditReceiver* receiver = PeekPeerReceiver();
    AtmCreditCell::Records records;
    if (!receiver || !receiver->GetSentRecords(cell, records))
    {
        NS_LOG_WARN(GetPort()->GetContext() << ": credit cell of unknown origin ignored");
        return;
    }
    for (uint32_t k = 0; k < records.n; ++k)
    {
        const AtmCreditCell::Record& r = records.record[k];
        if (r.vpi == 0 && r.vci == AtmCreditCell::CREDIT_VCI)
        {
            ++m_nRecords;
            m_linkLimit = r.count;
            UpdateLink();
            continue;
        }
        const uint32_t slot = GetPort()->GetTxSlot(r.vpi, r.vci);
        if (slot == AtmVcTable::NOT_FOUND || slot >= m_vcs.size())
        {
            NS_LOG_WARN(GetPort()->GetContext()
                        << ": credit record for unknown VC " << r.vpi << "/" << r.vci);
            continue;
        }
        ++m_nRecords;
        m_vcs[slot].fwdCnt = r.count;
        m_vcs[slot].lastCredit = AtmSimulatorImpl::CurrentTime();
        Update(slot);
    }
}

void
AtmCreditSender::CheckBlocked()
{
    const Time now = AtmSimulatorImpl::CurrentTime();
    Time next = Time::Max();
    // The VCs still blocked keep their order (no std::stable_partition:
    // it allocates a buffer at every call).
    size_t kept = 0;
    for (uint32_t s : m_blocked)
    {
        if (m_vcs[s].blocked)
        {
            m_blocked[kept++] = s;
        }
        else
        {
            m_vcs[s].listed = false;
        }
    }
    m_blocked.resize(kept);
    for (uint32_t s : m_blocked)
    {
        Vc& v = m_vcs[s];
        const Time due = v.lastCredit + m_checkInterval;
        if (due <= now)
        {
            if (!v.checkPending)
            {
                v.checkPending = true;
                m_checks.push_back(s);
            }
            v.lastCredit = now; // the next check, if needed, one interval on
            next = std::min(next, now + m_checkInterval);
        }
        else
        {
            next = std::min(next, due);
        }
    }
    if (!m_checks.empty())
    {
        GetPort()->WantControlSlot();
    }
    if (!m_blocked.empty())
    {
        m_checkEvent.Schedule(next - now);
    }
}

bool
AtmCreditSender::TakeControlCell(AtmCell& cell)
{
    if (m_checks.empty() && !m_linkCheckPending)
    {
        return false;
    }
    AtmCreditCell::Records records;
    if (m_linkCheckPending)
    {
        m_linkCheckPending = false;
        records.record[records.n++] = AtmCreditCell::Record{0, AtmCreditCell::CREDIT_VCI, m_linkTx};
    }
    while (!m_checks.empty() && records.n < AtmCreditCell::MAX_RECORDS)
    {
        const uint32_t s = m_checks.front();
        m_checks.erase(m_checks.begin());
        Vc& v = m_vcs[s];
        v.checkPending = false;
        const auto [vpi, vci] = GetPort()->GetTxLabel(s);
        records.record[records.n++] = AtmCreditCell::Record{vpi, vci, v.txCnt};
    }
    cell = m_sent.Push(AtmCreditCell::CHECK, records);
    ++m_nChecks;
    return true;
}

bool
AtmCreditSender::GetSentRecords(const AtmCell& cell, AtmCreditCell::Records& records)
{
    return m_sent.Get(cell, records);
}

AtmCreditCell&
AtmCreditSender::GetSentCells()
{
    return m_sent;
}

void
AtmCreditSender::Reallocate()
{
    AtmBufferAllocation::Interval& in = m_interval;
    in.ClearVcs();
    in.atSender = true;
    in.rttCells = GetPort()->GetLinkRttCells();
    int64_t outstanding = 0;
    m_txAtInterval.resize(m_vcs.size(), 0); // VCs added since: from 0
    for (uint32_t s = 0; s < m_vcs.size(); ++s)
    {
        Vc& v = m_vcs[s];
        const int32_t out = std::max<int32_t>(0, static_cast<int32_t>(v.txCnt - v.fwdCnt));
        outstanding += out;
        in.occupancy.push_back(static_cast<uint32_t>(out));
        in.forwarded.push_back(v.txCnt - m_txAtInterval[s]);
        in.allocation.push_back(v.alloc);
        in.n2.push_back(1);
        m_txAtInterval[s] = v.txCnt;
    }
    in.queued = static_cast<uint32_t>(outstanding);
    in.bufferSize = m_linkCredit;
    m_allocation->Reallocate(in);
    for (uint32_t s = 0; s < m_vcs.size(); ++s)
    {
        if (in.allocation[s] != m_vcs[s].alloc)
        {
            m_vcs[s].alloc = in.allocation[s];
            m_traceAllocation(s, m_vcs[s].alloc);
        }
        Update(s);
    }
    m_allocEvent.Schedule(
        m_allocation->GetInterval(GetPort()->GetCellTime() * GetPort()->GetLinkRttCells()));
}

} // namespace ns3
