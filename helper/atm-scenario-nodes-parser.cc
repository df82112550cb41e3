/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-scenario-nodes-parser.h"

#include "ns3/atm-buffer-allocation.h"
#include "ns3/atm-input-buffered-fabric.h"
#include "ns3/atm-link-fifo-fabric.h"
#include "ns3/atm-port-behaviour.h"
#include "ns3/atm-queue-disc.h"
#include "ns3/atm-switch-fabric.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace ns3
{

namespace
{

/**
 * @param j a value
 * @return the value; null when absent or discarded
 */
const AtmJson*
Valid(const AtmJson* j)
{
    return j && !j->is_discarded() ? j : nullptr;
}

} // namespace

AtmScenarioNodesParser::AtmScenarioNodesParser(AtmScenarioCheck& check,
                                               AtmScenarioAttributes& attributes,
                                               AtmScenario& sc,
                                               AtmScenarioTopology& topology)
    : m_check(check),
      m_attributes(attributes),
      m_sc(sc),
      m_topology(topology)
{
}

void
AtmScenarioNodesParser::Parse(const AtmJson& root)
{
    ParseNodes(root);
    ParseLinks(root);
}

void
AtmScenarioNodesParser::ParseNodes(const AtmJson& root)
{
    for (const char* kind : {"hosts", "switches"})
    {
        const bool isSwitch = std::string(kind) == "switches";
        const AtmJson* list = AtmScenarioCheck::Find(root, kind);
        for (std::size_t i = 0; list && i < list->size(); ++i)
        {
            // A name, or (a switch) {"name": ..., "fabric": {"type": ..., "attributes": ...}}.
            const AtmJson& entry = (*list)[i];
            const std::string path = AtmScenarioCheck::Index(kind, i);
            const AtmJson* n = entry.is_object() ? AtmScenarioCheck::Find(entry, "name") : &entry;
            if (!n || !n->is_string())
            {
                continue; // reported
            }
            const std::string name = n->get<std::string>();
            if (const AtmJson* f = AtmScenarioCheck::Find(entry, "fabric"))
            {
                const std::string fp = AtmScenarioCheck::Child(path, "fabric");
                AtmScenario::Component fabric;
                if (m_attributes.ReadComponent(*f, fp, "fabric", fabric))
                {
                    m_sc.m_fabrics[name] = fabric;
                    m_attributes.CheckConfig<AtmSwitchFabric>(fabric, fp);
                }
            }
            if (!m_topology.isSwitch.emplace(name, isSwitch).second)
            {
                m_check.Error(path, "duplicate node name '" + name + "'");
                continue;
            }
            (isSwitch ? m_sc.m_switches : m_sc.m_hosts).push_back(name);
        }
    }
}

bool
AtmScenarioNodesParser::ParseEnds(const AtmJson& own,
                                  const std::string& path,
                                  std::size_t entry,
                                  AtmScenario::Link& link)
{
    const AtmJson* from = AtmScenarioCheck::Find(own, "from");
    const AtmJson* to = AtmScenarioCheck::Find(own, "to");
    link.from = from ? from->get<std::string>() : "";
    link.to = to ? to->get<std::string>() : "";
    if (!from || !to)
    {
        return false; // reported
    }
    for (const auto& [field, node] : {std::make_pair("from", link.from), {"to", link.to}})
    {
        if (m_topology.isSwitch.count(node) == 0)
        {
            m_check.Error(AtmScenarioCheck::Child(path, field), "unknown node '" + node + "'");
        }
    }
    if (link.from == link.to)
    {
        m_check.Error(AtmScenarioCheck::Child(path, "to"),
                      "a link joins two different nodes, not '" + link.to + "' to itself");
    }
    const auto key = std::minmax(link.from, link.to);
    if (!m_topology.linkOf.emplace(key, entry).second)
    {
        m_check.Error(path,
                      "a second link between '" + link.from + "' and '" + link.to +
                          "' (the first is links[" + std::to_string(m_topology.linkOf[key]) + "])");
    }
    return true;
}

void
AtmScenarioNodesParser::ParseLinks(const AtmJson& root)
{
    static const AtmJson none = AtmJson::object();
    const AtmJson* d = AtmScenarioCheck::Find(root, "linkDefaults");
    const AtmJson& defaults = d ? *d : none;
    const AtmJson* links = AtmScenarioCheck::Find(root, "links");
    std::set<std::string> names;
    for (std::size_t i = 0; links && i < links->size(); ++i)
    {
        const std::string lp = AtmScenarioCheck::Index("links", i);
        const AtmJson& own = (*links)[i];
        m_topology.cellRate.push_back(0);
        m_topology.linkName.emplace_back();
        if (!own.is_object())
        {
            continue; // reported
        }
        // Where a field comes from: the link, or linkDefaults (the value
        // discarded when in error, null when in neither).
        auto get = [&](const std::string& key) -> std::pair<const AtmJson*, std::string> {
            if (own.contains(key))
            {
                return {&own.at(key), AtmScenarioCheck::Child(lp, key)};
            }
            if (defaults.contains(key))
            {
                return {&defaults.at(key), AtmScenarioCheck::Child("linkDefaults", key)};
            }
            return {nullptr, AtmScenarioCheck::Child(lp, key)};
        };
        AtmScenario::Link link;
        const bool ends = ParseEnds(own, lp, i, link);
        link.name = link.from + "-" + link.to;
        if (const AtmJson* n = AtmScenarioCheck::Find(own, "name"))
        {
            link.name = n->get<std::string>();
        }
        if (!names.insert(link.name).second)
        {
            m_check.Error(AtmScenarioCheck::Child(lp, "name"),
                          "duplicate link name '" + link.name + "'");
        }
        m_topology.linkName.back() = link.name;

        double bps = 0;
        if (auto [v, p] = get("rate"); !v)
        {
            m_check.Error(lp, "missing field 'rate' (in the link or in linkDefaults)");
        }
        else if (Valid(v))
        {
            bps = AtmScenarioCheck::ToRate(*v);
            link.device.attributes.emplace_back("DataRate",
                                                std::to_string(static_cast<uint64_t>(bps)) + "bps");
        }
        const AtmJson* sonet = Valid(get("sonet").first);
        const bool framed = !sonet || sonet->get<bool>();
        link.device.attributes.emplace_back("SonetFraming", framed ? "true" : "false");
        m_topology.cellRate.back() = framed ? bps * 26 / 27 : bps;
        if (auto [v, p] = get("delay"); Valid(v))
        {
            link.channel.attributes.emplace_back("Delay", AtmScenarioAttributes::ToString(*v));
        }
        if (auto [v, p] = get("device"); Valid(v))
        {
            m_attributes.ReadAttributes(*v,
                                        p,
                                        TypeId::LookupByName("ns3::AtmNetDevice"),
                                        link.device.attributes);
        }
        if (auto [v, p] = get("channel"); Valid(v))
        {
            m_attributes.ReadAttributes(*v,
                                        p,
                                        TypeId::LookupByName("ns3::AtmChannel"),
                                        link.channel.attributes);
        }
        link.queue.kind = "fifo";
        link.queue.typeId = "ns3::AtmFifoQueueDisc";
        bool queueRead = true;
        if (auto [v, p] = get("queue"); v)
        {
            queueRead = Valid(v) && m_attributes.ReadComponent(*v, p, "queue", link.queue);
        }
        if (auto [v, p] = get("buffer"); v)
        {
            queueRead = queueRead && Valid(v);
            if (queueRead)
            {
                // Before the queue's own attributes: a MaxCells there wins.
                link.queue.attributes.insert(link.queue.attributes.begin(),
                                             {"MaxCells", std::to_string(v->get<uint64_t>())});
            }
        }
        if (ends && queueRead)
        {
            // Where the queue's settings come from: the link, or linkDefaults.
            CheckQueue(own.contains("queue") || own.contains("buffer") ? lp : "linkDefaults", link);
        }
        link.flowControl.kind = "none";
        if (auto [v, p] = get("flowControl"); Valid(v))
        {
            ParseFlowControl(*v, p, link);
        }
        if (auto [v, p] = get("portBehaviour"); Valid(v))
        {
            if (m_attributes.ReadComponent(*v, p, "portBehaviour", link.portBehaviour))
            {
                m_attributes.CheckConfig<AtmPortBehaviour>(link.portBehaviour, p);
            }
        }
        if (auto [v, p] = get("upc"); Valid(v))
        {
            m_attributes.ReadComponent(*v, p, "upc", link.upc);
        }
        if (auto [v, p] = get("inputBuffer"); Valid(v) && ends)
        {
            ParseInputBuffer(*v, p, link);
        }
        m_sc.m_links.push_back(link);
    }
}

void
AtmScenarioNodesParser::CheckQueue(const std::string& path, const AtmScenario::Link& link)
{
    bool kept = false;
    for (const std::string& end : {link.from, link.to})
    {
        const auto node = m_topology.isSwitch.find(end);
        kept |=
            node != m_topology.isSwitch.end() && node->second &&
            !AtmScenarioAttributes::IsA(m_sc.GetFabric(end), AtmInputBufferedFabric::GetTypeId());
    }
    if (kept)
    {
        m_attributes.CheckConfig<AtmQueueDisc>(link.queue,
                                               path,
                                               "queue " + link.queue.typeId + ": ");
    }
}

void
AtmScenarioNodesParser::ParseFlowControl(const AtmJson& j,
                                         const std::string& path,
                                         AtmScenario::Link& link)
{
    if (!m_attributes.ReadComponent(j, path, "flowControl", link.flowControl))
    {
        return;
    }
    m_attributes.CheckConfig<AtmBufferAllocation>(link.flowControl, path);
    // QFC and ZQFC (Kung and Wang) are VC credit plus link flow control;
    // link-credit is link flow control alone.
    link.vcCredit = link.flowControl.kind != "link-credit";
    const bool credit = !link.flowControl.typeId.empty() || !link.vcCredit;
    const bool qfc = link.flowControl.kind == "qfc" || link.flowControl.kind == "zqfc";
    const std::string bp = AtmScenarioCheck::Child(path, "linkBuffer");
    if (!j.contains("linkBuffer") && (qfc || !link.vcCredit))
    {
        m_check.Error(path, "missing field 'linkBuffer'");
    }
    else if (j.contains("linkBuffer") && !credit)
    {
        m_check.Error(bp, "'" + link.flowControl.kind + "' has no link buffer");
    }
    else if (const AtmJson* buffer = AtmScenarioCheck::Find(j, "linkBuffer"))
    {
        link.linkBuffer = buffer->get<uint32_t>();
    }
    const std::tuple<const char*, const char*, AtmScenario::Component*> ends[] = {
        {"sender", "ns3::AtmCreditSender", &link.creditSender},
        {"receiver", "ns3::AtmCreditReceiver", &link.creditReceiver}};
    for (const auto& [field, typeId, component] : ends)
    {
        const AtmJson* attrs = AtmScenarioCheck::Find(j, field);
        if (attrs && !credit)
        {
            m_check.Error(AtmScenarioCheck::Child(path, field),
                          "'" + link.flowControl.kind + "' has no credit " + std::string(field));
        }
        else if (attrs)
        {
            m_attributes.ReadAttributes(*attrs,
                                        AtmScenarioCheck::Child(path, field),
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
        if (const AtmJson* attrs = AtmScenarioCheck::Find(j, field);
            attrs && attrs->contains(attribute))
        {
            m_check.Error(AtmScenarioCheck::Child(AtmScenarioCheck::Child(path, field), attribute),
                          "set from the flowControl type, its attributes and linkBuffer, not here");
        }
    }
}

void
AtmScenarioNodesParser::ParseInputBuffer(const AtmJson& j,
                                         const std::string& path,
                                         AtmScenario::Link& link)
{
    // {"from": ..., "to": ...}: the buffer at that end (the cells arriving
    // there); otherwise one value for every switch end of the link.
    const bool perEnd = j.is_object() && (j.contains("from") || j.contains("to"));
    const std::string ends[] = {link.from, link.to};
    bool any = false;
    for (uint32_t k = 0; k < 2; ++k)
    {
        const char* key = k == 0 ? "from" : "to";
        const AtmJson* v = perEnd ? AtmScenarioCheck::Find(j, key) : &j;
        const auto node = m_topology.isSwitch.find(ends[k]);
        if (!v || node == m_topology.isSwitch.end())
        {
            continue; // not given here (or in error), or an unknown node (reported)
        }
        const std::string p = perEnd ? AtmScenarioCheck::Child(path, key) : path;
        if (!node->second)
        {
            if (perEnd)
            {
                m_check.Error(p, "'" + ends[k] + "' is a host: only a switch has an input buffer");
            }
            continue;
        }
        any = true;
        ParseInputBufferEnd(*v, p, link, ends[k], link.inputBuffer[k]);
    }
    if (!perEnd && !any)
    {
        m_check.Error(path,
                      "link '" + link.name +
                          "' joins two hosts: only a switch has an input buffer");
    }
}

void
AtmScenarioNodesParser::ParseInputBufferEnd(const AtmJson& j,
                                            const std::string& path,
                                            const AtmScenario::Link& link,
                                            const std::string& sw,
                                            AtmScenario::Link::InputBuffer& in)
{
    const AtmJson* cells = j.is_object() ? AtmScenarioCheck::Find(j, "cells") : &j;
    const AtmJson* epd = AtmScenarioCheck::Find(j, "epdThreshold");
    const std::string cellsPath = j.is_object() ? AtmScenarioCheck::Child(path, "cells") : path;
    if (!cells)
    {
        return; // reported
    }
    // The shared input buffer (Fig. 3 (a)) or the link FIFO (Fig. 3 (b)).
    const AtmScenario::Component fabric = m_sc.GetFabric(sw);
    if (!AtmScenarioAttributes::IsA(fabric, AtmInputBufferedFabric::GetTypeId()) &&
        !AtmScenarioAttributes::IsA(fabric, AtmLinkFifoFabric::GetTypeId()))
    {
        m_check.Error(path,
                      "link '" + link.name + "': switch '" + sw + "' has the fabric " +
                          fabric.kind +
                          ": an input buffer of its own size needs the fabric "
                          "ns3::AtmInputBufferedFabric or ns3::AtmLinkFifoFabric");
        return;
    }
    in.cells = cells->get<uint32_t>();
    if (epd)
    {
        if (m_check.InRange(*epd, AtmScenarioCheck::Child(path, "epdThreshold"), 0, in.cells))
        {
            in.epdSet = true;
            in.epdThreshold = epd->get<uint32_t>();
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
        m_check.Error(cellsPath,
                      "= " + std::to_string(in.cells) + ": below the EpdThreshold (" + text +
                          ") of switch '" + sw +
                          "''s fabric: give this buffer its own epdThreshold");
    }
}

} // namespace ns3
