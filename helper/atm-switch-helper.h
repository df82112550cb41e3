/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SWITCH_HELPER_H
#define ATM_SWITCH_HELPER_H

#include "atm-helper.h"

#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
{

class AtmNetDevice;
class AtmSwitch;

/**
 * @ingroup atm
 * @brief Makes nodes ATM switches and chooses their output queue discs,
 *        like TrafficControlHelper.
 *
 * @code
 * AtmSwitchHelper sw;
 * sw.SetQueueDisc("ns3::AtmPerVcQueueDisc", "MaxCells", UintegerValue(1000));
 * sw.Install(switches);
 * @endcode
 * Every ATM device the node has, now or later, becomes a port with a queue
 * disc from this factory. SetPortQueueDisc() changes one port.
 */
class AtmSwitchHelper
{
  public:
    AtmSwitchHelper();

    /**
     * @brief The queue disc of the switch ports.
     * @tparam Ts attribute name/value pairs
     * @param type the TypeId name of an AtmQueueDisc subclass
     * @param args attribute name/value pairs
     */
    template <typename... Ts>
    void SetQueueDisc(std::string type, Ts&&... args);

    /**
     * @brief Give every switch installed from now on a fabric of this type
     *        (an ns3::AtmSwitchFabric subclass), like SetQueueDisc. Without
     *        a call the switches are output-buffered.
     * @param type the fabric's TypeId name, e.g. "ns3::AtmBusHub"
     * @param args name/value pairs of its attributes
     */
    template <typename... Ts>
    void SetFabric(std::string type, Ts&&... args);

    /**
     * @brief Make a node a switch.
     * @param node the node (must not be a switch yet)
     * @return its switch
     */
    Ptr<AtmSwitch> Install(Ptr<Node> node) const;

    /**
     * @brief Make nodes switches.
     * @param nodes the nodes
     */
    void Install(const NodeContainer& nodes) const;

    /**
     * @brief Give one switch port the queue disc of this helper (before any
     *        VC uses it, or while it is empty).
     * @param port the port
     */
    void SetPortQueueDisc(Ptr<AtmNetDevice> port) const;

  private:
    ObjectFactory m_queueFactory;  //!< port queue discs
    ObjectFactory m_fabricFactory; //!< fabric (no TypeId: output-buffered)
    bool m_fabricSet;              //!< SetFabric was called
};

template <typename... Ts>
void
AtmSwitchHelper::SetQueueDisc(std::string type, Ts&&... args)
{
    m_queueFactory.SetTypeId(
        AtmHelper::LookupType("AtmSwitchHelper::SetQueueDisc", type, "ns3::AtmQueueDisc"));
    m_queueFactory.Set(std::forward<Ts>(args)...);
}

template <typename... Ts>
void
AtmSwitchHelper::SetFabric(std::string type, Ts&&... args)
{
    m_fabricFactory.SetTypeId(
        AtmHelper::LookupType("AtmSwitchHelper::SetFabric", type, "ns3::AtmSwitchFabric"));
    m_fabricFactory.Set(std::forward<Ts>(args)...);
    m_fabricSet = true;
}

} // namespace ns3

#endif /* ATM_SWITCH_HELPER_H */
