/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-vc-counting-er.h"

#include "atm-rate-format.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmVcCountingEr");

NS_OBJECT_ENSURE_REGISTERED(AtmVcCountingEr);

TypeId
AtmVcCountingEr::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmVcCountingEr")
            .SetParent<AtmFairShareBehaviour>()
            .SetGroupName("Atm")
            .AddConstructor<AtmVcCountingEr>()
            .AddAttribute("QueueThreshold",
                          "Cells queued at the port above which the queue counts as building.",
                          UintegerValue(20),
                          MakeUintegerAccessor(&AtmVcCountingEr::m_queueThreshold),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("QueueReduction",
                          "ER is set this fraction below the fair share while the queue builds.",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&AtmVcCountingEr::m_queueReduction),
                          MakeDoubleChecker<double>(0, 1));
    return tid;
}

AtmVcCountingEr::AtmVcCountingEr()
    : m_queueThreshold(20),
      m_queueReduction(0.1)
{
    NS_LOG_FUNCTION(this);
}

AtmVcCountingEr::~AtmVcCountingEr()
{
    NS_LOG_FUNCTION(this);
}

void
AtmVcCountingEr::EndOfInterval(const AtmPortState& port)
{
    const std::vector<uint32_t>& active = GetMeter().GetActiveVcs();
    m_rates.clear();
    for (uint32_t slot : active)
    {
        m_rates.push_back(std::max(0.0, GetMeter().GetCcr(slot)));
    }
    std::sort(m_rates.begin(), m_rates.end());
    double left = GetTargetCapacity(port);
    std::size_t n = m_rates.size();
    for (double r : m_rates)
    {
        // CCRs are rounded down by the rate format: a VC at the share
        // reads as just below it, so compare at that precision.
        if (n <= 1 || r >= AtmRateFormat::RoundDown(left / n))
        {
            break;
        }
        left -= r; // bottlenecked elsewhere
        --n;
    }
    const double share = n > 0 ? left / n : left;
    NS_LOG_LOGIC("active " << active.size() << " bottlenecked here " << n << " share " << share);
    SetFairShare(share);
}

void
AtmVcCountingEr::OnBackwardRm(AtmCell& brm, uint32_t slot, const AtmPortState& port)
{
    NS_LOG_FUNCTION(this << slot);
    Measure(port);
    if (!GetMeter().HasMeasurement())
    {
        return;
    }
    double er = GetFairShare();
    if (port.queueCells > m_queueThreshold)
    {
        er *= 1.0 - m_queueReduction;
    }
    StampEr(brm, slot, er);
}

} // namespace ns3
