/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-load-meter.h"

#include "ns3/assert.h"

namespace ns3
{

AtmLoadMeter::AtmLoadMeter()
    : m_running(false),
      m_measured(false),
      m_epoch(1),
      m_cells(0),
      m_rate(0),
      m_higherCells(0),
      m_higherRate(0)
{
}

bool
AtmLoadMeter::Poll(Time now, Time interval)
{
    NS_ASSERT_MSG(interval.IsStrictlyPositive(), "AtmLoadMeter: interval must be positive");
    if (!m_running)
    {
        m_running = true;
        m_start = now;
        return false;
    }
    const Time elapsed = now - m_start;
    if (elapsed < interval)
    {
        return false;
    }
    m_rate = static_cast<double>(m_cells) / elapsed.GetSeconds();
    m_higherRate = static_cast<double>(m_higherCells) / elapsed.GetSeconds();
    m_active.swap(m_current);
    m_current.clear();
    m_cells = 0;
    m_higherCells = 0;
    ++m_epoch;
    m_start = now;
    m_measured = true;
    return true;
}

void
AtmLoadMeter::Grow(uint32_t slot)
{
    if (slot >= m_seen.size())
    {
        m_seen.resize(slot + 1, 0);
        m_rates.resize(slot + 1);
    }
}

void
AtmLoadMeter::Count(uint32_t slot)
{
    Grow(slot);
    ++m_cells;
    if (m_seen[slot] != m_epoch)
    {
        m_seen[slot] = m_epoch;
        m_current.push_back(slot);
    }
}

void
AtmLoadMeter::SetCcr(uint32_t slot, double ccr)
{
    Grow(slot);
    m_rates[slot].ccr = ccr;
}

double
AtmLoadMeter::GetCcr(uint32_t slot) const
{
    return slot < m_rates.size() ? m_rates[slot].ccr : -1.0;
}

void
AtmLoadMeter::SetMinimum(uint32_t slot, double mcr, double weight)
{
    Grow(slot);
    m_rates[slot].mcr = mcr;
    m_rates[slot].weight = weight;
}

double
AtmLoadMeter::GetMcr(uint32_t slot) const
{
    return slot < m_rates.size() ? m_rates[slot].mcr : 0.0;
}

double
AtmLoadMeter::GetWeight(uint32_t slot) const
{
    return slot < m_rates.size() ? m_rates[slot].weight : 1.0;
}

bool
AtmLoadMeter::HasMeasurement() const
{
    return m_measured;
}

double
AtmLoadMeter::GetInputRate() const
{
    return m_rate;
}

const std::vector<uint32_t>&
AtmLoadMeter::GetActiveVcs() const
{
    return m_active;
}

void
AtmLoadMeter::CountHigher()
{
    ++m_higherCells;
}

double
AtmLoadMeter::GetHigherRate() const
{
    return m_higherRate;
}

} // namespace ns3
