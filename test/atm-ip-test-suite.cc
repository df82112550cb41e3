/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// IP over ATM: ns-3's own TCP/IPv4 over AAL5 on ATM links and switches.
// A BulkSend of exactly N octets reaches the PacketSink whole over one and
// two switches; a host port whose VC queue fills stops its NetDeviceQueue
// (no frame is refused) and wakes it again; a next hop with no PVC is
// refused and counted (NoVc); frames are LLC/SNAP-encapsulated on the wire;
// the hosts' pcap records carry each frame's direction, VPI and VCI; the
// far host gets the packet sent, its tags and uid, as over point-to-point.

#include "atm-test-lambda.h"
#include "atm-test-suite.h"
#include "atm-test-trace-paths.h"

#include "ns3/application-container.h"
#include "ns3/atm-aal5-endpoint.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-ip-routing-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-queue-disc.h"
#include "ns3/atm-switch-helper.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-vc-helper.h"
#include "ns3/atm-vc.h"
#include "ns3/boolean.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/config.h"
#include "ns3/data-rate.h"
#include "ns3/inet-socket-address.h"
#include "ns3/inet6-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-global-routing-helper.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/ipv4-routing-table-entry.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv6-address-helper.h"
#include "ns3/mac48-address.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/node-container.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/packet.h"
#include "ns3/pcap-file.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/tag.h"
#include "ns3/tcp-socket.h"
#include "ns3/test.h"
#include "ns3/udp-client-server-helper.h"
#include "ns3/udp-echo-helper.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

using namespace ns3;

namespace
{

/**
 * A chain host - switches... - host at OC-3 with IPv4 (or IPv6 alone) on
 * the hosts and one IP PVC between them.
 */
struct IpChain
{
    NodeContainer nodes;                   //!< host, switches, host
    std::vector<NetDeviceContainer> links; //!< one per hop
    Ipv4InterfaceContainer ifaces;         //!< the two host interfaces (IPv4)
    Ipv6InterfaceContainer ifaces6;        //!< the two host interfaces (IPv6)
    std::pair<Ptr<AtmVc>, Ptr<AtmVc>> pvc; //!< forward and backward VCs

    /**
     * Build it.
     * @param nSwitches switches between the hosts
     * @param atm the link helper to use
     * @param forward the PVC's label on each link from the first host
     *        (none: the next free ones)
     * @param backward its label on each link from the last host
     * @param ipv6 the hosts with IPv6 alone (2001:db8::/64), not IPv4
     */
    IpChain(uint32_t nSwitches,
            AtmHelper& atm,
            const std::vector<AtmVcHelper::Label>& forward = {},
            const std::vector<AtmVcHelper::Label>& backward = {},
            bool ipv6 = false)
    {
        nodes.Create(nSwitches + 2);
        AtmSwitchHelper sw;
        for (uint32_t i = 1; i <= nSwitches; ++i)
        {
            sw.Install(nodes.Get(i));
        }
        for (uint32_t i = 0; i + 1 < nodes.GetN(); ++i)
        {
            links.push_back(atm.Install(nodes.Get(i), nodes.Get(i + 1)));
        }
        NodeContainer hosts(nodes.Get(0), nodes.Get(nodes.GetN() - 1));
        InternetStackHelper stack;
        stack.SetIpv4StackInstall(!ipv6);
        stack.Install(hosts);
        NetDeviceContainer hostDevs(links.front().Get(0), links.back().Get(1));
        if (ipv6)
        {
            ifaces6 = Ipv6AddressHelper("2001:db8::", Ipv6Prefix(64)).Assign(hostDevs);
        }
        else
        {
            ifaces = Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(hostDevs);
        }
        AtmVcHelper vcs;
        pvc = vcs.CreateIpPvc(nodes, forward, backward, "tcp");
    }

    /// @return the first host's port
    Ptr<AtmNetDevice> SourcePort() const
    {
        return DynamicCast<AtmNetDevice>(links.front().Get(0));
    }

    /**
     * @param port a port number
     * @return the last host's (global) address with it
     */
    Address Remote(uint16_t port) const
    {
        if (ifaces6.GetN() > 0)
        {
            return Inet6SocketAddress(ifaces6.GetAddress(1, 1), port);
        }
        return InetSocketAddress(ifaces.GetAddress(1), port);
    }

    /**
     * @param port a port number
     * @return any address of the chain's IP version with it
     */
    Address Any(uint16_t port) const
    {
        if (ifaces6.GetN() > 0)
        {
            return Inet6SocketAddress(Ipv6Address::GetAny(), port);
        }
        return InetSocketAddress(Ipv4Address::GetAny(), port);
    }
};

/**
 * Install a BulkSend of @p bytes from the first host to a PacketSink on
 * the last one.
 * @param c the chain
 * @param bytes octets to send
 * @return the sink
 */
Ptr<PacketSink>
InstallTransfer(IpChain& c, uint64_t bytes)
{
    const uint16_t port = 5000;
    BulkSendHelper source("ns3::TcpSocketFactory", c.Remote(port));
    source.SetAttribute("MaxBytes", UintegerValue(bytes));
    source.SetAttribute("SendSize", UintegerValue(9140));
    ApplicationContainer s = source.Install(c.nodes.Get(0));
    s.Start(Seconds(0.01));
    PacketSinkHelper sink("ns3::TcpSocketFactory", c.Any(port));
    ApplicationContainer k = sink.Install(c.nodes.Get(c.nodes.GetN() - 1));
    k.Start(Seconds(0));
    return DynamicCast<PacketSink>(k.Get(0));
}

} // namespace

