/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-hub-board.h"

#include "atm-bus-hub.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmHubBoard");

AtmHubBoard::AtmHubBoard(AtmBusHub* hub, uint32_t index)
    : m_hub(hub),
      m_index(index),
      m_ramCount(0),
      m_cursor(NONE),
      m_fetching(false),
      m_fetched()
{
    NS_LOG_FUNCTION(this << index);
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
}

void
AtmHubBoard::Link(uint32_t a)
{
    m_linked[a] = 1;
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
    if (!m_linked[e.address] && !m_hub->IsControlled(e.address))
    {
        Link(e.address);
    }
    TryFetch();
    return true;
}

void
AtmHubBoard::Update(uint32_t address)
{
    const bool eligible = !m_ram[address].Empty() && !m_hub->IsControlled(address);
    if (eligible && !m_linked[address])
    {
        Link(address);
        TryFetch();
    }
    else if (!eligible && m_linked[address])
    {
        Unlink(address);
    }
}

void
AtmHubBoard::TryFetch()
{
    if (m_fetching || m_cursor == NONE || m_sendBic.Size() + 1 > m_hub->GetSendBicSize())
    {
        return;
    }
    const uint32_t a = m_cursor;
    m_fetched = m_ram[a].PopFront();
    --m_ramCount;
    m_cursor = m_next[a];
    if (m_ram[a].Empty())
    {
        Unlink(a);
    }
    m_fetching = true;
    m_fetchEvent = Simulator::Schedule(m_hub->GetFetchTime(), &AtmHubBoard::FetchDone, this);
    m_hub->NotifyFetch(m_index, m_fetched);
}

void
AtmHubBoard::FetchDone()
{
    m_fetching = false;
    m_sendBic.PushBack(m_fetched);
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
    if (!m_drainEvent.IsExpired() || m_receiveBic.Empty())
    {
        return;
    }
    m_drainEvent = Simulator::Schedule(m_hub->GetDrainTime(), &AtmHubBoard::DrainDone, this);
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
    uint64_t n = (m_fetching && m_fetched.stream == stream) ? 1 : 0;
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
