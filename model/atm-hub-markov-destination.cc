/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-hub-markov-destination.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmHubMarkovDestination");

NS_OBJECT_ENSURE_REGISTERED(AtmHubMarkovDestination);

TypeId
AtmHubMarkovDestination::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmHubMarkovDestination")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddConstructor<AtmHubMarkovDestination>()
            .AddAttribute("NStates",
                          "M: the number of logical addresses the chain moves among.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&AtmHubMarkovDestination::m_states),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("CorrelationLength",
                          "Mean sojourn 1/((M-1)p), envelopes: at least 1 (p = 1/(M-1)).",
                          DoubleValue(1),
                          MakeDoubleAccessor(&AtmHubMarkovDestination::m_length),
                          MakeDoubleChecker<double>(1));
    return tid;
}

AtmHubMarkovDestination::AtmHubMarkovDestination()
    : m_states(1),
      m_length(1),
      m_state(0),
      m_started(false),
      m_uniform(CreateObject<UniformRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

AtmHubMarkovDestination::~AtmHubMarkovDestination()
{
    NS_LOG_FUNCTION(this);
}

void
AtmHubMarkovDestination::DoDispose()
{
    m_uniform = nullptr;
    Object::DoDispose();
}

void
AtmHubMarkovDestination::Check() const
{
    NS_ABORT_MSG_IF(m_states < 2 && m_length > 1,
                    "AtmHubMarkovDestination: CorrelationLength = "
                        << m_length << " needs NStates >= 2 (NStates = " << m_states << ")");
}

double
AtmHubMarkovDestination::GetTransitionProbability() const
{
    return m_states < 2 ? 0.0 : 1.0 / ((m_states - 1) * m_length);
}

uint32_t
AtmHubMarkovDestination::Next()
{
    if (!m_started)
    {
        Check();
        m_started = true;
        m_state = m_uniform->GetInteger(0, m_states - 1);
        return m_state;
    }
    if (m_states < 2)
    {
        return m_state;
    }
    // Leave with probability (M-1)p = 1/length, to each other state alike.
    if (m_uniform->GetValue() < 1.0 / m_length)
    {
        m_state = (m_state + m_uniform->GetInteger(1, m_states - 1)) % m_states;
    }
    return m_state;
}

uint32_t
AtmHubMarkovDestination::GetState() const
{
    return m_state;
}

int64_t
AtmHubMarkovDestination::AssignStreams(int64_t stream)
{
    m_uniform->SetStream(stream);
    return 1;
}

} // namespace ns3
