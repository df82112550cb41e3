/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The cell engine (AtmSimulatorImpl) against ns-3's DefaultSimulatorImpl:
// the same script of events, cell events and AtmCellTimer expiries among
// them, runs in the same order at the same times in the same contexts on
// both, with the same answers to IsExpired, GetDelayLeft, Cancel, Remove,
// Stop, IsPending and the destroy events.

#include "atm-test-lambda.h"
#include "atm-test-suite.h"

#include "ns3/atm-cell-calendar.h"
#include "ns3/atm-cell-scheduler.h"
#include "ns3/atm-cell-timer.h"
#include "ns3/atm-simulator-impl.h"
#include "ns3/event-impl.h"
#include "ns3/global-value.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

using namespace ns3;

namespace
{

/// What a script run saw, one line per event or query.
using Log = std::vector<std::string>;

/// The three ways to run AtmCellTimers: (implementation, Scheduler).
const std::pair<const char*, const char*> kPaths[] = {
    {"ns3::DefaultSimulatorImpl", "ns3::MapScheduler"},
    {"ns3::DefaultSimulatorImpl", "ns3::AtmCellScheduler"},
    {"ns3::AtmSimulatorImpl", "ns3::MapScheduler"},
};

/**
 * @param log where the line goes
 * @param what what happened
 */
void
Note(Log* log, const std::string& what)
{
    std::ostringstream os;
    // The clock the cell path reads, and Simulator's: the same on every path.
    os << AtmSimulatorImpl::CurrentTimeStep() << "/" << Simulator::Now().GetTimeStep() << " ctx "
       << Simulator::GetContext() << " " << what;
    log->push_back(os.str());
}

/**
 * @brief The scripts' pseudo-random numbers: one step of a linear
 *        congruential generator (the same sequence on every platform).
 * @param state the generator's state, advanced
 * @return the new state
 */
uint32_t
NextState(uint32_t& state)
{
    state = state * 1103515245U + 12345U;
    return state;
}

/**
 * A reusable event, as the cell path's ports own them: it notes itself
 * and, a given number of times, schedules a cell event and another event
 * with pseudo-random delays of 0 to 3 steps (many ties).
 */
class ScriptEvent : public AtmCellEvent
{
  public:
    /**
     * @param log the log
     * @param name its name
     * @param rounds how many times it schedules more
     */
    ScriptEvent(Log* log, std::string name, uint32_t rounds)
        : m_log(log),
          m_name(std::move(name)),
          m_rounds(rounds)
    {
    }

  private:
    void Notify() override
    {
        Note(m_log, m_name);
        if (m_rounds == 0)
        {
            return;
        }
        --m_rounds;
        NextState(m_state);
        const uint32_t a = (m_state >> 16) & 3;
        const uint32_t b = (m_state >> 20) & 3;
        AtmSimulatorImpl::ScheduleCellEvent(m_rounds % 5, TimeStep(a), this);
        Simulator::Schedule(TimeStep(b),
                            &Note,
                            m_log,
                            m_name + " child " + std::to_string(m_rounds));
    }

    Log* m_log;          //!< the log
    std::string m_name;  //!< its name
    uint32_t m_rounds;   //!< rounds left
    uint32_t m_state{7}; //!< pseudo-random state
};

/**
 * A model object with a timer (as an ABR gate or a cell source has): at
 * each expiry it notes itself and, a given number of times, re-arms with a
 * pseudo-random delay of 0 to 3 steps; every other time it re-arms twice
 * (the first expiry cancelled, skipped when it comes due) and now and then
 * it cancels and arms a second timer instead.
 */
class TimerWalker
{
  public:
    /**
     * @param log the log
     * @param name its name
     * @param rounds how many times it re-arms
     */
    TimerWalker(Log* log, std::string name, uint32_t rounds)
        : m_log(log),
          m_name(std::move(name)),
          m_rounds(rounds)
    {
        m_timer.SetFunction(&TimerWalker::Expire, this);
        m_other.SetFunction(&TimerWalker::Other, this, 7U);
    }

