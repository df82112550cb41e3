/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TEST_NETWORKS_H
#define ATM_TEST_NETWORKS_H

// Pieces of the test networks that several suites build: a greedy source
// on a VC, and the random chains of the credit and ZQFC randomized tests.

#include "ns3/application-container.h"
#include "ns3/atm-cell-source-helper.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-vc-helper.h"
#include "ns3/atm-vc.h"
#include "ns3/data-rate.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"

#include <vector>

namespace ns3
{
namespace atmtest
{

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
 * Start a greedy source (at a random instant within 100 us) or an on-off
 * source on each VC, at random, both stopping at @p stop.
 * @param u random numbers
 * @param vcs the VCs
 * @param stop when the sources stop
 */
inline void
RandomTraffic(Ptr<UniformRandomVariable> u, const std::vector<Ptr<AtmVc>>& vcs, Time stop)
{
    for (auto vc : vcs)
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

} // namespace atmtest
} // namespace ns3

#endif /* ATM_TEST_NETWORKS_H */
