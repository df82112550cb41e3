/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * Roberts, "Performance of Explicit Rate Flow Control in ATM Networks",
 * Figs. 1-3: binary EFCI, iterative explicit rate (MACR) and VC-counting
 * explicit rate on one configuration with an RTT of 2 ms.
 *
 * The paper gives the RTT, TBE, RDF and AIR of each figure but not the
 * network. Ours (the choices are ours):
 *
 *     10 source hosts -- S1 ==== S2 -- 10 destination hosts
 *
 * every link OC-3c (149.76 Mb/s of cells), host links 25 us, trunk 950 us:
 * a round trip of 2 ms plus queueing. The bottleneck is the S1-S2 port
 * (the paper: "the switch with the bottleneck was near the VC
 * destination"); S1's output buffer is large enough never to drop. Each VC
 * transfers blocks of --block cells (default 2084, 100 kB of payload) one
 * after another with an exponential think time (--think, 10 ms) between
 * them, so the number of active VCs changes all the time (the "load
 * switches" of the paper's figures) and the offered load exceeds the link.
 * Block transfer time: first cell queued at the source to last cell
 * received.
 *
 * Source parameters (TM 4.0 fractions): RDF 1/16, Nrm 32, FRTT = 2 ms;
 * binary: TBE 100, AIR 1/64; iterative and VC counting: TBE 250, AIR 1/16
 * and 1 (AIR is RIF here, see doc/atm.rst). The ICR is TBE / FRTT. Switch
 * (one congestion threshold for all three schemes): Q_HT 10, Q_LT 5 (EFCI
 * and iterative ER congestion), iterative ER as Roberts describes it
 * (DPF 0: every VC is stamped ERF * MACR) with EPRCA's very-congested
 * threshold DQT 25 (ER <= MRF * MACR), VC counting with its 10% queue
 * reduction above 10 cells.
 *
 * Prints utilization of the bottleneck (all cells, and data cells), its
 * largest and time-averaged queue, the mean block transfer time, beside
 * the paper's; --series writes time series (ACR of VC 0, the ER stamped
 * on its BRMs, MACR or the fair share) for figures.
 *
 * Usage: ./atm-roberts --scheme=binary|iterative|vccount [--series=f.csv]
 */

#include "atm-abr-example.h"

#include "ns3/atm-module.h"
#include "ns3/core-module.h"
#include "ns3/network-module.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("AtmRoberts");

namespace
{

/// Roberts' published figures.
struct Published
{
    const char* figure; //!< figure
    double tbe;         //!< TBE, cells
    double air;         //!< AIR (RIF)
    double utilization; //!< network utilization, %
    double maxQueue;    //!< cells
    double avgQueue;    //!< cells
    double blockMs;     //!< block transfer time, ms
};

/// Figs. 1-3.
const std::map<std::string, Published> PAPER = {
    {"binary", {"Fig. 1 binary (EFCI)", 100, 1.0 / 64, 83, 332, 104, 34}},
    {"iterative", {"Fig. 2 iterative ER", 250, 1.0 / 16, 88, 125, 20, 32}},
    {"vccount", {"Fig. 3 VC counting ER", 250, 1.0, 97, 125, 10, 29}},
};

/// Blocks of one VC, one after another with think times.
struct BlockVc
{
    Ptr<AtmVc> vc;          //!< the VC
    Ptr<AtmNetDevice> port; //!< source host port
    uint32_t slot{0};       //!< its slot there
    uint32_t nextSeq{0};    //!< sequence number of the next cell
    uint32_t blockEnd{0};   //!< sequence after the block's last cell
    Time blockStart;        //!< when the current block was queued
};

/**
 * Rate oscillation in steady state: the spread of the ACRs of the active
 * VCs about their own means within each period in which the set of active
 * VCs did not change, leaving out the first Settle of each period (the
 * feedback delay Roberts excepts: "the VC rate (ACR) stays exactly on the
 * switch congestion rate (ER) except for the delays in feedback").
 * GetCv() = sqrt(sum of integral (ACR - period mean)^2 dt / time) /
 * (mean ACR): 0 for rates that stay put, about 0.5 for a sawtooth from 0 to
 * twice its mean.
 */
class AcrOscillation
{
  public:
    /**
     * @param n number of VCs
     * @param settle time left out after each change of the active set
     * @param from start of the measurement window
     * @param to end of the measurement window
     */
    AcrOscillation(uint32_t n, Time settle, Time from, Time to)
        : m_acr(n, 0),
          m_active(n, false),
          m_sums(n),
          m_settle(settle),
          m_from(from),
          m_to(to)
    {
    }

    /**
     * @brief ACR of VC @p i changed.
     * @param i the VC
     * @param acr its new ACR
     */
    void SetAcr(uint32_t i, double acr)
    {
        Advance();
        m_acr[i] = acr;
    }

    /**
     * @brief VC @p i started or finished a block: a new period.
     * @param i the VC
     * @param active whether it has a block in progress
     */
    void SetActive(uint32_t i, bool active)
    {
        Advance();
        Fold();
        m_active[i] = active;
        m_changed = Simulator::Now();
    }

    /// @return the coefficient of variation (0 when nothing was measured)
    double GetCv()
    {
        Advance();
        Fold();
        return m_time > 0 && m_mean > 0 ? std::sqrt(m_spread / m_time) / (m_mean / m_time) : 0;
    }

  private:
    /// Per VC sums of the current period: time, ACR dt, ACR^2 dt.
    struct Sums
    {
        double t{0};  //!< time, s
        double a{0};  //!< integral of ACR
        double a2{0}; //!< integral of ACR^2
    };

    /// Add the time since the last call to the active VCs' sums.
    void Advance()
    {
        const Time now = Simulator::Now();
        const Time from = std::max({m_last, m_changed + m_settle, m_from});
        const Time to = std::min(now, m_to);
        m_last = now;
        if (to <= from)
        {
            return;
        }
        const double dt = (to - from).GetSeconds();
        for (std::size_t i = 0; i < m_acr.size(); ++i)
        {
            if (m_active[i])
            {
                m_sums[i].t += dt;
                m_sums[i].a += m_acr[i] * dt;
                m_sums[i].a2 += m_acr[i] * m_acr[i] * dt;
            }
        }
    }

    /// Close the period: each VC's spread about its own period mean.
    void Fold()
    {
        for (Sums& s : m_sums)
        {
            if (s.t > 0)
            {
                m_spread += std::max(0.0, s.a2 - s.a * s.a / s.t);
                m_mean += s.a;
                m_time += s.t;
            }
            s = Sums();
        }
    }

    std::vector<double> m_acr;  //!< ACR per VC
    std::vector<bool> m_active; //!< block in progress per VC
    std::vector<Sums> m_sums;   //!< sums of the current period
    Time m_settle;              //!< left out after a change
    Time m_from;                //!< window start
    Time m_to;                  //!< window end
    Time m_last;                //!< last Advance
    Time m_changed;             //!< last change of the active set
    double m_spread{0};         //!< sum of integral (ACR - mean)^2
    double m_mean{0};           //!< sum of integral ACR
    double m_time{0};           //!< sum of VC-seconds
};

/// The experiment's state.
struct Run
{
    std::vector<BlockVc> vcs;             //!< the VCs
    uint32_t block{2084};                 //!< cells per block
    Ptr<ExponentialRandomVariable> think; //!< think time, s
    Time window0;                         //!< measurement start
    Time window1;                         //!< measurement end
    double blockSum{0};                   //!< sum of block times in the window, s
    uint32_t blocks{0};                   //!< blocks finished in the window
    std::ofstream series;                 //!< time series, or closed
    AcrOscillation* oscillation{nullptr}; //!< steady-state ACR spread

    /**
     * @brief Queue a block of VC @p i.
     * @param i the VC
     */
    void StartBlock(uint32_t i)
    {
        BlockVc& b = vcs[i];
        b.blockStart = Simulator::Now();
        b.blockEnd = b.nextSeq + block;
        oscillation->SetActive(i, true);
        const auto [vpi, vci] = b.port->GetTxLabel(b.slot);
        for (uint32_t k = 0; k < block; ++k)
        {
            b.vc->NotifySent();
            b.port->SendCell(b.slot, AtmCell::MakeData(vpi, vci, b.nextSeq++, Simulator::Now()));
        }
    }

    /**
     * @brief A cell arrived at VC @p i's destination.
     * @param i the VC
     * @param cell the cell
     */
    void Received(uint32_t i, const AtmCell& cell)
    {
        BlockVc& b = vcs[i];
        if (!cell.IsData() || cell.GetSequence() + 1 != b.blockEnd)
        {
            return;
        }
        oscillation->SetActive(i, false);
        const Time now = Simulator::Now();
        if (b.blockStart >= window0 && now <= window1)
        {
            blockSum += (now - b.blockStart).GetSeconds();
            ++blocks;
        }
        Simulator::Schedule(Seconds(think->GetValue()), &Run::StartBlock, this, i);
    }

    /**
     * @brief One time-series sample.
     * @param name the series
     * @param value its value
     */
    void Sample(const char* name, double value)
    {
        if (series.is_open())
        {
            series << Simulator::Now().GetSeconds() << "," << name << "," << value << "\n";
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
    std::string scheme = "vccount";
    uint32_t nVcs = 10;
    uint32_t block = 2084;
    double thinkMs = 10;
    double warmup = 0.2;
    double measure = 1.0;
    uint32_t highThreshold = 10;
    uint32_t lowThreshold = 5;
    uint32_t dqt = 25;
    double av = 1.0 / 16;
    double adtfMs = 500;
    double trmMs = 100;
    double settleMs = 2;
    std::string seriesFile;
    uint32_t seed = 1;
    uint32_t run = 1;

    CommandLine cmd(__FILE__);
    cmd.AddValue("scheme", "binary (Fig. 1), iterative (Fig. 2) or vccount (Fig. 3)", scheme);
    cmd.AddValue("vcs", "Number of VCs", nVcs);
    cmd.AddValue("block", "Cells per block transfer", block);
    cmd.AddValue("think", "Mean think time between blocks, ms", thinkMs);
    cmd.AddValue("warmup", "Seconds before the measurement window", warmup);
    cmd.AddValue("measure", "Seconds of the measurement window", measure);
    cmd.AddValue("qht",
                 "Q_HT of the bottleneck, cells (also VC counting's QueueThreshold)",
                 highThreshold);
    cmd.AddValue("qlt", "Q_LT of the bottleneck, cells", lowThreshold);
    cmd.AddValue("dqt", "Iterative ER: DQT, queue above which ER <= MRF * MACR (0: off)", dqt);
    cmd.AddValue("av", "Iterative ER: AV, the MACR averaging factor", av);
    cmd.AddValue("trm", "Sources: Trm, ms (an FRM at least this often)", trmMs);
    cmd.AddValue("adtf", "Sources: ADTF, ms (idle longer: restart at ICR)", adtfMs);
    cmd.AddValue("settle",
                 "ACR oscillation: ms left out after each change of the active VCs",
                 settleMs);
    cmd.AddValue("series",
                 "CSV file of time series (time_s,series,value); empty: none",
                 seriesFile);
    cmd.AddValue("seed", "RNG seed", seed);
    cmd.AddValue("run", "RNG run number", run);
    cmd.Parse(argc, argv);
    NS_ABORT_MSG_IF(PAPER.count(scheme) == 0,
                    "atm-roberts: --scheme = " << scheme << ": use binary, iterative or vccount");
    NS_ABORT_MSG_IF(nVcs == 0 || block == 0, "atm-roberts: --vcs and --block must be positive");
    RngSeedManager::SetSeed(seed);
    RngSeedManager::SetRun(run);
    const Published& paper = PAPER.at(scheme);

    NodeContainer sw;
    sw.Create(2);
    AtmSwitchHelper swHelper;
    swHelper.SetQueueDisc("ns3::AtmFifoQueueDisc",
                          "MaxCells",
                          UintegerValue(100000),
                          "HighThreshold",
                          UintegerValue(highThreshold),
                          "LowThreshold",
                          UintegerValue(lowThreshold));
    swHelper.Install(sw);
    AtmHelper atm; // OC-3c
    atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(950)));
    NetDeviceContainer trunk = atm.Install(sw.Get(0), sw.Get(1));
    Ptr<AtmNetDevice> bottleneck = DynamicCast<AtmNetDevice>(trunk.Get(0));
    atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(25)));

    const Time frtt = MilliSeconds(2);
    AtmAbrHelper abr;
    abr.SetSourceAttribute("Tbe", DoubleValue(paper.tbe));
    abr.SetSourceAttribute("Frtt", TimeValue(frtt));
    abr.SetSourceAttribute("Rdf", DoubleValue(1.0 / 16));
    abr.SetSourceAttribute("Rif", DoubleValue(paper.air));
    abr.SetSourceAttribute("Adtf", TimeValue(MilliSeconds(adtfMs)));
    abr.SetSourceAttribute("Trm", TimeValue(MilliSeconds(trmMs)));
    if (scheme == "binary")
    {
        abr.SetPortBehaviour("ns3::AtmEfciMarking");
    }
    else if (scheme == "iterative")
    {
        abr.SetPortBehaviour("ns3::AtmIterativeEr",
                             "Dpf",
                             DoubleValue(0),
                             "Dqt",
                             UintegerValue(dqt),
                             "Av",
                             DoubleValue(av));
    }
    else
    {
        abr.SetPortBehaviour("ns3::AtmVcCountingEr",
                             "QueueThreshold",
                             UintegerValue(highThreshold));
    }
    Ptr<AtmPortBehaviour> behaviour = abr.InstallPortBehaviour(bottleneck);

    Run r;
    r.block = block;
    r.think = CreateObject<ExponentialRandomVariable>();
    r.think->SetAttribute("Mean", DoubleValue(thinkMs / 1000));
    r.window0 = Seconds(warmup);
    r.window1 = Seconds(warmup + measure);
    AcrOscillation oscillation(nVcs, MilliSeconds(settleMs), r.window0, r.window1);
    r.oscillation = &oscillation;
    if (!seriesFile.empty())
    {
        r.series.open(seriesFile);
        r.series << "time_s,series,value\n";
    }
    for (uint32_t i = 0; i < nVcs; ++i)
    {
        Ptr<Node> a = CreateObject<Node>();
        Ptr<Node> b = CreateObject<Node>();
        atm.Install(a, sw.Get(0));
        atm.Install(sw.Get(1), b);
        auto [fwd, bwd] = abr.Create(NodeContainer(NodeContainer(a), sw, NodeContainer(b)),
                                     "vc" + std::to_string(i));
        BlockVc v;
        v.vc = fwd;
        v.port = fwd->GetHopDevice(0);
        v.slot = fwd->GetHopSlot(0);
        r.vcs.push_back(v);
        Ptr<AtmAbrSource> source = AtmAbrHelper::GetGate(v.port)->GetSource(v.slot);
        oscillation.SetAcr(i, source->GetAcr());
        source->TraceConnectWithoutContext(
            "Acr",
            MakeBoundCallback(
                +[](AcrOscillation* o, uint32_t vc, double, double acr) { o->SetAcr(vc, acr); },
                &oscillation,
                i));
        fwd->GetDestinationDevice()->TraceConnectWithoutContext(
            "PhyRxEnd",
            MakeCallback(&Run::Received, &r).Bind(i));
        // Start at random phases within the think time.
        Simulator::Schedule(Seconds(r.think->GetValue()), &Run::StartBlock, &r, i);
    }
    AtmPortMonitor monitor(bottleneck, r.window0, r.window1);

    // Time series of VC 0: ACR, the ER its BRMs bring back, and the port's
    // estimate (MACR or fair share).
    if (r.series.is_open())
    {
        Ptr<AtmAbrSource> src0 = AtmAbrHelper::GetGate(r.vcs[0].port)->GetSource(r.vcs[0].slot);
        src0->TraceConnectWithoutContext("Acr", MakeCallback(+[](Run* run, double, double acr) {
                                                    run->Sample("acr", acr);
                                                }).Bind(&r));
        src0->TraceConnectWithoutContext("BrmReceived",
                                         MakeCallback(+[](Run* run, const AtmCell& brm, double) {
                                             run->Sample("er", AtmRmCell::GetEr(brm));
                                         }).Bind(&r));
        if (scheme == "iterative")
        {
            behaviour->TraceConnectWithoutContext("Macr",
                                                  MakeCallback(+[](Run* run, double, double macr) {
                                                      run->Sample("macr", macr);
                                                  }).Bind(&r));
        }
        else if (scheme == "vccount")
        {
            behaviour->TraceConnectWithoutContext("FairShare",
                                                  MakeCallback(+[](Run* run, double, double share) {
                                                      run->Sample("fairshare", share);
                                                  }).Bind(&r));
        }
        bottleneck->GetQueueDisc()->TraceConnectWithoutContext(
            "CellsInQueue",
            MakeCallback(+[](Run* run, uint32_t, uint32_t q) {
                run->Sample("queue", q);
            }).Bind(&r));
    }

    uint64_t data = 0;
    bottleneck->TraceConnectWithoutContext(
        "PhyTxBegin",
        MakeCallback(+[](uint64_t* n, const AtmCell& c) { *n += c.IsData(); }).Bind(&data));
    uint64_t data0 = 0;
    uint64_t data1 = 0;
    auto copy = +[](uint64_t* to, const uint64_t* from) { *to = *from; };
    Simulator::Schedule(r.window0, copy, &data0, &data);
    Simulator::Schedule(r.window1, copy, &data1, &data);
    Simulator::Stop(r.window1 + MilliSeconds(1));
    Simulator::Run();

    const double util = 100.0 * monitor.GetUtilization();
    const double dataUtil = 100.0 * (data1 - data0) / (bottleneck->GetCellRate() * measure);
    const double avgQueue = monitor.GetAverage();
    const double blockMs = r.blocks ? 1000 * r.blockSum / r.blocks : 0;
    const double acrCv = oscillation.GetCv();
    uint64_t lost = 0;
    for (const auto& v : r.vcs)
    {
        lost += v.vc->GetCellsDropped();
    }

    std::cout << "Roberts " << paper.figure << ": " << nVcs << " VCs, OC-3c, RTT 2 ms, TBE "
              << paper.tbe << ", RDF 1/16, AIR " << paper.air << "; blocks of " << block
              << " cells, think " << thinkMs << " ms; measured " << measure << " s after " << warmup
              << " s\n\n";
    std::cout << std::fixed << std::setprecision(1);
    std::cout << "                          published   ours\n";
    std::cout << "  utilization %           " << std::setw(8) << paper.utilization << "  "
              << std::setw(6) << util << "  (data cells " << dataUtil << ")\n";
    std::cout << "  max queue, cells        " << std::setw(8) << paper.maxQueue << "  "
              << std::setw(6) << static_cast<double>(monitor.GetPeak()) << "\n";
    std::cout << "  average queue, cells    " << std::setw(8) << paper.avgQueue << "  "
              << std::setw(6) << avgQueue << "\n";
    std::cout << "  block transfer time, ms " << std::setw(8) << paper.blockMs << "  "
              << std::setw(6) << blockMs << "  (" << r.blocks << " blocks)\n";
    std::cout << "  ACR oscillation (CV)              " << std::setprecision(3) << acrCv
              << "  (steady periods, " << settleMs << " ms settle)\n";
    std::cout << "  cells lost                         " << lost << "\n";
    // One machine-readable line (the reproduction report reads it).
    std::cout << std::setprecision(3) << "scheme=" << scheme << " utilization=" << util
              << " data_utilization=" << dataUtil
              << " max_queue=" << static_cast<double>(monitor.GetPeak())
              << " avg_queue=" << avgQueue << " block_ms=" << blockMs << " blocks=" << r.blocks
              << " acr_cv=" << acrCv << " lost=" << lost << "\n";
    Simulator::Destroy();
    return 0;
}
