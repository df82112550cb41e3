/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_RATE_FORMAT_H
#define ATM_RATE_FORMAT_H

#include <cstdint>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The 16-bit rate format of the ATM Forum TM 4.0 RM cell (ER, CCR,
 *        MCR fields; also ITU-T I.371).
 *
 * A rate in cells per second is held in 16 bits:
 *
 *     bit 15      14    13 .. 9       8 .. 0
 *     reserved 0  nz    exponent e    mantissa m
 *
 *     rate = nz * 2^e * (1 + m / 512)   cells/s
 *
 * so the representable rates are 0 and 1 to 2^31 * 1023/512 =
 * 4 290 772 992 cells/s with 9 significant bits (a relative step of at most
 * 1/512). Encode() rounds DOWN to the next representable rate (and maps
 * everything below 1 cell/s to 0, everything above the largest rate to the
 * largest code): a switch stamping ER this way never hands out more than
 * it computed, and a source's CCR never overstates its ACR.
 */
class AtmRateFormat
{
  public:
    /// The largest code (nz = 1, e = 31, m = 511).
    static constexpr uint16_t MAX_CODE = 0x7fff;
    /// The nonzero flag.
    static constexpr uint16_t NZ_BIT = 0x4000;

    /**
     * @brief Encode a rate, rounding down.
     * @param cellsPerSecond the rate (negative is taken as 0)
     * @return the 16-bit code
     */
    static uint16_t Encode(double cellsPerSecond);

    /**
     * @brief Decode a code. The reserved bit 15 is ignored.
     * @param code the 16-bit code
     * @return the rate in cells/s
     */
    static double Decode(uint16_t code);

    /**
     * @brief The largest representable rate not above a rate.
     * @param cellsPerSecond the rate
     * @return Decode(Encode(cellsPerSecond))
     */
    static double RoundDown(double cellsPerSecond);

    /// @return the largest representable rate, 2^31 * 1023/512 cells/s
    static double MaxRate();
};

} // namespace ns3

#endif /* ATM_RATE_FORMAT_H */