    /**
     * @brief Arm the timer.
     * @param steps delay, time steps
     */
    void Start(uint32_t steps)
    {
        m_timer.Schedule(TimeStep(steps));
    }

    /**
     * @brief Cancel both timers and arm the first far ahead, then cancel
     *        it: a skipped expiry is the last event of the run.
     */
    void CancelAhead()
    {
        m_other.Cancel();
        m_timer.Schedule(TimeStep(150));
        m_timer.Cancel();
        Note(m_log, m_name + " cancelled, pending " + std::to_string(m_timer.IsPending()));
    }

  private:
    /// The timer expired.
    void Expire()
    {
        Note(m_log, m_name + " expired, pending " + std::to_string(m_timer.IsPending()));
        if (m_rounds == 0)
        {
            return;
        }
        --m_rounds;
        NextState(m_state);
        const uint32_t a = (m_state >> 16) & 3;
        m_timer.Schedule(TimeStep(a));
        if ((m_state >> 24) & 1)
        {
            m_timer.Schedule(TimeStep(a + 1)); // the first expiry is cancelled
        }
        if ((m_state >> 25) % 5 == 0)
        {
            m_timer.Cancel();
            m_other.Schedule(TimeStep(a));
        }
        Note(m_log, m_name + " armed, pending " + std::to_string(m_timer.IsPending()));
    }

    /**
     * @brief The second timer expired: arm the first again.
     * @param x an argument bound to it
     */
    void Other(uint32_t x)
    {
        Note(m_log, m_name + " other " + std::to_string(x));
        m_timer.Schedule(TimeStep(1));
    }

