/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// atm-tutorial: the program of "Your first experiment" in doc/atm.rst,
// which shows it part by part; --step=N builds it as far as step N:
//   1  hosts A and C and a switch S; TCP from A to C over an IP PVC.
//   2  host B sends to C too, and S's port to C is a 50 Mb/s UBR
//      bottleneck: per-VC queues with early packet discard (EPD).
//   3  the two PVCs are ABR connections, and ERICA runs at that port
//      (--abr=0: not, step 2's network).
//   4  the results read as well through a trace, FlowMonitor and pcap
//      files (atm-tutorial-<node>-<device>.pcap).
// Every step prints each TCP's goodput and its VC's cell counts. Exit
// status 1 unless every VC's cells are accounted for: sent = received +
// dropped + queued, with none left on the wires after the run.

#include "ns3/applications-module.h"
#include "ns3/atm-module.h"
#include "ns3/core-module.h"
#include "ns3/flow-monitor-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#include <iostream>

using namespace ns3;

// [step 4: a trace sink]
/// AAL5 frames that EPD or PPD discarded, counted by the trace below.
static uint32_t g_framesDiscarded = 0;

/**
 * Trace sink of every switch port's queue disc FrameDiscard.
 * @param context the Config path that matched
 * @param slot the VC's slot at that port
 * @param reason "Epd" or "Ppd"
 */
static void
FrameDiscarded(std::string /* context */, uint32_t /* slot */, const char* /* reason */)
{
    ++g_framesDiscarded;
}

// [step 4: a trace sink end]

