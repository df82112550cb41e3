/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CREDIT_CELL_H
#define ATM_CREDIT_CELL_H

#include "atm-cell-ring.h"
#include "atm-cell.h"

#include <array>
#include <cstdint>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Credit cells of the Credit Update Protocol (Kung, "Credit Update
 *        Protocol"; Kung, Blackwell, Chapman, SIGCOMM '94): their format,
 *        and the cells a port has sent whose records are still to be read.
 *
 * A credit cell travels on the link's reverse direction, sharing its
 * bandwidth with data cells, and carries up to six records. On the wire:
 *
 * - header: VPI 0, VCI 31 (a VCI I.361 reserves, never a user VC's); PTI 0
 *   for credit records (downstream to upstream: Fwd_Cnt), PTI 1 for
 *   credit_check records (upstream to downstream: Tx_Cnt);
 * - payload: six 8-octet records, each VPI (2 octets, big-endian), VCI (2),
 *   count (4: Fwd_Cnt or Tx_Cnt, modulo 2^32); unused records are all zero
 *   (VCI 0 names no user VC).
 *
 * In the model a credit cell is an AtmCell of kind CREDIT whose body
 * holds the number of its records and a reference to them in the sending
 * port's AtmCreditCell store: Push() keeps a cell's records, the receiving
 * port reads them with Get(); Serialize() and Deserialize() give the 48
 * payload octets for traces, tests and anyone who wants bytes.
 */
class AtmCreditCell
{
  public:
    /// Records one cell carries.
    static constexpr uint32_t MAX_RECORDS = 6;
    /// VCI of credit cells (on VPI 0).
    static constexpr uint16_t CREDIT_VCI = 31;

    /// What a credit cell carries.
    enum Type : uint8_t
    {
        UPDATE = 0, //!< credit records: Fwd_Cnt, receiver to sender
        CHECK = 1,  //!< credit_check records: Tx_Cnt, sender to receiver
    };

    /// One record.
    struct Record
    {
        uint16_t vpi{0};   //!< the VC's VPI on the link
        uint16_t vci{0};   //!< the VC's VCI on the link
        uint32_t count{0}; //!< Fwd_Cnt (UPDATE) or Tx_Cnt (CHECK)
    };

    /// The records of one cell.
    struct Records
    {
        std::array<Record, MAX_RECORDS> record; //!< the records
        uint32_t n{0};                          //!< how many are used
    };

    AtmCreditCell();

    /**
     * @brief Keep the records of a cell about to be sent.
     * @param type UPDATE or CHECK
     * @param records the records (1 to 6)
     * @return the cell (kind CREDIT, VPI 0, VCI 31, PTI = type)
     */
    AtmCell Push(Type type, const Records& records);

    /**
     * @brief The records of a cell this store sent; frees every earlier
     *        cell's (a link keeps its cells in order).
     * @param cell the credit cell
     * @param records set to its records
     * @return false when the cell is not (or no longer) known here
     */
    bool Get(const AtmCell& cell, Records& records);

    /**
     * @brief The records of a cell this store sent, leaving them for Get
     *        (traces and tests look at a cell on its way).
     * @param cell the credit cell
     * @param records set to its records
     * @return false when the cell is not (or no longer) known here
     */
    bool Peek(const AtmCell& cell, Records& records) const;

    /// @return cells whose records are kept
    uint32_t GetNKept() const;

    /**
     * @param cell a credit cell
     * @return its type
     */
    static Type GetType(const AtmCell& cell);

    /**
     * @param cell any cell
     * @return true for a credit or credit_check cell (VPI 0, VCI 31)
     */
    static bool IsCreditCell(const AtmCell& cell);

    /**
     * @brief The 48 payload octets of a credit cell.
     * @param records its records
     * @param payload 48 octets
     */
    static void Serialize(const Records& records, uint8_t* payload);

    /**
     * @brief Read the records of 48 payload octets.
     * @param payload 48 octets
     * @param records set to the records (all-zero ones are unused)
     */
    static void Deserialize(const uint8_t* payload, Records& records);

  private:
    AtmCellRing<Records> m_kept; //!< records of cells m_base, m_base + 1, ... (no allocation)
    uint32_t m_base;             //!< reference of the first record kept
};

} // namespace ns3

#endif /* ATM_CREDIT_CELL_H */
