/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-macr-port-behaviour.h"

#include "atm-compat.h"
#include "atm-rm-cell.h"
#include "atm-trace-source-accessor.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmMacrPortBehaviour");

NS_OBJECT_ENSURE_REGISTERED(AtmMacrPortBehaviour);

TypeId
AtmMacrPortBehaviour::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmMacrPortBehaviour")
            .SetParent<AtmPortBehaviour>()
            .SetGroupName("Atm")
            .AddAttribute("Av",
                          "MACR averaging factor AV.",
                          DoubleValue(1.0 / 16),
                          MakeDoubleAccessor(&AtmMacrPortBehaviour::m_av),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("Vcs",
                          "VC separator VCS: while congested, only CCR >= VCS * MACR is averaged.",
                          DoubleValue(7.0 / 8),
                          MakeDoubleAccessor(&AtmMacrPortBehaviour::m_vcs),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("Dpf",
                          "Down pressure factor DPF: VCs with CCR > DPF * MACR are above "
                          "their share.",
                          DoubleValue(7.0 / 8),
                          MakeDoubleAccessor(&AtmMacrPortBehaviour::m_dpf),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("Dqt",
                          "Very-congested queue threshold DQT, cells (0: never).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmMacrPortBehaviour::m_dqt),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("InitialMacr",
                          "MACR before any forward RM cell, cells/s (0: the first CCR).",
                          DoubleValue(0),
                          MakeDoubleAccessor(&AtmMacrPortBehaviour::m_initialMacr),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("CongestionDetection",
                          "Thresholds (eq. 2), VcThresholds (eqs. 3-5) or QueueGrowth (APRC).",
                          EnumValue(THRESHOLDS),
                          AtmMakeEnumAccessor<Detection>(&AtmMacrPortBehaviour::m_detection),
                          MakeEnumChecker(THRESHOLDS,
                                          "Thresholds",
                                          VC_THRESHOLDS,
                                          "VcThresholds",
                                          QUEUE_GROWTH,
                                          "QueueGrowth"))
            .AddAttribute("GrowthInterval",
                          "QueueGrowth: least time between two queue samples (0: every RM cell).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&AtmMacrPortBehaviour::m_growthInterval),
                          MakeTimeChecker(Seconds(0)))
            .AddTraceSource("Macr",
                            "Mean allowed cell rate, cells/s.",
                            MakeAtmTraceSourceAccessor(&AtmMacrPortBehaviour::m_macr),
                            "ns3::TracedValueCallback::Double");
    return tid;
}

AtmMacrPortBehaviour::AtmMacrPortBehaviour()
    : m_macr(0),
      m_macrSet(false),
      m_lastQueue(0),
      m_growing(false)
{
    NS_LOG_FUNCTION(this);
}

AtmMacrPortBehaviour::~AtmMacrPortBehaviour()
{
    NS_LOG_FUNCTION(this);
}

void
AtmMacrPortBehaviour::OnForwardRm(AtmCell& frm, uint32_t slot, const AtmPortState& port)
{
    NS_LOG_FUNCTION(this << slot);
    const bool congested = UpdateCongestion(port);
    const double ccr = AtmRmCell::GetCcr(frm);
    if (!m_macrSet)
    {
        m_macr = m_initialMacr > 0 ? m_initialMacr : ccr;
        m_macrSet = true;
        if (m_initialMacr <= 0)
        {
            return;
        }
    }
    // Very congested: every VC is held at MRF * MACR by this port, none is
    // taken to be bottlenecked elsewhere (see the class doc).
    if (!congested || IsVeryCongested(port) || ccr >= m_vcs * m_macr)
    {
        m_macr = m_macr + m_av * (ccr - m_macr);
    }
}

double
AtmMacrPortBehaviour::GetMacr() const
{
    return m_macrSet ? m_macr.Get() : m_initialMacr;
}

bool
AtmMacrPortBehaviour::UpdateCongestion(const AtmPortState& port)
{
    switch (m_detection)
    {
    case VC_THRESHOLDS:
        return port.vcCongested;
    case QUEUE_GROWTH:
        if (port.now - m_lastSample >= m_growthInterval)
        {
            m_growing = port.queueCells > m_lastQueue;
            m_lastQueue = port.queueCells;
            m_lastSample = port.now;
        }
        return m_growing;
    case THRESHOLDS:
    default:
        return port.congested;
    }
}

bool
AtmMacrPortBehaviour::IsVeryCongested(const AtmPortState& port) const
{
    return m_dqt > 0 && port.queueCells > m_dqt;
}

bool
AtmMacrPortBehaviour::IsAboveShare(double ccr) const
{
    return ccr > m_dpf * GetMacr();
}

bool
AtmMacrPortBehaviour::IsObserved() const
{
    return AtmPortBehaviour::IsObserved() || m_macr.IsObserved();
}

} // namespace ns3
