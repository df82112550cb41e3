/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_PORT_FLOW_CONTROL_H
#define ATM_PORT_FLOW_CONTROL_H

#include "ns3/ptr.h"

#include <cstdint>
#include <string>

namespace ns3
{

class AtmCell;
class AtmNetDevice;
class AtmPortBehaviour;
class AtmReceiveAccounting;
class AtmTransmitGate;
class AtmUpc;

/**
 * @ingroup atm
 * @brief The flow-control plug-ins of one port, at its three plug points:
 *        the transmit gate (1: when each VC may send), the receive
 *        accounting (2: what arrives on each VC and leaves the node) and
 *        the port behaviour (3: EFCI marking, explicit rate); and the
 *        usage parameter control of the cells arriving on a switch's
 *        ingress port (AtmUpc).
 *
 * An AtmNetDevice keeps one, by value. This class attaches the plug-ins
 * (tells them their port and the VCs it already has, and each VC added
 * later), checks and initializes them with the port and disposes of them;
 * it also counts the cells that arrived on the port and are still in the
 * node, which the receive accounting hears of one by one. The port reads
 * the plug-ins for each cell through the inline Peek methods (no reference
 * taken, no call).
 */
class AtmPortFlowControl
{
  public:
    AtmPortFlowControl();
    ~AtmPortFlowControl();
    AtmPortFlowControl(const AtmPortFlowControl&) = delete;
    AtmPortFlowControl& operator=(const AtmPortFlowControl&) = delete;

    /**
     * @brief Use a transmit gate; the port's transmit VCs are added to it.
     * @param port the port
     * @param gate the gate
     * @param nTxVcs the port's transmit slots so far
     */
    void SetTransmitGate(AtmNetDevice* port, Ptr<AtmTransmitGate> gate, uint32_t nTxVcs);
    /// @return the transmit gate, or null
    Ptr<AtmTransmitGate> GetTransmitGate() const;

    /// @return the transmit gate, or null (no reference taken: fast path)
    AtmTransmitGate* PeekTransmitGate() const
    {
        return PeekPointer(m_gate);
    }

    /**
     * @brief Use a receive accounting; the port's arriving VCs are added
     *        to it.
     * @param port the port
     * @param accounting the receive accounting
     * @param nArrivingVcs the port's arriving VCs so far
     */
    void SetReceiveAccounting(AtmNetDevice* port,
                              Ptr<AtmReceiveAccounting> accounting,
                              uint32_t nArrivingVcs);
    /// @return the receive accounting, or null
    Ptr<AtmReceiveAccounting> GetReceiveAccounting() const;

    /// @return the receive accounting, or null (no reference taken: fast path)
    AtmReceiveAccounting* PeekReceiveAccounting() const
    {
        return PeekPointer(m_accounting);
    }

    /**
     * @brief Use a port behaviour; checked and initialized at once if the
     *        port is.
     * @param behaviour the behaviour, or null for none
     * @param initialized whether the port has been initialized
     * @param context the port, for messages (AtmNetDeviceBase::GetContext)
     */
    void SetPortBehaviour(Ptr<AtmPortBehaviour> behaviour,
                          bool initialized,
                          const std::string& context);
    /// @return the port behaviour, or null
    Ptr<AtmPortBehaviour> GetPortBehaviour() const;

    /// @return the port behaviour, or null (no reference taken: fast path)
    AtmPortBehaviour* PeekPortBehaviour() const
    {
        return PeekPointer(m_behaviour);
    }

    /**
     * @brief Police the cells arriving on the port (its switch tells the
     *        UPC the VCs' contracts). Only a switch port polices, and only
     *        before the simulation starts (abort naming the port otherwise).
     * @param upc the usage parameter control, or null for none
     * @param switchPort whether the port is a switch's
     * @param initialized whether the port has been initialized
     * @param context the port, for messages (AtmNetDeviceBase::GetContext)
     */
    void SetUpc(Ptr<AtmUpc> upc, bool switchPort, bool initialized, const std::string& context);

    /// @return the usage parameter control, or null
    Ptr<AtmUpc> GetUpc() const;

    /// @return the usage parameter control, or null (no reference taken: fast path)
    AtmUpc* PeekUpc() const
    {
        return PeekPointer(m_upc);
    }

    /**
     * @brief The port has a new transmit VC: add it to the gate, if any.
     * @param slot its transmit slot
     */
    void AddTxVc(uint32_t slot);

    /**
     * @brief The port has a new arriving VC: add it to the receive
     *        accounting, if any.
     * @param index its arrival index
     */
    void AddArrivingVc(uint32_t index);

    /**
     * @brief The port is initialized: initialize the plug-ins, after
     *        checking the port behaviour's attributes (abort with
     *        AtmPortBehaviour::GetConfigError(), naming the port).
     * @param context the port, for messages
     */
    void Initialize(const std::string& context);

    /// @brief The port is disposed of: dispose of the plug-ins, drop them.
    void Dispose();

    /**
     * @brief The port may send a cell: the plug-ins' control cell, if one
     *        waits (the gate's before the accounting's).
     * @param cell set to the control cell
     * @return true if there was one
     */
    bool TakeControlCell(AtmCell& cell);

    /**
     * @brief A credit cell arrived: hand an update to the gate, a check to
     *        the accounting.
     * @param cell the cell
     * @return false if no plug-in takes it (the port drops it)
     */
    bool ReceiveControlCell(const AtmCell& cell);

    /**
     * @brief A cell of a VC ending at a host port arrived (after its VC
     *        counted it): an RM cell goes to the gate (the ABR end system),
     *        a user-data cell arrives at and leaves the receive accounting.
     *        The port drops an RM cell when it has no gate.
     * @param cell the cell
     * @param index its arrival index
     * @return true if a plug-in took the cell (an RM cell), false if it
     *         goes on to the VC's receiver
     */
    bool ReceiveAtHost(const AtmCell& cell, uint32_t index);

    /**
     * @brief A user-data cell of an arriving VC arrived at the node.
     * @param index the arrival index
     */
    void NotifyArrival(uint32_t index);

    /**
     * @brief A user-data cell of an arriving VC left the node.
     * @param index the arrival index
     */
    void NotifyDeparture(uint32_t index)
    {
        --m_cellsInNode;
        if (m_accounting)
        {
            NotifyAccountingDeparture(index);
        }
    }

    /// @return the user-data cells that arrived on the port and are still in the node
    uint32_t GetCellsInNode() const
    {
        return m_cellsInNode;
    }

  private:
    /**
     * @brief Check the port behaviour's attributes and initialize it;
     *        nothing without one.
     * @param context the port, for messages
     */
    void InitializeBehaviour(const std::string& context);

    /**
     * @brief NotifyDeparture() for the receive accounting.
     * @param index the arrival index
     */
    void NotifyAccountingDeparture(uint32_t index);

    Ptr<AtmTransmitGate> m_gate;            //!< plug point 1
    Ptr<AtmReceiveAccounting> m_accounting; //!< plug point 2
    Ptr<AtmPortBehaviour> m_behaviour;      //!< plug point 3
    Ptr<AtmUpc> m_upc;                      //!< policing of arriving cells
    uint32_t m_cellsInNode;                 //!< arrived on the port, still in the node
};

} // namespace ns3

#endif /* ATM_PORT_FLOW_CONTROL_H */
