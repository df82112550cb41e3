/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-scenario.h"

#include "ns3/atm-abr-source.h"
#include "ns3/atm-buffer-allocation.h"
#include "ns3/atm-bus-hub.h"
#include "ns3/atm-hub-flow-control.h"
#include "ns3/atm-input-buffered-fabric.h"
#include "ns3/atm-link-fifo-fabric.h"
#include "ns3/atm-port-behaviour.h"
#include "ns3/atm-queue-disc.h"
#include "ns3/attribute.h"
#include "ns3/data-rate.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/string.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <fstream>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <tuple>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmScenario");

namespace
{

using Json = nlohmann::json; //!< a JSON value (nlohmann/json)

/// A type name of the scenario schema.
struct SchemaType
{
    const char* kind;   //!< "queue", "traffic" or "flowControl"
    const char* name;   //!< the name in a scenario file
    const char* typeId; //!< its ns-3 TypeId; empty: not implemented in this version
    const char* needs;  //!< what an unimplemented type waits for
};

/**
 * The short type names of scenario files. Adding a queue disc, source or
 * flow-control scheme to the schema is one line here: its name and TypeId
 * (its attributes are then set by name, from the file).
 */
const SchemaType SCHEMA_TYPES[] = {
    {"queue", "fifo", "ns3::AtmFifoQueueDisc", ""},
    {"queue", "pervc", "ns3::AtmPerVcQueueDisc", ""},
    {"traffic", "block", "ns3::AtmBlockSource", ""},
    {"traffic", "cbr", "ns3::AtmCbrSource", ""},
    {"traffic", "greedy", "ns3::AtmGreedySource", ""},
    {"traffic", "onoff", "ns3::AtmOnOffSource", ""},
    {"traffic", "poisson", "ns3::AtmPoissonSource", ""},
    {"traffic", "tcp", "ns3::TcpSocketBase", ""},
    {"flowControl", "none", "", ""},
    {"flowControl", "credit", "ns3::AtmStaticAllocation", ""},
    {"flowControl", "credit-adaptive", "ns3::AtmAdaptiveAllocation", ""},
    {"flowControl", "qfc", "ns3::AtmStaticAllocation", ""},
    {"flowControl", "zqfc", "ns3::AtmZqfcAllocation", ""},
    {"flowControl", "link-credit", "", ""},
    {"fabric", "output", "", ""},
    {"fabric", "bus-hub", "ns3::AtmBusHub", ""},
    {"hubFlowControl", "none", "", ""},
    {"hubFlowControl", "logical", "ns3::AtmHubLogicalFlowControl", ""},
    {"hubFlowControl", "physical", "ns3::AtmHubPhysicalFlowControl", ""},
    {"hubFlowControl", "hybrid", "ns3::AtmHubHybridFlowControl", ""},
    {"portBehaviour", "efci", "ns3::AtmEfciMarking", ""},
    {"portBehaviour", "selective", "ns3::AtmSelectiveMarking", ""},
    {"portBehaviour", "er", "ns3::AtmIterativeEr", ""},
    {"portBehaviour", "vccount", "ns3::AtmVcCountingEr", ""},
    {"portBehaviour", "erica", "ns3::AtmErica", ""},
    {"portBehaviour", "erica-plus", "ns3::AtmEricaPlus", ""},
};

/// The base TypeId of each kind: a full TypeId name must be a subclass.
const std::map<std::string, std::string> KIND_BASE = {
    {"queue", "ns3::AtmQueueDisc"},
    {"traffic", "ns3::AtmCellSource"},
    {"flowControl", "ns3::AtmBufferAllocation"},
    {"portBehaviour", "ns3::AtmPortBehaviour"},
    {"fabric", "ns3::AtmSwitchFabric"},
    {"hubFlowControl", "ns3::AtmHubFlowControl"},
};

/// Service categories the module runs as given.
const std::set<std::string> CATEGORIES = {"UBR", "CBR", "rt-VBR", "nrt-VBR", "ABR"};
/// Service categories of TM 4.0 the module does not run yet (an error names them so).
const std::set<std::string> CATEGORIES_LATER = {"GFR"};

/// The fields a link (or linkDefaults) may have.
const std::set<std::string> LINK_FIELDS = {"rate",
                                           "sonet",
                                           "delay",
                                           "buffer",
                                           "queue",
                                           "flowControl",
                                           "inputBuffer",
                                           "portBehaviour",
                                           "device",
                                           "channel"};

/**
 * @param j a JSON value
 * @return its JSON type, for messages
 */
std::string
TypeName(const Json& j)
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

/**
 * @param s a time such as "1.6us", "2ms", "0.5" (seconds)
 * @return true when ns3::Time accepts it without aborting
 */
bool
IsTimeString(const std::string& s)
{
    static const std::regex re(
        R"(^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?(s|ms|us|ns|ps|fs|min|h|d|y)?$)");
    return std::regex_match(s, re);
}

/**
 * ns-3's DeserializeFromString aborts the program, instead of failing,
 * when a number or a time does not parse to the end of the string. Checks
 * the form first.
 * @param type the value type ("ns3::UintegerValue")
 * @param s the string
 * @return false if the value certainly does not parse
 */
bool
IsWellFormed(const std::string& type, const std::string& s)
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

/**
 * @param tid a TypeId
 * @param t another
 * @return true if @p tid is @p t or a subclass of it
 */
bool
IsTypeOrChild(TypeId tid, TypeId t)
{
    return tid == t || tid.IsChildOf(t);
}

/**
 * @brief Build a component's object with its attributes, not initialized,
 *        to ask it whether they agree.
 * @tparam T the component's base class (AtmQueueDisc, AtmSwitchFabric, ...)
 * @param c the component
 * @return the object; null when the type is unknown or is no T, or an
 *         attribute does not take its value (errors of their own)
 */
template <typename T>
Ptr<T>
CreateComponent(const AtmScenario::Component& c)
{
    TypeId tid;
    if (!TypeId::LookupByNameFailSafe(c.typeId, &tid) || !IsTypeOrChild(tid, T::GetTypeId()))
    {
        return nullptr;
    }
    ObjectFactory factory(c.typeId);
    for (const auto& [name, value] : c.attributes)
    {
        TypeId::AttributeInformation info;
        if (!tid.LookupAttributeByName(name, &info) ||
            !info.checker->CreateValidValue(StringValue(value)))
        {
            return nullptr;
        }
        factory.Set(name, StringValue(value));
    }
    return factory.Create<T>();
}

/**
 * @brief The first disagreement among a component's attributes (a
 *        threshold above its buffer, ICR above PCR, ...): T::GetConfigError()
 *        of an object built with them (CreateComponent).
 * @tparam T the component's base class, with GetConfigError()
 * @param c the component
 * @return the error; empty when they agree, or when the object cannot be
 *         built (an error of its own)
 */
template <typename T>
std::string
ConfigErrorOf(const AtmScenario::Component& c)
{
    const Ptr<T> object = CreateComponent<T>(c);
    return object ? object->GetConfigError() : "";
}

} // namespace

/**
 * @ingroup atm
 * @brief Reads a scenario file into an AtmScenario, collecting every error
 *        with its JSON path.
 */
class AtmScenarioParser
{
  public:
    /**
     * @param sc the scenario to fill
     * @param file the file name for messages
     * @param errors where errors go
     */
    AtmScenarioParser(AtmScenario& sc, const std::string& file, std::vector<std::string>& errors)
        : m_sc(sc),
          m_file(file),
          m_errors(errors)
    {
    }

    /**
     * @brief Parse and check.
     * @param text the JSON text
     * @param params parameter values given on the command line
     */
    void Parse(const std::string& text, const std::map<std::string, std::string>& params);

  private:
    /**
     * @brief Record an error.
     * @param path the JSON path
     * @param problem what is wrong
     */
    void Error(const std::string& path, const std::string& problem)
    {
        const std::string msg =
            m_file + ": " + (path.empty() ? "(top level)" : path) + ": " + problem;
        if (m_seen.insert(msg).second)
        {
            m_errors.push_back(msg);
        }
    }

    /**
     * @param path a path
     * @param key a field
     * @return the path of the field
     */
    static std::string Child(const std::string& path, const std::string& key)
    {
        return path.empty() ? key : path + "." + key;
    }

    /**
     * @param path a path
     * @param i an index
     * @return the path of the element
     */
    static std::string Index(const std::string& path, std::size_t i)
    {
        return path + "[" + std::to_string(i) + "]";
    }

    /**
     * @brief Check that a value is an object with only known fields.
     * @param j the value
     * @param path its path
     * @param allowed its fields
     * @return true if it is an object
     */
    bool Fields(const Json& j, const std::string& path, const std::set<std::string>& allowed)
    {
        if (!j.is_object())
        {
            Error(path, "must be an object, not " + TypeName(j));
            return false;
        }
        for (auto it = j.begin(); it != j.end(); ++it)
        {
            if (allowed.count(it.key()) == 0)
            {
                std::string list;
                for (const std::string& a : allowed)
                {
                    list += (list.empty() ? "" : ", ") + a;
                }
                Error(Child(path, it.key()), "unknown field (expected one of: " + list + ")");
            }
        }
        return true;
    }