int
main(int argc, char* argv[])
{
    // The cell engine runs the cell path's events (--SimulatorImplementationType
    // chooses another simulator implementation).
    AtmSimulatorImpl::SelectByDefault();
    uint32_t step = 4;
    bool abr = true;
    CommandLine cmd(__FILE__);
    cmd.AddValue("step", "build the tutorial's network as far as this step (1-4)", step);
    cmd.AddValue("abr", "from step 3 on, ABR with ERICA (false: step 2's UBR network)", abr);
    cmd.Parse(argc, argv);
    NS_ABORT_MSG_IF(step < 1 || step > 4, "atm-tutorial: --step = " << step << ": use 1 to 4");
    if (step >= 4)
    {
        // pcap files with real IPv4 and TCP checksums (ns-3 leaves them 0)
        GlobalValue::Bind("ChecksumEnabled", BooleanValue(true));
    }

    // [step 1: the network]
    // NewReno on every ns-3 version (3.37's default; later ones default to CUBIC)
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpNewReno::GetTypeId()));
    NodeContainer hosts;
    hosts.Create(3); // A, B, C
    Ptr<Node> s = CreateObject<Node>();
    AtmSwitchHelper switchHelper;
    // [step 1: the network end]
    // [step 2: per-VC queues with EPD]
    if (step >= 2)
    {
        switchHelper.SetQueueDisc("ns3::AtmPerVcQueueDisc",
                                  "MaxCells",
                                  UintegerValue(1000),
                                  "EpdThreshold",
                                  UintegerValue(400));
    }
    // [step 2: per-VC queues with EPD end]
    // [step 1: links]
    switchHelper.Install(s);
    AtmHelper atm; // OC-3c links, 155.52 Mb/s
    atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(500)));
    NetDeviceContainer a = atm.Install(hosts.Get(0), s);
    NetDeviceContainer b = atm.Install(hosts.Get(1), s);
    // [step 1: links end]
    // [step 2: the bottleneck]
    if (step >= 2)
    {
        atm.SetDeviceAttribute("DataRate", DataRateValue(DataRate("50Mbps")));
    }
    // [step 2: the bottleneck end]
    // [step 1: IP]
    NetDeviceContainer c = atm.Install(s, hosts.Get(2));
    Ptr<AtmNetDevice> bottleneck = DynamicCast<AtmNetDevice>(c.Get(0)); // S's port to C

    InternetStackHelper().Install(hosts);
    NetDeviceContainer hostPorts;
    hostPorts.Add(a.Get(0));
    hostPorts.Add(b.Get(0));
    hostPorts.Add(c.Get(1));
    Ipv4InterfaceContainer ip = Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(hostPorts);
    // [step 1: IP end]

    // [step 1: TCP]
    const uint32_t senders = step >= 2 ? 2 : 1;
    AtmVcHelper vcHelper;
    std::vector<Ptr<AtmVc>> vcs;
    ApplicationContainer sinks;
    for (uint32_t i = 0; i < senders; ++i)
    {
        // An IP PVC each way between host i and C; the first carries the data.
        auto [data, acks] = vcHelper.CreateIpPvc(NodeContainer(hosts.Get(i), s, hosts.Get(2)));
        // [step 1: TCP end]
        // [step 3: ABR]
        if (step >= 3 && abr)
        {
            // One ABR connection: an ABR source and destination at each end.
            AtmAbrHelper().Install(data, acks);
        }
        // [step 3: ABR end]
        // [step 1: applications]
        vcs.push_back(data);
        BulkSendHelper send("ns3::TcpSocketFactory", InetSocketAddress(ip.GetAddress(2), 5000 + i));
        ApplicationContainer sender = send.Install(hosts.Get(i));
        sender.Start(Seconds(0.1 + 0.05 * i));
        sender.Stop(Seconds(2)); // then the last second drains the wires
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), 5000 + i));
        sinks.Add(sink.Install(hosts.Get(2)));
    }
    // [step 1: applications end]
    // [step 3: ERICA]
    if (step >= 3 && abr)
    {
        AtmAbrHelper erica;
        erica.SetPortBehaviour("ns3::AtmErica", "TargetUtilization", DoubleValue(0.9));
        erica.InstallPortBehaviour(bottleneck);
    }
    // [step 3: ERICA end]

    // [step 4: traces, FlowMonitor, pcap]
    Ptr<FlowMonitor> monitor;
    FlowMonitorHelper flowHelper;
    if (step >= 4)
    {
        Config::Connect("/NodeList/*/DeviceList/*/$ns3::AtmNetDevice/QueueDisc/FrameDiscard",
                        MakeCallback(&FrameDiscarded));
        monitor = flowHelper.InstallAll();
        atm.EnablePcap("atm-tutorial", hostPorts);
    }
    // [step 4: traces, FlowMonitor, pcap end]

    // [step 1: run and print]
    const Time stop = Seconds(3);
    Simulator::Stop(stop);
    Simulator::Run();

    bool accounted = true;
    for (uint32_t i = 0; i < senders; ++i)
    {
        const Ptr<AtmVc> vc = vcs[i];
        const uint64_t octets = DynamicCast<PacketSink>(sinks.Get(i))->GetTotalRx();
        std::cout << "TCP " << "AB"[i] << " to C: " << octets * 8 / (1.9 - 0.05 * i) / 1e6
                  << " Mb/s; cells sent " << vc->GetCellsSent() << ", received "
                  << vc->GetCellsReceived() << ", dropped " << vc->GetCellsDropped() << ", queued "
                  << vc->GetCellsQueued() << "\n";
        for (const auto& [reason, cells] : vc->GetDropsByReason())
        {
            std::cout << "  dropped (" << reason << "): " << cells << " cells\n";
        }
        accounted = accounted && vc->GetCellsSent() == vc->GetCellsReceived() +
                                                           vc->GetCellsDropped() +
                                                           vc->GetCellsQueued();
    }
    // [step 1: run and print end]

    // [step 4: read them]
    if (step >= 4)
    {
        std::cout << "frames discarded (FrameDiscard trace): " << g_framesDiscarded << "\n";
        // A packet EPD discarded is lost below IP, where no flow probe
        // sees it: FlowMonitor counts it lost only once it has been in
        // flight longer than a delay (MaxPerHopDelay, 10 s, by default).
        const FlowMonitor::FlowStatsContainer before = monitor->GetFlowStats();
        monitor->CheckForLostPackets(MilliSeconds(100));
        for (const auto& [id, flow] : monitor->GetFlowStats())
        {
            std::cout << "flow " << id << ": packets tx " << flow.txPackets << ", rx "
                      << flow.rxPackets << ", lost " << before.at(id).lostPackets
                      << " (after CheckForLostPackets(100ms): " << flow.lostPackets << ")\n";
        }
    }
    // [step 4: read them end]
    Simulator::Destroy();
    return accounted ? 0 : 1;
}
