/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-simulator-impl.h"

#include "ns3/assert.h"
#include "ns3/boolean.h"
#include "ns3/global-value.h"
#include "ns3/log.h"
#include "ns3/string.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25 // Linux 6.1; glibc's headers may not have it yet
#endif
#endif

namespace ns3
{

// No NS_LOG in the event loop: it would cost on every event even when off.
NS_LOG_COMPONENT_DEFINE("AtmSimulatorImpl");

NS_OBJECT_ENSURE_REGISTERED(AtmSimulatorImpl);

AtmSimulatorImpl* AtmSimulatorImpl::s_current = nullptr;

TypeId
AtmSimulatorImpl::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmSimulatorImpl")
                            .SetParent<SimulatorImpl>()
                            .SetGroupName("Atm")
                            .AddConstructor<AtmSimulatorImpl>()
                            .AddAttribute("HugePages",
                                          "Back the heap's fully resident 2 MiB regions with "
                                          "huge pages as Run() starts (Linux 6.1+: fewer TLB "
                                          "misses on large per-VC tables; results unchanged).",
                                          BooleanValue(true),
                                          MakeBooleanAccessor(&AtmSimulatorImpl::m_hugePages),
                                          MakeBooleanChecker());
    return tid;
}

AtmSimulatorImpl::AtmSimulatorImpl()
    : m_currentTs(0),
      m_currentUid(EventId::UID::INVALID),
      m_currentContext(Simulator::NO_CONTEXT),
      m_uid(EventId::UID::VALID),
      m_stop(false),
      m_eventCount(0),
      m_cellEventCount(0),
      m_mainThread(std::this_thread::get_id()),
      m_foreignEmpty(true)
{
    NS_LOG_FUNCTION(this);
    m_nextKey = AtmCellCalendar::AfterAll();
    m_schedulerKey = m_nextKey;
}

AtmSimulatorImpl::~AtmSimulatorImpl()
{
    NS_LOG_FUNCTION(this);
    if (s_current == this)
    {
        s_current = nullptr;
    }
}

bool
AtmSimulatorImpl::IsSetInEnvironment(const std::string& name)
{
    const char* env = std::getenv("NS_GLOBAL_VALUE");
    return env && std::strstr(env, (name + "=").c_str());
}

void
AtmSimulatorImpl::SelectByDefault()
{
    if (IsSetInEnvironment("SimulatorImplementationType"))
    {
        return; // the user's choice
    }
    GlobalValue::Bind("SimulatorImplementationType", StringValue("ns3::AtmSimulatorImpl"));
}

void
AtmSimulatorImpl::DoDispose()
{
    NS_LOG_FUNCTION(this);
    TakeEventsOfOtherThreads();
    if (m_events)
    {
        while (!m_events->IsEmpty())
        {
            m_events->RemoveNext().impl->Unref();
        }
        m_events = nullptr;
        UpdateSchedulerKey();
    }
    for (const AtmCellCalendar::Entry& c : m_cells.TakeAll())
    {
        c.impl->Unref();
    }
    for (const TimerEntry& t : m_timers)
    {
        if (t.timer->armedUid == t.uid)
        {
            t.timer->armedUid = 0; // it will not expire
        }
        t.timer->Unref();
    }
    m_timers.clear();
    if (s_current == this)
    {
        s_current = nullptr;
    }
    SimulatorImpl::DoDispose();
}

void
AtmSimulatorImpl::Destroy()
{
    NS_LOG_FUNCTION(this);
    while (!m_destroyEvents.empty())
    {
        Ptr<EventImpl> ev = m_destroyEvents.front().PeekEventImpl();
        m_destroyEvents.pop_front();
        if (!ev->IsCancelled())
        {
            ev->Invoke();
        }
    }
}

void
AtmSimulatorImpl::SetScheduler(ObjectFactory schedulerFactory)
{
    NS_LOG_FUNCTION(this << schedulerFactory);
    Ptr<Scheduler> scheduler = schedulerFactory.Create<Scheduler>();
    if (m_events)
    {
        while (!m_events->IsEmpty())
        {
            scheduler->Insert(m_events->RemoveNext());
        }
    }
    m_events = scheduler;
    UpdateSchedulerKey();
    // Simulator gives its implementation a Scheduler as it installs it:
    // from now on this is the engine the cell path schedules into (an
    // object made but never installed would not be).
    s_current = this;
}