    /**
     * @param j an object
     * @param key a field
     * @param path the object's path
     * @param required whether a missing field is an error
     * @return the field, or null
     */
    const Json* Field(const Json& j, const std::string& key, const std::string& path, bool required)
    {
        if (j.is_object() && j.contains(key))
        {
            return &j.at(key);
        }
        if (required)
        {
            Error(path, "missing field '" + key + "'");
        }
        return nullptr;
    }

    /**
     * @brief Read a string field.
     * @param j an object
     * @param key the field
     * @param path the object's path
     * @param out the value, unchanged when absent or wrong
     * @param required whether it must be there
     * @return true if read
     */
    bool GetString(const Json& j,
                   const std::string& key,
                   const std::string& path,
                   std::string& out,
                   bool required)
    {
        const Json* v = Field(j, key, path, required);
        if (!v)
        {
            return false;
        }
        if (!v->is_string())
        {
            Error(Child(path, key), "must be a string, not " + TypeName(*v));
            return false;
        }
        out = v->get<std::string>();
        return true;
    }

    /**
     * @brief Read an unsigned integer.
     * @param v the value
     * @param path its path
     * @param out the value
     * @param lo the smallest allowed
     * @param hi the largest allowed
     * @return true if read and in range
     */
    bool GetUint(const Json& v, const std::string& path, uint64_t& out, uint64_t lo, uint64_t hi)
    {
        if (!v.is_number_integer())
        {
            Error(path, "must be an integer, not " + TypeName(v));
            return false;
        }
        if (v.is_number_unsigned()
                ? v.get<uint64_t>() < lo || v.get<uint64_t>() > hi
                : v.get<int64_t>() < 0 || static_cast<uint64_t>(v.get<int64_t>()) < lo)
        {
            Error(path,
                  "= " + v.dump() + ": out of range [" + std::to_string(lo) + ", " +
                      std::to_string(hi) + "]");
            return false;
        }
        out = v.is_number_unsigned() ? v.get<uint64_t>() : static_cast<uint64_t>(v.get<int64_t>());
        return true;
    }

    /**
     * @brief Read a time: a string with a unit ("1.6us") or a number of seconds.
     * @param v the value
     * @param path its path
     * @param out the time
     * @return true if read and not negative
     */
    bool GetTime(const Json& v, const std::string& path, Time& out)
    {
        if (v.is_number())
        {
            out = Seconds(v.get<double>());
        }
        else if (v.is_string() && IsTimeString(v.get<std::string>()))
        {
            out = Time(v.get<std::string>());
        }
        else
        {
            Error(path,
                  "= " + v.dump() +
                      ": not a time (a number of seconds or a string such as \"1.6us\")");
            return false;
        }
        if (out.IsStrictlyNegative())
        {
            Error(path, "= " + v.dump() + ": must not be negative");
            return false;
        }
        return true;
    }

    /**
     * @brief Read a rate: an ns-3 DataRate string ("50Mbps") or bit/s.
     * @param v the value
     * @param path its path
     * @param bps the rate in bit/s
     * @param zeroOk whether 0 is allowed
     * @return true if read and positive (or 0 when allowed)
     */
    bool GetRate(const Json& v, const std::string& path, double& bps, bool zeroOk = false)
    {
        if (v.is_number())
        {
            bps = v.get<double>();
        }
        else
        {
            DataRateValue dr;
            if (!v.is_string() || !IsWellFormed("ns3::DataRateValue", v.get<std::string>()) ||
                !dr.DeserializeFromString(v.get<std::string>(), MakeDataRateChecker()))
            {
                Error(path,
                      "= " + v.dump() +
                          ": not a data rate (bit/s, or a string such as \"50Mbps\")");
                return false;
            }
            bps = static_cast<double>(dr.Get().GetBitRate());
        }
        if (!(bps > 0) && !(zeroOk && bps == 0))
        {
            Error(path,
                  "= " + v.dump() + (zeroOk ? ": must not be negative" : ": must be positive"));
            return false;
        }
        return true;
    }

    /**
     * @brief The ns-3 string form of a JSON attribute value.
     * @param v the value
     * @param path its path
     * @param out the string
     * @return true unless the type cannot be an attribute value
     */
    bool AttributeString(const Json& v, const std::string& path, std::string& out)
    {
        if (v.is_string())
        {
            out = v.get<std::string>();
        }
        else if (v.is_boolean())
        {
            out = v.get<bool>() ? "true" : "false";
        }
        else if (v.is_number_integer())
        {
            out = v.dump();
        }
        else if (v.is_number())
        {
            std::ostringstream os;
            os << std::setprecision(17) << v.get<double>();
            out = os.str();
        }
        else
        {
            Error(path, "must be a string, number or boolean, not " + TypeName(v));
            return false;
        }
        return true;
    }

    /**
     * @brief Check one attribute of a TypeId and add it to a list.
     * @param tid the TypeId
     * @param name the attribute
     * @param v its value
     * @param path its path
     * @param out where it goes
     */
    void Attribute(TypeId tid,
                   const std::string& name,
                   const Json& v,
                   const std::string& path,
                   std::vector<std::pair<std::string, std::string>>& out)
    {
        TypeId::AttributeInformation info;
        if (!tid.LookupAttributeByName(name, &info))
        {
            Error(path, "unknown attribute '" + name + "' of " + tid.GetName());
            return;
        }
        std::string s;
        if (!AttributeString(v, path, s))
        {
            return;
        }
        const std::string type = info.checker->GetValueTypeName();
        if (type.rfind("ns3::EnumValue", 0) == 0)
        {
            // ns-3 asserts (3.44) on a name the enum does not have: check first.
            const std::string names = "|" + info.checker->GetUnderlyingTypeInformation() + "|";
            if (names.find("|" + s + "|") == std::string::npos)
            {
                std::string list = names.substr(1, names.size() - 2);
                std::replace(list.begin(), list.end(), '|', ',');
                Error(path,
                      "= " + v.dump() + ": not a valid value (expected one of: " + list + ")");
                return;
            }
        }
        if (type.find("Pointer") != std::string::npos && !ObjectString(s, path))
        {
            return;
        }
        Ptr<AttributeValue> value = info.checker->Create();
        if (!IsWellFormed(type, s) || !value->DeserializeFromString(s, info.checker))
        {
            Error(path, "= " + v.dump() + ": not a valid value of type " + type);
            return;
        }
        if (!info.checker->Check(*value))
        {
            Error(path, "= " + v.dump() + ": out of range for " + tid.GetName() + "::" + name);
            return;
        }
        out.emplace_back(name, s);
    }

    /**
     * @brief Check an object given as "ns3::Type[Attr=value|...]" (the
     *        string form of a pointer attribute): ns-3 aborts on an unknown
     *        TypeId or attribute there.
     * @param s the string
     * @param path its JSON path
     * @return true if the TypeId and each attribute are valid
     */
    bool ObjectString(const std::string& s, const std::string& path)
    {
        const std::size_t open = s.find('[');
        TypeId tid;
        if (!TypeId::LookupByNameFailSafe(s.substr(0, open), &tid))
        {
            Error(path, "= \"" + s + "\": unknown TypeId '" + s.substr(0, open) + "'");
            return false;
        }
        if (open == std::string::npos)
        {
            return true;
        }
        if (s.back() != ']')
        {
            Error(path, "= \"" + s + "\": expected ns3::Type[Attribute=value|...]");
            return false;
        }
        const std::size_t before = m_errors.size();
        std::istringstream in(s.substr(open + 1, s.size() - open - 2));
        std::string item;
        std::vector<std::pair<std::string, std::string>> ignored;
        while (std::getline(in, item, '|'))
        {
            const std::size_t eq = item.find('=');
            Attribute(tid,
                      item.substr(0, eq),
                      Json(eq == std::string::npos ? "" : item.substr(eq + 1)),
                      path,
                      ignored);
        }
        return m_errors.size() == before;
    }

    /**
     * @brief Check an object of attributes against a TypeId.
     * @param j the object
     * @param path its path
     * @param tid the TypeId
     * @param out where they go
     */
    void Attributes(const Json& j,
                    const std::string& path,
                    TypeId tid,
                    std::vector<std::pair<std::string, std::string>>& out)
    {
        if (!j.is_object())
        {
            Error(path, "must be an object of attribute names and values, not " + TypeName(j));
            return;
        }
        for (auto it = j.begin(); it != j.end(); ++it)
        {
            Attribute(tid, it.key(), it.value(), Child(path, it.key()), out);
        }
    }

