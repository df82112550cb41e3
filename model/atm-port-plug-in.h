/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_PORT_PLUG_IN_H
#define ATM_PORT_PLUG_IN_H

#include "atm-cell.h"

#include "ns3/object.h"

namespace ns3
{

class AtmNetDevice;

/**
 * @ingroup atm
 * @brief What the flow-control plug points of a port (AtmTransmitGate,
 *        AtmReceiveAccounting) have in common: the port they serve, the
 *        control cells that arrive for them, and the control cells they
 *        send (after AtmNetDevice::WantControlSlot, ahead of data cells).
 */
class AtmPortPlugIn : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmPortPlugIn();
    ~AtmPortPlugIn() override;

    /**
     * @brief The port the plug-in serves (set by the port).
     * @param port the port
     */
    void SetPort(AtmNetDevice* port);

    /// @return the port
    AtmNetDevice* GetPort() const;

    /**
     * @brief A control cell for this plug-in arrived on the port's link.
     * @param cell the cell
     */
    virtual void ReceiveControlCell(const AtmCell& cell) = 0;

    /**
     * @brief Give the port a control cell to send now, if any.
     * @param cell set to the cell
     * @return false when none is waiting
     */
    virtual bool TakeControlCell(AtmCell& cell);

  protected:
    void DoDispose() override;

  private:
    AtmNetDevice* m_port; //!< the port (owns the plug-in)
};

} // namespace ns3

#endif /* ATM_PORT_PLUG_IN_H */
