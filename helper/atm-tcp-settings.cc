/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-tcp-settings.h"

#include "ns3/boolean.h"
#include "ns3/command-line.h"
#include "ns3/config.h"
#include "ns3/nstime.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

namespace ns3
{

void
AtmTcpSettings::AddTo(CommandLine& cmd)
{
    cmd.AddValue("tcp", "TCP congestion control (TypeId name)", variant);
    cmd.AddValue("mss", "TCP segment size, octets", mss);
    cmd.AddValue("window", "TCP window limit: send and receive buffer, octets", window);
    cmd.AddValue("sack", "TCP SACK", sack);
    cmd.AddValue("timestamps", "TCP timestamps (RFC 1323)", timestamps);
    cmd.AddValue("rtoTickMs", "TCP retransmission timer tick, ms (BSD: 500)", granularityMs);
    cmd.AddValue("minRtoMs", "TCP smallest retransmission timeout, ms", minRtoMs);
    cmd.AddValue("reno",
                 "TCP fast recovery ends at the first ACK of new data (Reno, NetBSD 1.2), "
                 "not at the recovery point (ns-3's NewReno partial ACKs)",
                 reno);
}

void
AtmTcpSettings::Apply() const
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

std::string
AtmTcpSettings::Describe() const
{
    return variant + ", MSS " + std::to_string(mss) + ", window " + std::to_string(window) +
           ", SACK " + (sack ? "on" : "off") + ", timestamps " + (timestamps ? "on" : "off") +
           ", RTO tick " + std::to_string(static_cast<int>(granularityMs)) + " ms" +
           (reno ? ", Reno recovery" : "");
}

} // namespace ns3
