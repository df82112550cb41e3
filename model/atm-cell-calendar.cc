/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cell-calendar.h"

#include <cstddef>

namespace ns3
{

uint32_t
AtmCellCalendar::FindLane(int64_t delay)
{
    for (uint32_t i = 0; i < m_lanes.size(); ++i)
    {
        if (m_lanes[i].delay == delay)
        {
            return i;
        }
    }
    m_lanes.push_back(Lane{delay, std::vector<Entry>(16), nullptr, 15, 0, 0});
    Lane& lane = m_lanes.back();
    lane.entries = lane.ring.data();
    return static_cast<uint32_t>(m_lanes.size() - 1);
}

void
AtmCellCalendar::Grow(Lane& lane)
{
    const std::size_t n = lane.ring.size();
    std::vector<Entry> ring(2 * n);
    for (uint32_t k = 0; k < lane.size; ++k)
    {
        ring[k] = lane.ring[(lane.head + k) & (n - 1)];
    }
    lane.ring.swap(ring);
    lane.entries = lane.ring.data();
    lane.mask = static_cast<uint32_t>(2 * n - 1);
    lane.head = 0;
}

std::vector<AtmCellCalendar::Entry>
AtmCellCalendar::TakeAll()
{
    std::vector<Entry> all;
    for (Lane& lane : m_lanes)
    {
        for (uint32_t k = 0; k < lane.size; ++k)
        {
            all.push_back(lane.entries[(lane.head + k) & lane.mask]);
        }
        lane.head = 0;
        lane.size = 0;
    }
    m_heap.Clear();
    return all;
}

} // namespace ns3
