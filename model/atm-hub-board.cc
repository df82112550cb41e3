/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-hub-board.h"

#include "atm-bus-hub.h"
#include "atm-simulator-impl.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmHubBoard");

AtmHubBoard::AtmHubBoard(AtmBusHub* hub, uint32_t index)
    : m_hub(hub),
      m_index(index),
      m_ramCount(0),
      m_eligible(0),
      m_cursor(NONE),
      m_fetching(false),
      m_idle(true),
      m_roomSince(Time::Min())
{
    NS_LOG_FUNCTION(this << index);
    m_fetchEvent.SetFunction(&AtmHubBoard::FetchDone, this);
    m_drainEvent.SetFunction(&AtmHubBoard::DrainDone, this);
}

AtmHubBoard::~AtmHubBoard()
{
    NS_LOG_FUNCTION(this);
}

void
AtmHubBoard::Dispose()
{
    m_fetchEvent.Cancel();
    m_drainEvent.Cancel();
    m_hub = nullptr;
}

void
AtmHubBoard::Resize(uint32_t n)
{
    while (m_ram.size() < n)
    {
        m_ram.emplace_back();
    }
    m_next.resize(n, NONE);
    m_prev.resize(n, NONE);
    m_linked.resize(n, 0);
    m_controlled.resize(n, 0);
}

void
AtmHubBoard::Link(uint32_t a)
{
    m_linked[a] = 1;
    m_eligible += m_controlled[a] ? 0 : 1;
    if (m_cursor == NONE)
    {
        m_next[a] = a;
        m_prev[a] = a;
        m_cursor = a;
        return;
    }
    // Last in the round-robin order: just before the cursor.
    const uint32_t last = m_prev[m_cursor];
    m_next[last] = a;
    m_prev[a] = last;
    m_next[a] = m_cursor;
    m_prev[m_cursor] = a;
}

void
AtmHubBoard::Unlink(uint32_t a)
{
    m_linked[a] = 0;
    m_eligible -= m_controlled[a] ? 0 : 1;
    if (m_next[a] == a)
    {
        m_cursor = NONE;
        return;
    }
    m_next[m_prev[a]] = m_next[a];
    m_prev[m_next[a]] = m_prev[a];
    if (m_cursor == a)
    {
        m_cursor = m_next[a];
    }
}

bool
AtmHubBoard::Enqueue(const AtmHubEnvelope& e, uint32_t ramSize)
{
    if (ramSize > 0 && m_ramCount >= ramSize)
    {
        return false;
    }
    m_ram[e.address].PushBack(e);
    ++m_ramCount;
    if (!m_linked[e.address])
    {
        Link(e.address);
    }
    TryFetch();
    return true;
}

void
AtmHubBoard::Update(uint32_t address)
{
    const bool controlled = m_hub->IsControlled(address);
    if (controlled == bool(m_controlled[address]))
    {
        return;
    }
    m_controlled[address] = controlled;
    if (m_linked[address])
    {
        m_eligible += controlled ? -1 : 1;
    }
    TryFetch();
}

void
AtmHubBoard::TryFetch()
{
    if (m_eligible == 0 && !m_fetching)
    {
        m_idle = true; // nothing to fetch: the fetcher's cycles stop
    }
    if (m_fetching || m_eligible == 0 || m_sendBic.Size() + 1 > m_hub->GetSendBicSize())
    {
        return;
    }
    if (m_idle)
    {
        m_hub->WakeFetcher(m_index);
        m_idle = false;
    }
    m_fetching = true;
    m_fetchEvent.Schedule(m_hub->GetFetchDelay(m_index, m_roomSince));
}

void
AtmHubBoard::FetchDone()
{
    m_fetching = false;
    // The transfer ends now: it moves the next envelope of the round-robin
    // among the queues eligible now; flow control that came in the
    // meantime has stopped it.
    if (m_eligible == 0)
    {
        m_idle = true;
        return;
    }
    // A controlled queue keeps its place in the round-robin but loses its
    // turn.
    while (m_controlled[m_cursor])
    {
        m_cursor = m_next[m_cursor];
    }
    const uint32_t a = m_cursor;
    const AtmHubEnvelope e = m_ram[a].PopFront();
    --m_ramCount;
    m_cursor = m_next[a];
    if (m_ram[a].Empty())
    {
        Unlink(a);
    }
    m_sendBic.PushBack(e);
    m_hub->NotifyFetch(m_index, e);
    TryFetch();
    m_hub->NotifySendReady();
}

bool
AtmHubBoard::HasSendEnvelope() const
{
    return !m_sendBic.Empty();
}

const AtmHubEnvelope&
AtmHubBoard::PeekSendEnvelope() const
{
    return m_sendBic.Front();
}

void
AtmHubBoard::SendDone()
{
    if (m_sendBic.Size() == m_hub->GetSendBicSize())
    {
        m_roomSince = AtmSimulatorImpl::CurrentTime();
    }
    m_sendBic.PopFront();
    TryFetch();
}

void
AtmHubBoard::PushDummy(const AtmHubEnvelope& e)
{
    m_control.PushBack(e);
}

bool
AtmHubBoard::HasDummy() const
{
    return !m_control.Empty();
}

AtmHubEnvelope
AtmHubBoard::TakeDummy()
{
    return m_control.PopFront();
}

uint32_t
AtmHubBoard::GetControlBufferOccupancy() const
{
    return m_control.Size();
}

bool
AtmHubBoard::Receive(const AtmHubEnvelope& e, uint32_t receiveBicSize)
{
    if (m_receiveBic.Size() >= receiveBicSize)
    {
        return false;
    }
    m_receiveBic.PushBack(e);
    TryDrain();
    return true;
}

void
AtmHubBoard::TryDrain()
{
    if (m_drainEvent.IsPending() || m_receiveBic.Empty())
    {
        return;
    }
    m_drainEvent.Schedule(m_hub->GetDrainTime());
}

void
AtmHubBoard::DrainDone()
{
    const AtmHubEnvelope e = m_receiveBic.PopFront();
    TryDrain();
    m_hub->NotifyDrained(m_index, e, m_receiveBic.Size());
}

uint32_t
AtmHubBoard::GetReceiveOccupancy() const
{
    return m_receiveBic.Size();
}

uint32_t
AtmHubBoard::GetRamOccupancy() const
{
    return m_ramCount;
}

uint64_t
AtmHubBoard::CountStream(uint32_t stream) const
{
    uint64_t n = 0;
    auto count = [stream](const AtmCellRing<AtmHubEnvelope>& r) {
        uint64_t k = 0;
        for (uint32_t i = 0; i < r.Size(); ++i)
        {
            k += (r.At(i).kind == AtmHubEnvelope::DATA && r.At(i).stream == stream) ? 1 : 0;
        }
        return k;
    };
    for (const auto& q : m_ram)
    {
        n += count(q);
    }
    return n + count(m_sendBic) + count(m_receiveBic);
}

} // namespace ns3
