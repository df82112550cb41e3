/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SWITCH_FABRIC_H
#define ATM_SWITCH_FABRIC_H

#include "atm-cell.h"

#include "ns3/object.h"

#include <string>

namespace ns3
{

class AtmSwitch;

/**
 * @ingroup atm
 * @brief What carries a cell from a switch's input port to its output
 *        port, when that is more than "at once".
 *
 * Without a fabric, AtmSwitch is output-buffered: a cell looked up on its
 * input port enters the output port's queue disc in the same instant. A
 * fabric (set with AtmSwitch::SetFabric, or AtmSwitchHelper::SetFabric by
 * type name) takes the cell instead, holds it for as long as its model
 * says (an input buffer, a bus, ...) and then hands it on with
 * AtmSwitch::Deliver, or loses it with AtmSwitch::DropInFabric, exactly
 * once per cell. Deliver applies the output port's behaviour (ABR) and
 * enqueues the cell; the input port's receive accounting (credit) sees the
 * cell as in the node from its arrival until it leaves the output port or
 * is dropped. The variants of the papers are subclasses: the bus-based hub
 * of Chong et al. and the input-buffered fabrics of Kung and Wang.
 */
class AtmSwitchFabric : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmSwitchFabric();
    ~AtmSwitchFabric() override;

    /**
     * @brief Attach the fabric to its switch (called by AtmSwitch::SetFabric).
     * @param sw the switch
     */
    void SetSwitch(AtmSwitch* sw);

    /// @return the switch (null before SetSwitch)
    AtmSwitch* GetSwitch() const;

    /**
     * @brief The first disagreement among the attributes (a threshold above
     * the buffer, ...), as "Field = value: problem".
     *
     * The fabric aborts with it when it starts; a scenario file's check
     * reports it before anything runs. None by default.
     * @return the error, empty when the attributes agree
     */
    virtual std::string GetConfigError() const;

    /**
     * @brief A port was added to the switch (also called for the ports that
     *        exist when the fabric is set).
     * @param port its index
     */
    virtual void NotifyPortAdded(uint32_t port);

    /**
     * @brief A VC translation was added to the switch.
     * @param route the route index (AtmSwitch::Deliver's argument)
     * @param inPort its input port
     * @param outPort its output port
     */
    virtual void NotifyVcAdded(uint32_t route, uint32_t inPort, uint32_t outPort);

    /**
     * @brief Carry a cell from its input port towards its output port.
     *
     * The cell still carries its incoming label. The fabric must, now or
     * later, call exactly one of AtmSwitch::Deliver(route, cell) or
     * AtmSwitch::DropInFabric(route, cell, reason).
     * @param route the cell's route
     * @param inPort the port it arrived on
     * @param outPort the port it leaves by
     * @param cell the cell
     */
    virtual void Transfer(uint32_t route,
                          uint32_t inPort,
                          uint32_t outPort,
                          const AtmCell& cell) = 0;

  protected:
    void DoDispose() override;

    /**
     * @brief Abort, naming the fabric, its switch and @p what, unless
     *        @p port is a port of the switch.
     * @param port the port index
     * @param what the caller, for the message
     */
    void CheckPort(uint32_t port, const char* what) const;

  private:
    AtmSwitch* m_switch; //!< the switch (it owns the fabric)
};

} // namespace ns3

#endif /* ATM_SWITCH_FABRIC_H */
