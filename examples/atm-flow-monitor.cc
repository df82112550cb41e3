/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// ns-3's FlowMonitor over IP over ATM: per-flow packets, loss, delay and
// jitter of traffic that crosses ATM links and a switch, measured by
// ns-3's own IPv4 flow probes.
//
//   hostA --OC-3c--+
//                  switch --trunkRate-- hostC
//   hostB --OC-3c--+
//
// A bulk TCP (NewReno, MSS 1460) from A and a constant-rate UDP stream
// (--udpRate, 1000-octet datagrams) from B, both to C, each over its IP
// PVC. The switch's port towards C is a per-VC queue disc (round-robin,
// half the buffer for each VC, EPD in each half), so the UDP stream, sent
// above its half of the trunk, loses whole frames to EPD while the TCP
// takes the rest. Printed: FlowMonitor's statistics of each flow (TCP's
// data and its ACKs, the UDP stream), then each PVC's AAL5 frames and
// cells. FlowMonitor finds a packet at the far host by the byte tag its
// probe put on it at the source: once a frame's cells pass AAL5's checks,
// the far host gets the packet sent, its tags and metadata with it
// (doc/atm.rst, "IP over ATM"). Exit status 1 unless, for every PVC, the
// packets FlowMonitor saw received on its flows are exactly the frames
// AAL5 delivered on it, and every flow received some. --ipv6=1 runs the
// same over IPv6, --pcap=1 writes the hosts' pcap files.
//
//   atm-flow-monitor --trunkRate=50Mbps --udpRate=40Mbps --duration=2 --xml=flows.xml
//   atm-flow-monitor --checkMetadata=1   # with ns-3's header checks on

#include "ns3/applications-module.h"
#include "ns3/atm-module.h"
#include "ns3/core-module.h"
#include "ns3/flow-monitor-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <functional>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{

/// A flow as FlowMonitor's IPv4 or IPv6 classifier names it.
struct Flow
{
    std::string protocol;     //!< TCP or UDP
    std::string source;       //!< source address
    uint16_t sourcePort;      //!< source port
    std::string destination;  //!< destination address
    uint16_t destinationPort; //!< destination port
};

/**
 * @tparam Ip Ipv4Address or Ipv6Address
 * @param a an address
 * @return it as text
 */
template <typename Ip>
std::string
Text(const Ip& a)
{
    std::ostringstream os;
    os << a;
    return os.str();
}

/**
 * @tparam Tuple Ipv4FlowClassifier::FiveTuple or Ipv6FlowClassifier::FiveTuple
 * @param t a classifier's five-tuple
 * @return the flow
 */
template <typename Tuple>
Flow
MakeFlow(const Tuple& t)
{
    return {t.protocol == 6 ? "TCP" : "UDP",
            Text(t.sourceAddress),
            t.sourcePort,
            Text(t.destinationAddress),
            t.destinationPort};
}

} // namespace

