/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TEST_NETWORKS_H
#define ATM_TEST_NETWORKS_H

// Pieces of the test networks that several suites build: a host - switch -
// host path with credit and a static credit helper, a greedy source on a
// VC, the random chains of the credit and ZQFC randomized tests, and the
// shared-link network of the fabric tests.

#include "atm-test-lambda.h"

#include "ns3/application-container.h"
#include "ns3/atm-cell-sink-helper.h"
#include "ns3/atm-cell-source-helper.h"
#include "ns3/atm-credit-helper.h"
#include "ns3/atm-credit-receiver.h"
#include "ns3/atm-credit-sender.h"
#include "ns3/atm-gcra-upc.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-switch-helper.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/atm-vc-helper.h"
#include "ns3/atm-vc.h"
#include "ns3/data-rate.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <functional>
#include <list>
#include <vector>

namespace ns3
{
namespace atmtest
{

/**
 * host - switch - host at OC-3c, one VC, credit on both links.
 */
struct CreditPath
{
    NodeContainer nodes;    //!< host, switch, host
    NetDeviceContainer in;  //!< host 0 - switch
    NetDeviceContainer out; //!< switch - host 2
    Ptr<AtmVc> vc;          //!< the VC

    /**
     * Build it.
     * @param delay propagation delay of the first link
     * @param credit the credit helper to install with
     * @param sw the helper that makes the switch
     */
    CreditPath(Time delay,
               const AtmCreditHelper& credit,
               const AtmSwitchHelper& sw = AtmSwitchHelper())
    {
        nodes.Create(3);
        sw.Install(nodes.Get(1));
        AtmHelper atm;
        atm.SetChannelAttribute("Delay", TimeValue(delay));
        in = atm.Install(nodes.Get(0), nodes.Get(1));
        atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(1)));
        out = atm.Install(nodes.Get(1), nodes.Get(2));
        vc = AtmVcHelper().Create(nodes, "vc");
        credit.Install(vc);
    }

    /// @return the source host's port
    Ptr<AtmNetDevice> Source() const
    {
        return DynamicCast<AtmNetDevice>(in.Get(0));
    }

    /// @return the switch's input port
    Ptr<AtmNetDevice> SwitchIn() const
    {
        return DynamicCast<AtmNetDevice>(in.Get(1));
    }

    /// @return the source port's credit sender
    Ptr<AtmCreditSender> Sender() const
    {
        return DynamicCast<AtmCreditSender>(Source()->GetTransmitGate());
    }

    /// @return the switch input port's credit receiver
    Ptr<AtmCreditReceiver> Receiver() const
    {
        return DynamicCast<AtmCreditReceiver>(SwitchIn()->GetReceiveAccounting());
    }
};

/// Host - switch - host, the links at AtmHelper's defaults (OC-3c).
struct OneSwitchChain
{
    NodeContainer nodes;      //!< host, switch, host
    Ptr<AtmNetDevice> source; //!< the first host's port

    OneSwitchChain()
    {
        nodes.Create(3);
        AtmSwitchHelper().Install(nodes.Get(1));
        AtmHelper atm;
        source = DynamicCast<AtmNetDevice>(atm.Install(nodes.Get(0), nodes.Get(1)).Get(0));
        atm.Install(nodes.Get(1), nodes.Get(2));
    }
};

/**
 * The indexes 0 ... n - 1: for a ReceiveListErrorModel that destroys
 * every cell a port receives (n above the cells that arrive).
 * @param n how many
 * @return the list
 */
inline std::list<uint32_t>
FirstCells(uint32_t n)
{
    std::list<uint32_t> cells;
    for (uint32_t i = 0; i < n; ++i)
    {
        cells.push_back(i);
    }
    return cells;
}

/**
 * A credit helper with a static allocation.
 * @param bufAlloc Buf_Alloc
 * @param n2 N2
 * @return the helper
 */
inline AtmCreditHelper
StaticCredit(uint32_t bufAlloc, uint32_t n2)
{
    AtmCreditHelper credit;
    credit.SetAllocation("ns3::AtmStaticAllocation",
                         "BufAlloc",
                         UintegerValue(bufAlloc),
                         "N2",
                         UintegerValue(n2));
    return credit;
}

/**
 * A host - switch - host path (OC-3c) whose switch polices the cells
 * arriving from the first host (an AtmGcraUpc on its input port), and a VC
 * along it with a traffic contract.
 */
struct PolicedPath
{
    NodeContainer nodes; //!< host, switch, host
    Ptr<AtmGcraUpc> upc; //!< the switch input port's UPC
    Ptr<AtmVc> vc;       //!< the VC

