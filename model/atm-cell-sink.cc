/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cell-sink.h"

#include "atm-net-device.h"
#include "atm-simulator-impl.h"
#include "atm-trace-source-accessor.h"
#include "atm-vc.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCellSink");

NS_OBJECT_ENSURE_REGISTERED(AtmCellSink);

TypeId
AtmCellSink::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmCellSink")
                            .SetParent<Application>()
                            .SetGroupName("Atm")
                            .AddConstructor<AtmCellSink>()
                            .AddTraceSource("Rx",
                                            "A cell of the VC was received.",
                                            MakeAtmTraceSourceAccessor(&AtmCellSink::m_traceRx),
                                            "ns3::AtmNetDevice::CellTracedCallback");
    return tid;
}

AtmCellSink::AtmCellSink()
    : m_running(false),
      m_received(0),
      m_lost(0),
      m_misordered(0),
      m_haveSeq(false),
      m_nextSeq(0),
      m_delaySum(0),
      m_delayMax(0)
{
    NS_LOG_FUNCTION(this);
}

AtmCellSink::~AtmCellSink()
{
    NS_LOG_FUNCTION(this);
}

void
AtmCellSink::DoDispose()
{
    m_vc = nullptr;
    Application::DoDispose();
}

void
AtmCellSink::SetVc(Ptr<AtmVc> vc)
{
    NS_ABORT_MSG_IF(!vc || !vc->GetDestinationDevice(), "AtmCellSink: VC has no destination port");
    m_vc = vc;
    vc->GetDestinationDevice()->SetRxVcCallback(vc->GetDestinationSlot(),
                                                MakeCallback(&AtmCellSink::Receive, this));
}

void
AtmCellSink::StartApplication()
{
    m_running = true;
    m_start = AtmSimulatorImpl::CurrentTime();
}

void
AtmCellSink::StopApplication()
{
    m_running = false;
    m_stop = AtmSimulatorImpl::CurrentTime();
}

void
AtmCellSink::Receive(const AtmCell& cell)
{
    const uint32_t seq = cell.GetSequence();
    const bool inOrder = !m_haveSeq || seq >= m_nextSeq;
    if (m_running)
    {
        m_traceRx(cell);
        ++m_received;
        if (!inOrder)
        {
            ++m_misordered;
        }
        else if (m_haveSeq)
        {
            m_lost += seq - m_nextSeq;
        }
        const int64_t d = (AtmSimulatorImpl::CurrentTime() - cell.GetTimestamp()).GetTimeStep();
        m_delaySum += d;
        m_delayMax = std::max(m_delayMax, d);
    }
    if (inOrder)
    {
        m_nextSeq = seq + 1;
        m_haveSeq = true;
    }
}

Time
AtmCellSink::GetWindow() const
{
    return (m_running ? AtmSimulatorImpl::CurrentTime() : m_stop) - m_start;
}

uint64_t
AtmCellSink::GetCellsReceived() const
{
    return m_received;
}

uint64_t
AtmCellSink::GetCellsLost() const
{
    return m_lost;
}

uint64_t
AtmCellSink::GetCellsMisordered() const
{
    return m_misordered;
}

double
AtmCellSink::GetCellRate() const
{
    const double w = GetWindow().GetSeconds();
    return w > 0 ? m_received / w : 0.0;
}

double
AtmCellSink::GetThroughput() const
{
    return GetCellRate() * AtmCell::BITS;
}

Time
AtmCellSink::GetMeanDelay() const
{
    return m_received ? TimeStep(m_delaySum / static_cast<int64_t>(m_received)) : Time(0);
}

Time
AtmCellSink::GetMaxDelay() const
{
    return TimeStep(m_delayMax);
}

} // namespace ns3