    /**
     * @brief Read {"type": ..., "attributes": {...}} of a kind.
     * @param j the object
     * @param path its path
     * @param kind "queue", "traffic" or "flowControl"
     * @param extra further fields the object may have
     * @param out the component
     * @return true if the type is known and implemented
     */
    bool GetComponent(const Json& j,
                      const std::string& path,
                      const std::string& kind,
                      const std::set<std::string>& extra,
                      AtmScenario::Component& out)
    {
        std::set<std::string> allowed = extra;
        allowed.insert("type");
        allowed.insert("attributes");
        if (!Fields(j, path, allowed) || !GetString(j, "type", path, out.kind, true))
        {
            return false;
        }
        const std::string typePath = Child(path, "type");
        const SchemaType* known = nullptr;
        std::string names;
        for (const SchemaType& t : SCHEMA_TYPES)
        {
            if (kind == t.kind)
            {
                names += (names.empty() ? "" : ", ") + std::string(t.name);
                known = out.kind == t.name ? &t : known;
            }
        }
        if (known)
        {
            if (*known->needs)
            {
                Error(typePath,
                      "'" + out.kind + "': not implemented in this version (needs " + known->needs +
                          ")");
                return false;
            }
            out.typeId = known->typeId;
        }
        else
        {
            TypeId tid;
            const auto base = KIND_BASE.find(kind);
            if (base == KIND_BASE.end() || !TypeId::LookupByNameFailSafe(out.kind, &tid) ||
                !tid.IsChildOf(TypeId::LookupByName(base->second)))
            {
                Error(typePath,
                      "unknown " + kind + " type '" + out.kind + "' (expected one of: " + names +
                          (base != KIND_BASE.end()
                               ? ", or the TypeId of a " + base->second + " subclass"
                               : std::string()) +
                          ")");
                return false;
            }
            out.typeId = out.kind;
        }
        const Json* attrs = Field(j, "attributes", path, false);
        if (attrs && out.typeId.empty())
        {
            // An empty object says the same as none.
            if (!(attrs->is_object() && attrs->empty()))
            {
                Error(Child(path, "attributes"), "'" + out.kind + "' has no attributes");
            }
        }
        else if (attrs)
        {
            Attributes(*attrs,
                       Child(path, "attributes"),
                       TypeId::LookupByName(out.typeId),
                       out.attributes);
        }
        return true;
    }

    /**
     * @brief Replace "${name}" by the value of parameter name, in place.
     * @param j a value
     * @param path its path
     * @param values the parameters
     */
    void Substitute(Json& j, const std::string& path, const Json& values);
    /// @param root the file: read hosts and switches
    void ParseNodes(const Json& root);
    /// @param root the file: read linkDefaults and links
    void ParseLinks(const Json& root);
    /// @param root the file: read vcs
    void ParseVcs(const Json& root);
    /**
     * @brief Read a VC's path and labels.
     * @param v the VC object
     * @param path its JSON path
     * @param vc the VC
     */
    void ParseVcPath(const Json& v, const std::string& path, AtmScenario::Vc& vc);
    /**
     * @brief Read the TCP fields of a VC with tcp traffic.
     * @param t its traffic object
     * @param path the VC's JSON path
     * @param vc the VC
     */
    void ParseTcp(const Json& t, const std::string& path, AtmScenario::Vc& vc);
    /**
     * @brief Read the ABR end-system attributes of an ABR VC.
     * @param v the VC object
     * @param path its JSON path
     * @param vc the VC
     */
    void ParseAbr(const Json& v, const std::string& path, AtmScenario::Vc& vc);
    /**
     * @brief Read a link's flowControl: the scheme and, for credit, link
     *        flow control and the credit sender's and receiver's attributes.
     * @param j the flowControl object
     * @param path its JSON path
     * @param link the link
     */
    void ParseFlowControl(const Json& j, const std::string& path, AtmScenario::Link& link);
    /**
     * @brief Report a link's queue disc whose attributes disagree (a
     *        threshold above its buffer, ...) at a switch end that keeps
     *        them: the input-buffered fabric lifts MaxCells at its ports.
     * @param path where the queue's settings come from (the link or linkDefaults)
     * @param link the link (its ends and queue read)
     */
    void CheckQueue(const std::string& path, const AtmScenario::Link& link);
    /**
     * @param sw a switch
     * @param t a fabric TypeId
     * @return true if the switch's fabric is a t or a subclass of it
     */
    bool HasFabric(const std::string& sw, TypeId t) const;
    /**
     * @brief Read a link's inputBuffer: the shared input buffer (Buff_Size)
     *        at its receiving switch ends, one value for both or per end.
     * @param j the inputBuffer value
     * @param path its JSON path
     * @param link the link (its ends known)
     */
    void ParseInputBuffer(const Json& j, const std::string& path, AtmScenario::Link& link);
    /**
     * @brief Read the input buffer of one end: cells, or {cells, epdThreshold}.
     * @param j the value
     * @param path its JSON path
     * @param link the link
     * @param sw the switch at that end
     * @param in where to put it
     */
    void ParseInputBufferEnd(const Json& j,
                             const std::string& path,
                             const AtmScenario::Link& link,
                             const std::string& sw,
                             AtmScenario::Link::InputBuffer& in);
    /// @param root the file: read measurement and timeSeries
    void ParseWindow(const Json& root);
    /// @param root the file: read the hub section
    void ParseHub(const Json& root);
    /**
     * @brief Read one entry of hub.streams.
     * @param j the entry
     * @param path its JSON path
     * @param names the entry names so far
     */
    void ParseHubStreams(const Json& j, const std::string& path, std::set<std::string>& names);

    AtmScenario& m_sc;                                                   //!< what is filled
    std::string m_file;                                                  //!< file name for messages
    std::vector<std::string>& m_errors;                                  //!< errors
    std::set<std::string> m_seen;                                        //!< errors already given
    std::map<std::string, bool> m_isSwitch;                              //!< node name -> switch?
    std::map<std::pair<std::string, std::string>, std::size_t> m_linkOf; //!< node pair -> link
    std::vector<double> m_cellRate; //!< per link: cell rate in bit/s (0: unknown)
    std::string m_firstTcp;         //!< JSON path of the first VC with tcp traffic
};

void
AtmScenarioParser::ParseAbr(const Json& v, const std::string& path, AtmScenario::Vc& vc)
{
    vc.abrSource.typeId = "ns3::AtmAbrSource";
    vc.abrDestination.typeId = "ns3::AtmAbrDestination";
    const Json* abr = Field(v, "abr", path, false);
    if (vc.category != "ABR")
    {
        if (abr)
        {
            Error(Child(path, "abr"), "only an ABR VC (category \"ABR\") has this field");
        }
        return;
    }
    const std::string ap = Child(path, "abr");
    if (!abr || !Fields(*abr, ap, {"source", "destination"}))
    {
        return;
    }
    if (const Json* s = Field(*abr, "source", ap, false))
    {
        Attributes(*s,
                   Child(ap, "source"),
                   TypeId::LookupByName(vc.abrSource.typeId),
                   vc.abrSource.attributes);
        if (const std::string error = ConfigErrorOf<AtmAbrSource>(vc.abrSource); !error.empty())
        {
            Error(Child(ap, "source"), error);
        }
    }
    if (const Json* d = Field(*abr, "destination", ap, false))
    {
        Attributes(*d,
                   Child(ap, "destination"),
                   TypeId::LookupByName(vc.abrDestination.typeId),
                   vc.abrDestination.attributes);
    }
}

void
AtmScenarioParser::ParseTcp(const Json& t, const std::string& path, AtmScenario::Vc& vc)
{
    const std::string tp = Child(path, "traffic");
    if (const Json* v = Field(t, "variant", tp, false))
    {
        const std::string vp = Child(tp, "variant");
        TypeId tid;
        std::string name = v->is_string() ? v->get<std::string>() : "";
        name = name.rfind("ns3::", 0) == 0 ? name : "ns3::" + name;
        if (!v->is_string() || !TypeId::LookupByNameFailSafe(name, &tid) ||
            !tid.IsChildOf(TypeId::LookupByName("ns3::TcpCongestionOps")))
        {
            Error(vp,
                  "= " + v->dump() +
                      ": not a TCP variant (the TypeId of an ns3::TcpCongestionOps subclass, "
                      "such as \"TcpNewReno\")");
        }
        else
        {
            vc.tcp.variant = name;
        }
    }
    uint64_t u = 0;
    if (const Json* v = Field(t, "window", tp, false);
        v && GetUint(*v, Child(tp, "window"), u, 1, 65535))
    {
        vc.tcp.window = static_cast<uint32_t>(u); // no window scaling: at most 65535
    }
    if (const Json* v = Field(t, "mss", tp, false); v && GetUint(*v, Child(tp, "mss"), u, 1, 65495))
    {
        vc.tcp.mss = static_cast<uint32_t>(u);
    }
    if (const Json* v = Field(t, "bytes", tp, false);
        v && GetUint(*v, Child(tp, "bytes"), u, 0, UINT64_MAX))
    {
        vc.tcpBytes = u;
    }
    for (auto [key, out] : {std::make_pair("sack", &vc.tcp.sack),
                            std::make_pair("timestamps", &vc.tcp.timestamps),
                            std::make_pair("reno", &vc.tcp.reno)})
    {
        if (const Json* v = Field(t, key, tp, false))
        {
            if (!v->is_boolean())
            {
                Error(Child(tp, key), "must be a boolean, not " + TypeName(*v));
                continue;
            }
            *out = v->get<bool>();
        }
    }
    // ns-3 sets these as the defaults of every TCP socket: one TCP per scenario.
    for (const AtmScenario::Vc& other : m_sc.m_vcs)
    {
        if (other.traffic.kind != "tcp")
        {
            continue;
        }
        if (other.tcp.Describe() != vc.tcp.Describe() ||
            other.traffic.attributes != vc.traffic.attributes)
        {
            Error(tp,
                  "TCP settings differ from those of " + m_firstTcp +
                      " (every tcp VC of a scenario shares variant, window, mss, sack, "
                      "timestamps, reno and attributes: ns-3 sets them as socket defaults)");
        }
        return;
    }
    m_firstTcp = tp;
}

