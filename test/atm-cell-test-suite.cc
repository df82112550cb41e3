/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of AtmCell (header fields, 53-octet wire format) and AtmCrc (HEC,
// CRC-10, AAL5 CRC-32). Every expected value comes from a published check
// value, from a header written out bit by bit by hand, or from the bitwise
// reference CRCs below, which share no code with AtmCrc.

#include "atm-test-suite.h"

#include "ns3/atm-cell.h"
#include "ns3/atm-crc.h"
#include "ns3/nstime.h"
#include "ns3/test.h"

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

using namespace ns3;

namespace
{

/**
 * Reference HEC (ITU-T I.432.1 §4.3.2), one bit at a time: the remainder of
 * header·x^8 divided by x^8 + x^2 + x + 1, XORed with the coset 01010101.
 * @param h the four header octets
 * @return the HEC octet
 */
uint8_t
RefHec(const uint8_t* h)
{
    uint8_t r = 0;
    for (int i = 0; i < 4; ++i)
    {
        for (int b = 7; b >= 0; --b)
        {
            const bool top = ((r >> 7) & 1) != ((h[i] >> b) & 1);
            r = static_cast<uint8_t>(r << 1);
            if (top)
            {
                r ^= 0x07; // x^2 + x + 1
            }
        }
    }
    return r ^ 0x55;
}

/**
 * Reference CRC-10 (ITU-T I.610), one bit at a time over the first @p nbits
 * bits of @p data (MSB first): the remainder of message·x^10 divided by
 * x^10 + x^9 + x^5 + x^4 + x + 1.
 * @param data the octets
 * @param nbits how many bits
 * @return the 10-bit remainder
 */
uint16_t
RefCrc10(const uint8_t* data, std::size_t nbits)
{
    uint16_t r = 0;
    for (std::size_t k = 0; k < nbits; ++k)
    {
        const int bit = (data[k / 8] >> (7 - k % 8)) & 1;
        const bool top = (((r >> 9) & 1) != 0) != (bit != 0);
        r = static_cast<uint16_t>((r << 1) & 0x3ff);
        if (top)
        {
            r ^= 0x233; // x^9 + x^5 + x^4 + x + 1
        }
    }
    return r;
}

/**
 * Reference header packing (ITU-T I.361 Figures 2 and 3), written field by
 * field: UNI = GFC(4) VPI(8) VCI(16) PTI(3) CLP(1), NNI = VPI(12) VCI(16)
 * PTI(3) CLP(1).
 * @param nni NNI format
 * @param gfc generic flow control (UNI)
 * @param vpi virtual path identifier
 * @param vci virtual channel identifier
 * @param pti payload type
 * @param clp cell loss priority
 * @param out four octets
 */
void
RefHeader(bool nni, uint8_t gfc, uint16_t vpi, uint16_t vci, uint8_t pti, bool clp, uint8_t* out)
{
    if (nni)
    {
        out[0] = static_cast<uint8_t>(vpi >> 4);
        out[1] = static_cast<uint8_t>(((vpi & 0x0f) << 4) | (vci >> 12));
    }
    else
    {
        out[0] = static_cast<uint8_t>((gfc << 4) | (vpi >> 4));
        out[1] = static_cast<uint8_t>(((vpi & 0x0f) << 4) | (vci >> 12));
    }
    out[2] = static_cast<uint8_t>((vci >> 4) & 0xff);
    out[3] = static_cast<uint8_t>(((vci & 0x0f) << 4) | (pti << 1) | (clp ? 1 : 0));
}

} // namespace

/**
 * @ingroup atm-tests
 * HEC of the idle header and of hand-made headers, against I.432.1 and the
 * bitwise reference; Crc8 is the HEC without the coset.
 */
class AtmHecTestCase : public TestCase
{
  public:
    AtmHecTestCase()
        : TestCase("HEC: idle header gives 0x52, other headers match a bitwise CRC-8")
    {
    }

  private:
    void DoRun() override
    {
        // I.432.1: the idle cell header 00 00 00 01 has HEC 0x52; an all-zero
        // header has remainder 0, so its HEC is the coset 0x55.
        const uint8_t idle[4] = {0x00, 0x00, 0x00, 0x01};
        NS_TEST_EXPECT_MSG_EQ(+AtmCrc::Hec(idle), 0x52, "HEC of the idle header");
        NS_TEST_EXPECT_MSG_EQ(+RefHec(idle), 0x52, "the reference agrees on the idle header");
        const uint8_t zero[4] = {0, 0, 0, 0};
        NS_TEST_EXPECT_MSG_EQ(+AtmCrc::Hec(zero), 0x55, "HEC of an all-zero header is the coset");

        // Hand-made headers; the expected HEC is the bitwise reference (and,
        // computed once with an independent script: dd, 8b, 65).
        const uint8_t hdr[3][4] = {
            {0x00, 0x10, 0x02, 0x00}, // UNI GFC 0 VPI 1 VCI 32 PTI 0 CLP 0
            {0xff, 0xff, 0xff, 0xff}, // NNI VPI 4095 VCI 65535 PTI 7 CLP 1
            {0xa5, 0xc1, 0x23, 0x4b}, // UNI GFC 10 VPI 0x5c VCI 0x1234 PTI 5 CLP 1
        };
        const uint8_t expected[3] = {0xdd, 0x8b, 0x65};
        for (int i = 0; i < 3; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(+RefHec(hdr[i]), +expected[i], "reference HEC of header " << i);
            NS_TEST_EXPECT_MSG_EQ(+AtmCrc::Hec(hdr[i]), +expected[i], "HEC of header " << i);
            NS_TEST_EXPECT_MSG_EQ(+AtmCrc::Crc8(hdr[i], 4),
                                  +static_cast<uint8_t>(expected[i] ^ 0x55),
                                  "Crc8 is the HEC without the coset, header " << i);
        }

        // Many headers: every single-bit header and a spread of others.
        for (uint32_t k = 0; k < 32; ++k)
        {
            const uint32_t v = 1U << k;
            const uint8_t h[4] = {static_cast<uint8_t>(v >> 24),
                                  static_cast<uint8_t>(v >> 16),
                                  static_cast<uint8_t>(v >> 8),
                                  static_cast<uint8_t>(v)};
            NS_TEST_EXPECT_MSG_EQ(+AtmCrc::Hec(h), +RefHec(h), "HEC of the header 1 << " << k);
        }
        uint32_t v = 12345;
        for (int i = 0; i < 1000; ++i)
        {
            v = v * 1664525U + 1013904223U;
            const uint8_t h[4] = {static_cast<uint8_t>(v >> 24),
                                  static_cast<uint8_t>(v >> 16),
                                  static_cast<uint8_t>(v >> 8),
                                  static_cast<uint8_t>(v)};
            NS_TEST_EXPECT_MSG_EQ(+AtmCrc::Hec(h), +RefHec(h), "HEC of header " << std::hex << v);
        }
    }
};

/**
 * @ingroup atm-tests
 * CRC-10 of OAM/RM cells: the CRC-10/ATM check value and a payload that
 * carries its own CRC divides to zero.
 */
class AtmCrc10TestCase : public TestCase
{
  public:
    AtmCrc10TestCase()
        : TestCase("CRC-10: check value 0x199, a payload with its CRC divides to zero")
    {
    }

  private:
    void DoRun() override
    {
        const uint8_t check[] = {'1', '2', '3', '4', '5', '6', '7', '8', '9'};
        NS_TEST_EXPECT_MSG_EQ(AtmCrc::Crc10(check, 9), 0x199, "CRC-10 check value");
        NS_TEST_EXPECT_MSG_EQ(RefCrc10(check, 72), 0x199, "reference CRC-10 check value");

        uint8_t payload[48];
        for (int i = 0; i < 48; ++i)
        {
            payload[i] = static_cast<uint8_t>(0x5a + 37 * i);
        }
        // The CRC covers the 374 bits before the CRC field; the field itself
        // (last 10 bits) is taken as zero, so its content must not matter.
        const uint16_t crc = AtmCrc::Crc10Payload(payload);
        NS_TEST_EXPECT_MSG_EQ(crc, RefCrc10(payload, 374), "CRC-10 of the 374 message bits");
        NS_TEST_EXPECT_MSG_LT(crc, 1024, "a 10-bit value");
        payload[46] = static_cast<uint8_t>(payload[46] ^ 0x03);
        payload[47] = static_cast<uint8_t>(payload[47] ^ 0xff);
        NS_TEST_EXPECT_MSG_EQ(AtmCrc::Crc10Payload(payload),
                              crc,
                              "the CRC field does not enter the CRC");

        // Put the CRC in the last 10 bits: the whole 384 bits divide to zero.
        payload[46] = static_cast<uint8_t>((payload[46] & 0xfc) | (crc >> 8));
        payload[47] = static_cast<uint8_t>(crc & 0xff);
        NS_TEST_EXPECT_MSG_EQ(RefCrc10(payload, 384), 0, "reference: remainder of the cell");
        NS_TEST_EXPECT_MSG_EQ(AtmCrc::Crc10(payload, 48), 0, "remainder of the cell");

        // A single flipped bit anywhere is detected.
        for (int bit = 0; bit < 384; bit += 7)
        {
            payload[bit / 8] ^= static_cast<uint8_t>(0x80 >> (bit % 8));
            NS_TEST_EXPECT_MSG_NE(AtmCrc::Crc10(payload, 48), 0, "bit " << bit << " flipped");
            payload[bit / 8] ^= static_cast<uint8_t>(0x80 >> (bit % 8));
        }
    }
};

/**
 * @ingroup atm-tests
 * AAL5 CRC-32: the CRC-32/BZIP2 check value and the I.363.5 CPCS-PDU
 * vectors (40 payload octets, UU = CPI = 0, Length = 40; the CRC covers the
 * 44 octets before the CRC field).
 */
class AtmCrc32TestCase : public TestCase
{
  public:
    AtmCrc32TestCase()
        : TestCase("AAL5 CRC-32: check value and I.363.5 48-octet CPCS-PDU vectors")
    {
    }

  private:
    /**
     * Check one 48-octet CPCS-PDU.
     * @param fill value of each of the 40 payload octets (-1: 1, 2, ..., 40)
     * @param expected CRC of the first 44 octets
     */
    void CheckPdu(int fill, uint32_t expected)
    {
        uint8_t pdu[48];
        for (int i = 0; i < 40; ++i)
        {
            pdu[i] = static_cast<uint8_t>(fill < 0 ? i + 1 : fill);
        }
        // Trailer: CPCS-UU 0, CPI 0, Length 0x0028; then the CRC field.
        pdu[40] = 0x00;
        pdu[41] = 0x00;
        pdu[42] = 0x00;
        pdu[43] = 0x28;
        const uint32_t crc = AtmCrc::Crc32(pdu, 44);
        NS_TEST_EXPECT_MSG_EQ(crc, expected, "CRC-32 of the 44 octets, fill " << fill);

        // The running register, fed in pieces, gives the same CRC.
        uint32_t state = 0xFFFFFFFFU;
        state = AtmCrc::Crc32Update(state, pdu, 7);
        state = AtmCrc::Crc32Update(state, pdu + 7, 30);
        state = AtmCrc::Crc32Update(state, pdu + 37, 7);
        NS_TEST_EXPECT_MSG_EQ(~state, expected, "incremental CRC-32, fill " << fill);

        // With the CRC in place (big-endian), the receiver's register over
        // all 48 octets ends at the CRC-32 residue 0xC704DD7B.
        pdu[44] = static_cast<uint8_t>(crc >> 24);
        pdu[45] = static_cast<uint8_t>(crc >> 16);
        pdu[46] = static_cast<uint8_t>(crc >> 8);
        pdu[47] = static_cast<uint8_t>(crc);
        NS_TEST_EXPECT_MSG_EQ(AtmCrc::Crc32Update(0xFFFFFFFFU, pdu, 48),
                              0xC704DD7BU,
                              "residue of a good CPCS-PDU, fill " << fill);
        pdu[3] ^= 0x10;
        NS_TEST_EXPECT_MSG_NE(AtmCrc::Crc32Update(0xFFFFFFFFU, pdu, 48),
                              0xC704DD7BU,
                              "a corrupted CPCS-PDU fails, fill " << fill);
    }

    void DoRun() override
    {
        const uint8_t check[] = {'1', '2', '3', '4', '5', '6', '7', '8', '9'};
        NS_TEST_EXPECT_MSG_EQ(AtmCrc::Crc32(check, 9), 0xFC891918U, "CRC-32/BZIP2 check value");
        CheckPdu(0x00, 0x864D7F99U);
        CheckPdu(0xff, 0xC55E457AU);
        CheckPdu(-1, 0xBF671ED0U);
    }
};

/**
 * @ingroup atm-tests
 * Header bytes written out by hand for a few cells.
 */
class AtmHeaderBytesTestCase : public TestCase
{
  public:
    AtmHeaderBytesTestCase()
        : TestCase("Header: hand-written UNI and NNI octets, HEC in octet 5")
    {
    }

  private:
    /**
     * Serialize a cell and compare its five header octets.
     * @param cell the cell
     * @param e the expected four header octets
     * @param what description
     */
    void Check(const AtmCell& cell, const uint8_t* e, const char* what)
    {
        uint8_t out[AtmCell::SIZE];
        cell.Serialize(out);
        uint8_t hdr[4];
        cell.SerializeHeader(hdr);
        for (int i = 0; i < 4; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(+out[i], +e[i], what << ": octet " << i);
            NS_TEST_EXPECT_MSG_EQ(+hdr[i], +e[i], what << ": SerializeHeader octet " << i);
        }
        NS_TEST_EXPECT_MSG_EQ(+out[4], +RefHec(e), what << ": HEC");
    }

    void DoRun() override
    {
        // UNI GFC 0, VPI 1, VCI 32, PTI 0, CLP 0:
        // 0000 00000001 0000000000100000 000 0 = 00 10 02 00
        AtmCell c = AtmCell::MakeData(1, 32, 0, Seconds(0));
        const uint8_t e1[4] = {0x00, 0x10, 0x02, 0x00};
        Check(c, e1, "UNI 1/32");

        // UNI GFC 10, VPI 0x5c, VCI 0x1234, PTI 5 (end-to-end OAM), CLP 1:
        // 1010 01011100 0001001000110100 101 1 = a5 c1 23 4b
        AtmCell o;
        o.SetGfc(10);
        o.SetLabel(0x5c, 0x1234);
        o.SetPti(5);
        o.SetClp(true);
        const uint8_t e2[4] = {0xa5, 0xc1, 0x23, 0x4b};
        Check(o, e2, "UNI OAM");

        // NNI VPI 0xabc, VCI 0x0040, PTI 6 (RM), CLP 0:
        // 101010111100 0000000001000000 110 0 = ab c0 04 0c
        AtmCell rm;
        rm.SetNni(true);
        rm.SetLabel(0xabc, 0x40);
        rm.SetPti(6);
        rm.SetClp(false);
        const uint8_t e3[4] = {0xab, 0xc0, 0x04, 0x0c};
        Check(rm, e3, "NNI RM");

        // NNI VPI 4095, VCI 65535, PTI 7, CLP 1: all ones.
        AtmCell f;
        f.SetNni(true);
        f.SetLabel(4095, 65535);
        f.SetPti(7);
        f.SetClp(true);
        const uint8_t e4[4] = {0xff, 0xff, 0xff, 0xff};
        Check(f, e4, "NNI all ones");

        // A default cell is the idle cell 00 00 00 01 52.
        AtmCell idle;
        NS_TEST_EXPECT_MSG_EQ(idle.GetKind(), AtmCell::IDLE, "default cell is idle");
        const uint8_t e5[4] = {0x00, 0x00, 0x00, 0x01};
        Check(idle, e5, "idle");
        uint8_t out[AtmCell::SIZE];
        idle.Serialize(out);
        NS_TEST_EXPECT_MSG_EQ(+out[4], 0x52, "idle HEC on the wire");
        AtmCell back = AtmCell::MakeData(5, 50, 1, Seconds(1));
        NS_TEST_EXPECT_MSG_EQ(AtmCell::Deserialize(out, false, back),
                              AtmCell::DECODE_OK,
                              "idle cell decodes");
        NS_TEST_EXPECT_MSG_EQ(back.GetKind(), AtmCell::IDLE, "idle header gives an idle cell");
    }
};

/**
 * @ingroup atm-tests
 * Every PTI and CLP, every UNI VPI (with every GFC) and every NNI VPI
 * survives Serialize/Deserialize, with the octets of the reference packing.
 */
class AtmHeaderRoundTripTestCase : public TestCase
{
  public:
    AtmHeaderRoundTripTestCase()
        : TestCase("Round trips: every PTI and CLP, UNI GFC and VPI 0-255, NNI VPI 0-4095")
    {
    }

  private:
    /**
     * Round-trip one header.
     * @param nni NNI format
     * @param gfc GFC (UNI)
     * @param vpi VPI
     * @param vci VCI
     * @param pti PTI
     * @param clp CLP
     * @return true if everything matched
     */
    bool One(bool nni, uint8_t gfc, uint16_t vpi, uint16_t vci, uint8_t pti, bool clp)
    {
        AtmCell c;
        c.SetNni(nni);
        if (!nni)
        {
            c.SetGfc(gfc);
        }
        c.SetLabel(vpi, vci);
        c.SetPti(pti);
        c.SetClp(clp);
        uint8_t out[AtmCell::SIZE];
        c.Serialize(out);
        uint8_t e[4];
        RefHeader(nni, gfc, vpi, vci, pti, clp, e);
        bool ok = std::memcmp(out, e, 4) == 0 && out[4] == RefHec(e);
        AtmCell d;
        ok = ok && AtmCell::Deserialize(out, nni, d) == AtmCell::DECODE_OK;
        ok = ok && d.GetVpi() == vpi && d.GetVci() == vci && d.GetPti() == pti &&
             d.GetClp() == clp && d.IsNni() == nni && (nni || d.GetGfc() == gfc) &&
             d.GetLabel() == ((static_cast<uint32_t>(vpi) << 16) | vci);
        NS_TEST_EXPECT_MSG_EQ(ok,
                              true,
                              (nni ? "NNI" : "UNI") << " gfc=" << +gfc << " vpi=" << vpi << " vci="
                                                    << vci << " pti=" << +pti << " clp=" << clp);
        return ok;
    }

    void DoRun() override
    {
        const uint16_t vcis[] = {32, 0x0f0f, 0xf0f0, 65535};
        uint32_t n = 0;
        for (uint8_t pti = 0; pti < 8; ++pti)
        {
            for (int clp = 0; clp < 2; ++clp)
            {
                for (uint16_t vpi = 0; vpi < 256; ++vpi)
                {
                    for (uint8_t gfc = 0; gfc < 16; ++gfc)
                    {
                        n += One(false, gfc, vpi, vcis[(vpi + gfc) % 4], pti, clp != 0);
                    }
                }
                for (uint16_t vpi = 0; vpi < 4096; ++vpi)
                {
                    n += One(true, 0, vpi, vcis[vpi % 4], pti, clp != 0);
                }
            }
        }
        NS_TEST_EXPECT_MSG_EQ(n, (8U * 2U * (256U * 16U + 4096U)), "every header round-tripped");
    }
};

/**
 * @ingroup atm-tests
 * Any single bit error in the five header octets fails the HEC check.
 */
class AtmHecErrorTestCase : public TestCase
{
  public:
    AtmHecErrorTestCase()
        : TestCase("A corrupted header bit gives DECODE_HEC_ERROR")
    {
    }

  private:
    void DoRun() override
    {
        AtmCell c = AtmCell::MakeData(7, 700, 3, Seconds(2));
        uint8_t out[AtmCell::SIZE];
        c.Serialize(out);
        AtmCell d;
        NS_TEST_EXPECT_MSG_EQ(AtmCell::Deserialize(out, false, d),
                              AtmCell::DECODE_OK,
                              "the good cell decodes");
        for (int bit = 0; bit < 40; ++bit)
        {
            out[bit / 8] ^= static_cast<uint8_t>(0x80 >> (bit % 8));
            NS_TEST_EXPECT_MSG_EQ(AtmCell::Deserialize(out, false, d),
                                  AtmCell::DECODE_HEC_ERROR,
                                  "header bit " << bit << " flipped");
            out[bit / 8] ^= static_cast<uint8_t>(0x80 >> (bit % 8));
        }
        // Payload bits are not covered by the HEC.
        out[20] ^= 0x01;
        NS_TEST_EXPECT_MSG_EQ(AtmCell::Deserialize(out, false, d),
                              AtmCell::DECODE_OK,
                              "a payload bit error passes the header check");
    }
};

/**
 * @ingroup atm-tests
 * The body of a data cell (timestamp, sequence number, payload reference)
 * survives the wire; an explicit payload is copied as it is.
 */
class AtmCellBodyTestCase : public TestCase
{
  public:
    AtmCellBodyTestCase()
        : TestCase("Data cell body (timestamp, sequence, payload ref) survives the wire")
    {
    }

  private:
    void DoRun() override
    {
        const Time ts = NanoSeconds(1234567890123LL);
        AtmCell c = AtmCell::MakeData(200, 4000, 0xdeadbeefU, ts);
        c.SetPayloadRef(0x01020304U);
        c.SetAuu(true);
        NS_TEST_EXPECT_MSG_EQ(c.GetTimestamp(), ts, "timestamp stored");
        NS_TEST_EXPECT_MSG_EQ(c.GetSequence(), 0xdeadbeefU, "sequence stored");
        NS_TEST_EXPECT_MSG_EQ(c.GetPayloadRef(), 0x01020304U, "payload ref stored");
        NS_TEST_EXPECT_MSG_EQ(c.GetVpi(), 200, "VPI stored");
        NS_TEST_EXPECT_MSG_EQ(c.GetVci(), 4000, "VCI stored");

        uint8_t out[AtmCell::SIZE];
        c.Serialize(out);
        for (uint32_t i = 5 + 16; i < AtmCell::SIZE; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(+out[i], 0, "octet " << i << " after the body is zero");
        }
        AtmCell d;
        NS_TEST_EXPECT_MSG_EQ(AtmCell::Deserialize(out, false, d), AtmCell::DECODE_OK, "decodes");
        NS_TEST_EXPECT_MSG_EQ(d.GetKind(), AtmCell::DATA, "data cell");
        NS_TEST_EXPECT_MSG_EQ(d.GetTimestamp(), ts, "timestamp survives");
        NS_TEST_EXPECT_MSG_EQ(d.GetSequence(), 0xdeadbeefU, "sequence survives");
        NS_TEST_EXPECT_MSG_EQ(d.GetPayloadRef(), 0x01020304U, "payload ref survives");
        NS_TEST_EXPECT_MSG_EQ(d.GetAuu(), true, "AUU survives");
        NS_TEST_EXPECT_MSG_EQ(d.GetEfci(), false, "EFCI survives");

        // A non-data cell carries its 16 body octets as they are.
        AtmCell oam;
        oam.SetLabel(3, 33);
        oam.SetPti(AtmCell::PTI_OAM_F5_END);
        for (int i = 0; i < 16; ++i)
        {
            oam.GetBody()[i] = static_cast<uint8_t>(0xf0 - i);
        }
        oam.Serialize(out);
        for (int i = 0; i < 16; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(+out[5 + i],
                                  (0xf0 - i),
                                  "OAM body octet " << i << " on the wire");
        }
        NS_TEST_EXPECT_MSG_EQ(AtmCell::Deserialize(out, false, d), AtmCell::DECODE_OK, "decodes");
        NS_TEST_EXPECT_MSG_EQ(d.GetKind(), AtmCell::OAM, "OAM cell");
        NS_TEST_EXPECT_MSG_EQ(std::memcmp(d.GetBody(), oam.GetBody(), 16), 0, "OAM body survives");

        // An explicit payload goes out octet for octet.
        uint8_t payload[AtmCell::PAYLOAD_SIZE];
        for (uint32_t i = 0; i < AtmCell::PAYLOAD_SIZE; ++i)
        {
            payload[i] = static_cast<uint8_t>(3 * i + 1);
        }
        c.Serialize(out, payload);
        NS_TEST_EXPECT_MSG_EQ(std::memcmp(out + 5, payload, AtmCell::PAYLOAD_SIZE),
                              0,
                              "explicit payload copied");
        uint8_t e[4];
        RefHeader(false, 0, 200, 4000, 1, false, e);
        NS_TEST_EXPECT_MSG_EQ(std::memcmp(out, e, 4), 0, "header unchanged by the payload");
    }
};

/**
 * @ingroup atm-tests
 * EFCI is PTI bit 1 and AUU PTI bit 0 of user-data cells (I.361 Table 2);
 * the kind follows the PTI; the cell stays a 24-octet plain value.
 */
class AtmPtiBitsTestCase : public TestCase
{
  public:
    AtmPtiBitsTestCase()
        : TestCase("EFCI and AUU map to PTI bits, kind follows PTI, sizeof(AtmCell) == 24")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ(sizeof(AtmCell), 24U, "AtmCell is 24 octets");
        NS_TEST_EXPECT_MSG_EQ(std::is_trivially_copyable_v<AtmCell>,
                              true,
                              "AtmCell is trivially copyable");
        NS_TEST_EXPECT_MSG_EQ(AtmCell::SIZE, 53U, "53 octets on the wire");
        NS_TEST_EXPECT_MSG_EQ(AtmCell::BITS, 424U, "424 bits on the wire");

        // Octet 4 of the header is VCI(4) PTI(3) CLP(1): EFCI = 0x04, AUU = 0x02.
        for (int efci = 0; efci < 2; ++efci)
        {
            for (int auu = 0; auu < 2; ++auu)
            {
                AtmCell c = AtmCell::MakeData(0, 32, 0, Seconds(0));
                c.SetEfci(efci != 0);
                c.SetAuu(auu != 0);
                NS_TEST_EXPECT_MSG_EQ(+c.GetPti(), (2 * efci + auu), "PTI of EFCI/AUU");
                NS_TEST_EXPECT_MSG_EQ(c.GetEfci(), (efci != 0), "EFCI read back");
                NS_TEST_EXPECT_MSG_EQ(c.GetAuu(), (auu != 0), "AUU read back");
                NS_TEST_EXPECT_MSG_EQ(c.IsData(), true, "still data");
                uint8_t h[4];
                c.SerializeHeader(h);
                NS_TEST_EXPECT_MSG_EQ(+h[3], ((efci ? 0x04 : 0) | (auu ? 0x02 : 0)), "octet 4");
            }
        }
        AtmCell c = AtmCell::MakeData(0, 32, 0, Seconds(0));
        c.SetEfci(true);
        c.SetAuu(true);
        c.SetEfci(false);
        NS_TEST_EXPECT_MSG_EQ(+c.GetPti(), 1, "clearing EFCI keeps AUU");
        c.SetClp(true);
        NS_TEST_EXPECT_MSG_EQ(+c.GetPti(), 1, "CLP is not a PTI bit");

        // Kind follows PTI: 0-3 data, 4-5 OAM F5, 6 RM.
        const AtmCell::Kind kinds[7] = {AtmCell::DATA,
                                        AtmCell::DATA,
                                        AtmCell::DATA,
                                        AtmCell::DATA,
                                        AtmCell::OAM,
                                        AtmCell::OAM,
                                        AtmCell::RM};
        for (uint8_t pti = 0; pti < 7; ++pti)
        {
            AtmCell k;
            k.SetLabel(1, 40);
            k.SetPti(pti);
            NS_TEST_EXPECT_MSG_EQ(k.GetKind(), kinds[pti], "kind of PTI " << +pti);
            NS_TEST_EXPECT_MSG_EQ(k.IsData(), (pti < 4), "IsData of PTI " << +pti);
            uint8_t out[AtmCell::SIZE];
            k.Serialize(out);
            AtmCell d;
            AtmCell::Deserialize(out, false, d);
            NS_TEST_EXPECT_MSG_EQ(d.GetKind(), kinds[pti], "decoded kind of PTI " << +pti);
        }
        AtmCell r;
        r.SetPti(7);
        NS_TEST_EXPECT_MSG_EQ(r.IsData(), false, "reserved PTI 7 is not user data");

        // EFCI and AUU do not exist outside user-data cells.
        AtmCell oam;
        oam.SetPti(AtmCell::PTI_OAM_F5_SEGMENT);
        oam.SetEfci(true);
        oam.SetAuu(true);
        NS_TEST_EXPECT_MSG_EQ(+oam.GetPti(), 4, "EFCI/AUU leave an OAM PTI alone");
        NS_TEST_EXPECT_MSG_EQ(oam.GetEfci(), false, "no EFCI on OAM");
        NS_TEST_EXPECT_MSG_EQ(oam.GetAuu(), false, "no AUU on OAM");

        // A data cell turned into RM by its PTI, and back.
        AtmCell x = AtmCell::MakeData(0, 32, 0, Seconds(0));
        x.SetPti(AtmCell::PTI_RM);
        NS_TEST_EXPECT_MSG_EQ(x.GetKind(), AtmCell::RM, "PTI 6 makes an RM cell");
        x.SetPti(AtmCell::PTI_USER_CE_SDU1);
        NS_TEST_EXPECT_MSG_EQ(x.GetKind(), AtmCell::DATA, "PTI 3 makes a data cell");
        NS_TEST_EXPECT_MSG_EQ(x.GetEfci(), true, "PTI 3 has EFCI");
        NS_TEST_EXPECT_MSG_EQ(x.GetAuu(), true, "PTI 3 has AUU");
    }
};

/**
 * @ingroup atm-tests
 * The atm-cell test suite.
 */
class AtmCellTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmCellTestSuite()
        : IsolatedTestSuite("atm-cell", Type::UNIT)
    {
        AddTestCase(new AtmHecTestCase);
        AddTestCase(new AtmCrc10TestCase);
        AddTestCase(new AtmCrc32TestCase);
        AddTestCase(new AtmHeaderBytesTestCase);
        AddTestCase(new AtmHeaderRoundTripTestCase);
        AddTestCase(new AtmHecErrorTestCase);
        AddTestCase(new AtmCellBodyTestCase);
        AddTestCase(new AtmPtiBitsTestCase);
    }
};

static AtmCellTestSuite g_atmCellTestSuite; //!< the suite
