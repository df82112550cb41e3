/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TRANSMIT_GATE_H
#define ATM_TRANSMIT_GATE_H

#include "atm-cell.h"

#include "ns3/object.h"

namespace ns3
{

class AtmNetDevice;

/**
 * @ingroup atm
 * @brief Plug point 1 of flow control: the transmit gate of a sending port
 *        (DESIGN.md). It decides whether a VC may send now.
 *
 * The port tells the gate of every transmit VC (AddVc), of every data cell
 * it takes for transmission (NotifyTransmit) and of every control cell that
 * arrives for it (ReceiveControlCell); the gate stops and resumes VCs with
 * AtmNetDevice::SetTxVcBlocked, and may send control cells of its own
 * (TakeControlCell, after AtmNetDevice::WantControlSlot). A scheme is a
 * subclass chosen by TypeId; the device never names one.
 */
class AtmTransmitGate : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmTransmitGate();
    ~AtmTransmitGate() override;

    /**
     * @brief The port the gate serves (set by AtmNetDevice::SetTransmitGate).
     * @param port the port
     */
    void SetPort(AtmNetDevice* port);

    /// @return the port
    AtmNetDevice* GetPort() const;

    /**
     * @brief A transmit VC exists (called for each slot, in order).
     * @param slot its transmit slot
     */
    virtual void AddVc(uint32_t slot) = 0;

    /**
     * @brief The port took a user-data cell of a VC for transmission.
     * @param slot the VC's slot
     */
    virtual void NotifyTransmit(uint32_t slot) = 0;

    /**
     * @brief A control cell for this gate arrived on the port's link.
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
    AtmNetDevice* m_port; //!< the port (owns the gate)
};

} // namespace ns3

#endif /* ATM_TRANSMIT_GATE_H */
