/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * GFC-1, the Generic Fairness Configuration (Kung Fig. 12, Arulambalam
 * Fig. 4, ATM Forum 94-0557), with greedy cell sources and no flow control.
 *
 * Five switches S1-S5 in a chain; trunk S1-S2 = 1/3, S2-S3 = 1, S3-S4 = 1,
 * S4-S5 = 2/3 of the unit rate (150 Mb/s of cells); every VC has its own
 * source and destination host on unit-rate links. Groups (VCs, path):
 * A(3) S1-S4, B(3) S2-S5, C(3) S3-S4, D(6) S1-S2, E(6) S4-S5, F(2) S2-S3.
 *
 * Without flow control a greedy VC sends at its host link rate and the
 * output ports drop what they cannot hold; the table shows how far FIFO and
 * per-VC round-robin land from the max-min rates (A = D = 1/27,
 * B = E = 2/27, C = 2/9, F = 1/3 of the unit rate). The flow-control
 * examples start from this one.
 *
 * Usage: ./atm-gfc [--queue=fifo|pervc] [--buffer=1000] [--measure=0.5] [--progress] ...
 * (--PrintHelp lists every option).
 */

#include "ns3/atm-module.h"
#include "ns3/core-module.h"
#include "ns3/network-module.h"

#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("AtmGfc");

namespace
{

/// One group of GFC-1.
struct Group
{
    const char* name; //!< group letter
    uint32_t nVcs;    //!< VCs in it
    uint32_t from;    //!< ingress switch (1-5)
    uint32_t to;      //!< egress switch (1-5)
};

/// The six groups of GFC-1.
const Group GROUPS[] = {
    {"A", 3, 1, 4},
    {"B", 3, 2, 5},
    {"C", 3, 3, 4},
    {"D", 6, 1, 2},
    {"E", 6, 4, 5},
    {"F", 2, 2, 3},
};

/// Trunk rates S1-S2 ... S4-S5 as fractions of the unit rate.
const double TRUNK[] = {1.0 / 3, 1.0, 1.0, 2.0 / 3};

} // namespace

