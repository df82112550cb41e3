/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * An ATM network split over MPI ranks with ns-3's distributed simulator
 * (built only when ns-3 has its mpi module; see doc/atm.rst).
 *
 * Two topologies, greedy cell sources, per-VC round-robin ports:
 *
 * - chain: host - S0 - S1 - ... - S(n-1) - host, the atm-bench chain, with
 *   --vcs VCs end to end;
 * - gfc1: Kung's Generic Fairness Configuration GFC-1 (5 switches, groups
 *   A-F with 3, 3, 3, 6, 6 and 2 VCs; trunk cell rates 50, 150, 150 and
 *   100 Mb/s for S1-S2, S2-S3, S3-S4, S4-S5; one source and one
 *   destination host per VC at its switches).
 *
 * Switch k of n goes to rank k * ranks / n, a host to its switch's rank;
 * every link has the propagation delay --delayUs (the lookahead). With
 * --credit (default) every link runs Kung's credit flow control (static,
 * --bufAlloc cells per VC); without it the ports have --buffer cells per
 * VC and cells are lost.
 *
 * Each rank counts what happens on its nodes; rank 0 prints the sums: per
 * VC, cells sent, received, dropped and the throughput over the
 * measurement window, the same lines whatever the number of ranks. Run:
 *
 *   atm-distributed --topology=gfc1                 (one process)
 *   mpirun -np 2 atm-distributed --topology=gfc1
 *   mpirun -np 4 atm-distributed --topology=chain --switches=8
 *
 * --nullmsg uses ns-3's NullMessageSimulatorImpl instead of the default
 * DistributedSimulatorImpl (granted time window).
 */

#include "ns3/atm-module.h"
#include "ns3/core-module.h"
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
    NodeContainer switches;  //!< the switches
    std::vector<VcSpec> vcs; //!< the VCs to create
};

/**
 * The rank of switch k of n.
 * @param k switch index
 * @param n switches
 * @return its rank
 */
uint32_t
RankOf(uint32_t k, uint32_t n)
{
    return static_cast<uint32_t>(static_cast<uint64_t>(k) * MpiInterface::GetSize() / n);
}

/**
 * Create a host on the rank of a switch and link it.
 * @param atm the link helper
 * @param sw the switch
 * @return the host
 */
Ptr<Node>
HostAt(AtmHelper& atm, Ptr<Node> sw)
{
    Ptr<Node> h = CreateObject<Node>(sw->GetSystemId());
    atm.Install(h, sw);
    return h;
}

/**
 * Build the chain.
 * @param atm the link helper
 * @param sw the switch helper
 * @param n switches
 * @param nVcs VCs end to end
 * @return the network
 */
Network
BuildChain(AtmHelper& atm, const AtmSwitchHelper& sw, uint32_t n, uint32_t nVcs)
{
    Network net;
    for (uint32_t k = 0; k < n; ++k)
    {
        net.switches.Add(CreateObject<Node>(RankOf(k, n)));
    }
    sw.Install(net.switches);
    for (uint32_t k = 0; k + 1 < n; ++k)
    {
        atm.Install(net.switches.Get(k), net.switches.Get(k + 1));
    }
    Ptr<Node> src = HostAt(atm, net.switches.Get(0));
    Ptr<Node> dst = HostAt(atm, net.switches.Get(n - 1));
    for (uint32_t v = 0; v < nVcs; ++v)
    {
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
                     NodeContainer(HostAt(atm, net.switches.Get(g.from)))};
            for (uint32_t k = g.from; k <= g.to; ++k)
            {
                s.path.Add(net.switches.Get(k));
            }
            s.path.Add(HostAt(atm, net.switches.Get(g.to)));
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

} // namespace

