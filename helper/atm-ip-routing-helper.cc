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
        // Breadth first: each node reached, with the first hop towards it
        // and the number of hops, in the order reached.
        std::vector<std::pair<uint32_t, std::pair<IpHop, uint32_t>>> reached;
        std::map<uint32_t, std::size_t> index{{source, 0}};
        reached.push_back({source, {IpHop{}, 0}});
        for (std::size_t k = 0; k < reached.size(); ++k)
        {
            const auto [node, via] = reached[k];
            for (const IpHop& h : hops[node])
            {
                if (index.emplace(h.node, reached.size()).second)
                {
                    reached.push_back({h.node, {k == 0 ? h : via.first, via.second + 1}});
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
            const auto& [node, via] = reached[k];
            for (const auto& [network, mask] :
                 NetworksOf(NodeList::GetNode(node)->GetObject<Ipv4>()))
            {
                if (known.emplace(network.Get(), mask.Get()).second)
                {
                    NS_LOG_INFO("node " << source << ": " << network << "/"
                                        << mask.GetPrefixLength() << " via " << via.first.nextHop
                                        << " (interface " << via.first.interface << ", "
                                        << via.second << " hops)");
                    routing->AddNetworkRouteTo(network,
                                               mask,
                                               via.first.nextHop,
                                               via.first.interface,
                                               via.second);
                }
            }
        }
    }
}

} // namespace ns3