int
main(int argc, char* argv[])
{
    std::string queue = "pervc";
    std::string buffers = "partition";
    uint32_t buffer = 1000;
    double unitMbps = 150.0;
    double delayUs = 1.6; // 400 m at 4 us/km (Arulambalam)
    double warmup = 0.05;
    double measure = 0.5;
    double drain = 0.05;
    std::string output = "";
    std::string ascii = "";
    uint32_t seed = 1;
    uint32_t run = 0;
    bool progress = false;
    std::string credit = "none";
    uint32_t bufAlloc = 0;
    uint32_t n2 = 10;

    CommandLine cmd(__FILE__);
    cmd.AddValue("queue", "Switch output queueing: fifo or pervc (round-robin)", queue);
    cmd.AddValue("buffers",
                 "Per-VC buffer management: shared, partition (static) or pushout",
                 buffers);
    cmd.AddValue("buffer", "Cells of buffer per switch output port", buffer);
    cmd.AddValue("unitMbps", "The unit rate of GFC-1 (cell rate of a unit link), Mb/s", unitMbps);
    cmd.AddValue("delayUs", "Propagation delay of every link, microseconds", delayUs);
    cmd.AddValue("warmup", "Seconds before the measurement window", warmup);
    cmd.AddValue("measure", "Seconds of the measurement window", measure);
    cmd.AddValue("drain", "Seconds after the sources stop, to empty the queues", drain);
    cmd.AddValue("output", "CSV file of per-group results (empty: none)", output);
    cmd.AddValue("ascii", "Per-cell ascii trace file (empty: none)", ascii);
    cmd.AddValue("credit",
                 "Credit flow control on every link: none, static (Buf_Alloc, N2) or adaptive "
                 "(receiver-oriented, Kung eqs. 3-5)",
                 credit);
    cmd.AddValue("bufAlloc", "Static credit: Buf_Alloc per VC, cells (0: RTT + N2)", bufAlloc);
    cmd.AddValue("n2", "Static credit: N2", n2);
    cmd.AddValue("seed", "RNG seed", seed);
    cmd.AddValue("run", "RNG run number (0: ns-3's RngRun, as SEM sets it; 1 by default)", run);
    cmd.AddValue("progress", "Show the simulation's progress on stderr", progress);
    cmd.Parse(argc, argv);

    NS_ABORT_MSG_IF(queue != "fifo" && queue != "pervc",
                    "atm-gfc: --queue = " << queue << ": use fifo or pervc");
    NS_ABORT_MSG_IF(unitMbps <= 0, "atm-gfc: --unitMbps = " << unitMbps << ": must be positive");
    NS_ABORT_MSG_IF(credit != "none" && credit != "static" && credit != "adaptive",
                    "atm-gfc: --credit = " << credit << ": use none, static or adaptive");
    const std::map<std::string, std::string> policies = {{"shared", "Shared"},
                                                         {"partition", "StaticPartition"},
                                                         {"pushout", "PushOut"}};
    NS_ABORT_MSG_IF(policies.count(buffers) == 0,
                    "atm-gfc: --buffers = " << buffers << ": use shared, partition or pushout");
    RngSeedManager::SetSeed(seed);
    if (run != 0)
    {
        RngSeedManager::SetRun(run);
    }

    NodeContainer switches;
    switches.Create(5);
    AtmSwitchHelper swHelper;
    if (queue == "fifo")
    {
        swHelper.SetQueueDisc("ns3::AtmFifoQueueDisc", "MaxCells", UintegerValue(buffer));
    }
    else
    {
        swHelper.SetQueueDisc("ns3::AtmPerVcQueueDisc",
                              "MaxCells",
                              UintegerValue(buffer),
                              "BufferManagement",
                              StringValue(policies.at(buffers)));
    }
    swHelper.Install(switches);

    AtmHelper atm;
    atm.SetDeviceAttribute("SonetFraming", BooleanValue(false));
    atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(delayUs)));

    // Trunks, and the oracle's links in the same order.
    AtmMaxMinOracle oracle;
    std::vector<Ptr<AtmNetDevice>> trunkTx;
    std::vector<Ptr<AtmNetDevice>> trunkRx; // their peers, which send the credit cells
    for (uint32_t i = 0; i < 4; ++i)
    {
        atm.SetDeviceAttribute("DataRate", DataRateValue(DataRate(TRUNK[i] * unitMbps * 1e6)));
        NetDeviceContainer d = atm.Install(switches.Get(i), switches.Get(i + 1));
        trunkTx.push_back(DynamicCast<AtmNetDevice>(d.Get(0)));
        trunkRx.push_back(DynamicCast<AtmNetDevice>(d.Get(1)));
        oracle.AddLink(TRUNK[i]);
    }

    atm.SetDeviceAttribute("DataRate", DataRateValue(DataRate(unitMbps * 1e6)));
    AtmVcHelper vcHelper;
    std::vector<Ptr<AtmVc>> vcs;
    std::vector<uint32_t> groupOf;
    for (uint32_t g = 0; g < 6; ++g)
    {
        const Group& grp = GROUPS[g];
        std::vector<uint32_t> links;
        for (uint32_t s = grp.from; s < grp.to; ++s)
        {
            links.push_back(s - 1);
        }
        for (uint32_t k = 0; k < grp.nVcs; ++k)
        {
            Ptr<Node> src = CreateObject<Node>();
            Ptr<Node> dst = CreateObject<Node>();
            atm.Install(src, switches.Get(grp.from - 1));
            atm.Install(switches.Get(grp.to - 1), dst);
            NodeContainer path(src);
            for (uint32_t s = grp.from; s <= grp.to; ++s)
            {
                path.Add(switches.Get(s - 1));
            }
            path.Add(dst);
            vcs.push_back(vcHelper.Create(path, std::string(grp.name) + std::to_string(k + 1)));
            groupOf.push_back(g);
            oracle.AddFlow(links, 1.0); // a host link is one unit
        }
    }
    const std::vector<double> ideal = oracle.Solve();

    if (credit != "none")
    {
        AtmCreditHelper creditHelper;
        if (credit == "static")
        {
            creditHelper.SetAllocation("ns3::AtmStaticAllocation",
                                       "BufAlloc",
                                       UintegerValue(bufAlloc),
                                       "N2",
                                       UintegerValue(n2));
        }
        else
        {
            creditHelper.SetAllocation("ns3::AtmAdaptiveAllocation");
        }
        creditHelper.InstallAll();
    }

    const double stop = warmup + measure;
    AtmCellSourceHelper greedy("ns3::AtmGreedySource");
    ApplicationContainer sources = greedy.Install(vcs);
    // Sources start at random phases within one cell time, so that no VC
    // wins every tie of simultaneous arrivals by the order it was created.
    Ptr<UniformRandomVariable> phase = CreateObject<UniformRandomVariable>();
    const double cellTime = AtmCell::BITS / (unitMbps * 1e6);
    for (uint32_t i = 0; i < sources.GetN(); ++i)
    {
        sources.Get(i)->SetStartTime(Seconds(phase->GetValue(0, cellTime)));
    }
    sources.Stop(Seconds(stop));
    ApplicationContainer sinks = AtmCellSinkHelper().Install(vcs);
    sinks.Start(Seconds(warmup));
    sinks.Stop(Seconds(stop));

    if (!ascii.empty())
    {
        AsciiTraceHelper ath;
        atm.EnableAsciiAll(ath.CreateFileStream(ascii));
    }

    // Trunk utilization over the window.
    std::vector<uint64_t> txAtWarmup(4);
    std::vector<uint64_t> creditAtWarmup(4);
    std::vector<uint64_t> creditAtStop(4);
    Simulator::Schedule(Seconds(warmup), [&]() {
        for (uint32_t i = 0; i < 4; ++i)
        {
            txAtWarmup[i] = trunkTx[i]->GetCellsTransmitted();
            creditAtWarmup[i] = trunkRx[i]->GetControlCellsTransmitted();
        }
    });
    std::vector<uint64_t> txAtStop(4);

    Simulator::Schedule(Seconds(stop), [&]() {
        for (uint32_t i = 0; i < 4; ++i)
        {
            txAtStop[i] = trunkTx[i]->GetCellsTransmitted();
            creditAtStop[i] = trunkRx[i]->GetControlCellsTransmitted();
        }
    });

    Simulator::Stop(Seconds(stop + drain));
    std::unique_ptr<ShowProgress> show;
    if (progress)
    {
        show = std::make_unique<ShowProgress>(Seconds(1), std::cerr);
    }
    Simulator::Run();

    // Per-group results.
    struct Row
    {
        double rate = 0;
        double ratio = 0;
        uint64_t sent = 0;
        uint64_t dropped = 0;
    };

    std::vector<Row> rows(6);
    std::vector<double> ratios;
    bool conserved = true;
    for (uint32_t v = 0; v < vcs.size(); ++v)
    {
        Ptr<AtmCellSink> sink = DynamicCast<AtmCellSink>(sinks.Get(v));
        const double rate = sink->GetThroughput() / (unitMbps * 1e6); // in units
        Row& r = rows[groupOf[v]];
        r.rate += rate / GROUPS[groupOf[v]].nVcs;
        r.ratio += rate / ideal[v] / GROUPS[groupOf[v]].nVcs;
        r.sent += vcs[v]->GetCellsSent();
        r.dropped += vcs[v]->GetCellsDropped();
        ratios.push_back(rate / ideal[v]);
        const uint64_t accounted = vcs[v]->GetCellsReceived() + vcs[v]->GetCellsDropped() +
                                   vcs[v]->GetCellsQueued();
        if (accounted != vcs[v]->GetCellsSent())
        {
            std::cerr << "conservation violated for VC " << vcs[v]->GetName()
                      << ": sent=" << vcs[v]->GetCellsSent()
                      << " received=" << vcs[v]->GetCellsReceived()
                      << " dropped=" << vcs[v]->GetCellsDropped()
                      << " queued=" << vcs[v]->GetCellsQueued() << "\n";
            conserved = false;
        }
    }

    std::cout << "GFC-1, "
              << (queue == "fifo" ? "single FIFO" : "per-VC round-robin (" + buffers + " buffers)")
              << ", "
              << buffer << "-cell output buffers, "
              << (credit == "none" ? std::string("no flow control")
                                   : credit + " credit flow control")
              << ", unit " << unitMbps
              << " Mb/s, measured " << measure << " s after " << warmup << " s\n\n";
    std::cout << "group VCs path   max-min Mb/s  measured Mb/s/VC  measured/max-min  loss %\n";
    std::ofstream csv;
    if (!output.empty())
    {
        csv.open(output);
        csv << "group,vcs,from,to,maxmin_mbps,measured_mbps,ratio,cells_sent,cells_dropped\n";
    }
    uint32_t v0 = 0;
    for (uint32_t g = 0; g < 6; ++g)
    {
        const Group& grp = GROUPS[g];
        const Row& r = rows[g];
        const double loss = r.sent ? 100.0 * r.dropped / r.sent : 0.0;
        std::cout << std::fixed << std::setprecision(2) << "  " << grp.name << "   " << grp.nVcs
                  << "   S" << grp.from << "-S" << grp.to << "   " << std::setw(8)
                  << ideal[v0] * unitMbps << "      " << std::setw(8) << r.rate * unitMbps
                  << "          " << std::setw(6) << r.ratio << "        " << std::setw(6)
                  << loss << "\n";
        if (csv.is_open())
        {
            csv << grp.name << "," << grp.nVcs << ",S" << grp.from << ",S" << grp.to << ","
                << ideal[v0] * unitMbps << "," << r.rate * unitMbps << "," << r.ratio << ","
                << r.sent << "," << r.dropped << "\n";
        }
        v0 += grp.nVcs;
    }
    std::cout << "\ntrunk  utilization  credit cells (share of the reverse direction)\n";
    for (uint32_t i = 0; i < 4; ++i)
    {
        const double capacity = trunkTx[i]->GetCellRate() * measure;
        const double reverse = trunkRx[i]->GetCellRate() * measure;
        std::cout << "  S" << i + 1 << "-S" << i + 2 << "  " << std::setprecision(3)
                  << (txAtStop[i] - txAtWarmup[i]) / capacity << "        " << std::setprecision(2)
                  << 100.0 * (creditAtStop[i] - creditAtWarmup[i]) / reverse << "%\n";
    }
    std::cout << "\nJain fairness index of measured/max-min over the " << vcs.size()
              << " VCs: " << std::setprecision(3) << AtmMaxMinOracle::JainIndex(ratios) << "\n";
    std::cout << "per-VC conservation (sent = received + dropped + queued): "
              << (conserved ? "OK" : "VIOLATED") << "\n";

    Simulator::Destroy();
    return conserved ? 0 : 1;
}
