/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-net-device-base.h"

#include "atm-aal5-endpoint.h"

#include "ns3/channel.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmNetDeviceBase");

NS_OBJECT_ENSURE_REGISTERED(AtmNetDeviceBase);

TypeId
AtmNetDeviceBase::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmNetDeviceBase")
            .SetParent<NetDevice>()
            .SetGroupName("Atm")
            .AddAttribute("Aal5Endpoint",
                          "The AAL5 entity of a host port (its MacTx, MacRx and frame "
                          "traces); null on a switch port. Set by AtmHelper.",
                          TypeId::ATTR_GET,
                          PointerValue(),
                          MakePointerAccessor(&AtmNetDeviceBase::GetAal5Endpoint),
                          MakePointerChecker<AtmAal5Endpoint>());
    return tid;
}

AtmNetDeviceBase::AtmNetDeviceBase()
    : m_ifIndex(0),
      m_address(Mac48Address::Allocate()),
      m_mtu(9180)
{
    NS_LOG_FUNCTION(this);
}

AtmNetDeviceBase::~AtmNetDeviceBase()
{
    NS_LOG_FUNCTION(this);
}

void
AtmNetDeviceBase::DoDispose()
{
    NS_LOG_FUNCTION(this);
    if (m_aal5)
    {
        m_aal5->Dispose();
    }
    m_aal5 = nullptr;
    m_node = nullptr;
    m_rxCallback = NetDevice::ReceiveCallback();
    m_promiscCallback = NetDevice::PromiscReceiveCallback();
    NetDevice::DoDispose();
}

std::string
AtmNetDeviceBase::GetContext() const
{
    std::string s = "node " + (m_node ? std::to_string(m_node->GetId()) : std::string("?"));
    return s + " device " + std::to_string(m_ifIndex);
}

void
AtmNetDeviceBase::SetAal5(Ptr<AtmAal5Endpoint> endpoint)
{
    m_aal5 = endpoint;
}

Ptr<AtmAal5Endpoint>
AtmNetDeviceBase::GetAal5Endpoint() const
{
    return m_aal5;
}

void
AtmNetDeviceBase::ForwardUp(Ptr<Packet> packet, uint16_t protocol, const Address& from)
{
    NS_LOG_FUNCTION(this << packet << protocol << from);
    if (!m_promiscCallback.IsNull())
    {
        m_promiscCallback(this, packet, protocol, from, GetAddress(), NetDevice::PACKET_HOST);
    }
    if (!m_rxCallback.IsNull())
    {
        m_rxCallback(this, packet, protocol, from);
    }
}

void
AtmNetDeviceBase::SetIfIndex(const uint32_t index)
{
    m_ifIndex = index;
}

uint32_t
AtmNetDeviceBase::GetIfIndex() const
{
    return m_ifIndex;
}

void
AtmNetDeviceBase::SetAddress(Address address)
{
    m_address = Mac48Address::ConvertFrom(address);
}

Address
AtmNetDeviceBase::GetAddress() const
{
    return m_address;
}

bool
AtmNetDeviceBase::SetMtu(const uint16_t mtu)
{
    m_mtu = mtu;
    return true;
}

uint16_t
AtmNetDeviceBase::GetMtu() const
{
    return m_mtu;
}

void
AtmNetDeviceBase::NotifyLinkChange()
{
    NS_LOG_FUNCTION(this);
    m_linkChange();
}

void
AtmNetDeviceBase::AddLinkChangeCallback(Callback<void> callback)
{
    m_linkChange.ConnectWithoutContext(callback);
}

bool
AtmNetDeviceBase::IsBroadcast() const
{
    // ATM has no broadcast, but ns-3's ARP (used for the static ATMARP of
    // AAL5 host ports, see NeedsArp()) asserts that its devices have one. A
    // frame sent to GetBroadcast() names no VC: the AAL5 endpoint refuses
    // it (NoVc).
    return m_aal5 != nullptr;
}

Address
AtmNetDeviceBase::GetBroadcast() const
{
    return Mac48Address::GetBroadcast();
}

bool
AtmNetDeviceBase::IsMulticast() const
{
    // ATM PVCs carry no multicast either, but ns-3's IPv6 neighbor discovery
    // (and IPv4 sending to a group) asserts that the device has it before
    // it sends to a multicast address: a duplicate address detection NS or a
    // router solicitation. Such a frame names no VC: the AAL5 endpoint
    // refuses it (NoVc), as a frame sent to GetBroadcast().
    return m_aal5 != nullptr;
}

Address
AtmNetDeviceBase::GetMulticast(Ipv4Address multicastGroup) const
{
    return Mac48Address::GetMulticast(multicastGroup);
}

Address
AtmNetDeviceBase::GetMulticast(Ipv6Address addr) const
{
    return Mac48Address::GetMulticast(addr);
}

bool
AtmNetDeviceBase::IsPointToPoint() const
{
    // A switch port (and a host port without AAL5) is one end of a
    // point-to-point link. An IP host port is an interface of a logical IP
    // subnet (RFC 2225), a non-broadcast multiple-access network whose
    // members it reaches over PVCs, not the link to one IP peer that ns-3's
    // global routing takes a point-to-point device for (it stopped at the
    // switch, which has no IPv4): as a broadcast-capable device that is not
    // point-to-point it is a stub network there. On a link between ranks it
    // stays point-to-point: ns-3's distributed engines take their lookahead
    // from point-to-point devices only.
    if (!m_aal5)
    {
        return true;
    }
    const Ptr<Channel> channel = GetChannel();
    Ptr<NetDevice> peer; // the device at the other end of the link
    if (channel && channel->GetNDevices() > 1)
    {
        peer = channel->GetDevice(0) == this ? channel->GetDevice(1) : channel->GetDevice(0);
    }
    return peer && peer->GetNode()->GetSystemId() != GetNode()->GetSystemId();
}

bool
AtmNetDeviceBase::IsBridge() const
{
    return false;
}

bool
AtmNetDeviceBase::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    if (m_aal5)
    {
        return m_aal5->Send(packet, dest, protocolNumber);
    }
    // Packets reach ATM only through AAL5 (IP over ATM); a port without it
    // refuses them, and the caller counts the refusal as a drop.
    NS_LOG_WARN("AtmNetDevice (" << GetContext() << "): no AAL5 on this port; packet of "
                                 << packet->GetSize() << " bytes refused");
    return false;
}

bool
AtmNetDeviceBase::SendFrom(Ptr<Packet> packet,
                           const Address& /* source */,
                           const Address& dest,
                           uint16_t protocolNumber)
{
    return Send(packet, dest, protocolNumber);
}

Ptr<Node>
AtmNetDeviceBase::GetNode() const
{
    return m_node;
}

void
AtmNetDeviceBase::SetNode(Ptr<Node> node)
{
    m_node = node;
}

bool
AtmNetDeviceBase::NeedsArp() const
{
    // IP next hops map to VCs through the ARP cache, which
    // AtmVcHelper::CreateIpPvc fills with permanent entries (static ATMARP).
    return m_aal5 != nullptr;
}

void
AtmNetDeviceBase::SetReceiveCallback(NetDevice::ReceiveCallback cb)
{
    m_rxCallback = cb;
}

void
AtmNetDeviceBase::SetPromiscReceiveCallback(PromiscReceiveCallback cb)
{
    m_promiscCallback = cb;
}

bool
AtmNetDeviceBase::SupportsSendFrom() const
{
    return false;
}

} // namespace ns3
