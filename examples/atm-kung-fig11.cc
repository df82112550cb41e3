/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * Kung's Figure 11 ("Link-By-Link Flow Control to Increase Quality of
 * Control"): a TCP T crosses three switches and meets high-priority cross
 * traffic X at the third one.
 *
 *   Host_T -- S1 -- S2 -- S3 -- Host_D
 *                         |
 *                       Host_X
 *
 * Every link is OC-3c (149.76 Mb/s of cells) with --delayUs of propagation
 * delay (500 us: T's round trip is about 4 ms). T is ns-3's TCP over an IP
 * PVC (UBR both ways), a greedy BulkSend with a window of --window octets
 * (window scaling on). X is a CBR VC (a CBR traffic contract, PCR the cell
 * rate of S3's output link) whose AtmCbrSource sends at that rate from
 * --xStart for --xDuration seconds. Every switch port is an
 * AtmPriorityQueueDisc: CBR first, so while X is on T gets nothing at S3;
 * T's UBR class holds --vcBuffer cells per port.
 *
 * --credit=1: Kung's Credit Update Protocol (static allocation, BufAlloc
 * --vcBuffer cells, N2 --n2) on every link of T's VCs and of X's VC, so T's
 * backlog stops at S3's buffer and backs up into S2, S1 and the host.
 * --credit=0: plain UBR (EPD with --epdThreshold > 0): only S3's buffer can
 * hold T's window, and what does not fit is lost.
 *
 * Output: key=value lines (utils/atm_experiments.py, row M2): T's cells
 * lost, its goodput before, during and after X, the time after X stops
 * until T is back at 90% of the link, the most cells T's VC held at the
 * host and at each switch, T's largest window in cells, TCP's
 * retransmissions and timeouts.
 *
 * Usage: ./atm-kung-fig11 [--credit=1|0] [--duration=0.5] ...
 *        (--PrintHelp lists every option)
 */

#include "atm-tcp-example.h"

#include "ns3/atm-module.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("AtmKungFig11");

namespace
{

/// Parameters of the run.
struct Params
{
    bool credit{true};        //!< credit on every link of T's and X's VCs
    uint32_t vcBuffer{2000};  //!< UBR class buffer of every switch port (and BufAlloc)
    uint32_t cbrBuffer{500};  //!< CBR class buffer of every switch port
    uint32_t n2{10};          //!< credit N2
    uint32_t epdThreshold{0}; //!< EPD threshold of the UBR class (0: none)
    double delayUs{500};      //!< propagation delay of every link
    double xStart{0.15};      //!< X starts, seconds
    double xDuration{0.03};   //!< X is on this long, seconds
    double duration{0.5};     //!< simulated seconds
    double sampleUs{10};      //!< queue sampling interval
    double binMs{1};          //!< goodput bin
    uint32_t resumeBins{20};  //!< bins whose average at 90% counts as resumed
    double beforeMs{50};      //!< the "before" window ends at xStart
    double afterMs{100};      //!< the "after" window starts at the end of X
    std::string series;       //!< time series files (empty: none)
};

/// What the run watches while it runs.
struct Watch
{
    std::vector<Ptr<AtmQueueDisc>> queues;       //!< T's forward hops: host, S1, S2, S3
    std::vector<uint32_t> slots;                 //!< T's slot at each
    std::vector<uint32_t> maxCells;              //!< the most cells T held at each while X is on
    std::vector<std::vector<uint32_t>> binCells; //!< per bin end: T's cells at each hop
    AtmTcpTransfer* transfer{nullptr};           //!< T
    std::vector<uint64_t> rxBytes;               //!< T's sink octets at each bin's end
    uint32_t maxInFlight{0};                     //!< T's largest BytesInFlight
};

/**
 * Sample T's queue at every hop (while X is on).
 * @param w what is watched
 */
void
SampleQueues(Watch* w)
{
    for (size_t h = 0; h < w->queues.size(); ++h)
    {
        w->maxCells[h] = std::max(w->maxCells[h], w->queues[h]->GetVcCells(w->slots[h]));
    }
}

/**
 * Record T's received octets at the end of a goodput bin.
 * @param w what is watched
 */
void
SampleGoodput(Watch* w)
{
    w->rxBytes.push_back(w->transfer->GetTotalBytes());
    std::vector<uint32_t> cells(w->queues.size());
    for (size_t h = 0; h < w->queues.size(); ++h)
    {
        cells[h] = w->queues[h]->GetVcCells(w->slots[h]);
    }
    w->binCells.push_back(cells);
}

/**
 * T's BytesInFlight trace sink.
 * @param w what is watched
 * @param newValue octets in flight now
 */
void
InFlight(Watch* w, uint32_t /* oldValue */, uint32_t newValue)
{
    w->maxInFlight = std::max(w->maxInFlight, newValue);
}

/**
 * Connect to T's socket once the BulkSend has made it.
 * @param w what is watched
 * @param app T's BulkSendApplication
 */
void
ConnectSocket(Watch* w, Ptr<Application> app)
{
    Ptr<Socket> socket = DynamicCast<BulkSendApplication>(app)->GetSocket();
    NS_ABORT_MSG_IF(!socket, "atm-kung-fig11: T's socket is not open yet");
    socket->TraceConnectWithoutContext("BytesInFlight", MakeBoundCallback(&InFlight, w));
}

} // namespace

int
main(int argc, char* argv[])
{
    // The cell engine runs the cell path's events.
    AtmSimulatorImpl::SelectByDefault();
    Params p;
    AtmTcpSettings tcp;
    tcp.window = 262144; // more than S3's buffer, less than the path's
    tcp.minRtoMs = 200;  // Linux's smallest RTO: a timeout shows within a run
    tcp.granularityMs = 1;
    CommandLine cmd(__FILE__);
    cmd.AddValue("credit", "Credit flow control on T's and X's links (0: plain UBR)", p.credit);
    cmd.AddValue("vcBuffer", "UBR buffer of every switch port, cells (and BufAlloc)", p.vcBuffer);
    cmd.AddValue("cbrBuffer", "CBR buffer of every switch port, cells", p.cbrBuffer);
    cmd.AddValue("n2", "Credit: N2", p.n2);
    cmd.AddValue("epdThreshold", "UBR class EPD threshold, cells (0: no EPD)", p.epdThreshold);
    cmd.AddValue("delayUs", "Propagation delay of every link, microseconds", p.delayUs);
    cmd.AddValue("xStart", "X starts, seconds", p.xStart);
    cmd.AddValue("xDuration", "X sends at the full link rate this long, seconds", p.xDuration);
    cmd.AddValue("duration", "Simulated seconds", p.duration);
    cmd.AddValue("sampleUs", "Queue sampling interval, microseconds", p.sampleUs);
    cmd.AddValue("binMs", "Goodput bin, milliseconds", p.binMs);
    cmd.AddValue("resumeBins",
                 "Resumed: the first this many goodput bins at 90% of the link",
                 p.resumeBins);
    cmd.AddValue("afterMs", "The 'after' goodput window, milliseconds after X", p.afterMs);
    cmd.AddValue("series",
                 "Write T's goodput per bin (Mb/s) to FILE.goodput and its cells at the host, "
                 "S1, S2 and S3 per bin to FILE.<hop> (lines 'time_ms value')",
                 p.series);
    tcp.AddTo(cmd);
    cmd.Parse(argc, argv);
    NS_ABORT_MSG_IF(p.duration <= p.xStart + p.xDuration,
                    "atm-kung-fig11: --duration = " << p.duration << " must exceed xStart + "
                                                    << "xDuration");
    NS_ABORT_MSG_IF(p.xStart * 1e3 < p.beforeMs,
                    "atm-kung-fig11: --xStart = " << p.xStart << " must be at least "
                                                  << p.beforeMs / 1e3 << " s");
    NS_ABORT_MSG_IF(p.sampleUs <= 0 || p.binMs <= 0,
                    "atm-kung-fig11: --sampleUs and --binMs must be positive");
    tcp.Apply();
    Config::SetDefault("ns3::TcpSocketBase::WindowScaling", BooleanValue(tcp.window > 65535));

    Ptr<Node> hostT = CreateObject<Node>();
    Ptr<Node> hostX = CreateObject<Node>();
    Ptr<Node> hostD = CreateObject<Node>();
    NodeContainer switches;
    switches.Create(3);

    // Strict priority, CBR first; T's UBR class has vcBuffer cells per port.
    AtmSwitchHelper sw;
    std::ostringstream ubr;
    ubr << "ns3::AtmPerVcQueueDisc[MaxCells=" << p.vcBuffer << "|EpdThreshold=" << p.epdThreshold
        << "]";
    std::ostringstream cbr;
    cbr << "ns3::AtmFifoQueueDisc[MaxCells=" << p.cbrBuffer << "]";
    sw.SetQueueDisc("ns3::AtmPriorityQueueDisc",
                    "MaxCells",
                    UintegerValue(p.vcBuffer + p.cbrBuffer),
                    "CbrClass",
                    StringValue(cbr.str()),
                    "UbrClass",
                    StringValue(ubr.str()));
    sw.Install(switches);

    AtmHelper atm; // OC-3c
    atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(p.delayUs)));
    NetDeviceContainer t = atm.Install(hostT, switches.Get(0));
    atm.Install(switches.Get(0), switches.Get(1));
    atm.Install(switches.Get(1), switches.Get(2));
    NetDeviceContainer d = atm.Install(switches.Get(2), hostD);
    atm.Install(hostX, switches.Get(2));
    Ptr<AtmNetDevice> s3Out = DynamicCast<AtmNetDevice>(d.Get(0));

    InternetStackHelper stack;
    stack.Install(hostT);
    stack.Install(hostD);
    NetDeviceContainer hostPorts;
    hostPorts.Add(t.Get(0));
    hostPorts.Add(d.Get(1));
    Ipv4InterfaceContainer ip = Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(hostPorts);

    // T: an IP PVC each way, UBR.
    AtmVcHelper vcs;
    NodeContainer tPath(hostT);
    tPath.Add(switches);
    tPath.Add(hostD);
    auto [tData, tAcks] = vcs.CreateIpPvc(tPath, "T");
    AtmTcpTransfer transfer(hostT, hostD, ip.GetAddress(1), 50000, Seconds(0), 0, tcp.reno);

    // X: a CBR VC at the full cell rate of S3's output link.
    const double cellRate = s3Out->GetCellRate();
    AtmTrafficContract contract;
    contract.category = AtmServiceCategory::CBR;
    contract.pcr = cellRate;
    vcs.SetContract(contract);
    Ptr<AtmVc> x = vcs.Create(NodeContainer(hostX, switches.Get(2), hostD), "X");
    vcs.ClearContract();
    AtmCellSourceHelper xSource("ns3::AtmCbrSource");
    xSource.SetAttribute(
        "Rate",
        DataRateValue(DataRate(static_cast<uint64_t>(std::llround(cellRate * 424)))));
    ApplicationContainer xApp = xSource.Install(x);
    xApp.Start(Seconds(p.xStart));
    xApp.Stop(Seconds(p.xStart + p.xDuration));

    if (p.credit)
    {
        AtmCreditHelper credit;
        credit.SetAllocation("ns3::AtmStaticAllocation",
                             "BufAlloc",
                             UintegerValue(p.vcBuffer),
                             "N2",
                             UintegerValue(p.n2));
        credit.Install(tData);
        credit.Install(tAcks);
        credit.Install(x);
    }

    // T's queue at every hop of its path, its goodput per bin, its window.
    Watch w;
    w.transfer = &transfer;
    for (uint32_t h = 0; h < tData->GetNHops(); ++h)
    {
        w.queues.push_back(tData->GetHopDevice(h)->GetQueueDisc());
        w.slots.push_back(tData->GetHopSlot(h));
        w.maxCells.push_back(0);
    }
    for (double us = p.xStart * 1e6; us <= (p.xStart + p.xDuration) * 1e6; us += p.sampleUs)
    {
        Simulator::Schedule(MicroSeconds(us), &SampleQueues, &w);
    }
    const auto nBins = static_cast<uint32_t>(std::floor(p.duration * 1e3 / p.binMs));
    for (uint32_t b = 1; b <= nBins; ++b)
    {
        Simulator::Schedule(MilliSeconds(b * p.binMs), &SampleGoodput, &w);
    }
    Simulator::Schedule(MicroSeconds(1),
                        &ConnectSocket,
                        &w,
                        transfer.GetSender()); // the BulkSend opens its socket at 0
    // TCP's retransmissions and timeouts are counted over the whole run.
    Simulator::Schedule(Seconds(0), &AtmTcpTransfer::StartWindow, &transfer);
    Simulator::Schedule(Seconds(p.duration), &AtmTcpTransfer::EndWindow, &transfer);
    Simulator::Stop(Seconds(p.duration));
    Simulator::Run();

    // Goodput over [from, to) seconds from the bins, Mb/s.
    auto bytesAt = [&](double s) {
        const auto b = static_cast<int64_t>(std::llround(s * 1e3 / p.binMs));
        if (b <= 0)
        {
            return uint64_t{0};
        }
        return w.rxBytes[std::min<size_t>(b, w.rxBytes.size()) - 1];
    };
    auto goodput = [&](double from, double to) {
        return to > from ? (bytesAt(to) - bytesAt(from)) * 8 / (to - from) / 1e6 : 0.0;
    };
    const double xStop = p.xStart + p.xDuration;
    const double afterEnd = std::min(p.duration, xStop + p.afterMs / 1e3);
    // The link's TCP goodput: a segment of mss octets takes the cells of
    // mss + 40 (IP, TCP) + 8 (LLC/SNAP) + 8 (AAL5 trailer) octets.
    const uint32_t cellsPerSegment = (tcp.mss + 40 + 8 + 8 + 47) / 48;
    const double linkGoodput = cellRate / cellsPerSegment * tcp.mss * 8 / 1e6;
    // Resumed: the first resumeBins bins (20 ms) that carry 90% of that on
    // average, with something delivered in every bin: long enough that
    // S3 draining what it held (2000 cells, 6 ms) is not T back at full
    // speed, nor a burst of out-of-order data the receiver releases at
    // once; a segment takes about 0.5 ms, so a bin's whole segments swing
    // between one and two.
    const auto firstBin = static_cast<uint32_t>(std::llround(xStop * 1e3 / p.binMs));
    double resumeMs = -1;
    auto at = [&w](uint32_t b) { return b ? w.rxBytes[b - 1] : uint64_t{0}; }; // bin b's start
    for (uint32_t b = firstBin; b + p.resumeBins <= w.rxBytes.size(); ++b)
    {
        bool everyBin = true;
        for (uint32_t k = b; k < b + p.resumeBins; ++k)
        {
            everyBin = everyBin && w.rxBytes[k] > at(k);
        }
        const double mbps =
            (at(b + p.resumeBins) - at(b)) * 8 / (p.resumeBins * p.binMs / 1e3) / 1e6;
        if (everyBin && mbps >= 0.9 * linkGoodput)
        {
            resumeMs = (b - firstBin) * p.binMs;
            break;
        }
    }
    const bool resumed = resumeMs >= 0;
    if (!resumed)
    {
        resumeMs = (p.duration - xStop) * 1e3; // not within the run
    }
    const uint32_t inNetwork = w.maxCells[1] + w.maxCells[2] + w.maxCells[3];
    const uint32_t windowCells =
        (w.maxInFlight + tcp.mss - 1) / tcp.mss * cellsPerSegment; // whole segments

    std::printf("# Kung Fig. 11: TCP T over Host_T-S1-S2-S3-Host_D, CBR cross traffic X at S3\n");
    std::printf("# %s; TCP %s\n",
                p.credit ? "credit on every link of T and X" : "no link flow control (UBR)",
                tcp.Describe().c_str());
    std::printf("credit=%d t_cells_sent=%llu t_cells_lost=%llu x_cells_lost=%llu\n",
                p.credit ? 1 : 0,
                static_cast<unsigned long long>(tData->GetCellsSent()),
                static_cast<unsigned long long>(tData->GetCellsDropped()),
                static_cast<unsigned long long>(x->GetCellsDropped()));
    std::printf("credit=%d link_goodput_mbps=%.2f t_goodput_before_mbps=%.2f "
                "t_goodput_during_mbps=%.2f t_goodput_after_mbps=%.2f\n",
                p.credit ? 1 : 0,
                linkGoodput,
                goodput(p.xStart - p.beforeMs / 1e3, p.xStart),
                goodput(p.xStart, xStop),
                goodput(xStop, afterEnd));
    std::printf("credit=%d resume_ms=%.1f resumed=%d\n", p.credit ? 1 : 0, resumeMs, resumed);
    std::printf("credit=%d buffer_host=%u buffer_s1=%u buffer_s2=%u buffer_s3=%u "
                "buffer_sum=%u\n",
                p.credit ? 1 : 0,
                w.maxCells[0],
                w.maxCells[1],
                w.maxCells[2],
                w.maxCells[3],
                inNetwork);
    std::printf("credit=%d t_window_cells=%u t_window_bytes=%u s3_buffer=%u path_buffer=%u\n",
                p.credit ? 1 : 0,
                windowCells,
                w.maxInFlight,
                p.vcBuffer,
                3 * p.vcBuffer);
    std::printf("credit=%d tcp_retx=%llu tcp_timeouts=%llu\n",
                p.credit ? 1 : 0,
                static_cast<unsigned long long>(transfer.GetRetransmissions()),
                static_cast<unsigned long long>(transfer.GetTimeouts()));
    for (const auto& [reason, cells] : tData->GetDropsByReason())
    {
        std::printf("# T's cells dropped (%s): %llu\n",
                    reason.c_str(),
                    static_cast<unsigned long long>(cells));
    }
    if (!p.series.empty())
    {
        const char* hops[] = {"host", "s1", "s2", "s3"};
        std::ofstream goodputFile(p.series + ".goodput");
        for (size_t b = 0; b < w.rxBytes.size(); ++b)
        {
            const uint64_t before = b ? w.rxBytes[b - 1] : 0;
            goodputFile << (b + 1) * p.binMs << " "
                        << (w.rxBytes[b] - before) * 8 / (p.binMs / 1e3) / 1e6 << "\n";
        }
        for (size_t h = 0; h < w.queues.size(); ++h)
        {
            std::ofstream cellsFile(p.series + "." + hops[h]);
            for (size_t b = 0; b < w.binCells.size(); ++b)
            {
                cellsFile << (b + 1) * p.binMs << " " << w.binCells[b][h] << "\n";
            }
        }
    }
    Simulator::Destroy();
    return 0;
}