int
main(int argc, char* argv[])
{
    // The cell engine runs the cell path's events (--SimulatorImplementationType
    // chooses another simulator implementation).
    AtmSimulatorImpl::SelectByDefault();
    DataRate trunkRate("50Mbps");
    DataRate udpRate("40Mbps");
    double duration = 2;
    uint32_t maxCells = 2000;
    uint32_t epdThreshold = 700;
    std::string xml;
    bool checkMetadata = false;
    bool ipv6 = false;
    bool pcap = false;
    CommandLine cmd(__FILE__);
    cmd.AddValue("trunkRate", "line rate of the switch's port towards host C", trunkRate);
    cmd.AddValue("udpRate", "rate of B's UDP stream (IP packets)", udpRate);
    cmd.AddValue("duration", "seconds the traffic lasts after 0.1 s", duration);
    cmd.AddValue("maxCells",
                 "cells the switch port's per-VC queue disc holds (half for each VC)",
                 maxCells);
    cmd.AddValue("epdThreshold", "EPD threshold of each VC's half (cells)", epdThreshold);
    cmd.AddValue("xml", "also write FlowMonitor's results to this XML file", xml);
    cmd.AddValue("ipv6", "IPv6 (2001:db8::/64) on the hosts instead of IPv4", ipv6);
    cmd.AddValue("pcap",
                 "write the hosts' pcap files (atm-flow-monitor-<node>-<device>.pcap)",
                 pcap);
    cmd.AddValue("checkMetadata",
                 "turn on ns-3's packet metadata and its checking (Packet::EnablePrinting, "
                 "Packet::EnableChecking), as when debugging headers",
                 checkMetadata);
    cmd.Parse(argc, argv);
    if (pcap)
    {
        // real checksums in the pcap files (atm-tcp-creditnet.cc says why)
        GlobalValue::Bind("ChecksumEnabled", BooleanValue(true));
    }
    if (checkMetadata)
    {
        Packet::EnablePrinting();
        Packet::EnableChecking();
    }

    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpNewReno::GetTypeId()));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1460));

    NodeContainer hosts;
    hosts.Create(3);
    NodeContainer sw;
    sw.Create(1);
    AtmSwitchHelper switchHelper;
    switchHelper.SetQueueDisc("ns3::AtmPerVcQueueDisc",
                              "MaxCells",
                              UintegerValue(maxCells),
                              "BufferManagement",
                              StringValue("StaticPartition"),
                              "EpdThreshold",
                              UintegerValue(epdThreshold));
    switchHelper.Install(sw);

    AtmHelper atm; // OC-3c
    atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(100)));
    NetDeviceContainer a = atm.Install(hosts.Get(0), sw.Get(0));
    NetDeviceContainer b = atm.Install(hosts.Get(1), sw.Get(0));
    atm.SetDeviceAttribute("DataRate", DataRateValue(trunkRate));
    NetDeviceContainer c = atm.Install(sw.Get(0), hosts.Get(2));

    InternetStackHelper stack;
    stack.SetIpv4StackInstall(!ipv6);
    stack.Install(hosts);
    NetDeviceContainer hostPorts;
    hostPorts.Add(a.Get(0));
    hostPorts.Add(b.Get(0));
    hostPorts.Add(c.Get(1));
    // Each host's address, and its socket address with a port.
    std::vector<std::string> hostAddress;
    std::function<Address(uint32_t, uint16_t)> socketAddress;
    if (ipv6)
    {
        Ipv6InterfaceContainer i6 =
            Ipv6AddressHelper("2001:db8::", Ipv6Prefix(64)).Assign(hostPorts);
        for (uint32_t i = 0; i < 3; ++i)
        {
            hostAddress.push_back(Text(i6.GetAddress(i, 1))); // its global address
        }
        socketAddress = [i6](uint32_t host, uint16_t port) {
            return Address(Inet6SocketAddress(i6.GetAddress(host, 1), port));
        };
    }
    else
    {
        Ipv4InterfaceContainer i4 =
            Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(hostPorts);
        for (uint32_t i = 0; i < 3; ++i)
        {
            hostAddress.push_back(Text(i4.GetAddress(i)));
        }
        socketAddress = [i4](uint32_t host, uint16_t port) {
            return Address(InetSocketAddress(i4.GetAddress(host), port));
        };
    }

    // Each PVC by its (source, destination) host addresses.
    AtmVcHelper vcHelper;
    std::map<std::pair<std::string, std::string>, Ptr<AtmVc>> pvcs;
    for (uint32_t i = 0; i < 2; ++i)
    {
        const auto [forward, backward] =
            vcHelper.CreateIpPvc(NodeContainer(hosts.Get(i), sw.Get(0), hosts.Get(2)));
        pvcs[{hostAddress[i], hostAddress[2]}] = forward;
        pvcs[{hostAddress[2], hostAddress[i]}] = backward;
    }
    if (pcap)
    {
        atm.EnablePcap("atm-flow-monitor", hostPorts);
    }

    const Time start = Seconds(0.1);
    const Time stop = start + Seconds(duration);
    BulkSendHelper bulk("ns3::TcpSocketFactory", socketAddress(2, 5000));
    ApplicationContainer apps = bulk.Install(hosts.Get(0));
    OnOffHelper udp("ns3::UdpSocketFactory", socketAddress(2, 6000));
    udp.SetConstantRate(udpRate, 1000);
    apps.Add(udp.Install(hosts.Get(1)));
    apps.Start(start);
    apps.Stop(stop);
    for (uint16_t port : {5000, 6000})
    {
        const std::string factory =
            port == 5000 ? "ns3::TcpSocketFactory" : "ns3::UdpSocketFactory";
        const Address any = ipv6 ? Address(Inet6SocketAddress(Ipv6Address::GetAny(), port))
                                 : Address(InetSocketAddress(Ipv4Address::GetAny(), port));
        PacketSinkHelper sink(factory, any);
        sink.Install(hosts.Get(2));
    }

    FlowMonitorHelper flowHelper;
    Ptr<FlowMonitor> monitor = flowHelper.Install(hosts);
    Simulator::Stop(stop);
    Simulator::Run();
    // Packets older than 100 ms that have not arrived count as lost (the
    // longest queueing here is a few ms).
    monitor->CheckForLostPackets(MilliSeconds(100));

    Ptr<Ipv4FlowClassifier> classifier4 =
        DynamicCast<Ipv4FlowClassifier>(flowHelper.GetClassifier());
    Ptr<Ipv6FlowClassifier> classifier6 =
        DynamicCast<Ipv6FlowClassifier>(flowHelper.GetClassifier6());
    std::map<Ptr<AtmVc>, uint64_t> rxByPvc;
    bool ok = true;
    std::cout << std::fixed << std::setprecision(3);
    for (const auto& [id, s] : monitor->GetFlowStats())
    {
        const Flow t =
            ipv6 ? MakeFlow(classifier6->FindFlow(id)) : MakeFlow(classifier4->FindFlow(id));
        const auto pvc = pvcs.find({t.source, t.destination});
        if (pvc != pvcs.end())
        {
            rxByPvc[pvc->second] += s.rxPackets;
        }
        const double seconds = (s.timeLastRxPacket - s.timeFirstRxPacket).GetSeconds();
        std::cout << "flow " << id << " (" << t.protocol << " " << t.source << " port "
                  << t.sourcePort << " -> " << t.destination << " port " << t.destinationPort
                  << "): tx " << s.txPackets << ", rx " << s.rxPackets << ", lost " << s.lostPackets
                  << " packets; delay "
                  << (s.rxPackets ? 1e3 * s.delaySum.GetSeconds() / s.rxPackets : 0.0)
                  << " ms, jitter "
                  << (s.rxPackets > 1 ? 1e3 * s.jitterSum.GetSeconds() / (s.rxPackets - 1) : 0.0)
                  << " ms; " << (seconds > 0 ? s.rxBytes * 8 / seconds / 1e6 : 0.0)
                  << " Mb/s received\n";
        if (s.rxPackets == 0)
        {
            std::cerr << "flow " << id << ": FlowMonitor saw no packet received\n";
            ok = false;
        }
    }
    for (const auto& [ends, vc] : pvcs)
    {
        std::cout << "PVC " << ends.first << " -> " << ends.second << ": frames sent "
                  << vc->GetFramesSent() << ", received " << vc->GetFramesReceived()
                  << "; cells sent " << vc->GetCellsSent() << ", received "
                  << vc->GetCellsReceived() << ", dropped " << vc->GetCellsDropped() << "\n";
        if (rxByPvc[vc] != vc->GetFramesReceived())
        {
            std::cerr << "PVC " << ends.first << " -> " << ends.second << ": FlowMonitor saw "
                      << rxByPvc[vc] << " packets received, AAL5 delivered "
                      << vc->GetFramesReceived() << " frames\n";
            ok = false;
        }
    }
    if (!xml.empty())
    {
        monitor->SerializeToXmlFile(xml, true, true);
    }
    Simulator::Destroy();
    return ok ? 0 : 1;
}
