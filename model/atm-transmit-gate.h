/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TRANSMIT_GATE_H
#define ATM_TRANSMIT_GATE_H

#include "atm-port-plug-in.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief Plug point 1 of flow control: the transmit gate of a sending port
 *        (DESIGN.md). It decides whether a VC may send now.
 *
 * The port tells the gate of every transmit VC (AddVc), of every data cell
 * it takes for transmission (NotifyTransmit) and of every control cell that
 * arrives for it (ReceiveControlCell); the gate stops and resumes VCs with
 * AtmNetDevice::SetTxVcBlocked, and may send control cells of its own
 * (TakeControlCell). A scheme is a subclass chosen by TypeId; the device
 * never names one.
 */
class AtmTransmitGate : public AtmPortPlugIn
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

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
     * @brief Lazy arrival (AtmSwitch::CanDefer): may cells bound for this
     *        port wait on their wire while the port sends? Only if the gate
     *        looks at the port's queue only when a transmission can start
     *        (the port's switch has processed its due arrivals by then).
     *        False by default.
     * @return true if they may
     */
    virtual bool CanDeferArrivals() const;

    /**
     * @brief Lazy arrival: how many of a VC's queued cells is the gate sure
     *        to let through, whatever happens before they are sent (for a
     *        queue disc that serves VCs apart)? 0 by default.
     * @param slot the VC's transmit slot
     * @param queued its cells queued now
     * @return at most @p queued
     */
    virtual uint32_t GetSureCells(uint32_t slot, uint32_t queued) const;

    /**
     * @brief The receive accounting at the other end of the port's link
     *        was set, or the link's other end changed: a gate that keeps
     *        what it found there looks again. Nothing by default.
     */
    virtual void NotifyPeerAccountingChanged();
};

} // namespace ns3

#endif /* ATM_TRANSMIT_GATE_H */
