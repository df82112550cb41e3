/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// A user's own program against the installed atm module (built out of
// tree by test/atm-install-check.sh, with CMake and with pkg-config): TCP
// from host A to host B through one ATM switch, over an IP PVC. Prints the
// octets delivered and the VC's cell counts; exit status 1 unless the
// transfer completed, every cell sent was received, and the cell engine
// (AtmSimulatorImpl) ran it.

#include "ns3/applications-module.h"
#include "ns3/atm-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    AtmSimulatorImpl::SelectByDefault(); // the cell engine, first thing
    uint32_t bytes = 200000;
    CommandLine cmd(__FILE__);
    cmd.AddValue("bytes", "octets the TCP sends", bytes);
    cmd.Parse(argc, argv);

    NodeContainer hosts;
    hosts.Create(2);
    Ptr<Node> sw = CreateObject<Node>();
    AtmSwitchHelper().Install(sw);
    AtmHelper atm; // OC-3c links
    NetDeviceContainer a = atm.Install(hosts.Get(0), sw);
    NetDeviceContainer b = atm.Install(sw, hosts.Get(1));

    InternetStackHelper().Install(hosts);
    NetDeviceContainer hostPorts;
    hostPorts.Add(a.Get(0));
    hostPorts.Add(b.Get(1));
    Ipv4InterfaceContainer ip = Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(hostPorts);
    Ptr<AtmVc> vc = AtmVcHelper().CreateIpPvc(NodeContainer(hosts.Get(0), sw, hosts.Get(1))).first;

    BulkSendHelper send("ns3::TcpSocketFactory", InetSocketAddress(ip.GetAddress(1), 5000));
    send.SetAttribute("MaxBytes", UintegerValue(bytes));
    send.Install(hosts.Get(0)).Start(Seconds(0.1));
    PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), 5000));
    ApplicationContainer sink = sinkHelper.Install(hosts.Get(1));

    Simulator::Stop(Seconds(2));
    Simulator::Run();
    const uint64_t received = DynamicCast<PacketSink>(sink.Get(0))->GetTotalRx();
    std::cout << "my-experiment: " << received << " of " << bytes
              << " octets delivered; cells sent " << vc->GetCellsSent() << ", received "
              << vc->GetCellsReceived() << ", dropped " << vc->GetCellsDropped() << "; "
              << (AtmSimulatorImpl::Peek() ? "on the cell engine" : "NOT on the cell engine")
              << std::endl;
    const bool ok = received == bytes && vc->GetCellsSent() == vc->GetCellsReceived() &&
                    AtmSimulatorImpl::Peek();
    Simulator::Destroy();
    return ok ? 0 : 1;
}
