/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-longest-queue-tracker.h"

namespace ns3
{

AtmLongestQueueTracker::AtmLongestQueueTracker()
    : m_head(1, NONE),
      m_max(0)
{
}

void
AtmLongestQueueTracker::SetVcCount(uint32_t n)
{
    if (m_prev.size() < n)
    {
        m_prev.resize(n, NONE);
        m_next.resize(n, NONE);
    }
}

void
AtmLongestQueueTracker::Insert(uint32_t vc, uint32_t len)
{
    if (len >= m_head.size())
    {
        m_head.resize(len + 1, NONE);
    }
    m_prev[vc] = NONE;
    m_next[vc] = m_head[len];
    if (m_head[len] != NONE)
    {
        m_prev[m_head[len]] = vc;
    }
    m_head[len] = vc;
}

void
AtmLongestQueueTracker::Remove(uint32_t vc, uint32_t len)
{
    if (m_prev[vc] != NONE)
    {
        m_next[m_prev[vc]] = m_next[vc];
    }
    else
    {
        m_head[len] = m_next[vc];
    }
    if (m_next[vc] != NONE)
    {
        m_prev[m_next[vc]] = m_prev[vc];
    }
}

void
AtmLongestQueueTracker::Increment(uint32_t vc, uint32_t newLen)
{
    if (newLen > 1)
    {
        Remove(vc, newLen - 1);
    }
    Insert(vc, newLen);
    if (newLen > m_max)
    {
        m_max = newLen;
    }
}

void
AtmLongestQueueTracker::Decrement(uint32_t vc, uint32_t newLen)
{
    Remove(vc, newLen + 1);
    if (newLen > 0)
    {
        Insert(vc, newLen);
    }
    while (m_max > 0 && m_head[m_max] == NONE)
    {
        --m_max;
    }
}

uint32_t
AtmLongestQueueTracker::GetLongest() const
{
    return m_max == 0 ? NONE : m_head[m_max];
}

uint32_t
AtmLongestQueueTracker::GetMaxLength() const
{
    return m_max;
}

} // namespace ns3
