/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TCP_RENO_SOCKET_FACTORY_H
#define ATM_TCP_RENO_SOCKET_FACTORY_H

#include "ns3/node.h"
#include "ns3/socket-factory.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief Makes AtmTcpRenoSocket sockets on a node with ns-3's internet
 *        stack: an application whose Protocol is
 *        ns3::AtmTcpRenoSocketFactory (BulkSendApplication, ...) gets
 *        Reno's fast recovery.
 *
 * Aggregate one to the node (AtmTcpRenoSocketFactory::Install). Each
 * socket is set up as TcpL4Protocol sets up its own: the node's
 * TcpL4Protocol, its RttEstimatorType, SocketType (congestion control)
 * and RecoveryType, and it is registered with that TcpL4Protocol.
 */
class AtmTcpRenoSocketFactory : public SocketFactory
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * @brief Aggregate a factory to a node, once.
     * @param node a node with ns-3's internet stack
     */
    static void Install(Ptr<Node> node);

    Ptr<Socket> CreateSocket() override;
};

} // namespace ns3

#endif /* ATM_TCP_RENO_SOCKET_FACTORY_H */
