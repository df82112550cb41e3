/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_GREEDY_SOURCE_H
#define ATM_GREEDY_SOURCE_H

#include "atm-cell-source.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief A persistent source: its VC always has a cell to send.
 *
 * The "greedy" VCs of the papers. It keeps Backlog cells in its VC's source
 * queue and puts one more in each time the port takes one, so it sends as
 * fast as the port, the scheduler and any flow control let it, with no
 * event of its own and no loss at the source.
 */
class AtmGreedySource : public AtmCellSource
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmGreedySource();
    ~AtmGreedySource() override;

  private:
    void DoStartSending() override;
    void DoStopSending() override;
    /// The port took a cell of this VC: put another in.
    void Refill();

    bool m_running;     //!< between start and stop (next to GetCellState())
    uint32_t m_backlog; //!< cells kept queued
};

} // namespace ns3

#endif /* ATM_GREEDY_SOURCE_H */