/**
 * @ingroup atm-tests
 * A TCP transfer of exactly N octets over one or two switches, over IPv4
 * or IPv6, arrives whole, with every AAL5 frame good and no cell lost.
 */
class AtmTcpTransferTestCase : public TestCase
{
  public:
    /**
     * Constructor.
     * @param nSwitches switches on the path
     * @param bytes octets to transfer
     * @param ipv6 over IPv6 (alone) instead of IPv4
     */
    AtmTcpTransferTestCase(uint32_t nSwitches, uint64_t bytes, bool ipv6 = false)
        : TestCase("TCP BulkSend of " + std::to_string(bytes) + " octets over " +
                   std::to_string(nSwitches) + " switch(es) arrives whole" +
                   (ipv6 ? " (IPv6)" : "")),
          m_nSwitches(nSwitches),
          m_bytes(bytes),
          m_ipv6(ipv6)
    {
    }

  private:
    void DoRun() override
    {
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(m_ipv6 ? 9108 : 9140));
        AtmHelper atm;
        IpChain c(m_nSwitches, atm, {}, {}, m_ipv6);
        Ptr<PacketSink> sink = InstallTransfer(c, m_bytes);
        std::vector<std::string> refused; // why the source host's port refused frames
        c.SourcePort()->GetAal5Endpoint()->TraceConnectWithoutContext(
            "MacTxDrop",
            atmtest::MakeLambdaCallback<void, Ptr<const Packet>, const char*>(
                [&refused](Ptr<const Packet>, const char* r) { refused.emplace_back(r); }));
        Simulator::Stop(Seconds(10));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(sink->GetTotalRx(), m_bytes, "every octet received");
        // IPv4 sends nothing a PVC does not reach; IPv6's multicasts (the
        // NS of duplicate address detection) are refused as NoVc.
        NS_TEST_EXPECT_MSG_EQ(refused.empty(), !m_ipv6, "frames refused");
        for (const auto& r : refused)
        {
            NS_TEST_EXPECT_MSG_EQ(r, "NoVc", "why refused");
        }
        for (Ptr<AtmVc> vc : {c.pvc.first, c.pvc.second})
        {
            NS_TEST_EXPECT_MSG_GT(vc->GetFramesSent(), 0, "frames on " << vc->GetName());
            NS_TEST_EXPECT_MSG_EQ(vc->GetFramesReceived(),
                                  vc->GetFramesSent(),
                                  "every frame good on " << vc->GetName());
            NS_TEST_EXPECT_MSG_EQ(vc->GetCellsReceived(),
                                  vc->GetCellsSent(),
                                  "every cell delivered on " << vc->GetName());
            NS_TEST_EXPECT_MSG_EQ(vc->GetPduStore().GetNFrames(), 0, "no PDU left stored");
        }
        // With ns-3's default timestamps an IPv4 segment of 9140 octets is
        // 9140 + 20 + 32 = 9192 octets of IP, over the MTU of 9180, so IPv4
        // sends each as two fragments (222 frames for 1000000 octets): the
        // transfer also crosses IPv4 fragmentation and reassembly. IPv6's
        // 9108 + 40 + 32 fills the MTU. The forward VC's bytes include the
        // headers.
        NS_TEST_EXPECT_MSG_GT(c.pvc.first->GetBytesReceived(), m_bytes, "payload plus headers");
        Simulator::Destroy();
        Config::Reset();
    }

    uint32_t m_nSwitches; //!< switches on the path
    uint64_t m_bytes;     //!< octets to transfer
    bool m_ipv6;          //!< over IPv6
};

/**
 * @ingroup atm-tests
 * Back-pressure: a host whose VC queue has room for two frames only stops
 * its NetDeviceQueue when a frame leaves less than a largest frame's room,
 * wakes it when the cells drain, and never refuses a frame: TCP sees a busy
 * interface, not loss.
 */
class AtmBackPressureTestCase : public TestCase
{
  public:
    AtmBackPressureTestCase()
        : TestCase("a full host VC queue stops the NetDeviceQueue and wakes it; nothing refused")
    {
    }

