/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-line-rate.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmLineRate");

AtmLineRate::AtmLineRate()
    : m_rate(DataRate("155.52Mbps")),
      m_sonet(true)
{
    UpdateCellRate();
}

void
AtmLineRate::SetDataRate(DataRate rate, const std::string& context)
{
    NS_LOG_FUNCTION(this << rate);
    NS_ABORT_MSG_IF(rate.GetBitRate() == 0,
                    "AtmNetDevice (" << context << "): DataRate = 0bps: must be positive");
    m_rate = rate;
    UpdateCellRate();
}

void
AtmLineRate::SetSonetFraming(bool sonet)
{
    NS_LOG_FUNCTION(this << sonet);
    m_sonet = sonet;
    UpdateCellRate();
}

void
AtmLineRate::UpdateCellRate()
{
    const double bps = static_cast<double>(m_rate.GetBitRate()) * (m_sonet ? 26.0 / 27.0 : 1.0);
    m_cellRate = bps / AtmCell::BITS;
}

} // namespace ns3
