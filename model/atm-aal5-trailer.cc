/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-aal5-trailer.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmAal5Trailer");

NS_OBJECT_ENSURE_REGISTERED(AtmAal5Trailer);

TypeId
AtmAal5Trailer::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmAal5Trailer")
                            .SetParent<Trailer>()
                            .SetGroupName("Atm")
                            .AddConstructor<AtmAal5Trailer>();
    return tid;
}

AtmAal5Trailer::AtmAal5Trailer()
    : m_uu(0),
      m_cpi(0),
      m_length(0),
      m_crc(0)
{
}

void
AtmAal5Trailer::SetUu(uint8_t uu)
{
    m_uu = uu;
}

uint8_t
AtmAal5Trailer::GetUu() const
{
    return m_uu;
}

void
AtmAal5Trailer::SetCpi(uint8_t cpi)
{
    m_cpi = cpi;
}

uint8_t
AtmAal5Trailer::GetCpi() const
{
    return m_cpi;
}

void
AtmAal5Trailer::SetLength(uint16_t length)
{
    m_length = length;
}

uint16_t
AtmAal5Trailer::GetLength() const
{
    return m_length;
}

void
AtmAal5Trailer::SetCrc(uint32_t crc)
{
    m_crc = crc;
}

uint32_t
AtmAal5Trailer::GetCrc() const
{
    return m_crc;
}

TypeId
AtmAal5Trailer::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint32_t
AtmAal5Trailer::GetSerializedSize() const
{
    return SIZE;
}

void
AtmAal5Trailer::Serialize(Buffer::Iterator end) const
{
    Buffer::Iterator i = end;
    i.Prev(SIZE);
    i.WriteU8(m_uu);
    i.WriteU8(m_cpi);
    i.WriteHtonU16(m_length);
    i.WriteHtonU32(m_crc);
}

uint32_t
AtmAal5Trailer::Deserialize(Buffer::Iterator end)
{
    Buffer::Iterator i = end;
    i.Prev(SIZE);
    m_uu = i.ReadU8();
    m_cpi = i.ReadU8();
    m_length = i.ReadNtohU16();
    m_crc = i.ReadNtohU32();
    return SIZE;
}

void
AtmAal5Trailer::Print(std::ostream& os) const
{
    os << "CPCS-UU=" << static_cast<uint32_t>(m_uu) << " CPI=" << static_cast<uint32_t>(m_cpi)
       << " Length=" << m_length << " CRC=0x" << std::hex << m_crc << std::dec;
}

} // namespace ns3
