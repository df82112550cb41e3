/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-queue-disc.h"

#include "atm-simulator-impl.h"
#include "atm-trace-source-accessor.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmQueueDisc");

NS_OBJECT_ENSURE_REGISTERED(AtmQueueDisc);

TypeId
AtmQueueDisc::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmQueueDisc")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddAttribute("MaxCells",
                          "Buffer size of the port, in cells.",
                          UintegerValue(1024),
                          MakeUintegerAccessor(&AtmQueueDisc::m_maxCells),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("HighThreshold",
                          "Q_HT of two-threshold congestion detection, in cells (0: off).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmQueueDisc::m_highThreshold),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("LowThreshold",
                          "Q_LT of two-threshold congestion detection, in cells.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmQueueDisc::m_lowThreshold),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("EpdThreshold",
                          "Early Packet Discard: refuse a whole AAL5 frame when, at its first "
                          "cell, the buffer space of its VC holds at least this many cells "
                          "(0: EPD off).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmQueueDisc::m_epdThreshold),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Ppd",
                          "Partial Packet Discard: after a cell of an AAL5 frame is dropped, "
                          "drop the rest of that frame but its last cell.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&AtmQueueDisc::m_ppd),
                          MakeBooleanChecker())
            .AddAttribute("ClpThreshold",
                          "Selective cell discard: drop a cell with CLP = 1 that arrives when the "
                          "buffer holds at least this many cells (0: off).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmQueueDisc::m_clpThreshold),
                          MakeUintegerChecker<uint32_t>())
            .AddTraceSource("Enqueue",
                            "A cell was queued.",
                            MakeAtmTraceSourceAccessor(&AtmQueueDisc::m_traceEnqueue),
                            "ns3::AtmQueueDisc::CellTracedCallback")
            .AddTraceSource("Dequeue",
                            "A cell was taken for transmission.",
                            MakeAtmTraceSourceAccessor(&AtmQueueDisc::m_traceDequeue),
                            "ns3::AtmQueueDisc::CellTracedCallback")
            .AddTraceSource("Drop",
                            "A cell was dropped, with the reason.",
                            MakeAtmTraceSourceAccessor(&AtmQueueDisc::m_traceDrop),
                            "ns3::AtmQueueDisc::DropTracedCallback")
            .AddTraceSource("CellsInQueue",
                            "Number of cells queued at the port.",
                            MakeAtmTraceSourceAccessor(&AtmQueueDisc::m_traceNCells),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("VcCellsInQueue",
                            "Queue length of one VC, after every change.",
                            MakeAtmTraceSourceAccessor(&AtmQueueDisc::m_traceVcLength),
                            "ns3::AtmQueueDisc::VcLengthTracedCallback")
            .AddTraceSource("Congestion",
                            "The two-threshold congestion flag changed.",
                            MakeAtmTraceSourceAccessor(&AtmQueueDisc::m_traceCongestion),
                            "ns3::AtmQueueDisc::CongestionTracedCallback")
            .AddTraceSource("FrameDiscard",
                            "EPD or PPD started discarding (the rest of) an AAL5 frame.",
                            MakeAtmTraceSourceAccessor(&AtmQueueDisc::m_traceFrameDiscard),
                            "ns3::AtmQueueDisc::FrameDiscardTracedCallback");
    return tid;
}

AtmQueueDisc::AtmQueueDisc()
    : m_maxCells(1024),
      m_highThreshold(0),
      m_lowThreshold(0),
      m_epdThreshold(0),
      m_ppd(false),
      m_clpThreshold(0),
      m_outer(nullptr),
      m_activeVcs(0),
      m_nCells(0),
      m_maxSeen(0),
      m_now(0),
      m_lastChange(0),
      m_area(0),
      m_nEnqueued(0),
      m_nDequeued(0),
      m_nDropped(0),
      m_passStraight(false),
      m_observedSources(0)
{
    NS_LOG_FUNCTION(this);
    m_traceEnqueue.Watch(&m_observedSources);
    m_traceDrop.Watch(&m_observedSources);
    m_traceVcLength.Watch(&m_observedSources);
    m_traceCongestion.Watch(&m_observedSources);
    m_traceFrameDiscard.Watch(&m_observedSources);
    m_traceNCells.Watch(&m_observedSources);
}

