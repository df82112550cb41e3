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
      m_queueReduction(0.1),
      m_reduced(false),
      m_reducedBefore(false)
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
    // The share this port advertised last interval (0 before the first),
    // and whether it held VCs QueueReduction below it lately.
    const double previous = GetFairShare();
    const double held = (m_reduced || m_reducedBefore) ? 1.0 - m_queueReduction : 1.0;
    m_reducedBefore = m_reduced;
    m_reduced = false;
    for (double r : m_rates)
    {
        // A VC is bottlenecked elsewhere when its CCR is below what this
        // port would give it: the share of what is left, but at most the
        // share it advertised last, less the reduction it applied. Without
        // these a VC held here at its last (or reduced) share would look
        // bottlenecked elsewhere, and when every VC did, the last one's
        // share, stamped on all, would jump towards the whole link. CCRs
        // are rounded down by the rate format: compare at that precision.
        const double limit = previous > 0 ? std::min(left / n, previous) : left / n;
        if (n <= 1 || r >= AtmRateFormat::RoundDown(held * limit))
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
        m_reduced = true;
    }
    StampEr(brm, slot, er);
}

} // namespace ns3
