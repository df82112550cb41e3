/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-scenario-attributes.h"

#include "ns3/attribute.h"

#include <algorithm>
#include <iomanip>
#include <sstream>

namespace ns3
{

AtmScenarioAttributes::AtmScenarioAttributes(AtmScenarioCheck& check)
    : m_check(check)
{
}

bool
AtmScenarioAttributes::ReadComponent(const AtmJson& j,
                                     const std::string& path,
                                     const std::string& kind,
                                     AtmScenario::Component& out)
{
    const AtmJson* type = AtmScenarioCheck::Find(j, "type");
    if (!type)
    {
        return false; // missing or not a string: reported
    }
    out.kind = type->get<std::string>();
    const std::string typePath = AtmScenarioCheck::Child(path, "type");
    const AtmScenarioTypeName* known = nullptr;
    std::string names;
    for (const AtmScenarioTypeName& t : AtmScenarioSchema::GetTypeNames())
    {
        if (kind == t.kind)
        {
            names += (names.empty() ? "" : ", ") + std::string(t.name);
            known = out.kind == t.name ? &t : known;
        }
    }
    const std::string base = AtmScenarioSchema::GetBaseTypeId(kind);
    TypeId tid;
    if (known && *known->needs)
    {
        m_check.Error(typePath,
                      "'" + out.kind + "': not implemented in this version (needs " + known->needs +
                          ")");
        return false;
    }
    if (!known && (base.empty() || !TypeId::LookupByNameFailSafe(out.kind, &tid) ||
                   !tid.IsChildOf(TypeId::LookupByName(base))))
    {
        m_check.Error(typePath,
                      "unknown " + kind + " type '" + out.kind + "' (expected one of: " + names +
                          (base.empty() ? "" : ", or the TypeId of a " + base + " subclass") + ")");
        return false;
    }
    out.typeId = known ? known->typeId : out.kind;
    const AtmJson* attrs = AtmScenarioCheck::Find(j, "attributes");
    const std::string attrsPath = AtmScenarioCheck::Child(path, "attributes");
    if (attrs && out.typeId.empty())
    {
        // An empty object says the same as none.
        if (!attrs->empty())
        {
            m_check.Error(attrsPath, "'" + out.kind + "' has no attributes");
        }
    }
    else if (attrs)
    {
        ReadAttributes(*attrs, attrsPath, TypeId::LookupByName(out.typeId), out.attributes);
    }
    return true;
}

void
AtmScenarioAttributes::ReadAttributes(const AtmJson& j,
                                      const std::string& path,
                                      TypeId tid,
                                      List& out)
{
    for (auto it = j.begin(); it != j.end(); ++it)
    {
        if (!it->is_discarded())
        {
            ReadAttribute(tid, it.key(), it.value(), AtmScenarioCheck::Child(path, it.key()), out);
        }
    }
}

bool
AtmScenarioAttributes::ReadAttribute(TypeId tid,
                                     const std::string& name,
                                     const AtmJson& v,
                                     const std::string& path,
                                     List& out)
{
    TypeId::AttributeInformation info;
    if (!tid.LookupAttributeByName(name, &info))
    {
        m_check.Error(path, "unknown attribute '" + name + "' of " + tid.GetName());
        return false;
    }
    const std::string s = ToString(v);
    const std::string type = info.checker->GetValueTypeName();
    if (type.rfind("ns3::EnumValue", 0) == 0)
    {
        // ns-3 asserts (3.44) on a name the enum does not have: check first.
        const std::string names = "|" + info.checker->GetUnderlyingTypeInformation() + "|";
        if (names.find("|" + s + "|") == std::string::npos)
        {
            std::string list = names.substr(1, names.size() - 2);
            std::replace(list.begin(), list.end(), '|', ',');
            m_check.Error(path,
                          "= " + v.dump() + ": not a valid value (expected one of: " + list + ")");
            return false;
        }
    }
    // An object (a pointer) or an object factory (a class of a priority
    // queue disc): ns-3 aborts on an unknown TypeId there.
    if ((type.find("Pointer") != std::string::npos ||
         type.find("ObjectFactory") != std::string::npos) &&
        !CheckObjectString(s, path))
    {
        return false;
    }
    Ptr<AttributeValue> value = info.checker->Create();
    if (!AtmScenarioCheck::IsWellFormed(type, s) || !value->DeserializeFromString(s, info.checker))
    {
        m_check.Error(path, "= " + v.dump() + ": not a valid value of type " + type);
        return false;
    }
    if (!info.checker->Check(*value))
    {
        m_check.Error(path, "= " + v.dump() + ": out of range for " + tid.GetName() + "::" + name);
        return false;
    }
    out.emplace_back(name, s);
    return true;
}

bool
AtmScenarioAttributes::CheckObjectString(const std::string& s, const std::string& path)
{
    const std::size_t open = s.find('[');
    TypeId tid;
    if (!TypeId::LookupByNameFailSafe(s.substr(0, open), &tid))
    {
        m_check.Error(path, "= \"" + s + "\": unknown TypeId '" + s.substr(0, open) + "'");
        return false;
    }
    if (open == std::string::npos)
    {
        return true;
    }
    if (s.back() != ']')
    {
        m_check.Error(path, "= \"" + s + "\": expected ns3::Type[Attribute=value|...]");
        return false;
    }
    const std::size_t before = m_check.GetErrorCount();
    std::istringstream in(s.substr(open + 1, s.size() - open - 2));
    std::string item;
    List ignored;
    while (std::getline(in, item, '|'))
    {
        const std::size_t eq = item.find('=');
        ReadAttribute(tid,
                      item.substr(0, eq),
                      AtmJson(eq == std::string::npos ? "" : item.substr(eq + 1)),
                      path,
                      ignored);
    }
    return m_check.GetErrorCount() == before;
}

void
AtmScenarioAttributes::ReadDefaults(const AtmJson& j, const std::string& path, List& out)
{
    for (auto it = j.begin(); it != j.end(); ++it)
    {
        if (it->is_discarded())
        {
            continue;
        }
        const std::string p = AtmScenarioCheck::Child(path, it.key());
        const std::size_t sep = it.key().rfind("::");
        TypeId tid;
        if (sep == std::string::npos ||
            !TypeId::LookupByNameFailSafe(it.key().substr(0, sep), &tid))
        {
            m_check.Error(p, "not an attribute name of the form ns3::Type::Attribute");
        }
        else if (ReadAttribute(tid, it.key().substr(sep + 2), it.value(), p, out))
        {
            out.back().first = it.key();
        }
    }
}

std::string
AtmScenarioAttributes::ToString(const AtmJson& v)
{
    if (v.is_string())
    {
        return v.get<std::string>();
    }
    if (v.is_boolean())
    {
        return v.get<bool>() ? "true" : "false";
    }
    if (v.is_number_integer())
    {
        return v.dump();
    }
    std::ostringstream os;
    os << std::setprecision(17) << v.get<double>();
    return os.str();
}

bool
AtmScenarioAttributes::IsA(const AtmScenario::Component& c, TypeId t)
{
    TypeId tid;
    return TypeId::LookupByNameFailSafe(c.typeId, &tid) && (tid == t || tid.IsChildOf(t));
}

} // namespace ns3