  private:
    void DoRun() override
    {
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(9140));
        AtmHelper atm;
        // 2 largest frames (2 x 192 cells) of room per VC at the host.
        atm.SetQueueDisc("ns3::AtmPerVcQueueDisc", "MaxCells", UintegerValue(384));
        IpChain c(1, atm);
        // A slow host link: the host's queue, not the switch's, holds what
        // the TCP window has in flight.
        Ptr<AtmNetDevice> port = c.SourcePort();
        port->SetDataRate(DataRate("20Mbps"));
        const uint64_t bytes = 2000000;
        Ptr<PacketSink> sink = InstallTransfer(c, bytes);
        Ptr<NetDeviceQueue> txq = port->GetObject<NetDeviceQueueInterface>()->GetTxQueue(0);
        for (int k = 1; k <= 200; ++k)
        {
            atmtest::Schedule(MilliSeconds(5 * k), [this, txq, port]() {
                const bool stopped = txq->IsStopped();
                m_stoppedSeen += stopped;
                m_runningSeen += !stopped;
                const uint32_t room = port->GetQueueDisc()->GetVcRoom(0);
                const uint32_t need = port->GetAal5Endpoint()->GetMaxFrameCells();
                // Stopped exactly when a largest frame no longer fits.
                m_consistent &= (stopped == (room < need));
            });
        }
        Simulator::Stop(Seconds(5));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(sink->GetTotalRx(), bytes, "every octet received");
        NS_TEST_EXPECT_MSG_GT(m_stoppedSeen, 0, "the queue was seen stopped");
        NS_TEST_EXPECT_MSG_GT(m_runningSeen, 0, "and running");
        NS_TEST_EXPECT_MSG_EQ(m_consistent, true, "stopped iff less room than a largest frame");
        NS_TEST_EXPECT_MSG_EQ(port->GetAal5Endpoint()->GetTxDrops(), 0, "no frame refused");
        NS_TEST_EXPECT_MSG_EQ(port->GetQueueDisc()->GetNDropped(), 0, "no cell dropped");
        Simulator::Destroy();
        Config::Reset();
    }

    uint32_t m_stoppedSeen{0}; //!< samples with the queue stopped
    uint32_t m_runningSeen{0}; //!< samples with it running
    bool m_consistent{true};   //!< every sample agreed with the room
};

/**
 * @ingroup atm-tests
 * A packet to an IP address no PVC reaches is refused by the AAL5 endpoint
 * with reason NoVc (the ARP request ns-3 sends for it), and nothing reaches
 * the ATM layer.
 */
class AtmNoVcTestCase : public TestCase
{
  public:
    AtmNoVcTestCase()
        : TestCase("a next hop without a PVC is refused and traced (NoVc)")
    {
    }

