/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_AAL5_TRAILER_H
#define ATM_AAL5_TRAILER_H

#include "ns3/trailer.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The 8-octet trailer of an AAL5 CPCS-PDU (ITU-T I.363.5, 9.2).
 *
 * A CPCS-PDU is the CPCS-SDU (the frame the user hands to AAL5), 0 to 47
 * octets of padding so that the whole PDU fills a whole number of 48-octet
 * cell payloads, and this trailer:
 *
 * | octets | field    | meaning                                           |
 * |--------|----------|---------------------------------------------------|
 * | 1      | CPCS-UU  | user-to-user indication, passed through           |
 * | 1      | CPI      | common part indicator, 0                          |
 * | 2      | Length   | octets of the CPCS-SDU (1-65535; 0 means abort)   |
 * | 4      | CRC      | CRC-32 over the whole PDU but this field          |
 *
 * The CRC covers octets the trailer does not own, so it is computed by
 * AtmAal5Sar::BuildCpcsPdu() and only carried here.
 */
class AtmAal5Trailer : public Trailer
{
  public:
    /// Octets of the trailer.
    static constexpr uint32_t SIZE = 8;

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmAal5Trailer();

    /// @param uu the CPCS user-to-user indication
    void SetUu(uint8_t uu);
    /// @return the CPCS user-to-user indication
    uint8_t GetUu() const;
    /// @param cpi the common part indicator
    void SetCpi(uint8_t cpi);
    /// @return the common part indicator
    uint8_t GetCpi() const;
    /// @param length octets of the CPCS-SDU
    void SetLength(uint16_t length);
    /// @return octets of the CPCS-SDU
    uint16_t GetLength() const;
    /// @param crc the CRC-32 field
    void SetCrc(uint32_t crc);
    /// @return the CRC-32 field
    uint32_t GetCrc() const;

    // Trailer
    TypeId GetInstanceTypeId() const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator end) const override;
    uint32_t Deserialize(Buffer::Iterator end) override;
    void Print(std::ostream& os) const override;

  private:
    uint8_t m_uu;      //!< CPCS-UU
    uint8_t m_cpi;     //!< CPI
    uint16_t m_length; //!< Length
    uint32_t m_crc;    //!< CRC-32
};

} // namespace ns3

#endif /* ATM_AAL5_TRAILER_H */
