/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-vbr-source.h"

#include "atm-simulator-impl.h"
#include "atm-vc.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmVbrSource");

NS_OBJECT_ENSURE_REGISTERED(AtmVbrSource);

TypeId
AtmVbrSource::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmVbrSource")
            .SetParent<AtmCellSource>()
            .SetGroupName("Atm")
            .AddConstructor<AtmVbrSource>()
            .AddAttribute("Pcr",
                          "Peak cell rate, cells/s: the rate within a burst.",
                          DoubleValue(10000),
                          MakeDoubleAccessor(&AtmVbrSource::m_pcr),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("Scr",
                          "Sustainable cell rate, cells/s (at most Pcr).",
                          DoubleValue(2000),
                          MakeDoubleAccessor(&AtmVbrSource::m_scr),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("Mbs",
                          "Maximum burst size, cells: the longest burst at the PCR.",
                          UintegerValue(50),
                          MakeUintegerAccessor(&AtmVbrSource::m_mbs),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("MeanRate",
                          "Long-run cell rate, cells/s, at most Scr (0: every burst as soon "
                          "as it conforms, a long-run rate of Scr).",
                          DoubleValue(1000),
                          MakeDoubleAccessor(&AtmVbrSource::m_meanRate),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("BurstSize",
                          "Cells of a burst, rounded and held to [1, Mbs] (null: uniform "
                          "on 1..Mbs).",
                          PointerValue(),
                          MakePointerAccessor(&AtmVbrSource::m_burstSize),
                          MakePointerChecker<RandomVariableStream>());
    return tid;
}

AtmVbrSource::AtmVbrSource()
    : m_pcr(10000),
      m_scr(2000),
      m_mbs(50),
      m_meanRate(1000),
      m_uniform(CreateObject<UniformRandomVariable>()),
      m_gap(CreateObject<ExponentialRandomVariable>()),
      m_pcrStep(1),
      m_scrStep(1),
      m_lastCell(0),
      m_sentAny(false),
      m_due(0),
      m_burst(0),
      m_burstLeft(0)
{
    NS_LOG_FUNCTION(this);
    m_gap->SetAttribute("Mean", DoubleValue(1));
    m_timer.SetFunction(&AtmVbrSource::Tick, this);
}

AtmVbrSource::~AtmVbrSource()
{
    NS_LOG_FUNCTION(this);
}

void
AtmVbrSource::DoDispose()
{
    m_timer.Cancel();
    m_burstSize = nullptr;
    m_uniform = nullptr;
    m_gap = nullptr;
    AtmCellSource::DoDispose();
}

int64_t
AtmVbrSource::AssignStreams(int64_t stream)
{
    m_uniform->SetStream(stream);
    m_gap->SetStream(stream + 1);
    if (m_burstSize)
    {
        m_burstSize->SetStream(stream + 2);
    }
    return 3;
}

std::string
AtmVbrSource::GetConfigError() const
{
    std::ostringstream os;
    if (m_pcr <= 0)
    {
        os << "Pcr = " << m_pcr << ": must be positive";
    }
    else if (m_scr <= 0)
    {
        os << "Scr = " << m_scr << ": must be positive";
    }
    else if (m_scr > m_pcr)
    {
        os << "Scr = " << m_scr << ": exceeds Pcr = " << m_pcr << " (TM 4.0 section 4.4.2)";
    }
    else if (m_mbs == 0)
    {
        os << "Mbs = 0: a burst has at least 1 cell";
    }
    else if (m_meanRate > m_scr)
    {
        os << "MeanRate = " << m_meanRate << ": exceeds Scr = " << m_scr;
    }
    return os.str();
}

uint32_t
AtmVbrSource::DrawBurst()
{
    if (!m_burstSize)
    {
        return m_uniform->GetInteger(1, m_mbs);
    }
    const double cells = std::round(m_burstSize->GetValue());
    return static_cast<uint32_t>(std::clamp(cells, 1.0, static_cast<double>(m_mbs)));
}

void
AtmVbrSource::DoStartSending()
{
    NS_LOG_FUNCTION(this);
    if (const std::string error = GetConfigError(); !error.empty())
    {
        NS_FATAL_ERROR(GetInstanceTypeId().GetName() << " on node " << GetNode()->GetId() << " (VC "
                                                     << GetVc()->GetId() << "): " << error);
    }
    // The strictest whole-step rounding of the contract: a stream that
    // conforms to GCRA(I, L) conforms to any GCRA(I', L') with I' <= I and
    // L' >= L, so to the exact one and to any rounding a policer makes.
    const double perSecond = static_cast<double>(Seconds(1).GetTimeStep());
    m_pcrStep = static_cast<int64_t>(std::ceil(perSecond / m_pcr));
    m_scrStep = std::max(m_pcrStep, static_cast<int64_t>(std::ceil(perSecond / m_scr)));
    const double bt = (m_mbs - 1) * (perSecond / m_scr - perSecond / m_pcr);
    const auto limit = std::max<int64_t>(0, static_cast<int64_t>(std::floor(bt)));
    if (!m_sentAny)
    {
        m_scrGcra = AtmGcra(m_scrStep, limit);
    }
    const int64_t now = AtmSimulatorImpl::CurrentTimeStep();
    m_due = now;
    m_burst = 0;
    const int64_t first = StartBurst(m_sentAny ? std::max(now, m_lastCell + m_pcrStep) : now);
    m_timer.Schedule(TimeStep(first - now));
}

void
AtmVbrSource::DoStopSending()
{
    NS_LOG_FUNCTION(this);
    m_timer.Cancel();
}

int64_t
AtmVbrSource::StartBurst(int64_t earliest)
{
    if (m_meanRate > 0 && m_burst > 0)
    {
        const double gap = m_burst * m_gap->GetValue() / m_meanRate;
        m_due += static_cast<int64_t>(std::llround(gap * Seconds(1).GetTimeStep()));
    }
    m_burst = DrawBurst();
    m_burstLeft = m_burst;
    int64_t start = std::max(earliest, m_due);
    if (m_sentAny)
    {
        // All b cells at 1/PCR from t0 conform while t0 <= TAT if
        // t0 + k I_PCR >= TAT + k I_SCR - L for k = b - 1; waiting past
        // TAT (a drained bucket) gains nothing.
        const int64_t limit = m_scrGcra.GetLimit();
        const int64_t tat = m_scrGcra.GetEarliestConformingTime() + limit;
        const int64_t fit = tat - limit + (m_burst - 1) * (m_scrStep - m_pcrStep);
        start = std::max(start, std::min(tat, fit));
    }
    NS_LOG_LOGIC("burst of " << m_burst << " cells at step " << start);
    return start;
}

void
AtmVbrSource::Tick()
{
    const int64_t now = AtmSimulatorImpl::CurrentTimeStep();
    NS_ASSERT_MSG(m_scrGcra.Conforms(now), "AtmVbrSource: a cell beyond the SCR bucket");
    SendOneCell();
    m_scrGcra.Update(now);
    m_lastCell = now;
    m_sentAny = true;
    int64_t next;
    if (--m_burstLeft > 0)
    {
        next = std::max(now + m_pcrStep, m_scrGcra.GetEarliestConformingTime());
    }
    else
    {
        next = StartBurst(now + m_pcrStep);
    }
    m_timer.Schedule(TimeStep(next - now));
}

} // namespace ns3
