/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-rate-format.h"

#include <cmath>

namespace ns3
{

uint16_t
AtmRateFormat::Encode(double cellsPerSecond)
{
    if (!(cellsPerSecond >= 1.0)) // also NaN
    {
        return 0;
    }
    if (cellsPerSecond >= MaxRate())
    {
        return MAX_CODE;
    }
    // cellsPerSecond = f * 2^k with f in [0.5, 1): e = k - 1 and
    // 1 + m/512 = 2f. Scaling by powers of two is exact, so floor() sees
    // the exact fraction.
    int k = 0;
    const double f = std::frexp(cellsPerSecond, &k);
    const auto e = static_cast<uint16_t>(k - 1);
    const auto m = static_cast<uint16_t>(std::floor((2.0 * f - 1.0) * 512.0));
    return static_cast<uint16_t>(NZ_BIT | (e << 9) | m);
}

double
AtmRateFormat::Decode(uint16_t code)
{
    if ((code & NZ_BIT) == 0)
    {
        return 0.0;
    }
    const int e = (code >> 9) & 0x1f;
    const int m = code & 0x1ff;
    return std::ldexp(512.0 + m, e - 9);
}

double
AtmRateFormat::RoundDown(double cellsPerSecond)
{
    return Decode(Encode(cellsPerSecond));
}

double
AtmRateFormat::MaxRate()
{
    return std::ldexp(1023.0, 31 - 9);
}

} // namespace ns3
