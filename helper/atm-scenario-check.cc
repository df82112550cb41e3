/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-scenario-check.h"

#include "ns3/data-rate.h"

#include <algorithm>
#include <map>
#include <regex>

namespace ns3
{

namespace
{

/**
 * @param v a TIME value
 * @param t the time read
 * @return true if it is one (negative or not)
 */
bool
ReadTime(const AtmJson& v, Time& t)
{
    if (v.is_number())
    {
        t = Seconds(v.get<double>());
        return true;
    }
    if (v.is_string() && AtmScenarioCheck::IsTimeString(v.get<std::string>()))
    {
        t = Time(v.get<std::string>());
        return true;
    }
    return false;
}

/**
 * @param v a RATE value
 * @param bps the rate read, bit/s
 * @return true if it is one (negative or not)
 */
bool
ReadRate(const AtmJson& v, double& bps)
{
    if (v.is_number())
    {
        bps = v.get<double>();
        return true;
    }
    DataRateValue dr;
    if (!v.is_string() ||
        !AtmScenarioCheck::IsWellFormed("ns3::DataRateValue", v.get<std::string>()) ||
        !dr.DeserializeFromString(v.get<std::string>(), MakeDataRateChecker()))
    {
        return false;
    }
    bps = static_cast<double>(dr.Get().GetBitRate());
    return true;
}

/**
 * @param t a declared type
 * @param j a value
 * @param strict for an OBJECT: only if the value has one of its fields
 * @return whether the value is of the type's kind (an ANY_OF's choice)
 */
bool
IsOfKind(const AtmScenarioType& t, const AtmJson& j, bool strict)
{
    const auto has = [&j](const std::vector<std::string>& list) {
        return std::find(list.begin(), list.end(), j.get<std::string>()) != list.end();
    };
    switch (t.kind)
    {
    case AtmScenarioType::STRING:
        return j.is_string() && (t.values.empty() || has(t.values) || has(t.later));
    case AtmScenarioType::BOOLEAN:
        return j.is_boolean();
    case AtmScenarioType::INTEGER:
        return j.is_number();
    case AtmScenarioType::TIME:
    case AtmScenarioType::RATE:
        return j.is_number() || j.is_string();
    case AtmScenarioType::VALUE:
        return j.is_string() || j.is_number() || j.is_boolean();
    case AtmScenarioType::OBJECT:
        return j.is_object() &&
               (!strict ||
                std::any_of(t.fields.begin(), t.fields.end(), [&j](const AtmScenarioField& f) {
                    return j.contains(f.name);
                }));
    case AtmScenarioType::MAP:
        return j.is_object();
    case AtmScenarioType::ARRAY:
        return j.is_array();
    default:
        return true;
    }
}

/**
 * @param names some names
 * @param quote put each in single quotes
 * @param last the word before the last ("and"; empty: a comma)
 * @return them in a list: "a, b, c" or "'a', 'b' and 'c'"
 */
std::string
Join(const std::vector<std::string>& names, bool quote, const std::string& last = "")
{
    std::string list;
    for (std::size_t i = 0; i < names.size(); ++i)
    {
        const std::string q = quote ? "'" : "";
        const std::string sep = i + 1 == names.size() && !last.empty() ? " " + last + " " : ", ";
        list += (i == 0 ? "" : sep) + q + names[i] + q;
    }
    return list;
}

/**
 * @param type an OBJECT
 * @return the names of its fields, sorted
 */
std::vector<std::string>
FieldNames(const AtmScenarioType& type)
{
    std::vector<std::string> names(type.fields.size());
    std::transform(type.fields.begin(),
                   type.fields.end(),
                   names.begin(),
                   [](const AtmScenarioField& f) { return f.name; });
    std::sort(names.begin(), names.end());
    return names;
}

/**
 * @param type a declared type
 * @param j a value not of it
 * @return "must be <what it must be>, not <its JSON type>"
 */
std::string
MustBe(const AtmScenarioType& type, const AtmJson& j)
{
    return "must be " + type.GetExpect() + ", not " + AtmScenarioCheck::TypeName(j);
}

} // namespace

AtmScenarioCheck::AtmScenarioCheck(const std::string& file, std::vector<std::string>& errors)
    : m_file(file),
      m_errors(errors)
{
}

void
AtmScenarioCheck::Error(const std::string& path, const std::string& problem)
{
    std::string where = path.empty() ? "(top level)" : path;
    for (const Generated& g : m_generated)
    {
        const std::string prefix = g.array + "[";
        const std::size_t close = where.find(']');
        if (where.compare(0, prefix.size(), prefix) == 0 && close != std::string::npos)
        {
            const std::size_t i = std::stoul(where.substr(prefix.size(), close - prefix.size()));
            if (i >= g.first && i - g.first < g.count)
            {
                where = g.origin + where.substr(close + 1);
                break;
            }
        }
    }
    const std::string msg = m_file + ": " + where + ": " + problem;
    if (m_seen.insert(msg).second)
    {
        m_errors.push_back(msg);
    }
}

void
AtmScenarioCheck::AddGenerated(const std::string& array,
                               std::size_t first,
                               std::size_t count,
                               const std::string& origin)
{
    m_generated.push_back({array, first, count, origin});
}

std::size_t
AtmScenarioCheck::GetErrorCount() const
{
    return m_errors.size();
}

bool
AtmScenarioCheck::Parse(const std::string& text, AtmJson& root)
{
    try
    {
        root = AtmJson::parse(text);
    }
    catch (const AtmJson::parse_error& e)
    {
        // Line and column of the byte where parsing stopped.
        std::size_t line = 1;
        std::size_t col = 1;
        for (std::size_t i = 0; i + 1 < e.byte && i < text.size(); ++i)
        {
            col = text[i] == '\n' ? 1 : col + 1;
            line += text[i] == '\n' ? 1 : 0;
        }
        Error("",
              "not valid JSON at line " + std::to_string(line) + ", column " + std::to_string(col) +
                  " (" + e.what() + ")");
        return false;
    }
    catch (const AtmJson::exception& e)
    {
        // Valid syntax the parser still refuses (a number too large: 1E999).
        Error("", std::string("not valid JSON (") + e.what() + ")");
        return false;
    }
    return true;
}

bool
AtmScenarioCheck::Reject(AtmJson& j, const std::string& path, const std::string& problem)
{
    Error(path, problem);
    j = AtmJson(AtmJson::value_t::discarded);
    return false;
}

bool
AtmScenarioCheck::Check(AtmJson& j, const std::string& path, const AtmScenarioType& type)
{
    switch (type.kind)
    {
    case AtmScenarioType::STRING:
        return CheckString(j, path, type);
    case AtmScenarioType::BOOLEAN:
        return j.is_boolean() || Reject(j, path, MustBe(type, j));
    case AtmScenarioType::INTEGER:
        if (!j.is_number_integer())
        {
            return Reject(j, path, MustBe(type, j));
        }
        if (!InRange(j, path, type.min, type.max))
        {
            j = AtmJson(AtmJson::value_t::discarded);
            return false;
        }
        return true;
    case AtmScenarioType::TIME:
    case AtmScenarioType::RATE:
        return CheckTimeOrRate(j, path, type);
    case AtmScenarioType::VALUE:
        return j.is_string() || j.is_number() || j.is_boolean() || Reject(j, path, MustBe(type, j));
    case AtmScenarioType::OBJECT:
        return CheckObject(j, path, type);
    case AtmScenarioType::MAP:
        if (!j.is_object())
        {
            return Reject(j, path, MustBe(type, j));
        }
        for (auto it = j.begin(); it != j.end(); ++it)
        {
            Check(it.value(), Child(path, it.key()), type.items[0]);
        }
        return true;
    case AtmScenarioType::ARRAY:
        return CheckArray(j, path, type);
    case AtmScenarioType::ANY_OF:
        return CheckAnyOf(j, path, type);
    default:
        return true;
    }
}

bool
AtmScenarioCheck::CheckString(AtmJson& j, const std::string& path, const AtmScenarioType& type)
{
    if (!j.is_string())
    {
        return Reject(j, path, MustBe(type, j));
    }
    const std::string s = j.get<std::string>();
    if (type.nonEmpty && s.empty())
    {
        return Reject(j, path, "must be " + type.GetExpect() + ", not \"\"");
    }
    if (type.values.empty() ||
        std::find(type.values.begin(), type.values.end(), s) != type.values.end())
    {
        return true;
    }
    if (std::find(type.later.begin(), type.later.end(), s) != type.later.end())
    {
        return Reject(j, path, "'" + s + "': not implemented in this version");
    }
    return Reject(j,
                  path,
                  "unknown " + type.noun + " '" + s +
                      "' (expected one of: " + Join(type.values, false) + ")");
}

bool
AtmScenarioCheck::CheckTimeOrRate(AtmJson& j, const std::string& path, const AtmScenarioType& type)
{
    if (type.kind == AtmScenarioType::TIME)
    {
        Time t;
        if (!ReadTime(j, t))
        {
            return Reject(j,
                          path,
                          "= " + j.dump() +
                              ": not a time (a number of seconds or a string such as \"1.6us\")");
        }
        return !t.IsStrictlyNegative() ||
               Reject(j, path, "= " + j.dump() + ": must not be negative");
    }
    double bps = 0;
    if (!ReadRate(j, bps))
    {
        return Reject(j,
                      path,
                      "= " + j.dump() +
                          ": not a data rate (bit/s, or a string such as \"50Mbps\")");
    }
    if (!(bps > 0) && !(type.zeroOk && bps == 0))
    {
        return Reject(j,
                      path,
                      "= " + j.dump() +
                          (type.zeroOk ? ": must not be negative" : ": must be positive"));
    }
    return true;
}

bool
AtmScenarioCheck::CheckObject(AtmJson& j, const std::string& path, const AtmScenarioType& type)
{
    if (!j.is_object())
    {
        return Reject(j, path, MustBe(type, j));
    }
    for (auto it = j.begin(); it != j.end(); ++it)
    {
        if (const AtmScenarioField* f = type.GetField(it.key()))
        {
            Check(it.value(), Child(path, it.key()), f->type);
        }
        else
        {
            Reject(it.value(),
                   Child(path, it.key()),
                   "unknown field (expected one of: " + Join(FieldNames(type), false) + ")");
        }
    }
    for (const AtmScenarioField& f : type.fields)
    {
        if (f.required && !j.contains(f.name))
        {
            Error(path, "missing field '" + f.name + "'");
        }
    }
    for (const std::vector<std::string>& group : type.exactlyOne)
    {
        if (std::count_if(group.begin(), group.end(), [&j](const std::string& name) {
                return j.contains(name);
            }) != 1)
        {
            Error(path, "needs exactly one of " + Join(group, true, "and"));
        }
    }
    return j.size() >= type.min || Reject(j, path, "must not be empty");
}

bool
AtmScenarioCheck::CheckArray(AtmJson& j, const std::string& path, const AtmScenarioType& type)
{
    if (!j.is_array())
    {
        return Reject(j, path, MustBe(type, j));
    }
    if (j.size() < type.min || j.size() > type.max)
    {
        return Reject(j, path, "must be " + type.GetExpect() + ", not " + j.dump());
    }
    for (std::size_t i = 0; i < j.size(); ++i)
    {
        Check(j[i], Index(path, i), type.items.size() == 1 ? type.items[0] : type.items[i]);
    }
    return true;
}

bool
AtmScenarioCheck::CheckAnyOf(AtmJson& j, const std::string& path, const AtmScenarioType& type)
{
    // The first alternative of the value's kind; among objects, the first
    // that declares one of its fields, else the first.
    for (bool strict : {true, false})
    {
        for (const AtmScenarioType& alternative : type.items)
        {
            if (IsOfKind(alternative, j, strict))
            {
                return Check(j, path, alternative);
            }
        }
    }
    // A string of no alternative's values: name it.
    const bool stringAlternative =
        std::any_of(type.items.begin(), type.items.end(), [](const AtmScenarioType& t) {
            return t.kind == AtmScenarioType::STRING;
        });
    return Reject(j,
                  path,
                  "must be " + type.GetExpect() + ", not " +
                      (j.is_string() && stringAlternative ? j.dump() : TypeName(j)));
}

bool
AtmScenarioCheck::InRange(const AtmJson& v, const std::string& path, uint64_t lo, uint64_t hi)
{
    const bool negative = !v.is_number_unsigned() && v.get<int64_t>() < 0;
    const uint64_t u = negative ? 0 : v.get<uint64_t>();
    if (negative || u < lo || u > hi)
    {
        Error(path,
              "= " + v.dump() + ": out of range [" + std::to_string(lo) + ", " +
                  std::to_string(hi) + "]");
        return false;
    }
    return true;
}

const AtmJson*
AtmScenarioCheck::Find(const AtmJson& object, const std::string& key)
{
    if (!object.is_object())
    {
        return nullptr;
    }
    const auto it = object.find(key);
    return it == object.end() || it->is_discarded() ? nullptr : &*it;
}

bool
AtmScenarioCheck::IsIntact(const AtmJson& j)
{
    if (!j.is_structured())
    {
        return !j.is_discarded();
    }
    return std::all_of(j.begin(), j.end(), [](const AtmJson& e) { return IsIntact(e); });
}

std::string
AtmScenarioCheck::Child(const std::string& path, const std::string& key)
{
    return path.empty() ? key : path + "." + key;
}

std::string
AtmScenarioCheck::Index(const std::string& path, std::size_t i)
{
    return path + "[" + std::to_string(i) + "]";
}

std::string
AtmScenarioCheck::TypeName(const AtmJson& j)
{
    if (j.is_number_integer())
    {
        return "an integer";
    }
    if (j.is_number())
    {
        return "a number";
    }
    const std::string t = j.type_name();
    return (t == "array" || t == "object" ? "an " : "a ") + t;
}

Time
AtmScenarioCheck::ToTime(const AtmJson& v)
{
    Time t;
    ReadTime(v, t);
    return t;
}

double
AtmScenarioCheck::ToRate(const AtmJson& v)
{
    double bps = 0;
    ReadRate(v, bps);
    return bps;
}

bool
AtmScenarioCheck::IsTimeString(const std::string& s)
{
    static const std::regex re(
        R"(^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?(s|ms|us|ns|ps|fs|min|h|d|y)?$)");
    return std::regex_match(s, re);
}

bool
AtmScenarioCheck::IsWellFormed(const std::string& type, const std::string& s)
{
    static const std::map<std::string, std::regex> forms = {
        {"ns3::UintegerValue", std::regex(R"(^\+?[0-9]+$)")},
        {"ns3::IntegerValue", std::regex(R"(^[+-]?[0-9]+$)")},
        {"ns3::DoubleValue", std::regex(R"(^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$)")},
        {"ns3::DataRateValue", std::regex(R"(^\S+$)")},
    };
    // 3.37 names some value types without the namespace ("DataRateValue").
    const std::string name = type.rfind("ns3::", 0) == 0 ? type : "ns3::" + type;
    if (name == "ns3::TimeValue")
    {
        return IsTimeString(s);
    }
    const auto form = forms.find(name);
    return form == forms.end() || std::regex_match(s, form->second);
}

} // namespace ns3
