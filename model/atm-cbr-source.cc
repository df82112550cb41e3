/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cbr-source.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCbrSource");

NS_OBJECT_ENSURE_REGISTERED(AtmCbrSource);

TypeId
AtmCbrSource::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmCbrSource")
            .SetParent<AtmCellSource>()
            .SetGroupName("Atm")
            .AddConstructor<AtmCbrSource>()
            .AddAttribute("Rate",
                          "Sending rate, counting the 424 bits of each cell.",
                          DataRateValue(DataRate("10Mbps")),
                          MakeDataRateAccessor(&AtmCbrSource::SetRate, &AtmCbrSource::GetRate),
                          MakeDataRateChecker());
    return tid;
}

AtmCbrSource::AtmCbrSource()
    : m_rate("10Mbps")
{
    NS_LOG_FUNCTION(this);
}

AtmCbrSource::~AtmCbrSource()
{
    NS_LOG_FUNCTION(this);
}

void
AtmCbrSource::SetRate(DataRate rate)
{
    NS_ABORT_MSG_IF(rate.GetBitRate() == 0, "AtmCbrSource: Rate = 0bps: must be positive");
    m_rate = rate;
}

DataRate
AtmCbrSource::GetRate() const
{
    return m_rate;
}

Time
AtmCbrSource::GetNextInterval()
{
    return GetCellGap(m_rate);
}

} // namespace ns3
