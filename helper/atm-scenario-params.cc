/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-scenario-params.h"

#include <regex>

namespace ns3
{

AtmScenarioParams::AtmScenarioParams(AtmScenarioCheck& check)
    : m_check(check)
{
}

AtmJson
AtmScenarioParams::Resolve(AtmJson& root, const std::map<std::string, std::string>& given)
{
    AtmJson values = AtmJson::object();
    if (root.contains("parameters") &&
        m_check.Check(root.at("parameters"),
                      "parameters",
                      AtmScenarioSchema::GetRoot().GetField("parameters")->type))
    {
        values = root.at("parameters");
    }
    std::string declared;
    for (auto it = values.begin(); it != values.end(); ++it)
    {
        declared += (declared.empty() ? "" : ", ") + it.key();
    }
    for (const auto& [name, value] : given)
    {
        if (!values.contains(name))
        {
            m_check.Error("parameters",
                          "no parameter '" + name + "' to set (the file declares: " +
                              (declared.empty() ? "none" : declared) + ")");
            continue;
        }
        values[name] = AtmJson::accept(value) ? AtmJson::parse(value) : AtmJson(value);
    }
    root.erase("parameters");
    Substitute(root, "", values);
    return values;
}

void
AtmScenarioParams::Substitute(AtmJson& j, const std::string& path, const AtmJson& values)
{
    if (j.is_object())
    {
        for (auto it = j.begin(); it != j.end(); ++it)
        {
            Substitute(it.value(), AtmScenarioCheck::Child(path, it.key()), values);
        }
    }
    else if (j.is_array())
    {
        for (std::size_t i = 0; i < j.size(); ++i)
        {
            Substitute(j[i], AtmScenarioCheck::Index(path, i), values);
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
                m_check.Error(path,
                              "unknown parameter '" + m[1].str() + "' (declare it in parameters)");
                return;
            }
            const AtmJson& v = values.at(m[1].str());
            out += v.is_string() ? v.get<std::string>() : v.dump();
            begin = m[0].second;
        }
        out.append(begin, s.cend());
        j = out;
    }
}

std::map<std::string, std::string>
AtmScenarioParams::Split(const std::string& text, std::vector<std::string>& errors)
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

} // namespace ns3
