/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_NET_DEVICE_BASE_H
#define ATM_NET_DEVICE_BASE_H

#include "ns3/callback.h"
#include "ns3/mac48-address.h"
#include "ns3/net-device.h"
#include "ns3/traced-callback.h"

#include <string>

namespace ns3
{

class AtmAal5Endpoint;
class Node;
class Packet;

/**
 * @ingroup atm
 * @brief The NetDevice side of an ATM port: what its node and the layers
 *        above see, apart from the cells (AtmNetDevice).
 *
 * As LteNetDevice is for the LTE devices, this class keeps the NetDevice
 * plumbing: the node, interface index, address and MTU, the receive and
 * link-change callbacks. With an AtmAal5Endpoint (a host port) it is also
 * an IP interface of a logical IP subnet (RFC 2225): Send() hands packets
 * to the endpoint (AAL5, RFC 2684), ForwardUp() takes reassembled ones up,
 * next hops are found by static ATMARP (NeedsArp) and there is neither
 * broadcast nor multicast on a VC. Without one (a switch port, a cell-only
 * host port) the device refuses packets.
 *
 * Its attributes (Mtu, Aal5Endpoint) are registered by AtmNetDevice, on
 * whose TypeId Config::SetDefault finds them.
 */
class AtmNetDeviceBase : public NetDevice
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmNetDeviceBase();
    ~AtmNetDeviceBase() override;
    AtmNetDeviceBase(const AtmNetDeviceBase&) = delete;
    AtmNetDeviceBase& operator=(const AtmNetDeviceBase&) = delete;

    /// @return the AAL5 endpoint (null on a switch port or a cell-only host port)
    Ptr<AtmAal5Endpoint> GetAal5Endpoint() const;

    /**
     * @brief Hand a reassembled packet to the layer above (called by the
     *        AAL5 endpoint).
     * @param packet the packet, encapsulation removed
     * @param protocol its EtherType
     * @param from the address of the VC it came on
     */
    void ForwardUp(Ptr<Packet> packet, uint16_t protocol, const Address& from);

    /// @brief The channel's link went down or up: fire the link-change callbacks.
    void NotifyLinkChange();

    /// @return "node N device I", for messages
    std::string GetContext() const;

    // NetDevice
    void SetIfIndex(const uint32_t index) override;
    uint32_t GetIfIndex() const override;
    void SetAddress(Address address) override;
    Address GetAddress() const override;
    bool SetMtu(const uint16_t mtu) override;
    uint16_t GetMtu() const override;
    void AddLinkChangeCallback(Callback<void> callback) override;
    bool IsBroadcast() const override;
    Address GetBroadcast() const override;
    bool IsMulticast() const override;
    Address GetMulticast(Ipv4Address multicastGroup) const override;
    Address GetMulticast(Ipv6Address addr) const override;
    bool IsPointToPoint() const override;
    bool IsBridge() const override;
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;
    bool SendFrom(Ptr<Packet> packet,
                  const Address& source,
                  const Address& dest,
                  uint16_t protocolNumber) override;
    Ptr<Node> GetNode() const override;
    void SetNode(Ptr<Node> node) override;
    bool NeedsArp() const override;
    void SetReceiveCallback(NetDevice::ReceiveCallback cb) override;
    void SetPromiscReceiveCallback(PromiscReceiveCallback cb) override;
    bool SupportsSendFrom() const override;

  protected:
    void DoDispose() override;

    /**
     * @brief Keep the AAL5 endpoint that makes this port an IP interface
     *        (AtmNetDevice::SetAal5Endpoint checks the port and tells the
     *        endpoint its device).
     * @param endpoint the endpoint
     */
    void SetAal5(Ptr<AtmAal5Endpoint> endpoint);

  private:
    Ptr<Node> m_node;                                    //!< the node
    Ptr<AtmAal5Endpoint> m_aal5;                         //!< IP over ATM (host ports)
    uint32_t m_ifIndex;                                  //!< interface index
    Mac48Address m_address;                              //!< address (for the NetDevice API)
    uint16_t m_mtu;                                      //!< MTU (bytes)
    NetDevice::ReceiveCallback m_rxCallback;             //!< upper layer
    NetDevice::PromiscReceiveCallback m_promiscCallback; //!< upper layer, promiscuous
    TracedCallback<> m_linkChange;                       //!< link change callbacks
};

} // namespace ns3

#endif /* ATM_NET_DEVICE_BASE_H */