void
AtmScenarioParser::Parse(const std::string& text, const std::map<std::string, std::string>& params)
{
    Json root;
    try
    {
        root = Json::parse(text);
    }
    catch (const Json::parse_error& e)
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
        return;
    }
    catch (const Json::exception& e)
    {
        // Valid syntax the parser still refuses (a number too large: 1E999).
        Error("", std::string("not valid JSON (") + e.what() + ")");
        return;
    }
    if (!Fields(root,
                "",
                {"name",
                 "description",
                 "seed",
                 "run",
                 "parameters",
                 "attributeDefaults",
                 "hosts",
                 "switches",
                 "linkDefaults",
                 "links",
                 "vcs",
                 "measurement",
                 "timeSeries",
                 "hub"}))
    {
        return;
    }

    // Parameters: the file's defaults, then the values given.
    Json values = Json::object();
    if (const Json* p = Field(root, "parameters", "", false))
    {
        if (!p->is_object())
        {
            Error("parameters", "must be an object, not " + TypeName(*p));
        }
        else
        {
            values = *p;
        }
    }
    std::string declared;
    for (auto it = values.begin(); it != values.end(); ++it)
    {
        declared += (declared.empty() ? "" : ", ") + it.key();
    }
    for (const auto& [name, value] : params)
    {
        if (!values.contains(name))
        {
            Error("parameters",
                  "no parameter '" + name + "' to set (the file declares: " +
                      (declared.empty() ? "none" : declared) + ")");
            continue;
        }
        values[name] = Json::accept(value) ? Json::parse(value) : Json(value);
    }
    root.erase("parameters");
    Substitute(root, "", values);
    m_sc.m_resolved = root.dump();
    m_sc.m_params = values.dump();

    GetString(root, "name", "", m_sc.m_name, true);
    const Json* desc = Field(root, "description", "", false);
    if (desc && !desc->is_string())
    {
        Error("description", "must be a string, not " + TypeName(*desc));
    }
    uint64_t u = 0;
    if (const Json* seed = Field(root, "seed", "", false);
        seed && GetUint(*seed, "seed", u, 1, 0xffffffffU))
    {
        m_sc.m_seed = static_cast<uint32_t>(u);
    }
    if (const Json* run = Field(root, "run", "", false);
        run && GetUint(*run, "run", u, 0, UINT64_MAX))
    {
        m_sc.m_run = u;
    }
    if (const Json* defs = Field(root, "attributeDefaults", "", false))
    {
        if (!defs->is_object())
        {
            Error("attributeDefaults", "must be an object, not " + TypeName(*defs));
        }
        for (auto it = defs->begin(); defs->is_object() && it != defs->end(); ++it)
        {
            const std::string path = Child("attributeDefaults", it.key());
            const std::size_t sep = it.key().rfind("::");
            TypeId tid;
            if (sep == std::string::npos ||
                !TypeId::LookupByNameFailSafe(it.key().substr(0, sep), &tid))
            {
                Error(path, "not an attribute name of the form ns3::Type::Attribute");
                continue;
            }
            const std::size_t before = m_sc.m_defaults.size();
            Attribute(tid, it.key().substr(sep + 2), it.value(), path, m_sc.m_defaults);
            if (m_sc.m_defaults.size() > before)
            {
                m_sc.m_defaults.back().first = it.key();
            }
        }
    }
    ParseNodes(root);
    ParseLinks(root);
    ParseVcs(root);
    ParseHub(root);
    ParseWindow(root);
}

void
AtmScenarioParser::Substitute(Json& j, const std::string& path, const Json& values)
{
    if (j.is_object())
    {
        for (auto it = j.begin(); it != j.end(); ++it)
        {
            Substitute(it.value(), Child(path, it.key()), values);
        }
    }
    else if (j.is_array())
    {
        for (std::size_t i = 0; i < j.size(); ++i)
        {
            Substitute(j[i], Index(path, i), values);
        }
    }
    else if (j.is_string())
    {
        static const std::regex ref(R"(\$\{([A-Za-z_][A-Za-z0-9_]*)\})");
        const std::string s = j.get<std::string>();
        std::smatch m;
        if (std::regex_match(s, m, ref) && values.contains(m[1].str()))
        {
            j = values.at(m[1].str()); // the whole value: keeps the parameter's type
            return;
        }
        std::string out;
        auto begin = s.cbegin();
        while (std::regex_search(begin, s.cend(), m, ref))
        {
            out.append(begin, m[0].first);
            if (!values.contains(m[1].str()))
            {
                Error(path, "unknown parameter '" + m[1].str() + "' (declare it in parameters)");
                return;
            }
            const Json& v = values.at(m[1].str());
            out += v.is_string() ? v.get<std::string>() : v.dump();
            begin = m[0].second;
        }
        out.append(begin, s.cend());
        j = out;
    }
}

void
AtmScenarioParser::ParseNodes(const Json& root)
{
    for (const char* kind : {"hosts", "switches"})
    {
        const bool isSwitch = std::string(kind) == "switches";
        const Json* list = Field(root, kind, "", true);
        if (!list)
        {
            continue;
        }
        if (!list->is_array())
        {
            Error(kind, "must be an array of node names, not " + TypeName(*list));
            continue;
        }
        for (std::size_t i = 0; i < list->size(); ++i)
        {
            const Json& entry = (*list)[i];
            // A switch may be {"name": ..., "fabric": {"type": ..., "attributes": ...}}.
            const bool object = isSwitch && entry.is_object();
            if (object && !Fields(entry, Index(kind, i), {"name", "fabric"}))
            {
                continue;
            }
            const Json* named = object ? Field(entry, "name", Index(kind, i), true) : &entry;
            if (!named)
            {
                continue;
            }
            const Json& n = *named;
            if (!n.is_string() || n.get<std::string>().empty())
            {
                Error(object ? Child(Index(kind, i), "name") : Index(kind, i),
                      "must be a non-empty string" +
                          std::string(isSwitch && !object ? " or an object" : "") + ", not " +
                          n.dump());
                continue;
            }
            const std::string name = n.get<std::string>();
            if (const Json* f = object ? Field(entry, "fabric", Index(kind, i), false) : nullptr)
            {
                AtmScenario::Component fabric;
                if (GetComponent(*f, Child(Index(kind, i), "fabric"), "fabric", {}, fabric))
                {
                    m_sc.m_fabrics[name] = fabric;
                    // "output" (no TypeId) has no attributes to disagree.
                    const std::string error = ConfigErrorOf<AtmSwitchFabric>(fabric);
                    if (!error.empty())
                    {
                        Error(Child(Index(kind, i), "fabric"), error);
                    }
                }
            }
            if (!m_isSwitch.emplace(name, isSwitch).second)
            {
                Error(Index(kind, i), "duplicate node name '" + name + "'");
                continue;
            }
            (isSwitch ? m_sc.m_switches : m_sc.m_hosts).push_back(name);
        }
    }
}

