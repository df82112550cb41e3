/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CELL_CALENDAR_H
#define ATM_CELL_CALENDAR_H

#include "ns3/event-impl.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The cell engine's calendar: the pending cell events in (time, uid)
 *        order, with O(1) insertion.
 *
 * A cell event is always scheduled a fixed delay from now: a port's cell
 * time (the end of a transmission) or a link's propagation delay (an
 * arrival). Events scheduled with one delay come due in the order they were
 * scheduled, since time only grows and each later event gets a larger uid.
 * So the calendar keeps one FIFO lane per delay (a ring that grows by
 * doubling, then never allocates again), and a binary heap of the lanes
 * that hold events, ordered by their first event. Inserting appends to a
 * lane (the lane of the last insertion is tried first); taking the earliest
 * event sifts one lane in a heap as large as the number of distinct delays:
 * two in a chain of equal links, a handful in most networks.
 */
class AtmCellCalendar
{
  public:
    /// A pending cell event.
    struct Entry
    {
        uint64_t ts;      //!< when it runs (time steps)
        uint32_t uid;     //!< its place in the order of scheduling
        uint32_t context; //!< node context
        EventImpl* impl;  //!< what runs (the calendar's owner holds a reference)
    };

    /**
     * @brief Add an event.
     * @param delay its delay from now (time steps): the lane
     * @param e the event, at now + delay
     */
    void Insert(int64_t delay, const Entry& e)
    {
        if (m_last >= m_lanes.size() || m_lanes[m_last].delay != delay)
        {
            m_last = FindLane(delay);
        }
        Lane& lane = m_lanes[m_last];
        if (lane.size == lane.ring.size())
        {
            Grow(lane);
        }
        lane.ring[(lane.head + lane.size) & (lane.ring.size() - 1)] = e;
        if (lane.size++ == 0)
        {
            m_heap.push_back(m_last);
            SiftUp(static_cast<uint32_t>(m_heap.size() - 1));
        }
    }

    /// @return true if no event is pending
    bool IsEmpty() const
    {
        return m_heap.empty();
    }

    /// @return the earliest event (the calendar must not be empty)
    const Entry& Front() const
    {
        const Lane& lane = m_lanes[m_heap.front()];
        return lane.ring[lane.head];
    }

    /// @return the earliest event, removed from the calendar
    Entry RemoveFront()
    {
        Lane& lane = m_lanes[m_heap.front()];
        const Entry e = lane.ring[lane.head];
        lane.head = (lane.head + 1) & (lane.ring.size() - 1);
        if (--lane.size == 0)
        {
            m_heap.front() = m_heap.back();
            m_heap.pop_back();
        }
        if (!m_heap.empty())
        {
            SiftDown(0);
        }
        return e;
    }

    /// @return every pending event, in no particular order; the calendar is emptied
    std::vector<Entry> TakeAll();

    /// @return how many distinct delays (lanes) the calendar has seen
    uint32_t GetNLanes() const
    {
        return static_cast<uint32_t>(m_lanes.size());
    }

  private:
    /// The events of one delay, in the order they come due.
    struct Lane
    {
        int64_t delay;           //!< their delay (time steps)
        std::vector<Entry> ring; //!< a ring, its size a power of two
        uint32_t head;           //!< index of the first
        uint32_t size;           //!< how many
    };

    /**
     * @param delay a delay
     * @return the index of its lane (made if new)
     */
    uint32_t FindLane(int64_t delay);

    /**
     * @brief Double a full lane's ring.
     * @param lane the lane
     */
    static void Grow(Lane& lane);

    /**
     * @param a a lane index
     * @param b another
     * @return true if lane @p a's first event comes due before lane @p b's
     */
    bool Before(uint32_t a, uint32_t b) const
    {
        const Entry& x = m_lanes[a].ring[m_lanes[a].head];
        const Entry& y = m_lanes[b].ring[m_lanes[b].head];
        return x.ts < y.ts || (x.ts == y.ts && x.uid < y.uid);
    }

    /**
     * @brief Restore the heap order upwards from @p i.
     * @param i a heap position
     */
    void SiftUp(uint32_t i)
    {
        while (i > 0)
        {
            const uint32_t parent = (i - 1) / 2;
            if (!Before(m_heap[i], m_heap[parent]))
            {
                break;
            }
            std::swap(m_heap[i], m_heap[parent]);
            i = parent;
        }
    }

    /**
     * @brief Restore the heap order downwards from @p i.
     * @param i a heap position
     */
    void SiftDown(uint32_t i)
    {
        const auto n = static_cast<uint32_t>(m_heap.size());
        while (true)
        {
            uint32_t first = i;
            const uint32_t left = 2 * i + 1;
            if (left < n && Before(m_heap[left], m_heap[first]))
            {
                first = left;
            }
            if (left + 1 < n && Before(m_heap[left + 1], m_heap[first]))
            {
                first = left + 1;
            }
            if (first == i)
            {
                return;
            }
            std::swap(m_heap[i], m_heap[first]);
            i = first;
        }
    }

    std::vector<Lane> m_lanes;    //!< one per delay seen
    std::vector<uint32_t> m_heap; //!< lanes that hold events, earliest first event on top
    uint32_t m_last{0};           //!< lane of the last insertion
};

} // namespace ns3

#endif /* ATM_CELL_CALENDAR_H */
