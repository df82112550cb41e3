/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_INDEX_HEAP_H
#define ATM_INDEX_HEAP_H

#include <cstdint>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief A binary min-heap of small indices (FIFOs, by the item at their
 *        head), ordered by a comparison the caller passes to each call.
 *
 * The cell engine's calendar keeps its lanes in one (AtmCellCalendar) and a
 * switch its input wires (AtmSwitch): the FIFOs hold their items in order,
 * so only a FIFO's head matters, and the heap changes only when a FIFO gets
 * its first item (Push), loses its head (ReplaceTop: sift the new head down)
 * or runs empty (PopTop). The comparison before(a, b) says whether FIFO a's
 * head comes first.
 */
class AtmIndexHeap
{
  public:
    /// @return true if no index is in the heap
    bool IsEmpty() const
    {
        return m_heap.empty();
    }

    /// @return the first index (the heap must not be empty)
    uint32_t Top() const
    {
        return m_heap.front();
    }

    /// @brief Forget every index.
    void Clear()
    {
        m_heap.clear();
    }

    /**
     * @brief Add an index.
     * @param i the index
     * @param before the order
     */
    template <typename Before>
    void Push(uint32_t i, Before before)
    {
        m_heap.push_back(i);
        auto k = static_cast<uint32_t>(m_heap.size() - 1);
        while (k > 0)
        {
            const uint32_t parent = (k - 1) / 2;
            if (!before(m_heap[k], m_heap[parent]))
            {
                break;
            }
            std::swap(m_heap[k], m_heap[parent]);
            k = parent;
        }
    }

    /**
     * @brief The top index's key grew (its FIFO lost its head): restore the order.
     * @param before the order
     */
    template <typename Before>
    void ReplaceTop(Before before)
    {
        const auto n = static_cast<uint32_t>(m_heap.size());
        uint32_t k = 0;
        while (true)
        {
            uint32_t first = k;
            const uint32_t left = 2 * k + 1;
            if (left < n && before(m_heap[left], m_heap[first]))
            {
                first = left;
            }
            if (left + 1 < n && before(m_heap[left + 1], m_heap[first]))
            {
                first = left + 1;
            }
            if (first == k)
            {
                return;
            }
            std::swap(m_heap[k], m_heap[first]);
            k = first;
        }
    }

    /**
     * @brief Remove the top index (its FIFO ran empty).
     * @param before the order
     */
    template <typename Before>
    void PopTop(Before before)
    {
        m_heap.front() = m_heap.back();
        m_heap.pop_back();
        if (m_heap.size() > 1)
        {
            ReplaceTop(before);
        }
    }

  private:
    std::vector<uint32_t> m_heap; //!< the heap
};

} // namespace ns3

#endif /* ATM_INDEX_HEAP_H */
