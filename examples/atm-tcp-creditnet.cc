/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * The CreditNet TCP experiments of Kung (Fig. 15, Table 2), without
 * ATM-layer flow control (UBR), with and without Early Packet Discard.
 *
 * (a) host A -155 Mb/s- switch -53 Mb/s- host B, one TCP from A to B.
 * (b) hosts A, B -155- S1 -53- S2 -155- hosts C, D; TCPs A->C and B->D
 *     share the 53 Mb/s trunk.
 * Every host link is OC-3c (155.52 Mb/s line, 149.76 Mb/s of cells); the
 * slow link is 53 Mb/s with SONET framing, 5.78 MB/s of cell payload, the
 * "about 5.7 Mbyte/sec" of the paper. IP over AAL5 with LLC/SNAP, MTU 9180;
 * the switches have per-VC queues with 682 cells (32 payload kB) per VC.
 *
 * ns-3's TCP is not OSF/1's 4.3-Reno: the default is TcpNewReno with SACK
 * and timestamps off, a 64 kB window (no window scaling), delayed ACKs
 * every second segment and a BSD-like 500 ms retransmission timer tick;
 * every one of these is an option.
 *
 * Usage: ./atm-tcp-creditnet [--config=a|b|both] [--epd=off|on|both]
 *        [--duration=10] ... (--PrintHelp lists every option)
 */

#include "atm-tcp-example.h"

#include "ns3/atm-module.h"

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
    std::string config;                //!< a or b
    bool epd;                          //!< EPD at the switches
    std::vector<double> goodputMBps;   //!< per TCP
    std::vector<uint64_t> retx;        //!< per TCP
    std::vector<uint64_t> timeouts;    //!< per TCP
    uint64_t cellsSent{0};             //!< forward VCs, all
    uint64_t cellsDropped{0};          //!< forward VCs, all
    uint64_t bytesDelivered{0};        //!< sinks, since the start
};

/// Parameters of a run.
struct Params
{
    double slowMbps{53};      //!< the slow link's line rate
    uint32_t vcBuffer{682};   //!< switch cells per VC
    uint32_t epdThreshold{490}; //!< EPD threshold, cells of the VC's partition
    double delayUs{5};        //!< propagation delay of every link
    double warmup{1};         //!< seconds before the window
    double duration{10};      //!< seconds of the window
    bool pcap{false};         //!< pcap at the hosts
};

/**
 * Run one configuration.
 * @param config "a" or "b"
 * @param epd EPD at the switches
 * @param p the parameters
 * @return what it measured
 */