    Log* m_log;           //!< the log
    std::string m_name;   //!< its name
    uint32_t m_rounds;    //!< rounds left
    uint32_t m_state{11}; //!< pseudo-random state
    AtmCellTimer m_timer; //!< its timer
    AtmCellTimer m_other; //!< a second timer, with an argument
};

/**
 * @param impl the simulator implementation's type name
 * @param scheduler the Scheduler's type name
 * @param[out] cellEvents the cell events run from the engine's calendar or
 *             from an AtmCellScheduler's (0 otherwise)
 * @param[out] timerEvents the timer expiries, cancelled ones included, run
 *             from the engine's heap or from an AtmCellScheduler's (0
 *             otherwise)
 * @return the log of the script
 */
Log
RunScript(const std::string& impl,
          const std::string& scheduler,
          uint64_t& cellEvents,
          uint64_t& timerEvents)
{
    Simulator::Destroy();
    GlobalValue::Bind("SimulatorImplementationType", StringValue(impl));
    GlobalValue::Bind("SchedulerType", StringValue(scheduler));
    Log log;
    std::vector<Ptr<ScriptEvent>> walkers;
    walkers.reserve(3);
    for (uint32_t w = 0; w < 3; ++w)
    {
        walkers.push_back(Create<ScriptEvent>(&log, "walker " + std::to_string(w), 40 + w));
    }
    TimerWalker timerA(&log, "timer A", 30);
    TimerWalker timerB(&log, "timer B", 35);
    atmtest::Schedule(TimeStep(0), [&]() {
        Note(&log, "start");
        timerA.Start(10);
        Simulator::ScheduleWithContext(4, TimeStep(2), &TimerWalker::Start, &timerB, 3);
        atmtest::Schedule(TimeStep(60), [&timerA]() { timerA.CancelAhead(); });
        AtmSimulatorImpl::ScheduleCellEvent(7, TimeStep(10), PeekPointer(walkers[0]));
        Simulator::Schedule(TimeStep(10), &Note, &log, "a");
        Simulator::ScheduleWithContext(3, TimeStep(10), &Note, &log, "b");
        AtmSimulatorImpl::ScheduleCellEvent(9, TimeStep(5), PeekPointer(walkers[1]));
        Simulator::ScheduleNow(&Note, &log, "now");
        AtmSimulatorImpl::ScheduleCellEvent(2, TimeStep(0), PeekPointer(walkers[2]));
        EventId cancelled = Simulator::Schedule(TimeStep(10), &Note, &log, "cancelled");
        EventId removed = Simulator::Schedule(TimeStep(10), &Note, &log, "removed");
        EventId kept = Simulator::Schedule(TimeStep(12), &Note, &log, "kept");
        Simulator::Cancel(cancelled);
        Simulator::Remove(removed);
        Note(&log,
             "expired " + std::to_string(cancelled.IsExpired()) +
                 std::to_string(removed.IsExpired()) + std::to_string(kept.IsExpired()) + " left " +
                 std::to_string(Simulator::GetDelayLeft(kept).GetTimeStep()));
        atmtest::Schedule(TimeStep(11), [&log, kept]() {
            Note(&log,
                 "kept expired " + std::to_string(kept.IsExpired()) + " left " +
                     std::to_string(Simulator::GetDelayLeft(kept).GetTimeStep()));
        });
        Simulator::Schedule(TimeStep(200), &Note, &log, "after the stop");
    });
    EventId destroy = Simulator::ScheduleDestroy(&Note, &log, "destroy");
    EventId gone = Simulator::ScheduleDestroy(&Note, &log, "destroy removed");
    Simulator::Remove(gone);
    Note(&log,
         "destroy expired " + std::to_string(destroy.IsExpired()) +
             std::to_string(gone.IsExpired()));
    Simulator::Stop(TimeStep(100));
    Simulator::Run();
    Note(&log, "stopped, finished " + std::to_string(Simulator::IsFinished()));
    // The Scheduler's earliest event removed: the cell event after it runs
    // before the Scheduler's next one.
    Ptr<ScriptEvent> lateCell = Create<ScriptEvent>(&log, "late cell", 0);
    EventId first = Simulator::Schedule(TimeStep(5), &Note, &log, "removed first");
    AtmSimulatorImpl::ScheduleCellEvent(1, TimeStep(6), PeekPointer(lateCell));
    Simulator::Schedule(TimeStep(7), &Note, &log, "after the removed one");
    Simulator::Remove(first);
    Simulator::Run();
    Note(&log,
         "events " + std::to_string(Simulator::GetEventCount()) + " finished " +
             std::to_string(Simulator::IsFinished()));
    AtmSimulatorImpl* engine = AtmSimulatorImpl::Peek();
    const AtmCellScheduler* cells = AtmCellScheduler::Peek();
    cellEvents = engine ? engine->GetCellEventCount() : (cells ? cells->GetCellEventCount() : 0);
    timerEvents = engine ? engine->GetTimerEventCount() : (cells ? cells->GetTimerEventCount() : 0);
    Simulator::Destroy();
    log.emplace_back("end");
    GlobalValue::Bind("SimulatorImplementationType", StringValue("ns3::DefaultSimulatorImpl"));
    GlobalValue::Bind("SchedulerType", StringValue("ns3::MapScheduler"));
    return log;
}

} // namespace

/**
 * @ingroup atm-tests
 * One script of events on both implementations: the same log.
 */
class AtmSimulatorImplOrderTestCase : public TestCase
{
  public:
    AtmSimulatorImplOrderTestCase()
        : TestCase("The cell engine runs every event as DefaultSimulatorImpl does")
    {
    }

  private:
    /**
     * @param got a path's log
     * @param expected DefaultSimulatorImpl's
     * @param path the path's name, for the messages
     */
    void ExpectSameLog(const Log& got, const Log& expected, const std::string& path)
    {
        NS_TEST_ASSERT_MSG_EQ(got.size(), expected.size(), "lines of the log, " << path);
        for (size_t i = 0; i < expected.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(got[i], expected[i], "line " << i << ", " << path);
        }
    }

