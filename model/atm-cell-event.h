/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CELL_EVENT_H
#define ATM_CELL_EVENT_H

#include "ns3/event-impl.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup atm
 * @brief A reusable event of the cell path: a port's end of transmission or
 *        a link's arrival, scheduled again and again with one delay.
 *
 * Under another simulator implementation it is an ordinary EventImpl,
 * scheduled through Simulator. The cell engine (AtmSimulatorImpl) runs it
 * with Fire(), which skips EventImpl::Invoke(): a call into ns-3's core
 * with its logging test and cancel check, neither of which a cell event
 * needs (nothing cancels it). The engine also keeps in it the calendar lane
 * of its delay (AtmCellCalendar), found once instead of per insertion.
 */
class AtmCellEvent : public EventImpl
{
  public:
    /// @brief Run the event, as Invoke() would for an event not cancelled.
    void Fire()
    {
        Notify();
    }

    /// The cell engine's calendar lane of the last insertion (a hint,
    /// checked against the delay; no lane yet when out of range).
    uint32_t lane{UINT32_MAX};
};

} // namespace ns3

#endif /* ATM_CELL_EVENT_H */
