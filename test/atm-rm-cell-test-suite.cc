/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of AtmRateFormat (the TM 4.0 16-bit rate format) and AtmRmCell (the
// TM 4.0 RM cell and its 48-octet payload). Expected rate codes are worked
// out by hand in the comments; the expected payload octets and CRC-10 values
// were computed with a separate bit-by-bit program (long division by
// x^10 + x^9 + x^5 + x^4 + x + 1 over the 374 message bits, written in
// Python for this test and sharing nothing with AtmCrc), and each one is
// checked here again with a division of the whole 384-bit payload.

#include "atm-test-suite.h"

#include "ns3/atm-cell.h"
#include "ns3/atm-rate-format.h"
#include "ns3/atm-rm-cell.h"
#include "ns3/test.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

using namespace ns3;

namespace
{

/**
 * Remainder of a bit string divided by the CRC-10 generator, computed on a
 * vector of bits (the whole payload: zero when its CRC field is right).
 * @param payload 48 octets
 * @return the 10-bit remainder of the 384 bits
 */
uint32_t
PayloadRemainder(const uint8_t* payload)
{
    std::vector<int> bits;
    for (uint32_t i = 0; i < AtmCell::PAYLOAD_SIZE; ++i)
    {
        for (int b = 7; b >= 0; --b)
        {
            bits.push_back((payload[i] >> b) & 1);
        }
    }
    const int gen[11] = {1, 1, 0, 0, 0, 1, 1, 0, 0, 1, 1}; // x^10 + x^9 + x^5 + x^4 + x + 1
    for (std::size_t i = 0; i + 10 < bits.size(); ++i)
    {
        if (bits[i])
        {
            for (int k = 0; k < 11; ++k)
            {
                bits[i + k] ^= gen[k];
            }
        }
    }
    uint32_t r = 0;
    for (std::size_t i = bits.size() - 10; i < bits.size(); ++i)
    {
        r = (r << 1) | static_cast<uint32_t>(bits[i]);
    }
    return r;
}

} // namespace

/**
 * @ingroup atm-tests
 * Rate format at the edges of its range, each code worked out by hand.
 */
class AtmRateFormatEdgesTestCase : public TestCase
{
  public:
    AtmRateFormatEdgesTestCase()
        : TestCase("Rate format: exact codes at 0, 1, 1.5, 2, PCR of OC-3c and the top")
    {
    }

  private:
    void DoRun() override
    {
        // Below 1 cell/s nothing but zero is representable (nz = 0).
        NS_TEST_EXPECT_MSG_EQ(AtmRateFormat::Encode(0), 0, "0 -> 0");
        NS_TEST_EXPECT_MSG_EQ(AtmRateFormat::Encode(0.999), 0, "0.999 rounds down to 0");
        NS_TEST_EXPECT_MSG_EQ(AtmRateFormat::Encode(-5), 0, "negative -> 0");
        NS_TEST_EXPECT_MSG_EQ(AtmRateFormat::Encode(std::nan("")), 0, "NaN -> 0");
        NS_TEST_EXPECT_MSG_EQ(AtmRateFormat::Decode(0), 0.0, "code 0");
        NS_TEST_EXPECT_MSG_EQ(AtmRateFormat::Decode(0x3fff), 0.0, "nz = 0 is 0 whatever e, m");
        // 1 = 2^0 (1 + 0/512): nz = 1, e = 0, m = 0 -> 0100 0000 0000 0000.
        NS_TEST_EXPECT_MSG_EQ(AtmRateFormat::Encode(1), 0x4000, "1 cell/s");
        NS_TEST_EXPECT_MSG_EQ(AtmRateFormat::Decode(0x4000), 1.0, "1 cell/s");
        // 1.5 = 2^0 (1 + 256/512): m = 256 = 0x100.
        NS_TEST_EXPECT_MSG_EQ(AtmRateFormat::Encode(1.5), 0x4100, "1.5 cells/s");
        // 2 = 2^1: e = 1 -> 0x4000 | 1 << 9 = 0x4200.
        NS_TEST_EXPECT_MSG_EQ(AtmRateFormat::Encode(2), 0x4200, "2 cells/s");
        // 3.999 = 2 (1 + 0.9995): m = floor(0.9995 * 512) = 511 -> 3.99609375.
        NS_TEST_EXPECT_MSG_EQ(AtmRateFormat::Encode(3.999), 0x43ff, "3.999 rounds down");
        NS_TEST_EXPECT_MSG_EQ(AtmRateFormat::Decode(0x43ff), 3.99609375, "2 * 1023/512");
        // OC-3c: 149.76e6 / 424 = 353207.547 = 2^18 * 1.347380; m = floor(177.86)
        // = 177 = 0xb1; e = 18 -> 0x4000 | 0x2400 | 0xb1 = 0x64b1 = 2^18 + 177 * 512.
        NS_TEST_EXPECT_MSG_EQ(AtmRateFormat::Encode(149.76e6 / 424), 0x64b1, "OC-3c cell rate");
        NS_TEST_EXPECT_MSG_EQ(AtmRateFormat::Decode(0x64b1), 352768.0, "262144 + 90624");
        // The top: e = 31, m = 511 -> 2^31 * 1023/512 = 4290772992.
        NS_TEST_EXPECT_MSG_EQ(AtmRateFormat::MaxRate(), 4290772992.0, "largest rate");
        NS_TEST_EXPECT_MSG_EQ(AtmRateFormat::Encode(4290772992.0), 0x7fff, "largest rate");
        NS_TEST_EXPECT_MSG_EQ(AtmRateFormat::Encode(1e15), 0x7fff, "saturates");
        NS_TEST_EXPECT_MSG_EQ(AtmRateFormat::Decode(0x7fff), 4290772992.0, "largest code");
        // 2^31 exactly: e = 31, m = 0 -> 0x4000 | 31 << 9 = 0x7e00.
        NS_TEST_EXPECT_MSG_EQ(AtmRateFormat::Encode(2147483648.0), 0x7e00, "2^31");
        // The reserved bit 15 is ignored on decoding.
        NS_TEST_EXPECT_MSG_EQ(AtmRateFormat::Decode(0xc000), 1.0, "bit 15 ignored");
        NS_TEST_EXPECT_MSG_EQ(AtmRateFormat::RoundDown(1000.9), 1000.0, "1000 = 2^9 * 1000/512");
    }
};

/**
 * @ingroup atm-tests
 * Every one of the 16384 nonzero codes: decoding then encoding gives the code
 * back, rates grow with the code, and the rate just below a code's rate
 * encodes to the code before it (rounding down).
 */
class AtmRateFormatRangeTestCase : public TestCase
{
  public:
    AtmRateFormatRangeTestCase()
        : TestCase("Rate format: whole range round-trips, is monotone and rounds down")
    {
    }

  private:
    void DoRun() override
    {
        uint32_t bad = 0;
        double previous = 0;
        for (uint32_t c = 0x4000; c <= 0x7fff; ++c)
        {
            const auto code = static_cast<uint16_t>(c);
            const double r = AtmRateFormat::Decode(code);
            const int e = (c >> 9) & 0x1f;
            const int m = c & 0x1ff;
            const double expected = std::ldexp(1.0, e) * (1.0 + m / 512.0);
            bad += (r != expected);
            bad += (AtmRateFormat::Encode(r) != code);
            bad += (r <= previous);
            const double below = std::nextafter(r, 0.0);
            const uint16_t lower = c == 0x4000 ? 0 : static_cast<uint16_t>(c - 1);
            bad += (AtmRateFormat::Encode(below) != lower);
            // Halfway to the next code still rounds down.
            if (c < 0x7fff)
            {
                const double mid = (r + AtmRateFormat::Decode(static_cast<uint16_t>(c + 1))) / 2;
                bad += (AtmRateFormat::Encode(mid) != code);
            }
            previous = r;
        }
        NS_TEST_EXPECT_MSG_EQ(bad, 0, "codes that do not round-trip or round down");
    }
};

/**
 * @ingroup atm-tests
 * RM-cell fields: each flag in its own bit, each rate where TM 4.0 puts it.
 */
class AtmRmCellFieldsTestCase : public TestCase
{
  public:
    AtmRmCellFieldsTestCase()
        : TestCase("RM cell: PTI 110, protocol ID 1, each field at its TM 4.0 offset")
    {
    }

  private:
    void DoRun() override
    {
        AtmCell c = AtmRmCell::Make(1, 42);
        NS_TEST_EXPECT_MSG_EQ(c.GetPti(), 6, "PTI 110");
        NS_TEST_EXPECT_MSG_EQ(c.GetKind(), AtmCell::RM, "kind RM");
        NS_TEST_EXPECT_MSG_EQ(c.GetClp(), false, "CLP 0");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::IsRm(c), true, "is RM");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetProtocolId(c), 1, "protocol ID");
        NS_TEST_EXPECT_MSG_EQ(static_cast<int>(c.GetBody()[1]), 0, "no flag");

        struct Bit
        {
            void (*set)(AtmCell&, bool); //!< setter
            bool (*get)(const AtmCell&); //!< getter
            uint8_t mask;                //!< its bit in octet 7 of the cell
        };

        const Bit bits[] = {{&AtmRmCell::SetDir, &AtmRmCell::GetDir, 0x80},
                            {&AtmRmCell::SetBn, &AtmRmCell::GetBn, 0x40},
                            {&AtmRmCell::SetCi, &AtmRmCell::GetCi, 0x20},
                            {&AtmRmCell::SetNi, &AtmRmCell::GetNi, 0x10},
                            {&AtmRmCell::SetRa, &AtmRmCell::GetRa, 0x08}};
        for (const Bit& b : bits)
        {
            AtmCell x = AtmRmCell::Make(1, 42);
            b.set(x, true);
            NS_TEST_EXPECT_MSG_EQ(static_cast<int>(x.GetBody()[1]), b.mask, "flag octet");
            NS_TEST_EXPECT_MSG_EQ(b.get(x), true, "flag read back");
            b.set(x, false);
            NS_TEST_EXPECT_MSG_EQ(static_cast<int>(x.GetBody()[1]), 0, "flag cleared");
        }
        AtmRmCell::SetEr(c, 2);      // 0x4200
        AtmRmCell::SetCcr(c, 1.5);   // 0x4100
        AtmRmCell::SetMcr(c, 3.999); // 0x43ff
        AtmRmCell::SetQl(c, 0x01020304);
        AtmRmCell::SetSn(c, 0xa1b2c3d4);
        const uint8_t expected[16] =
            {0x01, 0x00, 0x42, 0x00, 0x41, 0x00, 0x43, 0xff, 1, 2, 3, 4, 0xa1, 0xb2, 0xc3, 0xd4};
        NS_TEST_EXPECT_MSG_EQ(std::memcmp(c.GetBody(), expected, 16), 0, "body octets");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetEr(c), 2.0, "ER");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetCcr(c), 1.5, "CCR");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetMcr(c), 3.99609375, "MCR rounded down");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetQl(c), 0x01020304U, "QL");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetSn(c), 0xa1b2c3d4U, "SN");
        // Without a payload, Serialize writes the body as the first 16
        // payload octets: the body layout is TM 4.0's.
        uint8_t wire[AtmCell::SIZE];
        c.Serialize(wire);
        NS_TEST_EXPECT_MSG_EQ(std::memcmp(wire + 5, expected, 16), 0, "body = payload 0-15");
    }
};