    void DoRun() override
    {
        uint64_t cellsDefault = 0;
        uint64_t cellsEngine = 0;
        uint64_t timersDefault = 0;
        uint64_t timersEngine = 0;
        const Log expected = RunScript("ns3::DefaultSimulatorImpl",
                                       "ns3::MapScheduler",
                                       cellsDefault,
                                       timersDefault);
        const Log got =
            RunScript("ns3::AtmSimulatorImpl", "ns3::MapScheduler", cellsEngine, timersEngine);
        NS_TEST_EXPECT_MSG_EQ(cellsDefault + timersDefault,
                              0,
                              "no engine under DefaultSimulatorImpl");
        // Every expiry of the two walkers went through the engine, the
        // cancelled ones too (their "armed" and "cancelled" lines count
        // the expiries that ran; skipped ones are the rest).
        uint64_t ran = 0;
        for (const std::string& line : got)
        {
            ran += line.find(" expired, ") != std::string::npos ||
                   line.find(" other ") != std::string::npos;
        }
        NS_TEST_EXPECT_MSG_GT(timersEngine, ran, "cancelled expiries are skipped, and counted");
        NS_TEST_EXPECT_MSG_GT(ran, 60, "the timers ran");
        // Three walkers: one first run each, then 40, 41 and 42 more; and
        // the late cell after the stop.
        NS_TEST_EXPECT_MSG_EQ(cellsEngine, 3 + 40 + 41 + 42 + 1, "cell events run by the engine");
        ExpectSameLog(got, expected, "the cell engine");
        NS_TEST_EXPECT_MSG_EQ(AtmSimulatorImpl::Peek(), nullptr, "engine gone after Destroy");
        // DefaultSimulatorImpl with AtmCellScheduler: the same log, the cell
        // events from its calendar, every timer expiry from its heap.
        uint64_t cellsScheduler = 0;
        uint64_t timersScheduler = 0;
        const Log scheduled = RunScript("ns3::DefaultSimulatorImpl",
                                        "ns3::AtmCellScheduler",
                                        cellsScheduler,
                                        timersScheduler);
        NS_TEST_EXPECT_MSG_EQ(cellsScheduler, cellsEngine, "cell events from the calendar");
        NS_TEST_EXPECT_MSG_EQ(timersScheduler,
                              timersEngine,
                              "timer expiries from the heap, the skipped ones too");
        ExpectSameLog(scheduled, expected, "AtmCellScheduler");
        NS_TEST_EXPECT_MSG_EQ(AtmCellScheduler::Peek(), nullptr, "scheduler gone after Destroy");
        // An engine made but not installed as the simulator takes no cell events.
        Ptr<AtmSimulatorImpl> loose = CreateObject<AtmSimulatorImpl>();
        NS_TEST_EXPECT_MSG_EQ(AtmSimulatorImpl::Peek(), nullptr, "a loose engine is not in use");
        loose->Dispose();
    }
};

/**
 * @ingroup atm-tests
 * Timers kept in a growing vector (as AtmAbrGate keeps its connections'):
 * moving a timer moves its pending expiry; destroying the moved-from one
 * cancels nothing; a vector shrunk to fit keeps them too. On both
 * implementations.
 */
class AtmCellTimerMoveTestCase : public TestCase
{
  public:
    AtmCellTimerMoveTestCase()
        : TestCase("An AtmCellTimer moved while pending still expires, once")
    {
    }

  private:
    /**
     * @brief Count an expiry.
     * @param i the timer's index
     */
    void Fired(uint32_t i)
    {
        m_fired.at(i) += 1;
        m_at.at(i) = Simulator::Now().GetTimeStep();
    }

