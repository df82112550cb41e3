/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-tcp-reno-socket-factory.h"

#include "atm-tcp-reno-socket.h"

#include "ns3/abort.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"
#include "ns3/rtt-estimator.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-recovery-ops.h"
#include "ns3/type-id.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(AtmTcpRenoSocketFactory);

TypeId
AtmTcpRenoSocketFactory::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmTcpRenoSocketFactory")
                            .SetParent<SocketFactory>()
                            .SetGroupName("Atm")
                            .AddConstructor<AtmTcpRenoSocketFactory>();
    return tid;
}

void
AtmTcpRenoSocketFactory::Install(Ptr<Node> node)
{
    if (!node->GetObject<AtmTcpRenoSocketFactory>())
    {
        node->AggregateObject(CreateObject<AtmTcpRenoSocketFactory>());
    }
}

Ptr<Socket>
AtmTcpRenoSocketFactory::CreateSocket()
{
    Ptr<Node> node = GetObject<Node>();
    Ptr<TcpL4Protocol> tcp = node ? node->GetObject<TcpL4Protocol>() : nullptr;
    NS_ABORT_MSG_IF(!tcp,
                    "AtmTcpRenoSocketFactory: not on a node with ns-3's internet stack "
                    "(TcpL4Protocol)");
    // The TypeIds TcpL4Protocol would use for a socket of its own.
    TypeIdValue rtt;
    TypeIdValue congestion;
    TypeIdValue recovery;
    tcp->GetAttribute("RttEstimatorType", rtt);
    tcp->GetAttribute("SocketType", congestion);
    tcp->GetAttribute("RecoveryType", recovery);
    ObjectFactory f;
    Ptr<AtmTcpRenoSocket> socket = CreateObject<AtmTcpRenoSocket>();
    socket->SetNode(node);
    socket->SetTcp(tcp);
    f.SetTypeId(rtt.Get());
    socket->SetRtt(f.Create<RttEstimator>());
    f.SetTypeId(congestion.Get());
    socket->SetCongestionControlAlgorithm(f.Create<TcpCongestionOps>());
    f.SetTypeId(recovery.Get());
    socket->SetRecoveryAlgorithm(f.Create<TcpRecoveryOps>());
    tcp->AddSocket(socket);
    return socket;
}

} // namespace ns3
