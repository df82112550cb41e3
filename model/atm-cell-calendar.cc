/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cell-calendar.h"

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
    m_lanes.push_back(Lane{delay, AtmCellRing<Entry>()});
    return static_cast<uint32_t>(m_lanes.size() - 1);
}

std::vector<AtmCellCalendar::Entry>
AtmCellCalendar::TakeAll()
{
    std::vector<Entry> all;
    for (Lane& lane : m_lanes)
    {
        while (!lane.entries.Empty())
        {
            all.push_back(lane.entries.PopFront());
        }
    }
    m_heap.Clear();
    return all;
}

} // namespace ns3
