/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SCENARIO_JSON_SCHEMA_H
#define ATM_SCENARIO_JSON_SCHEMA_H

// Not installed: a part of AtmScenario's loader (helper/atm-scenario.cc).

#include <string>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The JSON Schema (draft 2020-12) of scenario files, made from the
 *        declaration the loader checks them against (AtmScenarioSchema).
 *
 * Each declared object becomes an object schema with its properties, their
 * descriptions, the required ones and additionalProperties false; times and
 * rates a number or a string of their form; type names an enum of the
 * short names or a TypeId; every value that is not any string may also be
 * a "${parameter}" (replaced before the loader checks the file).
 */
class AtmScenarioJsonSchema
{
  public:
    /// @return the schema, as indented JSON text ending in a newline
    static std::string Get();
};

} // namespace ns3

#endif /* ATM_SCENARIO_JSON_SCHEMA_H */
