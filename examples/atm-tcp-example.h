/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TCP_EXAMPLE_H
#define ATM_TCP_EXAMPLE_H

/**
 * @file
 * @ingroup atm
 * What the TCP-over-ATM examples share: the TCP of the papers (a greedy
 * bulk sender, a window limit, an MSS, BSD-like timers), and the counters
 * each transfer reports (goodput over a window, retransmitted segments,
 * retransmission timeouts).
 */

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <string>

namespace ns3
{

/// TCP settings of a TCP-over-ATM example.
struct AtmTcpSettings
{
    std::string variant{"ns3::TcpNewReno"}; //!< TcpL4Protocol::SocketType
    uint32_t mss{9140};                     //!< segment size, octets
    uint32_t window{65535};                 //!< send and receive buffers (the window limit)
    bool sack{false};                       //!< SACK (the papers' Reno had none)
    bool timestamps{false};                 //!< RFC 1323 timestamps
    double granularityMs{500};              //!< RTO clock tick (BSD: 500 ms)
    double minRtoMs{1000};                  //!< smallest RTO

    /**
     * @brief Add the settings to a command line.
     * @param cmd the command line
     */
    void AddTo(CommandLine& cmd)
    {
        cmd.AddValue("tcp", "TCP congestion control (TypeId name)", variant);
        cmd.AddValue("mss", "TCP segment size, octets", mss);
        cmd.AddValue("window", "TCP window limit: send and receive buffer, octets", window);
        cmd.AddValue("sack", "TCP SACK", sack);
        cmd.AddValue("timestamps", "TCP timestamps (RFC 1323)", timestamps);
        cmd.AddValue("rtoTickMs", "TCP retransmission timer tick, ms (BSD: 500)", granularityMs);
        cmd.AddValue("minRtoMs", "TCP smallest retransmission timeout, ms", minRtoMs);
    }

    /// Make them the defaults of every TCP socket created from now on.
    void Apply() const
    {
        Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue(variant));
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(mss));
        Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(window));
        Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(window));
        Config::SetDefault("ns3::TcpSocketBase::WindowScaling", BooleanValue(false));
        Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(sack));
        Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(timestamps));
        Config::SetDefault("ns3::TcpSocketBase::ClockGranularity",
                           TimeValue(MilliSeconds(granularityMs)));
        Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(minRtoMs)));
    }

    /// @return a one-line description for the report
    std::string Describe() const
    {
        return variant + ", MSS " + std::to_string(mss) + ", window " + std::to_string(window) +
               ", SACK " + (sack ? "on" : "off") + ", timestamps " + (timestamps ? "on" : "off") +
               ", RTO tick " + std::to_string(static_cast<int>(granularityMs)) + " ms";
    }
};

/**
 * @brief One greedy TCP transfer and what it reports.
 */
class AtmTcpTransfer
{
  public:
    /**
     * @brief A BulkSend from @p src to a PacketSink on @p dst.
     * @param src the sending host
     * @param dst the receiving host
     * @param dstAddress dst's address
     * @param port the TCP port
     * @param start when the sender starts
     */
    AtmTcpTransfer(Ptr<Node> src, Ptr<Node> dst, Ipv4Address dstAddress, uint16_t port, Time start)
    {
        BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(dstAddress, port));
        bulk.SetAttribute("MaxBytes", UintegerValue(0));
        ApplicationContainer s = bulk.Install(src);
        s.Start(start);
        m_source = DynamicCast<BulkSendApplication>(s.Get(0));
        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer k = sinkHelper.Install(dst);
        k.Start(Seconds(0));
        m_sink = DynamicCast<PacketSink>(k.Get(0));
        // The sender's socket exists once it has started.
        Simulator::Schedule(start + NanoSeconds(1), &AtmTcpTransfer::Connect, this);
    }

    /// Start the measurement window now.
    void StartWindow()
    {
        m_rxAtStart = m_sink->GetTotalRx();
        m_retxAtStart = m_retransmissions;
        m_rtoAtStart = m_timeouts;
        m_windowStart = Simulator::Now();
    }

    /// End the measurement window now.
    void EndWindow()
    {
        m_rxInWindow = m_sink->GetTotalRx() - m_rxAtStart;
        m_retxInWindow = m_retransmissions - m_retxAtStart;
        m_rtoInWindow = m_timeouts - m_rtoAtStart;
        m_windowLength = Simulator::Now() - m_windowStart;
    }

    /// @return goodput over the window, in 10^6 octets per second
    double GetGoodputMBps() const
    {
        return m_rxInWindow / m_windowLength.GetSeconds() / 1e6;
    }

    /// @return octets received in the window
    uint64_t GetBytesInWindow() const
    {
        return m_rxInWindow;
    }

    /// @return octets received since the start
    uint64_t GetTotalBytes() const
    {
        return m_sink->GetTotalRx();
    }

    /// @return segments retransmitted in the window
    uint64_t GetRetransmissions() const
    {
        return m_retxInWindow;
    }

    /// @return retransmission timeouts in the window
    uint64_t GetTimeouts() const
    {
        return m_rtoInWindow;
    }

  private:
    /// Count the sender's retransmissions and timeouts.
    void Connect()
    {
        Ptr<Socket> socket = m_source->GetSocket();
        socket->TraceConnectWithoutContext("Tx", MakeCallback(&AtmTcpTransfer::OnTx, this));
        socket->TraceConnectWithoutContext("CongState",
                                           MakeCallback(&AtmTcpTransfer::OnCongState, this));
    }

    /**
     * @brief A segment left the sender.
     * @param p the segment
     * @param h its header
     */
    void OnTx(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase>)
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

    /**
     * @brief The congestion state changed.
     * @param to the new state (CA_LOSS: a retransmission timeout)
     */
    void OnCongState(TcpSocketState::TcpCongState_t, TcpSocketState::TcpCongState_t to)
    {
        m_timeouts += (to == TcpSocketState::CA_LOSS);
    }

    Ptr<BulkSendApplication> m_source; //!< the sender
    Ptr<PacketSink> m_sink;            //!< the receiver
    SequenceNumber32 m_highest;        //!< highest sequence sent + 1
    bool m_anySent{false};             //!< a data segment was sent
    uint64_t m_retransmissions{0};     //!< segments sent again
    uint64_t m_timeouts{0};            //!< entries into CA_LOSS
    uint64_t m_rxAtStart{0};           //!< sink octets at the window start
    uint64_t m_retxAtStart{0};         //!< retransmissions at the window start
    uint64_t m_rtoAtStart{0};          //!< timeouts at the window start
    uint64_t m_rxInWindow{0};          //!< octets in the window
    uint64_t m_retxInWindow{0};        //!< retransmissions in the window
    uint64_t m_rtoInWindow{0};         //!< timeouts in the window
    Time m_windowStart;                //!< window start
    Time m_windowLength;               //!< window length
};

} // namespace ns3

#endif /* ATM_TCP_EXAMPLE_H */
