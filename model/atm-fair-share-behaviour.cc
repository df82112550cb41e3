/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-fair-share-behaviour.h"

#include "atm-compat.h"
#include "atm-rm-cell.h"
#include "atm-trace-source-accessor.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/trace-source-accessor.h"

#include <algorithm>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmFairShareBehaviour");

NS_OBJECT_ENSURE_REGISTERED(AtmFairShareBehaviour);

TypeId
AtmFairShareBehaviour::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmFairShareBehaviour")
            .SetParent<AtmPortBehaviour>()
            .SetGroupName("Atm")
            .AddAttribute("Interval",
                          "Load measurement interval.",
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&AtmFairShareBehaviour::m_interval),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("TargetUtilization",
                          "Fraction of the port's cell rate the ABR VCs may fill.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&AtmFairShareBehaviour::m_targetUtilization),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute(
                "Fairness",
                "The TM 4.0 fairness criterion the scheme aims at (MaxMin ignores MCRs).",
                EnumValue(AtmMaxMinOracle::MAX_MIN),
                AtmMakeEnumAccessor<AtmMaxMinOracle::Criterion>(&AtmFairShareBehaviour::m_fairness),
                MakeEnumChecker(AtmMaxMinOracle::MAX_MIN,
                                "MaxMin",
                                AtmMaxMinOracle::MAX_OF_MCR_OR_SHARE,
                                "MaxOfMcrOrShare",
                                AtmMaxMinOracle::MCR_PLUS_EQUAL_SHARE,
                                "McrPlusEqualShare",
                                AtmMaxMinOracle::PROPORTIONAL_TO_MCR,
                                "ProportionalToMcr",
                                AtmMaxMinOracle::WEIGHTED,
                                "Weighted"))
            .AddTraceSource("FairShare",
                            "Fair-share level of the last measurement interval, cells/s.",
                            MakeAtmTraceSourceAccessor(&AtmFairShareBehaviour::m_fairShare),
                            "ns3::TracedValueCallback::Double");
    return tid;
}

AtmFairShareBehaviour::AtmFairShareBehaviour()
    : m_interval(MilliSeconds(1)),
      m_targetUtilization(1.0),
      m_fairness(AtmMaxMinOracle::MAX_MIN),
      m_fairShare(0)
{
    NS_LOG_FUNCTION(this);
}

AtmFairShareBehaviour::~AtmFairShareBehaviour()
{
    NS_LOG_FUNCTION(this);
}

std::string
AtmFairShareBehaviour::GetConfigError() const
{
    std::ostringstream os;
    if (!m_interval.IsStrictlyPositive())
    {
        os << "Interval = " << m_interval.As(Time::US) << ": must be positive";
    }
    else if (m_targetUtilization <= 0)
    {
        os << "TargetUtilization = " << m_targetUtilization << ": must be positive";
    }
    return os.str();
}

void
AtmFairShareBehaviour::Measure(const AtmPortState& port)
{
    if (m_meter.Poll(port.now, m_interval))
    {
        EndOfInterval(port);
    }
}

void
AtmFairShareBehaviour::OnDataArrival(AtmCell& /* cell */, uint32_t slot, const AtmPortState& port)
{
    Measure(port);
    // CBR and VBR load is served before ABR's: it lowers ABR's capacity.
    // UBR and GFR are served after ABR: they count for neither.
    if (port.category < AtmServiceCategory::ABR)
    {
        m_meter.CountHigher();
    }
    else if (port.category == AtmServiceCategory::ABR)
    {
        m_meter.Count(slot);
    }
}

void
AtmFairShareBehaviour::OnForwardRm(AtmCell& frm, uint32_t slot, const AtmPortState& port)
{
    Measure(port);
    m_meter.Count(slot);
    m_meter.SetCcr(slot, AtmRmCell::GetCcr(frm));
    if (m_fairness != AtmMaxMinOracle::MAX_MIN)
    {
        m_meter.SetMinimum(slot, AtmRmCell::GetMcr(frm), port.vcWeight);
    }
}

double
AtmFairShareBehaviour::GetFairShare() const
{
    return m_fairShare;
}

double
AtmFairShareBehaviour::GetTargetCapacity(const AtmPortState& port) const
{
    return std::max(0.0, m_targetUtilization * port.cellRate - m_meter.GetHigherRate());
}

const AtmLoadMeter&
AtmFairShareBehaviour::GetMeter() const
{
    return m_meter;
}

AtmMaxMinOracle::Criterion
AtmFairShareBehaviour::GetFairness() const
{
    return m_fairness;
}

AtmFairShareBehaviour::Share
AtmFairShareBehaviour::GetShare(uint32_t slot, double level) const
{
    if (m_fairness == AtmMaxMinOracle::MAX_MIN)
    {
        return {0.0, 1.0};
    }
    const double mcr = m_meter.GetMcr(slot);
    if (m_fairness == AtmMaxMinOracle::MAX_OF_MCR_OR_SHARE)
    {
        return IsHeld(slot, level) ? Share{mcr, 0.0} : Share{0.0, 1.0};
    }
    return {AtmMaxMinOracle::GetBase(m_fairness, mcr),
            AtmMaxMinOracle::GetSlope(m_fairness, mcr, m_meter.GetWeight(slot))};
}

bool
AtmFairShareBehaviour::IsHeld(uint32_t slot, double level) const
{
    const double mcr = m_meter.GetMcr(slot);
    return mcr > 0 && mcr >= level;
}

double
AtmFairShareBehaviour::FillLevelAt(double capacity, double level) const
{
    double left = capacity;
    double slopes = 0;
    for (uint32_t slot : m_meter.GetActiveVcs())
    {
        const Share share = GetShare(slot, level);
        left -= share.base;
        slopes += share.slope;
    }
    return slopes > 0 ? std::max(0.0, left) / slopes : capacity;
}

double
AtmFairShareBehaviour::GetFillLevel(double capacity) const
{
    return SettleLevel([this, capacity](double held) { return FillLevelAt(capacity, held); });
}

void
AtmFairShareBehaviour::SetFairShare(double fairShare)
{
    m_fairShare = fairShare;
}

bool
AtmFairShareBehaviour::IsObserved() const
{
    return AtmPortBehaviour::IsObserved() || m_fairShare.IsObserved();
}

} // namespace ns3
