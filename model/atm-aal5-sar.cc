/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-aal5-sar.h"

#include "atm-aal5-trailer.h"
#include "atm-byte-order.h"
#include "atm-cell.h"
#include "atm-crc.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/packet.h"

#include <cstring>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmAal5Sar");

const char*
AtmAal5Sar::GetErrorName(Result r)
{
    switch (r)
    {
    case CRC_ERROR:
        return "Crc";
    case LENGTH_ERROR:
        return "Length";
    case TOO_LONG:
        return "TooLong";
    default:
        return "None";
    }
}

uint32_t
AtmAal5Sar::GetNCells(uint32_t sduLength)
{
    return (sduLength + AtmAal5Trailer::SIZE + AtmCell::PAYLOAD_SIZE - 1) / AtmCell::PAYLOAD_SIZE;
}

void
AtmAal5Sar::BuildCpcsPdu(Ptr<const Packet> sdu, uint8_t uu, std::vector<uint8_t>& pdu)
{
    const uint32_t length = sdu->GetSize();
    NS_ABORT_MSG_IF(length > MAX_SDU,
                    "AtmAal5Sar: CPCS-SDU length = " << length << ": above " << MAX_SDU);
    pdu.assign(GetNCells(length) * AtmCell::PAYLOAD_SIZE, 0);
    sdu->CopyData(pdu.data(), length);
    // Trailer, with the CRC over everything before the CRC field.
    uint8_t* t = pdu.data() + pdu.size() - AtmAal5Trailer::SIZE;
    t[0] = uu;
    t[1] = 0; // CPI
    AtmWriteBigEndian(t + 2, length, 2);
    const uint32_t crc = AtmCrc::Crc32(pdu.data(), pdu.size() - 4);
    AtmWriteBigEndian(t + 4, crc, 4);
}

void
AtmAal5Sar::BuildCpcsPdu(const uint8_t* sdu, uint32_t length, uint8_t uu, std::vector<uint8_t>& pdu)
{
    BuildCpcsPdu(Create<const Packet>(sdu, length), uu, pdu);
}

AtmAal5Sar::AtmAal5Sar()
    : m_sduLength(0),
      m_uu(0),
      m_discarding(false),
      m_ready(false)
{
}

AtmAal5Sar::Result
AtmAal5Sar::Push(const uint8_t* payload, bool last)
{
    if (m_ready)
    {
        m_buffer.clear();
        m_ready = false;
    }
    if (m_discarding)
    {
        m_discarding = !last;
        return DISCARDING;
    }
    if (m_buffer.size() >= MAX_CELLS * AtmCell::PAYLOAD_SIZE)
    {
        // One cell more than the largest PDU: give the frame up and drop
        // its cells up to and including its last one.
        m_buffer.clear();
        m_discarding = !last;
        return TOO_LONG;
    }
    m_buffer.insert(m_buffer.end(), payload, payload + AtmCell::PAYLOAD_SIZE);
    if (!last)
    {
        return INCOMPLETE;
    }
    const std::size_t n = m_buffer.size();
    const uint8_t* t = m_buffer.data() + n - AtmAal5Trailer::SIZE;
    const auto crc = static_cast<uint32_t>(AtmReadBigEndian(t + 4, 4));
    const auto length = static_cast<uint32_t>(AtmReadBigEndian(t + 2, 2));
    Result r = FRAME_OK;
    if (AtmCrc::Crc32(m_buffer.data(), n - 4) != crc)
    {
        r = CRC_ERROR;
    }
    else if (length == 0 || length + AtmAal5Trailer::SIZE > n ||
             n - AtmAal5Trailer::SIZE - length >= AtmCell::PAYLOAD_SIZE)
    {
        r = LENGTH_ERROR;
    }
    if (r == FRAME_OK)
    {
        m_sduLength = length;
        m_uu = t[0];
        // The SDU stays in the buffer for GetFrame(); the next Push()
        // starts a new frame.
        m_ready = true;
        return r;
    }
    m_buffer.clear();
    return r;
}

Ptr<Packet>
AtmAal5Sar::GetFrame() const
{
    return Create<Packet>(m_buffer.data(), m_sduLength);
}

uint8_t
AtmAal5Sar::GetUu() const
{
    return m_uu;
}

bool
AtmAal5Sar::IsInProgress() const
{
    return !m_ready && !m_buffer.empty();
}

bool
AtmAal5Sar::IsDiscarding() const
{
    return m_discarding;
}

uint32_t
AtmAal5Sar::GetNCellsBuffered() const
{
    return IsInProgress() ? static_cast<uint32_t>(m_buffer.size() / AtmCell::PAYLOAD_SIZE) : 0;
}

void
AtmAal5Sar::Abort()
{
    m_buffer.clear();
    m_discarding = false;
    m_ready = false;
}

} // namespace ns3
