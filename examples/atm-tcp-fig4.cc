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
 * for the last link", in both directions), one TCP each, so the CAB number
 * of (S0, S1) is 255/256 (row Z4 judges Table 3 on this network with
 * --fabric=input: only with the slow links' windows can X fill, the cause
 * section 6 gives for the 18%); Table 3's count of two TCPs with CAB 1 is
 * --outputs=0.5,0.5. The scenario files zqfc-tcp-fig4a-slow-links.json,
 * zqfc-tcp-fig4a.json, zqfc-tcp-fig4b.json and zqfc-tcp-fig10.json build
 * the same networks (row Z4 runs from them) and give the same numbers.
 *
 * --fabric=input builds Fig. 4 (a) instead (Table 3, section 8): input-
 * buffered switches (AtmInputBufferedFabric). The buffer in front of the
 * long link moves one hop downstream (Fig. 1): S1's input buffer X on
 * (S0, S1) holds --bufferA = 960 cells (our reading of the caption's "A and
 * B": the long link's buffer in (a) and in (b); ZQFC needs at least
 * Link_RTT = 620 there), every other input buffer 50; the slow outputs'
 * cells fill X. EPD at every input buffer (threshold buffer - 12 cells, as
 * at the output buffers), but at X under ZQFC, whose link credit keeps it
 * from overflowing. --zqfc=1 adds ZQFC on the link (S0, S1) only
 * (Buff_Size = X, link and VC credit from S1 to S0, rule parameters at
 * their defaults).
 *
 * --senderRtts gives each sender's host link its own Link_RTT (default
 * --linkRtt for all): Fig. 10 (Table 4), two TCPs of different RTTs on the
 * input-buffered Fig. 4 (a), is --fabric=input --outputs=0.5,0.5
 * --senderRtts=620,10 (our choice: TCP1's host link as long as (S0, S1),
 * doubling its RTT; the paper gives no figure).
 *
 * Prints per-TCP goodput against its downstream limit, the utilization of
 * (S0, S1) in cells and in TCP goodput, and the paper's measure Y / CAB.
 *
 * Usage: ./atm-tcp-fig4 [--outputs=0.5,0.25,...] [--fabric=output|input]
 *        [--zqfc=0|1] [--senderRtts=620,10] [--duration=10] ...
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
 * @param option the option's name, for messages
 * @param most the largest value allowed
 * @return the numbers
 */
std::vector<double>
ParseList(const std::string& list, const char* option, double most)
{
    std::vector<double> v;
    std::stringstream ss(list);
    std::string item;
    while (std::getline(ss, item, ','))
    {
        char* end = nullptr;
        const double x = std::strtod(item.c_str(), &end);
        NS_ABORT_MSG_IF(end == item.c_str() || *end != '\0' || x <= 0 || x > most,
                        "atm-tcp-fig4: --" << option << ": '" << item << "' is not in (0, " << most
                                           << "]");
        v.push_back(x);
    }
    NS_ABORT_MSG_IF(v.empty(), "atm-tcp-fig4: --" << option << " = '" << list << "': none given");
    return v;
}

} // namespace

