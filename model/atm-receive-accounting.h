/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_RECEIVE_ACCOUNTING_H
#define ATM_RECEIVE_ACCOUNTING_H

#include "atm-cell.h"

#include "ns3/object.h"

namespace ns3
{

class AtmNetDevice;

/**
 * @brief Plug point 2 of flow control: the receive accounting of a
 *        receiving port (DESIGN.md).
 *
 * Every VC that arrives on the port has a dense *arrival index* there
 * (AtmNetDevice::GetArrivingIndex). The accounting hears of each user-data
 * cell of a VC when it arrives at the node (NotifyArrival) and when it
 * leaves the node (NotifyDeparture: transmitted on whichever output port
 * holds it, dropped there, or delivered at a host), which is CreditNet's
 * input-port count; and of control cells that arrive for it. It answers
 * upstream with control cells (TakeControlCell, after
 * AtmNetDevice::WantControlSlot) on the reverse direction of the same link.
 *
 * @ingroup atm
 */
class AtmReceiveAccounting : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmReceiveAccounting();
    ~AtmReceiveAccounting() override;

    /**
     * @brief The port the accounting serves (set by
     *        AtmNetDevice::SetReceiveAccounting).
     * @param port the port
     */
    void SetPort(AtmNetDevice* port);

    /// @return the port
    AtmNetDevice* GetPort() const;

    /**
     * @brief A VC arrives on the port (called for each index, in order).
     * @param index its arrival index
     */
    virtual void AddVc(uint32_t index) = 0;

    /**
     * @brief A user-data cell of a VC arrived at the node.
     * @param index the VC's arrival index
     */
    virtual void NotifyArrival(uint32_t index) = 0;

    /**
     * @brief A user-data cell of a VC left the node (sent on, dropped, or
     *        delivered).
     * @param index the VC's arrival index
     */
    virtual void NotifyDeparture(uint32_t index) = 0;

    /**
     * @brief A control cell for this accounting arrived on the port's link.
     * @param cell the cell
     */
    virtual void ReceiveControlCell(const AtmCell& cell) = 0;

    /**
     * @brief Give the port a control cell to send upstream now, if any.
     * @param cell set to the cell
     * @return false when none is waiting
     */
    virtual bool TakeControlCell(AtmCell& cell) = 0;

  protected:
    void DoDispose() override;

  private:
    AtmNetDevice* m_port; //!< the port (owns the accounting)
};

} // namespace ns3

#endif /* ATM_RECEIVE_ACCOUNTING_H */
