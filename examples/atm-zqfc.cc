/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Kung and Wang, "Zero Queueing Flow Control and Applications": the hot
// spot of Fig. 2 (row Z1) and plain QFC on Fig. 9 (row Z5), with greedy
// cell sources, under plain QFC (PQFC: Buf_Alloc fixed at Link_RTT plus
// link flow control) or ZQFC (on all links or on the link (S0, S1) only),
// or with link credit alone (no per-VC credit: the hot spot at any
// Buff_Size, section 4's argument).
//
// The figures are not in the text; built from the prose (doc/atm-validation.rst,
// "Kung and Wang, cell level"): a "fan" of k VCs from their own hosts through S0 and the
// shared link (S0, S1); at S1 VC i leaves on its own exit link, shared with
// c_i cross VCs that enter at S1, so that round-robin gives it 1/(c_i + 1):
//
//   Fig. 2: k = 2, c = (2, 0)        VC1 [1/3], VC2 [1]          CAB 4/3
//   Fig. 5: k = 3, c = (0, 0, 0)     [1] each                    CAB 3
//   Fig. 6a: k = 3, c = (2, 2, 2)    [1/3] each                  CAB 1
//   Fig. 6b: k = 3, c = (1, 1, 1)    [1/2] each                  CAB 1.5
//   Fig. 9: k = 3, c = (5, 2, 1)     [1/6], [1/3], [1/2]         CAB 1
//
// Every link is OC-3c (Link_BW = 1) with an RTT of Link_RTT - N2 cell
// times (credit with N2 cells gives a VC the full rate with Link_RTT of
// allocation); (S0, S1) may be faster or slower (--s01Bw). The CAB number
// of (S0, S1) comes from AtmMaxMinOracle; utilization is Y when CAB >= 1,
// Y / CAB otherwise. Output: one key=value line per figure point,
//
//   zqfc.fig<figure>.<scheme>.buf<Buff_Size>.vc<i>=<rate> (fraction of Link_BW)
//   ....link=<Y>                 (usage of (S0, S1))
//   ....cab=<CAB>
//   ....utilization=<Y or Y/CAB>
//   ....max_buffer=<cells>       (most cells in S1's buffer of (S0, S1))
//   ....dropped=<cells>
//
// Usage: ./atm-zqfc --figure=2 --scheme=zqfc ; --figure=all runs Z1 and Z5.

#include "ns3/application-container.h"
#include "ns3/atm-cell-sink-helper.h"
#include "ns3/atm-cell-source-helper.h"
#include "ns3/atm-credit-helper.h"
#include "ns3/atm-credit-receiver.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-max-min-oracle.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-simulator-impl.h"
#include "ns3/atm-switch-helper.h"
#include "ns3/atm-vc-helper.h"
#include "ns3/atm-vc.h"
#include "ns3/command-line.h"
#include "ns3/data-rate.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{

/// Run parameters.
struct Params
{
    uint32_t linkRtt{80};             //!< Link_RTT, cells (RTT + N2)
    uint32_t n2{10};                  //!< N2 and LinkN2
    uint32_t buffer{0};               //!< Buff_Size (0: Link_RTT for Fig. 2, 300 otherwise)
    double s01Bw{1};                  //!< bandwidth of (S0, S1), Link_BW units
    Time warmup{MilliSeconds(50)};    //!< measurement starts
    Time duration{MilliSeconds(250)}; //!< measurement ends
};

/**
 * Cross VCs at S1 of each fan figure.
 * @param figure 2, 5, 6a, 6b or 9
 * @return c_i for each VC over (S0, S1)
 */
std::vector<uint32_t>
Cross(const std::string& figure)
{
    static const std::map<std::string, std::vector<uint32_t>> fans = {
        {"2", {2, 0}},
        {"5", {0, 0, 0}},
        {"6a", {2, 2, 2}},
        {"6b", {1, 1, 1}},
        {"9", {5, 2, 1}},
    };
    auto it = fans.find(figure);
    NS_ABORT_MSG_IF(it == fans.end(),
                    "atm-zqfc: --figure=" << figure << " is not one of 2, 5, 6a, 6b, 9, all");
    return it->second;
}

/**
 * One run: build the fan, run it, print its key=value lines.
 * @param figure the figure
 * @param scheme pqfc, zqfc (all links), zqfc-one (ZQFC on (S0, S1), PQFC elsewhere) or
 *        link (link credit alone on all links)
 * @param p parameters
 */