uint32_t
AtmSimulatorImpl::GetSystemId() const
{
    return 0; // one process
}

void
AtmSimulatorImpl::ScheduleCellEventOffEngine(uint32_t context,
                                             const Time& delay,
                                             AtmCellEvent* event)
{
    if (AtmCellScheduler* scheduler = AtmCellScheduler::Peek())
    {
        scheduler->ExpectCellEvent(event, delay.GetTimeStep());
    }
    event->Ref();
    Simulator::ScheduleWithContext(context, delay, event);
}

uint64_t
AtmSimulatorImpl::GetCellEventCount() const
{
    return m_cellEventCount;
}

uint64_t
AtmSimulatorImpl::GetTimerEventCount() const
{
    return m_timerEventCount;
}

void
AtmSimulatorImpl::LowerNextKey(const TimerEntry& t)
{
    if (t.ts < m_nextKey.m_ts || (t.ts == m_nextKey.m_ts && t.uid < m_nextKey.m_uid))
    {
        m_nextKey.m_ts = t.ts;
        m_nextKey.m_uid = t.uid;
        m_nextKey.m_context = t.context;
    }
}

void
AtmSimulatorImpl::UpdateSchedulerKey()
{
    if (!m_events || m_events->IsEmpty())
    {
        m_schedulerKey = AtmCellCalendar::AfterAll();
    }
    else
    {
        m_schedulerKey = m_events->PeekNext().key;
    }
    UpdateNextKey();
}

void
AtmSimulatorImpl::UpdateNextKey()
{
    m_nextKey = m_schedulerKey;
    if (!m_timers.empty())
    {
        LowerNextKey(m_timers.front());
    }
}

uint32_t
AtmSimulatorImpl::ScheduleTimer(int64_t delaySteps, AtmCellTimer::Impl* timer)
{
    NS_ASSERT_MSG(delaySteps >= 0, "AtmSimulatorImpl: a timer in the past");
    timer->Ref();
    const TimerEntry t{m_currentTs + static_cast<uint64_t>(delaySteps),
                       m_uid++,
                       m_currentContext,
                       timer};
    m_timers.push_back(t);
    std::push_heap(m_timers.begin(), m_timers.end(), TimerLater());
    LowerNextKey(t);
    return t.uid;
}

void
AtmSimulatorImpl::RunTimerEvent()
{
    std::pop_heap(m_timers.begin(), m_timers.end(), TimerLater());
    const TimerEntry t = m_timers.back();
    m_timers.pop_back();
    UpdateNextKey();
    BeginEvent(t.ts, t.context, t.uid);
    ++m_timerEventCount;
    if (t.timer->armedUid == t.uid)
    {
        t.timer->armedUid = 0;
        t.timer->Expire();
    }
    t.timer->Unref();
}

Scheduler::EventKey
AtmSimulatorImpl::Insert(uint64_t ts, uint32_t context, EventImpl* event)
{
    Scheduler::Event ev;
    ev.impl = event;
    ev.key.m_ts = ts;
    ev.key.m_context = context;
    ev.key.m_uid = m_uid++;
    m_events->Insert(ev);
    if (ev.key < m_schedulerKey)
    {
        m_schedulerKey = ev.key;
    }
    if (ev.key < m_nextKey)
    {
        m_nextKey = ev.key;
    }
    return ev.key;
}

inline void
AtmSimulatorImpl::RunCellEvent()
{
    const AtmCellCalendar::Entry c = m_cells.RemoveFront();
    BeginEvent(c.ts, c.context, c.uid);
    ++m_cellEventCount;
    c.impl->Fire();
    c.impl->Unref();
}

void
AtmSimulatorImpl::RunSchedulerEvent()
{
    const Scheduler::Event next = m_events->RemoveNext();
    UpdateSchedulerKey();
    PreEventHook(EventId(next.impl, next.key.m_ts, next.key.m_context, next.key.m_uid));
    BeginEvent(next.key.m_ts, next.key.m_context, next.key.m_uid);
    next.impl->Invoke();
    next.impl->Unref();
}

void
AtmSimulatorImpl::TakeEventsOfOtherThreads()
{
    if (m_foreignEmpty)
    {
        return;
    }
    std::list<ForeignEvent> taken;
    {
        std::unique_lock<std::mutex> lock(m_foreignMutex);
        taken.swap(m_foreign);
        m_foreignEmpty = true;
    }
    for (const ForeignEvent& f : taken)
    {
        Insert(m_currentTs + static_cast<uint64_t>(f.delay), f.context, f.impl);
    }
}