    /**
     * Build it.
     * @param contract the VC's contract
     */
    explicit PolicedPath(const AtmTrafficContract& contract)
    {
        nodes.Create(3);
        AtmSwitchHelper().Install(nodes.Get(1));
        AtmHelper atm;
        NetDeviceContainer in = atm.Install(nodes.Get(0), nodes.Get(1));
        atm.Install(nodes.Get(1), nodes.Get(2));
        upc = CreateObject<AtmGcraUpc>();
        DynamicCast<AtmNetDevice>(in.Get(1))->SetAttribute("Upc", PointerValue(upc));
        AtmVcHelper vcs;
        vcs.SetContract(contract);
        vc = vcs.Create(nodes, "policed");
    }
};

/**
 * A greedy source on a VC, from @p start to @p stop.
 * @param vc the VC
 * @param start start time
 * @param stop stop time
 */
inline void
Greedy(Ptr<AtmVc> vc, Time start, Time stop)
{
    ApplicationContainer a = AtmCellSourceHelper("ns3::AtmGreedySource").Install(vc);
    a.Start(start);
    a.Stop(stop);
}

/**
 * Link switches (already switches) into a chain with a random delay and
 * random trunk rates (some slow: congestion downstream), and lay 1 to 6
 * VCs along random stretches of it, each from its own host to its own
 * host behind a random-rate last link.
 * @param u random numbers (drawn in a fixed order: same stream, same net)
 * @param switches the switches, in chain order
 * @return the VCs
 */
inline std::vector<Ptr<AtmVc>>
RandomChainVcs(Ptr<UniformRandomVariable> u, const NodeContainer& switches)
{
    const uint32_t nSwitches = switches.GetN();
    AtmHelper atm;
    atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(u->GetInteger(1, 50))));
    for (uint32_t i = 0; i + 1 < nSwitches; ++i)
    {
        NetDeviceContainer d = atm.Install(switches.Get(i), switches.Get(i + 1));
        DynamicCast<AtmNetDevice>(d.Get(0))->SetDataRate(
            DataRate(static_cast<uint64_t>(u->GetValue(10e6, 155e6))));
    }
    const uint32_t nVcs = u->GetInteger(1, 6);
    std::vector<Ptr<AtmVc>> vcs;
    for (uint32_t v = 0; v < nVcs; ++v)
    {
        const uint32_t from = u->GetInteger(0, nSwitches - 1);
        const uint32_t to = u->GetInteger(from, nSwitches - 1);
        NodeContainer path;
        path.Create(1);
        atm.Install(path.Get(0), switches.Get(from));
        for (uint32_t s = from; s <= to; ++s)
        {
            path.Add(switches.Get(s));
        }
        Ptr<Node> dst = CreateObject<Node>();
        NetDeviceContainer last = atm.Install(switches.Get(to), dst);
        DynamicCast<AtmNetDevice>(last.Get(0))
            ->SetDataRate(DataRate(static_cast<uint64_t>(u->GetValue(5e6, 155e6))));
        path.Add(dst);
        vcs.push_back(AtmVcHelper().Create(path));
    }
    return vcs;
}

/**
 * Run a randomized test on @p count networks drawn from one random
 * stream: the same seed and stream give the same networks, in order.
 * @param seed RngSeedManager seed
 * @param stream the uniform variable's stream
 * @param count how many networks
 * @param runOne builds, runs and checks one network (random numbers, its number)
 */
inline void
ForRandomNetworks(uint32_t seed,
                  int64_t stream,
                  uint32_t count,
                  const std::function<void(Ptr<UniformRandomVariable>, uint32_t)>& runOne)
{
    RngSeedManager::SetSeed(seed);
    Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
    u->SetStream(stream);
    for (uint32_t net = 0; net < count; ++net)
    {
        runOne(u, net);
    }
}

/**
 * Start a greedy source (at a random instant within 100 us) or an on-off
 * source on each VC, at random, both stopping at @p stop.
 * @param u random numbers
 * @param vcs the VCs
 * @param stop when the sources stop
 */
inline void
RandomTraffic(Ptr<UniformRandomVariable> u, const std::vector<Ptr<AtmVc>>& vcs, Time stop)
{
    for (const auto& vc : vcs)
    {
        if (u->GetValue() < 0.5)
        {
            Greedy(vc, MicroSeconds(u->GetInteger(0, 100)), stop);
        }
        else
        {
            ApplicationContainer a = AtmCellSourceHelper("ns3::AtmOnOffSource").Install(vc);
            a.Start(Seconds(0));
            a.Stop(stop);
        }
    }
}

