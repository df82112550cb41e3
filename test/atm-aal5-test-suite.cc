/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// AAL5 (ITU-T I.363.5) and RFC 2684 encapsulation. Without a network: the
// CRC-32 against published check values and a bitwise reference written
// here, the trailer as an ns3::Trailer, segmentation and reassembly of every
// CPCS-SDU length, and every reassembly error. Through a network (host -
// switch - host, IPv4 and UDP): cells killed by a ReceiveListErrorModel at
// the destination make exactly the expected frames fail, for the expected
// reasons, at the expected times; LLC/SNAP and VC-multiplexed frames carry
// the octets RFC 2684 says, and a frame that is not LLC/SNAP where LLC/SNAP
// is expected is discarded; a frame of exactly the Mtu leaves, one octet
// more or (VC-multiplexed) another protocol is refused.

#include "atm-test-lambda.h"
#include "atm-test-networks.h"
#include "atm-test-suite.h"

#include "ns3/application-container.h"
#include "ns3/atm-aal5-endpoint.h"
#include "ns3/atm-aal5-sar.h"
#include "ns3/atm-aal5-trailer.h"
#include "ns3/atm-cell.h"
#include "ns3/atm-config.h"
#include "ns3/atm-crc.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-pdu-store.h"
#include "ns3/atm-switch-helper.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-vc-helper.h"
#include "ns3/atm-vc.h"
#include "ns3/enum.h"
#include "ns3/error-model.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/node-container.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/seq-ts-header.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/udp-client-server-helper.h"
#include "ns3/udp-server.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cstring>
#include <list>
#include <random>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

using namespace ns3;

namespace
{

/// Octets of a cell payload, written here rather than taken from the model.
constexpr uint32_t CELL = 48;

/**
 * Reference AAL5 CRC-32, one bit at a time: generator 0x04C11DB7 of
 * IEEE 802.3, register preset to all ones, bits taken most significant
 * first (not reflected), result complemented (I.363.5 9.2.2.2).
 * @param data the octets
 * @param len how many
 * @return the CRC
 */
uint32_t
ReferenceCrc32(const uint8_t* data, std::size_t len)
{
    uint32_t reg = 0xFFFFFFFF;
    for (std::size_t i = 0; i < len; ++i)
    {
        for (int b = 7; b >= 0; --b)
        {
            const bool in = ((data[i] >> b) & 1) != 0;
            const bool top = (reg >> 31) != 0;
            reg <<= 1;
            if (in != top)
            {
                reg ^= 0x04C11DB7;
            }
        }
    }
    return ~reg;
}

/**
 * Cells of the CPCS-PDU of an SDU of @p length octets, as I.363.5 defines
 * it: the SDU and the 8-octet trailer, rounded up to whole 48-octet cells.
 * @param length SDU octets
 * @return cells
 */
uint32_t
ReferenceCells(uint32_t length)
{
    const uint32_t octets = length + 8;
    return octets / CELL + (octets % CELL != 0 ? 1 : 0);
}

/**
 * Write a big-endian field.
 * @param p where
 * @param v the value
 * @param n octets
 */
void
PutBe(uint8_t* p, uint32_t v, int n)
{
    for (int i = 0; i < n; ++i)
    {
        p[i] = static_cast<uint8_t>(v >> (8 * (n - 1 - i)));
    }
}

/**
 * Push whole cells of a PDU into a reassembler.
 * @param sar the reassembler
 * @param pdu the octets (a whole number of cells)
 * @param cells which cells, by index, in order
 * @param lastIndex the index of the cell that carries AUU = 1
 * @return the result of each Push(), as "I I F" (Incomplete, Ok, Crc,
 *         Length, TooLong, Discarding)
 */
std::string
PushCells(AtmAal5Sar& sar,
          const std::vector<uint8_t>& pdu,
          const std::vector<uint32_t>& cells,
          uint32_t lastIndex)
{
    static const char* letters = "IOCLTD";
    std::string s;
    for (uint32_t k : cells)
    {
        const AtmAal5Sar::Result r = sar.Push(pdu.data() + k * CELL, k == lastIndex);
        if (!s.empty())
        {
            s += ' ';
        }
        s += letters[r];
    }
    return s;
}

/**
 * The CPCS-PDU of @p length octets of a fixed pattern.
 * @param length SDU octets
 * @param sdu set to the SDU
 * @return the PDU
 */
std::vector<uint8_t>
PatternPdu(uint32_t length, std::vector<uint8_t>& sdu)
{
    sdu.resize(length);
    for (uint32_t i = 0; i < length; ++i)
    {
        sdu[i] = static_cast<uint8_t>(i * 7 + length);
    }
    std::vector<uint8_t> pdu;
    AtmAal5Sar::BuildCpcsPdu(sdu.data(), length, 0, pdu);
    return pdu;
}

/**
 * The octets of a packet.
 * @param p the packet
 * @return its octets
 */
std::vector<uint8_t>
Octets(Ptr<const Packet> p)
{
    std::vector<uint8_t> v(p->GetSize());
    p->CopyData(v.data(), v.size());
    return v;
}

} // namespace

/**
 * @ingroup atm-tests
 * The AAL5 CRC-32: the CRC-32/BZIP2 check value of "123456789", the
 * I.363.5 example (40 zero octets, Length 40: trailer 00 00 00 28 86 4D 7F
 * 99, exactly as BuildCpcsPdu writes it), and agreement with a bitwise
 * reference on random data of random lengths, also when computed in two
 * pieces with Crc32Update and as written into BuildCpcsPdu's trailer; and
 * both ways of computing it (Crc32Update, which folds with carry-less
 * products where the processor has them, and Crc32UpdateTable) for every
 * length up to 320 octets at every alignment.
 */
class AtmAal5CrcTestCase : public TestCase
{
  public:
    AtmAal5CrcTestCase()
        : TestCase("CRC-32: check value, the I.363.5 example PDU, bitwise reference")
    {
    }