/**
 * @ingroup atm-tests
 * Two whole cells, octet by octet.
 */
class AtmRmCellBytesTestCase : public TestCase
{
  public:
    AtmRmCellBytesTestCase()
        : TestCase("RM cell: two 53-octet cells byte-exact, CRC-10 in the last 10 bits")
    {
    }

  private:
    void DoRun() override
    {
        // A backward RM cell on VPI 0, VCI 42 with CI = 1, ER = PCR of OC-3c,
        // CCR = 7.5 Mb/s, MCR = 0.15 Mb/s (Arulambalam Table 1).
        AtmCell brm = AtmRmCell::Make(0, 42);
        AtmRmCell::SetDir(brm, true);
        AtmRmCell::SetCi(brm, true);
        AtmRmCell::SetEr(brm, 149.76e6 / 424); // 0x64b1 (see the rate test)
        // 7.5e6 / 424 = 17688.68 = 2^14 * 1.079631; m = floor(40.77) = 40 = 0x28,
        // e = 14: 0x4000 | 14 << 9 | 0x28 = 0x5c28 (17664 cells/s).
        AtmRmCell::SetCcr(brm, 7.5e6 / 424);
        // 0.15e6 / 424 = 353.77 = 2^8 * 1.381928; m = floor(195.55) = 195 = 0xc3,
        // e = 8: 0x4000 | 0x1000 | 0xc3 = 0x50c3 (353.5 cells/s).
        AtmRmCell::SetMcr(brm, 0.15e6 / 424);
        const uint8_t expected[AtmCell::SIZE] = {
            // header: GFC 0, VPI 0, VCI 42 = 0x002a, PTI 110, CLP 0:
            // 0000 0000 0000 0000 0000 0010 1010 1100; HEC 0x32 (bitwise CRC-8
            // with coset 0x55, computed separately)
            0x00,
            0x00,
            0x02,
            0xac,
            0x32,
            // ID 1; DIR|CI = 0xa0; ER 0x64b1; CCR 0x5c28; MCR 0x50c3; QL 0; SN 0
            0x01,
            0xa0,
            0x64,
            0xb1,
            0x5c,
            0x28,
            0x50,
            0xc3,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            // 30 reserved octets 0x6a
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            0x6a,
            // 6 reserved zero bits, CRC-10 = 0x20d (separate bitwise program)
            0x02,
            0x0d};
        uint8_t payload[AtmCell::PAYLOAD_SIZE];
        AtmRmCell::BuildPayload(brm, payload);
        uint8_t wire[AtmCell::SIZE];
        brm.Serialize(wire, payload);
        for (uint32_t i = 0; i < AtmCell::SIZE; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(static_cast<int>(wire[i]),
                                  static_cast<int>(expected[i]),
                                  "octet " << i + 1 << " of the cell");
        }
        NS_TEST_EXPECT_MSG_EQ(PayloadRemainder(payload), 0U, "payload divides by the generator");

        // DIR|BN|NI|RA = 0xd8, ER = 0x7fff, CCR = 1 (0x4000), MCR = 0, QL and SN
        // set: CRC-10 = 0x117 (separate bitwise program).
        AtmCell frm = AtmRmCell::Make(0, 42);
        AtmRmCell::SetDir(frm, true);
        AtmRmCell::SetBn(frm, true);
        AtmRmCell::SetNi(frm, true);
        AtmRmCell::SetRa(frm, true);
        AtmRmCell::SetEr(frm, 1e12);
        AtmRmCell::SetCcr(frm, 1);
        AtmRmCell::SetQl(frm, 0x01020304);
        AtmRmCell::SetSn(frm, 0xa1b2c3d4);
        AtmRmCell::BuildPayload(frm, payload);
        const uint8_t head[16] =
            {0x01, 0xd8, 0x7f, 0xff, 0x40, 0x00, 0x00, 0x00, 1, 2, 3, 4, 0xa1, 0xb2, 0xc3, 0xd4};
        NS_TEST_EXPECT_MSG_EQ(std::memcmp(payload, head, 16), 0, "fields");
        NS_TEST_EXPECT_MSG_EQ(static_cast<int>(payload[46]), 0x01, "CRC-10 high bits");
        NS_TEST_EXPECT_MSG_EQ(static_cast<int>(payload[47]), 0x17, "CRC-10 low octet");
        NS_TEST_EXPECT_MSG_EQ(PayloadRemainder(payload), 0U, "payload divides by the generator");
    }
};

