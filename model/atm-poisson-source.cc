/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-poisson-source.h"

#include "atm-cell.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmPoissonSource");

NS_OBJECT_ENSURE_REGISTERED(AtmPoissonSource);

TypeId
AtmPoissonSource::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmPoissonSource")
                            .SetParent<AtmCellSource>()
                            .SetGroupName("Atm")
                            .AddConstructor<AtmPoissonSource>()
                            .AddAttribute("Rate",
                                          "Mean sending rate, counting the 424 bits of each cell.",
                                          DataRateValue(DataRate("10Mbps")),
                                          MakeDataRateAccessor(&AtmPoissonSource::SetRate,
                                                               &AtmPoissonSource::GetRate),
                                          MakeDataRateChecker());
    return tid;
}

AtmPoissonSource::AtmPoissonSource()
    : m_rate("10Mbps"),
      m_gap(CreateObject<ExponentialRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

AtmPoissonSource::~AtmPoissonSource()
{
    NS_LOG_FUNCTION(this);
}

void
AtmPoissonSource::DoDispose()
{
    m_gap = nullptr;
    AtmCellSource::DoDispose();
}

void
AtmPoissonSource::SetRate(DataRate rate)
{
    NS_ABORT_MSG_IF(rate.GetBitRate() == 0, "AtmPoissonSource: Rate = 0bps: must be positive");
    m_rate = rate;
}

DataRate
AtmPoissonSource::GetRate() const
{
    return m_rate;
}

int64_t
AtmPoissonSource::AssignStreams(int64_t stream)
{
    m_gap->SetStream(stream);
    return 1;
}

Time
AtmPoissonSource::GetNextInterval()
{
    const double mean = static_cast<double>(AtmCell::BITS) / m_rate.GetBitRate();
    return Seconds(m_gap->GetValue(mean, 0));
}

} // namespace ns3
