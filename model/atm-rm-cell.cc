/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-rm-cell.h"

#include "atm-byte-order.h"
#include "atm-crc.h"
#include "atm-rate-format.h"

#include <cstring>
#include <ostream>

namespace ns3
{

namespace
{

/// Body offsets (= payload offsets) of the TM 4.0 fields.
constexpr std::size_t OFF_ID = 0;    //!< protocol ID
constexpr std::size_t OFF_FLAGS = 1; //!< DIR BN CI NI RA
constexpr std::size_t OFF_ER = 2;    //!< ER
constexpr std::size_t OFF_CCR = 4;   //!< CCR
constexpr std::size_t OFF_MCR = 6;   //!< MCR
constexpr std::size_t OFF_QL = 8;    //!< QL
constexpr std::size_t OFF_SN = 12;   //!< SN
constexpr std::size_t BODY = 16;     //!< octets held in the body

/// Bits of the flags octet.
constexpr uint8_t BIT_DIR = 0x80; //!< direction
constexpr uint8_t BIT_BN = 0x40;  //!< backward notification
constexpr uint8_t BIT_CI = 0x20;  //!< congestion indication
constexpr uint8_t BIT_NI = 0x10;  //!< no increase
constexpr uint8_t BIT_RA = 0x08;  //!< request/acknowledge

/**
 * @param cell an RM cell
 * @param bit a flag bit
 * @return whether it is set
 */
bool
GetFlag(const AtmCell& cell, uint8_t bit)
{
    return (cell.GetBody()[OFF_FLAGS] & bit) != 0;
}

/**
 * @param cell an RM cell
 * @param bit a flag bit
 * @param on its new value
 */
void
SetFlag(AtmCell& cell, uint8_t bit, bool on)
{
    uint8_t& f = cell.GetBody()[OFF_FLAGS];
    f = static_cast<uint8_t>(on ? (f | bit) : (f & ~bit));
}

} // namespace

AtmCell
AtmRmCell::Make(uint16_t vpi, uint16_t vci)
{
    AtmCell c;
    c.SetLabel(vpi, vci);
    c.SetClp(false);
    c.SetPti(AtmCell::PTI_RM);
    std::memset(c.GetBody(), 0, BODY);
    c.GetBody()[OFF_ID] = PROTOCOL_ID_ABR;
    return c;
}

bool
AtmRmCell::IsRm(const AtmCell& cell)
{
    return cell.GetKind() == AtmCell::RM;
}

uint8_t
AtmRmCell::GetProtocolId(const AtmCell& cell)
{
    return cell.GetBody()[OFF_ID];
}

bool
AtmRmCell::GetDir(const AtmCell& cell)
{
    return GetFlag(cell, BIT_DIR);
}

void
AtmRmCell::SetDir(AtmCell& cell, bool backward)
{
    SetFlag(cell, BIT_DIR, backward);
}

bool
AtmRmCell::GetBn(const AtmCell& cell)
{
    return GetFlag(cell, BIT_BN);
}

void
AtmRmCell::SetBn(AtmCell& cell, bool bn)
{
    SetFlag(cell, BIT_BN, bn);
}

bool
AtmRmCell::GetCi(const AtmCell& cell)
{
    return GetFlag(cell, BIT_CI);
}

void
AtmRmCell::SetCi(AtmCell& cell, bool ci)
{
    SetFlag(cell, BIT_CI, ci);
}

bool
AtmRmCell::GetNi(const AtmCell& cell)
{
    return GetFlag(cell, BIT_NI);
}

void
AtmRmCell::SetNi(AtmCell& cell, bool ni)
{
    SetFlag(cell, BIT_NI, ni);
}

bool
AtmRmCell::GetRa(const AtmCell& cell)
{
    return GetFlag(cell, BIT_RA);
}

void
AtmRmCell::SetRa(AtmCell& cell, bool ra)
{
    SetFlag(cell, BIT_RA, ra);
}

double
AtmRmCell::GetEr(const AtmCell& cell)
{
    return AtmRateFormat::Decode(GetErCode(cell));
}

void
AtmRmCell::SetEr(AtmCell& cell, double cellsPerSecond)
{
    SetErCode(cell, AtmRateFormat::Encode(cellsPerSecond));
}

uint16_t
AtmRmCell::GetErCode(const AtmCell& cell)
{
    return static_cast<uint16_t>(AtmReadBigEndian(cell.GetBody() + OFF_ER, 2));
}

void
AtmRmCell::SetErCode(AtmCell& cell, uint16_t code)
{
    AtmWriteBigEndian(cell.GetBody() + OFF_ER, code, 2);
}

bool
AtmRmCell::LowerEr(AtmCell& cell, double cellsPerSecond)
{
    const uint16_t code = AtmRateFormat::Encode(cellsPerSecond);
    // Codes with bit 15 clear order like the rates they stand for.
    if ((code & AtmRateFormat::MAX_CODE) < (GetErCode(cell) & AtmRateFormat::MAX_CODE))
    {
        SetErCode(cell, code);
        return true;
    }
    return false;
}

double
AtmRmCell::GetCcr(const AtmCell& cell)
{
    return AtmRateFormat::Decode(
        static_cast<uint16_t>(AtmReadBigEndian(cell.GetBody() + OFF_CCR, 2)));
}

void
AtmRmCell::SetCcr(AtmCell& cell, double cellsPerSecond)
{
    AtmWriteBigEndian(cell.GetBody() + OFF_CCR, AtmRateFormat::Encode(cellsPerSecond), 2);
}

double
AtmRmCell::GetMcr(const AtmCell& cell)
{
    return AtmRateFormat::Decode(
        static_cast<uint16_t>(AtmReadBigEndian(cell.GetBody() + OFF_MCR, 2)));
}

void
AtmRmCell::SetMcr(AtmCell& cell, double cellsPerSecond)
{
    AtmWriteBigEndian(cell.GetBody() + OFF_MCR, AtmRateFormat::Encode(cellsPerSecond), 2);
}

uint32_t
AtmRmCell::GetQl(const AtmCell& cell)
{
    return static_cast<uint32_t>(AtmReadBigEndian(cell.GetBody() + OFF_QL, 4));
}

void
AtmRmCell::SetQl(AtmCell& cell, uint32_t ql)
{
    AtmWriteBigEndian(cell.GetBody() + OFF_QL, ql, 4);
}

uint32_t
AtmRmCell::GetSn(const AtmCell& cell)
{
    return static_cast<uint32_t>(AtmReadBigEndian(cell.GetBody() + OFF_SN, 4));
}

void
AtmRmCell::SetSn(AtmCell& cell, uint32_t sn)
{
    AtmWriteBigEndian(cell.GetBody() + OFF_SN, sn, 4);
}

void
AtmRmCell::BuildPayload(const AtmCell& cell, uint8_t* payload)
{
    std::memcpy(payload, cell.GetBody(), BODY);
    std::memset(payload + BODY, RESERVED_OCTET, AtmCell::PAYLOAD_SIZE - 2 - BODY);
    payload[AtmCell::PAYLOAD_SIZE - 2] = 0;
    payload[AtmCell::PAYLOAD_SIZE - 1] = 0;
    const uint16_t crc = AtmCrc::Crc10Payload(payload);
    AtmWriteBigEndian(payload + AtmCell::PAYLOAD_SIZE - 2, crc, 2);
}

AtmRmCell::ParseResult
AtmRmCell::ParsePayload(const uint8_t* payload, AtmCell& cell)
{
    std::memcpy(cell.GetBody(), payload, BODY);
    const auto carried = static_cast<uint16_t>(((payload[AtmCell::PAYLOAD_SIZE - 2] & 0x03) << 8) |
                                               payload[AtmCell::PAYLOAD_SIZE - 1]);
    return AtmCrc::Crc10Payload(payload) == carried ? PARSE_OK : PARSE_CRC_ERROR;
}

void
AtmRmCell::Print(std::ostream& os, const AtmCell& cell)
{
    os << "id=" << static_cast<int>(GetProtocolId(cell)) << " dir=" << GetDir(cell)
       << " bn=" << GetBn(cell) << " ci=" << GetCi(cell) << " ni=" << GetNi(cell)
       << " ra=" << GetRa(cell) << " er=" << GetEr(cell) << " ccr=" << GetCcr(cell)
       << " mcr=" << GetMcr(cell) << " ql=" << GetQl(cell) << " sn=" << GetSn(cell);
}

} // namespace ns3
