/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SCENARIO_PARAMS_H
#define ATM_SCENARIO_PARAMS_H

// Not installed: a part of AtmScenario's loader (helper/atm-scenario.cc).

#include "atm-scenario-check.h"

#include <map>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The parameters of a scenario file: their defaults (the file's
 *        "parameters"), the values given from outside, and "${name}"
 *        replaced by them everywhere, before the file is checked.
 */
class AtmScenarioParams
{
  public:
    /// @param check where errors go
    explicit AtmScenarioParams(AtmScenarioCheck& check);

    /**
     * @brief Take the file's parameters, set the values given, remove the
     *        "parameters" field and replace every "${name}".
     * @param root the file (an object)
     * @param given values given from outside (name -> value; JSON when it
     *        parses as JSON, a string otherwise)
     * @return the parameters and their values
     */
    AtmJson Resolve(AtmJson& root, const std::map<std::string, std::string>& given);

    /**
     * @brief Parse "a=1,b=fifo,c={"x":1,"y":2}" into parameter values.
     * @param text comma-separated name=value pairs (commas inside JSON
     *        brackets and strings do not separate)
     * @param errors where to add a malformed pair
     * @return the values
     */
    static std::map<std::string, std::string> Split(const std::string& text,
                                                    std::vector<std::string>& errors);

  private:
    /**
     * @brief Replace "${name}" by the value of parameter name, in place.
     * @param j a value
     * @param path its path
     * @param values the parameters
     */
    void Substitute(AtmJson& j, const std::string& path, const AtmJson& values);

    AtmScenarioCheck& m_check; //!< where errors go
};

} // namespace ns3

#endif /* ATM_SCENARIO_PARAMS_H */
