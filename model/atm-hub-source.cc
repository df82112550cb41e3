/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-hub-source.h"

#include "atm-bus-hub.h"
#include "atm-compat.h"
#include "atm-hub-markov-destination.h"
#include "atm-simulator-impl.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmHubSource");

NS_OBJECT_ENSURE_REGISTERED(AtmHubSource);

TypeId
AtmHubSource::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmHubSource")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddConstructor<AtmHubSource>()
            .AddAttribute("Rate",
                          "Mean rate of envelope bits (Poisson, Cbr).",
                          DataRateValue(DataRate("100Mbps")),
                          MakeDataRateAccessor(&AtmHubSource::m_rate),
                          MakeDataRateChecker())
            .AddAttribute("Arrivals",
                          "Poisson, Cbr or Persistent.",
                          EnumValue(POISSON),
                          AtmMakeEnumAccessor<Arrivals>(&AtmHubSource::m_arrivals),
                          MakeEnumChecker(POISSON, "Poisson", CBR, "Cbr", PERSISTENT, "Persistent"))
            .AddAttribute("MeanBatch",
                          "Mean batch size, envelopes (uniform on [1, 2 MeanBatch - 1]).",
                          DoubleValue(1),
                          MakeDoubleAccessor(&AtmHubSource::m_meanBatch),
                          MakeDoubleChecker<double>(1))
            .AddAttribute("CorrelationLength",
                          "Mean destination correlation length, batches (0: independent "
                          "uniform destinations).",
                          DoubleValue(0),
                          MakeDoubleAccessor(&AtmHubSource::m_correlation),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("Backlog",
                          "Persistent: envelopes kept in the send RAM.",
                          UintegerValue(4),
                          MakeUintegerAccessor(&AtmHubSource::m_backlog),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

AtmHubSource::AtmHubSource()
    : m_arrivals(POISSON),
      m_meanBatch(1),
      m_correlation(0),
      m_backlog(4),
      m_board(0),
      m_stream(0),
      m_chain(CreateObject<AtmHubMarkovDestination>()),
      m_gap(CreateObject<ExponentialRandomVariable>()),
      m_batch(CreateObject<UniformRandomVariable>()),
      m_generated(0)
{
    NS_LOG_FUNCTION(this);
    m_begin.SetFunction(&AtmHubSource::Begin, this);
    m_event.SetFunction(&AtmHubSource::Arrive, this);
}

AtmHubSource::~AtmHubSource()
{
    NS_LOG_FUNCTION(this);
}

void
AtmHubSource::DoDispose()
{
    m_begin.Cancel();
    m_event.Cancel();
    m_hub = nullptr;
    m_chain = nullptr;
    m_gap = nullptr;
    m_batch = nullptr;
    Object::DoDispose();
}

void
AtmHubSource::Setup(Ptr<AtmBusHub> hub,
                    uint32_t board,
                    uint32_t stream,
                    const std::vector<uint32_t>& destinations)
{
    NS_ABORT_MSG_IF(destinations.empty(),
                    "AtmHubSource: stream " << stream << " has no destination address");
    m_hub = hub;
    m_board = board;
    m_stream = stream;
    m_destinations = destinations;
}

void
AtmHubSource::Run(Time start, Time stop)
{
    NS_ABORT_MSG_IF(!m_hub, "AtmHubSource: Run before Setup");
    NS_ABORT_MSG_IF(m_arrivals != PERSISTENT && m_rate.GetBitRate() == 0,
                    "AtmHubSource: stream " << m_stream << " Rate = 0");
    const uint32_t m = m_destinations.size();
    m_chain->SetAttribute("NStates", UintegerValue(m));
    m_chain->SetAttribute("CorrelationLength",
                          DoubleValue(m_correlation > 0 || m < 2 ? std::max(1.0, m_correlation)
                                                                 : double(m) / (m - 1)));
    m_stop = stop;
    m_begin.Schedule(start);
}

void
AtmHubSource::Begin()
{
    if (m_arrivals == PERSISTENT)
    {
        m_hub->TraceConnectWithoutContext("Fetch", MakeCallback(&AtmHubSource::Fetched, this));
        for (uint32_t i = 0; i < m_backlog; ++i)
        {
            ++m_generated;
            m_hub->Inject(m_board, NextDestination(), m_stream);
        }
        return;
    }
    Arrive();
}

uint32_t
AtmHubSource::NextDestination()
{
    return m_destinations[m_chain->Next()];
}

void
AtmHubSource::Arrive()
{
    if (AtmSimulatorImpl::CurrentTime() >= m_stop)
    {
        return;
    }
    const uint32_t hi = std::lround(2 * m_meanBatch - 1);
    const uint32_t size = hi <= 1 ? 1 : m_batch->GetInteger(1, hi);
    const uint32_t a = NextDestination();
    for (uint32_t i = 0; i < size; ++i)
    {
        ++m_generated;
        m_hub->Inject(m_board, a, m_stream);
    }
    // Mean gap between batches: MeanBatch envelopes at Rate.
    const double mean = m_meanBatch * m_hub->GetEnvelopeBits() / m_rate.GetBitRate();
    const double gap = m_arrivals == CBR ? mean : mean * m_gap->GetValue();
    m_event.Schedule(Seconds(gap));
}

void
AtmHubSource::Fetched(uint32_t /* board */, uint32_t stream, uint32_t /* address */)
{
    if (stream == m_stream && AtmSimulatorImpl::CurrentTime() < m_stop)
    {
        ++m_generated;
        m_hub->Inject(m_board, NextDestination(), m_stream);
    }
}

uint64_t
AtmHubSource::GetGenerated() const
{
    return m_generated;
}

int64_t
AtmHubSource::AssignStreams(int64_t stream)
{
    m_gap->SetStream(stream);
    m_batch->SetStream(stream + 1);
    m_chain->AssignStreams(stream + 2);
    return 3;
}

} // namespace ns3
