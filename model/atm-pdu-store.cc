/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-pdu-store.h"

#include "atm-cell.h"

#include <algorithm>

namespace ns3
{

AtmPduStore::AtmPduStore()
    : m_base(0)
{
}

std::vector<uint8_t>&
AtmPduStore::NewFrame(uint32_t firstSeq, Ptr<const Packet> sdu, uint32_t& frame)
{
    frame = m_base + static_cast<uint32_t>(m_frames.size());
    m_frames.push_back(Entry{firstSeq, sdu, {}});
    if (!m_spare.empty())
    {
        m_frames.back().pdu.swap(m_spare.back());
        m_spare.pop_back();
    }
    return m_frames.back().pdu;
}

const AtmPduStore::Entry*
AtmPduStore::Find(uint32_t frame) const
{
    const uint32_t i = frame - m_base; // wraps to a huge value for old frames
    return i < m_frames.size() ? &m_frames[i] : nullptr;
}

Ptr<const Packet>
AtmPduStore::GetSdu(uint32_t frame) const
{
    const Entry* e = Find(frame);
    return e ? e->sdu : nullptr;
}

bool
AtmPduStore::IsWholeFrame(uint32_t frame, uint32_t firstSeq, uint32_t cells) const
{
    const Entry* e = Find(frame);
    return e && e->sdu && e->sdu->GetSize() > 0 && e->firstSeq == firstSeq &&
           e->pdu.size() == uint64_t{cells} * AtmCell::PAYLOAD_SIZE;
}

const uint8_t*
AtmPduStore::GetCellPayload(uint32_t frame, uint32_t seq) const
{
    const Entry* e = Find(frame);
    if (!e)
    {
        return nullptr;
    }
    const uint64_t offset = uint64_t{seq - e->firstSeq} * AtmCell::PAYLOAD_SIZE;
    if (offset >= e->pdu.size())
    {
        return nullptr;
    }
    return e->pdu.data() + offset;
}

void
AtmPduStore::Import(uint32_t frame, uint32_t seq, const uint8_t* payload)
{
    if (m_frames.empty())
    {
        m_base = frame;
    }
    if (static_cast<int32_t>(frame - m_base) < 0)
    {
        return; // released: no cell of it can arrive any more
    }
    // A new frame starts at the first of its cells that arrives; frames none
    // of whose cells arrived get an empty entry.
    while (frame - m_base >= m_frames.size())
    {
        uint32_t number;
        NewFrame(seq, nullptr, number).clear();
    }
    Entry& e = m_frames[frame - m_base];
    const auto cell = static_cast<int32_t>(seq - e.firstSeq);
    const uint64_t offset = uint64_t{seq - e.firstSeq} * AtmCell::PAYLOAD_SIZE;
    if (cell < 0 || offset < e.pdu.size())
    {
        return; // stored already
    }
    e.pdu.resize(offset + AtmCell::PAYLOAD_SIZE); // a lost cell's octets stay zero
    std::copy_n(payload,
                AtmCell::PAYLOAD_SIZE,
                e.pdu.begin() + static_cast<std::ptrdiff_t>(offset));
}

void
AtmPduStore::PopFront()
{
    m_spare.push_back(std::move(m_frames.front().pdu));
    m_frames.pop_front();
    ++m_base;
}

void
AtmPduStore::Release(uint32_t frame, bool last)
{
    const uint32_t keep = frame + (last ? 1 : 0);
    while (!m_frames.empty() && static_cast<int32_t>(keep - m_base) > 0)
    {
        PopFront();
    }
}

uint32_t
AtmPduStore::GetNFrames() const
{
    return static_cast<uint32_t>(m_frames.size());
}

} // namespace ns3