void
AtmScenarioParser::ParseLinks(const Json& root)
{
    Json defaults = Json::object();
    if (const Json* d = Field(root, "linkDefaults", "", false))
    {
        if (Fields(*d, "linkDefaults", LINK_FIELDS))
        {
            defaults = *d;
        }
    }
    const Json* links = Field(root, "links", "", true);
    if (!links)
    {
        return;
    }
    if (!links->is_array())
    {
        Error("links", "must be an array, not " + TypeName(*links));
        return;
    }
    std::set<std::string> names;
    std::set<std::string> allowed = LINK_FIELDS;
    allowed.insert({"name", "from", "to"});
    for (std::size_t i = 0; i < links->size(); ++i)
    {
        const std::string lp = Index("links", i);
        const Json& own = (*links)[i];
        m_cellRate.push_back(0);
        if (!Fields(own, lp, allowed))
        {
            continue;
        }
        // Where a field comes from: the link, or linkDefaults.
        auto get = [&](const std::string& key) -> std::pair<const Json*, std::string> {
            if (own.contains(key))
            {
                return {&own.at(key), Child(lp, key)};
            }
            if (defaults.contains(key))
            {
                return {&defaults.at(key), Child("linkDefaults", key)};
            }
            return {nullptr, Child(lp, key)};
        };
        AtmScenario::Link link;
        // Both ends read (and each missing one reported) before either is used.
        const bool hasFrom = GetString(own, "from", lp, link.from, true);
        const bool hasTo = GetString(own, "to", lp, link.to, true);
        const bool ends = hasFrom && hasTo;
        if (ends)
        {
            for (const auto& [field, node] : {std::make_pair("from", link.from), {"to", link.to}})
            {
                if (m_isSwitch.count(node) == 0)
                {
                    Error(Child(lp, field), "unknown node '" + node + "'");
                }
            }
            if (link.from == link.to)
            {
                Error(Child(lp, "to"),
                      "a link joins two different nodes, not '" + link.to + "' to itself");
            }
            const auto key = std::minmax(link.from, link.to);
            if (!m_linkOf.emplace(key, i).second)
            {
                Error(lp,
                      "a second link between '" + link.from + "' and '" + link.to +
                          "' (the first is links[" + std::to_string(m_linkOf[key]) + "])");
            }
        }
        link.name = link.from + "-" + link.to;
        GetString(own, "name", lp, link.name, false);
        if (!names.insert(link.name).second)
        {
            Error(Child(lp, "name"), "duplicate link name '" + link.name + "'");
        }

        double bps = 0;
        bool sonet = true;
        if (auto [v, p] = get("rate"); !v)
        {
            Error(lp, "missing field 'rate' (in the link or in linkDefaults)");
        }
        else if (GetRate(*v, p, bps))
        {
            link.device.attributes.emplace_back("DataRate",
                                                std::to_string(static_cast<uint64_t>(bps)) + "bps");
        }
        if (auto [v, p] = get("sonet"); v)
        {
            if (!v->is_boolean())
            {
                Error(p, "must be true or false, not " + TypeName(*v));
            }
            else
            {
                sonet = v->get<bool>();
            }
        }
        link.device.attributes.emplace_back("SonetFraming", sonet ? "true" : "false");
        m_cellRate.back() = sonet ? bps * 26 / 27 : bps;
        if (auto [v, p] = get("delay"); v)
        {
            Time delay;
            std::string text;
            if (GetTime(*v, p, delay) && AttributeString(*v, p, text))
            {
                link.channel.attributes.emplace_back("Delay", text);
            }
        }
        if (auto [v, p] = get("device"); v)
        {
            Attributes(*v, p, TypeId::LookupByName("ns3::AtmNetDevice"), link.device.attributes);
        }
        if (auto [v, p] = get("channel"); v)
        {
            Attributes(*v, p, TypeId::LookupByName("ns3::AtmChannel"), link.channel.attributes);
        }
        link.queue.kind = "fifo";
        link.queue.typeId = "ns3::AtmFifoQueueDisc";
        bool queueRead = true;
        if (auto [v, p] = get("queue"); v)
        {
            queueRead = GetComponent(*v, p, "queue", {}, link.queue);
        }
        if (auto [v, p] = get("buffer"); v)
        {
            uint64_t cells = 0;
            queueRead &= GetUint(*v, p, cells, 1, 0xffffffffU);
            if (queueRead)
            {
                // Before the queue's own attributes: a MaxCells there wins.
                link.queue.attributes.insert(link.queue.attributes.begin(),
                                             {"MaxCells", std::to_string(cells)});
            }
        }
        if (ends && queueRead)
        {
            // Where the queue's settings come from: the link, or linkDefaults.
            CheckQueue(own.contains("queue") || own.contains("buffer") ? lp : "linkDefaults", link);
        }
        link.flowControl.kind = "none";
        if (auto [v, p] = get("flowControl"); v)
        {
            ParseFlowControl(*v, p, link);
        }
        if (auto [v, p] = get("portBehaviour"); v)
        {
            if (GetComponent(*v, p, "portBehaviour", {}, link.portBehaviour))
            {
                if (const std::string error = ConfigErrorOf<AtmPortBehaviour>(link.portBehaviour);
                    !error.empty())
                {
                    Error(p, error);
                }
            }
        }
        if (auto [v, p] = get("inputBuffer"); v && ends)
        {
            ParseInputBuffer(*v, p, link);
        }
        m_sc.m_links.push_back(link);
    }
}

void
AtmScenarioParser::CheckQueue(const std::string& path, const AtmScenario::Link& link)
{
    bool kept = false;
    for (const std::string& end : {link.from, link.to})
    {
        const auto node = m_isSwitch.find(end);
        kept |= node != m_isSwitch.end() && node->second &&
                !HasFabric(end, AtmInputBufferedFabric::GetTypeId());
    }
    if (const std::string error = kept ? ConfigErrorOf<AtmQueueDisc>(link.queue) : "";
        !error.empty())
    {
        Error(path, "queue " + link.queue.typeId + ": " + error);
    }
}

bool
AtmScenarioParser::HasFabric(const std::string& sw, TypeId t) const
{
    TypeId tid;
    return TypeId::LookupByNameFailSafe(m_sc.GetFabric(sw).typeId, &tid) && IsTypeOrChild(tid, t);
}

void
AtmScenarioParser::ParseFlowControl(const Json& j, const std::string& path, AtmScenario::Link& link)
{
    if (!GetComponent(j,
                      path,
                      "flowControl",
                      {"linkBuffer", "sender", "receiver"},
                      link.flowControl))
    {
        return;
    }
    if (const std::string error = ConfigErrorOf<AtmBufferAllocation>(link.flowControl);
        !error.empty())
    {
        Error(path, error);
    }
    // QFC and ZQFC (Kung and Wang) are VC credit plus link flow control;
    // link-credit is link flow control alone.
    link.vcCredit = link.flowControl.kind != "link-credit";
    const bool credit = !link.flowControl.typeId.empty() || !link.vcCredit;
    const bool qfc = link.flowControl.kind == "qfc" || link.flowControl.kind == "zqfc";
    const Json* buffer = Field(j, "linkBuffer", path, qfc || !link.vcCredit);
    if (buffer && !credit)
    {
        Error(Child(path, "linkBuffer"), "'" + link.flowControl.kind + "' has no link buffer");
    }
    else if (buffer)
    {
        uint64_t cells = 0;
        if (GetUint(*buffer, Child(path, "linkBuffer"), cells, 1, 0xffffffffU))
        {
            link.linkBuffer = static_cast<uint32_t>(cells);
        }
    }
    const std::tuple<const char*, const char*, AtmScenario::Component*> ends[] = {
        {"sender", "ns3::AtmCreditSender", &link.creditSender},
        {"receiver", "ns3::AtmCreditReceiver", &link.creditReceiver}};
    for (const auto& [field, typeId, component] : ends)
    {
        const Json* attrs = Field(j, field, path, false);
        if (attrs && !credit)
        {
            Error(Child(path, field),
                  "'" + link.flowControl.kind + "' has no credit " + std::string(field));
        }
        else if (attrs)
        {
            Attributes(*attrs,
                       Child(path, field),
                       TypeId::LookupByName(typeId),
                       component->attributes);
        }
    }
    // AtmCreditHelper sets these from the policy and linkBuffer.
    for (const auto& [field, attribute] : {std::make_pair("sender", "BufAlloc"),
                                           {"sender", "LinkCredit"},
                                           {"sender", "Allocation"},
                                           {"sender", "VcCredit"},
                                           {"receiver", "Allocation"},
                                           {"receiver", "LinkBufferSize"},
                                           {"receiver", "VcCredit"}})
    {
        if (const Json* attrs = Field(j, field, path, false);
            attrs && attrs->is_object() && attrs->contains(attribute))
        {
            Error(Child(Child(path, field), attribute),
                  "set from the flowControl type, its attributes and linkBuffer, not here");
        }
    }
}

void
AtmScenarioParser::ParseInputBuffer(const Json& j, const std::string& path, AtmScenario::Link& link)
{
    // {"from": ..., "to": ...}: the buffer at that end (the cells arriving
    // there); otherwise one value for every switch end of the link.
    const bool perEnd = j.is_object() && (j.contains("from") || j.contains("to"));
    if (perEnd && !Fields(j, path, {"from", "to"}))
    {
        return;
    }
    const std::string ends[] = {link.from, link.to};
    bool any = false;
    for (uint32_t k = 0; k < 2; ++k)
    {
        const char* key = k == 0 ? "from" : "to";
        const Json* v = perEnd ? Field(j, key, path, false) : &j;
        const auto node = m_isSwitch.find(ends[k]);
        if (!v || node == m_isSwitch.end())
        {
            continue; // not given here, or an unknown node (reported)
        }
        const std::string p = perEnd ? Child(path, key) : path;
        if (!node->second)
        {
            if (perEnd)
            {
                Error(p, "'" + ends[k] + "' is a host: only a switch has an input buffer");
            }
            continue;
        }
        any = true;
        ParseInputBufferEnd(*v, p, link, ends[k], link.inputBuffer[k]);
    }
    if (!perEnd && !any)
    {
        Error(path, "link '" + link.name + "' joins two hosts: only a switch has an input buffer");
    }
}

