/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-on-off-source.h"

#include "atm-cell.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmOnOffSource");

NS_OBJECT_ENSURE_REGISTERED(AtmOnOffSource);

TypeId
AtmOnOffSource::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmOnOffSource")
            .SetParent<AtmCellSource>()
            .SetGroupName("Atm")
            .AddConstructor<AtmOnOffSource>()
            .AddAttribute(
                "PeakRate",
                "Rate during a burst, counting the 424 bits of each cell.",
                DataRateValue(DataRate("50Mbps")),
                MakeDataRateAccessor(&AtmOnOffSource::SetPeakRate, &AtmOnOffSource::GetPeakRate),
                MakeDataRateChecker())
            .AddAttribute("OnTime",
                          "Length of a burst, in seconds.",
                          StringValue("ns3::ExponentialRandomVariable[Mean=0.001]"),
                          MakePointerAccessor(&AtmOnOffSource::m_onTime),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("OffTime",
                          "Length of a silence, in seconds.",
                          StringValue("ns3::ExponentialRandomVariable[Mean=0.001]"),
                          MakePointerAccessor(&AtmOnOffSource::m_offTime),
                          MakePointerChecker<RandomVariableStream>());
    return tid;
}

AtmOnOffSource::AtmOnOffSource()
    : m_peakRate("50Mbps"),
      m_burstLeft(0)
{
    NS_LOG_FUNCTION(this);
}

AtmOnOffSource::~AtmOnOffSource()
{
    NS_LOG_FUNCTION(this);
}

void
AtmOnOffSource::DoDispose()
{
    m_onTime = nullptr;
    m_offTime = nullptr;
    AtmCellSource::DoDispose();
}

void
AtmOnOffSource::SetPeakRate(DataRate rate)
{
    NS_ABORT_MSG_IF(rate.GetBitRate() == 0, "AtmOnOffSource: PeakRate = 0bps: must be positive");
    m_peakRate = rate;
}

DataRate
AtmOnOffSource::GetPeakRate() const
{
    return m_peakRate;
}

int64_t
AtmOnOffSource::AssignStreams(int64_t stream)
{
    m_onTime->SetStream(stream);
    m_offTime->SetStream(stream + 1);
    return 2;
}

uint64_t
AtmOnOffSource::DrawBurst()
{
    const double cells = m_onTime->GetValue() * m_peakRate.GetBitRate() / AtmCell::BITS;
    return std::max<uint64_t>(1, static_cast<uint64_t>(std::llround(cells)));
}

void
AtmOnOffSource::DoStartSending()
{
    m_burstLeft = DrawBurst();
    AtmCellSource::DoStartSending();
}

Time
AtmOnOffSource::GetNextInterval()
{
    const Time cellGap = GetCellGap(m_peakRate);
    if (--m_burstLeft > 0)
    {
        return cellGap;
    }
    m_burstLeft = DrawBurst();
    return cellGap + Seconds(m_offTime->GetValue());
}

} // namespace ns3
