/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-per-vc-queue-disc.h"

#include "atm-compat.h"
#include "atm-net-device.h"

#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmPerVcQueueDisc");

NS_OBJECT_ENSURE_REGISTERED(AtmPerVcQueueDisc);

TypeId
AtmPerVcQueueDisc::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmPerVcQueueDisc")
            .SetParent<AtmQueueDisc>()
            .SetGroupName("Atm")
            .AddConstructor<AtmPerVcQueueDisc>()
            .AddAttribute(
                "BufferManagement",
                "How the VCs share the MaxCells cells of the port.",
                EnumValue(AtmPerVcQueueDisc::SHARED),
                AtmMakeEnumAccessor<BufferManagement>(&AtmPerVcQueueDisc::SetBufferManagement,
                                                      &AtmPerVcQueueDisc::GetBufferManagement),
                MakeEnumChecker(AtmPerVcQueueDisc::SHARED,
                                "Shared",
                                AtmPerVcQueueDisc::STATIC_PARTITION,
                                "StaticPartition",
                                AtmPerVcQueueDisc::PUSH_OUT,
                                "PushOut"))
            .AddAttribute("VcLimit",
                          "Cells one VC may hold under StaticPartition (0: MaxCells / VCs).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmPerVcQueueDisc::m_vcLimit),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

AtmPerVcQueueDisc::AtmPerVcQueueDisc()
    : m_bufferManagement(SHARED),
      m_vcLimit(0),
      m_servedThisVisit(0)
{
    NS_LOG_FUNCTION(this);
}

AtmPerVcQueueDisc::~AtmPerVcQueueDisc()
{
    NS_LOG_FUNCTION(this);
}

void
AtmPerVcQueueDisc::DoInitialize()
{
    NS_LOG_FUNCTION(this);
    AtmQueueDisc::DoInitialize();
    m_queues.shrink_to_fit(); // the VCs are added: drop the room their growth left
    // The buffer never holds more than MaxCells cells.
    m_pool.SetGrowthLimit(GetMaxCells());
}

std::string
AtmPerVcQueueDisc::GetConfigError() const
{
    if (std::string error = AtmQueueDisc::GetConfigError(); !error.empty())
    {
        return error;
    }
    if (m_vcLimit > GetMaxCells())
    {
        return "VcLimit = " + std::to_string(m_vcLimit) +
               ": exceeds MaxCells = " + std::to_string(GetMaxCells());
    }
    return "";
}

uint32_t
AtmPerVcQueueDisc::GetVcLimit() const
{
    if (m_vcLimit > 0)
    {
        return m_vcLimit;
    }
    const uint32_t n = GetNVcs();
    return n ? GetMaxCells() / n : GetMaxCells();
}

uint32_t
AtmPerVcQueueDisc::GetVcCapacity(uint32_t slot) const
{
    return m_bufferManagement == STATIC_PARTITION ? GetVcLimit()
                                                  : AtmQueueDisc::GetVcCapacity(slot);
}

uint32_t
AtmPerVcQueueDisc::GetVcOccupancy(uint32_t slot) const
{
    return m_bufferManagement == STATIC_PARTITION ? GetVcCells(slot)
                                                  : AtmQueueDisc::GetVcOccupancy(slot);
}

void
AtmPerVcQueueDisc::DoAddVc(uint32_t slot, uint32_t /* weight */)
{
    m_queues.emplace_back();
    if (m_bufferManagement == PUSH_OUT)
    {
        m_longest.SetVcCount(slot + 1);
    }
}

uint32_t
AtmPerVcQueueDisc::PeekNextVc() const
{
    return m_active.Empty() ? NO_VC : m_active.Front();
}

void
AtmPerVcQueueDisc::DoUnblock(uint32_t slot)
{
    Activate(slot);
}

bool
AtmPerVcQueueDisc::DoEnqueue(const AtmCell& cell, uint32_t slot)
{
    AtmCellPool::List& q = m_queues[slot];
    switch (m_bufferManagement)
    {
    case SHARED:
        if (GetNCells() >= GetMaxCells())
        {
            DropBeforeEnqueue(cell, slot, OVERFLOW_DROP);
            return false;
        }
        break;
    case STATIC_PARTITION:
        if (q.size >= GetVcLimit() || GetNCells() >= GetMaxCells())
        {
            DropBeforeEnqueue(cell, slot, VC_LIMIT_DROP);
            return false;
        }
        break;
    case PUSH_OUT:
        if (GetNCells() >= GetMaxCells())
        {
            const uint32_t victim = m_longest.GetLongest();
            if (victim == AtmLongestQueueTracker::NONE || m_queues[victim].size <= q.size)
            {
                DropBeforeEnqueue(cell, slot, OVERFLOW_DROP);
                return false;
            }
            AtmCellPool::List& vq = m_queues[victim];
            const AtmCell pushed = m_pool.PopBack(vq);
            m_longest.Decrement(victim, vq.size);
            DropAfterEnqueue(pushed, victim, PUSH_OUT_DROP);
        }
        break;
    }
    m_pool.PushBack(q, cell);
    if (m_bufferManagement == PUSH_OUT)
    {
        m_longest.Increment(slot, q.size);
    }
    Activate(slot);
    return true;
}

bool
AtmPerVcQueueDisc::DoDequeue(AtmCell& cell, uint32_t& slot)
{
    while (!m_active.Empty())
    {
        const uint32_t v = m_active.Front();
        AtmCellPool::List& q = m_queues[v];
        if (IsVcBlocked(v) || q.size == 0)
        {
            // Lazy removal: a VC blocked (or pushed out to empty) leaves the
            // list when its turn comes.
            m_active.PopFront();
            SetVcListed(v, false);
            m_servedThisVisit = 0;
            continue;
        }
        cell = m_pool.PopFront(q);
        slot = v;
        if (m_bufferManagement == PUSH_OUT)
        {
            m_longest.Decrement(v, q.size);
        }
        ++m_servedThisVisit;
        if (q.size == 0)
        {
            m_active.PopFront();
            SetVcListed(v, false);
            m_servedThisVisit = 0;
        }
        else if (m_servedThisVisit >= GetVcWeight(v))
        {
            m_active.PopFront();
            m_active.PushBack(v);
            m_servedThisVisit = 0;
        }
        return true;
    }
    return false;
}

void
AtmPerVcQueueDisc::DoPrefetchVc(uint32_t slot) const
{
    __builtin_prefetch(&m_queues[slot]);
}

bool
AtmPerVcQueueDisc::DoCanPassStraight() const
{
    // Shared buffers: a VC is listed only while it holds cells, so an
    // empty queue lists none, and the VC queued now is listed, served and
    // unlisted at once: the round-robin is where it was, no VC listed, none
    // half served. StaticPartition's and PushOut's checks stay on
    // DoEnqueue() (an empty PushOut queue may list a VC a push-out emptied).
    return m_bufferManagement == SHARED;
}

bool
AtmPerVcQueueDisc::ServesVcsApart() const
{
    return true;
}

void
AtmPerVcQueueDisc::SetBufferManagement(BufferManagement policy)
{
    m_bufferManagement = policy;
    AtmLazyArrival::NoteConfigChange(); // the port decides CanDropQueued again
}

AtmPerVcQueueDisc::BufferManagement
AtmPerVcQueueDisc::GetBufferManagement() const
{
    return m_bufferManagement;
}

bool
AtmPerVcQueueDisc::CanDropQueued() const
{
    return m_bufferManagement == PUSH_OUT;
}

} // namespace ns3
