/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TRAFFIC_CONTRACT_H
#define ATM_TRAFFIC_CONTRACT_H

#include "ns3/nstime.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The ATM service categories of ATM Forum TM 4.0 section 2 (ITU-T
 *        I.371's ATM transfer capabilities), in their default order of
 *        priority at a switch port: CBR first, UBR last.
 */
enum class AtmServiceCategory : uint8_t
{
    CBR = 0,     //!< constant bit rate (I.371 DBR)
    RT_VBR = 1,  //!< real-time variable bit rate
    NRT_VBR = 2, //!< non-real-time variable bit rate (I.371 SBR)
    ABR = 3,     //!< available bit rate
    GFR = 4,     //!< guaranteed frame rate (TM 4.1)
    UBR = 5,     //!< unspecified bit rate (best effort)
};

/// The number of service categories (the classes of a priority port).
constexpr uint32_t ATM_N_SERVICE_CATEGORIES = 6;

/**
 * @ingroup atm
 * @brief The traffic contract of a VC (ATM Forum TM 4.0 sections 2-4,
 *        ITU-T I.371): its service category and traffic parameters.
 *
 * Rates are in cells per second, tolerances in time. Which fields a
 * category needs:
 * - CBR: PCR (and CDVT);
 * - rt-VBR, nrt-VBR: PCR, SCR <= PCR and MBS >= 1 (the burst tolerance BT
 *   follows, TM 4.0 section 4.4.2); Tagging chooses conformance
 *   definition VBR.3 (CLP = 0 cells beyond the SCR are tagged) over VBR.1
 *   (they are discarded);
 * - ABR, GFR: PCR and MCR <= PCR;
 * - UBR: nothing (PCR, if given, is policed).
 *
 * A PCR of 0 means "not given". The contract is a small value; an AtmVc
 * holds one only when it was given one (an unset VC is UBR).
 */
struct AtmTrafficContract
{
    AtmServiceCategory category{AtmServiceCategory::UBR}; //!< service category
    double pcr{0};                                        //!< peak cell rate, cells/s (0: none)
    Time cdvt;                                            //!< cell delay variation tolerance
    double scr{0};                                        //!< sustainable cell rate, cells/s
    uint32_t mbs{0};                                      //!< maximum burst size, cells
    double mcr{0};                                        //!< minimum cell rate, cells/s
    bool tagging{false}; //!< VBR.3: tag CLP = 0 cells beyond SCR instead of discarding

    /**
     * @param category a service category
     * @return its name in the standard's spelling ("CBR", "rt-VBR", ...)
     */
    static std::string GetCategoryName(AtmServiceCategory category);

    /**
     * @brief Read a category name ("CBR", "rt-VBR", "nrt-VBR", "ABR",
     *        "GFR", "UBR").
     * @param name the name
     * @param category set to the category
     * @return false if the name is none of them
     */
    static bool ParseCategory(const std::string& name, AtmServiceCategory& category);

    /// @return true for rt-VBR and nrt-VBR (an SCR and an MBS are policed)
    bool HasSustainedRate() const;

    /**
     * @return the burst tolerance of the SCR, BT = (MBS - 1) (1/SCR -
     *         1/PCR) (TM 4.0 section 4.4.2); zero without an SCR
     */
    Time GetBurstTolerance() const;

    /**
     * @brief The bandwidth connection admission control books for the VC
     *        (TM 4.0 section 5.3): PCR for CBR, SCR for VBR, MCR for ABR
     *        and GFR, nothing for UBR.
     * @return cells/s
     */
    double GetCommittedRate() const;

    /**
     * @return the first field that is missing or disagrees with another,
     *         as "Field = value: problem" (empty when the contract is
     *         sound): a PCR the category needs, SCR above PCR, an MBS of
     *         0, MCR above PCR, a negative CDVT, a field the category does
     *         not have
     */
    std::string GetConfigError() const;
};

} // namespace ns3

#endif /* ATM_TRAFFIC_CONTRACT_H */
