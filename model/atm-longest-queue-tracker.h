/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_LONGEST_QUEUE_TRACKER_H
#define ATM_LONGEST_QUEUE_TRACKER_H

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Finds the longest per-VC queue in O(1).
 *
 * Push-out buffer management drops from the longest queue. Queue lengths
 * change by one cell at a time, so the VCs are kept in buckets by length
 * (doubly linked lists threaded through two arrays) and the maximum moves by
 * at most one per change. Every operation is O(1) in the number of VCs.
 */
class AtmLongestQueueTracker
{
  public:
    /// Marks "no VC".
    static constexpr uint32_t NONE = 0xffffffff;

    AtmLongestQueueTracker();

    /// @param n number of VC slots
    void SetVcCount(uint32_t n);

    /**
     * @brief VC @p vc's queue grew by one cell, to @p newLen.
     * @param vc the VC slot
     * @param newLen its new length
     */
    void Increment(uint32_t vc, uint32_t newLen);

    /**
     * @brief VC @p vc's queue shrank by one cell, to @p newLen.
     * @param vc the VC slot
     * @param newLen its new length
     */
    void Decrement(uint32_t vc, uint32_t newLen);

    /// @return a VC with the longest queue (the one that reached it last), or NONE
    uint32_t GetLongest() const;

    /// @return the longest queue length
    uint32_t GetMaxLength() const;

  private:
    /**
     * @param vc the slot
     * @param len the bucket
     */
    void Insert(uint32_t vc, uint32_t len);
    /**
     * @param vc the slot
     * @param len the bucket
     */
    void Remove(uint32_t vc, uint32_t len);

    std::vector<uint32_t> m_head; //!< first VC of each length bucket
    std::vector<uint32_t> m_prev; //!< previous VC in its bucket
    std::vector<uint32_t> m_next; //!< next VC in its bucket
    uint32_t m_max;               //!< longest length with a VC in it
};

} // namespace ns3

#endif /* ATM_LONGEST_QUEUE_TRACKER_H */