uint64_t
AtmSimulatorImpl::CollapseResidentHeap(uint64_t minHeap)
{
    uint64_t huge = 0;
#if defined(__linux__)
    // The heap and malloc's other private anonymous mappings (start-end
    // perms offset dev inode [path]); thread stacks are among them, but
    // mostly not resident.
    std::vector<std::pair<uintptr_t, uintptr_t>> heap;
    uint64_t heapOctets = 0;
    std::ifstream maps("/proc/self/maps");
    std::string line;
    while (std::getline(maps, line))
    {
        std::istringstream in(line);
        uintptr_t start = 0;
        uintptr_t end = 0;
        char dash = 0;
        std::string perms;
        std::string offset;
        std::string dev;
        uint64_t inode = 1;
        std::string path;
        in >> std::hex >> start >> dash >> end >> perms >> offset >> dev >> std::dec >> inode >>
            path;
        if (perms == "rw-p" && inode == 0 && (path.empty() || path == "[heap]") && end > start)
        {
            heap.emplace_back(start, end);
            heapOctets += end - start;
        }
    }
    if (heapOctets < minHeap)
    {
        return 0;
    }
    const uintptr_t region = uintptr_t{2} << 20;
    const auto page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
    std::vector<unsigned char> resident(region / page);
    // Regions collapsed by an earlier call (a program may run several
    // times) are not looked at again; one unmapped and mapped again since
    // is then left on small pages: a chance missed, nothing wrong.
    static std::set<uintptr_t> collapsed;
    for (const auto& [start, end] : heap)
    {
        for (uintptr_t a = (start + region - 1) & ~(region - 1); a + region <= end; a += region)
        {
            if (collapsed.count(a))
            {
                huge += region;
                continue;
            }
            void* p = reinterpret_cast<void*>(a);
            if (mincore(p, region, resident.data()) != 0 ||
                !std::all_of(resident.begin(), resident.end(), [](unsigned char r) {
                    return (r & 1) != 0;
                }))
            {
                continue; // collapsing would add pages
            }
            if (madvise(p, region, MADV_COLLAPSE) == 0)
            {
                collapsed.insert(a);
                huge += region;
            }
        }
    }
#else
    (void)minHeap;
#endif
    NS_LOG_INFO("heap on huge pages: " << huge << " octets");
    return huge;
}

bool
AtmSimulatorImpl::IsFinished() const
{
    return m_stop || (m_cells.IsEmpty() && m_events->IsEmpty() && m_timers.empty());
}

void
AtmSimulatorImpl::Run()
{
    NS_LOG_FUNCTION(this);
    m_mainThread = std::this_thread::get_id();
    if (m_hugePages)
    {
        CollapseResidentHeap(HUGE_PAGES_MIN_HEAP);
    }
    TakeEventsOfOtherThreads();
    m_stop = false;
    while (!m_stop)
    {
        // The cell events due before the Scheduler's earliest event or
        // timer expiry (an event they schedule there lowers m_nextKey),
        // then that one.
        while (m_cells.FrontRunsBefore(m_nextKey))
        {
            RunCellEvent();
            if (!m_foreignEmpty.load(std::memory_order_relaxed))
            {
                TakeEventsOfOtherThreads();
            }
            if (m_stop)
            {
                return;
            }
        }
        // The earlier of the Scheduler's first event and the first expiry:
        // m_nextKey is the earlier one's (the first expiry's when the
        // Scheduler is empty, whose key is then AfterAll()).
        if (!m_timers.empty() && m_nextKey.m_ts == m_timers.front().ts &&
            m_nextKey.m_uid == m_timers.front().uid)
        {
            RunTimerEvent();
        }
        else if (!m_events->IsEmpty())
        {
            RunSchedulerEvent();
        }
        else
        {
            break;
        }
        TakeEventsOfOtherThreads();
    }
}

void
AtmSimulatorImpl::Stop()
{
    NS_LOG_FUNCTION(this);
    m_stop = true;
}

#if ATM_NS3_VERSION_MAJOR == 3 && ATM_NS3_VERSION_MINOR < 41
void
AtmSimulatorImpl::Stop(const Time& delay)
{
    NS_LOG_FUNCTION(this << delay.GetTimeStep());
    Simulator::Schedule(delay, &Simulator::Stop);
}
#else
EventId
AtmSimulatorImpl::Stop(const Time& delay)
{
    NS_LOG_FUNCTION(this << delay.GetTimeStep());
    return Simulator::Schedule(delay, &Simulator::Stop);
}
#endif

