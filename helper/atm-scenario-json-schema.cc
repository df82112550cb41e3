/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-scenario-json-schema.h"

#include "atm-scenario-schema.h"

#include <nlohmann/json.hpp>

namespace ns3
{

namespace
{

/// JSON Schema: a time string, as AtmScenarioCheck::IsTimeString() takes it (not negative).
const char* const TIME_PATTERN =
    R"(^\+?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?(s|ms|us|ns|ps|fs|min|h|d|y)?$)";
/// JSON Schema: an ns-3 DataRate string ("50Mbps", "1.5Gb/s", "100KiB/s", bit/s without unit).
const char* const RATE_PATTERN =
    R"(^([0-9]+\.?[0-9]*|\.[0-9]+)([kKMGT]?(bps|b/s|Bps|B/s)|[KMGT]i[bB]/s)?$)";
/// JSON Schema: RATE_PATTERN with a digit that is not 0 (a positive rate).
const char* const POSITIVE_RATE_PATTERN =
    R"(^(?=[0-9.]*[1-9])([0-9]+\.?[0-9]*|\.[0-9]+)([kKMGT]?(bps|b/s|Bps|B/s)|[KMGT]i[bB]/s)?$)";
/// JSON Schema: a string with a ${parameter} (replaced before the checks).
const char* const PARAMETER_PATTERN = R"(\$\{[A-Za-z_][A-Za-z0-9_]*\})";
/// JSON Schema: the TypeId name of an ns-3 class.
const char* const TYPE_ID_PATTERN = R"(^ns3::[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*$)";

using Schema = nlohmann::ordered_json; //!< a JSON Schema, its keys in the order written

/**
 * @param t a declared type
 * @return whether a "${parameter}" string is already one of its values
 */
bool
TakesAnyString(const AtmScenarioType& t)
{
    return (t.kind == AtmScenarioType::STRING && t.values.empty() && t.typeKind.empty()) ||
           t.kind == AtmScenarioType::VALUE || t.kind == AtmScenarioType::ANY;
}

/**
 * @brief The JSON Schema of a declared type.
 * @param t the type
 * @param defs the schema's $defs, where named objects go
 * @return its schema, a "${parameter}" allowed in its place
 */
Schema ToSchema(const AtmScenarioType& t, Schema& defs);

/**
 * @param t a declared type
 * @param defs the schema's $defs
 * @return its schema, a "${parameter}" not counted
 */
Schema
ToPlainSchema(const AtmScenarioType& t, Schema& defs)
{
    switch (t.kind)
    {
    case AtmScenarioType::STRING: {
        Schema s = {{"type", "string"}};
        if (t.nonEmpty)
        {
            s["minLength"] = 1;
        }
        if (!t.values.empty())
        {
            s["enum"] = t.values;
        }
        if (t.typeKind.empty())
        {
            return s;
        }
        std::vector<std::string> names;
        for (const AtmScenarioTypeName& n : AtmScenarioSchema::GetTypeNames())
        {
            if (t.typeKind == n.kind && !*n.needs)
            {
                names.emplace_back(n.name);
            }
        }
        return {{"anyOf", {{{"enum", names}}, {{"type", "string"}, {"pattern", TYPE_ID_PATTERN}}}}};
    }
    case AtmScenarioType::BOOLEAN:
        return {{"type", "boolean"}};
    case AtmScenarioType::INTEGER:
        return {{"type", "integer"}, {"minimum", t.min}, {"maximum", t.max}};
    case AtmScenarioType::TIME:
        return {{"anyOf",
                 {{{"type", "number"}, {"minimum", 0}},
                  {{"type", "string"}, {"pattern", TIME_PATTERN}}}}};
    case AtmScenarioType::RATE:
        return {
            {"anyOf",
             {{{"type", "number"}, {t.zeroOk ? "minimum" : "exclusiveMinimum", 0}},
              {{"type", "string"}, {"pattern", t.zeroOk ? RATE_PATTERN : POSITIVE_RATE_PATTERN}}}}};
    case AtmScenarioType::VALUE:
        return {{"type", {"string", "number", "boolean"}}};
    case AtmScenarioType::OBJECT: {
        Schema s = {{"type", "object"}};
        if (!t.description.empty())
        {
            s["description"] = t.description;
        }
        s["properties"] = Schema::object();
        std::vector<std::string> required;
        for (const AtmScenarioField& f : t.fields)
        {
            Schema p = Schema::object();
            if (!f.description.empty())
            {
                p["description"] = f.description;
            }
            p.update(ToSchema(f.type, defs));
            s["properties"][f.name] = p;
            if (f.required)
            {
                required.push_back(f.name);
            }
        }
        if (!required.empty())
        {
            s["required"] = required;
        }
        s["additionalProperties"] = false;
        if (t.min > 0)
        {
            s["minProperties"] = t.min;
        }
        for (const std::vector<std::string>& group : t.exactlyOne)
        {
            Schema one = Schema::array();
            for (const std::string& name : group)
            {
                one.push_back({{"required", {name}}});
            }
            s["oneOf"] = one;
        }
        if (t.id.empty())
        {
            return s;
        }
        // Declared once, used in several places (linkDefaults and links, ...).
        if (!defs.contains(t.id))
        {
            defs[t.id] = s;
        }
        return {{"$ref", "#/$defs/" + t.id}};
    }
    case AtmScenarioType::MAP:
        return {{"type", "object"}, {"additionalProperties", ToSchema(t.items[0], defs)}};
    case AtmScenarioType::ARRAY: {
        Schema s = {{"type", "array"}};
        if (t.items.size() == 1)
        {
            s["items"] = ToSchema(t.items[0], defs);
        }
        else
        {
            s["prefixItems"] = Schema::array();
            for (const AtmScenarioType& item : t.items)
            {
                s["prefixItems"].push_back(ToSchema(item, defs));
            }
            s["items"] = false;
        }
        if (t.min > 0)
        {
            s["minItems"] = t.min;
        }
        if (t.max != UINT64_MAX)
        {
            s["maxItems"] = t.max;
        }
        return s;
    }
    case AtmScenarioType::ANY_OF: {
        Schema s = {{"anyOf", Schema::array()}};
        for (const AtmScenarioType& item : t.items)
        {
            s["anyOf"].push_back(ToPlainSchema(item, defs));
        }
        return s;
    }
    default:
        return Schema::object();
    }
}

Schema
ToSchema(const AtmScenarioType& t, Schema& defs)
{
    Schema s = ToPlainSchema(t, defs);
    if (TakesAnyString(t))
    {
        return s;
    }
    const Schema parameter = {{"$ref", "#/$defs/parameter"}};
    if (s.contains("anyOf") && s.size() == 1)
    {
        s["anyOf"].push_back(parameter);
        return s;
    }
    return {{"anyOf", {s, parameter}}};
}

} // namespace

std::string
AtmScenarioJsonSchema::Get()
{
    Schema defs = Schema::object();
    defs["parameter"] = {
        {"type", "string"},
        {"pattern", PARAMETER_PATTERN},
        {"description",
         "A ${parameter} of the file's parameters, replaced by its value before the checks"}};
    Schema root = ToPlainSchema(AtmScenarioSchema::GetRoot(), defs);
    Schema s = {{"$schema", "https://json-schema.org/draft/2020-12/schema"},
                {"$id", "urn:ns-3:atm:scenario"},
                {"title", "ns-3 atm module: scenario file"},
                {"description",
                 "An experiment for the atm-scenario example: nodes, links, VCs, traffic and the "
                 "measurement window (doc/atm.rst, \"Scenario files\"). Generated by "
                 "AtmScenario::GetJsonSchema(); atm-scenario --print-schema prints it. The loader "
                 "checks more than this schema can say (nodes, links and VCs that fit together, "
                 "TypeIds and their attribute values)."}};
    s.update(root);
    s["$defs"] = defs;
    return s.dump(2) + "\n";
}

} // namespace ns3
