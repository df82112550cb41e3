/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CRC_H
#define ATM_CRC_H

#include <cstddef>
#include <cstdint>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The cyclic redundancy checks of the ATM layer and AAL5.
 *
 * One place for the arithmetic every part of the module shares:
 * - the Header Error Control octet of the cell header (ITU-T I.432.1 §4.3.2:
 *   CRC-8 with generator x^8 + x^2 + x + 1 over the first four header octets,
 *   the remainder XORed with the coset 01010101);
 * - the CRC-10 of OAM and RM cells (ITU-T I.610: generator
 *   x^10 + x^9 + x^5 + x^4 + x + 1 over the 48-octet payload whose last ten
 *   bits hold the CRC);
 * - the CRC-32 of the AAL5 CPCS-PDU trailer (ITU-T I.363.5: generator of
 *   IEEE 802.3, preset to all ones, not reflected, complemented).
 */
class AtmCrc
{
  public:
    /**
     * @brief HEC of a cell header.
     * @param header the first four octets of the header
     * @return the HEC octet (coset applied)
     */
    static uint8_t Hec(const uint8_t* header);

    /**
     * @brief Raw CRC-8 (generator x^8 + x^2 + x + 1, preset 0, no coset).
     * @param data the octets
     * @param len how many
     * @return the remainder
     */
    static uint8_t Crc8(const uint8_t* data, std::size_t len);

    /**
     * @brief CRC-10 of a 48-octet OAM/RM payload.
     *
     * The last ten bits of the payload are the CRC field and are taken as
     * zero; the returned value is what belongs there.
     * @param payload the 48 payload octets
     * @return the 10-bit CRC
     */
    static uint16_t Crc10Payload(const uint8_t* payload);

    /**
     * @brief CRC-10 over a bit-aligned message (preset 0, not reflected).
     * @param data the octets
     * @param len how many
     * @return the 10-bit remainder of data·x^10
     */
    static uint16_t Crc10(const uint8_t* data, std::size_t len);

    /**
     * @brief AAL5 CRC-32 (the CRC-32/BZIP2 parameters: check value of
     * "123456789" is 0xFC891918).
     * @param data the octets
     * @param len how many
     * @return the CRC to place in the trailer
     */
    static uint32_t Crc32(const uint8_t* data, std::size_t len);

    /**
     * @brief Continue an AAL5 CRC-32 over more octets.
     * @param state the running register (start with 0xFFFFFFFF)
     * @param data the octets
     * @param len how many
     * @return the new register; the CRC is its complement
     */
    static uint32_t Crc32Update(uint32_t state, const uint8_t* data, std::size_t len);

    /**
     * @brief Crc32Update eight octets a step with eight tables of 256
     *        remainders ("slicing by 8", 8 KiB): what Crc32Update does
     *        without HasCarrylessMultiply(), and below 64 octets.
     * @param state the running register
     * @param data the octets
     * @param len how many
     * @return the new register
     */
    static uint32_t Crc32UpdateTable(uint32_t state, const uint8_t* data, std::size_t len);

    /**
     * @brief Whether Crc32Update folds 16 octets a step (from 64 octets on)
     *        with the processor's carry-less multiplication (x86 PCLMULQDQ
     *        and SSSE3, detected once at run time); the result is the same
     *        either way.
     * @return true if it does
     */
    static bool HasCarrylessMultiply();
};

} // namespace ns3

#endif /* ATM_CRC_H */