void
Run(const std::string& figure, const std::string& scheme, const Params& p)
{
    const std::vector<uint32_t> cross = Cross(figure);
    const uint32_t k = cross.size();
    const uint32_t buffer = p.buffer > 0 ? p.buffer : (figure == "2" ? p.linkRtt : 300);
    NS_ABORT_MSG_IF(p.linkRtt <= p.n2 + 2,
                    "atm-zqfc: --linkRtt=" << p.linkRtt << " must exceed N2 + 2");

    NodeContainer sw;
    sw.Create(2);
    AtmSwitchHelper switches;
    // The buffer that counts is the receive side's (link flow control);
    // output queues never drop (the internal flow control of Fig. 3).
    switches.SetQueueDisc("ns3::AtmPerVcQueueDisc", "MaxCells", UintegerValue(1000000));
    switches.Install(sw);
    AtmHelper atm;
    const Time cell = CreateObject<AtmNetDevice>()->GetCellTime();
    // A hair under the cell times: the RTT rounds up to Link_RTT - N2.
    const uint32_t rtt = p.linkRtt - p.n2;
    atm.SetChannelAttribute("Delay", TimeValue(cell * ((rtt - 2) / 2) - NanoSeconds(1)));
    NetDeviceContainer s01 = atm.Install(sw.Get(0), sw.Get(1));
    Ptr<AtmNetDevice> s0Port = DynamicCast<AtmNetDevice>(s01.Get(0));
    Ptr<AtmNetDevice> s1Port = DynamicCast<AtmNetDevice>(s01.Get(1));
    NS_ABORT_MSG_IF(s0Port->GetLinkRttCells() != rtt - rtt % 2,
                    "atm-zqfc: RTT of (S0, S1) " << s0Port->GetLinkRttCells());
    s0Port->SetDataRate(DataRate(static_cast<uint64_t>(155.52e6 * p.s01Bw)));

    AtmMaxMinOracle oracle;
    const uint32_t s01Link = oracle.AddLink(p.s01Bw);
    std::vector<Ptr<AtmVc>> main;
    std::vector<Ptr<AtmVc>> all;
    for (uint32_t i = 0; i < k; ++i)
    {
        NodeContainer h;
        h.Create(2); // source, destination
        atm.Install(h.Get(0), sw.Get(0));
        atm.Install(sw.Get(1), h.Get(1));
        const uint32_t exit = oracle.AddLink(1);
        main.push_back(AtmVcHelper().Create(NodeContainer(h.Get(0), sw.Get(0), sw.Get(1), h.Get(1)),
                                            "vc" + std::to_string(i + 1)));
        oracle.AddFlow({oracle.AddLink(1), s01Link, exit});
        for (uint32_t c = 0; c < cross[i]; ++c)
        {
            Ptr<Node> src = CreateObject<Node>();
            atm.Install(src, sw.Get(1));
            all.push_back(AtmVcHelper().Create(NodeContainer(src, sw.Get(1), h.Get(1))));
            oracle.AddFlow({oracle.AddLink(1), exit});
        }
    }
    all.insert(all.end(), main.begin(), main.end());

    AtmCreditHelper pqfc;
    pqfc.SetAllocation("ns3::AtmStaticAllocation",
                       "BufAlloc",
                       UintegerValue(p.linkRtt),
                       "N2",
                       UintegerValue(p.n2));
    pqfc.SetLinkBufferSize(buffer);
    pqfc.SetReceiverAttribute("LinkN2", UintegerValue(p.n2));
    AtmCreditHelper zqfc = pqfc;
    zqfc.SetAllocation("ns3::AtmZqfcAllocation",
                       "LinkRtt",
                       UintegerValue(p.linkRtt),
                       "N2",
                       UintegerValue(p.n2));
    if (scheme == "zqfc")
    {
        zqfc.InstallAll();
    }
    else if (scheme == "zqfc-one")
    {
        zqfc.Install(s0Port);
        pqfc.InstallAll();
    }
    else if (scheme == "link")
    {
        AtmCreditHelper link = pqfc;
        link.SetVcCredit(false);
        link.InstallAll();
    }
    else
    {
        NS_ABORT_MSG_IF(scheme != "pqfc",
                        "atm-zqfc: --scheme=" << scheme << " is not pqfc, zqfc, zqfc-one or link");
        pqfc.InstallAll();
    }

    ApplicationContainer sources = AtmCellSourceHelper("ns3::AtmGreedySource").Install(all);
    sources.Start(Seconds(0));
    sources.Stop(p.duration);
    AtmCellSinkHelper().Install(all);
    std::vector<uint64_t> atWarmup(main.size());
    for (uint32_t i = 0; i < main.size(); ++i)
    {
        Simulator::Schedule(
            p.warmup,
            +[](uint64_t* cells, Ptr<AtmVc> vc) { *cells = vc->GetCellsReceived(); },
            &atWarmup[i],
            main[i]);
    }
    Simulator::Stop(p.duration);
    Simulator::Run();

    const std::string key =
        "zqfc.fig" + figure + "." + scheme + ".buf" + std::to_string(buffer) + ".";
    const double cellsPerBw = (p.duration - p.warmup).GetSeconds() / cell.GetSeconds();
    double y = 0;
    for (uint32_t i = 0; i < main.size(); ++i)
    {
        const double rate = (main[i]->GetCellsReceived() - atWarmup[i]) / cellsPerBw;
        y += rate;
        std::printf("%svc%u=%.4f\n", key.c_str(), i + 1, rate);
    }
    y /= p.s01Bw; // usage of (S0, S1), a fraction of its own bandwidth
    const double cab = oracle.GetCabNumber(s01Link);
    Ptr<AtmCreditReceiver> a = DynamicCast<AtmCreditReceiver>(s1Port->GetReceiveAccounting());
    std::printf("%slink=%.4f\n", key.c_str(), y);
    std::printf("%scab=%.4g\n", key.c_str(), cab);
    std::printf("%sutilization=%.4f\n", key.c_str(), cab >= 1 ? y : y / cab);
    std::printf("%smax_buffer=%u\n", key.c_str(), a->GetMaxTotalOccupancy());
    uint64_t dropped = 0;
    for (const auto& vc : all)
    {
        dropped += vc->GetCellsDropped();
    }
    std::printf("%sdropped=%llu\n", key.c_str(), static_cast<unsigned long long>(dropped));
    Simulator::Destroy();
}

} // namespace

