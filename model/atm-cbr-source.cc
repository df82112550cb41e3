/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cbr-source.h"

#include "atm-cell.h"

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
    m_interval = Time(); // GetNextInterval() works it out again
}

DataRate
AtmCbrSource::GetRate() const
{
    return m_rate;
}

Time
AtmCbrSource::GetNextInterval()
{
    // Once per rate, not per cell: DataRate's division of 128-bit numbers
    // cost about 730 instructions a cell. Worked out at the first cell, when
    // the time resolution is fixed.
    if (m_interval.IsZero())
    {
        m_interval = m_rate.CalculateBytesTxTime(AtmCell::SIZE);
    }
    return m_interval;
}

} // namespace ns3
