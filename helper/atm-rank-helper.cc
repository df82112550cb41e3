/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-rank-helper.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <functional>
#include <limits>
#include <numeric>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmRankHelper");

AtmRankHelper::AtmRankHelper()
    : m_maxImbalance(1.25),
      m_lookahead(Time::Max()),
      m_cutLinks(0),
      m_imbalance(1)
{
}

uint32_t
AtmRankHelper::AddNode(double work)
{
    NS_ABORT_MSG_IF(!(work >= 0),
                    "AtmRankHelper: node " << m_work.size() << ": work = " << work
                                           << ": must not be negative");
    m_work.push_back(work);
    return static_cast<uint32_t>(m_work.size() - 1);
}

void
AtmRankHelper::AddLink(uint32_t a, uint32_t b, Time delay)
{
    for (uint32_t n : {a, b})
    {
        NS_ABORT_MSG_IF(n >= m_work.size(),
                        "AtmRankHelper: link " << m_links.size() << " (" << a << " - " << b
                                               << "): node " << n << " was not added (nodes 0 to "
                                               << static_cast<int64_t>(m_work.size()) - 1 << ")");
    }
    NS_ABORT_MSG_IF(delay.IsStrictlyNegative(),
                    "AtmRankHelper: link " << m_links.size() << " (" << a << " - " << b
                                           << "): delay = " << delay.As(Time::US)
                                           << ": must not be negative");
    m_links.push_back(Link{a, b, delay.GetTimeStep()});
}

void
AtmRankHelper::SetMaxImbalance(double maxImbalance)
{
    NS_ABORT_MSG_IF(!(maxImbalance >= 1),
                    "AtmRankHelper: MaxImbalance = " << maxImbalance << ": must be at least 1");
    m_maxImbalance = maxImbalance;
}

std::vector<double>
AtmRankHelper::GetWeights() const
{
    const bool anyWork = std::accumulate(m_work.begin(), m_work.end(), 0.0) > 0;
    return anyWork ? m_work : std::vector<double>(m_work.size(), 1.0);
}

std::vector<uint32_t>
AtmRankHelper::Fill(int64_t threshold, uint32_t ranks, const std::vector<double>& weight) const
{
    const auto n = static_cast<uint32_t>(m_work.size());
    // The parts: nodes joined by links shorter than the threshold.
    std::vector<uint32_t> parent(n);
    std::iota(parent.begin(), parent.end(), 0);
    auto root = [&parent](uint32_t x) {
        uint32_t r = x;
        while (parent[r] != r)
        {
            r = parent[r];
        }
        while (parent[x] != r) // path compression
        {
            const uint32_t next = parent[x];
            parent[x] = r;
            x = next;
        }
        return r;
    };
    for (const Link& l : m_links)
    {
        if (l.delay < threshold || l.delay == 0)
        {
            parent[root(l.a)] = root(l.b);
        }
    }
    std::vector<std::vector<uint32_t>> members(n);
    std::vector<std::vector<uint32_t>> next(n); // parts across the longer links
    for (uint32_t x = 0; x < n; ++x)
    {
        members[root(x)].push_back(x);
    }
    for (const Link& l : m_links)
    {
        const uint32_t ra = root(l.a);
        const uint32_t rb = root(l.b);
        if (ra != rb)
        {
            next[ra].push_back(rb);
            next[rb].push_back(ra);
        }
    }
    // The parts in breadth-first order, each to the rank in whose share of
    // the work its middle falls.
    const double all = std::accumulate(weight.begin(), weight.end(), 0.0);
    std::vector<uint32_t> rank(n, 0);
    std::vector<bool> seen(n, false);
    double before = 0;
    uint32_t r = 0;
    for (uint32_t start = 0; start < n; ++start)
    {
        if (seen[root(start)])
        {
            continue;
        }
        std::deque<uint32_t> queue{root(start)};
        seen[root(start)] = true;
        while (!queue.empty())
        {
            const uint32_t part = queue.front();
            queue.pop_front();
            double w = 0;
            for (uint32_t x : members[part])
            {
                w += weight[x];
            }
            const auto share = static_cast<uint32_t>((before + w / 2) * ranks / all);
            r = std::max(r, std::min(share, ranks - 1));
            for (uint32_t x : members[part])
            {
                rank[x] = r;
            }
            before += w;
            for (uint32_t p : next[part])
            {
                if (!seen[p])
                {
                    seen[p] = true;
                    queue.push_back(p);
                }
            }
        }
    }
    return rank;
}

void
AtmRankHelper::Measure(const std::vector<uint32_t>& rank,
                       uint32_t ranks,
                       const std::vector<double>& weight)
{
    std::vector<double> load(ranks, 0);
    for (std::size_t x = 0; x < rank.size(); ++x)
    {
        load[rank[x]] += weight[x];
    }
    const double all = std::accumulate(weight.begin(), weight.end(), 0.0);
    m_imbalance = all > 0 ? *std::max_element(load.begin(), load.end()) * ranks / all : 1;
    m_cutLinks = 0;
    int64_t shortest = std::numeric_limits<int64_t>::max();
    for (const Link& l : m_links)
    {
        if (rank[l.a] != rank[l.b])
        {
            ++m_cutLinks;
            shortest = std::min(shortest, l.delay);
        }
    }
    m_lookahead = m_cutLinks > 0 ? TimeStep(shortest) : Time::Max();
}

std::vector<uint32_t>
AtmRankHelper::Assign(uint32_t ranks)
{
    NS_ABORT_MSG_IF(ranks == 0, "AtmRankHelper: ranks = 0: at least 1");
    std::vector<int64_t> thresholds;
    for (const Link& l : m_links)
    {
        if (l.delay > 0)
        {
            thresholds.push_back(l.delay);
        }
    }
    std::sort(thresholds.begin(), thresholds.end(), std::greater<>());
    thresholds.erase(std::unique(thresholds.begin(), thresholds.end()), thresholds.end());
    if (thresholds.empty())
    {
        thresholds.push_back(0); // no link may be cut
    }

    const std::vector<double> weight = GetWeights();
    std::vector<uint32_t> best;
    double bestImbalance = std::numeric_limits<double>::infinity();
    for (int64_t t : thresholds)
    {
        std::vector<uint32_t> rank = Fill(t, ranks, weight);
        Measure(rank, ranks, weight);
        NS_LOG_LOGIC("threshold " << TimeStep(t).As(Time::US) << ": imbalance " << m_imbalance
                                  << ", " << m_cutLinks << " links cut");
        if (m_imbalance <= m_maxImbalance)
        {
            return rank;
        }
        if (m_imbalance < bestImbalance)
        {
            bestImbalance = m_imbalance;
            best = rank;
        }
    }
    Measure(best, ranks, weight);
    return best;
}

Time
AtmRankHelper::GetLookahead() const
{
    return m_lookahead;
}

uint32_t
AtmRankHelper::GetNCutLinks() const
{
    return m_cutLinks;
}

double
AtmRankHelper::GetImbalance() const
{
    return m_imbalance;
}

} // namespace ns3
