/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_GCRA_UPC_H
#define ATM_GCRA_UPC_H

#include "atm-gcra.h"
#include "atm-upc.h"

#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Usage parameter control by the conformance definitions of ATM
 *        Forum TM 4.0 section 4.5.1, with one GCRA per policed rate.
 *
 * Per arriving VC, by its contract:
 * - CBR.1, and ABR, GFR and UBR with a PCR: GCRA(1/PCR, CDVT) on every
 *   user cell (CLP = 0+1); a non-conforming cell is discarded;
 * - VBR.1 (Tagging false): the PCR's GCRA and GCRA(1/SCR, BT + CDVT), both
 *   on CLP = 0+1; a cell must conform to both, else it is discarded;
 * - VBR.3 (Tagging true): the PCR's GCRA on CLP = 0+1 (discard), the
 *   SCR's on CLP = 0 only: a CLP = 0 cell that conforms to the PCR but
 *   not to the SCR is tagged CLP = 1 and passes;
 * - UBR without a PCR, and a VC without a contract: not policed.
 * A GCRA's state changes only for a cell it counts that passes (a
 * discarded cell leaves both as they were; a tagged one only advances the
 * PCR's). Which of the two equivalent forms of the GCRA runs is the Form
 * attribute.
 *
 * Per VC it keeps two AtmGcra in one entry, indexed by arrival index:
 * O(1) per cell whatever the number of VCs.
 */
class AtmGcraUpc : public AtmUpc
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmGcraUpc();
    ~AtmGcraUpc() override;

  private:
    std::string DoAddVc(uint32_t index,
                        const AtmTrafficContract& contract,
                        double linkCellRate,
                        uint32_t sharing) override;
    bool DoHasVc(uint32_t index) const override;
    Verdict DoPolice(const AtmCell& cell, uint32_t index, int64_t now) override;

    /// The policing state of one VC.
    struct Vc
    {
        AtmGcra peak;        //!< GCRA(1/PCR, CDVT), unset when not policed
        AtmGcra sustained;   //!< GCRA(1/SCR, BT + CDVT), unset without an SCR
        bool tagging{false}; //!< VBR.3: the SCR counts CLP = 0 cells, tags
        bool set{false};     //!< AddVc() was called
    };

    AtmGcra::Form m_form;  //!< which form of the GCRA runs
    std::vector<Vc> m_vcs; //!< per arrival index
};

} // namespace ns3

#endif /* ATM_GCRA_UPC_H */
