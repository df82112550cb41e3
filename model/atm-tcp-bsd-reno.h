/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TCP_BSD_RENO_H
#define ATM_TCP_BSD_RENO_H

#include "ns3/tcp-congestion-ops.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief 4.4BSD's congestion window: one increase per ACK, with the
 *        maxseg/8 term of congestion avoidance.
 *
 * The hosts of Kung and Wang (NetBSD 1.2) and of Kung's CreditNet runs
 * (OSF/1, "derived from 4.3-Reno") open the window in tcp_input() once
 * per ACK of new data, whatever it acknowledges: by maxseg while cwnd is
 * at most ssthresh, and otherwise by maxseg^2 / cwnd + maxseg / 8 (the
 * "constant fraction of a packet to help larger windows open quickly
 * enough" of 4.3BSD-Reno and 4.4BSD; later BSDs dropped it). With delayed
 * ACKs that is slower than ns-3's per-segment slow start and faster than
 * its congestion avoidance. On a loss, ssthresh is half the window in
 * flight, rounded down to whole segments and at least two. Fast recovery
 * itself is the socket's and the recovery algorithm's (AtmTcpRenoSocket
 * with TcpClassicRecovery for 4.3BSD-Reno's).
 */
class AtmTcpBsdReno : public TcpNewReno
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmTcpBsdReno() = default;

    /**
     * @brief Copy constructor (Fork).
     * @param sock the object copied
     */
    AtmTcpBsdReno(const AtmTcpBsdReno& sock) = default;

    std::string GetName() const override;
    void IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;
    uint32_t GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight) override;
    Ptr<TcpCongestionOps> Fork() override;
};

} // namespace ns3

#endif /* ATM_TCP_BSD_RENO_H */