  private:
    void DoRun() override
    {
        AtmHelper atm;
        IpChain c(1, atm);
        Ptr<AtmNetDevice> port = c.SourcePort();
        std::vector<std::string> reasons;
        port->GetAal5Endpoint()->TraceConnectWithoutContext(
            "MacTxDrop",
            atmtest::MakeLambdaCallback<void, Ptr<const Packet>, const char*>(
                [&reasons](Ptr<const Packet>, const char* r) { reasons.emplace_back(r); }));
        // 10.1.1.9 is on the subnet but no PVC leads there.
        UdpClientHelper client(Ipv4Address("10.1.1.9"), 9);
        client.SetAttribute("MaxPackets", UintegerValue(1));
        ApplicationContainer app = client.Install(c.nodes.Get(0));
        app.Start(Seconds(0.1));
        Simulator::Stop(Seconds(0.5));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_GT(reasons.size(), 0, "refused");
        for (const auto& r : reasons)
        {
            NS_TEST_EXPECT_MSG_EQ(r, "NoVc", "reason");
        }
        NS_TEST_EXPECT_MSG_EQ(c.pvc.first->GetCellsSent(), 0, "no cell on the PVC");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Pcap files of the hosts' ports (DLT_SUNATM) octet by octet, over an IP
 * PVC with labels given per link and direction (VPIs other than 0): each
 * UDP echo request and reply is one record whose pseudo-header holds the
 * direction (0x80 sent), the traffic type (2, LLC), the VPI and VCI of the
 * link it crossed at that host, then the LLC/SNAP header and the IPv4
 * packet; the record is as long as the frame.
 */
class AtmPcapLabelsTestCase : public TestCase
{
  public:
    AtmPcapLabelsTestCase()
        : TestCase("pcap records carry each frame's direction, type, VPI and VCI")
    {
    }

  private:
    /// A record's pseudo-header and length, as the test reads them.
    struct Record
    {
        uint8_t flags;   //!< direction and traffic type
        uint8_t vpi;     //!< VPI
        uint16_t vci;    //!< VCI
        uint32_t length; //!< record octets
        bool llcIpv4;    //!< LLC/SNAP for IPv4, then an IPv4 header
    };

    void DoRun() override
    {
        const uint32_t requests = 3;
        const uint32_t payload = 100;
        const std::string fileA = CreateTempDirFilename("atm-pcap-labels-a.pcap");
        const std::string fileB = CreateTempDirFilename("atm-pcap-labels-b.pcap");
        {
            AtmHelper atm;
            // A -> switch 7/100, switch -> B 3/200; B -> switch 9/300,
            // switch -> A 5/400.
            IpChain c(1, atm, {{7, 100}, {3, 200}}, {{9, 300}, {5, 400}});
            Ptr<NetDevice> a = c.links.front().Get(0);
            Ptr<NetDevice> b = c.links.back().Get(1);
            atm.EnablePcap(fileA, a, false, true);
            atm.EnablePcap(fileB, b, false, true);
            UdpEchoServerHelper server(9);
            server.Install(c.nodes.Get(2)).Start(Seconds(0));
            UdpEchoClientHelper client(c.ifaces.GetAddress(1), 9);
            client.SetAttribute("MaxPackets", UintegerValue(requests));
            client.SetAttribute("Interval", TimeValue(MilliSeconds(10)));
            client.SetAttribute("PacketSize", UintegerValue(payload));
            client.Install(c.nodes.Get(0)).Start(MilliSeconds(1));
            Simulator::Stop(Seconds(1));
            Simulator::Run();
            Simulator::Destroy();
        } // the last references to the pcap files go: they are closed

        const uint32_t length = 4 + 8 + 20 + 8 + payload;
        Check(fileA, {0x82, 7, 100}, {0x02, 5, 400}, requests, length);
        Check(fileB, {0x82, 9, 300}, {0x02, 3, 200}, requests, length);
    }

    /**
     * Read a pcap file.
     * @param name the file
     * @param records set to its records
     */
    void Read(const std::string& name, std::vector<Record>& records)
    {
        PcapFile f;
        f.Open(name, std::ios::in);
        NS_TEST_ASSERT_MSG_EQ(f.Fail(), false, "open " << name);
        NS_TEST_EXPECT_MSG_EQ(f.GetDataLinkType(), 123, "DLT_SUNATM");
        std::vector<uint8_t> data(65536);
        while (true)
        {
            uint32_t sec = 0;
            uint32_t usec = 0;
            uint32_t incl = 0;
            uint32_t orig = 0;
            uint32_t got = 0;
            f.Read(data.data(), static_cast<uint32_t>(data.size()), sec, usec, incl, orig, got);
            if (f.Eof() || f.Fail())
            {
                break;
            }
            const std::vector<uint8_t> llc{0xAA, 0xAA, 0x03, 0x00, 0x00, 0x00, 0x08, 0x00, 0x45};
            Record r{data[0],
                     data[1],
                     static_cast<uint16_t>((data[2] << 8) | data[3]),
                     got,
                     got >= 4 + llc.size() && std::equal(llc.begin(), llc.end(), data.begin() + 4)};
            records.push_back(r);
        }
        f.Close();
    }

    /**
     * Check a host's file: @p n records of each direction, and nothing else.
     * @param name the file
     * @param tx flags, VPI and VCI of the frames the host sent
     * @param rx those of the frames it received
     * @param n frames each way
     * @param length octets of each record
     */
    void Check(const std::string& name,
               std::array<uint16_t, 3> tx,
               std::array<uint16_t, 3> rx,
               uint32_t n,
               uint32_t length)
    {
        std::vector<Record> records;
        Read(name, records);
        uint32_t sent = 0;
        uint32_t received = 0;
        for (const Record& r : records)
        {
            const std::array<uint16_t, 3> head{r.flags, r.vpi, r.vci};
            sent += (head == tx);
            received += (head == rx);
            NS_TEST_EXPECT_MSG_EQ(r.length, length, name << ": record octets");
            NS_TEST_EXPECT_MSG_EQ(r.llcIpv4, true, name << ": LLC/SNAP and IPv4 after the header");
        }
        NS_TEST_EXPECT_MSG_EQ(records.size(), 2 * n, name << ": records");
        NS_TEST_EXPECT_MSG_EQ(sent,
                              n,
                              name << ": sent, flags/VPI/VCI " << tx[0] << "/" << tx[1] << "/"
                                   << tx[2]);
        NS_TEST_EXPECT_MSG_EQ(received,
                              n,
                              name << ": received, flags/VPI/VCI " << rx[0] << "/" << rx[1] << "/"
                                   << rx[2]);
    }
};

/**
 * @ingroup atm-tests
 * The NetDevice interface of an ATM port as ns-3's stacks use it: a host
 * port is not point-to-point (an interface of a logical IP subnet; a
 * switch port is), broadcast- and multicast-capable (AAL5: IPv4's
 * ARP and IPv6's neighbor discovery want them; a frame sent to either
 * names no VC and is refused), needs ARP, has no SendFrom, keeps the address it is
 * given; its promiscuous callback sees every frame it passes up (one per
 * AAL5 frame of the VC, each as PACKET_HOST, before the protocol handler),
 * and Send on a switch port, which has no AAL5, is refused.
 */
class AtmNetDeviceInterfaceTestCase : public TestCase
{
  public:
    AtmNetDeviceInterfaceTestCase()
        : TestCase("the NetDevice interface: flags, address, promiscuous callback, no AAL5")
    {
    }

  private:
    void DoRun() override
    {
        AtmHelper atm;
        IpChain c(1, atm);
        Ptr<AtmNetDevice> host = DynamicCast<AtmNetDevice>(c.links.back().Get(1));
        Ptr<AtmNetDevice> swPort = DynamicCast<AtmNetDevice>(c.links.back().Get(0));
        NS_TEST_EXPECT_MSG_EQ(host->IsPointToPoint(), false, "a host port: a LIS interface");
        NS_TEST_EXPECT_MSG_EQ(swPort->IsPointToPoint(), true, "a switch port: point-to-point");
        NS_TEST_EXPECT_MSG_EQ(host->IsBroadcast(), true, "a host port broadcasts (AAL5)");
        NS_TEST_EXPECT_MSG_EQ(swPort->IsBroadcast(), false, "a switch port does not");
        NS_TEST_EXPECT_MSG_EQ(host->IsMulticast(), true, "a host port multicasts (IPv6 NDISC)");
        NS_TEST_EXPECT_MSG_EQ(swPort->IsMulticast(), false, "a switch port does not");
        NS_TEST_EXPECT_MSG_EQ(host->NeedsArp(), true, "ATMARP through ns-3's ARP");
        NS_TEST_EXPECT_MSG_EQ(host->SupportsSendFrom(), false, "no SendFrom");
        NS_TEST_EXPECT_MSG_EQ(host->IsBridge(), false, "not a bridge");
        const Mac48Address address("02:00:00:07:00:64");
        swPort->SetAddress(address);
        NS_TEST_EXPECT_MSG_EQ(Mac48Address::ConvertFrom(swPort->GetAddress()),
                              address,
                              "the address given");
        NS_TEST_EXPECT_MSG_EQ(swPort->Send(Create<Packet>(100), host->GetAddress(), 0x0800),
                              false,
                              "Send on a port without AAL5");

        uint64_t promiscuous = 0;
        uint64_t notHost = 0;
        host->SetPromiscReceiveCallback(atmtest::MakeLambdaCallback<bool,
                                                                    Ptr<NetDevice>,
                                                                    Ptr<const Packet>,
                                                                    uint16_t,
                                                                    const Address&,
                                                                    const Address&,
                                                                    NetDevice::PacketType>(
            [&promiscuous, &notHost](Ptr<NetDevice>,
                                     Ptr<const Packet>,
                                     uint16_t,
                                     const Address&,
                                     const Address&,
                                     NetDevice::PacketType type) {
                ++promiscuous;
                notHost += type != NetDevice::PACKET_HOST;
                return true;
            }));
        Ptr<PacketSink> sink = InstallTransfer(c, 100000);
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(sink->GetTotalRx(), 100000, "the transfer arrived");
        NS_TEST_EXPECT_MSG_EQ(promiscuous,
                              c.pvc.first->GetFramesReceived(),
                              "one promiscuous call per frame passed up");
        NS_TEST_EXPECT_MSG_EQ(notHost, 0, "each as PACKET_HOST");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * ns-3's global routing on hosts of an IP PVC: PopulateRoutingTables takes
 * each host's ATM interface for a stub network (it stopped the run when the
 * interface said it was point-to-point, its peer being a switch without
 * IPv4), and a TCP transfer still arrives whole.
 */
class AtmGlobalRoutingTestCase : public TestCase
{
  public:
    AtmGlobalRoutingTestCase()
        : TestCase("ns-3's global routing over IP PVC hosts: tables built, TCP arrives")
    {
    }

  private:
    void DoRun() override
    {
        AtmHelper atm;
        IpChain c(2, atm);
        Ipv4GlobalRoutingHelper::PopulateRoutingTables();
        Ptr<PacketSink> sink = InstallTransfer(c, 100000);
        Simulator::Stop(Seconds(2));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(sink->GetTotalRx(), 100000, "every octet received");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Logical IP subnets joined by IP routers, as RFC 2225 joins them: k
 * subnets 10.1.1.0/24 ... 10.1.k.0/24 in a chain host A - S1 - R1 - S2 -
 * ... - Rk-1 - Sk - host B, subnet j one PVC through switch Sj. ns-3's
 * global routing does not see through the switches; with two subnets a
 * default route on A and on B, or AtmIpRoutingHelper, and with three the
 * helper alone, route TCP from A to B. Each router forwards every packet,
 * each way, from one PVC to the next: the frames of consecutive PVCs
 * match one for one, and the routers' UnicastForward counts them. The
 * helper's routes at A and B are exactly one per subnet beyond the first
 * hop, through it, with the number of hops as metric.
 */
class AtmSubnetsTestCase : public TestCase
{
  public:
    /**
     * @param k subnets (2 or more)
     * @param helper routes by AtmIpRoutingHelper, else default routes (k = 2)
     */
    AtmSubnetsTestCase(uint32_t k, bool helper)
        : TestCase(std::to_string(k) + " logical IP subnets joined by routers with ATM ports, " +
                   (helper ? "AtmIpRoutingHelper" : "default routes") + ": TCP arrives"),
          m_k(k),
          m_helper(helper)
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer ip; // A, R1, ..., B
        ip.Create(m_k + 1);
        NodeContainer switches;
        switches.Create(m_k);
        AtmSwitchHelper().Install(switches);
        InternetStackHelper().Install(ip);
        AtmHelper atm;
        std::vector<Ipv4InterfaceContainer> subnets(m_k);
        std::vector<std::pair<Ptr<AtmVc>, Ptr<AtmVc>>> pvcs(m_k);
        for (uint32_t j = 0; j < m_k; ++j)
        {
            const NetDeviceContainer left = atm.Install(ip.Get(j), switches.Get(j));
            const NetDeviceContainer right = atm.Install(switches.Get(j), ip.Get(j + 1));
            const std::string network = "10.1." + std::to_string(j + 1) + ".0";
            subnets[j] = Ipv4AddressHelper(network.c_str(), "255.255.255.0")
                             .Assign(NetDeviceContainer(left.Get(0), right.Get(1)));
            pvcs[j] =
                AtmVcHelper().CreateIpPvc(NodeContainer(ip.Get(j), switches.Get(j), ip.Get(j + 1)));
        }
        if (m_helper)
        {
            AtmIpRoutingHelper::PopulateRoutingTables();
        }
        else
        {
            Ipv4StaticRoutingHelper routes;
            routes.GetStaticRouting(ip.Get(0)->GetObject<Ipv4>())
                ->SetDefaultRoute(subnets[0].GetAddress(1), subnets[0].Get(0).second);
            routes.GetStaticRouting(ip.Get(m_k)->GetObject<Ipv4>())
                ->SetDefaultRoute(subnets[m_k - 1].GetAddress(0), subnets[m_k - 1].Get(1).second);
        }
        uint64_t forwarded = 0;
        for (uint32_t r = 1; r < m_k; ++r)
        {
            ip.Get(r)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
                "UnicastForward",
                atmtest::MakeLambdaCallback<void, const Ipv4Header&, Ptr<const Packet>, uint32_t>(
                    [&forwarded](const Ipv4Header&, Ptr<const Packet>, uint32_t) { ++forwarded; }));
        }
        const Ipv4Address b = subnets[m_k - 1].GetAddress(1);
        BulkSendHelper source("ns3::TcpSocketFactory", InetSocketAddress(b, 5000));
        source.SetAttribute("MaxBytes", UintegerValue(500000));
        source.Install(ip.Get(0)).Start(Seconds(0.01));
        ApplicationContainer k = PacketSinkHelper("ns3::TcpSocketFactory",
                                                  InetSocketAddress(Ipv4Address::GetAny(), 5000))
                                     .Install(ip.Get(m_k));
        Simulator::Stop(Seconds(5));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(DynamicCast<PacketSink>(k.Get(0))->GetTotalRx(),
                              500000,
                              "every octet received");
        NS_TEST_EXPECT_MSG_GT(pvcs[0].first->GetFramesReceived(), 300, "A's segments left");
        uint64_t relayed = 0;
        for (uint32_t j = 0; j + 1 < m_k; ++j)
        {
            NS_TEST_EXPECT_MSG_EQ(pvcs[j + 1].first->GetFramesSent(),
                                  pvcs[j].first->GetFramesReceived(),
                                  "router " << j + 1 << " sent each on towards B");
            NS_TEST_EXPECT_MSG_EQ(pvcs[j].second->GetFramesSent(),
                                  pvcs[j + 1].second->GetFramesReceived(),
                                  "and each of B's ACKs back towards A");
            relayed += pvcs[j + 1].first->GetFramesSent() + pvcs[j].second->GetFramesSent();
        }
        NS_TEST_EXPECT_MSG_EQ(forwarded, relayed, "the routers forwarded exactly those");
        for (const auto& [forward, backward] : pvcs)
        {
            for (const auto& vc : {forward, backward})
            {
                NS_TEST_EXPECT_MSG_EQ(vc->GetFramesReceived(), vc->GetFramesSent(), vc->GetName());
            }
        }
        if (m_helper)
        {
            CheckRoutes(ip.Get(0), subnets[0].GetAddress(1), 1);
            CheckRoutes(ip.Get(m_k), subnets[m_k - 1].GetAddress(0), m_k);
        }
        Simulator::Destroy();
    }

    /**
     * @brief The helper's routes at an end host: one to each subnet but
     *        its own, through its router, metric = hops.
     * @param host the host
     * @param router its router's address
     * @param own its subnet's number, 1 (A) or k (B): the subnet @c hops
     *        hops away is own + hops or own - hops
     */
    void CheckRoutes(Ptr<Node> host, Ipv4Address router, uint32_t own)
    {
        const Ptr<Ipv4StaticRouting> routing =
            Ipv4StaticRoutingHelper().GetStaticRouting(host->GetObject<Ipv4>());
        std::map<std::string, std::pair<Ipv4Address, uint32_t>> routes; // network -> via, metric
        for (uint32_t i = 0; i < routing->GetNRoutes(); ++i)
        {
            const Ipv4RoutingTableEntry r = routing->GetRoute(i);
            if (r.IsGateway())
            {
                std::ostringstream network;
                network << r.GetDestNetwork() << "/" << r.GetDestNetworkMask().GetPrefixLength();
                routes[network.str()] = {r.GetGateway(), routing->GetMetric(i)};
            }
        }
        NS_TEST_EXPECT_MSG_EQ(routes.size(), m_k - 1, "node " << host->GetId() << ": routes");
        for (uint32_t hops = 1; hops < m_k; ++hops)
        {
            const uint32_t subnet = own == 1 ? own + hops : own - hops;
            const std::string network = "10.1." + std::to_string(subnet) + ".0/24";
            NS_TEST_EXPECT_MSG_EQ(routes[network].first, router, network << " via");
            NS_TEST_EXPECT_MSG_EQ(routes[network].second, hops, network << " metric");
        }
    }

    uint32_t m_k;  //!< subnets
    bool m_helper; //!< routes by AtmIpRoutingHelper
};

/**
 * @ingroup atm-tests
 * A tag of the tags test: one number.
 */
class AtmIpTestTag : public Tag
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::AtmIpTestTag")
                                .SetParent<Tag>()
                                .SetGroupName("Atm")
                                .AddConstructor<AtmIpTestTag>();
        return tid;
    }

    /// @return GetTypeId()
    TypeId GetInstanceTypeId() const override
    {
        return GetTypeId();
    }

    /// @return the octets the number takes
    uint32_t GetSerializedSize() const override
    {
        return 4;
    }

    /// @param buffer where to write the number
    void Serialize(TagBuffer buffer) const override
    {
        buffer.WriteU32(value);
    }

    /// @param buffer where to read the number from
    void Deserialize(TagBuffer buffer) override
    {
        value = buffer.ReadU32();
    }

    /// @param os where to print the number
    void Print(std::ostream& os) const override
    {
        os << value;
    }

    uint32_t value{0}; //!< the number
};

/**
 * @ingroup atm-tests
 * The far host gets the packet sent, as over a PointToPointNetDevice: each
 * UDP datagram, sent over two switches with a byte tag over its whole
 * payload, a byte tag over octets 5-16 and a packet tag, arrives with
 * exactly those three, the byte tags over the same octets, and with the
 * sent packet's uid (and so its metadata), once its cells passed AAL5's
 * checks (FlowMonitor's Ipv4FlowProbeTag needs this to count a packet
 * received).
 */
class AtmTagsTestCase : public TestCase
{
  public:
    AtmTagsTestCase()
        : TestCase("the far host gets the packet sent: its uid, its byte tags over their "
                   "octets, its packet tags")
    {
    }

