/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TCP_RENO_SOCKET_H
#define ATM_TCP_RENO_SOCKET_H

#include "ns3/tcp-socket-base.h"
#include "ns3/traced-value.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief ns-3's TCP with 4.3BSD-Reno's fast recovery: the first ACK of new
 *        data ends it.
 *
 * Kung and Wang ran NetBSD 1.2's TCP, whose fast recovery (RFC 5681,
 * section 3.2, step 6) ends at the first ACK that acknowledges new data:
 * the window deflates to ssthresh and a second loss in the same window is
 * found by three more duplicate ACKs (a second halving) or by the
 * retransmission timer. ns-3's TcpSocketBase follows NewReno (RFC 6582)
 * instead: a partial ACK keeps it in recovery and retransmits the next
 * hole at once, so several losses in one window cost one halving and no
 * timeout. This socket changes only that: on an ACK of new data below the
 * recovery point while in fast recovery it moves the recovery point down
 * to the ACK, so TcpSocketBase treats the ACK as the one that completes
 * recovery (and no longer guards against a new fast retransmit), and it
 * clears the duplicate-ACK count TcpTxBuffer keeps without SACK, which
 * would resend the next hole at once. Use it with SACK off; congestion control (TcpLinuxReno,
 * TcpNewReno, ...) and recovery (TcpClassicRecovery) are chosen as for any ns-3 socket. Made by
 * AtmTcpRenoSocketFactory.
 */
class AtmTcpRenoSocket : public TcpSocketBase
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmTcpRenoSocket();

    /**
     * @brief Copy (TcpSocketBase::Fork).
     * @param sock the socket copied
     */
    AtmTcpRenoSocket(const AtmTcpRenoSocket& sock);

    /// @return fast recoveries ended by an ACK below the recovery point
    uint32_t GetRenoExits() const;

  protected:
    Ptr<TcpSocketBase> Fork() override;
    void ReceivedAck(Ptr<Packet> packet, const TcpHeader& tcpHeader) override;

  private:
    TracedValue<uint32_t> m_renoExits; //!< recoveries ended early, as Reno does
};

} // namespace ns3

#endif /* ATM_TCP_RENO_SOCKET_H */
