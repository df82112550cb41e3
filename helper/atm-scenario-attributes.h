/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SCENARIO_ATTRIBUTES_H
#define ATM_SCENARIO_ATTRIBUTES_H

// Not installed: a part of AtmScenario's loader (helper/atm-scenario.cc).

#include "atm-scenario-check.h"
#include "atm-scenario.h"

#include "ns3/object-factory.h"
#include "ns3/string.h"
#include "ns3/type-id.h"

#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The ns-3 side of a scenario file: type names resolved to TypeIds
 *        (AtmScenarioSchema::GetTypeNames()), and attribute values checked
 *        against them (unknown attribute, value that does not parse or is
 *        out of range), for every section parser.
 *
 * The values come checked by the declaration (an attribute value is a
 * string, number or boolean); what is checked here needs ns-3's TypeIds.
 */
class AtmScenarioAttributes
{
  public:
    /// An attribute list: (name, value in its ns-3 string form).
    typedef std::vector<std::pair<std::string, std::string>> List;

    /// @param check where errors go
    explicit AtmScenarioAttributes(AtmScenarioCheck& check);

    /**
     * @brief Read {"type": ..., "attributes": {...}} of a kind.
     * @param j the object (checked)
     * @param path its path
     * @param kind "queue", "traffic", "flowControl", ...
     * @param out the component
     * @return true if the type is known and implemented
     */
    bool ReadComponent(const AtmJson& j,
                       const std::string& path,
                       const std::string& kind,
                       AtmScenario::Component& out);
    /**
     * @brief Check an object of attributes against a TypeId.
     * @param j the object (checked)
     * @param path its path
     * @param tid the TypeId
     * @param out where they go
     */
    void ReadAttributes(const AtmJson& j, const std::string& path, TypeId tid, List& out);
    /**
     * @brief Check one attribute of a TypeId and add it to a list.
     * @param tid the TypeId
     * @param name the attribute
     * @param v its value (a string, number or boolean)
     * @param path its path
     * @param out where it goes
     * @return true if added
     */
    bool ReadAttribute(TypeId tid,
                       const std::string& name,
                       const AtmJson& v,
                       const std::string& path,
                       List& out);
    /**
     * @brief Read attributeDefaults: "ns3::Type::Attribute": value.
     * @param j the object (checked)
     * @param path its path
     * @param out where they go (full name, value)
     */
    void ReadDefaults(const AtmJson& j, const std::string& path, List& out);
    /**
     * @brief Report the first disagreement among a component's attributes
     *        (a threshold above its buffer, ICR above PCR, ...):
     *        T::GetConfigError() of an object built with them.
     * @tparam T the component's base class, with GetConfigError()
     * @param c the component
     * @param path where to report it
     * @param prefix put before the error
     */
    template <typename T>
    void CheckConfig(const AtmScenario::Component& c,
                     const std::string& path,
                     const std::string& prefix = "");

    /**
     * @param v a string, number or boolean
     * @return its ns-3 string form
     */
    static std::string ToString(const AtmJson& v);
    /**
     * @param c a component
     * @param t a TypeId
     * @return true if the component's type is t or a subclass of it
     */
    static bool IsA(const AtmScenario::Component& c, TypeId t);
    /**
     * @brief Build a component's object with its attributes, not
     *        initialized, to ask it whether they agree.
     * @tparam T the component's base class (AtmQueueDisc, AtmSwitchFabric, ...)
     * @param c the component
     * @return the object; null when the type is unknown or is no T, or an
     *         attribute does not take its value (errors of their own)
     */
    template <typename T>
    static Ptr<T> Create(const AtmScenario::Component& c);

  private:
    /**
     * @brief Check an object given as "ns3::Type[Attr=value|...]" (the
     *        string form of a pointer or an object factory attribute):
     *        ns-3 aborts on an unknown TypeId or attribute there.
     * @param s the string
     * @param path its JSON path
     * @return true if the TypeId and each attribute are valid
     */
    bool CheckObjectString(const std::string& s, const std::string& path);

    AtmScenarioCheck& m_check; //!< where errors go
};

template <typename T>
Ptr<T>
AtmScenarioAttributes::Create(const AtmScenario::Component& c)
{
    TypeId tid;
    if (!TypeId::LookupByNameFailSafe(c.typeId, &tid) || !IsA(c, T::GetTypeId()))
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

template <typename T>
void
AtmScenarioAttributes::CheckConfig(const AtmScenario::Component& c,
                                   const std::string& path,
                                   const std::string& prefix)
{
    const Ptr<T> object = Create<T>(c);
    if (const std::string error = object ? object->GetConfigError() : ""; !error.empty())
    {
        m_check.Error(path, prefix + error);
    }
}

} // namespace ns3

#endif /* ATM_SCENARIO_ATTRIBUTES_H */
