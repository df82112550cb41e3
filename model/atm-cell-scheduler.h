/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CELL_SCHEDULER_H
#define ATM_CELL_SCHEDULER_H

#include "atm-cell-calendar.h"
#include "atm-cell-event.h"

#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/scheduler.h"
#include "ns3/type-id.h"

#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief A Scheduler that keeps the cell path's events in the cell engine's
 *        calendar, for the simulator implementations other than the cell
 *        engine: ns-3's distributed engines on MPI ranks, real time, the
 *        default.
 *
 * The cell engine (AtmSimulatorImpl) is a SimulatorImpl of its own, so it
 * cannot run on MPI ranks: MpiInterface installs ns-3's
 * DistributedSimulatorImpl or NullMessageSimulatorImpl there, whose
 * message exchange is reserved to them. Under any implementation, though,
 * every event goes through the implementation's Scheduler. This one takes
 * the cell path's events (AtmSimulatorImpl::ScheduleCellEvent announces
 * each before it schedules it through Simulator) into an AtmCellCalendar
 * (O(1) insertion, no allocation once grown), and every other event into
 * the Scheduler named by its OtherEvents attribute (MapScheduler unless
 * set), but for the expiries of AtmCellTimers (AtmCellTimer announces
 * each too), which go into a heap of its own (no allocation once grown).
 * PeekNext() and RemoveNext() give the earliest of the three by (time,
 * uid): the uids are the implementation's own, so the order is exactly
 * that of the other Scheduler alone, and so are the results.
 *
 * On ranks the implementation's granted time windows (or null messages)
 * see the cell events as any other: a remote link's lookahead bounds how
 * far a rank runs its cells. What is saved per cell event and per timer
 * expiry is the other Scheduler's insertion and removal (MapScheduler: a
 * tree node allocated and freed); the implementation's own work per event
 * remains.
 *
 * Select it before the first call to Simulator (AtmCellScheduler::
 * SelectByDefault() in the module's distributed programs):
 * @code
 * GlobalValue::Bind("SchedulerType", StringValue("ns3::AtmCellScheduler"));
 * @endcode
 */
class AtmCellScheduler : public Scheduler
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmCellScheduler();
    ~AtmCellScheduler() override;

    /**
     * @return the scheduler of the simulator implementation in use, or
     *         nullptr if it uses another Scheduler (or is the cell engine)
     */
    static AtmCellScheduler* Peek()
    {
        return s_current;
    }

    /**
     * @brief Announce a cell event: its next insertion through Simulator
     *        goes into the cell calendar.
     * @param event the cell event about to be scheduled
     * @param delaySteps its delay (time steps): its calendar lane
     */
    void ExpectCellEvent(AtmCellEvent* event, int64_t delaySteps)
    {
        m_expected = event;
        m_expectedDelay = delaySteps;
    }

    /**
     * @brief Announce an expiry of an AtmCellTimer: its next insertion
     *        through Simulator goes into the timer heap.
     * @param event the timer's event object about to be scheduled
     */
    void ExpectTimerEvent(EventImpl* event)
    {
        m_expectedTimer = event;
    }

    /**
     * @brief Bind SchedulerType to ns3::AtmCellScheduler unless the
     *        environment (NS_GLOBAL_VALUE) names a Scheduler or it is bound
     *        to another than ns-3's default MapScheduler already. Call it
     *        before any call to Simulator; before CommandLine parses,
     *        --SchedulerType still overrides it.
     */
    static void SelectByDefault();

    /**
     * @brief Set the Scheduler of the events that are not cell events.
     * @param type its TypeId (a Scheduler); pending events move to it
     */
    void SetOtherEventsType(TypeId type);

    /// @return the TypeId of the Scheduler of the other events
    TypeId GetOtherEventsType() const;

    /// @return the cell events removed so far (that is, run)
    uint64_t GetCellEventCount() const;

    /// @return the AtmCellTimer expiries removed so far, cancelled ones included
    uint64_t GetTimerEventCount() const;

    /**
     * @return the time (time steps) of the last event removed, which is the
     *         one the simulator implementation runs now; -1 before the first
     *         (AtmSimulatorImpl::CurrentTimeStep() reads it instead of
     *         Simulator::Now())
     */
    int64_t GetRunningTimeStep() const
    {
        return m_runningTs;
    }

    /**
     * @brief Insert an event: the announced cell event into the calendar,
     *        the announced timer expiry into the timer heap, any other into
     *        the other Scheduler.
     * @param ev the event
     */
    void Insert(const Event& ev) override;

    /// @return true if none of the calendar, the timer heap and the other Scheduler holds an event
    bool IsEmpty() const override;

    /// @return the earliest by (time, uid) of the calendar's, the timer heap's and the other
    /// Scheduler's first events
    Event PeekNext() const override;

    /// @return the event PeekNext() gives, removed
    Event RemoveNext() override;

    /**
     * @brief Remove an event that is not a cell event nor a timer expiry
     *        (those have no EventId, so nothing removes them).
     * @param ev the event
     */
    void Remove(const Event& ev) override;

  protected:
    /// @brief Release the events left, and stop being the scheduler in use.
    void DoDispose() override;

  private:
    /// @return true if the timer heap's first expiry comes before the other Scheduler's first event
    bool TimerFirst() const
    {
        return !m_timers.empty() && m_timers.front().key < m_otherFirst.key;
    }

    /// @return true if the calendar's first event comes before the others'
    bool CellFirst() const
    {
        return m_cells.FrontRunsBefore(TimerFirst() ? m_timers.front().key : m_otherFirst.key);
    }

    /// Heap order of the timer expiries: the earliest (time, uid) on top.
    struct Later
    {
        /**
         * @param a an expiry
         * @param b another
         * @return true if @p a runs after @p b
         */
        bool operator()(const Event& a, const Event& b) const
        {
            return b.key < a.key;
        }
    };

    /**
     * @param c a cell event of the calendar
     * @return it as the Scheduler's event
     */
    static Event AsEvent(const AtmCellCalendar::Entry& c)
    {
        Event ev;
        ev.impl = c.impl;
        ev.key.m_ts = c.ts;
        ev.key.m_uid = c.uid;
        ev.key.m_context = c.context;
        return ev;
    }

    /// @brief Set m_otherFirst to the other Scheduler's first event (or past all).
    void UpdateOtherFirst();

    static AtmCellScheduler* s_current; //!< the scheduler in use

    AtmCellCalendar m_cells;             //!< the cell events
    Ptr<Scheduler> m_others;             //!< every other event
    TypeId m_othersType;                 //!< m_others' type
    Event m_otherFirst;                  //!< m_others' first event (key past all if none)
    std::vector<Event> m_timers;         //!< the timers' expiries, a heap (Later)
    AtmCellEvent* m_expected{nullptr};   //!< the cell event announced, if any
    int64_t m_expectedDelay{0};          //!< its delay (time steps)
    EventImpl* m_expectedTimer{nullptr}; //!< the timer expiry announced, if any
    uint64_t m_cellEventCount{0};        //!< cell events removed
    uint64_t m_timerEventCount{0};       //!< timer expiries removed
    int64_t m_runningTs{-1};             //!< time of the last event removed
};

} // namespace ns3

#endif /* ATM_CELL_SCHEDULER_H */