int
main(int argc, char* argv[])
{
    std::string topology = "gfc1";
    uint32_t nSwitches = 8;
    uint32_t nVcs = 100;
    double delayUs = 100;
    bool credit = true;
    uint32_t bufAlloc = 0;
    uint32_t buffer = 64;
    double warmup = 0.02;
    double measure = 0.1;
    bool nullmsg = false;

    CommandLine cmd(__FILE__);
    cmd.AddValue("topology", "chain or gfc1", topology);
    cmd.AddValue("switches", "chain: switches", nSwitches);
    cmd.AddValue("vcs", "chain: VCs end to end", nVcs);
    cmd.AddValue("delayUs", "Propagation delay of every link (the lookahead), us", delayUs);
    cmd.AddValue("credit", "Credit flow control (static) on every link", credit);
    cmd.AddValue("bufAlloc", "Credit: Buf_Alloc per VC, cells (0: RTT + N2)", bufAlloc);
    cmd.AddValue("buffer", "Without credit: cells per VC at each port", buffer);
    cmd.AddValue("warmup", "Seconds before the measurement window", warmup);
    cmd.AddValue("measure", "Seconds of the measurement window", measure);
    cmd.AddValue("nullmsg", "Use NullMessageSimulatorImpl", nullmsg);
    cmd.Parse(argc, argv);
    NS_ABORT_MSG_IF(topology != "chain" && topology != "gfc1",
                    "atm-distributed: topology = " << topology << ": not chain or gfc1");
    NS_ABORT_MSG_IF(delayUs <= 0,
                    "atm-distributed: delayUs = " << delayUs
                                                  << ": links between ranks need a positive delay");
    NS_ABORT_MSG_IF(nSwitches < 2, "atm-distributed: switches = " << nSwitches << ": at least 2");

    GlobalValue::Bind(
        "SimulatorImplementationType",
        StringValue(nullmsg ? "ns3::NullMessageSimulatorImpl" : "ns3::DistributedSimulatorImpl"));
    MpiInterface::Enable(&argc, &argv);
    const uint32_t rank = MpiInterface::GetSystemId();

    AtmHelper atm;
    atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(delayUs)));
    AtmSwitchHelper sw;
    if (credit)
    {
        sw.SetQueueDisc("ns3::AtmPerVcQueueDisc", "MaxCells", UintegerValue(1U << 20));
    }
    else
    {
        sw.SetQueueDisc("ns3::AtmPerVcQueueDisc",
                        "MaxCells",
                        UintegerValue(1U << 20),
                        "BufferManagement",
                        StringValue("StaticPartition"),
                        "VcLimit",
                        UintegerValue(buffer));
    }
    Network net = topology == "chain" ? BuildChain(atm, sw, nSwitches, nVcs) : BuildGfc1(atm, sw);

    AtmVcHelper vcHelper;
    std::vector<Ptr<AtmVc>> vcs;
    for (const auto& s : net.vcs)
    {
        Ptr<AtmVc> vc = vcHelper.Create(s.path);
        vc->SetName(s.name);
        vcs.push_back(vc);
    }
    if (credit)
    {
        AtmCreditHelper ch;
        if (bufAlloc > 0)
        {
            ch.SetAllocation("ns3::AtmStaticAllocation", "BufAlloc", UintegerValue(bufAlloc));
        }
        ch.InstallAll();
    }
    AtmCellSourceHelper greedy("ns3::AtmGreedySource");
    for (uint32_t v = 0; v < vcs.size(); ++v)
    {
        if (IsLocal(net.vcs[v].path.Get(0)))
        {
            greedy.Install(vcs[v]).Start(Seconds(0));
        }
    }

    // Per VC: sent, received, dropped, received at the start of the window.
    const std::size_t n = vcs.size();
    std::vector<uint64_t> counts(4 * n);
    for (std::size_t v = 0; v < n; ++v)
    {
        Simulator::Schedule(
            Seconds(warmup),
            +[](uint64_t* cells, Ptr<AtmVc> vc) { *cells = vc->GetCellsReceived(); },
            &counts[4 * v + 3],
            vcs[v]);
    }
    Simulator::Stop(Seconds(warmup + measure));
    const auto t0 = std::chrono::steady_clock::now();
    Simulator::Run();
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (std::size_t v = 0; v < n; ++v)
    {
        counts[4 * v] = vcs[v]->GetCellsSent();
        counts[4 * v + 1] = vcs[v]->GetCellsReceived();
        counts[4 * v + 2] = vcs[v]->GetCellsDropped();
    }
    std::vector<uint64_t> hops{LocalCellHops(), Simulator::GetEventCount()};
    SumToRankZero(counts);
    SumToRankZero(hops);
    double maxWall = 0;
    MPI_Reduce(&wall, &maxWall, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

    if (rank == 0)
    {
        std::cout << "atm-distributed: " << topology << ", " << MpiInterface::GetSize()
                  << " rank(s), " << (nullmsg ? "null-message" : "granted time window")
                  << " engine, " << (credit ? "credit" : "no credit") << ", delay " << delayUs
                  << " us\n";
        std::cout << std::fixed << std::setprecision(0);
        for (std::size_t v = 0; v < n; ++v)
        {
            const double rate = static_cast<double>(counts[4 * v + 1] - counts[4 * v + 3]) *
                                AtmCell::BITS / measure;
            std::cout << "vc " << vcs[v]->GetName() << " sent " << counts[4 * v] << " received "
                      << counts[4 * v + 1] << " dropped " << counts[4 * v + 2] << " throughput_bps "
                      << rate << "\n";
        }
        std::cout << std::setprecision(3) << "wall_s " << maxWall << "\n"
                  << std::setprecision(0) << "cell_hops " << hops[0] << "\n"
                  << "cell_hops_per_s " << hops[0] / maxWall << "\n"
                  << "events " << hops[1] << "\n";
    }
    Simulator::Destroy();
    MpiInterface::Disable();
    return 0;
}
