/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * An ATM network split over MPI ranks with ns-3's distributed simulator
 * (built only when ns-3 has its mpi module; see doc/atm.rst).
 *
 * Two topologies:
 *
 * - chain: host - S0 - S1 - ... - S(n-1) - host, the atm-bench chain, with
 *   --vcs VCs end to end;
 * - gfc1: Kung's Generic Fairness Configuration GFC-1 (5 switches, groups
 *   A-F with 3, 3, 3, 6, 6 and 2 VCs; trunk cell rates 50, 150, 150 and
 *   100 Mb/s for S1-S2, S2-S3, S3-S4, S4-S5; one source and one
 *   destination host per VC at its switches).
 *
 * Traffic (--traffic): greedy cell sources (cells), or one TCP bulk
 * transfer per VC over IP over AAL5 (tcp: ns-3's TCP/IP stack on a host
 * pair per VC, a PVC each way), whose frames' cells cross ranks with their
 * real payload octets.
 *
 * Flow control (--control): Kung's credit flow control on every link
 * (credit: static, --bufAlloc cells per VC), none (--buffer cells per VC at
 * each port, cells lost; TCP's ports discard whole frames, EPD), or ABR
 * (abr: every VC an ABR connection, --scheme the port behaviour of every
 * switch port).
 *
 * Switch k of n goes to rank k * ranks / n (--assign=blocks), or to rank
 * k mod ranks (--assign=alternate: a VC's cells leave a rank and come back
 * to it); a host goes to its switch's rank. Every link has the propagation
 * delay --delayUs (the lookahead). --dropCell=K loses the K-th cell (from
 * 0) that arrives over the middle trunk (a ReceiveListErrorModel on its
 * receiving port; chain: S(n/2-1) to S(n/2), gfc1: S2 to S3), the same
 * cell in one process and on any number of ranks.
 *
 * Each rank counts what happens on its nodes; rank 0 prints the sums: per
 * VC, cells sent, received and dropped, AAL5 frames received and
 * discarded, and the throughput over the measurement window; per TCP
 * transfer, the octets received by its sink. The lines are the same
 * whatever the number of ranks. Then the most AAL5 frames any rank still
 * holds for one VC at the end (frames_held_max). Run:
 *
 *   atm-distributed --topology=gfc1                 (one process)
 *   mpirun -np 2 atm-distributed --topology=gfc1
 *   mpirun -np 4 atm-distributed --topology=chain --switches=8
 *   mpirun -np 2 atm-distributed --traffic=tcp --control=abr --assign=alternate
 *
 * --nullmsg uses ns-3's NullMessageSimulatorImpl instead of the default
 * DistributedSimulatorImpl (granted time window). Two options make the
 * errors utils/atm-mpi-check.sh checks: --delayUs=0 (a link between ranks
 * without lookahead) and --omitVcOnRank=R (rank R does not create the last
 * VC, so the VC tables of the ranks differ).
 */

#include "ns3/applications-module.h"
#include "ns3/atm-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/mpi-interface.h"
#include "ns3/network-module.h"

#include <chrono>
#include <iomanip>
#include <iostream>
#include <mpi.h>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("AtmDistributed");

namespace
{

/// A VC of the example: its name and path.
struct VcSpec
{
    std::string name;   //!< e.g. A1
    NodeContainer path; //!< hosts and switches, source first
};

/// The network of one run.
struct Network
{
    NodeContainer switches;          //!< the switches
    NodeContainer hosts;             //!< the hosts
    std::vector<VcSpec> vcs;         //!< the VCs to create
    Ptr<AtmNetDevice> middleTrunkRx; //!< the receiving port of the middle trunk
};

/// How switches are given to ranks.
bool g_alternate = false;

/**
 * The rank of switch k of n.
 * @param k switch index
 * @param n switches
 * @return its rank
 */
uint32_t
RankOf(uint32_t k, uint32_t n)
{
    const uint32_t ranks = MpiInterface::GetSize();
    return g_alternate ? k % ranks : static_cast<uint32_t>(uint64_t{k} * ranks / n);
}

/**
 * Create a host on the rank of a switch and link it.
 * @param atm the link helper
 * @param net the network (gets the host)
 * @param sw the switch
 * @return the host
 */
Ptr<Node>
HostAt(AtmHelper& atm, Network& net, Ptr<Node> sw)
{
    Ptr<Node> h = CreateObject<Node>(sw->GetSystemId());
    atm.Install(h, sw);
    net.hosts.Add(h);
    return h;
}

/**
 * Build the chain.
 * @param atm the link helper
 * @param sw the switch helper
 * @param n switches
 * @param nVcs VCs end to end
 * @param hostPairs one host pair per VC (IP), not one for all
 * @return the network
 */
Network
BuildChain(AtmHelper& atm, const AtmSwitchHelper& sw, uint32_t n, uint32_t nVcs, bool hostPairs)
{
    Network net;
    for (uint32_t k = 0; k < n; ++k)
    {
        net.switches.Add(CreateObject<Node>(RankOf(k, n)));
    }
    sw.Install(net.switches);
    for (uint32_t k = 0; k + 1 < n; ++k)
    {
        NetDeviceContainer d = atm.Install(net.switches.Get(k), net.switches.Get(k + 1));
        if (k + 1 == n / 2)
        {
            net.middleTrunkRx = DynamicCast<AtmNetDevice>(d.Get(1));
        }
    }
    Ptr<Node> src;
    Ptr<Node> dst;
    for (uint32_t v = 0; v < nVcs; ++v)
    {
        if (v == 0 || hostPairs)
        {
            src = HostAt(atm, net, net.switches.Get(0));
            dst = HostAt(atm, net, net.switches.Get(n - 1));
        }
        VcSpec s{"vc" + std::to_string(v), NodeContainer(src)};
        s.path.Add(net.switches);
        s.path.Add(dst);
        net.vcs.push_back(s);
    }
    return net;
}

/**
 * Build GFC-1.
 * @param atm the link helper
 * @param sw the switch helper
 * @return the network
 */
Network
BuildGfc1(AtmHelper& atm, const AtmSwitchHelper& sw)
{
    Network net;
    for (uint32_t k = 0; k < 5; ++k)
    {
        net.switches.Add(CreateObject<Node>(RankOf(k, 5)));
    }
    sw.Install(net.switches);
    const double trunkMbps[4] = {50, 150, 150, 100};
    for (uint32_t k = 0; k < 4; ++k)
    {
        NetDeviceContainer d = atm.Install(net.switches.Get(k), net.switches.Get(k + 1));
        for (uint32_t i = 0; i < 2; ++i)
        {
            d.Get(i)->SetAttribute("SonetFraming", BooleanValue(false));
            d.Get(i)->SetAttribute(
                "DataRate",
                DataRateValue(DataRate(static_cast<uint64_t>(trunkMbps[k] * 1e6))));
        }
        if (k == 1)
        {
            net.middleTrunkRx = DynamicCast<AtmNetDevice>(d.Get(1));
        }
    }

    // group, VCs, first and last switch (0-based)
    const struct
    {
        char group;
        uint32_t count;
        uint32_t from;
        uint32_t to;
    } groups[] = {{'A', 3, 0, 3},
                  {'B', 3, 1, 4},
                  {'C', 3, 2, 3},
                  {'D', 6, 0, 1},
                  {'E', 6, 3, 4},
                  {'F', 2, 1, 2}};

    for (const auto& g : groups)
    {
        for (uint32_t i = 1; i <= g.count; ++i)
        {
            VcSpec s{std::string(1, g.group) + std::to_string(i),
                     NodeContainer(HostAt(atm, net, net.switches.Get(g.from)))};
            for (uint32_t k = g.from; k <= g.to; ++k)
            {
                s.path.Add(net.switches.Get(k));
            }
            s.path.Add(HostAt(atm, net, net.switches.Get(g.to)));
            net.vcs.push_back(s);
        }
    }
    return net;
}

/**
 * @param node a node
 * @return true if it lives on this rank
 */
bool
IsLocal(Ptr<Node> node)
{
    return node->GetSystemId() == MpiInterface::GetSystemId();
}

/**
 * Cells transmitted by the ports of this rank's nodes.
 * @return the count
 */
uint64_t
LocalCellHops()
{
    uint64_t hops = 0;
    for (const Ptr<AtmNetDevice>& d : AtmHelper::GetAllDevices())
    {
        hops += IsLocal(d->GetNode()) ? d->GetCellsTransmitted() : 0;
    }
    return hops;
}

/**
 * Sum an array over the ranks, on rank 0.
 * @param v the local values; on rank 0 the sums
 */
void
SumToRankZero(std::vector<uint64_t>& v)
{
    std::vector<uint64_t> sum(v.size());
    MPI_Reduce(v.data(),
               sum.data(),
               static_cast<int>(v.size()),
               MPI_UINT64_T,
               MPI_SUM,
               0,
               MPI_COMM_WORLD);
    v = sum;
}

/// One TCP transfer: its sink, on the rank of its receiving host.
struct Transfer
{
    std::string name;      //!< the VC's name
    Ptr<PacketSink> sink;  //!< null on the other ranks
    uint64_t atWindow = 0; //!< octets received at the start of the window
};

/**
 * Start a TCP bulk transfer over a VC's host pair, each application on the
 * rank of its host only.
 * @param path the VC's path (hosts first and last, addresses assigned)
 * @param port the TCP port
 * @param start when the sender starts
 * @return the transfer
 */
Transfer
StartTcp(const NodeContainer& path, uint16_t port, Time start)
{
    Transfer t;
    Ptr<Node> src = path.Get(0);
    Ptr<Node> dst = path.Get(path.GetN() - 1);
    const Ipv4Address to = dst->GetObject<Ipv4>()->GetAddress(1, 0).GetLocal();
    if (IsLocal(src))
    {
        BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(to, port));
        bulk.SetAttribute("MaxBytes", UintegerValue(0));
        bulk.Install(src).Start(start);
    }
    if (IsLocal(dst))
    {
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer a = sink.Install(dst);
        a.Start(Seconds(0));
        t.sink = DynamicCast<PacketSink>(a.Get(0));
    }
    return t;
}

/// Counts per VC in the summed array.
constexpr std::size_t F = 6;

/**
 * Note, at the start of the measurement window, each VC's cells received
 * and each transfer's octets.
 * @param vcs the VCs
 * @param counts the counts per VC (F each)
 * @param transfers the TCP transfers
 */
void
OpenWindow(const std::vector<Ptr<AtmVc>>* vcs,
           std::vector<uint64_t>* counts,
           std::vector<Transfer>* transfers)
{
    for (std::size_t v = 0; v < vcs->size(); ++v)
    {
        (*counts)[F * v + 3] = (*vcs)[v]->GetCellsReceived();
    }
    for (auto& t : *transfers)
    {
        t.atWindow = t.sink ? t.sink->GetTotalRx() : 0;
    }
}

} // namespace

