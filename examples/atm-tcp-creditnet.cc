/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * The CreditNet TCP experiments of Kung (Fig. 15, Table 2, Fig. 16): TCP
 * over ATM without ATM-layer flow control (UBR, with and without Early
 * Packet Discard) and with credit-based flow control (static credit, 100
 * cells per VC).
 *
 * (a) host A -155 Mb/s- switch -53 Mb/s- host B, one TCP from A to B.
 * (b) hosts A, B -155- S1 -53- S2 -155- hosts C, D; TCPs A->C and B->D
 *     share the 53 Mb/s trunk.
 * Every host link is OC-3c (155.52 Mb/s line, 149.76 Mb/s of cells); the
 * slow link is 53 Mb/s with SONET framing, 5.78 MB/s of cell payload, the
 * "about 5.7 Mbyte/sec" of the paper. IP over AAL5 with LLC/SNAP, MTU 9180;
 * the switches have per-VC queues with 682 cells (32 payload kB) per VC
 * without flow control, 100 cells per VC with credit on every link (hosts
 * included: a host without credit stops its interface, so TCP is slowed,
 * not dropped).
 *
 * The hosts ran OSF/1's TCP, derived from 4.3-Reno. The default here is
 * 4.3BSD-Reno's congestion window (AtmTcpBsdReno: one increase per ACK, with
 * maxseg / 8 in congestion avoidance; --tcp=ns3::TcpNewReno for ns-3's) with
 * Reno's fast recovery (AtmTcpRenoSocket: the first ACK of new data ends it;
 * --reno=0 for ns-3's NewReno recovery), SACK and timestamps off, a 64 kB
 * window (no window scaling), delayed ACKs every second segment and a
 * BSD-like 500 ms retransmission timer tick; every one of these is an
 * option.
 *
 * With --occupancy=FILE the credit run of (a) writes the switch's buffer
 * occupancy of the TCP's VC every --sample seconds (Fig. 16).
 *
 * Usage: ./atm-tcp-creditnet [--config=a|b|both] [--modes=ubr,epd,credit]
 *        [--duration=10] ... (--PrintHelp lists every option)
 */

#include "atm-tcp-example.h"

#include "ns3/atm-module.h"

#include <fstream>
#include <iomanip>
#include <iostream>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("AtmTcpCreditNet");

