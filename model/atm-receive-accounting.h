/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_RECEIVE_ACCOUNTING_H
#define ATM_RECEIVE_ACCOUNTING_H

#include "atm-port-plug-in.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief Plug point 2 of flow control: the receive accounting of a
 *        receiving port (DESIGN.md).
 *
 * Every VC that arrives on the port has a dense *arrival index* there
 * (AtmNetDevice::GetArrivingIndex). The accounting hears of each user-data
 * cell of a VC when it arrives at the node (NotifyArrival) and when it
 * leaves the node (NotifyDeparture: transmitted on whichever output port
 * holds it, dropped there, or delivered at a host), which is CreditNet's
 * input-port count; and of control cells that arrive for it. It answers
 * upstream with control cells (TakeControlCell) on the reverse direction of
 * the same link.
 */
class AtmReceiveAccounting : public AtmPortPlugIn
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

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
     * @brief Lazy arrival (AtmSwitch::CanDefer): may a cell arriving here
     *        be counted (NotifyArrival) when the switch next processes its
     *        wires rather than at its arrival? Only if nothing sees the
     *        count in between: the plug-in's readers let the switch catch
     *        up first (AtmNetDevice::SyncSwitch). False by default.
     * @return true if it may
     */
    virtual bool CanDeferArrivals() const;
};

} // namespace ns3

#endif /* ATM_RECEIVE_ACCOUNTING_H */
