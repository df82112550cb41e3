/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * TCP over ATM on the configuration of Kung and Wang's Fig. 4 (ZQFC paper,
 * section 6), output-buffered switches, no ATM-layer flow control, EPD at
 * the switches.
 *
 * TCP senders on switch S0 share the link (S0, S1), Link_BW = 1 and
 * Link_RTT = 620 cell times; from S1 each TCP leaves on its own output link
 * with a Link_BW below 1 (its downstream limit) and Link_RTT = 10. S0's
 * output buffer towards S1 (buffer A) holds 960 cells, every other switch
 * buffer 50 (Buff_Size of the figure); TCP MSS 512, window 16 kB.
 *
 * The figure is not in the text; the choices here are: Link_BW = 1 is an
 * OC-3c link (149.76 Mb/s of cells, Cell_Time 2.83 us), a link's one-way
 * delay is Link_RTT / 2 cell times, hosts sit one Link_RTT = 10 link from
 * their switch, per-VC round-robin at every output port (the paper's
 * scheduler) sharing the port's buffer, EPD threshold = buffer - 12 cells
 * (one 512-octet segment's frame). The output links from S1 default to
 * 1/2, 1/4, ..., 1/256 ("various Link_BW values smaller than 1 ... 1/256
 * for the last link"), one TCP each, so the CAB number of (S0, S1) is
 * 255/256; Table 3's two TCPs with CAB 1 are --outputs=0.5,0.5. The
 * input-buffered variant (Fig. 4(a), 18% without ZQFC) needs the
 * input-buffered fabric, not in this version.
 *
 * Prints per-TCP goodput against its downstream limit, the utilization of
 * (S0, S1) in cells and in TCP goodput, and the paper's measure Y / CAB.
 *
 * Usage: ./atm-tcp-fig4 [--outputs=0.5,0.25,...] [--duration=10] ...
 */

#include "atm-tcp-example.h"

#include "ns3/atm-module.h"

#include <iomanip>
#include <iostream>
#include <sstream>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("AtmTcpFig4");

namespace
{

/**
 * Parse "0.5,0.25" into numbers.
 * @param list the text
 * @return the numbers
 */
std::vector<double>
ParseList(const std::string& list)
{
    std::vector<double> v;
    std::stringstream ss(list);
    std::string item;
    while (std::getline(ss, item, ','))
    {
        char* end = nullptr;
        const double x = std::strtod(item.c_str(), &end);
        NS_ABORT_MSG_IF(end == item.c_str() || *end != '\0' || x <= 0 || x > 1,
                        "atm-tcp-fig4: --outputs: '" << item
                                                     << "' is not a Link_BW in (0, 1]");
        v.push_back(x);
    }
    NS_ABORT_MSG_IF(v.empty(), "atm-tcp-fig4: --outputs = '" << list << "': no link given");
    return v;
}

} // namespace

int
main(int argc, char* argv[])
{
    std::string outputs = "0.5,0.25,0.125,0.0625,0.03125,0.015625,0.0078125,0.00390625";
    double unitMbps = 155.52; // OC-3c line rate; cells get 26/27 of it
    uint32_t trunkRtt = 620;
    uint32_t linkRtt = 10;
    uint32_t bufferA = 960;
    uint32_t buffer = 50;
    double warmup = 2;
    double duration = 10;
    AtmTcpSettings tcp;
    tcp.mss = 512;
    tcp.window = 16384;
    CommandLine cmd(__FILE__);
    cmd.AddValue("outputs", "Link_BW of each output link from S1, one TCP each", outputs);
    cmd.AddValue("unitMbps", "Line rate of a Link_BW = 1 link, Mb/s (SONET framing)", unitMbps);
    cmd.AddValue("trunkRtt", "Link_RTT of (S0, S1), cell times", trunkRtt);
    cmd.AddValue("linkRtt", "Link_RTT of every other link, cell times", linkRtt);
    cmd.AddValue("bufferA", "Buff_Size of S0's buffer towards S1, cells", bufferA);
    cmd.AddValue("buffer", "Buff_Size of every other switch buffer, cells", buffer);
    cmd.AddValue("warmup", "Seconds before the measurement window", warmup);
    cmd.AddValue("duration", "Seconds of the measurement window", duration);
    tcp.AddTo(cmd);
    cmd.Parse(argc, argv);
    const std::vector<double> bw = ParseList(outputs);
    NS_ABORT_MSG_IF(unitMbps <= 0, "atm-tcp-fig4: --unitMbps = " << unitMbps << ": must be positive");
    NS_ABORT_MSG_IF(duration <= 0, "atm-tcp-fig4: --duration = " << duration << ": must be positive");
    tcp.Apply();

    const uint32_t n = bw.size();
    const double cellRate = unitMbps * 1e6 * 26 / 27 / AtmCell::BITS;
    const Time cellTime = Seconds(1 / cellRate);
    // One segment's frame: MSS + 40 (TCP/IP) + 8 (LLC/SNAP) + 8 (trailer).
    const uint32_t frameCells = AtmAal5Sar::GetNCells(tcp.mss + 40 + 8);

    NodeContainer senders;
    senders.Create(n);
    NodeContainer receivers;
    receivers.Create(n);
    NodeContainer switches;
    switches.Create(2);
    AtmSwitchHelper sw;
    sw.SetQueueDisc("ns3::AtmPerVcQueueDisc", "BufferManagement", StringValue("Shared"));
    sw.Install(switches);

    auto setBuffer = [frameCells](Ptr<NetDevice> d, uint32_t cells) {
        Ptr<AtmQueueDisc> q = DynamicCast<AtmNetDevice>(d)->GetQueueDisc();
        q->SetAttribute("MaxCells", UintegerValue(cells));
        q->SetAttribute("EpdThreshold", UintegerValue(cells > frameCells ? cells - frameCells : 0));
    };
    AtmHelper atm;
    atm.SetDeviceAttribute("DataRate", DataRateValue(DataRate(unitMbps * 1e6)));
    atm.SetChannelAttribute("Delay", TimeValue(cellTime * linkRtt / 2));
    NetDeviceContainer hostDevs;
    for (uint32_t i = 0; i < n; ++i)
    {
        NetDeviceContainer d = atm.Install(senders.Get(i), switches.Get(0));
        setBuffer(d.Get(1), buffer);
        hostDevs.Add(d.Get(0));
    }
    for (uint32_t i = 0; i < n; ++i)
    {
        NetDeviceContainer d = atm.Install(switches.Get(1), receivers.Get(i));
        DynamicCast<AtmNetDevice>(d.Get(0))->SetDataRate(DataRate(bw[i] * unitMbps * 1e6));
        setBuffer(d.Get(0), buffer);
        hostDevs.Add(d.Get(1));
    }
    atm.SetChannelAttribute("Delay", TimeValue(cellTime * trunkRtt / 2));
    NetDeviceContainer trunk = atm.Install(switches.Get(0), switches.Get(1));
    setBuffer(trunk.Get(0), bufferA);
    setBuffer(trunk.Get(1), buffer);
    Ptr<AtmNetDevice> trunkTx = DynamicCast<AtmNetDevice>(trunk.Get(0));

    InternetStackHelper stack;
    stack.Install(senders);
    stack.Install(receivers);
    Ipv4AddressHelper addresses("10.1.0.0", "255.255.0.0");
    Ipv4InterfaceContainer ifaces = addresses.Assign(hostDevs);
    AtmVcHelper vcs;
    std::vector<std::unique_ptr<AtmTcpTransfer>> transfers;
    for (uint32_t i = 0; i < n; ++i)
    {
        NodeContainer path(senders.Get(i), switches.Get(0), switches.Get(1), receivers.Get(i));
        vcs.CreateIpPvc(path, "tcp" + std::to_string(i + 1));
        transfers.push_back(std::make_unique<AtmTcpTransfer>(senders.Get(i),
                                                             receivers.Get(i),
                                                             ifaces.GetAddress(n + i),
                                                             50000 + i,
                                                             MilliSeconds(i)));
    }
    uint64_t trunkCellsAtStart = 0;
    Simulator::Schedule(Seconds(warmup), [&]() {
        trunkCellsAtStart = trunkTx->GetCellsTransmitted();
        for (auto& t : transfers)
        {
            t->StartWindow();
        }
    });
    Simulator::Schedule(Seconds(warmup + duration), [&]() {
        for (auto& t : transfers)
        {
            t->EndWindow();
        }
    });
    Simulator::Stop(Seconds(warmup + duration));
    Simulator::Run();

    // A Link_BW = 1 link carries cellRate / frameCells segments per second.
    const double fullGoodput = cellRate / frameCells * tcp.mss;
    double cab = 0;
    double y = 0;
    std::cout << "Kung-Wang Fig. 4 (output-buffered), TCP over ATM without ZQFC, EPD at the "
                 "switches\nTCP: "
              << tcp.Describe() << "\n\n"
              << std::setw(6) << "TCP" << std::setw(10) << "Link_BW" << std::setw(12)
              << "goodput" << std::setw(10) << "of limit" << std::setw(8) << "retx"
              << std::setw(10) << "timeouts" << "\n";
    for (uint32_t i = 0; i < n; ++i)
    {
        const double g = transfers[i]->GetGoodputMBps() * 1e6 / fullGoodput;
        cab += bw[i];
        y += g;
        std::cout << std::setw(6) << i + 1 << std::setw(10) << std::setprecision(4) << bw[i]
                  << std::setw(12) << std::fixed << std::setprecision(4) << g << std::setw(9)
                  << std::setprecision(1) << 100 * g / bw[i] << "%" << std::setw(8)
                  << transfers[i]->GetRetransmissions() << std::setw(10)
                  << transfers[i]->GetTimeouts() << "\n";
        std::cout.unsetf(std::ios::fixed);
    }
    cab = std::min(cab, 1.0) / 1.0; // CAB number of (S0, S1): allowed total / its Link_BW
    const double cells =
        static_cast<double>(trunkTx->GetCellsTransmitted() - trunkCellsAtStart);
    std::cout << "\nlink (S0, S1): CAB " << std::setprecision(4) << cab << ", cell utilization "
              << std::fixed << std::setprecision(1) << 100 * cells / (cellRate * duration)
              << "%, TCP goodput Y = " << 100 * y << "% of Link_BW, Y / CAB = " << 100 * y / cab
              << "%\npublished (Kung-Wang section 6): output-buffered 94%, input-buffered 18% "
                 "(input-buffered switches are not in this version)\n";
    return 0;
}