namespace
{

/// What one run measured.
struct Result
{
    std::string config;              //!< a or b
    std::string mode;                //!< ubr, epd or credit
    std::vector<double> goodputMBps; //!< per TCP
    std::vector<uint64_t> retx;      //!< per TCP
    std::vector<uint64_t> timeouts;  //!< per TCP
    uint64_t cellsSent{0};           //!< forward VCs, all
    uint64_t cellsDropped{0};        //!< forward VCs, all
    uint64_t bytesDelivered{0};      //!< sinks, since the start
    uint64_t bytesInWindow{0};       //!< sinks, in the window
};

/// Parameters of a run.
struct Params
{
    double slowMbps{53};        //!< the slow link's line rate
    uint32_t vcBuffer{682};     //!< switch cells per VC
    uint32_t epdThreshold{490}; //!< EPD threshold, cells of the VC's partition
    uint32_t creditCells{100};  //!< Buf_Alloc per VC with credit
    uint32_t n2{10};            //!< credit N2
    std::string occupancy;      //!< Fig. 16 time series file (credit, config a)
    double sample{1e-4};        //!< its sampling interval, seconds
    double delayUs{5};          //!< propagation delay of every link
    double warmup{1};           //!< seconds before the window
    double duration{10};        //!< seconds of the window
    bool pcap{false};           //!< pcap at the hosts
    bool reno{false};           //!< Reno's fast recovery (AtmTcpSettings::reno)
};

/**
 * One sample of Fig. 16: the switch's buffer occupancy of the first VC.
 * @param out the CSV file
 * @param queue the slow link's queue
 */
void
WriteOccupancy(std::ofstream* out, Ptr<AtmQueueDisc> queue)
{
    *out << Simulator::Now().GetSeconds() << "," << queue->GetVcCells(0) << "\n";
}

/**
 * Run one configuration.
 * @param config "a" or "b"
 * @param mode "ubr", "epd" or "credit"
 * @param p the parameters
 * @return what it measured
 */
Result
Run(const std::string& config, const std::string& mode, const Params& p)
{
    const bool credit = mode == "credit";
    const uint32_t vcBuffer = credit ? p.creditCells : p.vcBuffer;
    const uint32_t nTcp = config == "a" ? 1 : 2;
    const uint32_t nSwitches = config == "a" ? 1 : 2;
    NodeContainer senders;
    senders.Create(nTcp);
    NodeContainer receivers;
    receivers.Create(nTcp);
    NodeContainer switches;
    switches.Create(nSwitches);

    AtmSwitchHelper sw;
    sw.SetQueueDisc("ns3::AtmPerVcQueueDisc",
                    "BufferManagement",
                    StringValue("StaticPartition"),
                    "VcLimit",
                    UintegerValue(vcBuffer),
                    "MaxCells",
                    UintegerValue(4 * vcBuffer),
                    "EpdThreshold",
                    UintegerValue(mode == "epd" ? p.epdThreshold : 0));
    sw.Install(switches);

    AtmHelper atm;
    atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(p.delayUs)));
    NetDeviceContainer hostDevs;
    for (uint32_t i = 0; i < nTcp; ++i)
    {
        hostDevs.Add(atm.Install(senders.Get(i), switches.Get(0)).Get(0));
    }
    // The slow link: between the switch and host B in (a), the trunk in (b).
    NetDeviceContainer slow;
    if (config == "a")
    {
        slow = atm.Install(switches.Get(0), receivers.Get(0));
        hostDevs.Add(slow.Get(1));
    }
    else
    {
        slow = atm.Install(switches.Get(0), switches.Get(1));
        for (uint32_t i = 0; i < nTcp; ++i)
        {
            hostDevs.Add(atm.Install(switches.Get(1), receivers.Get(i)).Get(1));
        }
    }
    DynamicCast<AtmNetDevice>(slow.Get(0))->SetDataRate(DataRate(p.slowMbps * 1e6));
    DynamicCast<AtmNetDevice>(slow.Get(1))->SetDataRate(DataRate(p.slowMbps * 1e6));

    InternetStackHelper stack;
    stack.Install(senders);
    stack.Install(receivers);
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer ifaces = addresses.Assign(hostDevs);

    AtmVcHelper vcs;
    std::vector<Ptr<AtmVc>> forward;
    std::vector<AtmTcpTransfer*> transfers;
    for (uint32_t i = 0; i < nTcp; ++i)
    {
        NodeContainer path(senders.Get(i));
        path.Add(switches);
        path.Add(receivers.Get(i));
        forward.push_back(vcs.CreateIpPvc(path, "tcp" + std::to_string(i + 1)).first);
        transfers.push_back(
            new AtmTcpTransfer(senders.Get(i),
                               receivers.Get(i),
                               ifaces.GetAddress(nTcp + i),
                               50000 + i, // no Wireshark dissector claims these ports
                               MilliSeconds(10 * i),
                               0,
                               p.reno));
    }
    if (credit)
    {
        AtmCreditHelper creditHelper;
        creditHelper.SetAllocation("ns3::AtmStaticAllocation",
                                   "BufAlloc",
                                   UintegerValue(p.creditCells),
                                   "N2",
                                   UintegerValue(p.n2));
        creditHelper.InstallAll();
    }
    if (p.pcap)
    {
        atm.EnablePcap("atm-tcp-creditnet-" + config + "-" + mode, hostDevs);
    }
    // Fig. 16: the switch's buffer occupancy of the (first) TCP's VC.
    std::ofstream occupancy;
    Ptr<AtmQueueDisc> slowQueue = DynamicCast<AtmNetDevice>(slow.Get(0))->GetQueueDisc();
    if (credit && config == "a" && !p.occupancy.empty())
    {
        occupancy.open(p.occupancy);
        occupancy << "time_s,cells\n";
        for (double t = p.warmup; t < p.warmup + p.duration; t += p.sample)
        {
            Simulator::Schedule(Seconds(t), &WriteOccupancy, &occupancy, slowQueue);
        }
    }
    for (auto t : transfers)
    {
        Simulator::Schedule(Seconds(p.warmup), &AtmTcpTransfer::StartWindow, t);
        Simulator::Schedule(Seconds(p.warmup + p.duration), &AtmTcpTransfer::EndWindow, t);
    }
    Simulator::Stop(Seconds(p.warmup + p.duration));
    Simulator::Run();

    Result r;
    r.config = config;
    r.mode = mode;
    for (uint32_t i = 0; i < nTcp; ++i)
    {
        r.goodputMBps.push_back(transfers[i]->GetGoodputMBps());
        r.retx.push_back(transfers[i]->GetRetransmissions());
        r.timeouts.push_back(transfers[i]->GetTimeouts());
        r.bytesDelivered += transfers[i]->GetTotalBytes();
        r.bytesInWindow += transfers[i]->GetBytesInWindow();
        r.cellsSent += forward[i]->GetCellsSent();
        r.cellsDropped += forward[i]->GetCellsDropped();
        delete transfers[i];
    }
    Simulator::Destroy();
    return r;
}

} // namespace

