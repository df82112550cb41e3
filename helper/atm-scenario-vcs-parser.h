/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SCENARIO_VCS_PARSER_H
#define ATM_SCENARIO_VCS_PARSER_H

// Not installed: a part of AtmScenario's loader (helper/atm-scenario.cc).

#include "atm-scenario-attributes.h"
#include "atm-scenario-check.h"
#include "atm-scenario-nodes-parser.h"
#include "atm-scenario.h"

#include <string>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Reads the VCs of a scenario file (checked by the declaration)
 *        into an AtmScenario: path and labels through the links read
 *        before, rates, traffic with its TCP settings, ABR end systems.
 */
class AtmScenarioVcsParser
{
  public:
    /**
     * @param check where errors go
     * @param attributes reads components and attributes
     * @param sc the scenario to fill (its links read)
     * @param topology the nodes and links
     */
    AtmScenarioVcsParser(AtmScenarioCheck& check,
                         AtmScenarioAttributes& attributes,
                         AtmScenario& sc,
                         const AtmScenarioTopology& topology);

    /// @param root the file: read vcs
    void Parse(const AtmJson& root);

  private:
    /**
     * @brief Read a VC's path and labels.
     * @param v the VC object
     * @param path its JSON path
     * @param vc the VC
     */
    void ParsePath(const AtmJson& v, const std::string& path, AtmScenario::Vc& vc);
    /**
     * @brief Read a VC's traffic, and its TCP fields if it is tcp.
     * @param v the VC object
     * @param path its JSON path
     * @param vc the VC
     */
    void ParseTraffic(const AtmJson& v, const std::string& path, AtmScenario::Vc& vc);
    /**
     * @brief Read the TCP fields of a VC with tcp traffic.
     * @param t its traffic object
     * @param path the VC's JSON path
     * @param vc the VC
     */
    void ParseTcp(const AtmJson& t, const std::string& path, AtmScenario::Vc& vc);
    /**
     * @brief Check that a TCP segment fits the MTU of the VC's host ports:
     *        AAL5 drops a larger IP packet ("Mtu"), and the TCP would stall.
     * @param path the VC's JSON path
     * @param vc the VC, with its path and TCP settings
     */
    void CheckMss(const std::string& path, const AtmScenario::Vc& vc);
    /**
     * @brief Read the ABR end-system attributes of an ABR VC.
     * @param v the VC object
     * @param path its JSON path
     * @param vc the VC
     */
    void ParseAbr(const AtmJson& v, const std::string& path, AtmScenario::Vc& vc);

    /**
     * @brief Read a VC's traffic contract (pcr, scr, mbs, cdvt, tagging,
     *        mcr): the VC gets one when its category needs parameters (CBR,
     *        VBR, GFR) or one of scr, mbs, cdvt, tagging is given; report
     *        its first unsound field.
     * @param v the VC's object
     * @param path its path, for messages
     * @param vc the VC
     */
    void ParseContract(const AtmJson& v, const std::string& path, AtmScenario::Vc& vc);

    /**
     * @brief Connection admission control over the file: per link and
     *        direction, the rates committed to the VCs that cross it must
     *        fit within Overbooking (attributeDefaults, default 1) times
     *        its cell rate.
     */
    void CheckAdmission();

    AtmScenarioCheck& m_check;             //!< where errors go
    AtmScenarioAttributes& m_attributes;   //!< components and attributes
    AtmScenario& m_sc;                     //!< what is filled
    const AtmScenarioTopology& m_topology; //!< the nodes and links
    std::string m_firstTcp;                //!< JSON path of the first VC with tcp traffic
};

} // namespace ns3

#endif /* ATM_SCENARIO_VCS_PARSER_H */
