/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_LAZY_ARRIVAL_H
#define ATM_LAZY_ARRIVAL_H

#include <cstdint>

namespace ns3
{

class AtmNetDevice;

/**
 * @ingroup atm
 * @brief A port's side of lazy arrival (AtmSwitch::CanDefer): may a cell
 *        that arrives at the port wait on the wire, and may a cell that
 *        arrives at the switch for the port's queue be queued only when
 *        something runs at the port again?
 *
 * What the answers read of the port's configuration (its receive error
 * model, flow-control plug-ins, queue disc and their attributes, the
 * sinks of the module's traces) is decided when that changes
 * (NoteConfigChange), at the port's next cell, not per cell. The rest is
 * the port's transmitter: the cell on the wire and the cells queued
 * behind it. Each AtmNetDevice keeps one, by value, and asks it about
 * itself; it reads the port and changes nothing in it.
 */
class AtmLazyArrival
{
  public:
    /**
     * @brief After a change of what lazy arrival reads of a port's
     *        configuration: every port decides it again at its next
     *        cell. The setters and trace sources call it after the change
     *        (AtmSwitch::UndeferAll before it).
     */
    static void NoteConfigChange();

    /**
     * @brief The receiving side: may cells arriving at @p port wait on the
     *        wire? Not if a receive error model, a receive accounting that
     *        must count each cell at its arrival
     *        (AtmReceiveAccounting::CanDeferArrivals), a UPC whose discards
     *        are listened to or a listener of PhyRxEnd or Drop is attached.
     * @param port the port that keeps this object
     * @return true if they may
     */
    bool CanDeferArrivals(const AtmNetDevice& port) const;

    /**
     * @brief The output side: may a cell for VC @p slot of @p port that
     *        arrives at time @p t be queued then, though nothing runs at
     *        the port until its next event? Yes if the port is sure to be
     *        sending at @p t (IsSendingAt) and nothing listens to what
     *        queueing the cell fires (IsEnqueueObserved).
     * @param port the port that keeps this object
     * @param t a time (time steps)
     * @param slot the transmit slot of the VC the cell will be queued for
     * @return true if it may
     */
    bool CanQueueLater(const AtmNetDevice& port, int64_t t, uint32_t slot) const;

  private:
    /**
     * @brief Is @p port sure to be sending at time @p t? True if it is
     *        sending now, is not blocked, and either has no transmit gate
     *        and its queued cells keep it sending until @p t at least, or
     *        has a gate that allows it (AtmTransmitGate::CanDeferArrivals:
     *        credit) and the cell on the wire, with the cells of VC
     *        @p slot the gate is sure to let through
     *        (AtmTransmitGate::GetSureCells), ends at @p t or later.
     * @param port the port
     * @param t a time (time steps)
     * @param slot the transmit slot of the VC the cell will be queued for
     * @return true if it is sure to be
     */
    bool IsSendingAt(const AtmNetDevice& port, int64_t t, uint32_t slot) const;

    /**
     * @brief Does anything listen to what queueing a cell on @p slot of
     *        @p port fires (queue disc, port behaviour, the VC's drop
     *        trace), or may queueing it push another VC's cell out?
     * @param port the port
     * @param slot a transmit slot
     * @return true if something listens
     */
    bool IsEnqueueObserved(const AtmNetDevice& port, uint32_t slot) const;

    /// Decide the configuration's part again if NoteConfigChange ran since.
    /// @param port the port
    void Update(const AtmNetDevice& port) const;

    /// Decide the configuration's part from @p port's configuration.
    /// @param port the port
    void Decide(const AtmNetDevice& port) const;

    mutable uint64_t m_generation{~uint64_t{0}}; //!< NoteConfigChange's count when decided
    mutable bool m_rxDeferrable{false};          //!< CanDeferArrivals
    mutable bool m_gateHolds{false};             //!< a transmit gate that rules lazy arrival out
    mutable bool m_enqueueObserved{true};        //!< IsEnqueueObserved, but for the VC's drop trace
};

} // namespace ns3

#endif /* ATM_LAZY_ARRIVAL_H */
