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
}

void
AtmLineRate::SetDataRate(DataRate rate, const std::string& context)
{
    NS_LOG_FUNCTION(this << rate);
    NS_ABORT_MSG_IF(rate.GetBitRate() == 0,
                    "AtmNetDevice (" << context << "): DataRate = 0bps: must be positive");
    m_rate = rate;
}

void
AtmLineRate::SetSonetFraming(bool sonet)
{
    NS_LOG_FUNCTION(this << sonet);
    m_sonet = sonet;
}

} // namespace ns3