void
AtmScenarioParser::ParseInputBufferEnd(const Json& j,
                                       const std::string& path,
                                       const AtmScenario::Link& link,
                                       const std::string& sw,
                                       AtmScenario::Link::InputBuffer& in)
{
    const Json* cells = &j;
    const Json* epd = nullptr;
    std::string cellsPath = path;
    if (j.is_object())
    {
        cells =
            Fields(j, path, {"cells", "epdThreshold"}) ? Field(j, "cells", path, true) : nullptr;
        if (!cells)
        {
            return;
        }
        cellsPath = Child(path, "cells");
        epd = Field(j, "epdThreshold", path, false);
    }
    uint64_t u = 0;
    if (!GetUint(*cells, cellsPath, u, 1, 0xffffffffU))
    {
        return;
    }
    // The shared input buffer (Fig. 3 (a)) or the link FIFO (Fig. 3 (b)).
    const AtmScenario::Component fabric = m_sc.GetFabric(sw);
    if (!HasFabric(sw, AtmInputBufferedFabric::GetTypeId()) &&
        !HasFabric(sw, AtmLinkFifoFabric::GetTypeId()))
    {
        Error(path,
              "link '" + link.name + "': switch '" + sw + "' has the fabric " + fabric.kind +
                  ": an input buffer of its own size needs the fabric "
                  "ns3::AtmInputBufferedFabric or ns3::AtmLinkFifoFabric");
        return;
    }
    in.cells = static_cast<uint32_t>(u);
    if (epd)
    {
        if (GetUint(*epd, Child(path, "epdThreshold"), u, 0, in.cells))
        {
            in.epdSet = true;
            in.epdThreshold = static_cast<uint32_t>(u);
        }
        return;
    }
    // Without its own threshold the buffer keeps the fabric's, which must fit.
    TypeId::AttributeInformation info;
    TypeId::LookupByName(fabric.typeId).LookupAttributeByName("EpdThreshold", &info);
    std::string text = info.initialValue->SerializeToString(info.checker);
    for (const auto& [name, value] : fabric.attributes)
    {
        text = name == "EpdThreshold" ? value : text;
    }
    UintegerValue threshold;
    if (threshold.DeserializeFromString(text, info.checker) && threshold.Get() > in.cells)
    {
        Error(cellsPath,
              "= " + std::to_string(in.cells) + ": below the EpdThreshold (" + text +
                  ") of switch '" + sw + "''s fabric: give this buffer its own epdThreshold");
    }
}

void
AtmScenarioParser::ParseVcPath(const Json& v, const std::string& path, AtmScenario::Vc& vc)
{
    const Json* p = Field(v, "path", path, true);
    if (!p)
    {
        return;
    }
    const std::string pp = Child(path, "path");
    if (!p->is_array() || p->size() < 2)
    {
        Error(pp, "must be an array of at least two node names (host, switches..., host)");
        return;
    }
    bool ok = true;
    for (std::size_t k = 0; k < p->size(); ++k)
    {
        const Json& n = (*p)[k];
        const std::string np = Index(pp, k);
        if (!n.is_string())
        {
            Error(np, "must be a node name, not " + TypeName(n));
            ok = false;
            continue;
        }
        const std::string name = n.get<std::string>();
        vc.path.push_back(name);
        const auto node = m_isSwitch.find(name);
        if (node == m_isSwitch.end())
        {
            Error(np, "unknown node '" + name + "'");
            ok = false;
            continue;
        }
        const bool end = k == 0 || k + 1 == p->size();
        if (end && node->second)
        {
            Error(np, "'" + name + "' is a switch: a VC starts and ends at a host");
            ok = false;
        }
        if (!end && !node->second)
        {
            Error(np, "'" + name + "' is a host: only switches lie inside a VC's path");
            ok = false;
        }
        if (std::count(vc.path.begin(), vc.path.end(), name) > 1)
        {
            Error(np, "'" + name + "' appears twice in the path");
            ok = false;
        }
    }
    if (!ok)
    {
        return;
    }
    for (std::size_t k = 0; k + 1 < vc.path.size(); ++k)
    {
        if (m_linkOf.count(std::minmax(vc.path[k], vc.path[k + 1])) == 0)
        {
            Error(Index(pp, k + 1),
                  "VC path not connected: no link between '" + vc.path[k] + "' and '" +
                      vc.path[k + 1] + "'");
            return;
        }
    }
    const Json* labels = Field(v, "labels", path, false);
    if (!labels)
    {
        return;
    }
    const std::string lp = Child(path, "labels");
    if (!labels->is_array() || labels->size() != vc.path.size() - 1)
    {
        Error(lp,
              "must be an array of " + std::to_string(vc.path.size() - 1) +
                  " [VPI, VCI] pairs, one per link of the path");
        return;
    }
    for (std::size_t k = 0; k < labels->size(); ++k)
    {
        const Json& l = (*labels)[k];
        const std::string ep = Index(lp, k);
        if (!l.is_array() || l.size() != 2)
        {
            Error(ep, "must be a [VPI, VCI] pair, not " + l.dump());
            continue;
        }
        const bool nni = m_isSwitch[vc.path[k]] && m_isSwitch[vc.path[k + 1]];
        uint64_t vpi = 0;
        uint64_t vci = 0;
        if (GetUint(l[0], Index(ep, 0), vpi, 0, nni ? 4095 : 255) &&
            GetUint(l[1], Index(ep, 1), vci, 32, 65535))
        {
            vc.labels.emplace_back(static_cast<uint16_t>(vpi), static_cast<uint16_t>(vci));
        }
    }
    if (vc.labels.size() != vc.path.size() - 1)
    {
        vc.labels.clear();
    }
}

void
AtmScenarioParser::ParseVcs(const Json& root)
{
    const Json* vcs = Field(root, "vcs", "", true);
    if (!vcs)
    {
        return;
    }
    // A scenario whose traffic is a hub's study streams needs no VC.
    if (!vcs->is_array() || (vcs->empty() && !root.contains("hub")))
    {
        Error("vcs", "must be a non-empty array of VCs (or empty with a hub section)");
        return;
    }
    std::set<std::string> names;
    std::map<std::pair<std::size_t, std::string>, std::set<AtmScenario::Label>> used;
    std::vector<double> mcrSum(m_cellRate.size(), 0);
    for (std::size_t i = 0; i < vcs->size(); ++i)
    {
        const Json& v = (*vcs)[i];
        const std::string vp = Index("vcs", i);
        if (!Fields(v,
                    vp,
                    {"name",
                     "group",
                     "category",
                     "path",
                     "labels",
                     "weight",
                     "pcr",
                     "mcr",
                     "traffic",
                     "start",
                     "startJitter",
                     "stop",
                     "abr"}))
        {
            continue;
        }
        AtmScenario::Vc vc;
        if (GetString(v, "name", vp, vc.name, true) && !names.insert(vc.name).second)
        {
            Error(Child(vp, "name"), "duplicate VC name '" + vc.name + "'");
        }
        GetString(v, "group", vp, vc.group, false);
        vc.category = "UBR";
        if (GetString(v, "category", vp, vc.category, false) && CATEGORIES.count(vc.category) == 0)
        {
            Error(Child(vp, "category"),
                  CATEGORIES_LATER.count(vc.category)
                      ? "'" + vc.category + "': not implemented in this version"
                      : "unknown service category '" + vc.category +
                            "' (expected UBR, CBR, rt-VBR, nrt-VBR, ABR or GFR)");
        }
        ParseVcPath(v, vp, vc);
        // Explicit labels must differ on each link direction.
        for (std::size_t k = 0; k < vc.labels.size(); ++k)
        {
            const std::size_t link = m_linkOf[std::minmax(vc.path[k], vc.path[k + 1])];
            if (!used[{link, vc.path[k]}].insert(vc.labels[k]).second)
            {
                Error(Index(Child(vp, "labels"), k),
                      "VPI/VCI " + std::to_string(vc.labels[k].first) + "/" +
                          std::to_string(vc.labels[k].second) + " already used from '" +
                          vc.path[k] + "' on link " + m_sc.m_links[link].name);
            }
        }
        uint64_t w = 1;
        if (const Json* wj = Field(v, "weight", vp, false);
            wj && GetUint(*wj, Child(vp, "weight"), w, 1, 0xffffffffU))
        {
            vc.weight = static_cast<uint32_t>(w);
        }
        if (const Json* r = Field(v, "pcr", vp, false))
        {
            GetRate(*r, Child(vp, "pcr"), vc.pcr);
        }
        if (const Json* r = Field(v, "mcr", vp, false))
        {
            if (r->is_number() && r->get<double>() == 0)
            {
                vc.mcr = 0;
            }
            else if (GetRate(*r, Child(vp, "mcr"), vc.mcr) && vc.mcr > vc.pcr)
            {
                Error(Child(vp, "mcr"), "= " + r->dump() + ": exceeds the VC's pcr");
            }
        }
        for (std::size_t k = 0; k + 1 < vc.path.size() && vc.path.size() > 1; ++k)
        {
            const auto l = m_linkOf.find(std::minmax(vc.path[k], vc.path[k + 1]));
            if (l != m_linkOf.end())
            {
                mcrSum[l->second] += vc.mcr;
            }
        }
        if (const Json* t = Field(v, "traffic", vp, true))
        {
            const std::set<std::string> tcpFields =
                {"variant", "window", "mss", "bytes", "sack", "timestamps", "reno"};
            GetComponent(*t, Child(vp, "traffic"), "traffic", tcpFields, vc.traffic);
            for (const std::string& f : tcpFields)
            {
                if (vc.traffic.kind != "tcp" && t->is_object() && t->contains(f))
                {
                    Error(Child(Child(vp, "traffic"), f), "only tcp traffic has this field");
                }
            }
            if (vc.traffic.kind == "tcp")
            {
                ParseTcp(*t, vp, vc);
                if (v.contains("labels"))
                {
                    Error(Child(vp, "labels"),
                          "not with tcp traffic (its PVC's two VCs, one each way, get free "
                          "labels)");
                }
            }
        }
        vc.stop = Time::Max();
        for (auto [key, out] : {std::make_pair("start", &vc.start),
                                {"startJitter", &vc.startJitter},
                                {"stop", &vc.stop}})
        {
            if (const Json* t = Field(v, key, vp, false))
            {
                GetTime(*t, Child(vp, key), *out);
            }
        }
        if (vc.stop <= vc.start)
        {
            Error(Child(vp, "stop"), "must be after start");
        }
        ParseAbr(v, vp, vc);
        m_sc.m_vcs.push_back(vc);
    }
    for (std::size_t l = 0; l < mcrSum.size() && l < m_sc.m_links.size(); ++l)
    {
        if (m_cellRate[l] > 0 && mcrSum[l] > m_cellRate[l] * (1 + 1e-9))
        {
            Error(Index("links", l),
                  "the MCRs of its VCs add up to " + std::to_string(mcrSum[l]) +
                      " bit/s, above its cell rate " + std::to_string(m_cellRate[l]) + " bit/s");
        }
    }
}

