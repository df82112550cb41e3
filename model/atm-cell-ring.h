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
 * The queue of a port or of one VC: push at the back, pop at either end,
 * all O(1). Storage grows by doubling and is never given back, so a queue
 * in steady state allocates nothing; an empty ring that never held a value
 * costs 16 octets.
 *
 * @tparam T a trivially copyable value (AtmCell, a slot index, ...)
 */
template <typename T>
class AtmCellRing
{
    static_assert(std::is_trivially_copyable<T>::value, "AtmCellRing holds plain values");

  public:
    AtmCellRing() = default;
    AtmCellRing(const AtmCellRing&) = delete;
    AtmCellRing& operator=(const AtmCellRing&) = delete;

    /// Move constructor (rings live in vectors).
    AtmCellRing(AtmCellRing&& o) noexcept
        : m_data(std::move(o.m_data)),
          m_cap(o.m_cap),
          m_head(o.m_head),
          m_size(o.m_size)
    {
        o.m_cap = o.m_head = o.m_size = 0;
    }

    /**
     * Move assignment.
     * @param o the ring to take
     * @return this ring
     */
    AtmCellRing& operator=(AtmCellRing&& o) noexcept
    {
        m_data = std::move(o.m_data);
        m_cap = o.m_cap;
        m_head = o.m_head;
        m_size = o.m_size;
        o.m_cap = o.m_head = o.m_size = 0;
        return *this;
    }

    /// @return the number of values held
    uint32_t Size() const
    {
        return m_size;
    }

    /// @return true when nothing is held
    bool Empty() const
    {
        return m_size == 0;
    }

    /// @return the number of values the storage holds without growing
    uint32_t Capacity() const
    {
        return m_cap;
    }

    /**
     * @param v the value to append at the back
     */
    void PushBack(const T& v)
    {
        if (m_size == m_cap)
        {
            Grow();
        }
        m_data[(m_head + m_size) & (m_cap - 1)] = v;
        ++m_size;
    }

    /// @return the value at the front
    const T& Front() const
    {
        NS_ASSERT(m_size > 0);
        return m_data[m_head];
    }

    /// @return the value at the back
    const T& Back() const
    {
        NS_ASSERT(m_size > 0);
        return m_data[(m_head + m_size - 1) & (m_cap - 1)];
    }

    /// @return the value taken from the front
    T PopFront()
    {
        NS_ASSERT(m_size > 0);
        T v = m_data[m_head];
        m_head = (m_head + 1) & (m_cap - 1);
        --m_size;
        return v;
    }

    /// @return the value taken from the back
    T PopBack()
    {
        NS_ASSERT(m_size > 0);
        --m_size;
        return m_data[(m_head + m_size) & (m_cap - 1)];
    }

    /**
     * @param i position from the front
     * @return the value there
     */
    const T& At(uint32_t i) const
    {
        NS_ASSERT(i < m_size);
        return m_data[(m_head + i) & (m_cap - 1)];
    }

    /// Reserve room for at least @p n values.
    /// @param n how many
    void Reserve(uint32_t n)
    {
        while (m_cap < n)
        {
            Grow();
        }
    }

  private:
    /// Double the storage (capacity stays a power of two).
    void Grow()
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
