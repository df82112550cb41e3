/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SCENARIO_SCHEMA_H
#define ATM_SCENARIO_SCHEMA_H

// Not installed: a part of AtmScenario's loader (helper/atm-scenario.cc).

#include "ns3/atm-max-min-oracle.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

struct AtmScenarioField;

/**
 * @ingroup atm
 * @brief The declared type of a value of a scenario file.
 *
 * One declaration serves twice: AtmScenarioCheck checks a file against it
 * (unknown field, wrong type, out of range, missing field), and
 * AtmScenarioJsonSchema::Get() turns it into a JSON Schema. The
 * builders of atm-scenario-schema.cc (Integer(1, 4096), Array(...), ...)
 * make one; AtmScenarioSchema::GetRoot() is the whole file.
 */
struct AtmScenarioType
{
    /// What kind of value.
    enum Kind
    {
        STRING,  //!< a string (maybe non-empty, or one of values)
        BOOLEAN, //!< true or false
        INTEGER, //!< an integer in [min, max]
        TIME,    //!< seconds, or a string with a unit ("1.6us"); not negative
        RATE,    //!< bit/s, or an ns-3 DataRate string ("50Mbps"); positive (or zero: zeroOk)
        VALUE,   //!< an ns-3 attribute value: a string, a number or a boolean
        OBJECT,  //!< an object of the declared fields, and no other
        MAP,     //!< an object of any names, each value an items[0]
        ARRAY,   //!< an array of items[0], or a tuple: one value of each of items
        ANY_OF,  //!< one of items, chosen by the value's JSON type
        ANY,     //!< any value
    };

    Kind kind = ANY;                 //!< what kind of value
    std::string expect;              //!< what it must be, for messages ("" : from the kind)
    bool nonEmpty = false;           //!< STRING: not ""
    std::vector<std::string> values; //!< STRING: the values allowed (empty: any)
    std::vector<std::string> later;  //!< STRING: values a later version will allow
    std::string noun;                //!< STRING with values: what a value names
    std::string typeKind;            //!< STRING: a type name of this kind (JSON Schema only)
    uint64_t min = 0;                //!< INTEGER: the least; ARRAY, OBJECT: fewest elements
    uint64_t max = UINT64_MAX;       //!< INTEGER: the largest; ARRAY: most elements
    bool zeroOk = false;             //!< RATE: 0 allowed
    std::string id;                  //!< OBJECT: its name in the JSON Schema's $defs ("": inline)
    std::string description;         //!< OBJECT: what it is
    std::vector<AtmScenarioField> fields; //!< OBJECT: its fields
    /// OBJECT: sets of fields of which exactly one must be given
    std::vector<std::vector<std::string>> exactlyOne;
    std::vector<AtmScenarioType> items; //!< ARRAY, MAP: elements; ANY_OF: alternatives

    /**
     * @param name a field name
     * @return the OBJECT's field of that name, or null
     */
    const AtmScenarioField* GetField(const std::string& name) const;
    /// @return what a value must be, for messages ("an integer", expect if given)
    std::string GetExpect() const;
};

/**
 * @ingroup atm
 * @brief A field of an object of a scenario file: its name, type, whether
 *        it is required, and what it means (the JSON Schema's description).
 */
struct AtmScenarioField
{
    std::string name;        //!< the field's name
    AtmScenarioType type;    //!< its type
    bool required;           //!< true: an object without it is an error
    std::string description; //!< what it means, for editors and the JSON Schema
};

/**
 * @ingroup atm
 * @brief A short type name of scenario files ("pervc") and its ns-3 TypeId.
 */
struct AtmScenarioTypeName
{
    const char* kind;   //!< "queue", "traffic", "flowControl", "fabric", ...
    const char* name;   //!< the name in a scenario file
    const char* typeId; //!< its ns-3 TypeId; empty: none (or not implemented)
    const char* needs;  //!< what an unimplemented type waits for (empty: implemented)
};

/**
 * @ingroup atm
 * @brief The scenario file's declaration: every object and field
 *        (atm-scenario-schema.cc) and the short type names, which the
 *        loader's checks (AtmScenarioCheck) and the JSON Schema
 *        (AtmScenarioJsonSchema) are made from.
 */
class AtmScenarioSchema
{
  public:
    /// @return the declared type of a whole scenario file
    static const AtmScenarioType& GetRoot();
    /// @return the short type names of every kind
    static const std::vector<AtmScenarioTypeName>& GetTypeNames();
    /// @return the names "fairness" takes and the criteria they select
    static const std::vector<std::pair<std::string, AtmMaxMinOracle::Criterion>>&
    GetFairnessCriteria();
    /**
     * @param kind a kind of type names ("queue", ...)
     * @return the TypeId a full type name of this kind must derive from ("" : none)
     */
    static std::string GetBaseTypeId(const std::string& kind);
};

} // namespace ns3

#endif /* ATM_SCENARIO_SCHEMA_H */