int
main(int argc, char* argv[])
{
    // The cell engine runs the cell path's events (--SimulatorImplementationType
    // chooses another simulator implementation).
    AtmSimulatorImpl::SelectByDefault();
    std::string outputs = "0.5,0.25,0.125,0.0625,0.03125,0.015625,0.0078125,0.00390625";
    double unitMbps = 155.52; // OC-3c line rate; cells get 26/27 of it
    uint32_t trunkRtt = 620;
    uint32_t linkRtt = 10;
    uint32_t bufferA = 960;
    uint32_t buffer = 50;
    double warmup = 2;
    double duration = 10;
    std::string fabric = "output";
    std::string senderRtts;
    bool zqfc = false;
    AtmTcpSettings tcp;
    tcp.mss = 512;
    tcp.window = 16384;
    CommandLine cmd(__FILE__);
    cmd.AddValue("fabric", "output (Fig. 4 (b)) or input (Fig. 4 (a)) buffered switches", fabric);
    cmd.AddValue("zqfc", "ZQFC on the link (S0, S1)", zqfc);
    cmd.AddValue("outputs", "Link_BW of each output link from S1, one TCP each", outputs);
    cmd.AddValue("unitMbps", "Line rate of a Link_BW = 1 link, Mb/s (SONET framing)", unitMbps);
    cmd.AddValue("trunkRtt", "Link_RTT of (S0, S1), cell times", trunkRtt);
    cmd.AddValue("linkRtt", "Link_RTT of every other link, cell times", linkRtt);
    cmd.AddValue("senderRtts",
                 "Link_RTT of each sender's host link, cell times (default: linkRtt)",
                 senderRtts);
    cmd.AddValue("bufferA", "Buff_Size of S0's buffer towards S1, cells", bufferA);
    cmd.AddValue("buffer", "Buff_Size of every other switch buffer, cells", buffer);
    cmd.AddValue("warmup", "Seconds before the measurement window", warmup);
    cmd.AddValue("duration", "Seconds of the measurement window", duration);
    tcp.AddTo(cmd);
    cmd.Parse(argc, argv);
    const std::vector<double> bw = ParseList(outputs, "outputs", 1);
    const std::vector<double> hostRtt = senderRtts.empty()
                                            ? std::vector<double>(bw.size(), linkRtt)
                                            : ParseList(senderRtts, "senderRtts", 1e9);
    NS_ABORT_MSG_IF(hostRtt.size() != bw.size(),
                    "atm-tcp-fig4: --senderRtts = '" << senderRtts << "': " << hostRtt.size()
                                                     << " values for " << bw.size() << " TCPs");
    NS_ABORT_MSG_IF(unitMbps <= 0,
                    "atm-tcp-fig4: --unitMbps = " << unitMbps << ": must be positive");
    NS_ABORT_MSG_IF(duration <= 0,
                    "atm-tcp-fig4: --duration = " << duration << ": must be positive");
    NS_ABORT_MSG_IF(fabric != "output" && fabric != "input",
                    "atm-tcp-fig4: --fabric = '" << fabric << "': output or input");
    const bool input = fabric == "input";
    NS_ABORT_MSG_IF(zqfc && !input,
                    "atm-tcp-fig4: --zqfc = 1 needs --fabric = input (the link FIFO of "
                    "output-buffered switches, Fig. 3 (b), is not built)");
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
    if (input)
    {
        sw.SetFabric("ns3::AtmInputBufferedFabric", "BufferSize", UintegerValue(buffer));
    }
    sw.Install(switches);

    // Output-buffered: the output port's buffer and EPD threshold.
    // Input-buffered: the input port's buffer (the outputs never drop).
    // EPD at every buffer but the one link flow control guards (ZQFC's X).
    auto setBuffer = [frameCells, input](Ptr<NetDevice> d, uint32_t cells, bool epd = true) {
        Ptr<AtmNetDevice> port = DynamicCast<AtmNetDevice>(d);
        const uint32_t threshold = epd && cells > frameCells ? cells - frameCells : 0;
        if (input)
        {
            Ptr<AtmSwitch> s = port->GetNode()->GetObject<AtmSwitch>();
            Ptr<AtmInputBufferedFabric> f = DynamicCast<AtmInputBufferedFabric>(s->GetFabric());
            f->SetBufferSize(s->GetPortIndex(port), cells);
            f->SetEpdThreshold(s->GetPortIndex(port), threshold);
            return;
        }
        Ptr<AtmQueueDisc> q = port->GetQueueDisc();
        q->SetAttribute("MaxCells", UintegerValue(cells));
        q->SetAttribute("EpdThreshold", UintegerValue(threshold));
    };
    AtmHelper atm;
    atm.SetDeviceAttribute("DataRate", DataRateValue(DataRate(unitMbps * 1e6)));
    NetDeviceContainer hostDevs;
    for (uint32_t i = 0; i < n; ++i)
    {
        atm.SetChannelAttribute("Delay", TimeValue(cellTime * hostRtt[i] / 2));
        NetDeviceContainer d = atm.Install(senders.Get(i), switches.Get(0));
        setBuffer(d.Get(1), buffer);
        hostDevs.Add(d.Get(0));
    }
    atm.SetChannelAttribute("Delay", TimeValue(cellTime * linkRtt / 2));
    for (uint32_t i = 0; i < n; ++i)
    {
        NetDeviceContainer d = atm.Install(switches.Get(1), receivers.Get(i));
        // One Link_BW both ways: the receiver's ACKs leave at it too.
        DynamicCast<AtmNetDevice>(d.Get(0))->SetDataRate(DataRate(bw[i] * unitMbps * 1e6));
        DynamicCast<AtmNetDevice>(d.Get(1))->SetDataRate(DataRate(bw[i] * unitMbps * 1e6));
        setBuffer(d.Get(0), buffer);
        hostDevs.Add(d.Get(1));
    }
    atm.SetChannelAttribute("Delay", TimeValue(cellTime * trunkRtt / 2));
    NetDeviceContainer trunk = atm.Install(switches.Get(0), switches.Get(1));
    setBuffer(trunk.Get(0), input ? buffer : bufferA);
    setBuffer(trunk.Get(1), input ? bufferA : buffer, !zqfc); // input-buffered: S1's buffer X
    Ptr<AtmNetDevice> trunkTx = DynamicCast<AtmNetDevice>(trunk.Get(0));
    if (zqfc)
    {
        AtmCreditHelper credit;
        credit.SetAllocation("ns3::AtmZqfcAllocation");
        credit.SetLinkBufferSize(bufferA);
        credit.Install(trunkTx);
    }

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
                                                             MilliSeconds(i),
                                                             0,
                                                             tcp.reno));
    }
    uint64_t trunkCellsAtStart = 0;
    Simulator::Schedule(
        Seconds(warmup),
        +[](uint64_t* cells, Ptr<AtmNetDevice> trunk) { *cells = trunk->GetCellsTransmitted(); },
        &trunkCellsAtStart,
        trunkTx);
    for (auto& t : transfers)
    {
        Simulator::Schedule(Seconds(warmup), &AtmTcpTransfer::StartWindow, t.get());
        Simulator::Schedule(Seconds(warmup + duration), &AtmTcpTransfer::EndWindow, t.get());
    }
    Simulator::Stop(Seconds(warmup + duration));
    Simulator::Run();

    // A Link_BW = 1 link carries cellRate / frameCells segments per second.
    const double fullGoodput = cellRate / frameCells * tcp.mss;
    double cab = 0;
    double y = 0;
    std::cout << "Kung-Wang Fig. 4 (" << (input ? "a), input" : "b), output")
              << "-buffered switches, TCP over ATM "
              << (zqfc ? "with ZQFC on (S0, S1)" : "without ZQFC")
              << (input ? "" : ", EPD at the switches") << "\nTCP: " << tcp.Describe() << "\n\n"
              << std::setw(6) << "TCP" << std::setw(10) << "Link_BW" << std::setw(12) << "goodput"
              << std::setw(10) << "of limit" << std::setw(8) << "retx" << std::setw(10)
              << "timeouts" << "\n";
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
    const auto cells = static_cast<double>(trunkTx->GetCellsTransmitted() - trunkCellsAtStart);
    std::cout << "\nlink (S0, S1): CAB " << std::setprecision(4) << cab << ", cell utilization "
              << std::fixed << std::setprecision(1) << 100 * cells / (cellRate * duration)
              << "%, TCP goodput Y = " << 100 * y << "% of Link_BW, Y / CAB = " << 100 * y / cab
              << "%\npublished (Kung-Wang sections 6 and 8): output-buffered 94%, input-buffered "
                 "18% without ZQFC, 90% with ZQFC on (S0, S1) (Table 3, 2 TCPs, CAB 1)\n";
    std::cout << std::defaultfloat << std::setprecision(10) << "fabric=" << fabric
              << " zqfc=" << zqfc << " senderRtts=" << (senderRtts.empty() ? "-" : senderRtts)
              << " cab=" << cab << " utilization=" << 100 * y << " yOverCab=" << 100 * y / cab;
    for (uint32_t i = 0; i < n; ++i)
    {
        std::cout << " tcp" << i + 1 << "=" << transfers[i]->GetGoodputMBps() * 1e6 / fullGoodput;
    }
    std::cout << std::endl;
    return 0;
}