EventId
AtmSimulatorImpl::Schedule(const Time& delay, EventImpl* event)
{
    NS_ASSERT_MSG(m_mainThread == std::this_thread::get_id(),
                  "AtmSimulatorImpl::Schedule from a thread that does not run the simulation");
    NS_ASSERT_MSG(delay.IsPositive(), "AtmSimulatorImpl::Schedule: negative delay");
    const uint64_t ts = m_currentTs + static_cast<uint64_t>(delay.GetTimeStep());
    const Scheduler::EventKey key = Insert(ts, m_currentContext, event);
    return EventId(event, key.m_ts, key.m_context, key.m_uid);
}

void
AtmSimulatorImpl::ScheduleWithContext(uint32_t context, const Time& delay, EventImpl* event)
{
    if (m_mainThread == std::this_thread::get_id())
    {
        Insert(m_currentTs + static_cast<uint64_t>(delay.GetTimeStep()), context, event);
        return;
    }
    std::unique_lock<std::mutex> lock(m_foreignMutex);
    m_foreign.push_back(ForeignEvent{context, delay.GetTimeStep(), event});
    m_foreignEmpty = false;
}

EventId
AtmSimulatorImpl::ScheduleNow(EventImpl* event)
{
    return Schedule(Time(0), event);
}

EventId
AtmSimulatorImpl::ScheduleDestroy(EventImpl* event)
{
    NS_ASSERT_MSG(m_mainThread == std::this_thread::get_id(),
                  "AtmSimulatorImpl::ScheduleDestroy from a thread that does not run the "
                  "simulation");
    EventId id(Ptr<EventImpl>(event, false), m_currentTs, 0xffffffff, EventId::UID::DESTROY);
    m_destroyEvents.push_back(id);
    ++m_uid; // as DefaultSimulatorImpl: the uids of later events stay the same
    return id;
}

Time
AtmSimulatorImpl::Now() const
{
    return TimeStep(static_cast<int64_t>(m_currentTs));
}

Time
AtmSimulatorImpl::GetDelayLeft(const EventId& id) const
{
    if (IsExpired(id))
    {
        return TimeStep(0);
    }
    return TimeStep(static_cast<int64_t>(id.GetTs() - m_currentTs));
}

void
AtmSimulatorImpl::Remove(const EventId& id)
{
    if (id.GetUid() == EventId::UID::DESTROY)
    {
        const auto i = std::find(m_destroyEvents.begin(), m_destroyEvents.end(), id);
        if (i != m_destroyEvents.end())
        {
            m_destroyEvents.erase(i);
        }
        return;
    }
    if (IsExpired(id))
    {
        return;
    }
    Scheduler::Event ev;
    ev.impl = id.PeekEventImpl();
    ev.key.m_ts = id.GetTs();
    ev.key.m_context = id.GetContext();
    ev.key.m_uid = id.GetUid();
    m_events->Remove(ev);
    UpdateSchedulerKey();
    ev.impl->Cancel();
    ev.impl->Unref(); // the reference the calendar held
}

void
AtmSimulatorImpl::Cancel(const EventId& id)
{
    if (!IsExpired(id))
    {
        id.PeekEventImpl()->Cancel();
    }
}

bool
AtmSimulatorImpl::IsExpired(const EventId& id) const
{
    EventImpl* impl = id.PeekEventImpl();
    if (id.GetUid() == EventId::UID::DESTROY)
    {
        if (!impl || impl->IsCancelled())
        {
            return true;
        }
        return std::find(m_destroyEvents.begin(), m_destroyEvents.end(), id) ==
               m_destroyEvents.end();
    }
    return !impl || id.GetTs() < m_currentTs ||
           (id.GetTs() == m_currentTs && id.GetUid() <= m_currentUid) || impl->IsCancelled();
}

Time
AtmSimulatorImpl::GetMaximumSimulationTime() const
{
    return TimeStep(std::numeric_limits<int64_t>::max());
}

uint32_t
AtmSimulatorImpl::GetContext() const
{
    return m_currentContext;
}

uint64_t
AtmSimulatorImpl::GetEventCount() const
{
    return m_eventCount;
}

} // namespace ns3