AtmQueueDisc::~AtmQueueDisc()
{
    NS_LOG_FUNCTION(this);
}

void
AtmQueueDisc::DoInitialize()
{
    NS_LOG_FUNCTION(this);
    CheckConfig();
    m_detector.SetThresholds(m_lowThreshold, m_highThreshold);
    m_vcs.shrink_to_fit(); // the VCs are added: drop the room their growth left
    m_passStraight = DoCanPassStraight();
    Object::DoInitialize();
}

void
AtmQueueDisc::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_dropCallback = DropCallback();
    Object::DoDispose();
}

void
AtmQueueDisc::ConfigError(const std::string& field,
                          const std::string& value,
                          const std::string& problem) const
{
    ConfigError(field + " = " + value + ": " + problem);
}

void
AtmQueueDisc::ConfigError(const std::string& error) const
{
    NS_FATAL_ERROR(GetInstanceTypeId().GetName()
                   << " (" << (m_context.empty() ? "unattached" : m_context) << "): " << error);
}

std::string
AtmQueueDisc::GetConfigError() const
{
    if (m_highThreshold > m_maxCells)
    {
        return "HighThreshold = " + std::to_string(m_highThreshold) +
               ": exceeds MaxCells = " + std::to_string(m_maxCells);
    }
    if (m_lowThreshold > m_highThreshold)
    {
        return "LowThreshold = " + std::to_string(m_lowThreshold) +
               ": exceeds HighThreshold = " + std::to_string(m_highThreshold);
    }
    if (m_epdThreshold > m_maxCells)
    {
        return "EpdThreshold = " + std::to_string(m_epdThreshold) +
               ": exceeds MaxCells = " + std::to_string(m_maxCells);
    }
    if (m_clpThreshold > m_maxCells)
    {
        return "ClpThreshold = " + std::to_string(m_clpThreshold) +
               ": exceeds MaxCells = " + std::to_string(m_maxCells);
    }
    return "";
}

void
AtmQueueDisc::CheckConfig() const
{
    if (const std::string error = GetConfigError(); !error.empty())
    {
        ConfigError(error);
    }
}

bool
AtmQueueDisc::CanDropQueued() const
{
    return false;
}

uint32_t
AtmQueueDisc::GetVcCapacity(uint32_t /* slot */) const
{
    return m_maxCells;
}

uint32_t
AtmQueueDisc::GetVcOccupancy(uint32_t /* slot */) const
{
    return m_nCells;
}

uint32_t
AtmQueueDisc::GetVcRoom(uint32_t slot) const
{
    const uint32_t capacity = GetVcCapacity(slot);
    const uint32_t used = GetVcOccupancy(slot);
    const uint32_t vcRoom = capacity > used ? capacity - used : 0;
    const uint32_t n = m_nCells;
    const uint32_t bufferRoom = m_maxCells > n ? m_maxCells - n : 0;
    return std::min(vcRoom, bufferRoom);
}

bool
AtmQueueDisc::ServesVcsApart() const
{
    return false;
}

bool
AtmQueueDisc::IsSureToQueue(uint32_t slot, uint32_t before) const
{
    return m_epdThreshold == 0 && !m_ppd && m_clpThreshold == 0 && !CanDropQueued() &&
           GetVcRoom(slot) > before;
}

void
AtmQueueDisc::SetContext(const std::string& context)
{
    m_context = context;
}

std::string
AtmQueueDisc::GetContext() const
{
    return m_context;
}

void
AtmQueueDisc::AddVc(uint32_t slot, uint32_t weight, AtmServiceCategory category)
{
    NS_LOG_FUNCTION(this << slot << weight << static_cast<uint32_t>(category));
    if (slot != m_vcs.size())
    {
        ConfigError("slot",
                    std::to_string(slot),
                    "VC slots are dense; the next is " + std::to_string(m_vcs.size()));
    }
    if (weight == 0)
    {
        ConfigError("weight of VC slot " + std::to_string(slot), "0", "must be at least 1");
    }
    m_vcs.push_back(VcInfo{0, weight, false, false, category, AtmFrameDiscard::State()});
    m_detector.SetVcCount(slot + 1);
    DoAddVc(slot, weight);
}

