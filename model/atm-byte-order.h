/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_BYTE_ORDER_H
#define ATM_BYTE_ORDER_H

// Not installed: the octet order of the integers that cell headers, cell
// bodies, the AAL5 trailer and the VC addresses of AAL5 endpoints carry,
// shared by the files that read and write them (atm-cell.cc,
// atm-rm-cell.cc, atm-credit-cell.cc, atm-aal5-sar.cc,
// atm-aal5-endpoint.cc).

#include <cstdint>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Read an unsigned integer stored most significant octet first
 *        (network order, as ITU-T I.361, I.371 and I.363.5 lay them out).
 * @param in the first octet
 * @param n how many octets (1 to 8)
 * @return the value
 */
inline uint64_t
AtmReadBigEndian(const uint8_t* in, int n)
{
    uint64_t v = 0;
    for (int i = 0; i < n; ++i)
    {
        v = (v << 8) | in[i];
    }
    return v;
}

/**
 * @ingroup atm
 * @brief Write an unsigned integer most significant octet first.
 * @param out the first octet
 * @param v the value; octets above the n lowest are dropped
 * @param n how many octets (1 to 8)
 */
inline void
AtmWriteBigEndian(uint8_t* out, uint64_t v, int n)
{
    for (int i = n - 1; i >= 0; --i)
    {
        out[i] = static_cast<uint8_t>(v & 0xff);
        v >>= 8;
    }
}

} // namespace ns3

#endif /* ATM_BYTE_ORDER_H */
