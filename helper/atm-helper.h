/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_HELPER_H
#define ATM_HELPER_H

#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/trace-helper.h"

#include <string>
#include <vector>

namespace ns3
{

class AtmChannel;
class AtmNetDevice;

/**
 * @ingroup atm
 * @brief Builds ATM links: two AtmNetDevices and an AtmChannel, like
 *        PointToPointHelper.
 *
 * A device on a node that has an AtmSwitch becomes a port of the switch and
 * takes its queue disc from the switch (AtmSwitchHelper::SetQueueDisc); a
 * device on any other node (a host) gets the queue disc set here, by
 * default per-VC round-robin with room for 2^20 cells (a host's source
 * queues are not what is studied). A link between two switches uses the
 * NNI header format, any other the UNI format.
 *
 * A host port also gets an AtmAal5Endpoint (IP over ATM: AAL5 and RFC 2684
 * encapsulation; attributes with SetAal5Attribute) and a
 * NetDeviceQueueInterface, so that an IP stack can use it and the traffic
 * control layer sees the port stop when a VC's queue is full.
 *
 * Ascii tracing writes one line per cell event: '+' queued, '-' taken for
 * transmission, 'd' dropped (with the reason), 'r' received. Pcap tracing
 * (host ports) writes every AAL5 frame sent or received as a DLT_SUNATM
 * (123) record: a 4-octet pseudo-header (flags: 0x80 for a transmitted frame,
 * traffic type 2 for LLC/SNAP or 0 for VC multiplexing; VPI; VCI) and the
 * CPCS-SDU, which Wireshark and tshark decode as LLC/SNAP, IP and TCP.
 */
class AtmHelper : public PcapHelperForDevice, public AsciiTraceHelperForDevice
{
  public:
    AtmHelper();
    ~AtmHelper() override = default;

    /**
     * @brief Set an attribute of the devices created.
     * @param name attribute name
     * @param value its value
     */
    void SetDeviceAttribute(std::string name, const AttributeValue& value);

    /**
     * @brief Set an attribute of the channels created.
     * @param name attribute name
     * @param value its value
     */
    void SetChannelAttribute(std::string name, const AttributeValue& value);

    /**
     * @brief Set an attribute of the AAL5 endpoints of host ports.
     * @param name attribute name (of ns3::AtmAal5Endpoint)
     * @param value its value
     */
    void SetAal5Attribute(std::string name, const AttributeValue& value);

    /**
     * @brief The queue disc of host ports.
     * @tparam Ts attribute name/value pairs
     * @param type the TypeId name of an AtmQueueDisc subclass
     * @param args attribute name/value pairs
     */
    template <typename... Ts>
    void SetQueueDisc(std::string type, Ts&&... args);

    /**
     * @brief Link two nodes.
     *
     * In a distributed run (ns-3's MPI engine, module built with MPI), a
     * link with an end on another rank is an AtmRemoteChannel, with the
     * channel attributes set here; its Delay must then be positive.
     * @param a one node
     * @param b the other
     * @return the two devices, a's first
     */
    NetDeviceContainer Install(Ptr<Node> a, Ptr<Node> b);

    /**
     * @brief Link the two nodes of a container.
     * @param c exactly two nodes
     * @return the two devices
     */
    NetDeviceContainer Install(const NodeContainer& c);

    /**
     * @brief Every ATM port of the simulation, as NodeContainer::GetGlobal()
     *        has every node: node by node in NodeList order, each node's in
     *        device order.
     * @return the AtmNetDevices
     */
    static std::vector<Ptr<AtmNetDevice>> GetAllDevices();

    /**
     * @brief The TypeId a helper was told to create, checked before
     *        anything is built: a registered type with a constructor, of
     *        the base type the helper creates. Otherwise the program stops
     *        with one message naming the helper's method, the value and the
     *        registered types that would fit (TypeId::LookupByName's own
     *        check is an assertion, compiled out of optimized ns-3 builds:
     *        a misspelled name would crash later instead).
     * @param where the helper's method ("AtmSwitchHelper::SetQueueDisc")
     * @param name the TypeId name given
     * @param base the TypeId name of the base type ("ns3::AtmQueueDisc")
     * @return the TypeId
     */
    static TypeId LookupType(const std::string& where,
                             const std::string& name,
                             const std::string& base);

  private:
    void EnablePcapInternal(std::string prefix,
                            Ptr<NetDevice> nd,
                            bool promiscuous,
                            bool explicitFilename) override;

    void EnableAsciiInternal(Ptr<OutputStreamWrapper> stream,
                             std::string prefix,
                             Ptr<NetDevice> nd,
                             bool explicitFilename) override;

    /**
     * @brief Create a device on a node and make it a switch port or a host port.
     * @param node the node
     * @return the device
     */
    Ptr<AtmNetDevice> CreateDevice(Ptr<Node> node) const;

    /**
     * @brief The channel of a new link: an AtmChannel, or an
     *        AtmRemoteChannel when an end is on another MPI rank.
     * @param a one node
     * @param b the other
     * @return the channel, with the channel attributes set here
     */
    Ptr<AtmChannel> CreateChannel(Ptr<Node> a, Ptr<Node> b) const;

    ObjectFactory m_deviceFactory;  //!< devices
    ObjectFactory m_channelFactory; //!< channels
    ObjectFactory m_queueFactory;   //!< host queue discs
    ObjectFactory m_aal5Factory;    //!< host AAL5 endpoints
};

template <typename... Ts>
void
AtmHelper::SetQueueDisc(std::string type, Ts&&... args)
{
    m_queueFactory.SetTypeId(LookupType("AtmHelper::SetQueueDisc", type, "ns3::AtmQueueDisc"));
    m_queueFactory.Set(std::forward<Ts>(args)...);
}

} // namespace ns3

#endif /* ATM_HELPER_H */
