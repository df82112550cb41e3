/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SCENARIO_HUB_PARSER_H
#define ATM_SCENARIO_HUB_PARSER_H

// Not installed: a part of AtmScenario's loader (helper/atm-scenario.cc).

#include "atm-scenario-attributes.h"
#include "atm-scenario-check.h"
#include "atm-scenario.h"

#include <set>
#include <string>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Reads the hub section of a scenario file (checked by the
 *        declaration) into an AtmScenario: the bus hub's switch, boards
 *        and flow control, and its study streams, with the checks against
 *        the switch's fabric and the number of boards.
 */
class AtmScenarioHubParser
{
  public:
    /**
     * @param check where errors go
     * @param attributes reads components and attributes
     * @param sc the scenario to fill (its switches and links read)
     */
    AtmScenarioHubParser(AtmScenarioCheck& check,
                         AtmScenarioAttributes& attributes,
                         AtmScenario& sc);

    /// @param root the file: read the hub section
    void Parse(const AtmJson& root);

  private:
    /**
     * @brief Check the hub's switch, and read its flow control.
     * @param h the hub object
     */
    void ParseSwitch(const AtmJson& h);
    /**
     * @brief Read one entry of hub.streams.
     * @param j the entry
     * @param path its JSON path
     * @param names the entry names so far
     */
    void ParseStreams(const AtmJson& j, const std::string& path, std::set<std::string>& names);
    /**
     * @brief Read an entry's destinations: "all" or {"board": b, "step": s}.
     * @param j the entry
     * @param path its JSON path
     * @param ok whether the entry has no error so far (else its sending
     *        boards are not checked against the destinations)
     * @param e the entry read so far (its sending boards)
     * @return true if read without error
     */
    bool ParseTo(const AtmJson& j, const std::string& path, bool ok, AtmScenario::HubStreams& e);

    AtmScenarioCheck& m_check;           //!< where errors go
    AtmScenarioAttributes& m_attributes; //!< components and attributes
    AtmScenario& m_sc;                   //!< what is filled
};

} // namespace ns3

#endif /* ATM_SCENARIO_HUB_PARSER_H */
