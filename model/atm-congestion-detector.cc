/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-congestion-detector.h"

namespace ns3
{

AtmCongestionDetector::AtmCongestionDetector()
    : m_low(0),
      m_high(0),
      m_congested(false)
{
}

void
AtmCongestionDetector::SetThresholds(uint32_t low, uint32_t high)
{
    m_low = low;
    m_high = high;
}

uint32_t
AtmCongestionDetector::GetHighThreshold() const
{
    return m_high;
}

uint32_t
AtmCongestionDetector::GetLowThreshold() const
{
    return m_low;
}

void
AtmCongestionDetector::SetVcCount(uint32_t n)
{
    if (m_vcFlag.size() < n)
    {
        m_vcFlag.resize(n, 0);
    }
}

bool
AtmCongestionDetector::Update(uint32_t total, uint32_t vc, uint32_t vcLen, uint32_t activeVcs)
{
    if (m_high == 0)
    {
        return false;
    }
    const bool before = m_congested;
    if (total > m_high)
    {
        m_congested = true;
    }
    else if (total < m_low)
    {
        m_congested = false;
    }
    if (vc < m_vcFlag.size())
    {
        IsVcCongested(total, vc, vcLen, activeVcs);
    }
    return before != m_congested;
}

bool
AtmCongestionDetector::IsCongested() const
{
    return m_congested;
}

bool
AtmCongestionDetector::IsVcCongested(uint32_t total,
                                     uint32_t vc,
                                     uint32_t vcLen,
                                     uint32_t activeVcs)
{
    if (m_high == 0 || vc >= m_vcFlag.size())
    {
        return false;
    }
    const uint32_t n = activeVcs ? activeVcs : 1;
    // Compare Q_vc > Q_HT / N as Q_vc * N > Q_HT: no rounding.
    const uint64_t scaled = static_cast<uint64_t>(vcLen) * n;
    uint8_t& flag = m_vcFlag[vc];
    if (total > m_high && scaled > m_high)
    {
        flag = 1;
    }
    else if (scaled < m_low)
    {
        flag = 0;
    }
    return flag != 0;
}

} // namespace ns3