    void DoRun() override
    {
        for (const auto& [impl, scheduler] : kPaths)
        {
            Simulator::Destroy();
            GlobalValue::Bind("SimulatorImplementationType", StringValue(impl));
            GlobalValue::Bind("SchedulerType", StringValue(scheduler));
            m_fired.assign(20, 0);
            m_at.assign(20, -1);
            std::vector<AtmCellTimer> timers;
            for (uint32_t i = 0; i < 20; ++i)
            {
                timers.emplace_back(); // grows: earlier timers move while pending
                timers.back().SetFunction(&AtmCellTimerMoveTestCase::Fired, this, i);
                timers.back().Schedule(TimeStep(10 + i));
            }
            timers.erase(timers.begin() + 5); // timer 5 is destroyed: cancelled
            timers.shrink_to_fit();
            AtmCellTimer moved = std::move(timers[0]);
            NS_TEST_EXPECT_MSG_EQ(moved.IsPending(), true, impl << ": the expiry moved");
            NS_TEST_EXPECT_MSG_EQ(timers[0].IsPending(),
                                  false,
                                  impl << ": the moved-from has none");
            Simulator::Run();
            for (uint32_t i = 0; i < 20; ++i)
            {
                const uint32_t fired = i == 5 ? 0 : 1;
                const int64_t at = i == 5 ? -1 : 10 + static_cast<int64_t>(i);
                NS_TEST_EXPECT_MSG_EQ(m_fired[i], fired, impl << ": timer " << i);
                NS_TEST_EXPECT_MSG_EQ(m_at[i], at, impl << ": when " << i);
            }
            Simulator::Destroy();
        }
        GlobalValue::Bind("SimulatorImplementationType", StringValue("ns3::DefaultSimulatorImpl"));
        GlobalValue::Bind("SchedulerType", StringValue("ns3::MapScheduler"));
    }

    std::vector<uint32_t> m_fired; //!< expiries by timer
    std::vector<int64_t> m_at;     //!< time of the last, by timer
};

/**
 * @ingroup atm-tests
 * A timer that arms itself again at each expiry, once to be cancelled and
 * once for real, 1 000 times: every live expiry runs, on time, and on the
 * implementations other than the engine the timer keeps three event
 * objects (the one running, the cancelled one, the live one), not one per
 * expiry.
 */
class AtmCellTimerReuseTestCase : public TestCase
{
  public:
    AtmCellTimerReuseTestCase()
        : TestCase("An AtmCellTimer reuses its event objects: none made per expiry")
    {
    }

  private:
    /// The timer expired: arm it, cancel that, arm it again.
    void Expire()
    {
        ++m_fired;
        m_late += Simulator::Now().GetTimeStep() != 10 * static_cast<int64_t>(m_fired);
        if (m_fired < 1000)
        {
            m_timer.Schedule(TimeStep(10));
            m_timer.Cancel();
            m_timer.Schedule(TimeStep(10));
        }
    }

    void DoRun() override
    {
        for (const auto& [impl, scheduler] : kPaths)
        {
            Simulator::Destroy();
            GlobalValue::Bind("SimulatorImplementationType", StringValue(impl));
            GlobalValue::Bind("SchedulerType", StringValue(scheduler));
            const std::string path = std::string(impl) + " with " + scheduler;
            m_fired = 0;
            m_late = 0;
            m_timer.SetFunction(&AtmCellTimerReuseTestCase::Expire, this);
            m_timer.Schedule(TimeStep(10));
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ(m_fired, 1000, path << ": expiries");
            NS_TEST_EXPECT_MSG_EQ(m_late, 0, path << ": expiries off time");
            // The first expiry, armed before the implementation exists, goes
            // through Simulator on the engine too: one event object there.
            const bool engine = AtmSimulatorImpl::Peek() != nullptr;
            NS_TEST_EXPECT_MSG_EQ(m_timer.GetEventObjectCount(),
                                  (engine ? 1 : 3),
                                  path << ": event objects");
            // 1 999 expiries in all: the 999 cancelled ones were skipped.
            NS_TEST_EXPECT_MSG_EQ(Simulator::GetEventCount(), 1999, path << ": events");
            Simulator::Destroy();
        }
        GlobalValue::Bind("SimulatorImplementationType", StringValue("ns3::DefaultSimulatorImpl"));
        GlobalValue::Bind("SchedulerType", StringValue("ns3::MapScheduler"));
    }

    AtmCellTimer m_timer; //!< the timer
    uint32_t m_fired{0};  //!< expiries run
    uint32_t m_late{0};   //!< expiries not at a multiple of 10 steps
};

/**
 * @ingroup atm-tests
 * The calendar alone: 3 000 events with 7 delays, scheduled from a clock
 * that advances irregularly, come out in (time, uid) order, every one
 * once, also when a caller's lane hint is another delay's; lanes grow past
 * their first 16 entries; TakeAll empties it.
 */
