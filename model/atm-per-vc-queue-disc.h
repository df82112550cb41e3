/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_PER_VC_QUEUE_DISC_H
#define ATM_PER_VC_QUEUE_DISC_H

#include "atm-cell-pool.h"
#include "atm-cell-ring.h"
#include "atm-longest-queue-tracker.h"
#include "atm-queue-disc.h"

#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Per-VC queues served by (weighted) round-robin, with buffer
 *        management.
 *
 * The "per-VC queuing" of Arulambalam et al. §3.2 and the fair scheduling
 * Kung's credit scheme assumes. Each VC has its own queue; the VCs that have
 * cells and are not blocked form an active list, served in turn, each for
 * up to its weight in cells per visit (weight 1 everywhere is plain
 * round-robin). Enqueue, dequeue, block and unblock are O(1) in the number
 * of VCs. The cells of all VCs share one AtmCellPool (28 octets per queued
 * cell; an idle VC costs 16 octets here).
 *
 * Buffer management of the MaxCells shared cells (attribute
 * BufferManagement):
 * - Shared: any VC may use any free cell; a cell that finds the buffer full
 *   is dropped (Overflow);
 * - StaticPartition: each VC may hold at most VcLimit cells (0: MaxCells
 *   divided by the number of VCs), dropped beyond (VcLimit);
 * - PushOut: the buffer is shared; when it is full, a cell is dropped from
 *   the tail of the longest queue to make room (PushOut), or the arriving
 *   cell is dropped when its own queue is the longest (Overflow).
 */
class AtmPerVcQueueDisc : public AtmQueueDisc
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// @return true with PushOut buffer management
    bool CanDropQueued() const override;

    /// @return true: each VC has its own queue, and round-robin skips the
    ///         blocked ones
    bool ServesVcsApart() const override;

    /// Buffer management policies.
    enum BufferManagement
    {
        SHARED,           //!< complete sharing with tail drop
        STATIC_PARTITION, //!< a fixed share per VC
        PUSH_OUT,         //!< complete sharing, drop from the longest queue
    };

    AtmPerVcQueueDisc();
    ~AtmPerVcQueueDisc() override;

    /// @return the per-VC limit in force (StaticPartition)
    uint32_t GetVcLimit() const;

    /**
     * @brief Set the BufferManagement attribute. During the run, call
     *        AtmSwitch::UndeferAll() first (PushOut rules lazy arrival out:
     *        CanDropQueued).
     * @param policy the policy
     */
    void SetBufferManagement(BufferManagement policy);

    /// @return the BufferManagement attribute
    BufferManagement GetBufferManagement() const;

    uint32_t PeekNextVc() const override;

    /// @return the base checks', then VcLimit above MaxCells
    std::string GetConfigError() const override;

  protected:
    void DoInitialize() override;

  private:
    bool DoEnqueue(const AtmCell& cell, uint32_t slot) override;
    bool DoDequeue(AtmCell& cell, uint32_t& slot) override;
    /// @return true with shared buffers
    bool DoCanPassStraight() const override;
    /// Prefetches the VC's queue (head, tail, length).
    void DoPrefetchVc(uint32_t slot) const override;
    void DoAddVc(uint32_t slot, uint32_t weight) override;
    void DoUnblock(uint32_t slot) override;
    uint32_t GetVcCapacity(uint32_t slot) const override;
    uint32_t GetVcOccupancy(uint32_t slot) const override;

    /**
     * @brief Put a VC at the tail of the active list if it belongs there.
     * @param slot the VC
     */
    void Activate(uint32_t slot)
    {
        if (!IsVcListed(slot) && !IsVcBlocked(slot) && m_queues[slot].size > 0)
        {
            SetVcListed(slot, true);
            m_active.PushBack(slot);
        }
    }

    BufferManagement m_bufferManagement; //!< the policy
    uint32_t m_vcLimit;                  //!< StaticPartition share (0: MaxCells / VCs)

    AtmCellPool m_pool;                      //!< the cells of every VC queue
    std::vector<AtmCellPool::List> m_queues; //!< one queue per VC slot (12 octets)
    AtmCellRing<uint32_t> m_active;          //!< active list, served from the front
    uint32_t m_servedThisVisit;              //!< cells the front VC sent this visit
    AtmLongestQueueTracker m_longest;        //!< for PushOut
};

} // namespace ns3

#endif /* ATM_PER_VC_QUEUE_DISC_H */
