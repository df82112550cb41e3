/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * An ATM network split over MPI ranks with ns-3's distributed simulator
 * (built only when ns-3 has its mpi module; see doc/atm.rst).
 *
 * Four topologies:
 *
 * - chain: host - S0 - S1 - ... - S(n-1) - host, the atm-bench chain, with
 *   --vcs VCs end to end;
 * - gfc1: Kung's Generic Fairness Configuration GFC-1 (5 switches, groups
 *   A-F with 3, 3, 3, 6, 6 and 2 VCs; trunk cell rates 50, 150, 150 and
 *   100 Mb/s for S1-S2, S2-S3, S3-S4, S4-S5; one source and one
 *   destination host per VC at its switches).
 *
 * - backbone: --rings metro rings of --ringSize switches (links of
 *   --delayUs), each ring's switch 0 its gateway, the gateways joined in a
 *   ring of OC-12c trunks with delays spread from --minTrunkMs to
 *   --maxTrunkMs; one host per switch, --vcs VCs between random switches'
 *   hosts over fewest-hop paths (drawn from ns-3's seed and run), and with
 *   --traffic=mix every second one ABR (--scheme) and --tcpVcs TCP
 *   transfers over host pairs of their own beside them. Switches go to
 *   ranks by AtmRankHelper (--assign=cut, the default here), which cuts
 *   along the longest trunks that keep the ranks' work even. The size
 *   users plan with, 200 switches and 100 000 VCs:
 *   --rings=5 --ringSize=40 --vcs=100000 --traffic=mix --tcpVcs=20
 *   --control=none --summary=1.
 *
 * - random: the random network of AtmRandomNetwork for the seed and run
 *   (--RngRun): 1-4 switches, 1-6 VCs, a scheme (no flow control, credit
 *   or ABR), greedy, CBR or on-off sources, link errors and outages, all
 *   drawn; switch k on rank k mod ranks. --traffic and --control do not
 *   apply.
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
 * 1) that arrives over the middle trunk (a ReceiveListErrorModel on its
 * receiving port; chain: S(n/2-1) to S(n/2), gfc1: S2 to S3), the same
 * cell in one process and on any number of ranks.
 *
 * Each rank counts what happens on its nodes; rank 0 prints the sums: per
 * VC, cells sent, received and dropped, AAL5 frames received and
 * discarded, and the throughput over the measurement window; per TCP
 * transfer, the octets received by its sink. The lines are the same
 * whatever the number of ranks (--summary: their number, totals and a
 * digest). Then, per rank, its events, the cells it sent to other ranks
 * (its MPI messages) and its wall time, and the most AAL5 frames any rank
 * still holds for one VC at the end (frames_held_max). Run:
 *
 *   atm-distributed --topology=gfc1                 (one process)
 *   mpirun -np 2 atm-distributed --topology=gfc1
 *   mpirun -np 4 atm-distributed --topology=chain --switches=8
 *   mpirun -np 2 atm-distributed --traffic=tcp --control=abr --assign=alternate
 *
 * On the backbone in one process, --model=2,8,32,128 predicts the wall
 * time on those numbers of ranks from this run's cell-hops per switch and
 * cells per link (see PrintModel; --messageUs and --windowUs are the costs
 * measured on this machine, doc/atm-validation.rst).
 *
 * --nullmsg uses ns-3's NullMessageSimulatorImpl instead of the default
 * DistributedSimulatorImpl (granted time window). Either runs the cell
 * path's events from a cell calendar (ns3::AtmCellScheduler as the
 * Scheduler, unless --SchedulerType names another). Two options make the
 * errors utils/atm-mpi-check.sh checks: --delayUs=0 (a link between ranks
 * without lookahead) and --omitVcOnRank=R (rank R does not create the last
 * VC, so the VC tables of the ranks differ).
 */

#include "ns3/atm-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/mpi-interface.h"
#include "ns3/network-module.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <mpi.h>
#include <random>
#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("AtmDistributed");