void
AtmQueueDisc::DoAddVc(uint32_t /* slot */, uint32_t /* weight */)
{
}

AtmQueueDisc&
AtmQueueDisc::GetServingDisc(uint32_t slot, uint32_t& servingSlot)
{
    servingSlot = slot;
    return *this;
}

void
AtmQueueDisc::SetVcCategory(uint32_t slot, AtmServiceCategory category)
{
    NS_LOG_FUNCTION(this << slot << static_cast<uint32_t>(category));
    if (m_vcs.at(slot).category == category)
    {
        return;
    }
    if (m_vcs[slot].len != 0)
    {
        ConfigError("category of VC slot " + std::to_string(slot),
                    AtmTrafficContract::GetCategoryName(category),
                    "the slot has " + std::to_string(m_vcs[slot].len) + " cells queued");
    }
    m_vcs[slot].category = category;
    DoSetVcCategory(slot, category);
}

void
AtmQueueDisc::DoSetVcCategory(uint32_t /* slot */, AtmServiceCategory /* category */)
{
}

void
AtmQueueDisc::DoUnblock(uint32_t /* slot */)
{
}

void
AtmQueueDisc::DoBlock(uint32_t /* slot */)
{
}

void
AtmQueueDisc::AdoptInner(AtmQueueDisc& inner)
{
    NS_LOG_FUNCTION(this << &inner);
    NS_ASSERT_MSG(!inner.m_outer, "a queue disc is part of one other at most");
    inner.m_outer = this;
    m_composite = true;
    // Its sinks count as this queue disc's (IsObserved), now and later.
    m_observedSources += inner.m_observedSources;
    inner.m_observedSources = 0;
    inner.m_traceEnqueue.Watch(&m_observedSources);
    inner.m_traceDrop.Watch(&m_observedSources);
    inner.m_traceVcLength.Watch(&m_observedSources);
    inner.m_traceCongestion.Watch(&m_observedSources);
    inner.m_traceFrameDiscard.Watch(&m_observedSources);
    inner.m_traceNCells.Watch(&m_observedSources);
}

uint32_t
AtmQueueDisc::GetNVcs() const
{
    return static_cast<uint32_t>(m_vcs.size());
}

void
AtmQueueDisc::TakePlaceOf(const AtmQueueDisc* old, const std::string& context)
{
    NS_LOG_FUNCTION(this << old << context);
    NS_ABORT_MSG_IF(old && old->GetNCells() > 0,
                    "AtmNetDevice (" << context
                                     << "): QueueDisc cannot be replaced while it holds cells");
    NS_ABORT_MSG_IF(GetNVcs() > 0,
                    "AtmNetDevice (" << context << "): QueueDisc already has " << GetNVcs()
                                     << " VCs of another port");
    for (uint32_t s = 0; old && s < old->GetNVcs(); ++s)
    {
        AddVc(s, old->GetVcWeight(s), old->GetVcCategory(s));
    }
}

uint32_t
AtmQueueDisc::GetVcWeight(uint32_t slot) const
{
    return m_vcs[slot].weight;
}

// Inline in its three callers, each with a constant delta: one branch of
// the two is left. GFC-1 with ERICA, two calls a hop: 1 759.9 -> 1 736.9
// instructions per hop (callgrind, atm-bench).
[[gnu::always_inline]] inline void
AtmQueueDisc::Account(uint32_t slot, int delta)
{
    uint32_t& len = m_vcs[slot].len;
    m_area += static_cast<int64_t>(m_nCells) * (m_now - m_lastChange);
    m_lastChange = m_now;
    const uint32_t before = m_nCells;
    if (delta > 0)
    {
        m_activeVcs += (len == 0);
        ++len;
        ++m_nCells;
        m_maxSeen = std::max(m_maxSeen, m_nCells);
    }
    else
    {
        --len;
        m_activeVcs -= (len == 0);
        --m_nCells;
    }
    // Out of line when a length is listened to; the congestion flags alone
    // (a port with thresholds) are kept inline: same order of traces.
    if (!m_traceNCells.IsEmpty() || !m_traceVcLength.IsEmpty())
    {
        NotifyLengths(slot, before);
    }
    else if (m_detector.Update(m_nCells, slot, len, m_activeVcs))
    {
        m_traceCongestion(m_detector.IsCongested());
    }
}

