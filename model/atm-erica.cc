/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-erica.h"

#include "atm-rate-format.h"
#include "atm-rm-cell.h"
#include "atm-trace-source-accessor.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/trace-source-accessor.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmErica");

NS_OBJECT_ENSURE_REGISTERED(AtmErica);

TypeId
AtmErica::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmErica")
                            .SetParent<AtmFairShareBehaviour>()
                            .SetGroupName("Atm")
                            .AddConstructor<AtmErica>()
                            .AddAttribute("Delta",
                                          "MaxAllocPrevious is used only while z <= 1 + Delta.",
                                          DoubleValue(0.1),
                                          MakeDoubleAccessor(&AtmErica::m_delta),
                                          MakeDoubleChecker<double>(0))
                            .AddTraceSource("LoadFactor",
                                            "Overload factor z of the last averaging interval.",
                                            MakeAtmTraceSourceAccessor(&AtmErica::m_loadFactor),
                                            "ns3::TracedValueCallback::Double");
    return tid;
}

bool
AtmErica::IsObserved() const
{
    return AtmFairShareBehaviour::IsObserved() || m_loadFactor.IsObserved();
}

AtmErica::AtmErica()
    : m_delta(0.1),
      m_abrCapacity(0),
      m_maxAllocPrevious(0),
      m_maxAllocCurrent(0),
      m_loadFactor(0)
{
    NS_LOG_FUNCTION(this);
}

AtmErica::~AtmErica()
{
    NS_LOG_FUNCTION(this);
}

double
AtmErica::GetAbrCapacity(const AtmPortState& port) const
{
    return GetTargetCapacity(port);
}

void
AtmErica::EndOfInterval(const AtmPortState& port)
{
    m_abrCapacity = GetAbrCapacity(port);
    m_loadFactor = m_abrCapacity > 0 ? GetMeter().GetInputRate() / m_abrCapacity : 0.0;
    SetFairShare(GetFillLevel(m_abrCapacity));
    m_maxAllocPrevious = m_maxAllocCurrent;
    m_maxAllocCurrent = GetFairShare();
    NS_LOG_LOGIC("capacity " << m_abrCapacity << " z " << m_loadFactor << " level "
                             << GetFairShare());
}

void
AtmErica::OnBackwardRm(AtmCell& brm, uint32_t slot, const AtmPortState& port)
{
    NS_LOG_FUNCTION(this << slot);
    Measure(port);
    if (!GetMeter().HasMeasurement())
    {
        return;
    }
    const double z = m_loadFactor;
    if (z <= 0)
    {
        StampEr(brm, slot, m_abrCapacity);
        return;
    }
    double ccr = GetMeter().GetCcr(slot);
    if (ccr < 0)
    {
        ccr = AtmRmCell::GetCcr(brm);
    }
    // The VC's part under the fairness criterion: its base (MCR or 0) plus
    // slope x the level; ERICA works on what it gets above its base
    // (Vandalore et al.: ER = MCR + Excess_ER). Under max-min base 0 and
    // slope 1: ERICA as published.
    const double level = GetFairShare();
    // Under MaxOfMcrOrShare every VC is stamped as under max-min (its
    // source keeps ACR >= MCR), but a VC held at its MCR does not raise
    // MaxAllocCurrent: its MCR is no measure of the others' share.
    const bool maxOf = GetFairness() == AtmMaxMinOracle::MAX_OF_MCR_OR_SHARE;
    const bool held = maxOf && IsHeld(slot, level);
    const Share share = maxOf ? Share{0.0, 1.0} : GetShare(slot, level);
    const double fairShare = share.base + share.slope * level;
    const double vcShare = std::max(0.0, ccr - share.base) / z;
    double excess = std::max(share.slope * level, vcShare);
    if (z <= 1 + m_delta)
    {
        excess = std::max(excess, share.slope * m_maxAllocPrevious);
    }
    if (share.slope > 0 && !held)
    {
        m_maxAllocCurrent = std::max(m_maxAllocCurrent, excess / share.slope);
    }
    double er = share.base + excess;
    // CCR went through the rate format, which rounds down: a VC at exactly
    // the fair share reads as just below it. Compare at that precision.
    if (er > fairShare && ccr < AtmRateFormat::RoundDown(fairShare))
    {
        er = fairShare;
    }
    StampEr(brm, slot, std::min(er, m_abrCapacity));
}

bool
AtmErica::IsHeld(uint32_t slot, double level) const
{
    return AtmFairShareBehaviour::IsHeld(slot, level) &&
           GetMeter().GetCcr(slot) <= GetMeter().GetMcr(slot);
}

double
AtmErica::GetLoadFactor() const
{
    return m_loadFactor;
}

} // namespace ns3