namespace
{

/// A VC of the example: its name, path and what it carries.
struct VcSpec
{
    std::string name;   //!< e.g. A1
    NodeContainer path; //!< hosts and switches, source first
    bool ip = false;    //!< a TCP transfer over IP (else greedy cells)
    bool abr = false;   //!< an ABR connection
};

/// The network of one run.
struct Network
{
    NodeContainer switches;               //!< the switches
    NodeContainer hosts;                  //!< the hosts
    std::vector<VcSpec> vcs;              //!< the VCs to create
    Ptr<AtmNetDevice> middleTrunkRx;      //!< the receiving port of the middle trunk
    std::string cut;                      //!< how the switches were given to ranks
    std::vector<AtmBackbone::Link> edges; //!< backbone: the links between switches
    std::vector<double> work;             //!< backbone: the work AtmRankHelper was given
};

/// How switches are given to ranks.
bool g_alternate = false;

/// The backbone's shape (--topology=backbone).
struct Backbone
{
    uint32_t rings = 4;         //!< metro rings
    uint32_t ringSize = 8;      //!< switches per ring
    double minTrunkMs = 1;      //!< the shortest trunk's delay
    double maxTrunkMs = 20;     //!< the longest trunk's delay
    uint32_t tcpVcs = 0;        //!< TCP transfers, each over a host pair of its own
    bool cut = true;            //!< ranks by AtmRankHelper (else as --assign)
    double maxImbalance = 1.25; //!< AtmRankHelper's MaxImbalance
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
 * Build the backbone: rings of switches (links of @p ringDelay), switch 0
 * of each ring its gateway, the gateways joined in a ring of OC-12c trunks
 * whose delays are spread evenly from the shortest to the longest; one
 * host per switch. Cell VCs join random switches' hosts (fewest-hop
 * paths, ties to the lower switch; a generator seeded from ns-3's seed and
 * run, the same on every rank), every second one ABR when @p abr; each TCP
 * VC gets a host pair of its own. The switches go to ranks by
 * AtmRankHelper, each carrying the VC hops through it as its work.
 * @param atm the link helper
 * @param sw the switch helper
 * @param b the shape
 * @param nVcs cell VCs
 * @param abr every second cell VC is ABR
 * @param ringDelay a ring link's delay
 * @return the network
 */
Network
BuildBackbone(AtmHelper& atm,
              const AtmSwitchHelper& sw,
              const Backbone& b,
              uint32_t nVcs,
              bool abr,
              Time ringDelay)
{
    AtmBackbone layout(b.rings,
                       b.ringSize,
                       ringDelay,
                       MicroSeconds(std::llround(b.minTrunkMs * 1000)),
                       MicroSeconds(std::llround(b.maxTrunkMs * 1000)));
    const uint32_t n = layout.GetNSwitches();
    const std::vector<AtmBackbone::Link>& edges = layout.GetLinks();
    std::mt19937 draw(RngSeedManager::GetSeed() * 1000003U + RngSeedManager::GetRun());
    std::vector<std::vector<uint32_t>> paths;
    std::vector<double> work(n, 1);
    for (uint32_t v = 0; v < nVcs + b.tcpVcs; ++v)
    {
        paths.push_back(layout.DrawPath(draw));
        for (uint32_t k : paths.back())
        {
            work[k] += 1;
        }
    }

    std::vector<uint32_t> rank(n);
    Network net;
    net.edges = edges;
    net.work = work;
    if (b.cut)
    {
        AtmRankHelper ranks;
        ranks.SetMaxImbalance(b.maxImbalance);
        for (uint32_t k = 0; k < n; ++k)
        {
            ranks.AddNode(work[k]);
        }
        for (const AtmBackbone::Link& e : edges)
        {
            ranks.AddLink(e.a, e.b, e.delay);
        }
        rank = ranks.Assign(MpiInterface::GetSize());
        std::ostringstream os;
        os << "AtmRankHelper: " << ranks.GetNCutLinks() << " links cut, lookahead "
           << (ranks.GetNCutLinks() ? ranks.GetLookahead().As(Time::MS) : Time(0).As(Time::MS))
           << ", heaviest rank " << ranks.GetImbalance() << " of the mean work";
        net.cut = os.str();
    }
    else
    {
        for (uint32_t k = 0; k < n; ++k)
        {
            rank[k] = RankOf(k, n);
        }
    }
    for (uint32_t k = 0; k < n; ++k)
    {
        net.switches.Add(CreateObject<Node>(rank[k]));
    }
    sw.Install(net.switches);
    for (std::size_t i = 0; i < edges.size(); ++i)
    {
        atm.SetChannelAttribute("Delay", TimeValue(edges[i].delay));
        NetDeviceContainer d =
            atm.Install(net.switches.Get(edges[i].a), net.switches.Get(edges[i].b));
        if (edges[i].trunk)
        {
            for (uint32_t j = 0; j < 2; ++j)
            {
                d.Get(j)->SetAttribute("DataRate", DataRateValue(DataRate("622.08Mbps")));
            }
        }
    }
    atm.SetChannelAttribute("Delay", TimeValue(ringDelay));
    std::vector<Ptr<Node>> host(n);
    for (uint32_t k = 0; k < n; ++k)
    {
        host[k] = HostAt(atm, net, net.switches.Get(k));
    }
    for (uint32_t v = 0; v < paths.size(); ++v)
    {
        const std::vector<uint32_t>& p = paths[v];
        VcSpec s;
        s.ip = v >= nVcs;
        s.abr = !s.ip && abr && v % 2 == 1;
        s.name = (s.ip ? "tcp" : s.abr ? "abr" : "ubr") + std::to_string(v);
        s.path.Add(s.ip ? HostAt(atm, net, net.switches.Get(p.front())) : host[p.front()]);
        for (uint32_t k : p)
        {
            s.path.Add(net.switches.Get(k));
        }
        s.path.Add(s.ip ? HostAt(atm, net, net.switches.Get(p.back())) : host[p.back()]);
        net.vcs.push_back(s);
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
 * Cells the ports of this rank's nodes sent to another rank's.
 * @return the count: the MPI messages this rank sent
 */
uint64_t
CellsToOtherRanks()
{
    uint64_t cells = 0;
    for (const Ptr<AtmNetDevice>& d : AtmHelper::GetAllDevices())
    {
        const Ptr<AtmNetDevice> peer = d->GetPeer();
        if (IsLocal(d->GetNode()) && peer && !IsLocal(peer->GetNode()))
        {
            cells += d->GetCellsTransmitted();
        }
    }
    return cells;
}

/**
 * The model of a distributed run of the backbone, fed by this single
 * process's run: for each number of ranks, AtmRankHelper's cut (by the
 * work the run was cut by, the VCs through each switch, and again by the
 * cell-hops this run measured at each), each rank's cell-hops (its switches' and their
 * hosts' ports) and messages (cells over a cut link, sent or received),
 * and the windows of the granted-time-window engine (simulated time over
 * the lookahead). Predicted wall time: the busiest rank's cell-hops times
 * this run's wall time per cell-hop, plus its messages times @p messageUs,
 * plus the windows times @p windowUs times log2 of the ranks (the
 * all-gather of each window).
 * @param net the network (the backbone)
 * @param ranksList the numbers of ranks, e.g. "2,8,32,128"
 * @param wall this run's wall time, s
 * @param simSeconds the simulated time, s
 * @param messageUs the cost of a message at one end, us
 * @param windowUs the cost of a window's synchronization per log2 of the ranks, us
 */
void
PrintModel(const Network& net,
           const std::string& ranksList,
           double wall,
           double simSeconds,
           double messageUs,
           double windowUs)
{
    const uint32_t n = net.switches.GetN();
    std::map<uint32_t, uint32_t> switchOf; // node id -> switch index
    for (uint32_t k = 0; k < n; ++k)
    {
        switchOf[net.switches.Get(k)->GetId()] = k;
    }
    std::vector<double> hops(n, 0);
    double total = 0;
    for (const Ptr<AtmNetDevice>& d : AtmHelper::GetAllDevices())
    {
        auto it = switchOf.find(d->GetNode()->GetId());
        if (it == switchOf.end())
        {
            it = switchOf.find(d->GetPeer()->GetNode()->GetId()); // a host: its switch
        }
        hops[it->second] += static_cast<double>(d->GetCellsTransmitted());
        total += static_cast<double>(d->GetCellsTransmitted());
    }
    const double perHop = wall / total;
    std::cout << "model wall_per_cell_hop_us " << std::setprecision(4) << perHop * 1e6
              << " message_us " << messageUs << " window_us " << windowUs << "\n";
    std::istringstream list(ranksList);
    std::string item;
    std::vector<uint32_t> counts;
    while (std::getline(list, item, ','))
    {
        counts.push_back(static_cast<uint32_t>(std::stoul(item)));
    }
    // Cut by the VCs through each switch (as the run), then by the
    // cell-hops this run measured at each (as a pilot run would give).
    const std::vector<double>* const cuts[] = {&net.work, &hops};
    for (const std::vector<double>* cutBy : cuts)
    {
        for (uint32_t ranks : counts)
        {
            AtmRankHelper helper;
            for (double w : *cutBy)
            {
                helper.AddNode(w);
            }
            for (const AtmBackbone::Link& e : net.edges)
            {
                helper.AddLink(e.a, e.b, e.delay);
            }
            const std::vector<uint32_t> rank = helper.Assign(ranks);
            std::vector<double> work(ranks, 0);
            std::vector<double> messages(ranks, 0);
            for (uint32_t k = 0; k < n; ++k)
            {
                work[rank[k]] += hops[k];
            }
            for (const AtmBackbone::Link& e : net.edges)
            {
                if (rank[e.a] != rank[e.b])
                {
                    const auto cells = static_cast<double>(
                        AtmVcHelper::FindLink(net.switches.Get(e.a), net.switches.Get(e.b))
                            ->GetCellsTransmitted() +
                        AtmVcHelper::FindLink(net.switches.Get(e.b), net.switches.Get(e.a))
                            ->GetCellsTransmitted());
                    messages[rank[e.a]] += cells;
                    messages[rank[e.b]] += cells;
                }
            }
            double busiest = 0;
            for (uint32_t r = 0; r < ranks; ++r)
            {
                busiest = std::max(busiest, work[r] * perHop + messages[r] * messageUs * 1e-6);
            }
            const double windows =
                helper.GetNCutLinks() > 0 ? simSeconds / helper.GetLookahead().GetSeconds() : 0;
            const double predicted =
                busiest + windows * windowUs * 1e-6 * std::ceil(std::log2(std::max(2U, ranks)));
            std::cout << "model cut_by " << (cutBy == &hops ? "cell_hops" : "vcs") << " ranks "
                      << ranks << " lookahead_ms " << std::setprecision(3)
                      << (helper.GetNCutLinks() > 0 ? helper.GetLookahead().GetSeconds() * 1e3 : 0)
                      << " links_cut " << helper.GetNCutLinks() << " imbalance "
                      << helper.GetImbalance() << " cell_hops_imbalance "
                      << *std::max_element(work.begin(), work.end()) * ranks / total
                      << " messages_max " << *std::max_element(messages.begin(), messages.end())
                      << " windows " << windows << " predicted_s " << predicted << " speedup "
                      << wall / predicted << "\n";
        }
    }
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

/// One TCP transfer (AtmTcpTransfer: each application on its host's rank).
struct Transfer
{
    std::string name;                    //!< the VC's name
    std::unique_ptr<AtmTcpTransfer> tcp; //!< its sender and sink
    uint64_t atWindow = 0;               //!< octets received at the start of the window
};

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
        t.atWindow = t.tcp->GetTotalBytes();
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
    std::string assign = "auto";
    uint32_t nSwitches = 8;
    uint32_t nVcs = 100;
    double delayUs = 100;
    uint32_t bufAlloc = 0;
    uint32_t buffer = 0;
    uint32_t dropCell = 0;
    double warmup = 0.02;
    double measure = 0.1;
    bool nullmsg = false;
    bool summary = false;
    int32_t omitVcOnRank = -1;
    std::string model;
    double messageUs = 0.8;
    double windowUs = 1;
    Backbone backbone;
    AtmTcpSettings tcp;
    tcp.mss = 1460;
    tcp.granularityMs = 1;
    tcp.minRtoMs = 20;

    // The cell path's events in a cell calendar (--SchedulerType chooses another).
    AtmCellScheduler::SelectByDefault();
    CommandLine cmd(__FILE__);
    cmd.AddValue("topology",
                 "chain, gfc1, backbone or random (AtmRandomNetwork of --RngRun)",
                 topology);
    cmd.AddValue("traffic",
                 "cells (greedy sources), tcp (a TCP transfer per VC) or, on the backbone, "
                 "mix (every second cell VC ABR, and --tcpVcs TCP transfers)",
                 traffic);
    cmd.AddValue("control", "credit, none or abr", control);
    cmd.AddValue("scheme", "abr: the switch ports' behaviour (TypeId)", scheme);
    cmd.AddValue("assign",
                 "blocks, alternate or cut (AtmRankHelper; backbone only): switches to ranks; "
                 "auto: cut on the backbone, blocks elsewhere",
                 assign);
    cmd.AddValue("switches", "chain: switches", nSwitches);
    cmd.AddValue("vcs", "chain, backbone: VCs", nVcs);
    cmd.AddValue("rings", "backbone: metro rings", backbone.rings);
    cmd.AddValue("ringSize", "backbone: switches per ring", backbone.ringSize);
    cmd.AddValue("minTrunkMs", "backbone: the shortest trunk's delay, ms", backbone.minTrunkMs);
    cmd.AddValue("maxTrunkMs", "backbone: the longest trunk's delay, ms", backbone.maxTrunkMs);
    cmd.AddValue("tcpVcs", "backbone, mix: TCP transfers", backbone.tcpVcs);
    cmd.AddValue("maxImbalance", "cut: AtmRankHelper's MaxImbalance", backbone.maxImbalance);
    cmd.AddValue("delayUs",
                 "Propagation delay of every link (backbone: ring and host links), us",
                 delayUs);
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
    cmd.AddValue("summary", "A digest of the VC lines instead of the lines", summary);
    cmd.AddValue("model",
                 "backbone, 1 rank: model the run on these numbers of ranks (e.g. 2,8,32,128)",
                 model);
    cmd.AddValue("messageUs", "model: the cost of an MPI message at one end, us", messageUs);
    cmd.AddValue("windowUs",
                 "model: a window's synchronization per log2 of the ranks, us",
                 windowUs);
    cmd.AddValue("omitVcOnRank",
                 "The error check: this rank does not create the last VC (-1: none)",
                 omitVcOnRank);
    tcp.AddTo(cmd);
    cmd.Parse(argc, argv);
    NS_ABORT_MSG_IF(
        topology != "chain" && topology != "gfc1" && topology != "backbone" && topology != "random",
        "atm-distributed: topology = " << topology << ": not chain, gfc1, backbone or random");
    NS_ABORT_MSG_IF(
        traffic != "cells" && traffic != "tcp" && (traffic != "mix" || topology != "backbone"),
        "atm-distributed: traffic = " << traffic << ": not cells or tcp (or mix on the backbone)");
    NS_ABORT_MSG_IF(control != "credit" && control != "none" && control != "abr",
                    "atm-distributed: control = " << control << ": not credit, none or abr");
    NS_ABORT_MSG_IF(traffic == "tcp" && topology == "backbone",
                    "atm-distributed: traffic = tcp: the backbone's VCs share a host per "
                    "switch; use --traffic=mix with --tcpVcs (a host pair each)");
    NS_ABORT_MSG_IF(traffic != "mix" && backbone.tcpVcs > 0,
                    "atm-distributed: tcpVcs = " << backbone.tcpVcs
                                                 << ": only with --traffic=mix on the backbone");
    NS_ABORT_MSG_IF(traffic == "mix" && control == "credit",
                    "atm-distributed: traffic = mix: ABR and credit on one port are not "
                    "modelled; set --control=none");
    if (assign == "auto")
    {
        assign = topology == "backbone" ? "cut" : "blocks";
    }
    NS_ABORT_MSG_IF(assign != "blocks" && assign != "alternate" &&
                        (assign != "cut" || topology != "backbone"),
                    "atm-distributed: assign = " << assign
                                                 << ": not blocks or alternate (or cut on the "
                                                    "backbone)");
    NS_ABORT_MSG_IF(delayUs < 0, "atm-distributed: delayUs = " << delayUs << ": negative");
    NS_ABORT_MSG_IF(nSwitches < 2, "atm-distributed: switches = " << nSwitches << ": at least 2");
    NS_ABORT_MSG_IF(topology == "backbone" && backbone.rings * backbone.ringSize < 2,
                    "atm-distributed: rings x ringSize = " << backbone.rings * backbone.ringSize
                                                           << ": at least 2 switches");

    GlobalValue::Bind(
        "SimulatorImplementationType",
        StringValue(nullmsg ? "ns3::NullMessageSimulatorImpl" : "ns3::DistributedSimulatorImpl"));
    MpiInterface::Enable(&argc, &argv);
    const uint32_t rank = MpiInterface::GetSystemId();
    g_alternate = assign == "alternate";
    backbone.cut = assign == "cut";
    const bool ip = traffic == "tcp" || (traffic == "mix" && backbone.tcpVcs > 0);
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
    Network net;
    std::unique_ptr<AtmRandomNetwork> random;
    if (topology == "random")
    {
        // The network, its scheme and its sources are drawn from the seed
        // and run (--RngRun), the same on every rank.
        random = std::make_unique<AtmRandomNetwork>();
        random->SetRanks(MpiInterface::GetSize());
        random->Build();
        net.cut = "AtmRandomNetwork: " + random->GetDescription();
    }
    else if (topology == "backbone")
    {
        net = BuildBackbone(atm, sw, backbone, nVcs, traffic == "mix", MicroSeconds(delayUs));
    }
    else
    {
        net = topology == "chain" ? BuildChain(atm, sw, nSwitches, nVcs, traffic == "tcp")
                                  : BuildGfc1(atm, sw);
    }
    for (auto& s : net.vcs)
    {
        s.ip = s.ip || traffic == "tcp";
        s.abr = s.abr || control == "abr";
    }
    if (dropCell > 0)
    {
        NS_ABORT_MSG_IF(!net.middleTrunkRx,
                        "atm-distributed: dropCell: the " << topology << " has no middle trunk");
        Ptr<ReceiveListErrorModel> loss = CreateObject<ReceiveListErrorModel>();
        loss->SetList({dropCell - 1}); // the list counts cells from 0
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
    bool anyAbr = false;
    for (const auto& s : net.vcs)
    {
        std::pair<Ptr<AtmVc>, Ptr<AtmVc>> pair;
        if (s.abr)
        {
            pair = s.ip ? abr.CreateIp(s.path, s.name) : abr.Create(s.path, s.name);
            anyAbr = true;
        }
        else if (s.ip)
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
    if (anyAbr)
    {
        abr.InstallPortBehaviour(net.switches);
    }
    if (random)
    {
        vcs = random->GetVcs();
    }
    else if (control == "credit")
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
        if (s.ip)
        {
            Ptr<Node> dst = s.path.Get(s.path.GetN() - 1);
            transfers.push_back({s.name,
                                 std::make_unique<AtmTcpTransfer>(
                                     s.path.Get(0),
                                     dst,
                                     dst->GetObject<Ipv4>()->GetAddress(1, 0).GetLocal(),
                                     static_cast<uint16_t>(50000 + v),
                                     MicroSeconds(100 * v)),
                                 0});
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
    const auto t0 = std::chrono::steady_clock::now();
    if (random)
    {
        random->Run(); // until its sources stop and the network drains
    }
    else
    {
        Simulator::Stop(Seconds(warmup + measure));
        Simulator::Run();
    }
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
        counts[F * n + 2 * t] = transfers[t].tcp->GetTotalBytes();
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
        const AtmPduStore* frames = vc->PeekPduStore();
        held = std::max<uint64_t>(held, frames ? frames->GetNFrames() : 0);
    }
    uint64_t maxHeld = 0;
    MPI_Reduce(&held, &maxHeld, 1, MPI_UINT64_T, MPI_MAX, 0, MPI_COMM_WORLD);
    // Per rank: its events, the cells it sent to other ranks, its wall time.
    const uint32_t ranks = MpiInterface::GetSize();
    uint64_t mine[3] = {Simulator::GetEventCount(),
                        CellsToOtherRanks(),
                        static_cast<uint64_t>(std::llround(wall * 1e6))};
    std::vector<uint64_t> perRank(3 * ranks);
    MPI_Gather(mine, 3, MPI_UINT64_T, perRank.data(), 3, MPI_UINT64_T, 0, MPI_COMM_WORLD);

    if (rank == 0)
    {
        std::cout << "atm-distributed: " << topology << ", " << traffic << ", "
                  << MpiInterface::GetSize() << " rank(s) (" << assign << "), "
                  << (nullmsg ? "null-message" : "granted time window") << " engine, control "
                  << (control == "abr" ? scheme : control) << ", delay " << delayUs << " us\n";
        if (!net.cut.empty())
        {
            std::cout << net.cut << "\n";
        }
        std::ostringstream lines;
        lines << std::fixed << std::setprecision(0);
        uint64_t total[3] = {0, 0, 0};
        for (std::size_t v = 0; v < n; ++v)
        {
            const uint64_t* c = &counts[F * v];
            const double rate = static_cast<double>(c[1] - c[3]) * AtmCell::BITS / measure;
            lines << "vc " << vcs[v]->GetName() << " sent " << c[0] << " received " << c[1]
                  << " dropped " << c[2] << " frames_received " << c[4] << " frames_dropped "
                  << c[5] << " throughput_bps " << rate << "\n";
            for (uint32_t i = 0; i < 3; ++i)
            {
                total[i] += c[i];
            }
        }
        for (std::size_t t = 0; t < transfers.size(); ++t)
        {
            const uint64_t* c = &counts[F * n + 2 * t];
            lines << "tcp " << transfers[t].name << " octets " << c[0] << " goodput_bps "
                  << static_cast<double>(c[0] - c[1]) * 8 / measure << "\n";
        }
        if (summary)
        {
            const uint64_t digest = AtmFingerprint::HashText(lines.str());
            std::cout << "vc lines " << n + transfers.size() << " cells_sent " << total[0]
                      << " received " << total[1] << " dropped " << total[2] << " digest "
                      << std::hex << digest << std::dec << "\n";
        }
        else
        {
            std::cout << lines.str();
        }
        if (!model.empty() && ranks == 1 && !net.edges.empty())
        {
            PrintModel(net, model, wall, warmup + measure, messageUs, windowUs);
        }
        std::cout << std::fixed << std::setprecision(0);
        for (uint32_t r = 0; r < ranks; ++r)
        {
            std::cout << "rank " << r << " events " << perRank[3 * r] << " messages_out "
                      << perRank[3 * r + 1] << " wall_s " << std::setprecision(3)
                      << static_cast<double>(perRank[3 * r + 2]) / 1e6 << std::setprecision(0)
                      << "\n";
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