void
AtmQueueDisc::NotifyLengths(uint32_t slot, uint32_t before)
{
    const uint32_t len = m_vcs[slot].len;
    m_traceNCells(before, m_nCells);
    m_traceVcLength(slot, len);
    if (m_detector.Update(m_nCells, slot, len, m_activeVcs))
    {
        m_traceCongestion(m_detector.IsCongested());
    }
}

bool
AtmQueueDisc::Enqueue(const AtmCell& cell, uint32_t slot)
{
    return Enqueue(cell, slot, AtmSimulatorImpl::CurrentTimeStep());
}

bool
AtmQueueDisc::Enqueue(const AtmCell& cell, uint32_t slot, int64_t now)
{
    // No NS_LOG on the per-cell path: it costs even when off.
    m_now = now;
    NS_ASSERT_MSG(slot < m_vcs.size(), "unknown VC slot " << slot);
    if (!Admit(cell, slot))
    {
        return false;
    }
    if (m_outer && m_outer->m_nCells >= m_outer->m_maxCells)
    {
        // Part of a fuller buffer (AdoptInner): its limit binds first.
        DropBeforeEnqueue(cell, slot, OVERFLOW_DROP);
        Refused(cell, slot);
        return false;
    }
    if (!DoEnqueue(cell, slot))
    {
        Refused(cell, slot);
        return false;
    }
    Accepted(cell, slot);
    return true;
}

void
AtmQueueDisc::Refused(const AtmCell& cell, uint32_t slot)
{
    // A damaged frame: with PPD the rest of it, but its last cell, is of
    // no use downstream.
    if (cell.IsData() && AtmFrameDiscard::Damaged(m_vcs[slot].frame, m_ppd))
    {
        m_traceFrameDiscard(slot, PPD_DROP);
    }
}

bool
AtmQueueDisc::SelectiveDiscard(const AtmCell& cell, uint32_t slot)
{
    if (!cell.GetClp() || m_nCells < m_clpThreshold)
    {
        return false;
    }
    DropBeforeEnqueue(cell, slot, CLP_DROP);
    Refused(cell, slot);
    return true;
}

// Inline in Enqueue() and Dequeue(), the per-cell path of a queue that
// holds cells (callgrind, atm-bench: GFC-1 with credit 1 589.4 -> 1 580.3
// instructions per hop, ERICA 1 710.4 -> 1 703.1, TCP 2 151.6 -> 2 144.8).
[[gnu::always_inline]] inline void
AtmQueueDisc::Accepted(const AtmCell& cell, uint32_t slot)
{
    ++m_nEnqueued;
    Account(slot, +1);
    m_traceEnqueue(cell, slot);
}

[[gnu::always_inline]] inline void
AtmQueueDisc::HandedOut(const AtmCell& cell, uint32_t slot)
{
    ++m_nDequeued;
    Account(slot, -1);
    m_traceDequeue(cell, slot);
}

void
AtmQueueDisc::PassStraightDetected(const AtmCell& cell, uint32_t slot)
{
    Accepted(cell, slot);
    HandedOut(cell, slot);
}

bool
AtmQueueDisc::DoCanPassStraight() const
{
    return false;
}

void
AtmQueueDisc::DoPrefetchVc(uint32_t /* slot */) const
{
}

bool
AtmQueueDisc::Dequeue(AtmCell& cell, uint32_t& slot)
{
    return Dequeue(cell, slot, AtmSimulatorImpl::CurrentTimeStep());
}

bool
AtmQueueDisc::Dequeue(AtmCell& cell, uint32_t& slot, int64_t now)
{
    if (m_nCells == 0U)
    {
        return false;
    }
    m_now = now;
    if (!DoDequeue(cell, slot))
    {
        return false;
    }
    HandedOut(cell, slot);
    return true;
}

