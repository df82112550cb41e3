/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-vc-counting-er.h"

#include "atm-rate-format.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <limits>
#include <tuple>

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
            .AddAttribute("DrainedThreshold",
                          "Cells queued at the port at or below which a build-up has drained.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmVcCountingEr::m_drainedThreshold),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("QueueReduction",
                          "ER is set this fraction below the fair share while the queue builds.",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&AtmVcCountingEr::m_queueReduction),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("OfferMemory",
                          "Intervals over which the lowest ER offered bounds the share a VC "
                          "must reach to count as bottlenecked here (about a round trip).",
                          UintegerValue(3),
                          MakeUintegerAccessor(&AtmVcCountingEr::m_offerMemory),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

AtmVcCountingEr::AtmVcCountingEr()
    : m_queueThreshold(20),
      m_drainedThreshold(0),
      m_buildUp(false),
      m_queueReduction(0.1),
      m_offerMemory(3),
      m_offered(m_offerMemory, std::numeric_limits<double>::infinity()),
      m_offeredNext(0)
{
    NS_LOG_FUNCTION(this);
}

AtmVcCountingEr::~AtmVcCountingEr()
{
    NS_LOG_FUNCTION(this);
}

double
AtmVcCountingEr::Sweep(double capacity, double offered, double held)
{
    // Every active VC first gets its base; the rest is shared by slope.
    double left = capacity;
    double slopes = 0;
    m_entries.clear();
    for (uint32_t slot : GetMeter().GetActiveVcs())
    {
        const Share share = GetShare(slot, held);
        left -= share.base;
        if (share.slope > 0)
        {
            const double ccr = std::max(0.0, GetMeter().GetCcr(slot));
            m_entries.push_back({(ccr - share.base) / share.slope, share.base, share.slope, ccr});
            slopes += share.slope;
        }
    }
    std::sort(m_entries.begin(), m_entries.end(), [](const Entry& a, const Entry& b) {
        return std::tie(a.level, a.base, a.slope) < std::tie(b.level, b.base, b.slope);
    });
    std::size_t n = m_entries.size();
    for (const Entry& e : m_entries)
    {
        // A VC is bottlenecked elsewhere when its CCR is below what this
        // port would give it: its part at the level of what is left, but
        // at most at the lowest level it offered lately. Without that bound
        // a VC held here at an earlier (or reduced) share would look
        // bottlenecked elsewhere, and when every VC did, the last one's
        // share, stamped on all, would jump towards the whole link. CCRs
        // are rounded down by the rate format: compare at that precision.
        const double limit = std::min(left / slopes, offered);
        if (n <= 1 || e.ccr >= AtmRateFormat::RoundDown(e.base + e.slope * limit))
        {
            break;
        }
        left -= e.ccr - e.base; // bottlenecked elsewhere
        slopes -= e.slope;
        --n;
    }
    // MCRs above the capacity leave nothing: the level is 0, each VC is
    // offered its base.
    return std::max(0.0, slopes > 0 ? left / slopes : left);
}

void
AtmVcCountingEr::EndOfInterval(const AtmPortState& port)
{
    const double capacity = GetTargetCapacity(port);
    // The lowest level this port offered (fair share, or reduced) over the
    // last OfferMemory intervals: a VC held here sends at it, and its CCR
    // reflects one a round trip old.
    const double offered = *std::min_element(m_offered.begin(), m_offered.end());
    m_offeredNext = (m_offeredNext + 1) % m_offered.size();
    m_offered[m_offeredNext] = std::numeric_limits<double>::infinity();
    const double level = SettleLevel(
        [this, capacity, offered](double held) { return Sweep(capacity, offered, held); });
    NS_LOG_LOGIC("active " << GetMeter().GetActiveVcs().size() << " level " << level);
    SetFairShare(level);
}

std::string
AtmVcCountingEr::GetConfigError() const
{
    if (std::string error = AtmFairShareBehaviour::GetConfigError(); !error.empty())
    {
        return error;
    }
    if (m_drainedThreshold > m_queueThreshold)
    {
        return "DrainedThreshold = " + std::to_string(m_drainedThreshold) +
               ": exceeds QueueThreshold = " + std::to_string(m_queueThreshold);
    }
    return "";
}

void
AtmVcCountingEr::DoInitialize()
{
    m_offered.assign(m_offerMemory, std::numeric_limits<double>::infinity());
    m_offeredNext = 0;
    AtmFairShareBehaviour::DoInitialize();
}

void
AtmVcCountingEr::FollowQueue(const AtmPortState& port)
{
    if (port.queueCells > m_queueThreshold)
    {
        m_buildUp = true;
    }
    else if (port.queueCells <= m_drainedThreshold)
    {
        m_buildUp = false;
    }
}

void
AtmVcCountingEr::OnDataArrival(AtmCell& cell, uint32_t slot, const AtmPortState& port)
{
    FollowQueue(port);
    AtmFairShareBehaviour::OnDataArrival(cell, slot, port);
}

void
AtmVcCountingEr::OnBackwardRm(AtmCell& brm, uint32_t slot, const AtmPortState& port)
{
    NS_LOG_FUNCTION(this << slot);
    Measure(port);
    FollowQueue(port);
    if (!GetMeter().HasMeasurement())
    {
        return;
    }
    const double level = GetFairShare();
    const Share share = GetShare(slot, level);
    double er = share.base + share.slope * level;
    if (m_buildUp)
    {
        er *= 1.0 - m_queueReduction;
    }
    if (share.slope > 0)
    {
        double& offered = m_offered[m_offeredNext];
        offered = std::min(offered, (er - share.base) / share.slope);
    }
    StampEr(brm, slot, er);
}

} // namespace ns3
