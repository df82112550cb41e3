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
 * @brief A binary min-heap of small indices (FIFOs), each with the key of
 *        the item at its head: a time, then an order among equal times.
 *
 * The cell engine's calendar keeps its lanes in one (AtmCellCalendar) and a
 * switch its input wires (AtmSwitch): the FIFOs hold their items in order,
 * so only a FIFO's head matters, and the heap changes only when a FIFO gets
 * its first item (Push), loses its head (ReplaceTop: the new head's key,
 * sifted down) or runs empty (PopTop). The keys are kept in the heap's own
 * array, so that ordering it reads nothing else.
 */
class AtmIndexHeap
{
  public:
    /// The order of the heap: time, then order.
    struct Key
    {
        int64_t time;   //!< when the head item is due
        uint64_t order; //!< among items due at that time, smaller first

        /**
         * @param other another key
         * @return true if this key comes first
         */
        bool operator<(const Key& other) const
        {
            return time < other.time || (time == other.time && order < other.order);
        }
    };

    /// @return true if no index is in the heap
    bool IsEmpty() const
    {
        return m_heap.empty();
    }

    /// @return the first index (the heap must not be empty)
    uint32_t Top() const
    {
        return m_heap.front().index;
    }

    /// @return the key of the first index (the heap must not be empty)
    const Key& TopKey() const
    {
        return m_heap.front().key;
    }

    /// @brief Remove every index.
    void Clear()
    {
        m_heap.clear();
    }

    /**
     * @brief Add an index (its FIFO got its first item).
     * @param i the index (not in the heap)
     * @param key its head's key
     */
    void Push(uint32_t i, const Key& key)
    {
        m_heap.push_back(Node{key, i});
        auto k = static_cast<uint32_t>(m_heap.size() - 1);
        while (k > 0)
        {
            const uint32_t parent = (k - 1) / 2;
            if (!(m_heap[k].key < m_heap[parent].key))
            {
                break;
            }
            std::swap(m_heap[k], m_heap[parent]);
            k = parent;
        }
    }

    /**
     * @brief The first index's FIFO has a new head, due no earlier than
     *        the old one: sift it down.
     * @param key the new head's key
     */
    void ReplaceTop(const Key& key)
    {
        m_heap.front().key = key;
        SiftDown();
    }

    /// @brief Remove the first index (its FIFO ran empty).
    void PopTop()
    {
        m_heap.front() = m_heap.back();
        m_heap.pop_back();
        if (m_heap.size() > 1)
        {
            SiftDown();
        }
    }

  private:
    /// An index and its head's key.
    struct Node
    {
        Key key;        //!< the head's key
        uint32_t index; //!< the index
    };

    /// @brief Move the first node down to its place.
    void SiftDown()
    {
        const auto n = static_cast<uint32_t>(m_heap.size());
        uint32_t k = 0;
        while (true)
        {
            uint32_t first = k;
            const uint32_t left = 2 * k + 1;
            if (left < n && m_heap[left].key < m_heap[first].key)
            {
                first = left;
            }
            if (left + 1 < n && m_heap[left + 1].key < m_heap[first].key)
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

    std::vector<Node> m_heap; //!< the heap
};

} // namespace ns3

#endif /* ATM_INDEX_HEAP_H */
