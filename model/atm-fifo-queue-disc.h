/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_FIFO_QUEUE_DISC_H
#define ATM_FIFO_QUEUE_DISC_H

#include "atm-cell-ring.h"
#include "atm-queue-disc.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief A single FIFO shared by every VC of the port, with tail drop.
 *
 * The "single FIFO queuing" of Arulambalam et al. §3.1: one queue in a
 * shared output memory of MaxCells cells; a cell that finds it full is
 * dropped (reason Overflow). A blocked VC at the head of the queue blocks
 * the whole port (head-of-line blocking), as a FIFO does.
 */
class AtmFifoQueueDisc : public AtmQueueDisc
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmFifoQueueDisc();
    ~AtmFifoQueueDisc() override;

  private:
    bool DoEnqueue(const AtmCell& cell, uint32_t slot) override;
    bool DoDequeue(AtmCell& cell, uint32_t& slot) override;
    /// @return true: an empty FIFO hands out next the cell queued now
    bool DoCanPassStraight() const override;

    /// A queued cell and its VC.
    struct Entry
    {
        AtmCell cell;  //!< the cell
        uint32_t slot; //!< its VC slot
    };

    AtmCellRing<Entry> m_queue; //!< the FIFO
};

} // namespace ns3

#endif /* ATM_FIFO_QUEUE_DISC_H */