/**
 * Hosts h0, h1 (links at half the rate) - switch U - switch S - hosts d0
 * (a link at a quarter of the rate) and d1 (full rate). VC A: h0 - U - S -
 * d0; VC B: h1 - U - S - d1. Both greedy from 0 to 20 ms, so the link
 * (U, S) carries half a link rate of each and A can leave S at only a
 * quarter; run to 60 ms (drained). The fabric tests build S their way.
 */
struct SharedLink
{
    NodeContainer nodes; //!< h0, h1, U, S, d0, d1
    Ptr<AtmVc> a;        //!< to the slow output
    Ptr<AtmVc> b;        //!< to the fast output
    Ptr<AtmSwitch> s;    //!< switch S
    uint32_t in;         //!< S's port on (U, S)
    Time cell;           //!< cell time of a full-rate link
    uint64_t a0{0};      //!< A's cells received at 5 ms
    uint64_t a1{0};      //!< at 20 ms
    uint64_t b0{0};      //!< B's cells received at 5 ms
    uint64_t b1{0};      //!< at 20 ms

    /**
     * Build and run it.
     * @param atS the helper that makes switch S
     * @param qfcBuffer > 0: plain QFC on every link, over-subscribed VC
     *        credit (80 cells each, N2 5) and link flow control with this
     *        Buff_Size (LinkN2 5); 0: no flow control
     */
    SharedLink(const AtmSwitchHelper& atS, uint32_t qfcBuffer)
    {
        nodes.Create(6);
        AtmSwitchHelper atU;
        atU.SetQueueDisc("ns3::AtmPerVcQueueDisc", "MaxCells", UintegerValue(1000));
        atU.Install(nodes.Get(2));
        atS.Install(nodes.Get(3));
        AtmHelper atm;
        for (uint32_t h = 0; h < 2; ++h)
        {
            // Half a link each: (U, S) full, nothing lost at U.
            NetDeviceContainer host = atm.Install(nodes.Get(h), nodes.Get(2));
            Ptr<AtmNetDevice> d = DynamicCast<AtmNetDevice>(host.Get(0));
            d->SetDataRate(DataRate(d->GetDataRate().GetBitRate() / 2));
        }
        NetDeviceContainer us = atm.Install(nodes.Get(2), nodes.Get(3));
        NetDeviceContainer slow = atm.Install(nodes.Get(3), nodes.Get(4));
        atm.Install(nodes.Get(3), nodes.Get(5));
        Ptr<AtmNetDevice> slowOut = DynamicCast<AtmNetDevice>(slow.Get(0));
        cell = slowOut->GetCellTime();
        slowOut->SetDataRate(DataRate(slowOut->GetDataRate().GetBitRate() / 4));
        s = nodes.Get(3)->GetObject<AtmSwitch>();
        in = s->GetPortIndex(DynamicCast<AtmNetDevice>(us.Get(1)));
        a = AtmVcHelper().Create(
            NodeContainer(nodes.Get(0), nodes.Get(2), nodes.Get(3), nodes.Get(4)));
        b = AtmVcHelper().Create(
            NodeContainer(nodes.Get(1), nodes.Get(2), nodes.Get(3), nodes.Get(5)));
        if (qfcBuffer > 0)
        {
            AtmCreditHelper qfc = StaticCredit(80, 5);
            qfc.SetLinkBufferSize(qfcBuffer);
            qfc.SetReceiverAttribute("LinkN2", UintegerValue(5));
            qfc.InstallAll();
        }
        AtmCellSinkHelper().Install(std::vector<Ptr<AtmVc>>{a, b});
        Greedy(a, Seconds(0), MilliSeconds(20));
        Greedy(b, Seconds(0), MilliSeconds(20));
        // Rates over 5-20 ms, after the buffers filled.
        atmtest::Schedule(MilliSeconds(5), [this]() {
            a0 = a->GetCellsReceived();
            b0 = b->GetCellsReceived();
        });
        atmtest::Schedule(MilliSeconds(20), [this]() {
            a1 = a->GetCellsReceived();
            b1 = b->GetCellsReceived();
        });
        Simulator::Stop(MilliSeconds(60));
        Simulator::Run();
    }

    virtual ~SharedLink()
    {
        Simulator::Destroy();
    }

    /**
     * @param vc a or b
     * @return its cells received from 5 to 20 ms, as a fraction of a
     *         full-rate link
     */
    double Rate(Ptr<AtmVc> vc) const
    {
        const uint64_t n = vc == a ? a1 - a0 : b1 - b0;
        return n * cell.GetSeconds() / 0.015;
    }
};

} // namespace atmtest
} // namespace ns3

#endif /* ATM_TEST_NETWORKS_H */
