/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CELL_CALENDAR_H
#define ATM_CELL_CALENDAR_H

#include "atm-cell-event.h"
#include "atm-cell-ring.h"
#include "atm-index-heap.h"

#include "ns3/scheduler.h"

#include <cstdint>
#include <limits>
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
 * So the calendar keeps one FIFO lane per delay (an AtmCellRing: it grows by
 * doubling, then never allocates again), and a binary heap of the lanes
 * that hold events, ordered by their first event. Inserting appends to a
 * lane (the caller keeps the lane of its delay as a hint, checked, so the
 * lane is looked for only when a delay is new to the caller); taking the earliest
 * event sifts one lane in a heap as large as the number of distinct delays:
 * two in a chain of equal links, a handful in most networks.
 */
class AtmCellCalendar
{
  public:
    /// A pending cell event.
    struct Entry
    {
        uint64_t ts;        //!< when it runs (time steps)
        uint32_t uid;       //!< its place in the order of scheduling
        uint32_t context;   //!< node context
        AtmCellEvent* impl; //!< what runs (the calendar's owner holds a reference)
    };

    /**
     * @brief Add an event.
     * @param delay its delay from now (time steps): the lane
     * @param e the event, at now + delay
     * @param lane the caller's hint: the lane of its last insertion with
     *        this delay; checked, and set to the lane used
     */
    [[gnu::always_inline]] void Insert(int64_t delay, const Entry& e, uint32_t& lane)
    {
        if (lane >= m_lanes.size() || m_lanes[lane].delay != delay)
        {
            lane = FindLane(delay);
        }
        AtmCellRing<Entry>& entries = m_lanes[lane].entries;
        entries.PushBack(e);
        if (entries.Size() == 1)
        {
            m_heap.Push(lane, KeyOf(e));
        }
    }

    /// @return true if no event is pending
    bool IsEmpty() const
    {
        return m_heap.IsEmpty();
    }

    /// @return the earliest event (the calendar must not be empty)
    const Entry& Front() const
    {
        return m_lanes[m_heap.Top()].entries.Front();
    }

    /**
     * @brief The one rule that merges the calendar with the other events
     *        (the cell engine's Run, AtmCellScheduler): by time, then uid,
     *        DefaultSimulatorImpl's order.
     * @param key the first of the other events (AfterAll() if none)
     * @return true if the calendar holds an event that runs before it
     */
    bool FrontRunsBefore(const Scheduler::EventKey& key) const
    {
        if (IsEmpty())
        {
            return false;
        }
        const AtmIndexHeap::Key& c = m_heap.TopKey();
        return static_cast<uint64_t>(c.time) < key.m_ts ||
               (static_cast<uint64_t>(c.time) == key.m_ts && c.order < key.m_uid);
    }

    /// @return a key after every event's: the other events' when there are none
    static Scheduler::EventKey AfterAll()
    {
        Scheduler::EventKey key;
        key.m_ts = std::numeric_limits<uint64_t>::max();
        key.m_uid = std::numeric_limits<uint32_t>::max();
        key.m_context = 0;
        return key;
    }

    /// @return the earliest event, removed from the calendar
    Entry RemoveFront()
    {
        AtmCellRing<Entry>& lane = m_lanes[m_heap.Top()].entries;
        const Entry e = lane.PopFront();
        if (lane.Empty())
        {
            m_heap.PopTop();
        }
        else
        {
            m_heap.ReplaceTop(KeyOf(lane.Front()));
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
        int64_t delay;              //!< their delay (time steps)
        AtmCellRing<Entry> entries; //!< the events, first due in front
    };

    /**
     * @param delay a delay
     * @return the index of its lane (made if new)
     */
    uint32_t FindLane(int64_t delay);

    /**
     * @param e an event
     * @return its key in the heap of lanes: time, then uid
     */
    static AtmIndexHeap::Key KeyOf(const Entry& e)
    {
        return AtmIndexHeap::Key{static_cast<int64_t>(e.ts), e.uid};
    }

    std::vector<Lane> m_lanes; //!< one per delay seen
    AtmIndexHeap m_heap;       //!< lanes that hold events, earliest first event on top
};

} // namespace ns3

#endif /* ATM_CELL_CALENDAR_H */
