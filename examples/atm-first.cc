/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// A first ATM network with ns-3's TCP over it; examples/atm-first.py is
// the same program in Python and prints the same lines.
//
//   hostA --OC-3c--+
//                  switch --trunkRate-- hostC
//   hostB --OC-3c--+
//
// Two bulk TCP transfers, A to C and B to C, each over an IP PVC (AAL5,
// LLC/SNAP), share the switch's port towards C: a per-VC queue disc
// (round-robin; each VC has half the buffer, EPD in each half), so the
// two TCPs get equal shares of the trunk (B starts 50 ms after A).
// Printed per VC: TCP goodput, cells sent, received and dropped (by
// reason), frames sent and received; then the trunk's goodput against its
// TCP capacity and Jain's index of the two goodputs. Exit status 1 if a VC's
// cells are not conserved: sent - received - dropped - queued must be
// cells still on the wires of its path (0 up to what the wires hold).
//
//   atm-first --trunkRate=50Mbps --duration=2 --maxCells=2000 --epdThreshold=700

#include "ns3/applications-module.h"
#include "ns3/atm-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <cstdio>
#include <iostream>
#include <vector>

using namespace ns3;

int
main(int argc, char* argv[])
{
    // The cell engine runs the cell path's events (--SimulatorImplementationType
    // chooses another simulator implementation).
    AtmSimulatorImpl::SelectByDefault();
    DataRate trunkRate("50Mbps");
    double duration = 2;
    uint32_t maxCells = 2000;
    uint32_t epdThreshold = 700;
    uint32_t segmentSize = 1460;
    CommandLine cmd(__FILE__);
    cmd.AddValue("trunkRate", "line rate of the switch's port towards host C", trunkRate);
    cmd.AddValue("duration", "seconds the run lasts after 0.1 s", duration);
    cmd.AddValue("maxCells",
                 "cells the switch port's per-VC queue disc holds (half for each VC)",
                 maxCells);
    cmd.AddValue("epdThreshold", "EPD threshold of each VC's half (cells)", epdThreshold);
    cmd.AddValue("segmentSize", "TCP MSS (octets)", segmentSize);
    cmd.Parse(argc, argv);

    // NewReno on every ns-3 version (3.37's default; later ones default to CUBIC)
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpNewReno::GetTypeId()));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(segmentSize));

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
    const Time delay = MicroSeconds(100);
    atm.SetChannelAttribute("Delay", TimeValue(delay));
    NetDeviceContainer a = atm.Install(hosts.Get(0), sw.Get(0));
    NetDeviceContainer b = atm.Install(hosts.Get(1), sw.Get(0));
    atm.SetDeviceAttribute("DataRate", DataRateValue(trunkRate));
    NetDeviceContainer c = atm.Install(sw.Get(0), hosts.Get(2));

    InternetStackHelper().Install(hosts);
    NetDeviceContainer hostPorts;
    hostPorts.Add(a.Get(0));
    hostPorts.Add(b.Get(0));
    hostPorts.Add(c.Get(1));
    Ipv4InterfaceContainer addresses =
        Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(hostPorts);

    AtmVcHelper vcHelper;
    const char* names[2] = {"A to C", "B to C"};
    const Time starts[2] = {Seconds(0.1), Seconds(0.15)}; // B starts 50 ms later
    const Time stop = Seconds(0.1 + duration);
    Ptr<AtmVc> vcs[2];
    ApplicationContainer sinks;
    for (uint32_t i = 0; i < 2; ++i)
    {
        vcs[i] = vcHelper.CreateIpPvc(NodeContainer(hosts.Get(i), sw.Get(0), hosts.Get(2))).first;
        const uint16_t port = 5000 + i;
        BulkSendHelper bulk("ns3::TcpSocketFactory",
                            InetSocketAddress(addresses.GetAddress(2), port));
        ApplicationContainer sender = bulk.Install(hosts.Get(i));
        sender.Start(starts[i]);
        sender.Stop(stop);
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        sinks.Add(sink.Install(hosts.Get(2)));
    }

    Simulator::Stop(stop);
    Simulator::Run();

    // The trunk's TCP capacity: its cell rate times the MSS per frame's
    // cells (a segment with IPv4, TCP and timestamp headers, 52 octets, and
    // LLC/SNAP, 8, becomes an AAL5 CPCS-PDU of whole cells).
    Ptr<AtmNetDevice> trunk = DynamicCast<AtmNetDevice>(c.Get(0));
    const uint32_t frameCells = AtmAal5Sar::GetNCells(segmentSize + 52 + 8);
    const double capacity = trunk->GetCellRate() * segmentSize * 8 / frameCells / 1e6;
    uint64_t total = 0;
    std::vector<double> goodputs;
    bool conserved = true;
    char line[200];
    for (uint32_t i = 0; i < 2; ++i)
    {
        const Ptr<AtmVc> vc = vcs[i];
        const uint64_t bytes = DynamicCast<PacketSink>(sinks.Get(i))->GetTotalRx();
        const int64_t onWires = static_cast<int64_t>(vc->GetCellsSent()) -
                                static_cast<int64_t>(vc->GetCellsReceived() +
                                                     vc->GetCellsDropped() + vc->GetCellsQueued());
        int64_t wireCells = 0; // what the wires of the path hold, plus one per port
        for (uint32_t h = 0; h < vc->GetNHops(); ++h)
        {
            wireCells +=
                static_cast<int64_t>(delay.GetSeconds() * vc->GetHopDevice(h)->GetCellRate()) + 2;
        }
        if (onWires < 0 || onWires > wireCells)
        {
            std::cerr << names[i] << ": cells not conserved: " << onWires
                      << " on the wires, where they hold " << wireCells << "\n";
            conserved = false;
        }
        const double goodput = bytes * 8 / (stop - starts[i]).GetSeconds() / 1e6;
        total += bytes;
        goodputs.push_back(goodput);
        std::snprintf(line,
                      sizeof(line),
                      "%s: %.3f Mb/s TCP goodput; cells sent %llu, received %llu, dropped %llu;"
                      " frames sent %llu, received %llu",
                      names[i],
                      goodput,
                      static_cast<unsigned long long>(vc->GetCellsSent()),
                      static_cast<unsigned long long>(vc->GetCellsReceived()),
                      static_cast<unsigned long long>(vc->GetCellsDropped()),
                      static_cast<unsigned long long>(vc->GetFramesSent()),
                      static_cast<unsigned long long>(vc->GetFramesReceived()));
        std::cout << line << "\n";
        for (const auto& [reason, cells] : vc->GetDropsByReason())
        {
            std::cout << "  dropped (" << reason << "): " << cells << " cells\n";
        }
    }
    const double trunkGoodput = total * 8 / (stop - starts[0]).GetSeconds() / 1e6;
    std::snprintf(line,
                  sizeof(line),
                  "trunk: %.3f of %.3f Mb/s TCP capacity (%.1f%%); Jain's fairness index %.4f",
                  trunkGoodput,
                  capacity,
                  100 * trunkGoodput / capacity,
                  AtmMaxMinOracle::JainIndex(goodputs));
    std::cout << line << std::endl;
    Simulator::Destroy();
    return conserved ? 0 : 1;
}
