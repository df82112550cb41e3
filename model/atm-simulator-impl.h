/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SIMULATOR_IMPL_H
#define ATM_SIMULATOR_IMPL_H

#include "atm-cell-calendar.h"
#include "atm-cell-event.h"
#include "atm-cell-scheduler.h"
#include "atm-cell-timer.h"

#include "ns3/assert.h"
#include "ns3/atm-config.h"
#include "ns3/event-id.h"
#include "ns3/event-impl.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/scheduler.h"
#include "ns3/simulator-impl.h"
#include "ns3/simulator.h"

#include <atomic>
#include <list>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The cell engine: a sequential simulator implementation that runs
 *        the cell path's own events from a calendar of its own.
 *
 * Most events of a cell-level simulation are the cell path's: the end of a
 * cell's transmission at a port (one per cell-hop) and the arrival of a cell
 * that the receiving switch cannot take lazily. Each of them costs ns-3's
 * event core a scheduler insertion and removal (MapScheduler: a tree node
 * allocated and freed), an EventId and the calls through Simulator. This
 * implementation keeps those events in a calendar of its own
 * (AtmCellCalendar: O(1) insertion, no allocation once it has grown; each
 * entry the time, uid, context and the port's own reusable EventImpl),
 * and takes every other event (applications, TCP, the flow-control timers,
 * the user's) through the Scheduler the user chose (SchedulerType), exactly
 * as DefaultSimulatorImpl does.
 *
 * Both calendars draw their uids from one counter, in the order of the
 * Schedule calls, and Run() always executes the smallest (time, uid) of
 * the two. That is DefaultSimulatorImpl's order: at one instant events run
 * in the order they were scheduled, cell events and others alike. So a
 * simulation gives the same results, cell for cell, on either
 * implementation; only the cost of a cell event differs. GetEventCount()
 * counts both kinds, as DefaultSimulatorImpl would.
 *
 * Select it before the first call to Simulator:
 * @code
 * GlobalValue::Bind("SimulatorImplementationType",
 *                   StringValue("ns3::AtmSimulatorImpl"));
 * @endcode
 * or with --SimulatorImplementationType=ns3::AtmSimulatorImpl on the command
 * line of a program that parses one. The module's programs select it
 * themselves (AtmSimulatorImpl::SelectByDefault). Under any other
 * implementation (ns-3's default, real-time, distributed) the cell path
 * schedules its events through Simulator as before; with AtmCellScheduler
 * as that implementation's Scheduler they still go into a cell calendar.
 */
class AtmSimulatorImpl : public SimulatorImpl
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmSimulatorImpl();
    ~AtmSimulatorImpl() override;

    /**
     * @return the cell engine that runs the simulation now, or nullptr if
     *         the simulator implementation is another one
     */
    static AtmSimulatorImpl* Peek()
    {
        return s_current;
    }

    /**
     * @brief Now, in time steps, for the cell path: the cell engine's clock
     *        read directly, under another simulator implementation the time
     *        of the event an AtmCellScheduler gave it last, or else
     *        Simulator::Now(). The same value as Simulator::Now(), without its
     *        calls through the implementation pointer (about 50
     *        instructions, paid several times per cell under ABR).
     * @return the current simulation time (time steps)
     */
    static int64_t CurrentTimeStep()
    {
        if (s_current)
        {
            return static_cast<int64_t>(s_current->m_currentTs);
        }
        // An AtmCellScheduler knows the time of the event it gave last.
        const AtmCellScheduler* scheduler = AtmCellScheduler::Peek();
        if (scheduler && scheduler->GetRunningTimeStep() >= 0)
        {
            return scheduler->GetRunningTimeStep();
        }
        return Simulator::Now().GetTimeStep();
    }

    /**
     * @return the current simulation time, as CurrentTimeStep()
     */
    static Time CurrentTime()
    {
        return TimeStep(CurrentTimeStep());
    }

    /**
     * @brief Schedule a cell event of the cell path: @p event runs @p delay
     *        from now, in node context @p context. With the cell engine it
     *        goes into the engine's calendar, otherwise through
     *        Simulator::ScheduleWithContext (announced to an AtmCellScheduler,
     *        if that is the implementation's Scheduler, which then keeps it
     *        in its calendar). A reference to @p event is held until it has
     *        run; it cannot be cancelled.
     * @param context the node context
     * @param delay the delay
     * @param event a reusable event of the caller's
     */
    [[gnu::always_inline]] static void ScheduleCellEvent(uint32_t context,
                                                         const Time& delay,
                                                         AtmCellEvent* event)
    {
        if (s_current)
        {
            s_current->ScheduleCell(context, delay.GetTimeStep(), event);
            return;
        }
        ScheduleCellEventOffEngine(context, delay, event);
    }

    /**
     * @brief Make this engine the simulator implementation of programs that
     *        do not choose one: bind SimulatorImplementationType to
     *        ns3::AtmSimulatorImpl unless the environment (NS_GLOBAL_VALUE)
     *        names another. Call it first in main(), before CommandLine
     *        parses (--SimulatorImplementationType still overrides it) and
     *        before any call to Simulator.
     */
    static void SelectByDefault();

    /**
     * @brief Whether the environment (NS_GLOBAL_VALUE) sets a global value,
     *        before which a program's own default gives way.
     * @param name the global value, e.g. "SimulatorImplementationType"
     * @return true if NS_GLOBAL_VALUE names it
     */
    static bool IsSetInEnvironment(const std::string& name);

    /**
     * @return the cell events run so far (also counted in GetEventCount())
     */
    uint64_t GetCellEventCount() const;

    /**
     * @return the expiries of AtmCellTimers run so far, cancelled ones
     *         included (also counted in GetEventCount())
     */
    uint64_t GetTimerEventCount() const;

    /**
     * @brief Schedule an expiry of an AtmCellTimer in the current context
     *        (AtmCellTimer::Schedule calls it).
     * @param delaySteps delay from now (time steps), not negative
     * @param timer the timer's function (a reference is held until the
     *        expiry comes due)
     * @return the expiry's uid: it runs only if the timer still holds it
     */
    uint32_t ScheduleTimer(int64_t delaySteps, AtmCellTimer::Impl* timer);

    /**
     * @brief Back the process's heap with 2 MiB pages where it is fully in
     *        memory (what Run() does first when HugePages is true).
     *
     * Large per-VC tables visited in random order miss the TLB on 4 KiB
     * pages. Each 2 MiB-aligned region of the heap's private anonymous
     * mappings whose 512 pages are all resident (mincore) is collapsed
     * into one huge page (madvise MADV_COLLAPSE, Linux 6.1 and later): no
     * page is added, the contents and addresses stay, results do not
     * change. Elsewhere, or if the kernel refuses, nothing happens.
     * Collapsing costs a few milliseconds per 2 MiB (1 to 3 s per GiB
     * measured), once per region.
     *
     * @param minHeap do nothing if the heap's mappings hold fewer octets
     *        (Run() passes HUGE_PAGES_MIN_HEAP: a small heap is within the
     *        TLB's reach)
     * @return octets of the heap on huge pages after the call (regions
     *         collapsed now or by an earlier call)
     */
    static uint64_t CollapseResidentHeap(uint64_t minHeap);

    /// The heap below which Run() leaves the pages as they are (64 MiB).
    static constexpr uint64_t HUGE_PAGES_MIN_HEAP = uint64_t{64} << 20;

    // SimulatorImpl
    void Destroy() override;
    bool IsFinished() const override;
    void Stop() override;
#if ATM_NS3_VERSION_MAJOR == 3 && ATM_NS3_VERSION_MINOR < 41
    void Stop(const Time& delay) override;
#else
    EventId Stop(const Time& delay) override;
#endif
    EventId Schedule(const Time& delay, EventImpl* event) override;
    void ScheduleWithContext(uint32_t context, const Time& delay, EventImpl* event) override;
    EventId ScheduleNow(EventImpl* event) override;
    EventId ScheduleDestroy(EventImpl* event) override;
    void Remove(const EventId& id) override;
    void Cancel(const EventId& id) override;
    bool IsExpired(const EventId& id) const override;
    void Run() override;
    Time Now() const override;
    Time GetDelayLeft(const EventId& id) const override;
    Time GetMaximumSimulationTime() const override;
    void SetScheduler(ObjectFactory schedulerFactory) override;
    uint32_t GetSystemId() const override;
    uint32_t GetContext() const override;
    uint64_t GetEventCount() const override;

  protected:
    void DoDispose() override;

  private:
    /**
     * @brief ScheduleCellEvent() under another simulator implementation:
     *        out of line, so that the engine's path inlines where it is
     *        called.
     * @param context the node context
     * @param delay the delay
     * @param event a reusable event of the caller's
     */
    [[gnu::noinline]] static void ScheduleCellEventOffEngine(uint32_t context,
                                                             const Time& delay,
                                                             AtmCellEvent* event);

    /**
     * @brief Put a cell event into the calendar.
     * @param context node context
     * @param delaySteps delay from now, time steps
     * @param event the event (a reference is taken)
     *
     * Inline, in the two places that schedule cell events: as a call it
     * cost about 20 instructions of entry and exit per cell event.
     */
    [[gnu::always_inline]] void ScheduleCell(uint32_t context,
                                             int64_t delaySteps,
                                             AtmCellEvent* event)
    {
        NS_ASSERT_MSG(delaySteps >= 0, "AtmSimulatorImpl: a cell event in the past");
        event->Ref();
        m_cells.Insert(delaySteps,
                       AtmCellCalendar::Entry{m_currentTs + static_cast<uint64_t>(delaySteps),
                                              m_uid++,
                                              context,
                                              event},
                       event->lane);
    }

    /// @brief Run the earliest cell event.
    void RunCellEvent();

    /// @brief Run the earliest event of the Scheduler.
    void RunSchedulerEvent();

    /// @brief Run (or skip, if cancelled) the earliest timer expiry.
    void RunTimerEvent();

    /**
     * @brief Move the clock to an event about to run (of any kind) and
     *        count it.
     * @param ts its time (time steps)
     * @param context its node context
     * @param uid its uid
     */
    void BeginEvent(uint64_t ts, uint32_t context, uint32_t uid)
    {
        NS_ASSERT(ts >= m_currentTs);
        m_currentTs = ts;
        m_currentContext = context;
        m_currentUid = uid;
        ++m_eventCount;
    }

    /// An expiry of an AtmCellTimer.
    struct TimerEntry
    {
        uint64_t ts;               //!< when it runs (time steps)
        uint32_t uid;              //!< its place in the order of scheduling
        uint32_t context;          //!< node context
        AtmCellTimer::Impl* timer; //!< the timer (a reference is held)
    };

    /**
     * @brief m_nextKey becomes @p t's key if @p t comes first.
     * @param t a timer expiry
     */
    void LowerNextKey(const TimerEntry& t);

    /// Heap order of the expiries: the earliest (time, uid) on top.
    struct TimerLater
    {
        /**
         * @param a an expiry
         * @param b another
         * @return true if @p a runs after @p b
         */
        bool operator()(const TimerEntry& a, const TimerEntry& b) const
        {
            return a.ts > b.ts || (a.ts == b.ts && a.uid > b.uid);
        }
    };

    /**
     * @brief Insert into the Scheduler.
     * @param ts absolute time (time steps)
     * @param context node context
     * @param event the event
     * @return the key given to it
     */
    Scheduler::EventKey Insert(uint64_t ts, uint32_t context, EventImpl* event);

    /// @brief Set m_schedulerKey to the Scheduler's earliest event (or past
    ///        all) after it lost one, then m_nextKey.
    void UpdateSchedulerKey();

    /// @brief Set m_nextKey to the earlier of m_schedulerKey and the first
    ///        timer expiry.
    void UpdateNextKey();

    /// @brief Move the events other threads scheduled into the Scheduler.
    void TakeEventsOfOtherThreads();

    /// An event scheduled from another thread, timed from when it is taken.
    struct ForeignEvent
    {
        uint32_t context; //!< node context
        int64_t delay;    //!< time steps from when it is taken
        EventImpl* impl;  //!< what runs
    };

    static AtmSimulatorImpl* s_current; //!< the engine in use

    Ptr<Scheduler> m_events;            //!< every event but the cell events
    Scheduler::EventKey m_schedulerKey; //!< key of the Scheduler's earliest event
    Scheduler::EventKey m_nextKey;      //!< key of the earliest Scheduler event or timer
    std::vector<TimerEntry> m_timers;   //!< the timers' expiries, a heap (TimerLater)
    uint64_t m_timerEventCount{0};      //!< expiries run or skipped
    AtmCellCalendar m_cells;            //!< the cell events
    std::list<EventId> m_destroyEvents; //!< run by Destroy()
    uint64_t m_currentTs;               //!< now, time steps
    uint32_t m_currentUid;              //!< uid of the running event
    uint32_t m_currentContext;          //!< context of the running event
    uint32_t m_uid;                     //!< next uid
    bool m_stop;                        //!< Stop() was called
    uint64_t m_eventCount;              //!< events run, both kinds
    uint64_t m_cellEventCount;          //!< cell events run
    std::thread::id m_mainThread;       //!< the thread that runs events
    std::mutex m_foreignMutex;          //!< guards m_foreign
    std::list<ForeignEvent> m_foreign;  //!< scheduled by other threads
    std::atomic<bool> m_foreignEmpty;   //!< m_foreign is empty (read unlocked)
    bool m_hugePages{true};             //!< HugePages: CollapseResidentHeap() in Run()
};

} // namespace ns3

#endif /* ATM_SIMULATOR_IMPL_H */
