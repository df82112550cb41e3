/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SCENARIO_MEASUREMENT_PARSER_H
#define ATM_SCENARIO_MEASUREMENT_PARSER_H

// Not installed: a part of AtmScenario's loader (helper/atm-scenario.cc).

#include "atm-scenario-check.h"
#include "atm-scenario.h"

#include <functional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Reads the measurement window and the time series of a scenario
 *        file (checked by the declaration) into an AtmScenario: the
 *        window's order, and the links and VCs sampled, by name.
 */
class AtmScenarioMeasurementParser
{
  public:
    /**
     * @param check where errors go
     * @param sc the scenario to fill (its links and VCs read)
     */
    AtmScenarioMeasurementParser(AtmScenarioCheck& check, AtmScenario& sc);

    /// @param root the file: read measurement and timeSeries
    void Parse(const AtmJson& root);

  private:
    /// @param m the measurement object
    void ParseWindow(const AtmJson& m);
    /// @param ts the timeSeries object
    void ParseSeries(const AtmJson& ts);
    /**
     * @brief Read a list of names of the time series.
     * @param ts the timeSeries object
     * @param field the list's field
     * @param known whether a name is one the list may have
     * @param problem the error for another ("no VC named ")
     * @param out the names
     */
    void ParseNames(const AtmJson& ts,
                    const std::string& field,
                    const std::function<bool(const std::string&)>& known,
                    const std::string& problem,
                    std::vector<std::string>& out);

    AtmScenarioCheck& m_check; //!< where errors go
    AtmScenario& m_sc;         //!< what is filled
};

} // namespace ns3

#endif /* ATM_SCENARIO_MEASUREMENT_PARSER_H */
