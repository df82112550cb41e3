/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CELL_RING_H
#define ATM_CELL_RING_H

#include "ns3/assert.h"

#include <cstdint>
#include <memory>
#include <type_traits>

namespace ns3
{

/**
 * @ingroup atm
 * @brief A growable circular buffer of trivially copyable values.
 *
 * A FIFO (the queue of a port, the active list of a per-VC queue disc):
 * push at the back, pop at the front, both O(1). Storage grows by doubling
 * and is never given back, so a queue in steady state allocates nothing; an
 * empty ring that never held a value costs 24 octets.
 *
 * @tparam T a trivially copyable value (AtmCell, a slot index, ...)
 */
template <typename T>
class AtmCellRing
{
    static_assert(std::is_trivially_copyable_v<T>, "AtmCellRing holds plain values");

  public:
    AtmCellRing() = default;
    AtmCellRing(const AtmCellRing&) = delete;
    AtmCellRing& operator=(const AtmCellRing&) = delete;
    /// Moved, as an element of a growing vector (AtmCellCalendar's lanes).
    AtmCellRing(AtmCellRing&&) noexcept = default;
    /// @return this ring, holding what the other held
    AtmCellRing& operator=(AtmCellRing&&) noexcept = default;

    /// @return true when nothing is held
    bool Empty() const
    {
        return m_size == 0;
    }

    /**
     * @param v the value to append at the back
     * @return the value as stored (valid until the next PushBack)
     */
    T& PushBack(const T& v)
    {
        if (m_size == m_cap)
        {
            Grow();
        }
        T& slot = m_data[(m_head + m_size) & (m_cap - 1)];
        slot = v;
        ++m_size;
        return slot;
    }

    /// @return the number of values held
    uint32_t Size() const
    {
        return m_size;
    }

    /**
     * @param i a position, 0 being the front
     * @return the value there
     */
    const T& At(uint32_t i) const
    {
        NS_ASSERT(i < m_size);
        return m_data[(m_head + i) & (m_cap - 1)];
    }

    /// @return the value at the front (the oldest), read only
    const T& Front() const
    {
        NS_ASSERT(m_size > 0);
        return m_data[m_head];
    }

    /// @return the value at the back (the last appended)
    const T& Back() const
    {
        NS_ASSERT(m_size > 0);
        return m_data[(m_head + m_size - 1) & (m_cap - 1)];
    }

    /// @return the value at the back (the last appended), to change it
    T& Back()
    {
        NS_ASSERT(m_size > 0);
        return m_data[(m_head + m_size - 1) & (m_cap - 1)];
    }

    /// @return the value taken from the front
    T PopFront()
    {
        T v = Front();
        DropFront();
        return v;
    }

    /// @brief Remove the value at the front (read it with Front() first).
    void DropFront()
    {
        NS_ASSERT(m_size > 0);
        m_head = (m_head + 1) & (m_cap - 1);
        --m_size;
    }

  private:
    /// Double the storage (capacity stays a power of two). Out of line: a
    /// PushBack on the cell path then saves no registers for it.
    [[gnu::noinline]] void Grow()
    {
        const uint32_t cap = m_cap ? 2 * m_cap : 4;
        std::unique_ptr<T[]> data(new T[cap]);
        for (uint32_t i = 0; i < m_size; ++i)
        {
            data[i] = m_data[(m_head + i) & (m_cap - 1)];
        }
        m_data = std::move(data);
        m_cap = cap;
        m_head = 0;
    }

    std::unique_ptr<T[]> m_data; //!< storage, m_cap values
    uint32_t m_cap{0};           //!< capacity, a power of two or 0
    uint32_t m_head{0};          //!< index of the front
    uint32_t m_size{0};          //!< values held
};

} // namespace ns3

#endif /* ATM_CELL_RING_H */
