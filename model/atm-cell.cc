/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cell.h"

#include "atm-byte-order.h"
#include "atm-crc.h"

#include <cstring>
#include <type_traits>

namespace ns3
{

static_assert(sizeof(AtmCell) == 24, "AtmCell must stay a 24-octet value");
static_assert(std::is_trivially_copyable_v<AtmCell>, "AtmCell must be trivially copyable");

namespace
{

/// Offsets of the data-cell fields inside the body.
constexpr std::size_t BODY_TS = 0;   //!< creation time, 8 octets
constexpr std::size_t BODY_SEQ = 8;  //!< sequence number, 4 octets
constexpr std::size_t BODY_REF = 12; //!< payload reference, 4 octets

/**
 * The kind a PTI value stands for.
 * @param pti payload type identifier
 * @return the kind
 */
AtmCell::Kind
KindOfPti(uint8_t pti)
{
    if (pti < AtmCell::PTI_OAM_F5_SEGMENT)
    {
        return AtmCell::DATA;
    }
    if (pti == AtmCell::PTI_RM)
    {
        return AtmCell::RM;
    }
    return AtmCell::OAM;
}

} // namespace

AtmCell::AtmCell()
    : m_vpi(0),
      m_vci(0),
      m_ptiClp(1), // CLP = 1 as in the idle cell header 00 00 00 01
      m_kind(IDLE),
      m_flags(0),
      m_spare(0),
      m_body{}
{
}

AtmCell
AtmCell::MakeData(uint16_t vpi, uint16_t vci, uint32_t seq, Time created)
{
    AtmCell c;
    c.m_vpi = vpi;
    c.m_vci = vci;
    c.m_ptiClp = 0;
    c.m_kind = DATA;
    c.SetSequence(seq);
    c.SetTimestamp(created);
    return c;
}

uint8_t
AtmCell::GetGfc() const
{
    return m_ptiClp >> 4;
}

void
AtmCell::SetGfc(uint8_t gfc)
{
    m_ptiClp = static_cast<uint8_t>((m_ptiClp & 0x0f) | ((gfc & 0x0f) << 4));
}

uint16_t
AtmCell::GetVpi() const
{
    return m_vpi;
}

void
AtmCell::SetVpi(uint16_t vpi)
{
    m_vpi = vpi & 0x0fff;
}

uint16_t
AtmCell::GetVci() const
{
    return m_vci;
}

void
AtmCell::SetVci(uint16_t vci)
{
    m_vci = vci;
}

uint32_t
AtmCell::GetLabel() const
{
    return (static_cast<uint32_t>(m_vpi) << 16) | m_vci;
}

void
AtmCell::SetLabel(uint16_t vpi, uint16_t vci)
{
    SetVpi(vpi);
    m_vci = vci;
}

uint8_t
AtmCell::GetPti() const
{
    return (m_ptiClp >> 1) & 0x07;
}

void
AtmCell::SetPti(uint8_t pti)
{
    m_ptiClp = static_cast<uint8_t>((m_ptiClp & 0xf1) | ((pti & 0x07) << 1));
    if (m_kind != CREDIT)
    {
        m_kind = KindOfPti(pti & 0x07);
    }
}

bool
AtmCell::GetClp() const
{
    return (m_ptiClp & 1) != 0;
}

void
AtmCell::SetClp(bool clp)
{
    m_ptiClp = static_cast<uint8_t>((m_ptiClp & 0xfe) | (clp ? 1 : 0));
}

bool
AtmCell::IsData() const
{
    return m_kind == DATA;
}

bool
AtmCell::GetEfci() const
{
    return IsData() && (GetPti() & 0x2) != 0;
}

void
AtmCell::SetEfci(bool efci)
{
    if (IsData())
    {
        SetPti(static_cast<uint8_t>((GetPti() & ~0x2) | (efci ? 0x2 : 0)));
    }
}

bool
AtmCell::GetAuu() const
{
    return IsData() && (GetPti() & 0x1) != 0;
}

void
AtmCell::SetAuu(bool auu)
{
    if (IsData())
    {
        SetPti(static_cast<uint8_t>((GetPti() & ~0x1) | (auu ? 0x1 : 0)));
    }
}

AtmCell::Kind
AtmCell::GetKind() const
{
    return static_cast<Kind>(m_kind);
}

void
AtmCell::SetKind(Kind kind)
{
    m_kind = kind;
}

bool
AtmCell::IsNni() const
{
    return (m_flags & FLAG_NNI) != 0;
}

Time
AtmCell::GetTimestamp() const
{
    int64_t ts;
    std::memcpy(&ts, m_body + BODY_TS, sizeof(ts));
    return TimeStep(static_cast<uint64_t>(ts));
}

void
AtmCell::SetTimestamp(Time t)
{
    const int64_t ts = t.GetTimeStep();
    std::memcpy(m_body + BODY_TS, &ts, sizeof(ts));
}

uint32_t
AtmCell::GetSequence() const
{
    uint32_t v;
    std::memcpy(&v, m_body + BODY_SEQ, sizeof(v));
    return v;
}

void
AtmCell::SetSequence(uint32_t seq)
{
    std::memcpy(m_body + BODY_SEQ, &seq, sizeof(seq));
}

uint32_t
AtmCell::GetPayloadRef() const
{
    uint32_t v;
    std::memcpy(&v, m_body + BODY_REF, sizeof(v));
    return v;
}

void
AtmCell::SetPayloadRef(uint32_t ref)
{
    std::memcpy(m_body + BODY_REF, &ref, sizeof(ref));
}

uint8_t*
AtmCell::GetBody()
{
    return m_body;
}

const uint8_t*
AtmCell::GetBody() const
{
    return m_body;
}

void
AtmCell::SerializeHeader(uint8_t* out) const
{
    uint32_t h;
    if (IsNni())
    {
        h = (static_cast<uint32_t>(m_vpi & 0x0fff) << 20);
    }
    else
    {
        h = (static_cast<uint32_t>(GetGfc()) << 28) | (static_cast<uint32_t>(m_vpi & 0xff) << 20);
    }
    h |= (static_cast<uint32_t>(m_vci) << 4) | (static_cast<uint32_t>(GetPti()) << 1) |
         (GetClp() ? 1U : 0U);
    AtmWriteBigEndian(out, h, 4);
}

void
AtmCell::Serialize(uint8_t* out, const uint8_t* payload) const
{
    SerializeHeader(out);
    out[4] = AtmCrc::Hec(out);
    uint8_t* p = out + 5;
    if (payload)
    {
        std::memcpy(p, payload, PAYLOAD_SIZE);
        return;
    }
    std::memset(p, 0, PAYLOAD_SIZE);
    if (m_kind == DATA)
    {
        AtmWriteBigEndian(p + BODY_TS, static_cast<uint64_t>(GetTimestamp().GetTimeStep()), 8);
        AtmWriteBigEndian(p + BODY_SEQ, GetSequence(), 4);
        AtmWriteBigEndian(p + BODY_REF, GetPayloadRef(), 4);
    }
    else
    {
        std::memcpy(p, m_body, sizeof(m_body));
    }
}

AtmCell::DecodeResult
AtmCell::Deserialize(const uint8_t* in, bool nni, AtmCell& cell)
{
    if (AtmCrc::Hec(in) != in[4])
    {
        return DECODE_HEC_ERROR;
    }
    const auto h = static_cast<uint32_t>(AtmReadBigEndian(in, 4));
    cell = AtmCell();
    cell.SetNni(nni);
    if (nni)
    {
        cell.m_vpi = static_cast<uint16_t>((h >> 20) & 0x0fff);
    }
    else
    {
        cell.m_vpi = static_cast<uint16_t>((h >> 20) & 0xff);
        cell.SetGfc(static_cast<uint8_t>(h >> 28));
    }
    cell.m_vci = static_cast<uint16_t>((h >> 4) & 0xffff);
    cell.SetClp((h & 1) != 0);
    cell.SetPti(static_cast<uint8_t>((h >> 1) & 0x7));
    if (h == 1) // the idle cell header 00 00 00 01 (I.432.1)
    {
        cell.m_kind = IDLE;
    }
    const uint8_t* p = in + 5;
    if (cell.m_kind == DATA)
    {
        cell.SetTimestamp(TimeStep(AtmReadBigEndian(p + BODY_TS, 8)));
        cell.SetSequence(static_cast<uint32_t>(AtmReadBigEndian(p + BODY_SEQ, 4)));
        cell.SetPayloadRef(static_cast<uint32_t>(AtmReadBigEndian(p + BODY_REF, 4)));
    }
    else
    {
        std::memcpy(cell.m_body, p, sizeof(cell.m_body));
    }
    return DECODE_OK;
}

void
AtmCell::Print(std::ostream& os) const
{
    static const char* kinds[] = {"data", "oam", "rm", "credit", "idle"};
    os << "vpi=" << m_vpi << " vci=" << m_vci << " pti=" << static_cast<int>(GetPti())
       << " clp=" << GetClp() << " kind=" << kinds[m_kind < 5 ? m_kind : 4];
    if (m_kind == DATA)
    {
        os << " seq=" << GetSequence();
    }
}

std::ostream&
operator<<(std::ostream& os, const AtmCell& cell)
{
    cell.Print(os);
    return os;
}

} // namespace ns3