void
AtmScenarioParser::ParseWindow(const Json& root)
{
    if (const Json* m = Field(root, "measurement", "", true);
        m && Fields(*m, "measurement", {"start", "stop", "end"}))
    {
        const Json* start = Field(*m, "start", "measurement", true);
        const Json* stop = Field(*m, "stop", "measurement", true);
        if (start && stop && GetTime(*start, "measurement.start", m_sc.m_measureStart) &&
            GetTime(*stop, "measurement.stop", m_sc.m_measureStop))
        {
            if (m_sc.m_measureStop <= m_sc.m_measureStart)
            {
                Error("measurement.stop", "must be after measurement.start");
            }
            m_sc.m_end = m_sc.m_measureStop;
            if (const Json* end = Field(*m, "end", "measurement", false);
                end && GetTime(*end, "measurement.end", m_sc.m_end) &&
                m_sc.m_end < m_sc.m_measureStop)
            {
                Error("measurement.end", "must not be before measurement.stop");
            }
        }
    }
    const Json* ts = Field(root, "timeSeries", "", false);
    if (!ts || !Fields(*ts, "timeSeries", {"interval", "queue", "acr", "credit", "goodput"}))
    {
        return;
    }
    if (const Json* i = Field(*ts, "interval", "timeSeries", true);
        i && GetTime(*i, "timeSeries.interval", m_sc.m_seriesInterval) &&
        m_sc.m_seriesInterval.IsZero())
    {
        Error("timeSeries.interval", "must be positive");
    }
    if (const Json* q = Field(*ts, "queue", "timeSeries", false))
    {
        if (q->is_string() && q->get<std::string>() == "all")
        {
            for (const AtmScenario::Link& l : m_sc.m_links)
            {
                m_sc.m_queueSeries.push_back(l.name);
            }
        }
        else if (!q->is_array())
        {
            Error("timeSeries.queue", "must be \"all\" or an array of link names");
        }
        for (std::size_t k = 0; q->is_array() && k < q->size(); ++k)
        {
            const Json& n = (*q)[k];
            const bool known =
                n.is_string() && std::any_of(m_sc.m_links.begin(),
                                             m_sc.m_links.end(),
                                             [&n](const AtmScenario::Link& l) {
                                                 return l.name == n.get<std::string>();
                                             });
            if (!known)
            {
                Error(Index("timeSeries.queue", k), "unknown link " + n.dump());
                continue;
            }
            m_sc.m_queueSeries.push_back(n.get<std::string>());
        }
    }
    if (const Json* a = Field(*ts, "acr", "timeSeries", false))
    {
        if (!a->is_array())
        {
            Error("timeSeries.acr", "must be an array of ABR VC names");
        }
        for (std::size_t k = 0; a->is_array() && k < a->size(); ++k)
        {
            const Json& n = (*a)[k];
            const bool abr =
                n.is_string() &&
                std::any_of(m_sc.m_vcs.begin(), m_sc.m_vcs.end(), [&n](const AtmScenario::Vc& v) {
                    return v.name == n.get<std::string>() && v.category == "ABR";
                });
            if (!abr)
            {
                Error(Index("timeSeries.acr", k), "no ABR VC named " + n.dump());
                continue;
            }
            m_sc.m_acrSeries.push_back(n.get<std::string>());
        }
    }
    // A list of VC names; tcpOnly: of VCs with "tcp" traffic.
    auto vcNames = [this, ts](const char* field, bool tcpOnly, std::vector<std::string>& out) {
        const Json* c = Field(*ts, field, "timeSeries", false);
        const std::string where = std::string("timeSeries.") + field;
        if (c && !c->is_array())
        {
            Error(where,
                  tcpOnly ? "must be an array of tcp VC names" : "must be an array of VC names");
        }
        for (std::size_t k = 0; c && c->is_array() && k < c->size(); ++k)
        {
            const Json& n = (*c)[k];
            const bool known =
                n.is_string() && std::any_of(m_sc.m_vcs.begin(),
                                             m_sc.m_vcs.end(),
                                             [&n, tcpOnly](const AtmScenario::Vc& v) {
                                                 return v.name == n.get<std::string>() &&
                                                        (!tcpOnly || v.traffic.kind == "tcp");
                                             });
            if (!known)
            {
                Error(Index(where, k), (tcpOnly ? "no tcp VC named " : "no VC named ") + n.dump());
                continue;
            }
            out.push_back(n.get<std::string>());
        }
    };
    vcNames("credit", false, m_sc.m_creditSeries);
    vcNames("goodput", true, m_sc.m_goodputSeries);
}

void
AtmScenarioParser::ParseHub(const Json& root)
{
    const Json* h = Field(root, "hub", "", false);
    if (!h ||
        !Fields(*h, "hub", {"switch", "boards", "addressesPerBoard", "flowControl", "streams"}))
    {
        return;
    }
    AtmScenario::Hub& hub = m_sc.m_hub;
    if (GetString(*h, "switch", "hub", hub.sw, true))
    {
        const AtmScenario::Component fabric = m_sc.GetFabric(hub.sw);
        if (m_isSwitch.count(hub.sw) == 0 || !m_isSwitch.at(hub.sw))
        {
            Error("hub.switch", "unknown switch '" + hub.sw + "'");
        }
        else if (!HasFabric(hub.sw, AtmBusHub::GetTypeId()))
        {
            Error("hub.switch",
                  "switch '" + hub.sw + "' must have the fabric bus-hub (it has " + fabric.kind +
                      ")");
        }
        for (const AtmScenario::Link& l : m_sc.m_links)
        {
            if (l.from == hub.sw || l.to == hub.sw)
            {
                Error("hub.switch",
                      "switch '" + hub.sw + "' is on link " + l.name +
                          ": a hub with study streams carries no VCs in this version");
                break;
            }
        }
        if (const Json* fc = Field(*h, "flowControl", "hub", false))
        {
            for (const auto& [name, value] : fabric.attributes)
            {
                if (name == "FlowControl")
                {
                    Error("hub.flowControl",
                          "switch '" + hub.sw +
                              "' already sets its fabric's FlowControl: give it once");
                }
            }
            GetComponent(*fc, "hub.flowControl", "hubFlowControl", {}, hub.flowControl);
            // Its thresholds against the fabric's receive BIC (one that is
            // wrong itself has its own error).
            const Ptr<AtmBusHub> bus = CreateComponent<AtmBusHub>(fabric);
            const Ptr<AtmHubFlowControl> control =
                CreateComponent<AtmHubFlowControl>(hub.flowControl);
            if (bus && control && bus->GetConfigError().empty())
            {
                if (const std::string error = control->GetConfigError(bus->GetReceiveBicSize());
                    !error.empty())
                {
                    Error("hub.flowControl", error);
                }
            }
        }
    }
    uint64_t u = 0;
    if (const Json* b = Field(*h, "boards", "hub", true);
        b && GetUint(*b, "hub.boards", u, 1, 4096))
    {
        hub.boards = static_cast<uint32_t>(u);
    }
    if (const Json* a = Field(*h, "addressesPerBoard", "hub", false);
        a && GetUint(*a, "hub.addressesPerBoard", u, 0, 4096))
    {
        hub.addressesPerBoard = static_cast<uint32_t>(u);
    }
    const Json* streams = Field(*h, "streams", "hub", true);
    if (streams && (!streams->is_array() || streams->empty()))
    {
        Error("hub.streams", "must be a non-empty array of stream entries");
        return;
    }
    std::set<std::string> names;
    for (std::size_t i = 0; streams && i < streams->size(); ++i)
    {
        ParseHubStreams((*streams)[i], Index("hub.streams", i), names);
    }
}