  private:
    /**
     * @param value the tag's number
     * @return the tag
     */
    static AtmIpTestTag Tagged(uint32_t value)
    {
        AtmIpTestTag tag;
        tag.value = value;
        return tag;
    }

    void DoRun() override
    {
        AtmHelper atm;
        IpChain c(2, atm);
        const uint16_t port = 9;
        Ptr<Socket> rx = Socket::CreateSocket(c.nodes.Get(3), UdpSocketFactory::GetTypeId());
        rx->Bind(InetSocketAddress(Ipv4Address::GetAny(), port));
        // (value, first octet, octet after the last) of each byte tag, and
        // the packet tag's value, per datagram received
        std::vector<std::set<std::tuple<uint32_t, uint32_t, uint32_t>>> byteTags;
        std::vector<uint32_t> packetTags;
        std::vector<uint32_t> sizes;
        std::vector<uint64_t> uids;
        rx->SetRecvCallback(atmtest::MakeLambdaCallback<void, Ptr<Socket>>([&](Ptr<Socket> socket) {
            while (Ptr<Packet> p = socket->Recv())
            {
                sizes.push_back(p->GetSize());
                uids.push_back(p->GetUid());
                byteTags.emplace_back();
                ByteTagIterator i = p->GetByteTagIterator();
                while (i.HasNext())
                {
                    const ByteTagIterator::Item item = i.Next();
                    if (item.GetTypeId() == AtmIpTestTag::GetTypeId())
                    {
                        AtmIpTestTag tag;
                        item.GetTag(tag);
                        byteTags.back().emplace(tag.value, item.GetStart(), item.GetEnd());
                    }
                }
                AtmIpTestTag tag;
                packetTags.push_back(p->PeekPacketTag(tag) ? tag.value : 0);
            }
        }));
        Ptr<Socket> tx = Socket::CreateSocket(c.nodes.Get(0), UdpSocketFactory::GetTypeId());
        tx->Connect(InetSocketAddress(c.ifaces.GetAddress(1), port));
        const std::array<uint32_t, 3> payloads = {100, 1400, 9000}; // 3, 31, 189 cells
        std::vector<uint64_t> sentUids;
        for (uint32_t k = 0; k < payloads.size(); ++k)
        {
            Ptr<Packet> p = Create<Packet>(payloads[k]);
            sentUids.push_back(p->GetUid());
            p->AddByteTag(Tagged(10 + k));
            p->AddByteTag(Tagged(20 + k), 5, 17);
            p->AddPacketTag(Tagged(30 + k));
            atmtest::Schedule(MilliSeconds(10 * (k + 1)), [tx, p]() { tx->Send(p); });
        }
        Simulator::Stop(Seconds(0.1));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(sizes.size(), payloads.size(), "every datagram received");
        for (uint32_t k = 0; k < payloads.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(sizes[k], payloads[k], "datagram " << k << " whole");
            const std::set<std::tuple<uint32_t, uint32_t, uint32_t>> expected = {
                {10 + k, 0, payloads[k]},
                {20 + k, 5, 17}};
            NS_TEST_EXPECT_MSG_EQ((byteTags[k] == expected),
                                  true,
                                  "datagram " << k << ": its two byte tags, each over its octets");
            NS_TEST_EXPECT_MSG_EQ(packetTags[k], 30 + k, "datagram " << k << ": its packet tag");
            NS_TEST_EXPECT_MSG_EQ(uids[k], sentUids[k], "datagram " << k << ": the packet sent");
        }
        NS_TEST_EXPECT_MSG_EQ(c.pvc.first->GetFramesReceived(), payloads.size(), "three frames");
        NS_TEST_EXPECT_MSG_EQ(c.pvc.first->GetCellsReceived(), 3 + 31 + 189, "their cells");
        NS_TEST_EXPECT_MSG_EQ(c.pvc.first->GetPduStore().GetNFrames(), 0, "no PDU left stored");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Tracing by Config path, as ns-3 users do: a host port's AAL5 entity is
 * /NodeList/N/DeviceList/D/$ns3::AtmNetDevice/Aal5Endpoint (a switch
 * port has none), and its MacTx and MacRx fire there, with that context,
 * exactly as on the object.
 */
class AtmConfigPathTestCase : public TestCase
{
  public:
    AtmConfigPathTestCase()
        : TestCase("Config paths reach the host ports' AAL5 entities and their traces")
    {
    }

  private:
    void DoRun() override
    {
        AtmHelper atm;
        IpChain c(1, atm);
        Ptr<PacketSink> sink = InstallTransfer(c, 100000);
        const std::string any = "/NodeList/*/DeviceList/*/$ns3::AtmNetDevice/Aal5Endpoint";
        atmtest::TracePaths<Ptr<const Packet>> tx(any, "MacTx");
        atmtest::TracePaths<Ptr<const Packet>> rx(any, "MacRx");
        NS_TEST_EXPECT_MSG_EQ(tx.GetNMatches(), 2, "the two host ports' (none at the switch)");
        for (const Ptr<NetDevice>& host : {c.links.front().Get(0), c.links.back().Get(1)})
        {
            const Ptr<AtmAal5Endpoint> ep = DynamicCast<AtmNetDevice>(host)->GetAal5Endpoint();
            const std::string path = atmtest::DevicePath(host) + "/Aal5Endpoint";
            NS_TEST_EXPECT_MSG_EQ(tx.ConnectObject(ep, path), true, path);
            rx.ConnectObject(ep, path);
        }
        tx.ConnectByPath();
        rx.ConnectByPath();
        Simulator::Stop(Seconds(5));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(sink->GetTotalRx(), 100000, "every octet received");
        for (const auto* t : {&tx, &rx})
        {
            NS_TEST_EXPECT_MSG_EQ(t->byObject.size(), 2, "both hosts' entities sent and received");
            NS_TEST_EXPECT_MSG_EQ((t->byPath == t->byObject), true, "by path as on the objects");
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * The atm-ip test suite.
 */
class AtmIpTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmIpTestSuite()
        : IsolatedTestSuite("atm-ip", Type::UNIT)
    {
        AddTestCase(new AtmTcpTransferTestCase(1, 1000000));
        AddTestCase(new AtmTcpTransferTestCase(2, 1234567));
        AddTestCase(new AtmTcpTransferTestCase(2, 1234567, true));
        AddTestCase(new AtmBackPressureTestCase);
        AddTestCase(new AtmNoVcTestCase);
        AddTestCase(new AtmPcapLabelsTestCase);
        AddTestCase(new AtmNetDeviceInterfaceTestCase);
        AddTestCase(new AtmTagsTestCase);
        AddTestCase(new AtmGlobalRoutingTestCase);
        AddTestCase(new AtmSubnetsTestCase(2, false));
        AddTestCase(new AtmSubnetsTestCase(2, true));
        AddTestCase(new AtmSubnetsTestCase(3, true));
        AddTestCase(new AtmConfigPathTestCase);
    }
};

/// The suite's instance.
static AtmIpTestSuite g_atmIpTestSuite;
