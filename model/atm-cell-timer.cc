/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cell-timer.h"

#include "atm-cell-scheduler.h"
#include "atm-simulator-impl.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCellTimer");

AtmCellTimer::~AtmCellTimer()
{
    Cancel();
}

AtmCellTimer::AtmCellTimer(AtmCellTimer&& other) noexcept
    : m_impl(other.m_impl)
{
    // Not std::move: ns-3.37's Ptr has no move constructor, and the
    // moved-from timer must not cancel the expiry on its destruction.
    other.m_impl = nullptr;
}

AtmCellTimer&
AtmCellTimer::operator=(AtmCellTimer&& other) noexcept
{
    if (this != &other)
    {
        Cancel();
        m_impl = other.m_impl;
        other.m_impl = nullptr;
    }
    return *this;
}

AtmCellTimer::Impl::~Impl()
{
    for (const Ptr<Expiry>& e : expiries)
    {
        e->owner = nullptr;
    }
}

void
AtmCellTimer::Impl::ScheduleEvent(const Time& delay)
{
    // The event objects are used in turn, so the one after the last used
    // is the one whose expiry came due longest ago: usually free. One is
    // free when only this timer holds it.
    Ptr<Expiry> e;
    for (size_t n = 0; n < expiries.size() && !e; ++n)
    {
        const size_t i = (m_nextExpiry + n) % expiries.size();
        if (expiries[i]->GetReferenceCount() == 1)
        {
            e = expiries[i];
            m_nextExpiry = i + 1;
        }
    }
    if (!e)
    {
        e = Create<Expiry>();
        e->owner = this;
        expiries.push_back(e);
        m_nextExpiry = 0;
    }
    e->serial = m_nextSerial++;
    armedSerial = e->serial;
    if (AtmCellScheduler* scheduler = AtmCellScheduler::Peek())
    {
        scheduler->ExpectTimerEvent(PeekPointer(e));
    }
    Simulator::Schedule(delay, e);
}

void
AtmCellTimer::Impl::Expiry::Notify()
{
    if (owner && owner->armedSerial == serial)
    {
        owner->armedSerial = 0;
        // The function may destroy the timer: its Impl lives until it returns.
        Ptr<Impl> keep(owner);
        keep->Expire();
    }
}

void
AtmCellTimer::Schedule(const Time& delay)
{
    NS_ABORT_MSG_IF(!m_impl, "AtmCellTimer: Schedule before SetFunction");
    Cancel();
    if (AtmSimulatorImpl* engine = AtmSimulatorImpl::Peek())
    {
        m_impl->armedUid = engine->ScheduleTimer(delay.GetTimeStep(), PeekPointer(m_impl));
        return;
    }
    m_impl->ScheduleEvent(delay);
}

void
AtmCellTimer::Cancel()
{
    if (m_impl)
    {
        // A cancelled expiry stays where it is and does nothing when due:
        // no call into ns-3.
        m_impl->armedUid = 0;
        m_impl->armedSerial = 0;
    }
}

bool
AtmCellTimer::IsPending() const
{
    return m_impl && (m_impl->armedUid != 0 || m_impl->armedSerial != 0);
}

} // namespace ns3