int
main(int argc, char* argv[])
{
    // The cell engine runs the cell path's events (--SimulatorImplementationType
    // chooses another simulator implementation).
    AtmSimulatorImpl::SelectByDefault();
    std::string configs = "both";
    std::string modes = "ubr,epd,credit";
    Params p;
    AtmTcpSettings tcp;
    tcp.variant = "ns3::AtmTcpBsdReno"; // OSF/1's 4.3-Reno window
    tcp.reno = true;                    // and its fast recovery
    CommandLine cmd(__FILE__);
    cmd.AddValue("config", "Fig. 15 configuration: a (one TCP), b (two TCPs) or both", configs);
    cmd.AddValue("modes",
                 "Runs, comma-separated: ubr (no flow control), epd (UBR with Early Packet "
                 "Discard), credit (static credit on every link)",
                 modes);
    cmd.AddValue("creditCells", "Credit: Buf_Alloc per VC, cells", p.creditCells);
    cmd.AddValue("n2", "Credit: N2", p.n2);
    cmd.AddValue("occupancy", "Fig. 16 time series file (credit run of config a)", p.occupancy);
    cmd.AddValue("sample", "Sampling interval of --occupancy, seconds", p.sample);
    cmd.AddValue("slowMbps", "Line rate of the slow link, Mb/s (SONET framing)", p.slowMbps);
    cmd.AddValue("vcBuffer", "Switch buffer per VC, cells", p.vcBuffer);
    cmd.AddValue("epdThreshold", "EPD threshold, cells of the VC's buffer", p.epdThreshold);
    cmd.AddValue("delayUs", "Propagation delay of every link, microseconds", p.delayUs);
    cmd.AddValue("warmup", "Seconds before the measurement window", p.warmup);
    cmd.AddValue("duration", "Seconds of the measurement window", p.duration);
    cmd.AddValue("pcap", "Write DLT_SUNATM pcap files of the host ports", p.pcap);
    tcp.AddTo(cmd);
    cmd.Parse(argc, argv);
    if (p.pcap)
    {
        // ns-3 writes IPv4, TCP and UDP checksums only when ChecksumEnabled
        // is on: without it each is 0 and Wireshark's validation flags it.
        GlobalValue::Bind("ChecksumEnabled", BooleanValue(true));
    }
    NS_ABORT_MSG_IF(configs != "a" && configs != "b" && configs != "both",
                    "atm-tcp-creditnet: --config = " << configs << ": use a, b or both");
    std::vector<std::string> modeList;
    {
        std::stringstream ss(modes);
        std::string m;
        while (std::getline(ss, m, ','))
        {
            NS_ABORT_MSG_IF(m != "ubr" && m != "epd" && m != "credit",
                            "atm-tcp-creditnet: --modes: '" << m << "': use ubr, epd, credit");
            modeList.push_back(m);
        }
    }
    NS_ABORT_MSG_IF(p.slowMbps <= 0,
                    "atm-tcp-creditnet: --slowMbps = " << p.slowMbps << ": must be positive");
    NS_ABORT_MSG_IF(p.duration <= 0,
                    "atm-tcp-creditnet: --duration = " << p.duration << ": must be positive");
    tcp.Apply();
    p.reno = tcp.reno;

    std::vector<std::string> configList =
        configs == "both" ? std::vector<std::string>{"a", "b"} : std::vector<std::string>{configs};
    std::vector<Result> results;
    for (const auto& c : configList)
    {
        for (const auto& m : modeList)
        {
            results.push_back(Run(c, m, p));
        }
    }

    // Kung Table 2: total bandwidth, MB/s.
    auto published = [](const Result& r) {
        if (r.mode == "epd")
        {
            return std::string("-");
        }
        return std::string(r.mode == "credit" ? "5.7" : (r.config == "a" ? "0.1" : "0.2"));
    };
    std::cout << "CreditNet TCP over ATM (Kung Fig. 15, Table 2)\n"
              << "TCP: " << tcp.Describe() << "\n"
              << "slow link " << p.slowMbps << " Mb/s; switch buffer " << p.vcBuffer
              << " cells per VC without flow control, credit " << p.creditCells
              << " cells per VC (N2 " << p.n2 << "); window " << p.duration << " s after "
              << p.warmup << " s\n\n"
              << std::left << std::setw(8) << "config" << std::setw(8) << "mode" << std::right
              << std::setw(12) << "TCP MB/s" << std::setw(10) << "total" << std::setw(11)
              << "published" << std::setw(12) << "cell loss" << std::setw(8) << "retx"
              << std::setw(10) << "timeouts" << "\n";
    for (const auto& r : results)
    {
        std::ostringstream per;
        double total = 0;
        uint64_t retx = 0;
        uint64_t rto = 0;
        for (uint32_t i = 0; i < r.goodputMBps.size(); ++i)
        {
            per << (i ? " " : "") << std::fixed << std::setprecision(2) << r.goodputMBps[i];
            total += r.goodputMBps[i];
            retx += r.retx[i];
            rto += r.timeouts[i];
        }
        const double loss = r.cellsSent ? 100.0 * r.cellsDropped / r.cellsSent : 0;
        std::cout << std::left << std::setw(8) << r.config << std::setw(8) << r.mode << std::right
                  << std::setw(12) << per.str() << std::setw(10) << std::fixed
                  << std::setprecision(2) << total << std::setw(11) << published(r) << std::setw(11)
                  << std::setprecision(2) << loss << "%" << std::setw(8) << retx << std::setw(10)
                  << rto << "\n";
    }
    std::cout << "\nThe slow link carries at most " << std::setprecision(2)
              << p.slowMbps * 1e6 * 26 / 27 / 53 * 48 / 8 / 1e6
              << " MB/s of cell payload; Kung: \"about 5.7 Mbyte/sec\".\n";
    for (const auto& r : results)
    {
        std::cout << "delivered config=" << r.config << " mode=" << r.mode
                  << " bytes=" << r.bytesDelivered << " window_bytes=" << r.bytesInWindow
                  << " cells_sent=" << r.cellsSent << " cells_dropped=" << r.cellsDropped << "\n";
    }
    return 0;
}
