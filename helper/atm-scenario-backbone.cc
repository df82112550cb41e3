/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-scenario-backbone.h"

#include "atm-backbone.h"
#include "atm-scenario-schema.h"

#include <random>
#include <string>

namespace ns3
{

namespace
{
/**
 * @param link a link object
 * @param fields fields to add to it (null: none)
 * @return the link with the fields
 */
AtmJson
WithFields(AtmJson link, const AtmJson* fields)
{
    if (fields)
    {
        for (const auto& [key, value] : fields->items())
        {
            link[key] = value;
        }
    }
    return link;
}
} // namespace

bool
AtmScenarioBackbone::Expand(AtmScenarioCheck& check, AtmJson& root)
{
    if (!root.is_object() || !root.contains("backbone"))
    {
        return true;
    }
    AtmJson& b = root["backbone"];
    const std::size_t before = check.GetErrorCount();
    check.Check(b, "backbone", AtmScenarioSchema::GetRoot().GetField("backbone")->type);
    if (check.GetErrorCount() > before)
    {
        return false;
    }
    const auto rings = b["rings"].get<uint32_t>();
    const auto ringSize = b["ringSize"].get<uint32_t>();
    const Time shortest = AtmScenarioCheck::ToTime(b["trunkDelay"][0]);
    const Time longest = AtmScenarioCheck::ToTime(b["trunkDelay"][1]);
    bool ok = true;
    if (rings * ringSize < 2)
    {
        check.Error("backbone",
                    "rings x ringSize = " + std::to_string(rings * ringSize) +
                        ": the backbone needs at least 2 switches");
        ok = false;
    }
    if (longest < shortest)
    {
        check.Error("backbone.trunkDelay",
                    "the longest, " + b["trunkDelay"][1].dump() + ", is below the shortest, " +
                        b["trunkDelay"][0].dump());
        ok = false;
    }
    const AtmJson* trunk = AtmScenarioCheck::Find(b, "trunk");
    if (trunk && trunk->contains("delay"))
    {
        check.Error("backbone.trunk.delay", "the trunks' delays are given by trunkDelay");
        ok = false;
    }
    for (const char* array : {"hosts", "switches", "links", "vcs"})
    {
        if (!root.contains(array) || !root[array].is_array())
        {
            ok = false; // the file's own check says what is wrong
        }
    }
    if (!ok)
    {
        return false;
    }

    AtmJson& hosts = root["hosts"];
    AtmJson& switches = root["switches"];
    AtmJson& links = root["links"];
    AtmJson& vcs = root["vcs"];
    AtmBackbone layout(rings, ringSize, Time(0), shortest, longest);
    std::vector<std::string> names;
    for (uint32_t r = 1; r <= rings; ++r)
    {
        for (uint32_t i = 1; i <= ringSize; ++i)
        {
            names.push_back("R" + std::to_string(r) + "S" + std::to_string(i));
        }
    }
    check.AddGenerated("switches", switches.size(), names.size(), "backbone");
    check.AddGenerated("hosts", hosts.size(), names.size(), "backbone");
    check.AddGenerated("links", links.size(), layout.GetLinks().size(), "backbone");
    for (const std::string& name : names)
    {
        switches.push_back(name);
        hosts.push_back(name + ".h");
    }
    const AtmJson* ring = AtmScenarioCheck::Find(b, "ring");
    const AtmJson* access = AtmScenarioCheck::Find(b, "access");
    for (const AtmBackbone::Link& l : layout.GetLinks())
    {
        AtmJson link = {{"from", names[l.a]}, {"to", names[l.b]}};
        if (l.trunk)
        {
            link["delay"] = std::to_string(l.delay.GetMicroSeconds()) + "us";
        }
        links.push_back(WithFields(link, l.trunk ? trunk : ring));
    }
    check.AddGenerated("links", links.size(), names.size(), "backbone.access");
    for (const std::string& name : names)
    {
        links.push_back(WithFields({{"from", name + ".h"}, {"to", name}}, access));
    }

    std::mt19937 draw(b.contains("seed") ? b["seed"].get<uint32_t>() : 1);
    const AtmJson& templates = b["vcs"];
    for (std::size_t j = 0; j < templates.size(); ++j)
    {
        AtmJson vc = templates[j];
        const std::string prefix = vc["name"].get<std::string>();
        const auto count = vc["count"].get<uint32_t>();
        vc.erase("count");
        if (!vc.contains("group"))
        {
            vc["group"] = prefix;
        }
        const bool tcp = vc["traffic"].value("type", "") == "tcp";
        const std::string origin = AtmScenarioCheck::Index("backbone.vcs", j);
        check.AddGenerated("vcs", vcs.size(), count, origin);
        if (tcp)
        {
            check.AddGenerated("hosts", hosts.size(), 2 * count, origin);
            check.AddGenerated("links", links.size(), 2 * count, origin);
        }
        for (uint32_t k = 1; k <= count; ++k)
        {
            const std::vector<uint32_t> p = layout.DrawPath(draw);
            vc["name"] = prefix + std::to_string(k);
            std::string src = names[p.front()] + ".h";
            std::string dst = names[p.back()] + ".h";
            if (tcp)
            {
                src = vc["name"].get<std::string>() + ".src";
                dst = vc["name"].get<std::string>() + ".dst";
                hosts.push_back(src);
                hosts.push_back(dst);
                links.push_back(WithFields({{"from", src}, {"to", names[p.front()]}}, access));
                links.push_back(WithFields({{"from", dst}, {"to", names[p.back()]}}, access));
            }
            AtmJson path = AtmJson::array({src});
            for (uint32_t s : p)
            {
                path.push_back(names[s]);
            }
            path.push_back(dst);
            vc["path"] = std::move(path);
            vcs.push_back(vc);
        }
    }
    return true;
}

} // namespace ns3