  private:
    void DoRun() override
    {
        const char* check = "123456789";
        const auto* c = reinterpret_cast<const uint8_t*>(check);
        NS_TEST_EXPECT_MSG_EQ(AtmCrc::Crc32(c, 9), 0xFC891918U, "check value of 123456789");
        NS_TEST_EXPECT_MSG_EQ(ReferenceCrc32(c, 9), 0xFC891918U, "the reference agrees");

        const std::vector<uint8_t> zeros(40, 0);
        std::vector<uint8_t> pdu;
        AtmAal5Sar::BuildCpcsPdu(zeros.data(), 40, 0, pdu);
        const uint8_t trailer[8] = {0x00, 0x00, 0x00, 0x28, 0x86, 0x4D, 0x7F, 0x99};
        NS_TEST_ASSERT_MSG_EQ(pdu.size(), 48, "40 octets + trailer fill one cell");
        for (int i = 0; i < 40; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(uint32_t{pdu[i]}, 0, "SDU octet " << i);
        }
        for (int i = 0; i < 8; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(uint32_t{pdu[40 + i]},
                                  uint32_t{trailer[i]},
                                  "trailer octet " << i);
        }

        std::mt19937 rng(20261123);
        std::vector<uint8_t> data(5000);
        uint32_t bad = 0;
        uint32_t badSplit = 0;
        uint32_t badTrailer = 0;
        for (int trial = 0; trial < 300; ++trial)
        {
            const std::size_t len = rng() % data.size();
            for (auto& b : data)
            {
                b = static_cast<uint8_t>(rng());
            }
            const uint32_t ref = ReferenceCrc32(data.data(), len);
            bad += AtmCrc::Crc32(data.data(), len) != ref;
            const std::size_t cut = len ? rng() % len : 0;
            const uint32_t state = AtmCrc::Crc32Update(0xFFFFFFFF, data.data(), cut);
            badSplit += ~AtmCrc::Crc32Update(state, data.data() + cut, len - cut) != ref;
            // BuildCpcsPdu's CRC field, against the reference over all but it.
            AtmAal5Sar::BuildCpcsPdu(data.data(), static_cast<uint32_t>(len), 0, pdu);
            const uint8_t* t = pdu.data() + pdu.size() - 4;
            const uint32_t field = (uint32_t{t[0]} << 24) | (uint32_t{t[1]} << 16) |
                                   (uint32_t{t[2]} << 8) | uint32_t{t[3]};
            badTrailer += field != ReferenceCrc32(pdu.data(), pdu.size() - 4);
        }
        NS_TEST_EXPECT_MSG_EQ(bad, 0, "Crc32 differs from the bitwise reference");
        NS_TEST_EXPECT_MSG_EQ(badSplit, 0, "Crc32Update in two pieces differs");
        NS_TEST_EXPECT_MSG_EQ(badTrailer, 0, "BuildCpcsPdu's CRC field differs");

        // Both ways of computing it (folding with carry-less products where
        // the processor has them, the tables), every length up to 20
        // blocks of 16 and every alignment, from a register not all ones.
        uint32_t badTable = 0;
        uint32_t badUpdate = 0;
        for (std::size_t len = 0; len <= 320; ++len)
        {
            for (std::size_t offset = 0; offset < 16; ++offset)
            {
                const uint8_t* d = data.data() + offset;
                const auto state = static_cast<uint32_t>(rng());
                const uint32_t head = rng() % 4;
                const uint32_t ref = ReferenceCrc32(d, len + head);
                const uint32_t mid = AtmCrc::Crc32UpdateTable(0xFFFFFFFF, d, head);
                badTable += ~AtmCrc::Crc32UpdateTable(mid, d + head, len) != ref;
                badUpdate += ~AtmCrc::Crc32Update(mid, d + head, len) != ref;
                badUpdate +=
                    AtmCrc::Crc32Update(state, d, len) != AtmCrc::Crc32UpdateTable(state, d, len);
            }
        }
        NS_TEST_EXPECT_MSG_EQ(badTable, 0, "the table computation differs from the reference");
        NS_TEST_EXPECT_MSG_EQ(badUpdate,
                              0,
                              "Crc32Update differs (carry-less multiplication used: "
                                  << AtmCrc::HasCarrylessMultiply() << ")");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * AtmAal5Trailer as an ns3::Trailer: added to a packet it is the last 8
 * octets, UU CPI Length(2, big-endian) CRC(4, big-endian); removed again
 * it gives back every field, also from octets written by hand.
 */
class AtmAal5TrailerTestCase : public TestCase
{
  public:
    AtmAal5TrailerTestCase()
        : TestCase("trailer: Serialize and Deserialize byte-exact at the end of a packet")
    {
    }

  private:
    void DoRun() override
    {
        const uint8_t body[5] = {1, 2, 3, 4, 5};
        Ptr<Packet> p = Create<Packet>(body, 5);
        AtmAal5Trailer t;
        t.SetUu(0xA5);
        t.SetCpi(0x5A);
        t.SetLength(0x1234);
        t.SetCrc(0xDEADBEEF);
        NS_TEST_EXPECT_MSG_EQ(t.GetSerializedSize(), 8, "8 octets");
        p->AddTrailer(t);
        const std::vector<uint8_t> expected =
            {1, 2, 3, 4, 5, 0xA5, 0x5A, 0x12, 0x34, 0xDE, 0xAD, 0xBE, 0xEF};
        NS_TEST_EXPECT_MSG_EQ((Octets(p) == expected), true, "octets on the packet");

        AtmAal5Trailer back;
        p->RemoveTrailer(back);
        NS_TEST_EXPECT_MSG_EQ(p->GetSize(), 5, "the trailer removed");
        NS_TEST_EXPECT_MSG_EQ(uint32_t{back.GetUu()}, 0xA5, "UU");
        NS_TEST_EXPECT_MSG_EQ(uint32_t{back.GetCpi()}, 0x5A, "CPI");
        NS_TEST_EXPECT_MSG_EQ(back.GetLength(), 0x1234, "Length");
        NS_TEST_EXPECT_MSG_EQ(back.GetCrc(), 0xDEADBEEFU, "CRC");

        // The I.363.5 example's last cell, written by hand.
        std::vector<uint8_t> cell(40, 0);
        for (uint8_t b : {0x00, 0x00, 0x00, 0x28, 0x86, 0x4D, 0x7F, 0x99})
        {
            cell.push_back(b);
        }
        Ptr<Packet> q = Create<Packet>(cell.data(), cell.size());
        AtmAal5Trailer u;
        q->RemoveTrailer(u);
        NS_TEST_EXPECT_MSG_EQ(q->GetSize(), 40, "40 SDU octets remain");
        NS_TEST_EXPECT_MSG_EQ(u.GetLength(), 40, "Length 40");
        NS_TEST_EXPECT_MSG_EQ(u.GetCrc(), 0x864D7F99U, "CRC of the example");
        NS_TEST_EXPECT_MSG_EQ(uint32_t{u.GetUu()} + u.GetCpi(), 0, "UU and CPI 0");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Segmentation and reassembly of CPCS-SDU lengths (random content, fixed
 * seed): the PDU has ReferenceCells(L) cells (GetNCells agrees; 40 -> 1,
 * 41 -> 2, 88 -> 2, 89 -> 3, 65535 -> 1366), its pad octets are zero, its
 * trailer holds UU, CPI 0 and L; Push() says INCOMPLETE for every cell but
 * the last, FRAME_OK for the last, and GetFrame() gives back exactly the
 * SDU. An empty SDU builds a one-cell PDU with Length 0, which I.363.5
 * reserves for an abort: reassembly rejects it as LENGTH_ERROR.
 *
 * Every length 1..65535 is 2.1 GB of SDU, about 10 s of CRC alone here
 * (two passes), so the full range is an EXTENSIVE case (run it with
 * --fullness=EXTENSIVE). The QUICK case takes every length up to 1500,
 * the two lengths at each cell boundary (L + 8 = 48k and 48k + 1, for
 * every cell count k up to 1366) and the top 96 lengths up to 65535.
 */
class AtmAal5SarRoundTripTestCase : public TestCase
{
  public:
    /// @param full every length, or the QUICK set
    explicit AtmAal5SarRoundTripTestCase(bool full)
        : TestCase(full ? "SAR round trip of every SDU length 1..65535; Length 0 is an abort"
                        : "SAR round trip of SDU lengths 1..1500, at every cell boundary and up "
                          "to 65535; Length 0 is an abort"),
          m_full(full)
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(AtmAal5Sar::GetNCells(40), 1, "40 octets");
        NS_TEST_EXPECT_MSG_EQ(AtmAal5Sar::GetNCells(41), 2, "41 octets");
        NS_TEST_EXPECT_MSG_EQ(AtmAal5Sar::GetNCells(88), 2, "88 octets");
        NS_TEST_EXPECT_MSG_EQ(AtmAal5Sar::GetNCells(89), 3, "89 octets");
        NS_TEST_EXPECT_MSG_EQ(AtmAal5Sar::GetNCells(65535), 1366, "65535 octets");
        NS_TEST_EXPECT_MSG_EQ(AtmAal5Sar::MAX_CELLS, 1366, "largest PDU");

        // Random octets, fixed seed; SDU L is a window of them starting at a
        // place that moves with L (generating 2 GB afresh would dominate).
        const uint32_t maxSdu = 65535;
        std::mt19937 rng(4242);
        std::vector<uint8_t> pool(2 * maxSdu);
        for (auto& b : pool)
        {
            b = static_cast<uint8_t>(rng() >> 24);
        }
        std::vector<uint8_t> pdu;
        std::vector<uint8_t> out(maxSdu);
        AtmAal5Sar sar;
        uint32_t firstBad[5] = {0, 0, 0, 0, 0}; // cells, pad, trailer, results, octets
        uint32_t nBad[5] = {0, 0, 0, 0, 0};
        auto fail = [&firstBad, &nBad](int what, uint32_t length) {
            firstBad[what] = nBad[what]++ ? firstBad[what] : length;
        };
        for (uint32_t length = 1; length <= maxSdu; ++length)
        {
            if (!m_full && length > 1500 && (length + 8) % CELL > 1 && length <= maxSdu - 96)
            {
                continue;
            }
            const uint8_t* sdu = pool.data() + (length * 40503U) % maxSdu;
            const auto uu = static_cast<uint8_t>(length);
            AtmAal5Sar::BuildCpcsPdu(sdu, length, uu, pdu);
            const uint32_t n = ReferenceCells(length);
            if (pdu.size() != n * CELL || AtmAal5Sar::GetNCells(length) != n)
            {
                fail(0, length);
                continue;
            }
            const uint8_t* t = pdu.data() + pdu.size() - 8;
            for (std::size_t i = length; i < pdu.size() - 8; ++i)
            {
                if (pdu[i] != 0)
                {
                    fail(1, length);
                    break;
                }
            }
            if (t[0] != uu || t[1] != 0 || ((t[2] << 8) | t[3]) != static_cast<int>(length))
            {
                fail(2, length);
            }
            bool resultsOk = true;
            for (uint32_t k = 0; k < n; ++k)
            {
                const bool last = k + 1 == n;
                const AtmAal5Sar::Result r = sar.Push(pdu.data() + k * CELL, last);
                resultsOk &= r == (last ? AtmAal5Sar::FRAME_OK : AtmAal5Sar::INCOMPLETE);
            }
            if (!resultsOk || sar.GetUu() != uu)
            {
                fail(3, length);
                sar.Abort();
                continue;
            }
            Ptr<Packet> frame = sar.GetFrame();
            if (frame->GetSize() != length || frame->CopyData(out.data(), length) != length ||
                std::memcmp(out.data(), sdu, length) != 0)
            {
                fail(4, length);
            }
        }
        const char* what[5] = {"cell count",
                               "pad octets",
                               "trailer fields",
                               "Push results",
                               "reassembled octets"};
        for (int w = 0; w < 5; ++w)
        {
            NS_TEST_EXPECT_MSG_EQ(nBad[w],
                                  0,
                                  what[w] << " wrong for " << nBad[w] << " lengths, the first "
                                          << firstBad[w]);
        }

        // Length 0: one cell, Length field 0, a good CRC; reassembly says abort.
        AtmAal5Sar::BuildCpcsPdu(Create<Packet>(), 0, pdu);
        NS_TEST_ASSERT_MSG_EQ(pdu.size(), 48, "an empty SDU still makes one cell");
        NS_TEST_EXPECT_MSG_EQ(((pdu[42] << 8) | pdu[43]), 0, "Length field 0");
        NS_TEST_EXPECT_MSG_EQ(PushCells(sar, pdu, {0}, 0), "L", "Length 0 -> LENGTH_ERROR");
        Simulator::Destroy();
    }

    bool m_full; //!< every length
};

/**
 * @ingroup atm-tests
 * Every reassembly error, and that the frame after each is good:
 * - every single-bit error anywhere in a 2-cell PDU (CRC field included)
 *   gives CRC_ERROR;
 * - a Length field that does not fit the cell count, with the CRC made good
 *   again by the reference, gives LENGTH_ERROR at exactly the lengths
 *   I.363.5 forbids (pad of 48 or more, SDU longer than the PDU) and
 *   FRAME_OK at the edges it allows;
 * - 1367 cells without AUU: TOO_LONG at the 1367th, DISCARDING up to and
 *   including the AUU cell, then a good frame; TOO_LONG on an AUU cell ends
 *   the discard at once;
 * - a lost last cell merges two frames into one CRC_ERROR; a lost middle
 *   cell gives CRC_ERROR (the CRC is checked before the length).
 */
class AtmAal5SarErrorsTestCase : public TestCase
{
  public:
    AtmAal5SarErrorsTestCase()
        : TestCase("SAR: CRC, Length, Length 0, TooLong, lost last and middle cells")
    {
    }

  private:
    /**
     * After an error, a good 1-cell frame must come through.
     * @param sar the reassembler
     * @param what the error just tested
     */
    void ExpectGoodNext(AtmAal5Sar& sar, const std::string& what)
    {
        std::vector<uint8_t> sdu;
        const std::vector<uint8_t> pdu = PatternPdu(30, sdu);
        NS_TEST_EXPECT_MSG_EQ(PushCells(sar, pdu, {0}, 0), "O", "good frame after " << what);
        NS_TEST_EXPECT_MSG_EQ((Octets(sar.GetFrame()) == sdu), true, "its octets after " << what);
    }

    void DoRun() override
    {
        AtmAal5Sar sar;
        std::vector<uint8_t> sdu;

        // CRC: 60 octets -> 2 cells; flip each of the 768 bits in turn.
        const std::vector<uint8_t> two = PatternPdu(60, sdu);
        uint32_t missed = 0;
        for (uint32_t bit = 0; bit < 2 * CELL * 8; ++bit)
        {
            std::vector<uint8_t> bad = two;
            bad[bit / 8] ^= static_cast<uint8_t>(0x80 >> (bit % 8));
            missed += PushCells(sar, bad, {0, 1}, 1) != "I C";
        }
        NS_TEST_EXPECT_MSG_EQ(missed, 0, "single-bit errors not reported as CRC_ERROR");
        ExpectGoodNext(sar, "CRC errors");

        // Length: a 3-cell PDU (144 octets, 136 before the trailer). A
        // length fits iff 1 <= L <= 136 and 136 - L <= 47, i.e. 89..136.
        const std::vector<uint8_t> three = PatternPdu(100, sdu);
        const std::pair<uint32_t, std::string> lengths[] = {
            {88, "I I L"},  // 48 pad octets: a whole cell of padding
            {89, "I I O"},  // 47 pad octets
            {136, "I I O"}, // no padding
            {137, "I I L"}, // longer than the PDU
            {50, "I I L"},
            {65535, "I I L"},
            {0, "I I L"}, // abort
        };
        for (const auto& [length, expected] : lengths)
        {
            std::vector<uint8_t> pdu = three;
            PutBe(pdu.data() + 3 * CELL - 6, length, 2);
            PutBe(pdu.data() + 3 * CELL - 4, ReferenceCrc32(pdu.data(), 3 * CELL - 4), 4);
            NS_TEST_EXPECT_MSG_EQ(PushCells(sar, pdu, {0, 1, 2}, 2),
                                  expected,
                                  "Length field " << length << " in 3 cells");
            if (expected == "I I O")
            {
                NS_TEST_EXPECT_MSG_EQ(sar.GetFrame()->GetSize(), length, "SDU of Length octets");
            }
        }
        ExpectGoodNext(sar, "Length errors");

        // TooLong: 1366 cells are the most; the 1367th without AUU gives up.
        std::vector<uint8_t> filler(CELL, 0x5C);
        std::string s;
        for (uint32_t k = 0; k < 1366; ++k)
        {
            s += PushCells(sar, filler, {0}, 1);
        }
        NS_TEST_EXPECT_MSG_EQ(s, std::string(1366, 'I'), "1366 cells in progress");
        NS_TEST_EXPECT_MSG_EQ(sar.GetNCellsBuffered(), 1366, "all held");
        NS_TEST_EXPECT_MSG_EQ(PushCells(sar, filler, {0}, 1), "T", "cell 1367 -> TOO_LONG");
        NS_TEST_EXPECT_MSG_EQ(PushCells(sar, filler, {0}, 1), "D", "then DISCARDING");
        NS_TEST_EXPECT_MSG_EQ(PushCells(sar, filler, {0}, 1), "D", "still DISCARDING");
        NS_TEST_EXPECT_MSG_EQ(PushCells(sar, filler, {0}, 0), "D", "the AUU cell is discarded");
        ExpectGoodNext(sar, "TOO_LONG");
        for (uint32_t k = 0; k < 1366; ++k)
        {
            sar.Push(filler.data(), false);
        }
        NS_TEST_EXPECT_MSG_EQ(PushCells(sar, filler, {0}, 0), "T", "an AUU cell 1367 -> TOO_LONG");
        ExpectGoodNext(sar, "TOO_LONG on the AUU cell");

        // Lost last cell: A (100 octets, 3 cells) loses cell 2, B (60, 2
        // cells) follows: A0 A1 B0 B1 end as one 4-cell frame whose trailer
        // is B's, with a CRC over other octets.
        std::vector<uint8_t> merged = three;
        merged.resize(2 * CELL);
        merged.insert(merged.end(), two.begin(), two.end());
        NS_TEST_EXPECT_MSG_EQ(PushCells(sar, merged, {0, 1, 2, 3}, 3),
                              "I I I C",
                              "two frames merged");
        ExpectGoodNext(sar, "a lost last cell");

        // Lost middle cell: A0 A2 -> 96 octets with Length 100 and A's CRC.
        NS_TEST_EXPECT_MSG_EQ(PushCells(sar, three, {0, 2}, 2), "I C", "a lost middle cell");
        ExpectGoodNext(sar, "a lost middle cell");

        // Abort() (the reassembly timer) drops the frame in progress.
        NS_TEST_EXPECT_MSG_EQ(PushCells(sar, three, {0, 1}, 2), "I I", "in progress");
        NS_TEST_EXPECT_MSG_EQ(sar.IsInProgress(), true, "in progress");
        sar.Abort();
        NS_TEST_EXPECT_MSG_EQ(sar.IsInProgress(), false, "aborted");
        ExpectGoodNext(sar, "Abort()");
        Simulator::Destroy();
    }
};

namespace
{

/// UDP payload octets that make 3 cells with LLC/SNAP: 100 + 8 UDP + 20 IP
/// + 8 LLC/SNAP = 136, + 8 trailer = 144 = 3 x 48.
constexpr uint32_t PAYLOAD_3_CELLS = 100;

/**
 * Host - switch - host with IPv4, one IP PVC, and a UDP flow from the first
 * host to a UdpServer on the last, on a 1 ms period.
 */
struct UdpOverAtm
{
    NodeContainer nodes;            //!< host, switch, host
    Ptr<AtmNetDevice> src;          //!< the sending host's port
    Ptr<AtmNetDevice> dst;          //!< the receiving host's port
    Ptr<AtmVc> vc;                  //!< the forward VC
    Ptr<UdpServer> server;          //!< the receiver
    std::vector<uint32_t> received; //!< sequence numbers the server got
    std::vector<Time> cellArrivals; //!< every cell at dst, killed ones too
    std::vector<std::string> drops; //!< FrameDrop at dst: "reason@time"

    /**
     * Build it and start the flow at 0.1 s.
     * @param packets UDP packets to send
     * @param payload their payload octets
     */
    UdpOverAtm(uint32_t packets, uint32_t payload)
    {
        nodes.Create(3);
        AtmSwitchHelper sw;
        sw.Install(nodes.Get(1));
        AtmHelper atm;
        src = DynamicCast<AtmNetDevice>(atm.Install(nodes.Get(0), nodes.Get(1)).Get(0));
        dst = DynamicCast<AtmNetDevice>(atm.Install(nodes.Get(1), nodes.Get(2)).Get(1));
        NodeContainer hosts(nodes.Get(0), nodes.Get(2));
        InternetStackHelper().Install(hosts);
        Ipv4AddressHelper ip("10.9.0.0", "255.255.255.0");
        NetDeviceContainer hostPorts(src);
        hostPorts.Add(dst);
        const Ipv4InterfaceContainer ifs = ip.Assign(hostPorts);
        vc = AtmVcHelper().CreateIpPvc(nodes, "udp").first;

        UdpServerHelper serverHelper(9);
        ApplicationContainer s = serverHelper.Install(nodes.Get(2));
        server = DynamicCast<UdpServer>(s.Get(0));
        // RxWithAddresses: the same signature in ns-3.37 and ns-3-dev, where
        // "Rx" gained the sender's address.
        server->TraceConnectWithoutContext("RxWithAddresses",
                                           MakeCallback(&UdpOverAtm::ServerRx, this));
        UdpClientHelper client(ifs.GetAddress(1), 9);
        client.SetAttribute("MaxPackets", UintegerValue(packets));
        client.SetAttribute("Interval", TimeValue(MilliSeconds(1)));
        client.SetAttribute("PacketSize", UintegerValue(payload));
        client.Install(nodes.Get(0)).Start(Seconds(0.1));

        dst->TraceConnectWithoutContext("PhyRxEnd", MakeCallback(&UdpOverAtm::CellIn, this));
        dst->TraceConnectWithoutContext("Drop", MakeCallback(&UdpOverAtm::CellKilled, this));
        dst->GetAal5Endpoint()->TraceConnectWithoutContext(
            "FrameDrop",
            MakeCallback(&UdpOverAtm::FrameDrop, this));
    }

    /**
     * Kill the cells of the flow with these arrival indexes (from 0) at dst.
     * @param kill the indexes
     */
    void Kill(const std::list<uint32_t>& kill)
    {
        Ptr<ReceiveListErrorModel> em = CreateObject<ReceiveListErrorModel>();
        em->SetList(kill);
        dst->SetAttribute("ReceiveErrorModel", PointerValue(em));
    }

    /**
     * @param encapsulation "LlcSnap" or "VcMux"
     * @param rx the receiving end's, the sending end's otherwise
     */
    void SetEncapsulation(const std::string& encapsulation, bool rx)
    {
        (rx ? dst : src)
            ->GetAal5Endpoint()
            ->SetAttribute("Encapsulation",
                           EnumValue(encapsulation == "VcMux" ? AtmAal5Endpoint::VC_MUX
                                                              : AtmAal5Endpoint::LLC_SNAP));
    }

    /**
     * UdpServer Rx trace.
     * @param p the packet, SeqTsHeader first
     * @param from the sender's address
     * @param to the receiver's address
     */
    void ServerRx(Ptr<const Packet> p,
                  [[maybe_unused]] const Address& from,
                  [[maybe_unused]] const Address& to)
    {
        SeqTsHeader h;
        p->PeekHeader(h);
        received.push_back(h.GetSeq());
    }

    /**
     * PhyRxEnd trace of dst.
     */
    void CellIn(const AtmCell& /* cell */)
    {
        cellArrivals.push_back(Simulator::Now());
    }

    /**
     * Drop trace of dst: a killed cell arrived.
     */
    void CellKilled(const AtmCell& /* cell */, const char* /* reason */)
    {
        cellArrivals.push_back(Simulator::Now());
    }

    /**
     * FrameDrop trace of dst's endpoint.
     * @param reason why
     */
    void FrameDrop(uint16_t /* vpi */, uint16_t /* vci */, const char* reason)
    {
        drops.push_back(std::string(reason) + "@" +
                        std::to_string(Simulator::Now().GetNanoSeconds()));
    }

    /**
     * What a FrameDrop entry must read.
     * @param reason the reason
     * @param cell arrival index of the cell the time is counted from
     * @param after how long after it
     * @return "reason@ns"
     */
    std::string Expect(const std::string& reason, uint32_t cell, Time after) const
    {
        const Time t = cell < cellArrivals.size() ? cellArrivals[cell] + after : Seconds(-1);
        return reason + "@" + std::to_string(t.GetNanoSeconds());
    }
};

/**
 * Words of a list, for messages.
 * @param v the numbers
 * @return "v0 v1 ..."
 */
template <typename T>
std::string
Words(const std::vector<T>& v)
{
    std::string s;
    for (const auto& x : v)
    {
        s += (s.empty() ? "" : " ");
        if constexpr (std::is_same_v<T, std::string>)
        {
            s += x;
        }
        else
        {
            s += std::to_string(x);
        }
    }
    return s;
}

/// An expected frame drop: its reason and when, as a cell arrival plus a delay.
struct ExpectedDrop
{
    std::string reason; //!< the reason
    uint32_t cell;      //!< arrival index of the cell the time counts from
    Time after;         //!< delay after that arrival (the timeout, or 0)
};

} // namespace

/**
 * @ingroup atm-tests
 * Cells of a UDP flow (3-cell frames, one every millisecond) killed at the
 * destination port: exactly the expected frames arrive, and the VC's frame
 * counters and the endpoint's FrameDrop trace show exactly the expected
 * discards, in order, with their reasons, at the expected times (the cell
 * that ended the frame, or the first cell plus ReassemblyTimeout). Frames
 * whose every cell is lost vanish without a trace.
 */
class AtmAal5LossTestCase : public TestCase
{
  public:
    /**
     * @param name what is lost
     * @param frames frames sent
     * @param timeout ReassemblyTimeout
     * @param kill arrival indexes of the killed cells (frame f has cells
     *        3f, 3f+1, 3f+2)
     * @param good sequence numbers that must arrive
     * @param drops the frame drops
     */
    AtmAal5LossTestCase(const std::string& name,
                        uint32_t frames,
                        Time timeout,
                        std::list<uint32_t> kill,
                        std::vector<uint32_t> good,
                        std::vector<ExpectedDrop> drops)
        : TestCase("cells lost in the network: " + name),
          m_frames(frames),
          m_timeout(timeout),
          m_kill(std::move(kill)),
          m_good(std::move(good)),
          m_drops(std::move(drops))
    {
    }

  private:
    void DoRun() override
    {
        UdpOverAtm net(m_frames, PAYLOAD_3_CELLS);
        net.dst->GetAal5Endpoint()->SetAttribute("ReassemblyTimeout", TimeValue(m_timeout));
        net.Kill(m_kill);
        Simulator::Stop(Seconds(1));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(net.vc->GetCellsSent(), 3 * m_frames, "3 cells a frame");
        NS_TEST_EXPECT_MSG_EQ(net.cellArrivals.size(), 3 * m_frames, "every cell arrived");
        NS_TEST_EXPECT_MSG_EQ(Words(net.received), Words(m_good), "frames delivered");
        std::vector<std::string> expected;
        expected.reserve(m_drops.size());
        for (const auto& d : m_drops)
        {
            expected.push_back(net.Expect(d.reason, d.cell, d.after));
        }
        NS_TEST_EXPECT_MSG_EQ(Words(net.drops), Words(expected), "FrameDrop trace");
        NS_TEST_EXPECT_MSG_EQ(net.vc->GetFramesSent(), m_frames, "frames sent");
        NS_TEST_EXPECT_MSG_EQ(net.vc->GetFramesReceived(), m_good.size(), "frames received");
        NS_TEST_EXPECT_MSG_EQ(net.vc->GetFramesDropped(), m_drops.size(), "frames dropped");
        for (const char* reason : {"Crc", "Length", "TooLong", "ReassemblyTimeout"})
        {
            uint64_t n = 0;
            for (const auto& d : m_drops)
            {
                n += d.reason == reason;
            }
            NS_TEST_EXPECT_MSG_EQ(net.vc->GetFramesDropped(reason), n, "drops for " << reason);
        }
        Simulator::Destroy();
    }

    uint32_t m_frames;                 //!< frames sent
    Time m_timeout;                    //!< ReassemblyTimeout
    std::list<uint32_t> m_kill;        //!< cells killed
    std::vector<uint32_t> m_good;      //!< frames delivered
    std::vector<ExpectedDrop> m_drops; //!< frame drops
};

/**
 * @ingroup atm-tests
 * RFC 2684 on the wire, seen in the Aal5Tx trace of the sender: with
 * LLC/SNAP every CPCS-SDU is AA AA 03 00 00 00 08 00 and then the IPv4
 * header (0x45); with VC multiplexing it is the IPv4 packet itself. A
 * 108-octet UDP payload (136-octet IP packet) takes 4 cells with LLC/SNAP
 * (144 + 8 trailer = 152 > 144) and 3 with VC-mux (136 + 8 = 144). When
 * the sender uses VC-mux and the receiver expects LLC/SNAP, every frame is
 * discarded with reason Encapsulation and nothing is delivered.
 */
class AtmAal5EncapsulationTestCase : public TestCase
{
  public:
    /**
     * @param tx the sender's encapsulation ("LlcSnap" or "VcMux")
     * @param rx the receiver's
     */
    AtmAal5EncapsulationTestCase(const std::string& tx, const std::string& rx)
        : TestCase("RFC 2684: sender " + tx + ", receiver " + rx),
          m_tx(tx),
          m_rx(rx)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t frames = 4;
        UdpOverAtm net(frames, 108);
        net.SetEncapsulation(m_tx, false);
        net.SetEncapsulation(m_rx, true);
        std::vector<std::vector<uint8_t>> sent;
        net.src->GetAal5Endpoint()->TraceConnectWithoutContext(
            "Aal5Tx",
            atmtest::MakeLambdaCallback<void, Ptr<const Packet>, uint16_t, uint16_t>(
                [&sent](Ptr<const Packet> sdu, uint16_t, uint16_t) {
                    sent.push_back(Octets(sdu));
                }));
        Simulator::Stop(Seconds(1));
        Simulator::Run();

        const bool llc = m_tx == "LlcSnap";
        const std::vector<uint8_t> head =
            llc ? std::vector<uint8_t>{0xAA, 0xAA, 0x03, 0x00, 0x00, 0x00, 0x08, 0x00, 0x45}
                : std::vector<uint8_t>{0x45};
        NS_TEST_ASSERT_MSG_EQ(sent.size(), frames, "frames sent");
        for (const auto& sdu : sent)
        {
            NS_TEST_EXPECT_MSG_EQ(sdu.size(), (llc ? 144 : 136), "CPCS-SDU octets");
            NS_TEST_EXPECT_MSG_EQ(std::equal(head.begin(), head.end(), sdu.begin()),
                                  true,
                                  "the SDU starts with " << (llc ? "LLC/SNAP" : "IPv4"));
        }
        NS_TEST_EXPECT_MSG_EQ(net.vc->GetCellsSent(), frames * (llc ? 4 : 3), "cells a frame");
        if (m_tx == m_rx)
        {
            NS_TEST_EXPECT_MSG_EQ(net.received.size(), frames, "every frame delivered");
            NS_TEST_EXPECT_MSG_EQ(net.drops.size(), 0, "none dropped");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(net.received.size(), 0, "nothing delivered");
            NS_TEST_EXPECT_MSG_EQ(net.drops.size(), frames, "every frame dropped");
            for (const auto& d : net.drops)
            {
                NS_TEST_EXPECT_MSG_EQ(d.substr(0, d.find('@')), "Encapsulation", "reason");
            }
            NS_TEST_EXPECT_MSG_EQ(net.vc->GetFramesDropped("Encapsulation"), frames, "on the VC");
        }
        Simulator::Destroy();
    }

    std::string m_tx; //!< sender's encapsulation
    std::string m_rx; //!< receiver's encapsulation
};

/**
 * @ingroup atm-tests
 * What the endpoint takes from IP (RFC 2684 over a device of a given
 * Mtu): a frame of exactly Mtu octets leaves as the cells that the
 * encapsulated SDU and the trailer fill (GetMaxFrameCells(), which sizes
 * the back-pressure threshold, says the same); one octet more is refused
 * whole (Mtu); under VC multiplexing a protocol other than the VC's is
 * refused (Protocol), under LLC/SNAP it is carried. MTUs on both sides of
 * a cell boundary: 9208 octets are 193 cells with LLC/SNAP and 192
 * without.
 */
class AtmAal5SendLimitsTestCase : public TestCase
{
  public:
    /**
     * @param encapsulation the sender's ("LlcSnap" or "VcMux")
     * @param mtu the sending device's Mtu
     */
    AtmAal5SendLimitsTestCase(const std::string& encapsulation, uint16_t mtu)
        : TestCase("RFC 2684 sender " + encapsulation + ", Mtu " + std::to_string(mtu) +
                   ": an Mtu frame's cells, Mtu + 1 and a foreign protocol refused"),
          m_llc(encapsulation == "LlcSnap"),
          m_mtu(mtu)
    {
    }

  private:
    /// One frame handed to the device.
    struct Sent
    {
        bool accepted;      //!< Send()'s answer
        uint64_t cells;     //!< cells the VC counted for it
        std::string reason; //!< the MacTxDrop reason, "" if none
        uint32_t maxCells;  //!< GetMaxFrameCells() at the time
    };

    void DoRun() override
    {
        UdpOverAtm net(1, 100);
        net.SetEncapsulation(m_llc ? "LlcSnap" : "VcMux", false);
        net.src->SetMtu(m_mtu);
        // Nothing sent here is an IP packet: lose every cell at the far end.
        net.Kill(atmtest::FirstCells(1000));
        std::string reason;
        net.src->GetAal5Endpoint()->TraceConnectWithoutContext(
            "MacTxDrop",
            atmtest::MakeLambdaCallback<void, Ptr<const Packet>, const char*>(
                [&reason](Ptr<const Packet>, const char* r) { reason = r; }));
        const auto [vpi, vci] = net.src->GetTxLabel(net.vc->GetHopSlot(0));
        const Address to = AtmAal5Endpoint::GetVcAddress(vpi, vci);
        std::vector<Sent> sent;
        auto send = [&](uint32_t octets, uint16_t protocol) {
            reason.clear();
            const uint64_t before = net.vc->GetCellsSent();
            const bool ok = net.src->Send(Create<Packet>(octets), to, protocol);
            sent.push_back(Sent{ok,
                                net.vc->GetCellsSent() - before,
                                reason,
                                net.src->GetAal5Endpoint()->GetMaxFrameCells()});
        };
        atmtest::Schedule(MilliSeconds(500), [&]() {
            send(m_mtu, 0x0800);
            send(m_mtu + 1, 0x0800);
            send(100, 0x86DD);
        });
        Simulator::Stop(Seconds(1));
        Simulator::Run();

        // Cells of an SDU of n octets: n, the 8-octet trailer, padded to 48.
        const uint32_t llc = m_llc ? 8 : 0;
        auto cells = [](uint32_t n) { return (n + 8 + CELL - 1) / CELL; };
        NS_TEST_ASSERT_MSG_EQ(sent.size(), 3, "three frames handed over");
        NS_TEST_EXPECT_MSG_EQ(sent[0].accepted, true, "a frame of Mtu octets is taken");
        NS_TEST_EXPECT_MSG_EQ(sent[0].reason, "", "and not refused");
        NS_TEST_EXPECT_MSG_EQ(sent[0].cells, cells(m_mtu + llc), "its cells");
        NS_TEST_EXPECT_MSG_EQ(sent[0].maxCells,
                              sent[0].cells,
                              "GetMaxFrameCells() is an Mtu frame's cells");
        NS_TEST_EXPECT_MSG_EQ(sent[1].accepted, false, "Mtu + 1 octets refused");
        NS_TEST_EXPECT_MSG_EQ(sent[1].reason, AtmAal5Endpoint::MTU_DROP, "reason");
        NS_TEST_EXPECT_MSG_EQ(sent[1].cells, 0, "no cell of it");
        NS_TEST_EXPECT_MSG_EQ(sent[2].accepted, m_llc, "IPv6 carried only with LLC/SNAP");
        NS_TEST_EXPECT_MSG_EQ(sent[2].reason,
                              (m_llc ? "" : AtmAal5Endpoint::PROTOCOL_DROP),
                              "reason");
        NS_TEST_EXPECT_MSG_EQ(sent[2].cells, (m_llc ? cells(100 + llc) : 0), "its cells");
        NS_TEST_EXPECT_MSG_EQ(net.src->GetAal5Endpoint()->GetTxDrops(), (m_llc ? 1 : 2), "refused");
        Simulator::Destroy();
    }

    bool m_llc;     //!< LLC/SNAP, else VC multiplexing
    uint16_t m_mtu; //!< the device's Mtu
};

/**
 * @ingroup atm-tests
 * AtmPduStore::Import, how a rank rebuilds the frames whose cells arrive
 * from another MPI rank: three frames built as the sending AAL5 entity
 * builds them (3, 2 and 4 cells) are imported cell by cell into a second
 * store, one frame's first cell and another's third lost on the way. Every
 * imported cell reads back its own 48 octets, a lost one reads nothing, an
 * imported frame has no SDU, importing into the sending store changes
 * nothing, a store starting empty numbers its frames from the first one
 * that arrives, frames none of whose cells arrived take an empty place,
 * and Release frees imported frames as it frees sent ones.
 */
class AtmPduStoreImportTestCase : public TestCase
{
  public:
    AtmPduStoreImportTestCase()
        : TestCase("AtmPduStore: frames rebuilt from the cells of another rank")
    {
    }

  private:
    void DoRun() override
    {
        AtmPduStore sent;
        const uint32_t cells[] = {3, 2, 4};
        std::vector<Ptr<Packet>> sdus;
        uint32_t seq = 7;
        std::vector<std::pair<uint32_t, uint32_t>> cellIds; // frame, sequence number
        for (uint32_t f = 0; f < 3; ++f)
        {
            std::vector<uint8_t> octets((cells[f] - 1) * AtmCell::PAYLOAD_SIZE);
            for (std::size_t i = 0; i < octets.size(); ++i)
            {
                octets[i] = static_cast<uint8_t>(31 * f + i);
            }
            sdus.push_back(Create<Packet>(octets.data(), static_cast<uint32_t>(octets.size())));
            uint32_t frame;
            AtmAal5Sar::BuildCpcsPdu(sdus.back(), 0, sent.NewFrame(seq, sdus.back(), frame));
            NS_TEST_ASSERT_MSG_EQ(frame, f, "frames are numbered from 0");
            for (uint32_t c = 0; c < cells[f]; ++c)
            {
                cellIds.emplace_back(f, seq++);
            }
        }
        const std::set<std::size_t> lost{3, 7}; // frame 1's first cell, frame 2's third
        AtmPduStore rebuilt;
        for (std::size_t k = 0; k < cellIds.size(); ++k)
        {
            const auto [f, s] = cellIds[k];
            if (!lost.count(k))
            {
                rebuilt.Import(f, s, sent.GetCellPayload(f, s));
            }
        }
        for (std::size_t k = 0; k < cellIds.size(); ++k)
        {
            const auto [f, s] = cellIds[k];
            const uint8_t* mine = rebuilt.GetCellPayload(f, s);
            if (lost.count(k) && k == 3)
            {
                NS_TEST_ASSERT_MSG_EQ((mine == nullptr),
                                      true,
                                      "a frame starts at its first cell in");
                continue;
            }
            if (lost.count(k))
            {
                continue; // in the middle of a frame: its octets are not asked for
            }
            NS_TEST_ASSERT_MSG_EQ((mine != nullptr), true, "cell " << k << " imported");
            NS_TEST_ASSERT_MSG_EQ(
                std::equal(mine, mine + AtmCell::PAYLOAD_SIZE, sent.GetCellPayload(f, s)),
                true,
                "cell " << k << ": the octets sent");
        }
        NS_TEST_ASSERT_MSG_EQ(rebuilt.GetNFrames(), 3, "three frames rebuilt");
        NS_TEST_ASSERT_MSG_EQ((rebuilt.GetSdu(0) == nullptr), true, "no SDU crosses");
        NS_TEST_ASSERT_MSG_EQ((rebuilt.GetCellPayload(0, 10) == nullptr),
                              true,
                              "nothing past the cells that arrived");

        // Cells of a frame sent here, coming back: the frame is kept as it is.
        sent.Import(1, cellIds[4].second, sent.GetCellPayload(2, cellIds[5].second));
        NS_TEST_ASSERT_MSG_EQ((sent.GetSdu(1) == sdus[1]), true, "the sent SDU stays");
        NS_TEST_ASSERT_MSG_EQ(
            std::equal(sent.GetCellPayload(1, cellIds[4].second),
                       sent.GetCellPayload(1, cellIds[4].second) + AtmCell::PAYLOAD_SIZE,
                       rebuilt.GetCellPayload(1, cellIds[4].second)),
            true,
            "the sent octets stay");

        rebuilt.Release(2, true);
        NS_TEST_ASSERT_MSG_EQ(rebuilt.GetNFrames(), 0, "imported frames are released");

        AtmPduStore late;
        late.Import(40, 100, sent.GetCellPayload(0, 7));
        NS_TEST_ASSERT_MSG_EQ(late.GetNFrames(), 1, "numbered from the first frame in");
        late.Import(43, 110, sent.GetCellPayload(0, 8));
        NS_TEST_ASSERT_MSG_EQ(late.GetNFrames(), 4, "frames 41 and 42 lost whole");
        NS_TEST_ASSERT_MSG_EQ((late.GetCellPayload(41, 105) == nullptr), true, "frame 41 empty");
        NS_TEST_ASSERT_MSG_EQ((late.GetCellPayload(43, 110) != nullptr), true, "frame 43 kept");
        late.Release(43, false);
        NS_TEST_ASSERT_MSG_EQ(late.GetNFrames(), 1, "frames before 43 freed");
        late.Import(40, 100, sent.GetCellPayload(0, 7));
        NS_TEST_ASSERT_MSG_EQ(late.GetNFrames(), 1, "a released frame is not made again");
    }
};

/**
 * @ingroup atm-tests
 * The atm-aal5 test suite.
 */
class AtmAal5TestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmAal5TestSuite()
        : IsolatedTestSuite("atm-aal5", Type::UNIT)
    {
        AddTestCase(new AtmAal5CrcTestCase);
        AddTestCase(new AtmAal5TrailerTestCase);
        AddTestCase(new AtmPduStoreImportTestCase);
        AddTestCase(new AtmAal5SarRoundTripTestCase(false));
#if ATM_NS3_VERSION_MAJOR == 3 && ATM_NS3_VERSION_MINOR < 42
        AddTestCase(new AtmAal5SarRoundTripTestCase(true), TestCase::EXTENSIVE);
#else
        AddTestCase(new AtmAal5SarRoundTripTestCase(true), TestCase::Duration::EXTENSIVE);
#endif
        AddTestCase(new AtmAal5SarErrorsTestCase);
        const Time none;
        // 10 frames, cells 3f..3f+2. Killed: 5 (frame 1's last: frames 1
        // and 2 merge, ended by cell 8), 13 (frame 4's middle, ended by 14),
        // 18 (frame 6's first, ended by 20), 21-23 (all of frame 7: no
        // trace), 29 (frame 9's last, nothing after: timed out 50 ms after
        // cell 27).
        AddTestCase(new AtmAal5LossTestCase("merged, short, vanished and timed-out frames",
                                            10,
                                            MilliSeconds(50),
                                            {5, 13, 18, 21, 22, 23, 29},
                                            {0, 3, 5, 8},
                                            {{"Crc", 8, none},
                                             {"Crc", 14, none},
                                             {"Crc", 20, none},
                                             {"ReassemblyTimeout", 27, MilliSeconds(50)}}));
        AddTestCase(new AtmAal5LossTestCase("the last cell of the last frame",
                                            5,
                                            MilliSeconds(20),
                                            {14},
                                            {0, 1, 2, 3},
                                            {{"ReassemblyTimeout", 12, MilliSeconds(20)}}));
        // A timeout shorter than the 1 ms between frames ends frame 0 (its
        // last cell lost) before frame 1 comes, so frame 1 is not merged.
        AddTestCase(new AtmAal5LossTestCase("a timeout shorter than the frame gap",
                                            4,
                                            MicroSeconds(300),
                                            {2},
                                            {1, 2, 3},
                                            {{"ReassemblyTimeout", 0, MicroSeconds(300)}}));
        AddTestCase(new AtmAal5EncapsulationTestCase("LlcSnap", "LlcSnap"));
        AddTestCase(new AtmAal5EncapsulationTestCase("VcMux", "VcMux"));
        AddTestCase(new AtmAal5EncapsulationTestCase("VcMux", "LlcSnap"));
        for (const uint16_t mtu : {9180, 9208})
        {
            AddTestCase(new AtmAal5SendLimitsTestCase("LlcSnap", mtu));
            AddTestCase(new AtmAal5SendLimitsTestCase("VcMux", mtu));
        }
    }
};

/// The suite's instance.
static AtmAal5TestSuite g_atmAal5TestSuite;
