/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The checks behind the libFuzzer targets (test/fuzz/atm-fuzz-*.cc) and the
// atm-fuzz test suite, which replays the seed corpus and every input a
// fuzzer ever found (test/fuzz/corpus, test/fuzz/regressions) through the
// same functions. Each takes outside bytes, runs one parser of the module on
// them and checks what the parser promises: round trips, the detection
// power of the HEC, CRC-10 and CRC-32, resynchronisation after garbage.
// Each returns an empty string, or what was violated.

#ifndef ATM_FUZZ_CHECKS_H
#define ATM_FUZZ_CHECKS_H

#include "ns3/atm-aal5-sar.h"
#include "ns3/atm-aal5-trailer.h"
#include "ns3/atm-cell.h"
#include "ns3/atm-crc.h"
#include "ns3/atm-credit-cell.h"
#include "ns3/atm-rm-cell.h"
#include "ns3/atm-scenario.h"
#include "ns3/packet.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace ns3
{
namespace atmfuzz
{

/// Names of the targets, as the corpus and regression directories are named.
inline const std::vector<std::string>&
TargetNames()
{
    static const std::vector<std::string> names{"aal5", "cell", "credit", "rm", "scenario"};
    return names;
}

/**
 * An RM payload: ParsePayload reports a CRC error exactly when the CRC-10
 * does not match; the fields read are in range; BuildPayload of what was
 * read parses back to the same body; LowerEr never raises ER.
 * @param p 48 octets
 * @return empty, or what failed
 */
inline std::string
CheckRmPayload(const uint8_t* p)
{
    AtmCell cell = AtmRmCell::Make(0, 32);
    const auto r = AtmRmCell::ParsePayload(p, cell);
    const auto carried = static_cast<uint16_t>(((p[AtmCell::PAYLOAD_SIZE - 2] & 0x03) << 8) |
                                               p[AtmCell::PAYLOAD_SIZE - 1]);
    if ((r == AtmRmCell::PARSE_OK) != (AtmCrc::Crc10Payload(p) == carried))
    {
        return "rm: ParsePayload disagrees with the CRC-10";
    }
    for (double rate : {AtmRmCell::GetEr(cell), AtmRmCell::GetCcr(cell), AtmRmCell::GetMcr(cell)})
    {
        if (!std::isfinite(rate) || rate < 0)
        {
            return "rm: a rate field decodes to a negative or non-finite rate";
        }
    }
    std::ostringstream os;
    AtmRmCell::Print(os, cell);
    uint8_t built[AtmCell::PAYLOAD_SIZE];
    AtmRmCell::BuildPayload(cell, built);
    AtmCell back = AtmRmCell::Make(0, 32);
    if (AtmRmCell::ParsePayload(built, back) != AtmRmCell::PARSE_OK)
    {
        return "rm: a payload BuildPayload wrote fails its CRC-10";
    }
    if (std::memcmp(back.GetBody(), cell.GetBody(), 16) != 0)
    {
        return "rm: BuildPayload + ParsePayload changed the body";
    }
    // Any single-bit error in a good payload is detected (CRC-10, d = 3+).
    const uint32_t bit = (uint32_t{p[0]} << 8 | p[1]) % (AtmCell::PAYLOAD_SIZE * 8);
    built[bit / 8] ^= static_cast<uint8_t>(0x80 >> (bit % 8));
    if (AtmRmCell::ParsePayload(built, back) != AtmRmCell::PARSE_CRC_ERROR)
    {
        return "rm: a single-bit error passed the CRC-10";
    }
    const double er = AtmRmCell::GetEr(cell);
    uint32_t cap;
    std::memcpy(&cap, p + 20, sizeof(cap));
    AtmRmCell::LowerEr(cell, static_cast<double>(cap));
    if (AtmRmCell::GetEr(cell) > er)
    {
        return "rm: LowerEr raised ER";
    }
    return "";
}

/**
 * Copy the first 48 octets of an input into a zeroed payload. An empty
 * input may have no data pointer at all (memcpy from null is undefined
 * even for 0 octets: UBSan stops there).
 * @param out the payload
 * @param data the input
 * @param size its length
 */
inline void
CopyPayload(uint8_t (&out)[AtmCell::PAYLOAD_SIZE], const uint8_t* data, std::size_t size)
{
    if (size > 0)
    {
        std::memcpy(out, data, std::min<std::size_t>(size, AtmCell::PAYLOAD_SIZE));
    }
}

/**
 * A 53-octet cell (first octet of the input: bit 0 = NNI; the cell
 * follows, zero-padded): the HEC verdict matches the HEC octet; a good
 * header serializes back octet for octet and survives a serialize /
 * deserialize round trip with every field; one flipped header bit always
 * fails the HEC; an RM cell's payload passes CheckRmPayload.
 * @param data the input
 * @param size its length
 * @return empty, or what failed
 */
inline std::string
CheckCell(const uint8_t* data, std::size_t size)
{
    if (size < 1)
    {
        return "";
    }
    const bool nni = (data[0] & 1) != 0;
    uint8_t in[AtmCell::SIZE] = {};
    std::memcpy(in, data + 1, std::min<std::size_t>(size - 1, AtmCell::SIZE));
    AtmCell cell;
    const auto r = AtmCell::Deserialize(in, nni, cell);
    if ((r == AtmCell::DECODE_OK) != (AtmCrc::Hec(in) == in[4]))
    {
        return "cell: HEC verdict disagrees with the HEC octet";
    }
    uint8_t flipped[AtmCell::SIZE];
    std::memcpy(flipped, in, AtmCell::SIZE);
    if (r == AtmCell::DECODE_OK)
    {
        uint8_t header[4];
        cell.SerializeHeader(header);
        if (std::memcmp(header, in, 4) != 0)
        {
            return "cell: a good header does not serialize back to its octets";
        }
        if (cell.IsNni() != nni)
        {
            return "cell: NNI flag lost";
        }
        std::ostringstream os;
        os << cell;
        uint8_t out[AtmCell::SIZE];
        cell.Serialize(out);
        AtmCell back;
        if (AtmCell::Deserialize(out, nni, back) != AtmCell::DECODE_OK)
        {
            return "cell: a serialized cell fails its HEC";
        }
        if (back.GetVpi() != cell.GetVpi() || back.GetVci() != cell.GetVci() ||
            back.GetPti() != cell.GetPti() || back.GetClp() != cell.GetClp() ||
            back.GetGfc() != cell.GetGfc() || back.GetKind() != cell.GetKind())
        {
            return "cell: serialize + deserialize changed a header field";
        }
        if (cell.IsData() ? (back.GetTimestamp() != cell.GetTimestamp() ||
                             back.GetSequence() != cell.GetSequence() ||
                             back.GetPayloadRef() != cell.GetPayloadRef())
                          : std::memcmp(back.GetBody(), cell.GetBody(), 16) != 0)
        {
            return "cell: serialize + deserialize changed the body";
        }
        if (cell.GetKind() == AtmCell::RM)
        {
            const std::string e = CheckRmPayload(in + 5);
            if (!e.empty())
            {
                return e;
            }
        }
        // The HEC detects every single-bit error of the five header octets.
        const uint32_t bit = (data[0] >> 1) % 40;
        flipped[bit / 8] ^= static_cast<uint8_t>(0x80 >> (bit % 8));
        AtmCell bad;
        if (AtmCell::Deserialize(flipped, nni, bad) != AtmCell::DECODE_HEC_ERROR)
        {
            return "cell: a single-bit header error passed the HEC";
        }
    }
    return "";
}

/**
 * A credit cell payload: every record read has a VCI, at most six; the
 * records serialize and read back unchanged.
 * @param data the input (the first 48 octets, zero-padded)
 * @param size its length
 * @return empty, or what failed
 */
inline std::string
CheckCredit(const uint8_t* data, std::size_t size)
{
    uint8_t in[AtmCell::PAYLOAD_SIZE] = {};
    CopyPayload(in, data, size);
    AtmCreditCell::Records rec;
    AtmCreditCell::Deserialize(in, rec);
    if (rec.n > AtmCreditCell::MAX_RECORDS)
    {
        return "credit: more than six records";
    }
    for (uint32_t i = 0; i < rec.n; ++i)
    {
        if (rec.record[i].vci == 0)
        {
            return "credit: a record without a VCI was taken";
        }
    }
    uint8_t out[AtmCell::PAYLOAD_SIZE];
    AtmCreditCell::Serialize(rec, out);
    AtmCreditCell::Records back;
    AtmCreditCell::Deserialize(out, back);
    if (back.n != rec.n)
    {
        return "credit: the number of records changed in a round trip";
    }
    for (uint32_t i = 0; i < rec.n; ++i)
    {
        const auto& a = rec.record[i];
        const auto& b = back.record[i];
        if (a.vpi != b.vpi || a.vci != b.vci || a.count != b.count)
        {
            return "credit: a record changed in a round trip";
        }
    }
    return "";
}

/**
 * Feed one CPCS-PDU to a reassembler and return the result of its last
 * cell.
 * @param sar the reassembler
 * @param pdu the PDU (a multiple of 48 octets)
 * @return the result of the last Push
 */
inline AtmAal5Sar::Result
PushPdu(AtmAal5Sar& sar, const std::vector<uint8_t>& pdu)
{
    AtmAal5Sar::Result r = AtmAal5Sar::INCOMPLETE;
    for (std::size_t off = 0; off < pdu.size(); off += AtmCell::PAYLOAD_SIZE)
    {
        r = sar.Push(pdu.data() + off, off + AtmCell::PAYLOAD_SIZE == pdu.size());
    }
    return r;
}

/**
 * AAL5 reassembly. Byte 0 picks the mode.
 * Even: the rest is a stream of cells, each one flag octet (bit 0: AUU,
 * the frame's last cell) and 48 payload octets; every frame accepted must
 * hand out its first Length octets as the SDU and have exactly the cells
 * of that length, its trailer read by AtmAal5Trailer must agree (Length,
 * UU, a CRC-32 that matches), and after the stream one last
 * cell and then a good frame must reassemble exactly (resynchronisation).
 * Odd: byte 1 gives 0, 1 or 2 bit errors at the positions in bytes 2-5, the
 * rest is an SDU; its PDU reassembles exactly without errors and never with
 * them (CRC-32 detects every error of one or two bits); an empty SDU
 * gives Length 0, an abort, never accepted.
 * @param data the input
 * @param size its length
 * @return empty, or what failed
 */
inline std::string
CheckAal5(const uint8_t* data, std::size_t size)
{
    if (size < 1)
    {
        return "";
    }
    AtmAal5Sar sar;
    std::vector<uint8_t> pdu;
    if ((data[0] & 1) == 0)
    {
        std::vector<uint8_t> frame; // the payloads of the frame in progress
        for (std::size_t off = 1; off + 1 + AtmCell::PAYLOAD_SIZE <= size;
             off += 1 + AtmCell::PAYLOAD_SIZE)
        {
            const bool last = (data[off] & 1) != 0;
            const uint8_t* payload = data + off + 1;
            frame.insert(frame.end(), payload, payload + AtmCell::PAYLOAD_SIZE);
            const auto r = sar.Push(payload, last);
            if (r == AtmAal5Sar::FRAME_OK)
            {
                Ptr<Packet> sdu = sar.GetFrame();
                if (sdu->GetSize() == 0 || sdu->GetSize() > AtmAal5Sar::MAX_SDU)
                {
                    return "aal5: accepted a frame of an impossible length";
                }
                // The SDU is the frame's first Length octets, the frame has
                // the cells of that length (pad and CPI are not checked on
                // receipt), and its CRC-32 is right.
                std::vector<uint8_t> got(sdu->GetSize());
                sdu->CopyData(got.data(), got.size());
                if (frame.size() != AtmAal5Sar::GetNCells(sdu->GetSize()) * AtmCell::PAYLOAD_SIZE ||
                    std::memcmp(got.data(), frame.data(), got.size()) != 0)
                {
                    return "aal5: an accepted frame is not its SDU, padded";
                }
                Ptr<Packet> p = Create<Packet>(frame.data(), frame.size());
                AtmAal5Trailer t;
                p->RemoveTrailer(t);
                if (t.GetLength() != sdu->GetSize() || t.GetUu() != sar.GetUu() ||
                    t.GetCrc() != AtmCrc::Crc32(frame.data(), frame.size() - 4))
                {
                    return "aal5: the trailer disagrees with the frame";
                }
            }
            if (last || r != AtmAal5Sar::INCOMPLETE)
            {
                frame.clear();
            }
        }
        uint8_t end[AtmCell::PAYLOAD_SIZE] = {};
        sar.Push(end, true);
        const uint8_t hello[] = {'a', 't', 'm'};
        AtmAal5Sar::BuildCpcsPdu(hello, sizeof(hello), 7, pdu);
        if (PushPdu(sar, pdu) != AtmAal5Sar::FRAME_OK || sar.GetFrame()->GetSize() != 3 ||
            sar.GetUu() != 7)
        {
            return "aal5: no resynchronisation after a last cell";
        }
        return "";
    }
    if (size < 6)
    {
        return "";
    }
    const uint32_t nErrors = data[1] % 3;
    const std::size_t sduLength = std::min<std::size_t>(size - 6, AtmAal5Sar::MAX_SDU);
    AtmAal5Sar::BuildCpcsPdu(data + 6, static_cast<uint32_t>(sduLength), data[1], pdu);
    const auto bits = static_cast<uint32_t>(pdu.size() * 8);
    uint32_t pos[2] = {(uint32_t{data[2]} << 8 | data[3]) * 13u % bits,
                       (uint32_t{data[4]} << 8 | data[5]) * 977u % bits};
    for (uint32_t i = 0; i < nErrors; ++i)
    {
        pdu[pos[i] / 8] ^= static_cast<uint8_t>(0x80 >> (pos[i] % 8));
    }
    const bool corrupted = nErrors == 1 || (nErrors == 2 && pos[0] != pos[1]);
    const auto r = PushPdu(sar, pdu);
    if (sduLength == 0)
    {
        // Length 0 is an abort (I.363.5): never a frame.
        if (r == AtmAal5Sar::FRAME_OK)
        {
            return "aal5: a PDU with Length 0 (abort) was accepted";
        }
    }
    else if (!corrupted)
    {
        if (r != AtmAal5Sar::FRAME_OK)
        {
            return "aal5: a good PDU was refused";
        }
        Ptr<Packet> sdu = sar.GetFrame();
        std::vector<uint8_t> got(sdu->GetSize());
        sdu->CopyData(got.data(), got.size());
        if (got.size() != sduLength || std::memcmp(got.data(), data + 6, sduLength) != 0)
        {
            return "aal5: a good PDU reassembled into another SDU";
        }
    }
    else if (r == AtmAal5Sar::FRAME_OK)
    {
        return "aal5: a PDU with one or two bit errors was accepted";
    }
    return "";
}

/**
 * A scenario file: the loader never throws or crashes; a scenario it
 * accepts resolves to a text that loads again to itself.
 * @param data the file's octets
 * @param size its length
 * @return empty, or what failed
 */
inline std::string
CheckScenario(const uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> paramErrors;
    AtmScenario::ParseParams(text, paramErrors);
    AtmScenario s;
    const auto errors = s.LoadText(text, "fuzz.json");
    if (!errors.empty())
    {
        return "";
    }
    AtmScenario again;
    const auto errors2 = again.LoadText(s.GetResolvedText(), "resolved.json");
    if (!errors2.empty())
    {
        return "scenario: the resolved text of a valid scenario is refused: " + errors2.front();
    }
    if (again.GetResolvedText() != s.GetResolvedText())
    {
        return "scenario: resolving is not idempotent";
    }
    return "";
}

/**
 * Run one target's check.
 * @param target a name of TargetNames()
 * @param data the input
 * @param size its length
 * @return empty, or what failed
 */
inline std::string
Check(const std::string& target, const uint8_t* data, std::size_t size)
{
    if (target == "aal5")
    {
        return CheckAal5(data, size);
    }
    if (target == "cell")
    {
        return CheckCell(data, size);
    }
    if (target == "credit")
    {
        return CheckCredit(data, size);
    }
    if (target == "rm")
    {
        uint8_t in[AtmCell::PAYLOAD_SIZE] = {};
        CopyPayload(in, data, size);
        return CheckRmPayload(in);
    }
    if (target == "scenario")
    {
        return CheckScenario(data, size);
    }
    return "unknown fuzz target " + target;
}

} // namespace atmfuzz
} // namespace ns3

#endif /* ATM_FUZZ_CHECKS_H */
