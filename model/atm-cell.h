/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CELL_H
#define ATM_CELL_H

#include "ns3/assert.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <ostream>

namespace ns3
{

/**
 * @defgroup atm ATM traffic management
 *
 * Cell-level model of ATM links, switches, virtual circuits, queueing and
 * flow control (see doc/atm.rst).
 */

/**
 * @ingroup atm
 * @brief One ATM cell, carried through the model as a small value.
 *
 * A cell is not an ns3::Packet: it holds the header fields (GFC, VPI, VCI,
 * PTI, CLP; the HEC is computed when the cell is serialized), what kind of
 * cell it is, and a 16-octet body whose meaning depends on the kind. For
 * user data the body carries the creation time, a per-VC sequence number
 * and a reference that higher layers (AAL5) use to find the payload, so
 * the 48 payload octets are never copied. Serialize() and Deserialize()
 * give and read the real 53 octets (ITU-T I.361 header, I.432 HEC).
 *
 * The object is 24 octets and trivially copyable.
 */
class AtmCell
{
  public:
    /// Octets of a cell on the wire.
    static constexpr uint32_t SIZE = 53;
    /// Octets of the payload.
    static constexpr uint32_t PAYLOAD_SIZE = 48;
    /// Octets of the kind-specific body (GetBody()).
    static constexpr uint32_t BODY_SIZE = 16;
    /// Bits of a cell on the wire.
    static constexpr uint32_t BITS = SIZE * 8;

    /// Payload Type Identifier values (ITU-T I.361 Table 2).
    enum Pti : uint8_t
    {
        PTI_USER_NC_SDU0 = 0,   //!< user data, no congestion, AUU = 0
        PTI_USER_NC_SDU1 = 1,   //!< user data, no congestion, AUU = 1
        PTI_USER_CE_SDU0 = 2,   //!< user data, congestion experienced, AUU = 0
        PTI_USER_CE_SDU1 = 3,   //!< user data, congestion experienced, AUU = 1
        PTI_OAM_F5_SEGMENT = 4, //!< segment OAM F5 flow
        PTI_OAM_F5_END = 5,     //!< end-to-end OAM F5 flow
        PTI_RM = 6,             //!< resource management (TM 4.0)
        PTI_RESERVED = 7,       //!< reserved
    };

    /// What a cell is, as far as the model is concerned.
    enum Kind : uint8_t
    {
        DATA = 0,   //!< user data (PTI 0-3)
        OAM = 1,    //!< OAM F5 (PTI 4-5)
        RM = 2,     //!< resource management (PTI 6)
        CREDIT = 3, //!< link-level credit cell (flow control)
        IDLE = 4,   //!< idle / unassigned cell
    };

    /// Outcome of Deserialize().
    enum DecodeResult : uint8_t
    {
        DECODE_OK = 0,        //!< the header check passed
        DECODE_HEC_ERROR = 1, //!< the HEC octet does not match the header
    };

    /// Creates an idle cell.
    AtmCell();

    /**
     * @brief A user-data cell.
     * @param vpi virtual path identifier
     * @param vci virtual channel identifier
     * @param seq sequence number within its VC
     * @param created creation time
     * @return the cell
     */
    static AtmCell MakeData(uint16_t vpi, uint16_t vci, uint32_t seq, Time created);

    /// @return the generic flow control field (UNI only)
    uint8_t GetGfc() const;
    /// @param gfc generic flow control field (4 bits)
    void SetGfc(uint8_t gfc);
    /// @return the virtual path identifier
    uint16_t GetVpi() const;
    /// @param vpi virtual path identifier (8 bits UNI, 12 bits NNI)
    void SetVpi(uint16_t vpi);
    /// @return the virtual channel identifier
    uint16_t GetVci() const;
    /// @param vci virtual channel identifier
    void SetVci(uint16_t vci);
    /// @return the 28-bit VPI/VCI label (VPI << 16 | VCI)
    uint32_t GetLabel() const;
    /**
     * @brief Set both identifiers.
     * @param vpi virtual path identifier
     * @param vci virtual channel identifier
     */
    void SetLabel(uint16_t vpi, uint16_t vci);
    /// @return the payload type identifier (3 bits)
    uint8_t GetPti() const;
    /**
     * @brief Set the PTI; the kind follows it (DATA, OAM or RM).
     * @param pti payload type identifier
     */
    void SetPti(uint8_t pti);
    /// @return the cell loss priority bit
    bool GetClp() const;
    /// @param clp cell loss priority
    void SetClp(bool clp);
    /// @return true for a user-data cell with the EFCI bit (PTI bit 1) set
    bool GetEfci() const;
    /// @param efci explicit forward congestion indication (data cells)
    void SetEfci(bool efci);
    /// @return true for a user-data cell whose ATM-user-to-user bit is set
    bool GetAuu() const;
    /// @param auu ATM-user-to-user indication (last cell of an AAL5 frame)
    void SetAuu(bool auu);
    /// @return true for a user-data cell
    bool IsData() const;
    /// @return the kind of cell
    Kind GetKind() const;
    /// @param kind the kind of cell
    void SetKind(Kind kind);
    /// @return true when the header uses the NNI format (12-bit VPI, no GFC)
    bool IsNni() const;

