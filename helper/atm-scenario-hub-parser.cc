/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-scenario-hub-parser.h"

#include "ns3/atm-bus-hub.h"
#include "ns3/atm-hub-flow-control.h"

#include <algorithm>

namespace ns3
{

AtmScenarioHubParser::AtmScenarioHubParser(AtmScenarioCheck& check,
                                           AtmScenarioAttributes& attributes,
                                           AtmScenario& sc)
    : m_check(check),
      m_attributes(attributes),
      m_sc(sc)
{
}

void
AtmScenarioHubParser::Parse(const AtmJson& root)
{
    const AtmJson* h = AtmScenarioCheck::Find(root, "hub");
    if (!h)
    {
        return;
    }
    AtmScenario::Hub& hub = m_sc.m_hub;
    if (const AtmJson* sw = AtmScenarioCheck::Find(*h, "switch"))
    {
        hub.sw = sw->get<std::string>();
        ParseSwitch(*h);
    }
    if (const AtmJson* b = AtmScenarioCheck::Find(*h, "boards"))
    {
        hub.boards = b->get<uint32_t>();
    }
    if (const AtmJson* a = AtmScenarioCheck::Find(*h, "addressesPerBoard"))
    {
        hub.addressesPerBoard = a->get<uint32_t>();
    }
    const AtmJson* streams = AtmScenarioCheck::Find(*h, "streams");
    std::set<std::string> names;
    for (std::size_t i = 0; streams && i < streams->size(); ++i)
    {
        ParseStreams((*streams)[i], AtmScenarioCheck::Index("hub.streams", i), names);
    }
}

void
AtmScenarioHubParser::ParseSwitch(const AtmJson& h)
{
    const AtmScenario::Hub& hub = m_sc.m_hub;
    const AtmScenario::Component fabric = m_sc.GetFabric(hub.sw);
    const std::vector<std::string>& switches = m_sc.GetSwitches();
    if (std::find(switches.begin(), switches.end(), hub.sw) == switches.end())
    {
        m_check.Error("hub.switch", "unknown switch '" + hub.sw + "'");
    }
    else if (!AtmScenarioAttributes::IsA(fabric, AtmBusHub::GetTypeId()))
    {
        m_check.Error("hub.switch",
                      "switch '" + hub.sw + "' must have the fabric bus-hub (it has " +
                          fabric.kind + ")");
    }
    for (const AtmScenario::Link& l : m_sc.GetLinks())
    {
        if (l.from == hub.sw || l.to == hub.sw)
        {
            m_check.Error("hub.switch",
                          "switch '" + hub.sw + "' is on link " + l.name +
                              ": a hub with study streams carries no VCs in this version");
            break;
        }
    }
    const AtmJson* fc = AtmScenarioCheck::Find(h, "flowControl");
    if (!fc)
    {
        return;
    }
    for (const auto& [name, value] : fabric.attributes)
    {
        if (name == "FlowControl")
        {
            m_check.Error("hub.flowControl",
                          "switch '" + hub.sw +
                              "' already sets its fabric's FlowControl: give it once");
        }
    }
    m_attributes.ReadComponent(*fc, "hub.flowControl", "hubFlowControl", m_sc.m_hub.flowControl);
    // Its thresholds against the fabric's receive BIC (one that is wrong
    // itself has its own error).
    const Ptr<AtmBusHub> bus = AtmScenarioAttributes::Create<AtmBusHub>(fabric);
    const Ptr<AtmHubFlowControl> control =
        AtmScenarioAttributes::Create<AtmHubFlowControl>(hub.flowControl);
    if (bus && control && bus->GetConfigError().empty())
    {
        if (const std::string error = control->GetConfigError(bus->GetReceiveBicSize());
            !error.empty())
        {
            m_check.Error("hub.flowControl", error);
        }
    }
}

void
AtmScenarioHubParser::ParseStreams(const AtmJson& j,
                                   const std::string& path,
                                   std::set<std::string>& names)
{
    if (!j.is_object())
    {
        return; // reported
    }
    // An entry with an error (here or found by the declaration) is not kept.
    bool ok = AtmScenarioCheck::IsIntact(j);
    AtmScenario::HubStreams e;
    auto child = [&path](const std::string& key) { return AtmScenarioCheck::Child(path, key); };
    if (const AtmJson* n = AtmScenarioCheck::Find(j, "name"))
    {
        e.name = n->get<std::string>();
        if (!names.insert(e.name).second)
        {
            m_check.Error(child("name"), "duplicate stream name '" + e.name + "'");
            ok = false;
        }
    }
    if (const AtmJson* g = AtmScenarioCheck::Find(j, "group"))
    {
        e.group = g->get<std::string>();
    }
    // Sending boards: "board": b or "boards": [first, last].
    const uint32_t boards = m_sc.m_hub.boards;
    const uint64_t maxBoard = boards > 0 ? boards - 1 : 0;
    const AtmJson* one = AtmScenarioCheck::Find(j, "board");
    const AtmJson* range = AtmScenarioCheck::Find(j, "boards");
    if ((one != nullptr) == (range != nullptr))
    {
        ok = false; // reported
    }
    else if (one)
    {
        ok = m_check.InRange(*one, child("board"), 0, maxBoard) && ok;
        e.firstBoard = e.lastBoard = one->get<uint32_t>();
    }
    else
    {
        const std::string rp = child("boards");
        const AtmJson& first = (*range)[0];
        const AtmJson& last = (*range)[1];
        ok = m_check.InRange(first, AtmScenarioCheck::Index(rp, 0), 0, maxBoard) &&
             m_check.InRange(last,
                             AtmScenarioCheck::Index(rp, 1),
                             first.get<uint64_t>(),
                             maxBoard) &&
             ok;
        e.firstBoard = first.get<uint32_t>();
        e.lastBoard = last.get<uint32_t>();
    }
    if (const AtmJson* n = AtmScenarioCheck::Find(j, "perBoard"))
    {
        e.perBoard = n->get<uint32_t>();
    }
    // The source: arrivals and further attributes of ns3::AtmHubSource.
    e.source.kind = "hub";
    e.source.typeId = "ns3::AtmHubSource";
    const TypeId tid = TypeId::LookupByName(e.source.typeId);
    std::string arrivals = "Poisson";
    if (const AtmJson* a = AtmScenarioCheck::Find(j, "arrivals"))
    {
        m_attributes.ReadAttribute(tid, "Arrivals", *a, child("arrivals"), e.source.attributes);
        arrivals = a->is_string() ? a->get<std::string>() : arrivals;
    }
    if (const AtmJson* attrs = AtmScenarioCheck::Find(j, "attributes"))
    {
        for (const char* own : {"Rate", "Arrivals"})
        {
            if (attrs->contains(own))
            {
                m_check.Error(AtmScenarioCheck::Child(child("attributes"), own),
                              std::string("give it as the entry's '") +
                                  (own[0] == 'R' ? "rate" : "arrivals") + "'");
            }
        }
        m_attributes.ReadAttributes(*attrs, child("attributes"), tid, e.source.attributes);
    }
    const bool persistent = arrivals == "Persistent";
    if (!j.contains("rate") && !persistent)
    {
        m_check.Error(path, "missing field 'rate'");
        ok = false;
    }
    else if (j.contains("rate") && persistent)
    {
        m_check.Error(child("rate"), "a Persistent stream has no rate (it keeps a backlog)");
        ok = false;
    }
    else if (const AtmJson* rate = AtmScenarioCheck::Find(j, "rate"))
    {
        e.rateBps = AtmScenarioCheck::ToRate(*rate);
    }
    if (ParseTo(j, path, ok, e) && ok)
    {
        m_sc.m_hub.streams.push_back(e);
    }
}

bool
AtmScenarioHubParser::ParseTo(const AtmJson& j,
                              const std::string& path,
                              bool ok,
                              AtmScenario::HubStreams& e)
{
    const AtmJson* to = AtmScenarioCheck::Find(j, "to");
    const std::string tp = AtmScenarioCheck::Child(path, "to");
    if (!to)
    {
        return false; // reported
    }
    if (to->is_string()) // "all"
    {
        e.toAll = true;
        if (m_sc.m_hub.addressesPerBoard == 0)
        {
            m_check.Error(tp, "\"all\" needs hub.addressesPerBoard > 0");
            return false;
        }
        return true;
    }
    const AtmJson* board = AtmScenarioCheck::Find(*to, "board");
    const uint32_t boards = m_sc.m_hub.boards;
    const uint64_t maxBoard = boards > 0 ? boards - 1 : 0;
    if (!board || !m_check.InRange(*board, AtmScenarioCheck::Child(tp, "board"), 0, maxBoard))
    {
        return false;
    }
    e.toBoard = board->get<uint32_t>();
    if (const AtmJson* step = AtmScenarioCheck::Find(*to, "step"))
    {
        e.toStep = step->get<uint32_t>();
    }
    const uint32_t count = (e.lastBoard - e.firstBoard + 1) * e.perBoard;
    if (ok && uint64_t(e.toBoard) + uint64_t(count - 1) * e.toStep > maxBoard)
    {
        m_check.Error(tp,
                      "its " + std::to_string(count) + " streams would go past board " +
                          std::to_string(maxBoard) + " (hub.boards = " + std::to_string(boards) +
                          ")");
        return false;
    }
    return true;
}

} // namespace ns3
