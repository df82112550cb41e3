/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-backbone.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <deque>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmBackbone");

AtmBackbone::AtmBackbone(uint32_t rings,
                         uint32_t ringSize,
                         Time ringDelay,
                         Time minTrunkDelay,
                         Time maxTrunkDelay)
    : m_nSwitches(rings * ringSize)
{
    NS_LOG_FUNCTION(this << rings << ringSize << ringDelay << minTrunkDelay << maxTrunkDelay);
    NS_ABORT_MSG_IF(rings == 0 || ringSize == 0 || m_nSwitches < 2,
                    "AtmBackbone: rings = " << rings << ", ringSize = " << ringSize
                                            << ": at least one of each and two switches");
    NS_ABORT_MSG_IF(maxTrunkDelay < minTrunkDelay,
                    "AtmBackbone: maxTrunkDelay = " << maxTrunkDelay.As(Time::MS)
                                                    << ": below minTrunkDelay = "
                                                    << minTrunkDelay.As(Time::MS));
    for (uint32_t r = 0; r < rings; ++r)
    {
        // A ring of two switches is one link; of one switch, none.
        for (uint32_t i = 0; i + (ringSize > 2 ? 0 : 1) < ringSize; ++i)
        {
            m_links.push_back(
                {r * ringSize + i, r * ringSize + (i + 1) % ringSize, ringDelay, false});
        }
    }
    const uint32_t trunks = rings < 3 ? rings - 1 : rings;
    const double minMs = minTrunkDelay.GetSeconds() * 1e3;
    const double maxMs = maxTrunkDelay.GetSeconds() * 1e3;
    for (uint32_t t = 0; t < trunks; ++t)
    {
        const double ms = minMs + (maxMs - minMs) * t / std::max(1U, trunks - 1);
        m_links.push_back({t * ringSize,
                           (t + 1) % rings * ringSize,
                           MicroSeconds(std::llround(ms * 1000)),
                           true});
    }
    m_adjacent.resize(m_nSwitches);
    for (const Link& l : m_links)
    {
        m_adjacent[l.a].push_back(l.b);
        m_adjacent[l.b].push_back(l.a);
    }
    for (auto& a : m_adjacent)
    {
        std::sort(a.begin(), a.end());
    }
}

uint32_t
AtmBackbone::GetNSwitches() const
{
    return m_nSwitches;
}

const std::vector<AtmBackbone::Link>&
AtmBackbone::GetLinks() const
{
    return m_links;
}

std::vector<uint32_t>
AtmBackbone::GetPath(uint32_t from, uint32_t to)
{
    NS_ABORT_MSG_IF(from >= m_nSwitches || to >= m_nSwitches,
                    "AtmBackbone: path " << from << " to " << to << ": only " << m_nSwitches
                                         << " switches");
    auto it = m_parents.find(from);
    if (it == m_parents.end())
    {
        std::vector<uint32_t> parent(m_nSwitches, m_nSwitches);
        std::deque<uint32_t> queue{from};
        parent[from] = from;
        while (!queue.empty())
        {
            const uint32_t x = queue.front();
            queue.pop_front();
            for (uint32_t y : m_adjacent[x])
            {
                if (parent[y] == m_nSwitches)
                {
                    parent[y] = x;
                    queue.push_back(y);
                }
            }
        }
        it = m_parents.emplace(from, std::move(parent)).first;
    }
    std::vector<uint32_t> path{to};
    while (path.back() != from)
    {
        path.push_back(it->second[path.back()]);
    }
    std::reverse(path.begin(), path.end());
    return path;
}

std::vector<uint32_t>
AtmBackbone::DrawPath(std::mt19937& draw)
{
    const uint32_t from = draw() % m_nSwitches;
    uint32_t to = draw() % (m_nSwitches - 1);
    to += to >= from ? 1 : 0;
    return GetPath(from, to);
}

} // namespace ns3
