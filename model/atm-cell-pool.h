/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CELL_POOL_H
#define ATM_CELL_POOL_H

#include "atm-cell.h"

#include "ns3/assert.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief One store of cells for many FIFO queues (the per-VC queues of a
 *        port).
 *
 * The cells of every queue live in one array, addressed by 32-bit indices;
 * a queue (a List) is a chain of indices from its front to its back.
 * Each entry stores the XOR of its two neighbours' indices (NONE past either
 * end), so that four octets link it both ways: a queued cell costs 28
 * octets, and PushBack(), PopFront() and PopBack() are all O(1). Free
 * entries form a free list. The array grows by an eighth (so at most a
 * ninth of it is room not in use, not half as with doubling), to at most the
 * limit given with SetGrowthLimit() once that is reached, and is never
 * given back: a pool in steady state allocates nothing.
 */
class AtmCellPool
{
  public:
    /// Index meaning "no entry".
    static constexpr uint32_t NONE = 0xffffffff;

    /// One FIFO queue of the pool (12 octets; the pool holds its cells).
    struct List
    {
        uint32_t front{NONE}; //!< index of the front cell
        uint32_t back{NONE};  //!< index of the back cell
        uint32_t size{0};     //!< cells in the queue
    };

    /**
     * @brief Cap the growth of the storage.
     *
     * Growth stops at @p cells entries (the buffer size of the owner, which
     * never holds more); past that (or with 0) the storage grows as needed.
     * @param cells the number of entries storage grows to at most
     */
    void SetGrowthLimit(uint32_t cells)
    {
        m_limit = cells;
    }

    /**
     * @param list a queue
     * @param cell the cell to append at its back
     */
    void PushBack(List& list, const AtmCell& cell)
    {
        const uint32_t i = Allocate();
        m_entries[i].cell = cell;
        m_entries[i].link = list.back ^ NONE;
        if (list.back == NONE)
        {
            list.front = i;
        }
        else
        {
            m_entries[list.back].link ^= NONE ^ i;
        }
        list.back = i;
        ++list.size;
    }

    /**
     * @param list a queue that is not empty
     * @return the cell taken from its front
     */
    AtmCell PopFront(List& list)
    {
        NS_ASSERT(list.size > 0);
        return Unlink(list.front, list.back, list);
    }

    /**
     * @param list a queue that is not empty
     * @return the cell taken from its back
     */
    AtmCell PopBack(List& list)
    {
        NS_ASSERT(list.size > 0);
        return Unlink(list.back, list.front, list);
    }

    /// @return the entries the storage holds, queued, free or not yet used
    uint32_t GetCapacity() const
    {
        return static_cast<uint32_t>(m_entries.capacity());
    }

  private:
    /// One entry: a cell and the XOR of its neighbours (28 octets).
    struct Entry
    {
        AtmCell cell;  //!< the cell (when free: unused)
        uint32_t link; //!< previous ^ next (when free: the next free entry)
    };

    static_assert(sizeof(Entry) == 28, "a queued cell costs 28 octets");

    /**
     * @brief Take the entry at one end of a queue; the other end is only
     *        touched when it is the same entry.
     * @param end the front or back index of @p list (updated)
     * @param other the opposite end of @p list (updated)
     * @param list the queue, for its size
     * @return the cell that was there
     */
    AtmCell Unlink(uint32_t& end, uint32_t& other, List& list)
    {
        const uint32_t i = end;
        const uint32_t neighbour = m_entries[i].link ^ NONE;
        if (neighbour == NONE)
        {
            other = NONE;
        }
        else
        {
            m_entries[neighbour].link ^= i ^ NONE;
        }
        end = neighbour;
        --list.size;
        m_entries[i].link = m_free;
        m_free = i;
        return m_entries[i].cell;
    }

    /// @return the index of a free entry, growing the storage if none is left
    uint32_t Allocate()
    {
        if (m_free != NONE)
        {
            const uint32_t i = m_free;
            m_free = m_entries[i].link;
            return i;
        }
        if (m_entries.size() == m_entries.capacity())
        {
            const size_t cap = m_entries.capacity();
            // An eighth more: a queued cell costs at most 28 * 9 / 8 = 31.5
            // octets with the room left, the copying stays amortized O(1).
            size_t grown = cap ? cap + cap / 8 : 64;
            if (m_limit > cap)
            {
                grown = std::min<size_t>(grown, m_limit);
            }
            m_entries.reserve(grown);
        }
        m_entries.emplace_back();
        return static_cast<uint32_t>(m_entries.size() - 1);
    }

    std::vector<Entry> m_entries; //!< every entry, queued or free
    uint32_t m_free{NONE};        //!< first free entry (NONE: none)
    uint32_t m_limit{0};          //!< growth cap (0: none)
};

} // namespace ns3

#endif /* ATM_CELL_POOL_H */
