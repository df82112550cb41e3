/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TCP_TRANSFER_H
#define ATM_TCP_TRANSFER_H

#include "ns3/ipv4-address.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/sequence-number.h"
#include "ns3/tcp-socket-state.h"

#include <cstdint>

namespace ns3
{

class Application;
class BulkSendApplication;
class Packet;
class PacketSink;
class TcpHeader;
class TcpSocketBase;

/**
 * @ingroup atm
 * @brief One greedy TCP bulk transfer (ns-3's BulkSendApplication into a
 *        PacketSink) and what it reports: goodput over a measurement
 *        window, segments retransmitted, retransmission timeouts.
 *
 * The TCP itself is whatever the socket defaults say (AtmTcpSettings),
 * with Reno's fast recovery if asked (AtmTcpRenoSocketFactory).
 * Used by the TCP-over-ATM examples and by AtmScenarioHelper for a VC
 * with "tcp" traffic. In a distributed run the sender is made only on
 * the rank of @p src and the sink only on the rank of @p dst: elsewhere
 * GetSender() is null and the counts of the missing side are 0.
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
     * @param maxBytes octets to send (0: without end)
     * @param reno the sender's fast recovery is Reno's (AtmTcpRenoSocket,
     *        AtmTcpSettings::reno), not ns-3's NewReno
     */
    AtmTcpTransfer(Ptr<Node> src,
                   Ptr<Node> dst,
                   Ipv4Address dstAddress,
                   uint16_t port,
                   Time start,
                   uint64_t maxBytes = 0,
                   bool reno = false);
    ~AtmTcpTransfer();
    AtmTcpTransfer(const AtmTcpTransfer&) = delete;
    AtmTcpTransfer& operator=(const AtmTcpTransfer&) = delete;

    /// Start the measurement window now.
    void StartWindow();

    /// End the measurement window now.
    void EndWindow();

    /// @return goodput over the window, in 10^6 octets per second
    double GetGoodputMBps() const;

    /// @return octets received in the window
    uint64_t GetBytesInWindow() const;

    /// @return octets received since the start
    uint64_t GetTotalBytes() const;

    /// @return segments retransmitted in the window
    uint64_t GetRetransmissions() const;

    /// @return retransmission timeouts in the window
    uint64_t GetTimeouts() const;

    /// @return the sending application (to set its stop time); null on another rank's node
    Ptr<Application> GetSender() const;

  private:
    /// Count the sender's retransmissions and timeouts.
    void Connect();

    /**
     * @brief A segment left the sender.
     * @param p the segment
     * @param h its header
     */
    void OnTx(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase>);

    /**
     * @brief The congestion state changed.
     * @param to the new state (CA_LOSS: a retransmission timeout)
     */
    void OnCongState(TcpSocketState::TcpCongState_t, TcpSocketState::TcpCongState_t to);

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

#endif /* ATM_TCP_TRANSFER_H */
