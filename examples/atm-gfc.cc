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
 * With `--abr=<scheme>` every VC is an ABR connection (AtmAbrHelper) with
 * the parameters of Arulambalam et al. Table 1 (NrmRdf parameterization:
 * Nrm 32, PCR 150, MCR 0.15, ICR 7.5 Mb/s, RIF 0.0001, RDF 256, the
 * increase read as the drafts' AIR * Nrm per BRM with AIR = RIF * PCR per
 * cell, like the decrease ACR * Nrm / RDF (--airMbps=0: RIF * PCR per BRM,
 * eq. (1) as printed, 32 times slower); 750-cell
 * buffers, Q_LT 50, Q_HT 100; VCS = DPF 0.875, DQT 500, AV 0.0625, ERF
 * 0.94, MRF 0.25) and every switch port runs the scheme: efci (S1 with
 * --queue=fifo, S2 with pervc: per-VC flags, push-out buffers), selective
 * (S3), er (S4, S5: iterative ER, MACR as in APRC, congestion from the
 * thresholds; --detection=QueueGrowth for APRC's queue growth), vccount
 * (Roberts' VC counting) or erica
 * (TargetUtilization --erica-target). The table then also shows the
 * published Table 2 column, each group's cell rate including its RM cells
 * (what ACR and the max-min rates count), and per trunk the peak and
 * time-averaged queue (Figs. 6-8).
 *
 * Usage: ./atm-gfc [--queue=fifo|pervc] [--buffer=1000] [--measure=0.5] [--progress]
 * [--abr=none|efci|selective|er|vccount|erica] ... (--PrintHelp lists every option).
 */

#include "atm-abr-example.h"

#include "ns3/atm-module.h"
#include "ns3/core-module.h"
#include "ns3/network-module.h"

#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <set>

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

/**
 * Counts at one edge of the measurement window.
 * @param trunkRx the trunks' receiving ends, which send the credit cells
 * @param vcs the VCs
 * @param credit credit cells each trunk end has sent (out)
 * @param received cells each VC has delivered (out)
 */
void
TakeCounts(const std::vector<Ptr<AtmNetDevice>>* trunkRx,
           const std::vector<Ptr<AtmVc>>* vcs,
           std::vector<uint64_t>* credit,
           std::vector<uint64_t>* received)
{
    for (std::size_t i = 0; i < trunkRx->size(); ++i)
    {
        (*credit)[i] = (*trunkRx)[i]->GetControlCellsTransmitted();
    }
    for (std::size_t v = 0; v < vcs->size(); ++v)
    {
        (*received)[v] = (*vcs)[v]->GetCellsReceived();
    }
}

/// Trunk rates S1-S2 ... S4-S5 as fractions of the unit rate.
const double TRUNK[] = {1.0 / 3, 1.0, 1.0, 2.0 / 3};

/// Arulambalam et al. Table 2, Mb/s per VC of groups A-F, by scenario.
const std::map<std::string, std::vector<double>> TABLE2 = {
    {"efci/fifo", {3.13, 5.67, 36.81, 6.48, 12.76, 53.27}},       // S1
    {"efci/pervc", {5.18, 10.18, 30.40, 5.19, 10.18, 46.68}},     // S2
    {"selective/fifo", {5.33, 10.50, 32.06, 5.39, 10.96, 50.15}}, // S3
    {"er/fifo", {5.31, 10.68, 32.4, 5.41, 10.76, 48.26}},         // S4
    {"er/pervc", {5.37, 10.80, 32.30, 5.37, 10.78, 48.52}},       // S5
};

/// Arulambalam et al. Table 1 (and the choice of scheme) for --abr.
struct AbrSettings
{
    std::string scheme{"none"}; //!< none, efci, selective, er, vccount, erica
    uint32_t nrm{32};           //!< N_RM
    double pcrMbps{150};        //!< PCR
    double mcrMbps{0.150};      //!< MCR
    double icrMbps{7.5};        //!< ICR
    double rif{0.0001};         //!< RIF
    double rdf{256};            //!< RDF (divisor: decrease ACR * Nrm / RDF)
    double airMbps{-1};         //!< drafts' AIR per cell (-1: RIF * PCR; 0: eq. (1) literally)
    double vcs{0.875};          //!< VCS
    double dpf{0.875};          //!< DPF
    uint32_t dqt{500};          //!< DQT, cells
    double av{0.0625};          //!< AV
    double erf{0.94};           //!< ERF
    double mrf{0.25};           //!< MRF
    double ericaTarget{0.95};   //!< ERICA TargetUtilization
    std::string detection;      //!< congestion detection of selective/er ("": Thresholds)
    std::string efciMode{"SinceLastRm"}; //!< destination's CI from EFCI

    /**
     * @brief Add the settings to a command line.
     * @param cmd the command line
     */
    void AddTo(CommandLine& cmd)
    {
        cmd.AddValue("abr",
                     "ABR on every VC with this switch scheme: none, efci, selective, er, "
                     "vccount or erica",
                     scheme);
        cmd.AddValue("nrm", "ABR: Nrm", nrm);
        cmd.AddValue("pcrMbps", "ABR: PCR, Mb/s of cells", pcrMbps);
        cmd.AddValue("mcrMbps", "ABR: MCR, Mb/s of cells", mcrMbps);
        cmd.AddValue("icrMbps", "ABR: ICR, Mb/s of cells", icrMbps);
        cmd.AddValue("rif", "ABR: RIF (increase RIF * PCR)", rif);
        cmd.AddValue("rdf", "ABR: RDF (decrease ACR * Nrm / RDF)", rdf);
        cmd.AddValue("airMbps",
                     "ABR: the drafts' additive increase per cell sent, Mb/s (increase AIR * Nrm "
                     "per BRM); -1: AIR = RIF * PCR; 0: RIF * PCR per BRM, eq. (1) literally",
                     airMbps);
        cmd.AddValue("vcs", "ABR switch: VCS", vcs);
        cmd.AddValue("dpf", "ABR switch: DPF", dpf);
        cmd.AddValue("dqt", "ABR switch: DQT, cells", dqt);
        cmd.AddValue("av", "ABR switch: AV (MACR averaging)", av);
        cmd.AddValue("erf", "ABR switch: ERF", erf);
        cmd.AddValue("mrf", "ABR switch: MRF", mrf);
        cmd.AddValue("ericaTarget", "ABR switch: ERICA TargetUtilization", ericaTarget);
        cmd.AddValue("detection",
                     "ABR switch, selective and er: Thresholds (eq. 2 on the port's queue, "
                     "the default with either queueing), VcThresholds (eqs. 3-5) or QueueGrowth",
                     detection);
        cmd.AddValue("efciMode",
                     "ABR destination: CI from an EFCI since the last RM cell (SinceLastRm, "
                     "Arulambalam's wording) or on the last data cell (LastCell, TM 4.0)",
                     efciMode);
    }

    /**
     * @brief Configure a helper for the settings.
     * @param abr the helper
     * @param perVc whether the switches queue per VC
     */
    void Configure(AtmAbrHelper& abr, bool perVc) const
    {
        const std::string flag = !detection.empty() ? detection : "Thresholds";
        const double cells = 1e6 / AtmCell::BITS; // cells/s per Mb/s
        abr.SetSourceAttribute("Parameterization", StringValue("NrmRdf"));
        abr.SetSourceAttribute("Nrm", UintegerValue(nrm));
        abr.SetSourceAttribute("Pcr", DoubleValue(pcrMbps * cells));
        abr.SetSourceAttribute("Mcr", DoubleValue(mcrMbps * cells));
        abr.SetSourceAttribute("Icr", DoubleValue(icrMbps * cells));
        abr.SetSourceAttribute("Rif", DoubleValue(rif));
        abr.SetSourceAttribute("RdfDivisor", DoubleValue(rdf));
        abr.SetSourceAttribute("Air", DoubleValue((airMbps < 0 ? rif * pcrMbps : airMbps) * cells));
        abr.SetDestinationAttribute("EfciMode", StringValue(efciMode));
        if (scheme == "efci")
        {
            abr.SetPortBehaviour("ns3::AtmEfciMarking",
                                 "Flag",
                                 StringValue(perVc ? "PerVc" : "Global"));
        }
        else if (scheme == "selective" || scheme == "er")
        {
            abr.SetPortBehaviour(scheme == "er" ? "ns3::AtmIterativeEr"
                                                : "ns3::AtmSelectiveMarking",
                                 "Av",
                                 DoubleValue(av),
                                 "Vcs",
                                 DoubleValue(vcs),
                                 "Dpf",
                                 DoubleValue(dpf),
                                 "Dqt",
                                 UintegerValue(dqt),
                                 "CongestionDetection",
                                 StringValue(flag));
            if (scheme == "er")
            {
                abr.SetPortBehaviourAttribute("Erf", DoubleValue(erf));
                abr.SetPortBehaviourAttribute("Mrf", DoubleValue(mrf));
            }
        }
        else if (scheme == "vccount")
        {
            abr.SetPortBehaviour("ns3::AtmVcCountingEr");
        }
        else
        {
            abr.SetPortBehaviour("ns3::AtmErica", "TargetUtilization", DoubleValue(ericaTarget));
        }
    }
};

} // namespace

int
main(int argc, char* argv[])
{
    // The cell engine runs the cell path's events (--SimulatorImplementationType
    // chooses another simulator implementation).
    AtmSimulatorImpl::SelectByDefault();
    std::string queue = "pervc";
    std::string buffers = "";
    uint32_t buffer = 0;
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
    AbrSettings abrSettings;
    uint32_t qlt = 50;
    uint32_t qht = 100;

    CommandLine cmd(__FILE__);
    cmd.AddValue("queue", "Switch output queueing: fifo or pervc (round-robin)", queue);
    cmd.AddValue("buffers",
                 "Per-VC buffer management: shared, partition (static) or pushout "
                 "(default: partition; pushout with --abr, Arulambalam §3.2)",
                 buffers);
    cmd.AddValue("buffer",
                 "Cells of buffer per switch output port (default 1000; 750 with --abr)",
                 buffer);
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
    abrSettings.AddTo(cmd);
    cmd.AddValue("qlt", "ABR: Q_LT of the switch ports, cells", qlt);
    cmd.AddValue("qht", "ABR: Q_HT of the switch ports, cells", qht);
    cmd.AddValue("seed", "RNG seed", seed);
    cmd.AddValue("run", "RNG run number (0: ns-3's RngRun, as SEM sets it; 1 by default)", run);
    cmd.AddValue("progress", "Show the simulation's progress on stderr", progress);
    cmd.Parse(argc, argv);
    const bool abrOn = abrSettings.scheme != "none";
    const std::set<std::string> schemes = {"none", "efci", "selective", "er", "vccount", "erica"};
    NS_ABORT_MSG_IF(schemes.count(abrSettings.scheme) == 0,
                    "atm-gfc: --abr = " << abrSettings.scheme
                                        << ": use none, efci, selective, er, vccount or erica");
    NS_ABORT_MSG_IF(abrOn && credit != "none",
                    "atm-gfc: --abr = " << abrSettings.scheme << " with --credit = " << credit
                                        << ": choose one flow control");
    buffers = buffers.empty() ? (abrOn ? "pushout" : "partition") : buffers;
    buffer = buffer == 0 ? (abrOn ? 750 : 1000) : buffer;

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
    // Q_HT and Q_LT matter only to the ABR schemes (0: detection off).
    const UintegerValue ht(abrOn ? qht : 0);
    const UintegerValue lt(abrOn ? qlt : 0);
    if (queue == "fifo")
    {
        swHelper.SetQueueDisc("ns3::AtmFifoQueueDisc",
                              "MaxCells",
                              UintegerValue(buffer),
                              "HighThreshold",
                              ht,
                              "LowThreshold",
                              lt);
    }
    else
    {
        swHelper.SetQueueDisc("ns3::AtmPerVcQueueDisc",
                              "MaxCells",
                              UintegerValue(buffer),
                              "BufferManagement",
                              StringValue(policies.at(buffers)),
                              "HighThreshold",
                              ht,
                              "LowThreshold",
                              lt);
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
    AtmAbrHelper abr;
    abrSettings.Configure(abr, queue == "pervc");
    AtmVcHelper& vcHelper = abr.GetVcHelper();
    std::vector<Ptr<AtmVc>> vcs;
    std::vector<Ptr<AtmVc>> backward; // ABR: the VCs carrying the BRMs back
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
            const std::string name = std::string(grp.name) + std::to_string(k + 1);
            if (abrOn)
            {
                auto [fwd, bwd] = abr.Create(path, name);
                vcs.push_back(fwd);
                backward.push_back(bwd);
            }
            else
            {
                vcs.push_back(vcHelper.Create(path, name));
            }
            groupOf.push_back(g);
            oracle.AddFlow(links, 1.0); // a host link is one unit
        }
    }
    const std::vector<double> ideal = oracle.Solve();
    if (abrOn)
    {
        abr.InstallPortBehaviour(switches);
    }

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

    // Trunk utilization and queues over the window, the credit cells their
    // peers send back, and each VC's cells received (data and RM cells)
    // for its cell rate.
    std::vector<std::unique_ptr<AtmPortMonitor>> trunks;
    trunks.reserve(4);
    for (uint32_t i = 0; i < 4; ++i)
    {
        trunks.push_back(
            std::make_unique<AtmPortMonitor>(trunkTx[i], Seconds(warmup), Seconds(stop)));
    }
    std::vector<uint64_t> creditAtWarmup(4);
    std::vector<uint64_t> creditAtStop(4);
    std::vector<uint64_t> rxAtWarmup(vcs.size());
    std::vector<uint64_t> rxAtStop(vcs.size());
    Simulator::Schedule(Seconds(warmup), &TakeCounts, &trunkRx, &vcs, &creditAtWarmup, &rxAtWarmup);
    Simulator::Schedule(Seconds(stop), &TakeCounts, &trunkRx, &vcs, &creditAtStop, &rxAtStop);

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
        double cellRate = 0;  // data and RM cells, in units
        double cellRatio = 0; // cellRate / max-min
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
        const double cellRate =
            (rxAtStop[v] - rxAtWarmup[v]) * AtmCell::BITS / measure / (unitMbps * 1e6);
        r.cellRate += cellRate / GROUPS[groupOf[v]].nVcs;
        r.cellRatio += cellRate / ideal[v] / GROUPS[groupOf[v]].nVcs;
        ratios.push_back(rate / ideal[v]);
    }
    std::vector<Ptr<AtmVc>> all = vcs;
    all.insert(all.end(), backward.begin(), backward.end());
    for (const auto& vc : all)
    {
        const uint64_t accounted =
            vc->GetCellsReceived() + vc->GetCellsDropped() + vc->GetCellsQueued();
        if (accounted != vc->GetCellsSent())
        {
            std::cerr << "conservation violated for VC " << vc->GetName()
                      << ": sent=" << vc->GetCellsSent() << " received=" << vc->GetCellsReceived()
                      << " dropped=" << vc->GetCellsDropped() << " queued=" << vc->GetCellsQueued()
                      << "\n";
            conserved = false;
        }
    }

    std::cout << "GFC-1, "
              << (queue == "fifo" ? "single FIFO" : "per-VC round-robin (" + buffers + " buffers)")
              << ", " << buffer << "-cell output buffers, "
              << (abrOn              ? "ABR, " + abrSettings.scheme + " switches (Table 1)"
                  : credit == "none" ? std::string("no flow control")
                                     : credit + " credit flow control")
              << ", unit " << unitMbps << " Mb/s, measured " << measure << " s after " << warmup
              << " s\n\n";
    const std::string scenario = abrSettings.scheme + "/" + queue;
    const bool published = abrOn && TABLE2.count(scenario) > 0;
    std::cout << "group VCs path   max-min Mb/s  measured Mb/s/VC  measured/max-min  loss %";
    if (abrOn)
    {
        std::cout << "  with RM Mb/s  with RM/max-min";
    }
    if (published)
    {
        std::cout << "  Arulambalam Table 2";
    }
    std::cout << "\n";
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
                  << "          " << std::setw(6) << r.ratio << "        " << std::setw(6) << loss;
        if (abrOn)
        {
            std::cout << "    " << std::setw(8) << r.cellRate * unitMbps << "      " << std::setw(6)
                      << r.cellRatio;
        }
        if (published)
        {
            std::cout << "          " << std::setw(6) << TABLE2.at(scenario)[g];
        }
        std::cout << "\n";
        if (csv.is_open())
        {
            csv << grp.name << "," << grp.nVcs << ",S" << grp.from << ",S" << grp.to << ","
                << ideal[v0] * unitMbps << "," << r.rate * unitMbps << "," << r.ratio << ","
                << r.sent << "," << r.dropped << "\n";
        }
        v0 += grp.nVcs;
    }
    std::cout << "\ntrunk  utilization  peak queue  average queue (cells)  credit cells "
                 "(share of the reverse direction)\n";
    for (uint32_t i = 0; i < 4; ++i)
    {
        const double reverse = trunkRx[i]->GetCellRate() * measure;
        std::cout << "  S" << i + 1 << "-S" << i + 2 << "  " << std::setprecision(3) << std::setw(8)
                  << trunks[i]->GetUtilization() << "  " << std::setw(10) << trunks[i]->GetPeak()
                  << "  " << std::setw(13) << std::setprecision(1) << trunks[i]->GetAverage()
                  << "  " << std::setw(13) << std::setprecision(2)
                  << 100.0 * (creditAtStop[i] - creditAtWarmup[i]) / reverse << "%\n";
    }
    std::cout << "\nJain fairness index of measured/max-min over the " << vcs.size()
              << " VCs: " << std::setprecision(3) << AtmMaxMinOracle::JainIndex(ratios) << "\n";
    std::cout << "per-VC conservation (sent = received + dropped + queued): "
              << (conserved ? "OK" : "VIOLATED") << "\n";

    Simulator::Destroy();
    return conserved ? 0 : 1;
}