/**
 * @ingroup atm-tests
 * Serialize, deserialize, parse: the same fields; a flipped bit is caught.
 */
class AtmRmCellRoundTripTestCase : public TestCase
{
  public:
    AtmRmCellRoundTripTestCase()
        : TestCase("RM cell: 53 octets round-trip; a corrupted payload fails the CRC-10")
    {
    }

  private:
    void DoRun() override
    {
        AtmCell c = AtmRmCell::Make(5, 1000);
        AtmRmCell::SetBn(c, true);
        AtmRmCell::SetNi(c, true);
        AtmRmCell::SetEr(c, 123456);
        AtmRmCell::SetCcr(c, 7890);
        AtmRmCell::SetMcr(c, 12);
        AtmRmCell::SetSn(c, 77);
        uint8_t payload[AtmCell::PAYLOAD_SIZE];
        AtmRmCell::BuildPayload(c, payload);
        uint8_t wire[AtmCell::SIZE];
        c.Serialize(wire, payload);
        AtmCell d;
        NS_TEST_ASSERT_MSG_EQ(AtmCell::Deserialize(wire, false, d), AtmCell::DECODE_OK, "HEC");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::IsRm(d), true, "kind from PTI 110");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::ParsePayload(wire + 5, d), AtmRmCell::PARSE_OK, "CRC");
        NS_TEST_EXPECT_MSG_EQ(std::memcmp(d.GetBody(), c.GetBody(), 16), 0, "fields");
        NS_TEST_EXPECT_MSG_EQ(d.GetVci(), 1000, "VCI");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetEr(d), AtmRateFormat::RoundDown(123456), "ER");
        for (uint32_t bit = 0; bit < 384; bit += 37)
        {
            uint8_t bad[AtmCell::PAYLOAD_SIZE];
            std::memcpy(bad, payload, sizeof(bad));
            bad[bit / 8] ^= static_cast<uint8_t>(0x80 >> (bit % 8));
            NS_TEST_EXPECT_MSG_EQ(AtmRmCell::ParsePayload(bad, d),
                                  AtmRmCell::PARSE_CRC_ERROR,
                                  "bit " << bit << " flipped");
        }
    }
};