int
main(int argc, char* argv[])
{
    std::string topology = "gfc1";
    std::string traffic = "cells";
    std::string control = "credit";
    std::string scheme = "ns3::AtmErica";
    std::string assign = "blocks";
    uint32_t nSwitches = 8;
    uint32_t nVcs = 100;
    double delayUs = 100;
    uint32_t bufAlloc = 0;
    uint32_t buffer = 0;
    uint32_t dropCell = 0;
    double warmup = 0.02;
    double measure = 0.1;
    bool nullmsg = false;
    int32_t omitVcOnRank = -1;
    AtmTcpSettings tcp;
    tcp.mss = 1460;
    tcp.granularityMs = 1;
    tcp.minRtoMs = 20;

    CommandLine cmd(__FILE__);
    cmd.AddValue("topology", "chain or gfc1", topology);
    cmd.AddValue("traffic", "cells (greedy sources) or tcp (a TCP transfer per VC)", traffic);
    cmd.AddValue("control", "credit, none or abr", control);
    cmd.AddValue("scheme", "abr: the switch ports' behaviour (TypeId)", scheme);
    cmd.AddValue("assign", "blocks or alternate: switches to ranks", assign);
    cmd.AddValue("switches", "chain: switches", nSwitches);
    cmd.AddValue("vcs", "chain: VCs end to end", nVcs);
    cmd.AddValue("delayUs", "Propagation delay of every link (the lookahead), us", delayUs);
    cmd.AddValue("bufAlloc", "Credit: Buf_Alloc per VC, cells (0: RTT + N2)", bufAlloc);
    cmd.AddValue("buffer",
                 "Without credit or ABR: cells per VC at each port (0: 64, or 4 frames for tcp)",
                 buffer);
    cmd.AddValue("dropCell",
                 "Lose the K-th cell (from 1) over the middle trunk; 0: none",
                 dropCell);
    cmd.AddValue("warmup", "Seconds before the measurement window", warmup);
    cmd.AddValue("measure", "Seconds of the measurement window", measure);
    cmd.AddValue("nullmsg", "Use NullMessageSimulatorImpl", nullmsg);
    cmd.AddValue("omitVcOnRank",
                 "The error check: this rank does not create the last VC (-1: none)",
                 omitVcOnRank);
    tcp.AddTo(cmd);
    cmd.Parse(argc, argv);
    NS_ABORT_MSG_IF(topology != "chain" && topology != "gfc1",
                    "atm-distributed: topology = " << topology << ": not chain or gfc1");
    NS_ABORT_MSG_IF(traffic != "cells" && traffic != "tcp",
                    "atm-distributed: traffic = " << traffic << ": not cells or tcp");
    NS_ABORT_MSG_IF(control != "credit" && control != "none" && control != "abr",
                    "atm-distributed: control = " << control << ": not credit, none or abr");
    NS_ABORT_MSG_IF(assign != "blocks" && assign != "alternate",
                    "atm-distributed: assign = " << assign << ": not blocks or alternate");
    NS_ABORT_MSG_IF(delayUs < 0, "atm-distributed: delayUs = " << delayUs << ": negative");
    NS_ABORT_MSG_IF(nSwitches < 2, "atm-distributed: switches = " << nSwitches << ": at least 2");

    GlobalValue::Bind(
        "SimulatorImplementationType",
        StringValue(nullmsg ? "ns3::NullMessageSimulatorImpl" : "ns3::DistributedSimulatorImpl"));
    MpiInterface::Enable(&argc, &argv);
    const uint32_t rank = MpiInterface::GetSystemId();
    g_alternate = assign == "alternate";
    const bool ip = traffic == "tcp";
    if (ip)
    {
        tcp.Apply();
    }
    // One segment's frame: MSS + 40 (TCP/IP) + 8 (LLC/SNAP), and the trailer.
    const uint32_t frameCells = AtmAal5Sar::GetNCells(tcp.mss + 40 + 8);
    if (buffer == 0)
    {
        buffer = ip ? 4 * frameCells : 64;
    }

    AtmHelper atm;
    atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(delayUs)));
    AtmSwitchHelper sw;
    if (control == "none")
    {
        sw.SetQueueDisc("ns3::AtmPerVcQueueDisc",
                        "MaxCells",
                        UintegerValue(1U << 20),
                        "BufferManagement",
                        StringValue("StaticPartition"),
                        "VcLimit",
                        UintegerValue(buffer),
                        "EpdThreshold",
                        UintegerValue(ip && buffer > frameCells ? buffer - frameCells : 0));
    }
    else
    {
        sw.SetQueueDisc("ns3::AtmPerVcQueueDisc", "MaxCells", UintegerValue(1U << 20));
    }
    Network net =
        topology == "chain" ? BuildChain(atm, sw, nSwitches, nVcs, ip) : BuildGfc1(atm, sw);
    if (dropCell > 0)
    {
        Ptr<ReceiveListErrorModel> loss = CreateObject<ReceiveListErrorModel>();
        loss->SetList({dropCell});
        net.middleTrunkRx->SetAttribute("ReceiveErrorModel", PointerValue(loss));
    }
    if (ip)
    {
        InternetStackHelper stack;
        stack.Install(net.hosts);
        NetDeviceContainer ports;
        for (uint32_t h = 0; h < net.hosts.GetN(); ++h)
        {
            ports.Add(net.hosts.Get(h)->GetDevice(0));
        }
        Ipv4AddressHelper addresses("10.0.0.0", "255.0.0.0");
        addresses.Assign(ports);
    }

    // The VCs: one way for cells, both ways for IP and ABR.
    AtmAbrHelper abr;
    abr.SetPortBehaviour(scheme);
    AtmVcHelper vcHelper;
    std::vector<Ptr<AtmVc>> vcs;     // every VC, in the order printed
    std::vector<Ptr<AtmVc>> forward; // the one from each VC's first host
    if (omitVcOnRank == static_cast<int32_t>(rank))
    {
        net.vcs.pop_back(); // every rank must create the same VCs: stops the run
    }
    for (const auto& s : net.vcs)
    {
        std::pair<Ptr<AtmVc>, Ptr<AtmVc>> pair;
        if (control == "abr")
        {
            pair = ip ? abr.CreateIp(s.path, s.name) : abr.Create(s.path, s.name);
        }
        else if (ip)
        {
            pair = vcHelper.CreateIpPvc(s.path, s.name);
        }
        else
        {
            pair.first = vcHelper.Create(s.path);
            pair.first->SetName(s.name);
        }
        vcs.push_back(pair.first);
        forward.push_back(pair.first);
        if (pair.second)
        {
            vcs.push_back(pair.second);
        }
    }
    if (control == "abr")
    {
        abr.InstallPortBehaviour(net.switches);
    }
    if (control == "credit")
    {
        AtmCreditHelper ch;
        if (bufAlloc > 0)
        {
            ch.SetAllocation("ns3::AtmStaticAllocation", "BufAlloc", UintegerValue(bufAlloc));
        }
        ch.InstallAll();
    }
    std::vector<Transfer> transfers;
    AtmCellSourceHelper greedy("ns3::AtmGreedySource");
    for (uint32_t v = 0; v < net.vcs.size(); ++v)
    {
        const VcSpec& s = net.vcs[v];
        if (ip)
        {
            transfers.push_back(
                StartTcp(s.path, static_cast<uint16_t>(50000 + v), MicroSeconds(100 * v)));
            transfers.back().name = s.name;
        }
        else if (IsLocal(s.path.Get(0)))
        {
            greedy.Install(forward[v]).Start(Seconds(0));
        }
    }

    // Per VC: sent, received, dropped, received at the start of the
    // window, frames received, frames discarded; per transfer: octets
    // received, the same at the start of the window.
    const std::size_t n = vcs.size();
    std::vector<uint64_t> counts(F * n + 2 * transfers.size());
    Simulator::Schedule(Seconds(warmup), &OpenWindow, &vcs, &counts, &transfers);
    Simulator::Stop(Seconds(warmup + measure));
    const auto t0 = std::chrono::steady_clock::now();
    Simulator::Run();
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (std::size_t v = 0; v < n; ++v)
    {
        counts[F * v] = vcs[v]->GetCellsSent();
        counts[F * v + 1] = vcs[v]->GetCellsReceived();
        counts[F * v + 2] = vcs[v]->GetCellsDropped();
        counts[F * v + 4] = vcs[v]->GetFramesReceived();
        counts[F * v + 5] = vcs[v]->GetFramesDropped();
    }
    for (std::size_t t = 0; t < transfers.size(); ++t)
    {
        counts[F * n + 2 * t] = transfers[t].sink ? transfers[t].sink->GetTotalRx() : 0;
        counts[F * n + 2 * t + 1] = transfers[t].atWindow;
    }
    std::vector<uint64_t> hops{LocalCellHops(), Simulator::GetEventCount()};
    SumToRankZero(counts);
    SumToRankZero(hops);
    double maxWall = 0;
    MPI_Reduce(&wall, &maxWall, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    // The AAL5 frames a rank still holds for a VC: a few in flight, unless
    // a rank never frees the frames whose cells it handed to another.
    uint64_t held = 0;
    for (const auto& vc : vcs)
    {
        held = std::max<uint64_t>(held, vc->GetPduStore().GetNFrames());
    }
    uint64_t maxHeld = 0;
    MPI_Reduce(&held, &maxHeld, 1, MPI_UINT64_T, MPI_MAX, 0, MPI_COMM_WORLD);

    if (rank == 0)
    {
        std::cout << "atm-distributed: " << topology << ", " << traffic << ", "
                  << MpiInterface::GetSize() << " rank(s) (" << assign << "), "
                  << (nullmsg ? "null-message" : "granted time window") << " engine, control "
                  << (control == "abr" ? scheme : control) << ", delay " << delayUs << " us\n";
        std::cout << std::fixed << std::setprecision(0);
        for (std::size_t v = 0; v < n; ++v)
        {
            const uint64_t* c = &counts[F * v];
            const double rate = static_cast<double>(c[1] - c[3]) * AtmCell::BITS / measure;
            std::cout << "vc " << vcs[v]->GetName() << " sent " << c[0] << " received " << c[1]
                      << " dropped " << c[2] << " frames_received " << c[4] << " frames_dropped "
                      << c[5] << " throughput_bps " << rate << "\n";
        }
        for (std::size_t t = 0; t < transfers.size(); ++t)
        {
            const uint64_t* c = &counts[F * n + 2 * t];
            std::cout << "tcp " << transfers[t].name << " octets " << c[0] << " goodput_bps "
                      << static_cast<double>(c[0] - c[1]) * 8 / measure << "\n";
        }
        std::cout << std::setprecision(3) << "wall_s " << maxWall << "\n"
                  << std::setprecision(0) << "cell_hops " << hops[0] << "\n"
                  << "cell_hops_per_s " << hops[0] / maxWall << "\n"
                  << "events " << hops[1] << "\n"
                  << "frames_held_max " << maxHeld << "\n";
    }
    Simulator::Destroy();
    MpiInterface::Disable();
    return 0;
}
