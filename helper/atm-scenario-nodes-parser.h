/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SCENARIO_NODES_PARSER_H
#define ATM_SCENARIO_NODES_PARSER_H

// Not installed: a part of AtmScenario's loader (helper/atm-scenario.cc).

#include "atm-scenario-attributes.h"
#include "atm-scenario-check.h"
#include "atm-scenario.h"

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief What the nodes and links of a scenario file tell the sections
 *        read after them (VCs, hub).
 */
struct AtmScenarioTopology
{
    std::map<std::string, bool> isSwitch; //!< node name -> whether a switch
    /// node pair (in order) -> its link, an index of the file's links
    std::map<std::pair<std::string, std::string>, std::size_t> linkOf;
    std::vector<std::string> linkName; //!< per entry of the file's links: its name
    std::vector<double> cellRate; //!< per entry of the file's links: cell rate, bit/s (0: unknown)
};

/**
 * @ingroup atm
 * @brief Reads the hosts, switches (and their fabrics), linkDefaults and
 *        links of a scenario file (checked by the declaration) into an
 *        AtmScenario: flow control, input buffers and queue discs, with
 *        the checks that need more than one value.
 */
class AtmScenarioNodesParser
{
  public:
    /**
     * @param check where errors go
     * @param attributes reads components and attributes
     * @param sc the scenario to fill
     * @param topology what later sections need, filled
     */
    AtmScenarioNodesParser(AtmScenarioCheck& check,
                           AtmScenarioAttributes& attributes,
                           AtmScenario& sc,
                           AtmScenarioTopology& topology);

    /// @param root the file: read hosts, switches, linkDefaults and links
    void Parse(const AtmJson& root);

  private:
    /// @param root the file: read hosts and switches
    void ParseNodes(const AtmJson& root);
    /// @param root the file: read linkDefaults and links
    void ParseLinks(const AtmJson& root);
    /**
     * @brief Read the two ends of a link and check that they fit.
     * @param own the link object
     * @param path its JSON path
     * @param entry its index in links
     * @param link the link
     * @return true if both ends are given
     */
    bool ParseEnds(const AtmJson& own,
                   const std::string& path,
                   std::size_t entry,
                   AtmScenario::Link& link);
    /**
     * @brief Read a link's flowControl: the scheme and, for credit, link
     *        flow control and the credit sender's and receiver's attributes.
     * @param j the flowControl object
     * @param path its JSON path
     * @param link the link
     */
    void ParseFlowControl(const AtmJson& j, const std::string& path, AtmScenario::Link& link);
    /**
     * @brief Report a link's queue disc whose attributes disagree (a
     *        threshold above its buffer, ...) at a switch end that keeps
     *        them: the input-buffered fabric lifts MaxCells at its ports.
     * @param path where the queue's settings come from (the link or linkDefaults)
     * @param link the link (its ends and queue read)
     */
    void CheckQueue(const std::string& path, const AtmScenario::Link& link);
    /**
     * @brief Read a link's inputBuffer: the shared input buffer (Buff_Size)
     *        at its receiving switch ends, one value for both or per end.
     * @param j the inputBuffer value
     * @param path its JSON path
     * @param link the link (its ends known)
     */
    void ParseInputBuffer(const AtmJson& j, const std::string& path, AtmScenario::Link& link);
    /**
     * @brief Read the input buffer of one end: cells, or {cells, epdThreshold}.
     * @param j the value
     * @param path its JSON path
     * @param link the link
     * @param sw the switch at that end
     * @param in where to put it
     */
    void ParseInputBufferEnd(const AtmJson& j,
                             const std::string& path,
                             const AtmScenario::Link& link,
                             const std::string& sw,
                             AtmScenario::Link::InputBuffer& in);

    AtmScenarioCheck& m_check;           //!< where errors go
    AtmScenarioAttributes& m_attributes; //!< components and attributes
    AtmScenario& m_sc;                   //!< what is filled
    AtmScenarioTopology& m_topology;     //!< what later sections need
};

} // namespace ns3

#endif /* ATM_SCENARIO_NODES_PARSER_H */
