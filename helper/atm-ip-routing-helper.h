/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_IP_ROUTING_HELPER_H
#define ATM_IP_ROUTING_HELPER_H

namespace ns3
{

/**
 * @ingroup atm
 * @brief Static IPv4 routes between logical IP subnets joined by IP routers
 *        over IP PVCs.
 *
 * Classical IP over ATM (RFC 2225) puts the hosts of a logical IP subnet
 * (LIS) on PVCs to each other and joins subnets by routers with a port in
 * each. ns-3's global routing cannot see such a router from a host: the
 * other end of a host's link is an ATM switch, which has no IP, so it
 * takes each host port for a stub network. This helper finds the IP hops
 * the PVCs make instead and sets routes over them, as
 * Ipv4GlobalRoutingHelper::PopulateRoutingTables does over IP links.
 *
 * Every IP PVC (AtmVcHelper::CreateIpPvc) from an ATM interface of a node
 * with IPv4 is one hop, to the interface at its far end. From each node a
 * breadth-first search over these hops (nodes in NodeList order, a node's
 * PVCs in interface and transmit-slot order: the same network gives the
 * same routes) finds the first hop of a fewest-hop path to every node it
 * reaches; each network of that node's interfaces (loopback aside) that
 * the first node is not on, and has no route to yet, gets a static network
 * route through that hop (Ipv4StaticRouting::AddNetworkRouteTo, metric =
 * hops). The routers forward as every ns-3 IPv4 node does.
 *
 * Call it once, after the addresses are assigned and the IP PVCs created;
 * like global routing, it does not follow later changes. IPv6 is not
 * routed (set its routes with Ipv6StaticRoutingHelper).
 */
class AtmIpRoutingHelper
{
  public:
    /// Set the routes of every node with IPv4 (see the class description).
    static void PopulateRoutingTables();
};

} // namespace ns3

#endif /* ATM_IP_ROUTING_HELPER_H */
