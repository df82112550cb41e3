/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cell-timer.h"

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
    // A plain pointer: the event must not hold the Impl that holds its
    // EventId (a cycle); Cancel(), also in the destructor, keeps it from
    // running once the timer is gone.
    m_impl->event = Simulator::Schedule(delay, &Impl::Expire, PeekPointer(m_impl));
    m_impl->viaEvent = true;
}

void
AtmCellTimer::Cancel()
{
    if (m_impl)
    {
        m_impl->armedUid = 0;
        // Under the cell engine, no EventId to look at (a call into ns-3).
        if (m_impl->viaEvent && m_impl->event.PeekEventImpl())
        {
            m_impl->event.Cancel();
        }
    }
}

bool
AtmCellTimer::IsPending() const
{
    return m_impl && (m_impl->armedUid != 0 || (m_impl->viaEvent && m_impl->event.PeekEventImpl() &&
                                                !m_impl->event.IsExpired()));
}

} // namespace ns3