/**
 * @ingroup atm-tests
 * LowerEr() only lowers.
 */
class AtmRmCellLowerErTestCase : public TestCase
{
  public:
    AtmRmCellLowerErTestCase()
        : TestCase("RM cell: LowerEr never raises ER")
    {
    }

  private:
    void DoRun() override
    {
        AtmCell c = AtmRmCell::Make(0, 42);
        AtmRmCell::SetEr(c, 1000); // exactly representable: 2^9 * (1 + 488/512)
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::LowerEr(c, 2000), false, "higher: unchanged");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetEr(c), 1000.0, "ER kept");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::LowerEr(c, 1000.5), false, "rounds down to ER itself");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::LowerEr(c, 500), true, "lower: stamped");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetEr(c), 500.0, "ER lowered");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::LowerEr(c, 1e12), false, "the top: unchanged");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::LowerEr(c, 0), true, "zero");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetErCode(c), 0, "ER 0");
    }
};

/**
 * @ingroup atm-tests
 * The RM cell and rate format suite.
 */
class AtmRmCellTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmRmCellTestSuite()
        : IsolatedTestSuite("atm-rm-cell", Type::UNIT)
    {
        AddTestCase(new AtmRateFormatEdgesTestCase);
        AddTestCase(new AtmRateFormatRangeTestCase);
        AddTestCase(new AtmRmCellFieldsTestCase);
        AddTestCase(new AtmRmCellBytesTestCase);
        AddTestCase(new AtmRmCellRoundTripTestCase);
        AddTestCase(new AtmRmCellLowerErTestCase);
    }
};

static AtmRmCellTestSuite g_atmRmCellTestSuite; //!< the suite