void
AtmScenarioParser::ParseHubStreams(const Json& j,
                                   const std::string& path,
                                   std::set<std::string>& names)
{
    if (!Fields(j,
                path,
                {"name",
                 "group",
                 "board",
                 "boards",
                 "perBoard",
                 "rate",
                 "arrivals",
                 "attributes",
                 "to"}))
    {
        return;
    }
    AtmScenario::HubStreams e;
    const uint32_t boards = m_sc.m_hub.boards;
    bool ok = GetString(j, "name", path, e.name, true);
    if (ok && !names.insert(e.name).second)
    {
        Error(Child(path, "name"), "duplicate stream name '" + e.name + "'");
        ok = false;
    }
    GetString(j, "group", path, e.group, false);
    // Sending boards: "board": b or "boards": [first, last].
    uint64_t u = 0;
    const Json* one = Field(j, "board", path, false);
    const Json* range = Field(j, "boards", path, false);
    const uint64_t maxBoard = boards > 0 ? boards - 1 : 0;
    if ((one != nullptr) == (range != nullptr))
    {
        Error(path, "needs exactly one of 'board' and 'boards'");
        ok = false;
    }
    else if (one)
    {
        ok = GetUint(*one, Child(path, "board"), u, 0, maxBoard) && ok;
        e.firstBoard = e.lastBoard = static_cast<uint32_t>(u);
    }
    else if (!range->is_array() || range->size() != 2)
    {
        Error(Child(path, "boards"), "must be [first, last], not " + range->dump());
        ok = false;
    }
    else
    {
        uint64_t last = 0;
        const bool read = GetUint((*range)[0], Index(Child(path, "boards"), 0), u, 0, maxBoard) &&
                          GetUint((*range)[1], Index(Child(path, "boards"), 1), last, u, maxBoard);
        ok = read && ok;
        e.firstBoard = static_cast<uint32_t>(u);
        e.lastBoard = static_cast<uint32_t>(last);
    }
    if (const Json* n = Field(j, "perBoard", path, false))
    {
        ok = GetUint(*n, Child(path, "perBoard"), u, 1, 4096) && ok;
        e.perBoard = static_cast<uint32_t>(u);
    }
    // The source: arrivals and further attributes of ns3::AtmHubSource.
    e.source.kind = "hub";
    e.source.typeId = "ns3::AtmHubSource";
    const TypeId tid = TypeId::LookupByName(e.source.typeId);
    std::string arrivals = "Poisson";
    if (const Json* a = Field(j, "arrivals", path, false))
    {
        Attribute(tid, "Arrivals", *a, Child(path, "arrivals"), e.source.attributes);
        arrivals = a->is_string() ? a->get<std::string>() : arrivals;
    }
    if (const Json* attrs = Field(j, "attributes", path, false))
    {
        for (const char* own : {"Rate", "Arrivals"})
        {
            if (attrs->is_object() && attrs->contains(own))
            {
                Error(Child(Child(path, "attributes"), own),
                      std::string("give it as the entry's '") +
                          (own[0] == 'R' ? "rate" : "arrivals") + "'");
            }
        }
        Attributes(*attrs, Child(path, "attributes"), tid, e.source.attributes);
    }
    const Json* rate = Field(j, "rate", path, arrivals != "Persistent");
    if (rate && arrivals == "Persistent")
    {
        Error(Child(path, "rate"), "a Persistent stream has no rate (it keeps a backlog)");
        ok = false;
    }
    else if (rate)
    {
        ok = GetRate(*rate, Child(path, "rate"), e.rateBps, true) && ok;
    }
    // Destinations: "all" (addressesPerBoard) or {"board": b, "step": s}.
    const Json* to = Field(j, "to", path, true);
    const uint32_t count = (e.lastBoard - e.firstBoard + 1) * e.perBoard;
    if (to && to->is_string() && to->get<std::string>() == "all")
    {
        e.toAll = true;
        if (m_sc.m_hub.addressesPerBoard == 0)
        {
            Error(Child(path, "to"), "\"all\" needs hub.addressesPerBoard > 0");
            ok = false;
        }
    }
    else if (to && to->is_object())
    {
        Fields(*to, Child(path, "to"), {"board", "step"});
        const Json* b = Field(*to, "board", Child(path, "to"), true);
        ok = b && GetUint(*b, Child(Child(path, "to"), "board"), u, 0, maxBoard) && ok;
        e.toBoard = static_cast<uint32_t>(u);
        if (const Json* st = Field(*to, "step", Child(path, "to"), false))
        {
            ok = GetUint(*st, Child(Child(path, "to"), "step"), u, 0, 1) && ok;
            e.toStep = static_cast<uint32_t>(u);
        }
        if (ok && uint64_t(e.toBoard) + uint64_t(count - 1) * e.toStep > maxBoard)
        {
            Error(Child(path, "to"),
                  "its " + std::to_string(count) + " streams would go past board " +
                      std::to_string(maxBoard) + " (hub.boards = " + std::to_string(boards) + ")");
            ok = false;
        }
    }
    else if (to)
    {
        Error(Child(path, "to"), "must be \"all\" or {\"board\": b, \"step\": 0 or 1}");
        ok = false;
    }
    if (ok)
    {
        m_sc.m_hub.streams.push_back(e);
    }
}

std::vector<std::string>
AtmScenario::Load(const std::string& file, const std::map<std::string, std::string>& params)
{
    std::ifstream in(file);
    if (!in)
    {
        return {file + ": (top level): cannot open the file"};
    }
    std::ostringstream text;
    text << in.rdbuf();
    return LoadText(text.str(), file, params);
}

std::vector<std::string>
AtmScenario::LoadText(const std::string& text,
                      const std::string& file,
                      const std::map<std::string, std::string>& params)
{
    NS_LOG_FUNCTION(this << file);
    *this = AtmScenario();
    m_file = file;
    std::vector<std::string> errors;
    AtmScenarioParser(*this, file, errors).Parse(text, params);
    return errors;
}

std::map<std::string, std::string>
AtmScenario::ParseParams(const std::string& text, std::vector<std::string>& errors)
{
    // Split at the commas outside JSON brackets and strings.
    std::vector<std::string> items(1);
    int depth = 0;
    bool quoted = false;
    for (char c : text)
    {
        quoted = c == '"' ? !quoted : quoted;
        depth += quoted ? 0 : (c == '{' || c == '[') - (c == '}' || c == ']');
        if (c == ',' && depth == 0 && !quoted)
        {
            items.emplace_back();
        }
        else
        {
            items.back() += c;
        }
    }
    std::map<std::string, std::string> out;
    for (const std::string& item : items)
    {
        if (item.empty() && items.size() == 1)
        {
            break;
        }
        const std::size_t eq = item.find('=');
        if (eq == std::string::npos || eq == 0)
        {
            errors.push_back("--params: '" + item + "': expected name=value");
            continue;
        }
        out[item.substr(0, eq)] = item.substr(eq + 1);
    }
    return out;
}

const std::string&
AtmScenario::GetName() const
{
    return m_name;
}

const std::string&
AtmScenario::GetFile() const
{
    return m_file;
}

const std::string&
AtmScenario::GetResolvedText() const
{
    return m_resolved;
}

const std::string&
AtmScenario::GetParamsText() const
{
    return m_params;
}

uint32_t
AtmScenario::GetSeed() const
{
    return m_seed;
}

uint64_t
AtmScenario::GetRun() const
{
    return m_run;
}

const std::vector<std::string>&
AtmScenario::GetHosts() const
{
    return m_hosts;
}

const std::vector<std::string>&
AtmScenario::GetSwitches() const
{
    return m_switches;
}

AtmScenario::Component
AtmScenario::GetFabric(const std::string& sw) const
{
    const auto it = m_fabrics.find(sw);
    return it == m_fabrics.end() ? Component{"output", "", {}} : it->second;
}

const std::vector<AtmScenario::Link>&
AtmScenario::GetLinks() const
{
    return m_links;
}

const std::vector<AtmScenario::Vc>&
AtmScenario::GetVcs() const
{
    return m_vcs;
}

const AtmScenario::Hub&
AtmScenario::GetHub() const
{
    return m_hub;
}

const std::vector<std::pair<std::string, std::string>>&
AtmScenario::GetDefaults() const
{
    return m_defaults;
}

Time
AtmScenario::GetMeasureStart() const
{
    return m_measureStart;
}

Time
AtmScenario::GetMeasureStop() const
{
    return m_measureStop;
}

Time
AtmScenario::GetEnd() const
{
    return m_end;
}

Time
AtmScenario::GetSeriesInterval() const
{
    return m_seriesInterval;
}

const std::vector<std::string>&
AtmScenario::GetQueueSeries() const
{
    return m_queueSeries;
}

const std::vector<std::string>&
AtmScenario::GetAcrSeries() const
{
    return m_acrSeries;
}

const std::vector<std::string>&
AtmScenario::GetCreditSeries() const
{
    return m_creditSeries;
}

const std::vector<std::string>&
AtmScenario::GetGoodputSeries() const
{
    return m_goodputSeries;
}

} // namespace ns3