class AtmCellCalendarOrderTestCase : public TestCase
{
  public:
    AtmCellCalendarOrderTestCase()
        : TestCase("The cell calendar gives its events in (time, uid) order")
    {
    }

  private:
    void DoRun() override
    {
        AtmCellCalendar calendar;
        const int64_t delays[] = {2831, 1000, 0, 5, 2831 * 3, 17, 1000};
        uint32_t state = 11;
        uint64_t now = 0;
        uint32_t uid = 4;
        uint32_t taken = 0;
        uint64_t lastTs = 0;
        uint32_t lastUid = 0;
        bool ordered = true;
        // The callers' lane hints, one per delay; every fifth insertion
        // passes another delay's hint, which must not be trusted.
        uint32_t hints[7];
        std::fill(std::begin(hints), std::end(hints), UINT32_MAX);
        for (uint32_t i = 0; i < 3000; ++i)
        {
            NextState(state);
            const uint32_t k = (state >> 16) % 7;
            const int64_t d = delays[k];
            uint32_t& hint = i % 5 == 4 ? hints[(k + 1) % 7] : hints[k];
            calendar.Insert(d, AtmCellCalendar::Entry{now + d, uid++, i, nullptr}, hint);
            // Now and then the clock moves to the earliest event and takes it.
            if ((state >> 8) % 3 == 0)
            {
                const AtmCellCalendar::Entry e = calendar.RemoveFront();
                ordered &= e.ts > lastTs || (e.ts == lastTs && e.uid > lastUid);
                NS_TEST_ASSERT_MSG_GT_OR_EQ(e.ts, now, "an event in the past");
                now = e.ts;
                lastTs = e.ts;
                lastUid = e.uid;
                ++taken;
            }
        }
        NS_TEST_EXPECT_MSG_EQ(calendar.GetNLanes(), 6, "one lane per distinct delay");
        const uint32_t left = 3000 - taken;
        uint32_t drained = 0;
        while (drained < left / 2)
        {
            const AtmCellCalendar::Entry e = calendar.RemoveFront();
            ordered &= e.ts > lastTs || (e.ts == lastTs && e.uid > lastUid);
            lastTs = e.ts;
            lastUid = e.uid;
            ++drained;
        }
        NS_TEST_EXPECT_MSG_EQ(ordered, true, "events out of (time, uid) order");
        NS_TEST_EXPECT_MSG_EQ(calendar.TakeAll().size(), left - drained, "events left");
        NS_TEST_EXPECT_MSG_EQ(calendar.IsEmpty(), true, "empty after TakeAll");
    }
};

/**
 * @ingroup atm-tests
 * The heap on huge pages (AtmSimulatorImpl::CollapseResidentHeap): under
 * its minimum it does nothing; otherwise a 24 MiB anonymous mapping written
 * through keeps its contents and, where the kernel collapses (Linux 6.1
 * and later), is on 2 MiB pages; a 16 MiB mapping of which one page in
 * 128 was written keeps the others out of memory, since collapsing its
 * regions would add pages.
 */
class AtmHugePagesTestCase : public TestCase
{
  public:
    AtmHugePagesTestCase()
        : TestCase("The heap's resident 2 MiB regions go on huge pages, nothing else")
    {
    }

  private:
    /**
     * @param p an address
     * @return AnonHugePages of the mapping that holds @p p, in KiB
     */
    static uint64_t HugeKib(const void* p)
    {
        std::ifstream smaps("/proc/self/smaps");
        std::string line;
        bool inside = false;
        const auto a = reinterpret_cast<uintptr_t>(p);
        while (std::getline(smaps, line))
        {
            uintptr_t start = 0;
            uintptr_t end = 0;
            char dash = 0;
            std::istringstream in(line);
            if (in >> std::hex >> start >> dash >> end && dash == '-')
            {
                inside = start <= a && a < end;
            }
            else if (inside && line.rfind("AnonHugePages:", 0) == 0)
            {
                return std::stoull(line.substr(14));
            }
        }
        return 0;
    }

