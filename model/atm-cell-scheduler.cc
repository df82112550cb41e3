/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cell-scheduler.h"

#include "atm-simulator-impl.h"

#include "ns3/global-value.h"
#include "ns3/log.h"
#include "ns3/map-scheduler.h"
#include "ns3/object-factory.h"
#include "ns3/string.h"

#include <algorithm>

namespace ns3
{

// No NS_LOG per event: it would cost on every event even when off.
NS_LOG_COMPONENT_DEFINE("AtmCellScheduler");

NS_OBJECT_ENSURE_REGISTERED(AtmCellScheduler);

AtmCellScheduler* AtmCellScheduler::s_current = nullptr;

TypeId
AtmCellScheduler::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmCellScheduler")
                            .SetParent<Scheduler>()
                            .SetGroupName("Atm")
                            .AddConstructor<AtmCellScheduler>()
                            .AddAttribute("OtherEvents",
                                          "The Scheduler of every event that is not a cell event",
                                          TypeIdValue(MapScheduler::GetTypeId()),
                                          MakeTypeIdAccessor(&AtmCellScheduler::SetOtherEventsType,
                                                             &AtmCellScheduler::GetOtherEventsType),
                                          MakeTypeIdChecker());
    return tid;
}

AtmCellScheduler::AtmCellScheduler()
{
    NS_LOG_FUNCTION(this);
    SetOtherEventsType(MapScheduler::GetTypeId());
    // A simulator implementation makes its Scheduler as it installs it:
    // from now on the cell path announces its events to this one.
    s_current = this;
}

AtmCellScheduler::~AtmCellScheduler()
{
    NS_LOG_FUNCTION(this);
    if (s_current == this)
    {
        s_current = nullptr;
    }
}

void
AtmCellScheduler::DoDispose()
{
    NS_LOG_FUNCTION(this);
    // The implementation removes and releases its events before it lets
    // its Scheduler go; any left are released here.
    for (const AtmCellCalendar::Entry& c : m_cells.TakeAll())
    {
        c.impl->Unref();
    }
    for (const Event& t : m_timers)
    {
        t.impl->Unref();
    }
    m_timers.clear();
    while (m_others && !m_others->IsEmpty())
    {
        m_others->RemoveNext().impl->Unref();
    }
    m_others = nullptr;
    if (s_current == this)
    {
        s_current = nullptr;
    }
    Scheduler::DoDispose();
}

void
AtmCellScheduler::SelectByDefault()
{
    StringValue bound;
    GlobalValue::GetValueByName("SchedulerType", bound);
    if (AtmSimulatorImpl::IsSetInEnvironment("SchedulerType") ||
        bound.Get() != MapScheduler::GetTypeId().GetName())
    {
        return; // the user's choice
    }
    GlobalValue::Bind("SchedulerType", StringValue(GetTypeId().GetName()));
}

void
AtmCellScheduler::SetOtherEventsType(TypeId type)
{
    NS_LOG_FUNCTION(this << type.GetName());
    NS_ABORT_MSG_IF(!type.IsChildOf(Scheduler::GetTypeId()) || type == GetTypeId(),
                    "AtmCellScheduler: OtherEvents = " << type.GetName()
                                                       << ": not another Scheduler");
    ObjectFactory factory;
    factory.SetTypeId(type);
    Ptr<Scheduler> others = factory.Create<Scheduler>();
    while (m_others && !m_others->IsEmpty())
    {
        others->Insert(m_others->RemoveNext());
    }
    m_others = others;
    m_othersType = type;
    UpdateOtherFirst();
}

TypeId
AtmCellScheduler::GetOtherEventsType() const
{
    return m_othersType;
}

uint64_t
AtmCellScheduler::GetCellEventCount() const
{
    return m_cellEventCount;
}

uint64_t
AtmCellScheduler::GetTimerEventCount() const
{
    return m_timerEventCount;
}

void
AtmCellScheduler::UpdateOtherFirst()
{
    if (m_others->IsEmpty())
    {
        m_otherFirst.impl = nullptr;
        m_otherFirst.key = AtmCellCalendar::AfterAll();
    }
    else
    {
        m_otherFirst = m_others->PeekNext();
    }
}

void
AtmCellScheduler::Insert(const Event& ev)
{
    if (ev.impl == m_expected)
    {
        // The cell event announced: its delay is its lane, and events of
        // one delay come due in the order of their uids.
        m_expected = nullptr;
        auto* cell = static_cast<AtmCellEvent*>(ev.impl);
        m_cells.Insert(m_expectedDelay,
                       AtmCellCalendar::Entry{ev.key.m_ts, ev.key.m_uid, ev.key.m_context, cell},
                       cell->lane);
        return;
    }
    if (ev.impl == m_expectedTimer)
    {
        m_expectedTimer = nullptr;
        m_timers.push_back(ev);
        std::push_heap(m_timers.begin(), m_timers.end(), Later());
        return;
    }
    m_others->Insert(ev);
    if (ev.key < m_otherFirst.key)
    {
        m_otherFirst = ev;
    }
}

bool
AtmCellScheduler::IsEmpty() const
{
    return m_cells.IsEmpty() && m_timers.empty() && m_others->IsEmpty();
}

Scheduler::Event
AtmCellScheduler::PeekNext() const
{
    if (CellFirst())
    {
        return AsEvent(m_cells.Front());
    }
    if (TimerFirst())
    {
        return m_timers.front();
    }
    NS_ASSERT_MSG(!m_others->IsEmpty(), "AtmCellScheduler: PeekNext with no event");
    return m_otherFirst;
}

Scheduler::Event
AtmCellScheduler::RemoveNext()
{
    // Every implementation removes the event it runs next, and runs it:
    // the time of the last one removed is the time now.
    if (CellFirst())
    {
        ++m_cellEventCount;
        const Event ev = AsEvent(m_cells.RemoveFront());
        m_runningTs = static_cast<int64_t>(ev.key.m_ts);
        return ev;
    }
    if (TimerFirst())
    {
        ++m_timerEventCount;
        std::pop_heap(m_timers.begin(), m_timers.end(), Later());
        const Event ev = m_timers.back();
        m_timers.pop_back();
        m_runningTs = static_cast<int64_t>(ev.key.m_ts);
        return ev;
    }
    const Event ev = m_others->RemoveNext();
    UpdateOtherFirst();
    m_runningTs = static_cast<int64_t>(ev.key.m_ts);
    return ev;
}

void
AtmCellScheduler::Remove(const Event& ev)
{
    // Only other events: a cell event or a timer expiry has no EventId, so
    // nothing removes it.
    m_others->Remove(ev);
    UpdateOtherFirst();
}

} // namespace ns3
