/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_HUB_ENVELOPE_H
#define ATM_HUB_ENVELOPE_H

#include "atm-cell.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup atm
 * @brief One envelope on the bus of an AtmBusHub: an ATM cell in the
 *        hub's local header (Chong et al. §2).
 *
 * The local header carries only the destination address: a logical
 * address for data, the sending board itself for a dummy envelope. The
 * other fields are the model's bookkeeping: the stream the envelope is
 * counted to, its arrival time at the send RAM (switching delay) and, for
 * cells of an ATM switch, the route and the cell.
 */
struct AtmHubEnvelope
{
    /// What an envelope is.
    enum Kind : uint8_t
    {
        DATA = 0,           //!< a cell (or a study's unit of traffic)
        DUMMY_LOGICAL = 1,  //!< dummy: its receipt releases one logical address
        DUMMY_PHYSICAL = 2, //!< dummy: its receipt releases the whole board
    };

    AtmCell cell;     //!< the cell (switch mode)
    int64_t arrival;  //!< arrival at the send RAM, time steps
    uint32_t stream;  //!< stream counted to (the route in switch mode)
    uint32_t address; //!< logical destination address (data, DUMMY_LOGICAL)
    uint32_t route;   //!< switch route (switch mode)
    Kind kind;        //!< data or dummy
};

} // namespace ns3

#endif /* ATM_HUB_ENVELOPE_H */
