/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_EFCI_MARKING_H
#define ATM_EFCI_MARKING_H

#include "atm-port-behaviour.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief Binary EFCI marking (Roberts, "Binary rate control"; Arulambalam
 *        et al. §2.2, scenarios S1 and S2): a data cell crossing a
 *        congested port gets its EFCI bit set.
 *
 * Congestion is the two-threshold flag of the port: the global sigma(t) of
 * eq. 2 (a single FIFO, S1) or the cell's own VC's sigma_vc(t) of eqs. 3-5
 * (per-VC queues, S2), chosen by attribute Flag. Cells are marked as they
 * leave the port (the freshest state) or, with MarkAt = Arrival, as they
 * join its queue.
 */
class AtmEfciMarking : public AtmPortBehaviour
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmEfciMarking();
    ~AtmEfciMarking() override;

    /// Which congestion flag.
    enum Flag
    {
        GLOBAL = 0, //!< sigma(t), eq. 2
        PER_VC = 1, //!< sigma_vc(t), eqs. 3-5
    };

    /// Where cells are marked.
    enum MarkAt
    {
        DEPARTURE = 0, //!< as the cell leaves the port
        ARRIVAL = 1,   //!< as the cell is queued
    };

    void OnDataArrival(AtmCell& cell, uint32_t slot, const AtmPortState& port) override;
    void OnDataDeparture(AtmCell& cell, uint32_t slot, const AtmPortState& port) override;

  private:
    /**
     * @brief Mark the cell if the chosen flag is set.
     * @param cell the data cell
     * @param slot its VC slot
     * @param port the port's state
     */
    void Mark(AtmCell& cell, uint32_t slot, const AtmPortState& port);

    Flag m_flag;     //!< which flag
    MarkAt m_markAt; //!< where
};

} // namespace ns3

#endif /* ATM_EFCI_MARKING_H */