int
main(int argc, char* argv[])
{
    // The cell engine runs the cell path's events (--SimulatorImplementationType
    // chooses another simulator implementation).
    AtmSimulatorImpl::SelectByDefault();
    Params p;
    std::string figure = "2";
    std::string scheme = "pqfc";
    CommandLine cmd(__FILE__);
    cmd.AddValue("figure", "2, 5, 6a, 6b, 9, or all (Z1: Fig. 2, Z5: Fig. 9)", figure);
    cmd.AddValue("scheme",
                 "pqfc, zqfc (all links), zqfc-one (on (S0, S1) only) or link (link credit "
                 "alone)",
                 scheme);
    cmd.AddValue("linkRtt", "Link_RTT, cells: RTT of every link + N2", p.linkRtt);
    cmd.AddValue("n2", "N2 of VC credit and of link credit", p.n2);
    cmd.AddValue("buffer", "Buff_Size, cells (0: Link_RTT for Fig. 2, else 300)", p.buffer);
    cmd.AddValue("s01Bw", "bandwidth of the link (S0, S1), Link_BW units", p.s01Bw);
    cmd.AddValue("warmup", "measurement starts", p.warmup);
    cmd.AddValue("duration", "measurement ends", p.duration);
    cmd.Parse(argc, argv);
    if (figure == "all")
    {
        // Z1 and Z5: PQFC with the input buffers of Fig. 2 (Buff_Size =
        // Link_RTT); ZQFC there and with the room it needs in this model
        // (Link_RTT + 2 N2, 1.5 Link_RTT); Fig. 9 at the paper's 300.
        const std::vector<std::pair<std::string, uint32_t>> runs = {
            {"pqfc", p.linkRtt},
            {"zqfc", p.linkRtt},
            {"zqfc", p.linkRtt + 2 * p.n2},
            {"zqfc-one", p.linkRtt + 2 * p.n2},
            {"zqfc", p.linkRtt * 3 / 2},
            {"pqfc", 300},
            {"zqfc", 300},
        };
        for (const char* f : {"2", "9"})
        {
            for (const auto& [s, b] : runs)
            {
                Params q = p;
                q.buffer = b;
                Run(f, s, q);
            }
        }
        return 0;
    }
    Run(figure, scheme, p);
    return 0;
}
