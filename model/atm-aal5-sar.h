/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_AAL5_SAR_H
#define ATM_AAL5_SAR_H

#include "ns3/ptr.h"

#include <cstdint>
#include <vector>

namespace ns3
{

class Packet;

/**
 * @ingroup atm
 * @brief AAL5 common part (ITU-T I.363.5): building a CPCS-PDU for
 *        segmentation, and reassembling one VC's cells into frames.
 *
 * Sending: BuildCpcsPdu() turns a CPCS-SDU into its CPCS-PDU (SDU, zero
 * padding, AtmAal5Trailer with the CRC-32), whose 48-octet slices are the
 * payloads of the VC's cells; the last one has AUU = 1.
 *
 * Receiving: an object of this class holds one VC's frame in progress.
 * Push() appends the payload of each arriving cell; the cell with AUU = 1
 * ends the frame, which is then checked exactly as I.363.5 says: the CRC-32
 * over the whole PDU, then the Length field against the number of cells
 * (0 to 47 octets of padding; Length 0 is an abort). A frame longer than the
 * largest CPCS-PDU (1366 cells) is given up (TOO_LONG) and the cells up to
 * its last one are discarded. Lost cells show up exactly as on real
 * hardware: a lost AUU cell merges two frames (CRC and length errors), a
 * lost middle cell shortens one (CRC and length errors).
 */
class AtmAal5Sar
{
  public:
    /// Largest CPCS-SDU, in octets.
    static constexpr uint32_t MAX_SDU = 65535;
    /// Cells of the largest CPCS-PDU.
    static constexpr uint32_t MAX_CELLS = (MAX_SDU + 8 + 47) / 48;

    /// What Push() found.
    enum Result : uint8_t
    {
        INCOMPLETE = 0,   //!< the frame goes on
        FRAME_OK = 1,     //!< a good frame is ready (GetFrame())
        CRC_ERROR = 2,    //!< the frame ended with a bad CRC-32
        LENGTH_ERROR = 3, //!< the Length field does not fit the cells (or is 0)
        TOO_LONG = 4,     //!< more cells than the largest CPCS-PDU
        DISCARDING = 5,   //!< a cell of a frame already given up
    };

    /**
     * @brief The drop-reason name of a result ("Crc", "Length", "TooLong").
     * @param r a result other than INCOMPLETE and FRAME_OK
     * @return the name
     */
    static const char* GetErrorName(Result r);

    /**
     * @param sduLength octets of a CPCS-SDU
     * @return cells its CPCS-PDU fills
     */
    static uint32_t GetNCells(uint32_t sduLength);

    /**
     * @brief Build the CPCS-PDU of a CPCS-SDU.
     * @param sdu the CPCS-SDU (at most MAX_SDU octets)
     * @param uu the CPCS-UU octet
     * @param pdu where the PDU goes (resized to a multiple of 48)
     */
    static void BuildCpcsPdu(Ptr<const Packet> sdu, uint8_t uu, std::vector<uint8_t>& pdu);

    /**
     * @brief Build a CPCS-PDU from raw octets.
     * @param sdu the CPCS-SDU octets
     * @param length how many (at most MAX_SDU)
     * @param uu the CPCS-UU octet
     * @param pdu where the PDU goes (resized to a multiple of 48)
     */
    static void BuildCpcsPdu(const uint8_t* sdu,
                             uint32_t length,
                             uint8_t uu,
                             std::vector<uint8_t>& pdu);

    AtmAal5Sar();

    /**
     * @brief Append one cell's payload to the frame in progress.
     * @param payload the 48 payload octets
     * @param last the cell's AUU bit
     * @return INCOMPLETE, FRAME_OK, an error that ends the frame, or
     *         DISCARDING for the rest of a frame already given up
     */
    Result Push(const uint8_t* payload, bool last);

    /**
     * @brief The CPCS-SDU of the frame Push() just accepted.
     * @return a new packet with the SDU octets
     */
    Ptr<Packet> GetFrame() const;

    /// @return the CPCS-UU octet of the frame Push() just accepted
    uint8_t GetUu() const;

    /// @return true while a frame has cells but no last cell yet
    bool IsInProgress() const;

    /// @return true while the rest of a too-long frame is dropped
    bool IsDiscarding() const;

    /// @return cells of the frame in progress
    uint32_t GetNCellsBuffered() const;

    /// Give up the frame in progress (reassembly timeout).
    void Abort();

  private:
    std::vector<uint8_t> m_buffer; //!< the PDU so far
    uint32_t m_sduLength;          //!< Length of the frame just accepted
    uint8_t m_uu;                  //!< CPCS-UU of the frame just accepted
    bool m_discarding;             //!< dropping the rest of a too-long frame
    bool m_ready;                  //!< the buffer holds an accepted frame
};

} // namespace ns3

#endif /* ATM_AAL5_SAR_H */
