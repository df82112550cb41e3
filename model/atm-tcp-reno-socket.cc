/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-tcp-reno-socket.h"

#include "atm-trace-source-accessor.h"

#include "ns3/log.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-tx-buffer.h"
#include "ns3/trace-source-accessor.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmTcpRenoSocket");

NS_OBJECT_ENSURE_REGISTERED(AtmTcpRenoSocket);

TypeId
AtmTcpRenoSocket::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmTcpRenoSocket")
            .SetParent<TcpSocketBase>()
            .SetGroupName("Atm")
            .AddConstructor<AtmTcpRenoSocket>()
            .AddTraceSource("RenoExits",
                            "Fast recoveries ended by an ACK below the recovery "
                            "point (Reno's end of recovery).",
                            MakeAtmTraceSourceAccessor(&AtmTcpRenoSocket::m_renoExits),
                            "ns3::TracedValueCallback::Uint32");
    return tid;
}

AtmTcpRenoSocket::AtmTcpRenoSocket()
    : m_renoExits(0)
{
    NS_LOG_FUNCTION(this);
}

AtmTcpRenoSocket::AtmTcpRenoSocket(const AtmTcpRenoSocket& sock)
    : TcpSocketBase(sock),
      m_renoExits(0)
{
    NS_LOG_FUNCTION(this);
}

uint32_t
AtmTcpRenoSocket::GetRenoExits() const
{
    return m_renoExits;
}

Ptr<TcpSocketBase>
AtmTcpRenoSocket::Fork()
{
    return CopyObject<AtmTcpRenoSocket>(this);
}

void
AtmTcpRenoSocket::ReceivedAck(Ptr<Packet> packet, const TcpHeader& tcpHeader)
{
    const SequenceNumber32 ack = tcpHeader.GetAckNumber();
    if (m_tcb->m_congState == TcpSocketState::CA_RECOVERY && ack > m_txBuffer->HeadSequence() &&
        ack < m_recover)
    {
        NS_LOG_LOGIC("partial ACK " << ack << " below " << m_recover << ": recovery ends");
        m_recover = ack;
        // Without SACK, TcpTxBuffer counts each duplicate ACK as a segment
        // received beyond the hole, and would resend the next hole at once
        // as lost; Reno knows nothing of it until three new duplicate ACKs
        // (or the timer).
        if (!m_sackEnabled)
        {
            m_txBuffer->ResetRenoSack();
        }
        ++m_renoExits;
    }
    TcpSocketBase::ReceivedAck(packet, tcpHeader);
}

} // namespace ns3
