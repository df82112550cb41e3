/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ABR_HELPER_H
#define ATM_ABR_HELPER_H

#include "atm-helper.h"
#include "atm-vc-helper.h"

#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>
#include <utility>

namespace ns3
{

class AtmAbrGate;
class AtmPortBehaviour;
class AtmNetDevice;
class AtmVc;

/**
 * @ingroup atm
 * @brief Sets up ABR: duplex connections with their end systems, and the
 *        port behaviour (EFCI, selective marking, explicit rate) of switch
 *        ports.
 *
 * @code
 *   AtmAbrHelper abr;
 *   abr.SetSourceAttribute("Icr", DoubleValue(17689));       // cells/s
 *   abr.SetPortBehaviour("ns3::AtmErica", "TargetUtilization", DoubleValue(0.95));
 *   abr.InstallPortBehaviour(switches);                       // after the links
 *   auto [fwd, bwd] = abr.Create(NodeContainer(h1, s1, s2, h2), "vc1");
 * @endcode
 *
 * Create() makes the two VCs of a connection (the path and its reverse),
 * gives each host port an AtmAbrGate (once), one AtmAbrSource per
 * direction and one AtmAbrDestination per direction, and pairs the two
 * directions at every switch (AtmSwitch::SetBackwardPair) so that backward
 * RM cells meet the port behaviour of their forward port. CreateIp() does
 * the same over AtmVcHelper::CreateIpPvc (IP, AAL5, TCP).
 */
class AtmAbrHelper
{
  public:
    AtmAbrHelper();

    /**
     * @brief An attribute of every AtmAbrSource made from now on.
     * @param name the attribute
     * @param value its value
     */
    void SetSourceAttribute(std::string name, const AttributeValue& value);

    /**
     * @brief An attribute of every AtmAbrDestination made from now on.
     * @param name the attribute
     * @param value its value
     */
    void SetDestinationAttribute(std::string name, const AttributeValue& value);

    /**
     * @brief The port behaviour InstallPortBehaviour() installs.
     * @param type its TypeId name ("ns3::AtmErica", ...)
     * @param args attribute name/value pairs
     */
    template <typename... Ts>
    void SetPortBehaviour(std::string type, Ts&&... args);

    /**
     * @brief One more attribute of the port behaviour set last.
     * @param name the attribute
     * @param value its value
     */
    void SetPortBehaviourAttribute(std::string name, const AttributeValue& value);

    /**
     * @brief One port behaviour per port of each switch (call after the
     *        links are made).
     * @param switches switch nodes
     */
    void InstallPortBehaviour(const NodeContainer& switches) const;

    /**
     * @brief A port behaviour on one switch port.
     * @param port the port
     * @return the behaviour
     */
    Ptr<AtmPortBehaviour> InstallPortBehaviour(Ptr<AtmNetDevice> port) const;

    /**
     * @brief A duplex ABR connection of cell-level VCs.
     * @param path host, switches, host
     * @param name the connection's name ("name>" and "name<" for the VCs;
     *        empty: VCs named by their ids)
     * @return the forward and backward VCs
     */
    std::pair<Ptr<AtmVc>, Ptr<AtmVc>> Create(const NodeContainer& path,
                                             const std::string& name = "");

    /**
     * @brief A duplex ABR connection carrying IP (AtmVcHelper::CreateIpPvc).
     * @param path host, switches, host (addresses assigned)
     * @param name the connection's name
     * @return the forward and backward VCs
     */
    std::pair<Ptr<AtmVc>, Ptr<AtmVc>> CreateIp(const NodeContainer& path,
                                               const std::string& name = "");

    /**
     * @brief Make two existing VCs, a path and its exact reverse, one ABR
     *        connection.
     * @param forward the forward VC
     * @param backward the backward VC
     */
    void Install(Ptr<AtmVc> forward, Ptr<AtmVc> backward) const;

    /**
     * @param port a host port
     * @return its ABR gate, made and set on the port if it has none
     */
    static Ptr<AtmAbrGate> GetGate(Ptr<AtmNetDevice> port);

    /// @return the VC helper used for the VCs (labels, weights)
    AtmVcHelper& GetVcHelper();

  private:
    /**
     * @brief The ABR end systems of one direction's source host.
     * @param tx the VC sent from the host
     * @param rx the VC received at the host
     */
    void InstallEnd(Ptr<AtmVc> tx, Ptr<AtmVc> rx) const;

    /**
     * @brief Pair a forward VC with its backward VC at every switch.
     * @param forward the forward VC
     * @param backward the backward VC
     */
    static void Pair(Ptr<AtmVc> forward, Ptr<AtmVc> backward);

    AtmVcHelper m_vcHelper;      //!< makes the VCs
    ObjectFactory m_source;      //!< AtmAbrSource
    ObjectFactory m_destination; //!< AtmAbrDestination
    ObjectFactory m_behaviour;   //!< port behaviour
};

template <typename... Ts>
void
AtmAbrHelper::SetPortBehaviour(std::string type, Ts&&... args)
{
    m_behaviour.SetTypeId(
        AtmHelper::LookupType("AtmAbrHelper::SetPortBehaviour", type, "ns3::AtmPortBehaviour"));
    m_behaviour.Set(std::forward<Ts>(args)...);
}

} // namespace ns3

#endif /* ATM_ABR_HELPER_H */