    /// @param nni whether to use the NNI header format
    void SetNni(bool nni)
    {
        m_flags = static_cast<uint8_t>((m_flags & ~FLAG_NNI) | (nni ? FLAG_NNI : 0));
    }

    /**
     * @brief Set both identifiers and the header format at once, as a
     *        switch's output port does for every cell: no masking, the
     *        port checked the VPI when the VC was added.
     * @param vpi virtual path identifier (at most 4095)
     * @param vci virtual channel identifier
     * @param nni whether to use the NNI header format
     */
    void Relabel(uint16_t vpi, uint16_t vci, bool nni)
    {
        NS_ASSERT_MSG(vpi <= 0x0fff, "AtmCell: VPI = " << vpi << ": above 4095");
        m_vpi = vpi;
        m_vci = vci;
        SetNni(nni);
    }

    /// @return the creation time of a data cell
    Time GetTimestamp() const;
    /// @param t the creation time of a data cell
    void SetTimestamp(Time t);
    /// @return the per-VC sequence number of a data cell
    uint32_t GetSequence() const;
    /// @param seq the per-VC sequence number of a data cell
    void SetSequence(uint32_t seq);
    /// @return the reference a higher layer gave the payload of a data cell
    uint32_t GetPayloadRef() const;
    /// @param ref a reference a higher layer uses to find the payload
    void SetPayloadRef(uint32_t ref);

    /// @return the 16 octets of the cell body (kind-specific)
    uint8_t* GetBody();
    /// @return the 16 octets of the cell body (kind-specific)
    const uint8_t* GetBody() const;

    /**
     * @brief Write the first four header octets (no HEC).
     * @param out four octets
     */
    void SerializeHeader(uint8_t* out) const;

    /**
     * @brief Write the 53 octets of the cell.
     *
     * Header (4 octets), HEC, then the payload: the given 48 octets, or, when
     * @p payload is null, the 16-octet body followed by 32 zero octets (so a
     * cell of cell-level traffic survives a round trip).
     * @param out 53 octets
     * @param payload 48 payload octets or nullptr
     */
    void Serialize(uint8_t* out, const uint8_t* payload = nullptr) const;

    /**
     * @brief Read a cell from 53 octets.
     *
     * The kind is taken from the PTI (idle when the header is the idle
     * pattern 00 00 00 01); the body from the first 16 payload octets.
     * @param in 53 octets
     * @param nni whether the header is in NNI format
     * @param cell the decoded cell (valid only when the result is DECODE_OK)
     * @return DECODE_OK, or DECODE_HEC_ERROR when the HEC does not match
     */
    static DecodeResult Deserialize(const uint8_t* in, bool nni, AtmCell& cell);

    /**
     * @brief Print the header fields.
     * @param os the stream
     */
    void Print(std::ostream& os) const;

  private:
    /// Flag bits of m_flags.
    enum Flags : uint8_t
    {
        FLAG_NNI = 1, //!< NNI header format
    };

    uint16_t m_vpi;                   //!< virtual path identifier
    uint16_t m_vci;                   //!< virtual channel identifier
    uint8_t m_ptiClp;                 //!< PTI in bits 1-3, CLP in bit 0, GFC in bits 4-7
    uint8_t m_kind;                   //!< Kind
    uint8_t m_flags;                  //!< Flags
    [[maybe_unused]] uint8_t m_spare; //!< unused, keeps the layout explicit
    uint8_t m_body[BODY_SIZE];        //!< kind-specific body
};

/**
 * @brief Print a cell header.
 * @param os the stream
 * @param cell the cell
 * @return the stream
 */
std::ostream& operator<<(std::ostream& os, const AtmCell& cell);

} // namespace ns3

#endif /* ATM_CELL_H */
