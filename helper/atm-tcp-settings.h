/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TCP_SETTINGS_H
#define ATM_TCP_SETTINGS_H

#include <cstdint>
#include <string>

namespace ns3
{

class CommandLine;

/**
 * @ingroup atm
 * @brief The TCP of the TCP-over-ATM experiments (Kung's CreditNet, Kung
 *        and Wang's ZQFC): congestion control, MSS, a window limit and
 *        BSD-like timers, applied as the defaults of every TCP socket.
 *
 * The defaults are the papers' 4.3-Reno-like stack as far as ns-3 has it:
 * TcpNewReno, MSS 9140 (MTU 9180 of IP over ATM), a 64 kB window without
 * window scaling, SACK and timestamps off, a 500 ms retransmission timer
 * tick and a 1 s smallest timeout; ``reno`` gives Reno's end of fast
 * recovery (AtmTcpRenoSocket). The examples take every field as a
 * CommandLine option (AddTo); scenario files give them per TCP VC.
 */
struct AtmTcpSettings
{
    std::string variant{"ns3::TcpNewReno"}; //!< TcpL4Protocol::SocketType
    uint32_t mss{9140};                     //!< segment size, octets
    uint32_t window{65535};                 //!< send and receive buffers (the window limit)
    bool sack{false};                       //!< SACK (the papers' Reno had none)
    bool timestamps{false};                 //!< RFC 1323 timestamps
    double granularityMs{500};              //!< RTO clock tick (BSD: 500 ms)
    double minRtoMs{1000};                  //!< smallest RTO
    /// Reno's fast recovery (AtmTcpRenoSocket: the first ACK of new data
    /// ends it, as in 4.4BSD and NetBSD 1.2) instead of ns-3's NewReno
    /// partial ACKs; not a socket default: AtmTcpTransfer takes it
    bool reno{false};

    /**
     * @brief Add the settings to a command line.
     * @param cmd the command line
     */
    void AddTo(CommandLine& cmd);

    /// Make them the defaults of every TCP socket created from now on.
    void Apply() const;

    /// @return a one-line description for reports
    std::string Describe() const;
};

} // namespace ns3

#endif /* ATM_TCP_SETTINGS_H */
