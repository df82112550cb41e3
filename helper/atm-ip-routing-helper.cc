/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-ip-routing-helper.h"

#include "ns3/abort.h"
#include "ns3/atm-aal5-endpoint.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-vc.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4-static-routing.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node-list.h"
#include "ns3/node.h"

#include <cstdint>
#include <map>
#include <set>
#include <utility>
#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmIpRoutingHelper");

namespace
{

/// One IP hop over an IP PVC.
struct IpHop
{
    uint32_t node;       //!< the node at the far end
    uint32_t interface;  //!< the near node's interface the PVC leaves by
    Ipv4Address nextHop; //!< the far end's address on the PVC's interface
};

/// A node the breadth-first search reached.
struct Reached
{
    uint32_t node; //!< the node
    IpHop first;   //!< the first hop of a fewest-hop path to it
    uint32_t hops; //!< the number of hops of that path
};

/**
 * @param ipv4 a node's IPv4
 * @return the IP hops of the IP PVCs from its ATM interfaces, in
 *         interface and transmit-slot order
 */
std::vector<IpHop>
HopsFrom(Ptr<Ipv4> ipv4)
{
    std::vector<IpHop> hops;
    for (uint32_t i = 0; i < ipv4->GetNInterfaces(); ++i)
    {
        const Ptr<AtmNetDevice> port = DynamicCast<AtmNetDevice>(ipv4->GetNetDevice(i));
        if (!port || !port->GetAal5Endpoint())
        {
            continue;
        }
        for (const Ptr<AtmVc>& vc : port->GetAal5Endpoint()->GetIpVcs())
        {
            const Ptr<AtmNetDevice> far = vc->GetDestinationDevice();
            const Ptr<Ipv4> farIp = far->GetNode()->GetObject<Ipv4>();
            const int32_t farInterface = farIp ? farIp->GetInterfaceForDevice(far) : -1;
            if (farInterface < 0 || farIp->GetNAddresses(farInterface) == 0)
            {
                continue; // a PVC between IPv6 interfaces only
            }
            hops.push_back(
                IpHop{far->GetNode()->GetId(), i, farIp->GetAddress(farInterface, 0).GetLocal()});
        }
    }
    return hops;
}

/**
 * @param ipv4 a node's IPv4
 * @return the networks (address, mask) of its interfaces, loopback aside
 */
std::vector<std::pair<Ipv4Address, Ipv4Mask>>
NetworksOf(Ptr<Ipv4> ipv4)
{
    std::vector<std::pair<Ipv4Address, Ipv4Mask>> networks;
    for (uint32_t i = 0; i < ipv4->GetNInterfaces(); ++i)
    {
        for (uint32_t a = 0; a < ipv4->GetNAddresses(i); ++a)
        {
            const Ipv4InterfaceAddress address = ipv4->GetAddress(i, a);
            if (!address.GetLocal().IsLocalhost())
            {
                networks.emplace_back(address.GetLocal().CombineMask(address.GetMask()),
                                      address.GetMask());
            }
        }
    }
    return networks;
}

} // namespace

void
AtmIpRoutingHelper::PopulateRoutingTables()
{
    NS_LOG_FUNCTION_NOARGS();
    std::map<uint32_t, std::vector<IpHop>> hops; // node -> its IP hops
    for (auto n = NodeList::Begin(); n != NodeList::End(); ++n)
    {
        if (const Ptr<Ipv4> ipv4 = (*n)->GetObject<Ipv4>())
        {
            hops[(*n)->GetId()] = HopsFrom(ipv4);
        }
    }
    Ipv4StaticRoutingHelper helper;
    for (const auto& [source, firstHops] : hops)
    {
        if (firstHops.empty())
        {
            continue;
        }
        // Breadth first: each node reached, in the order reached, with the
        // first hop of a fewest-hop path to it and its number of hops.
        std::vector<Reached> reached{{source, IpHop{}, 0}};
        std::set<uint32_t> visited{source};
        for (std::size_t k = 0; k < reached.size(); ++k)
        {
            const Reached from = reached[k];
            for (const IpHop& h : hops.at(from.node))
            {
                if (visited.insert(h.node).second)
                {
                    reached.push_back({h.node, k == 0 ? h : from.first, from.hops + 1});
                }
            }
        }
        const Ptr<Ipv4> ipv4 = NodeList::GetNode(source)->GetObject<Ipv4>();
        const Ptr<Ipv4StaticRouting> routing = helper.GetStaticRouting(ipv4);
        NS_ABORT_MSG_IF(!routing,
                        "AtmIpRoutingHelper: node "
                            << source << " has no Ipv4StaticRouting to set routes in");
        std::set<std::pair<uint32_t, uint32_t>> known; // networks on or routed
        for (const auto& [network, mask] : NetworksOf(ipv4))
        {
            known.emplace(network.Get(), mask.Get());
        }
        for (std::size_t k = 1; k < reached.size(); ++k)
        {
            const Reached& to = reached[k];
            for (const auto& [network, mask] :
                 NetworksOf(NodeList::GetNode(to.node)->GetObject<Ipv4>()))
            {
                if (known.emplace(network.Get(), mask.Get()).second)
                {
                    NS_LOG_INFO("node " << source << ": " << network << "/"
                                        << mask.GetPrefixLength() << " via " << to.first.nextHop
                                        << " (interface " << to.first.interface << ", " << to.hops
                                        << " hops)");
                    routing->AddNetworkRouteTo(network,
                                               mask,
                                               to.first.nextHop,
                                               to.first.interface,
                                               to.hops);
                }
            }
        }
    }
}

} // namespace ns3