bool
AtmQueueDisc::FrameDiscardBeforeEnqueue(const AtmCell& cell, uint32_t slot)
{
    const AtmFrameDiscard::Verdict v =
        AtmFrameDiscard::Arrive(m_vcs[slot].frame, cell.GetAuu(), m_epdThreshold, [this, slot]() {
            return GetVcOccupancy(slot);
        });
    if (v.started)
    {
        m_traceFrameDiscard(slot, EPD_DROP);
    }
    if (!v.drop)
    {
        return false;
    }
    DropBeforeEnqueue(cell, slot, v.drop);
    return true;
}

void
AtmQueueDisc::SetVcBlocked(uint32_t slot, bool blocked)
{
    // No NS_LOG: a VC paced by its ABR gate is blocked and freed per cell.
    bool& b = m_vcs.at(slot).blocked;
    const bool was = b;
    b = blocked;
    if (was && !blocked)
    {
        DoUnblock(slot);
    }
    else if (!was && blocked)
    {
        DoBlock(slot);
    }
}

void
AtmQueueDisc::DropBeforeEnqueue(const AtmCell& cell, uint32_t slot, const char* reason)
{
    NS_LOG_FUNCTION(this << slot << reason);
    Drop(cell, slot, reason, false);
}

void
AtmQueueDisc::DropAfterEnqueue(const AtmCell& cell, uint32_t slot, const char* reason)
{
    NS_LOG_FUNCTION(this << slot << reason);
    Account(slot, -1);
    Drop(cell, slot, reason, true);
}

void
AtmQueueDisc::Drop(const AtmCell& cell, uint32_t slot, const char* reason, bool queued)
{
    ++m_nDropped;
    ++m_dropsByReason[reason];
    m_traceDrop(cell, slot, reason);
    if (!m_dropCallback.IsNull())
    {
        m_dropCallback(cell, slot, reason, queued);
    }
}

uint32_t
AtmQueueDisc::PeekNextVc() const
{
    return NO_VC;
}

uint32_t
AtmQueueDisc::GetNCells() const
{
    return m_nCells;
}

uint32_t
AtmQueueDisc::GetVcCells(uint32_t slot) const
{
    return m_vcs.at(slot).len;
}

uint32_t
AtmQueueDisc::GetNActiveVcs() const
{
    return m_activeVcs;
}

uint32_t
AtmQueueDisc::GetMaxCells() const
{
    return m_maxCells;
}

uint32_t
AtmQueueDisc::GetClpThreshold() const
{
    return m_clpThreshold;
}

bool
AtmQueueDisc::IsCongested() const
{
    return m_detector.IsCongested();
}

bool
AtmQueueDisc::IsVcCongested(uint32_t slot)
{
    return m_detector.IsVcCongested(m_nCells, slot, m_vcs.at(slot).len, m_activeVcs);
}

uint64_t
AtmQueueDisc::GetNEnqueued() const
{
    return m_nEnqueued;
}

uint64_t
AtmQueueDisc::GetNDequeued() const
{
    return m_nDequeued;
}

uint64_t
AtmQueueDisc::GetNDropped() const
{
    return m_nDropped;
}

uint64_t
AtmQueueDisc::GetNDropped(const std::string& reason) const
{
    auto it = m_dropsByReason.find(reason);
    return it == m_dropsByReason.end() ? 0 : it->second;
}

uint32_t
AtmQueueDisc::GetMaxCellsSeen() const
{
    return m_maxSeen;
}

void
AtmQueueDisc::ResetMaxCellsSeen()
{
    m_maxSeen = m_nCells;
}

double
AtmQueueDisc::GetLengthIntegral(Time now) const
{
    const int64_t area =
        m_area + static_cast<int64_t>(m_nCells) * (now.GetTimeStep() - m_lastChange);
    return static_cast<double>(area) * Time(1).GetSeconds();
}

void
AtmQueueDisc::SetDropCallback(DropCallback cb)
{
    m_dropCallback = cb;
}

} // namespace ns3