Result
Run(const std::string& config, bool epd, const Params& p)
{
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
                    UintegerValue(p.vcBuffer),
                    "MaxCells",
                    UintegerValue(4 * p.vcBuffer),
                    "EpdThreshold",
                    UintegerValue(epd ? p.epdThreshold : 0));
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
        transfers.push_back(new AtmTcpTransfer(senders.Get(i),
                                               receivers.Get(i),
                                               ifaces.GetAddress(nTcp + i),
                                               50000 + i, // no Wireshark dissector claims these ports
                                               MilliSeconds(10 * i)));
    }
    if (p.pcap)
    {
        atm.EnablePcap("atm-tcp-creditnet-" + config + (epd ? "-epd" : ""), hostDevs);
    }
    Simulator::Schedule(Seconds(p.warmup), [&transfers]() {
        for (auto t : transfers)
        {
            t->StartWindow();
        }
    });
    Simulator::Schedule(Seconds(p.warmup + p.duration), [&transfers]() {
        for (auto t : transfers)
        {
            t->EndWindow();
        }
    });
    Simulator::Stop(Seconds(p.warmup + p.duration));
    Simulator::Run();

    Result r;
    r.config = config;
    r.epd = epd;
    for (uint32_t i = 0; i < nTcp; ++i)
    {
        r.goodputMBps.push_back(transfers[i]->GetGoodputMBps());
        r.retx.push_back(transfers[i]->GetRetransmissions());
        r.timeouts.push_back(transfers[i]->GetTimeouts());
        r.bytesDelivered += transfers[i]->GetTotalBytes();
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
    std::string configs = "both";
    std::string epdModes = "both";
    Params p;
    AtmTcpSettings tcp;
    CommandLine cmd(__FILE__);
    cmd.AddValue("config", "Fig. 15 configuration: a (one TCP), b (two TCPs) or both", configs);
    cmd.AddValue("epd", "Early Packet Discard at the switches: off, on or both", epdModes);
    cmd.AddValue("slowMbps", "Line rate of the slow link, Mb/s (SONET framing)", p.slowMbps);
    cmd.AddValue("vcBuffer", "Switch buffer per VC, cells", p.vcBuffer);
    cmd.AddValue("epdThreshold", "EPD threshold, cells of the VC's buffer", p.epdThreshold);
    cmd.AddValue("delayUs", "Propagation delay of every link, microseconds", p.delayUs);
    cmd.AddValue("warmup", "Seconds before the measurement window", p.warmup);
    cmd.AddValue("duration", "Seconds of the measurement window", p.duration);
    cmd.AddValue("pcap", "Write DLT_SUNATM pcap files of the host ports", p.pcap);
    tcp.AddTo(cmd);
    cmd.Parse(argc, argv);
    NS_ABORT_MSG_IF(configs != "a" && configs != "b" && configs != "both",
                    "atm-tcp-creditnet: --config = " << configs << ": use a, b or both");
    NS_ABORT_MSG_IF(epdModes != "off" && epdModes != "on" && epdModes != "both",
                    "atm-tcp-creditnet: --epd = " << epdModes << ": use off, on or both");
    NS_ABORT_MSG_IF(p.slowMbps <= 0,
                    "atm-tcp-creditnet: --slowMbps = " << p.slowMbps << ": must be positive");
    NS_ABORT_MSG_IF(p.duration <= 0,
                    "atm-tcp-creditnet: --duration = " << p.duration << ": must be positive");
    tcp.Apply();

    std::vector<std::string> configList =
        configs == "both" ? std::vector<std::string>{"a", "b"} : std::vector<std::string>{configs};
    std::vector<bool> epdList = epdModes == "both" ? std::vector<bool>{false, true}
                                                   : std::vector<bool>{epdModes == "on"};
    std::vector<Result> results;
    for (const auto& c : configList)
    {
        for (bool e : epdList)
        {
            results.push_back(Run(c, e, p));
        }
    }

    // Kung Table 2, without ATM-layer flow control: total bandwidth.
    const double published[] = {0.1, 0.2};
    std::cout << "CreditNet TCP over ATM (Kung Fig. 15, Table 2), no ATM-layer flow control\n"
              << "TCP: " << tcp.Describe() << "\n"
              << "slow link " << p.slowMbps << " Mb/s; switch buffer " << p.vcBuffer
              << " cells per VC; window " << p.duration << " s after " << p.warmup << " s\n\n"
              << std::left << std::setw(8) << "config" << std::setw(6) << "EPD" << std::right
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
        std::cout << std::left << std::setw(8) << r.config << std::setw(6)
                  << (r.epd ? "on" : "off") << std::right << std::setw(12) << per.str()
                  << std::setw(10) << std::fixed << std::setprecision(2) << total << std::setw(11)
                  << (r.epd ? std::string("-")
                            : std::to_string(published[r.config == "a" ? 0 : 1]).substr(0, 3))
                  << std::setw(11) << std::setprecision(2) << loss << "%" << std::setw(8) << retx
                  << std::setw(10) << rto << "\n";
    }
    std::cout << "\nWith credit flow control Kung measured 5.7 MB/s in (a) and (b): the credit "
                 "scheme is not in this version.\n";
    for (const auto& r : results)
    {
        std::cout << "delivered config=" << r.config << " epd=" << (r.epd ? 1 : 0)
                  << " bytes=" << r.bytesDelivered << "\n";
    }
    return 0;
}