    void DoRun() override
    {
#if defined(__linux__)
        const size_t mib = size_t{1} << 20;
        const size_t written = 24 * mib;
        const size_t sparse = 16 * mib;
        const auto page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
        auto* a = static_cast<unsigned char*>(
            mmap(nullptr, written, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
        auto* b = static_cast<unsigned char*>(
            mmap(nullptr, sparse, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
        NS_TEST_ASSERT_MSG_NE(a, MAP_FAILED, "mmap");
        NS_TEST_ASSERT_MSG_NE(b, MAP_FAILED, "mmap");
        for (size_t i = 0; i < written; ++i)
        {
            a[i] = static_cast<unsigned char>(i * 7 + (i >> 12));
        }
        size_t touched = 0;
        for (size_t i = 0; i < sparse; i += 128 * page)
        {
            b[i] = 1;
            ++touched;
        }
        NS_TEST_EXPECT_MSG_EQ(AtmSimulatorImpl::CollapseResidentHeap(UINT64_MAX),
                              0,
                              "a heap under the minimum is left as it is");
        const uint64_t huge = AtmSimulatorImpl::CollapseResidentHeap(0);
        bool same = true;
        for (size_t i = 0; i < written; ++i)
        {
            same &= a[i] == static_cast<unsigned char>(i * 7 + (i >> 12));
        }
        NS_TEST_EXPECT_MSG_EQ(same, true, "contents changed");
        // Whether this kernel collapses at all: a 2 MiB region of a mapping
        // of this test's own, written through, collapsed directly.
        auto* probe = static_cast<unsigned char*>(
            mmap(nullptr, 4 * mib, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
        NS_TEST_ASSERT_MSG_NE(probe, MAP_FAILED, "mmap");
        std::memset(probe, 1, 4 * mib);
        auto* aligned = reinterpret_cast<unsigned char*>(
            (reinterpret_cast<uintptr_t>(probe) + 2 * mib - 1) & ~(uintptr_t{2 * mib} - 1));
        const bool kernelCollapses = madvise(aligned, 2 * mib, 25 /* MADV_COLLAPSE */) == 0;
        munmap(probe, 4 * mib);
        const bool collapsed = huge > 0;
        NS_TEST_EXPECT_MSG_EQ(collapsed, kernelCollapses, "collapsed as the kernel can");
        // Eleven whole 2 MiB regions at least lie in the 24 MiB written.
        if (huge > 0)
        {
            NS_TEST_EXPECT_MSG_GT_OR_EQ(HugeKib(a), 22 * 1024, "written mapping not on huge pages");
        }
        else
        {
            std::cout << "atm-simulator-impl: the kernel collapses no page (no MADV_COLLAPSE): "
                         "the contents and the sparse mapping checked only\n";
        }
        std::vector<unsigned char> resident(sparse / page);
        NS_TEST_ASSERT_MSG_EQ(mincore(b, sparse, resident.data()), 0, "mincore");
        const auto resident1 = static_cast<size_t>(
            std::count_if(resident.begin(), resident.end(), [](unsigned char r) {
                return (r & 1) != 0;
            }));
        NS_TEST_EXPECT_MSG_EQ(resident1, touched, "pages added to a mapping mostly never touched");
        munmap(a, written);
        munmap(b, sparse);
#endif
    }
};

/**
 * @ingroup atm-tests
 * The cell engine.
 */
class AtmSimulatorImplTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmSimulatorImplTestSuite()
        : IsolatedTestSuite("atm-simulator-impl", Type::UNIT)
    {
        AddTestCase(new AtmSimulatorImplOrderTestCase);
        AddTestCase(new AtmCellCalendarOrderTestCase);
        AddTestCase(new AtmCellTimerMoveTestCase);
        AddTestCase(new AtmCellTimerReuseTestCase);
        AddTestCase(new AtmHugePagesTestCase);
    }
};

/// The suite's instance.
static AtmSimulatorImplTestSuite g_atmSimulatorImplTestSuite;
