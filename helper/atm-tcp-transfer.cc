/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-tcp-transfer.h"

#include "ns3/atm-tcp-reno-socket-factory.h"
#include "ns3/bulk-send-application.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmTcpTransfer");

AtmTcpTransfer::AtmTcpTransfer(Ptr<Node> src,
                               Ptr<Node> dst,
                               Ipv4Address dstAddress,
                               uint16_t port,
                               Time start,
                               uint64_t maxBytes,
                               bool reno)
{
    NS_LOG_FUNCTION(this << src->GetId() << dst->GetId() << dstAddress << port << start
                         << maxBytes);
    // On MPI ranks, each application runs on its node's rank only.
    if (src->GetSystemId() == Simulator::GetSystemId())
    {
        if (reno)
        {
            AtmTcpRenoSocketFactory::Install(src);
        }
        BulkSendHelper bulk(reno ? "ns3::AtmTcpRenoSocketFactory" : "ns3::TcpSocketFactory",
                            InetSocketAddress(dstAddress, port));
        bulk.SetAttribute("MaxBytes", UintegerValue(maxBytes));
        ApplicationContainer s = bulk.Install(src);
        s.Start(start);
        m_source = DynamicCast<BulkSendApplication>(s.Get(0));
    }
    if (dst->GetSystemId() == Simulator::GetSystemId())
    {
        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer k = sinkHelper.Install(dst);
        k.Start(Seconds(0));
        m_sink = DynamicCast<PacketSink>(k.Get(0));
    }
    // The sender's socket exists once it has started.
    Simulator::Schedule(start + NanoSeconds(1), &AtmTcpTransfer::Connect, this);
}

AtmTcpTransfer::~AtmTcpTransfer() = default;

void
AtmTcpTransfer::StartWindow()
{
    m_rxAtStart = GetTotalBytes();
    m_retxAtStart = m_retransmissions;
    m_rtoAtStart = m_timeouts;
    m_windowStart = Simulator::Now();
}

void
AtmTcpTransfer::EndWindow()
{
    m_rxInWindow = GetTotalBytes() - m_rxAtStart;
    m_retxInWindow = m_retransmissions - m_retxAtStart;
    m_rtoInWindow = m_timeouts - m_rtoAtStart;
    m_windowLength = Simulator::Now() - m_windowStart;
}

double
AtmTcpTransfer::GetGoodputMBps() const
{
    return m_rxInWindow / m_windowLength.GetSeconds() / 1e6;
}

uint64_t
AtmTcpTransfer::GetBytesInWindow() const
{
    return m_rxInWindow;
}

uint64_t
AtmTcpTransfer::GetTotalBytes() const
{
    return m_sink ? m_sink->GetTotalRx() : 0;
}

uint64_t
AtmTcpTransfer::GetRetransmissions() const
{
    return m_retxInWindow;
}

uint64_t
AtmTcpTransfer::GetTimeouts() const
{
    return m_rtoInWindow;
}

Ptr<Application>
AtmTcpTransfer::GetSender() const
{
    return m_source;
}

void
AtmTcpTransfer::Connect()
{
    Ptr<Socket> socket = m_source ? m_source->GetSocket() : nullptr;
    if (!socket)
    {
        return; // stopped before it started, or on another rank
    }
    socket->TraceConnectWithoutContext("Tx", MakeCallback(&AtmTcpTransfer::OnTx, this));
    socket->TraceConnectWithoutContext("CongState",
                                       MakeCallback(&AtmTcpTransfer::OnCongState, this));
}

void
AtmTcpTransfer::OnTx(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase>)
{
    if (p->GetSize() == 0)
    {
        return;
    }
    const SequenceNumber32 end = h.GetSequenceNumber() + p->GetSize();
    if (m_anySent && h.GetSequenceNumber() < m_highest)
    {
        ++m_retransmissions;
    }
    if (!m_anySent || end > m_highest)
    {
        m_highest = end;
    }
    m_anySent = true;
}

void
AtmTcpTransfer::OnCongState(TcpSocketState::TcpCongState_t, TcpSocketState::TcpCongState_t to)
{
    m_timeouts += (to == TcpSocketState::CA_LOSS);
}

} // namespace ns3
