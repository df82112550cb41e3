/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-max-min-oracle.h"

#include "ns3/abort.h"

#include <algorithm>

namespace ns3
{

AtmMaxMinOracle::AtmMaxMinOracle(Criterion criterion)
    : m_criterion(criterion)
{
}

uint32_t
AtmMaxMinOracle::AddLink(double capacity)
{
    NS_ABORT_MSG_IF(capacity <= 0,
                    "AtmMaxMinOracle: link " << m_capacity.size() << " capacity = " << capacity
                                             << ": must be positive");
    m_capacity.push_back(capacity);
    return static_cast<uint32_t>(m_capacity.size() - 1);
}

uint32_t
AtmMaxMinOracle::AddFlow(const std::vector<uint32_t>& links,
                         double limit,
                         double minimum,
                         double weight)
{
    for (uint32_t l : links)
    {
        NS_ABORT_MSG_IF(l >= m_capacity.size(),
                        "AtmMaxMinOracle: flow " << m_flows.size() << " link = " << l
                                                 << ": no such link");
    }
    NS_ABORT_MSG_IF(!(limit > 0),
                    "AtmMaxMinOracle: flow " << m_flows.size() << " limit = " << limit
                                             << ": must be positive");
    NS_ABORT_MSG_IF(minimum < 0 || minimum > limit,
                    "AtmMaxMinOracle: flow " << m_flows.size() << " minimum = " << minimum
                                             << ": must be in [0, limit = " << limit << "]");
    NS_ABORT_MSG_IF(!(weight > 0),
                    "AtmMaxMinOracle: flow " << m_flows.size() << " weight = " << weight
                                             << ": must be positive");
    m_flows.push_back(Flow{links, limit, minimum, weight});
    return static_cast<uint32_t>(m_flows.size() - 1);
}

double
AtmMaxMinOracle::GetBase(Criterion criterion, double minimum)
{
    switch (criterion)
    {
    case MAX_MIN:
    case PROPORTIONAL_TO_MCR:
        return 0;
    default:
        return minimum;
    }
}

double
AtmMaxMinOracle::GetSlope(Criterion criterion, double minimum, double weight)
{
    switch (criterion)
    {
    case PROPORTIONAL_TO_MCR:
        return minimum;
    case WEIGHTED:
        return weight;
    default:
        return 1;
    }
}

double
AtmMaxMinOracle::GetBase(const Flow& f) const
{
    return GetBase(m_criterion, f.minimum);
}

double
AtmMaxMinOracle::GetSlope(const Flow& f) const
{
    return GetSlope(m_criterion, f.minimum, f.weight);
}

std::vector<double>
AtmMaxMinOracle::Solve() const
{
    const double eps = 1e-12;
    const std::size_t nf = m_flows.size();
    std::vector<double> rate(nf);
    std::vector<bool> frozen(nf, false);
    std::vector<double> left = m_capacity;
    std::size_t active = nf;
    for (std::size_t f = 0; f < nf; ++f)
    {
        rate[f] = GetBase(m_flows[f]); // MCR <= PCR (AddFlow)
        for (uint32_t l : m_flows[f].links)
        {
            left[l] -= rate[f];
        }
        if (GetSlope(m_flows[f]) <= 0 || rate[f] >= m_flows[f].limit)
        {
            frozen[f] = true; // PROPORTIONAL_TO_MCR with MCR 0, or MCR = PCR
            --active;
        }
    }
    for (std::size_t l = 0; l < left.size(); ++l)
    {
        NS_ABORT_MSG_IF(left[l] < -eps * m_capacity[l],
                        "AtmMaxMinOracle: link " << l << ": the minimum rates of its flows add up "
                                                 << "to " << m_capacity[l] - left[l]
                                                 << ", above its capacity = " << m_capacity[l]);
    }
    // Under MAX_OF_MCR_OR_SHARE a flow rises with the level once the level
    // has reached its MCR; under the other criteria every flow rises.
    auto rises = [this, eps](const Flow& f, double level) {
        return m_criterion != MAX_OF_MCR_OR_SHARE || f.minimum <= level + eps;
    };
    double level = 0;
    while (active > 0)
    {
        // The next event: a link fills, a rising flow meets its limit, or
        // the level reaches the MCR of a flow that is still held there.
        double inc = std::numeric_limits<double>::infinity();
        std::vector<double> rising(left.size(), 0);
        for (std::size_t f = 0; f < nf; ++f)
        {
            if (frozen[f])
            {
                continue;
            }
            const double slope = GetSlope(m_flows[f]);
            if (rises(m_flows[f], level))
            {
                for (uint32_t l : m_flows[f].links)
                {
                    rising[l] += slope;
                }
                inc = std::min(inc, (m_flows[f].limit - rate[f]) / slope);
            }
            else
            {
                inc = std::min(inc, m_flows[f].minimum - level);
            }
        }
        for (std::size_t l = 0; l < left.size(); ++l)
        {
            if (rising[l] > 0)
            {
                inc = std::min(inc, std::max(0.0, left[l]) / rising[l]);
            }
        }
        NS_ABORT_MSG_IF(inc == std::numeric_limits<double>::infinity(),
                        "AtmMaxMinOracle: a flow crosses no link and has no limit");
        for (std::size_t f = 0; f < nf; ++f)
        {
            if (!frozen[f] && rises(m_flows[f], level))
            {
                const double step = GetSlope(m_flows[f]) * inc;
                rate[f] += step;
                for (uint32_t l : m_flows[f].links)
                {
                    left[l] -= step;
                }
            }
        }
        level += inc;
        for (std::size_t f = 0; f < nf; ++f)
        {
            if (frozen[f])
            {
                continue;
            }
            bool stop = rate[f] >= m_flows[f].limit - eps;
            for (uint32_t l : m_flows[f].links)
            {
                stop = stop || left[l] <= eps * m_capacity[l];
            }
            if (stop)
            {
                frozen[f] = true;
                --active;
            }
        }
    }
    return rate;
}

double
AtmMaxMinOracle::GetCabNumber(uint32_t link) const
{
    NS_ABORT_MSG_IF(link >= m_capacity.size(), "AtmMaxMinOracle: no link " << link);
    AtmMaxMinOracle lifted = *this;
    double total = 0;
    for (double c : m_capacity)
    {
        total += c;
    }
    // More than the flows over the link could ever get elsewhere.
    lifted.m_capacity[link] = 2 * total + 1;
    const std::vector<double> rate = lifted.Solve();
    double sum = 0;
    for (std::size_t f = 0; f < m_flows.size(); ++f)
    {
        const auto& links = m_flows[f].links;
        if (std::find(links.begin(), links.end(), link) != links.end())
        {
            sum += rate[f];
        }
    }
    return sum / m_capacity[link];
}

double
AtmMaxMinOracle::JainIndex(const std::vector<double>& x)
{
    double s = 0;
    double s2 = 0;
    for (double v : x)
    {
        s += v;
        s2 += v * v;
    }
    return s2 > 0 ? (s * s) / (x.size() * s2) : 1.0;
}

} // namespace ns3
