/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-scenario-vcs-parser.h"

#include "ns3/atm-abr-source.h"
#include "ns3/atm-cell.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

namespace ns3
{

AtmScenarioVcsParser::AtmScenarioVcsParser(AtmScenarioCheck& check,
                                           AtmScenarioAttributes& attributes,
                                           AtmScenario& sc,
                                           const AtmScenarioTopology& topology)
    : m_check(check),
      m_attributes(attributes),
      m_sc(sc),
      m_topology(topology)
{
}

void
AtmScenarioVcsParser::Parse(const AtmJson& root)
{
    const AtmJson* vcs = AtmScenarioCheck::Find(root, "vcs");
    if (!vcs)
    {
        return; // reported
    }
    // A scenario whose traffic is a hub's study streams needs no VC.
    if (vcs->empty() && !root.contains("hub"))
    {
        m_check.Error("vcs", "must be a non-empty array of VCs (or empty with a hub section)");
        return;
    }
    std::set<std::string> names;
    std::map<std::pair<std::size_t, std::string>, std::set<AtmScenario::Label>> used;
    for (std::size_t i = 0; i < vcs->size(); ++i)
    {
        const AtmJson& v = (*vcs)[i];
        const std::string vp = AtmScenarioCheck::Index("vcs", i);
        if (!v.is_object())
        {
            continue; // reported
        }
        auto child = [&vp](const std::string& key) { return AtmScenarioCheck::Child(vp, key); };
        AtmScenario::Vc vc;
        if (const AtmJson* n = AtmScenarioCheck::Find(v, "name"))
        {
            vc.name = n->get<std::string>();
            if (!names.insert(vc.name).second)
            {
                m_check.Error(child("name"), "duplicate VC name '" + vc.name + "'");
            }
        }
        if (const AtmJson* g = AtmScenarioCheck::Find(v, "group"))
        {
            vc.group = g->get<std::string>();
        }
        const AtmJson* category = AtmScenarioCheck::Find(v, "category");
        vc.category = category ? category->get<std::string>() : "UBR";
        ParsePath(v, vp, vc);
        // Explicit labels must differ on each link direction.
        for (std::size_t k = 0; k < vc.labels.size(); ++k)
        {
            const std::size_t link = m_topology.linkOf.at(std::minmax(vc.path[k], vc.path[k + 1]));
            if (!used[{link, vc.path[k]}].insert(vc.labels[k]).second)
            {
                m_check.Error(AtmScenarioCheck::Index(child("labels"), k),
                              "VPI/VCI " + std::to_string(vc.labels[k].first) + "/" +
                                  std::to_string(vc.labels[k].second) + " already used from '" +
                                  vc.path[k] + "' on link " + m_topology.linkName[link]);
            }
        }
        if (const AtmJson* w = AtmScenarioCheck::Find(v, "weight"))
        {
            vc.weight = w->get<uint32_t>();
        }
        if (const AtmJson* r = AtmScenarioCheck::Find(v, "pcr"))
        {
            vc.pcr = AtmScenarioCheck::ToRate(*r);
        }
        if (const AtmJson* r = AtmScenarioCheck::Find(v, "mcr"))
        {
            vc.mcr = AtmScenarioCheck::ToRate(*r);
            if (vc.mcr > vc.pcr)
            {
                m_check.Error(child("mcr"), "= " + r->dump() + ": exceeds the VC's pcr");
            }
        }
        ParseContract(v, vp, vc);
        ParseTraffic(v, vp, vc);
        vc.stop = Time::Max();
        for (auto [key, out] : {std::make_pair("start", &vc.start),
                                {"startJitter", &vc.startJitter},
                                {"stop", &vc.stop}})
        {
            if (const AtmJson* t = AtmScenarioCheck::Find(v, key))
            {
                *out = AtmScenarioCheck::ToTime(*t);
            }
        }
        if (vc.stop <= vc.start)
        {
            m_check.Error(child("stop"), "must be after start");
        }
        ParseAbr(v, vp, vc);
        m_sc.m_vcs.push_back(vc);
    }
    CheckAdmission();
}

void
AtmScenarioVcsParser::ParseContract(const AtmJson& v, const std::string& path, AtmScenario::Vc& vc)
{
    AtmTrafficContract c;
    if (!AtmTrafficContract::ParseCategory(vc.category, c.category))
    {
        return; // reported
    }
    bool given = false;
    if (const AtmJson* r = AtmScenarioCheck::Find(v, "scr"))
    {
        c.scr = AtmScenarioCheck::ToRate(*r) / AtmCell::BITS;
        given = true;
    }
    if (const AtmJson* m = AtmScenarioCheck::Find(v, "mbs"))
    {
        c.mbs = m->get<uint32_t>();
        given = true;
    }
    if (const AtmJson* t = AtmScenarioCheck::Find(v, "cdvt"))
    {
        c.cdvt = AtmScenarioCheck::ToTime(*t);
        given = true;
    }
    if (const AtmJson* t = AtmScenarioCheck::Find(v, "tagging"))
    {
        c.tagging = t->get<bool>();
        given = true;
    }
    const bool needs = c.category == AtmServiceCategory::CBR || c.HasSustainedRate() ||
                       c.category == AtmServiceCategory::GFR;
    if (!needs && !given)
    {
        return; // the category alone
    }
    c.pcr = std::isfinite(vc.pcr) ? vc.pcr / AtmCell::BITS : 0;
    if (c.category == AtmServiceCategory::ABR || c.category == AtmServiceCategory::GFR)
    {
        c.mcr = vc.mcr / AtmCell::BITS;
    }
    const std::string error = c.GetConfigError();
    if (!error.empty())
    {
        // "Field = value: problem": the field is the file's key, lower case.
        std::string key = error.substr(0, error.find(' '));
        key[0] = static_cast<char>(std::tolower(key[0]));
        m_check.Error(AtmScenarioCheck::Child(path, key),
                      "(" + vc.category + " contract) " + error.substr(error.find(": ") + 2));
        return;
    }
    vc.contract = c;
}

void
AtmScenarioVcsParser::CheckAdmission()
{
    double overbooking = 1;
    for (const auto& [name, value] : m_sc.GetDefaults())
    {
        if (name == "ns3::AtmAdmissionControl::Overbooking")
        {
            overbooking = std::stod(value);
        }
    }
    // Bit/s committed per link and sending node; VCs in file order. A VC
    // with a contract and a second VC back (tcp's ACKs, ABR's backward RM
    // cells) books the way back too, as AtmVcHelper does.
    std::map<std::pair<std::size_t, std::string>, double> committed;
    for (std::size_t i = 0; i < m_sc.m_vcs.size(); ++i)
    {
        const AtmScenario::Vc& vc = m_sc.m_vcs[i];
        const double rate = vc.contract ? vc.contract->GetCommittedRate() * AtmCell::BITS : vc.mcr;
        std::vector<std::string> nodes = vc.path;
        const bool back = vc.contract && (vc.traffic.kind == "tcp" || vc.category == "ABR");
        for (std::size_t k = 0; rate > 0 && k + 1 < nodes.size(); ++k)
        {
            for (const bool reverse : {false, true})
            {
                const std::string& from = reverse ? nodes[k + 1] : nodes[k];
                const auto l = m_topology.linkOf.find(std::minmax(nodes[k], nodes[k + 1]));
                if ((reverse && !back) || l == m_topology.linkOf.end())
                {
                    continue; // reported
                }
                double& sum = committed[{l->second, from}];
                const double capacity = overbooking * m_topology.cellRate[l->second];
                if (capacity > 0 && sum + rate > capacity * (1 + 1e-9))
                {
                    std::ostringstream os;
                    os.precision(10);
                    os << "refused by connection admission control on link "
                       << m_topology.linkName[l->second] << " from '" << from << "': committed "
                       << sum << " + " << rate << " bit/s (" << vc.category
                       << (vc.contract ? "" : " MCR") << ") exceeds Overbooking " << overbooking
                       << " x its cell rate " << m_topology.cellRate[l->second] << " bit/s";
                    m_check.Error(AtmScenarioCheck::Index("vcs", i), os.str());
                    return;
                }
                sum += rate;
            }
        }
    }
}

void
AtmScenarioVcsParser::ParsePath(const AtmJson& v, const std::string& path, AtmScenario::Vc& vc)
{
    const AtmJson* p = AtmScenarioCheck::Find(v, "path");
    if (!p)
    {
        return; // reported
    }
    const std::string pp = AtmScenarioCheck::Child(path, "path");
    bool ok = true;
    for (std::size_t k = 0; k < p->size(); ++k)
    {
        const AtmJson& n = (*p)[k];
        const std::string np = AtmScenarioCheck::Index(pp, k);
        if (!n.is_string())
        {
            ok = false; // reported
            continue;
        }
        const std::string name = n.get<std::string>();
        vc.path.push_back(name);
        const auto node = m_topology.isSwitch.find(name);
        if (node == m_topology.isSwitch.end())
        {
            m_check.Error(np, "unknown node '" + name + "'");
            ok = false;
            continue;
        }
        const bool end = k == 0 || k + 1 == p->size();
        if (end && node->second)
        {
            m_check.Error(np, "'" + name + "' is a switch: a VC starts and ends at a host");
            ok = false;
        }
        if (!end && !node->second)
        {
            m_check.Error(np, "'" + name + "' is a host: only switches lie inside a VC's path");
            ok = false;
        }
        if (std::count(vc.path.begin(), vc.path.end(), name) > 1)
        {
            m_check.Error(np, "'" + name + "' appears twice in the path");
            ok = false;
        }
    }
    if (!ok)
    {
        return;
    }
    for (std::size_t k = 0; k + 1 < vc.path.size(); ++k)
    {
        if (m_topology.linkOf.count(std::minmax(vc.path[k], vc.path[k + 1])) == 0)
        {
            m_check.Error(AtmScenarioCheck::Index(pp, k + 1),
                          "VC path not connected: no link between '" + vc.path[k] + "' and '" +
                              vc.path[k + 1] + "'");
            return;
        }
    }
    const AtmJson* labels = AtmScenarioCheck::Find(v, "labels");
    if (!labels)
    {
        return;
    }
    const std::string lp = AtmScenarioCheck::Child(path, "labels");
    if (labels->size() != vc.path.size() - 1)
    {
        m_check.Error(lp,
                      "must be an array of " + std::to_string(vc.path.size() - 1) +
                          " [VPI, VCI] pairs, one per link of the path");
        return;
    }
    for (std::size_t k = 0; k < labels->size(); ++k)
    {
        const AtmJson& l = (*labels)[k];
        if (!AtmScenarioCheck::IsIntact(l))
        {
            continue; // reported
        }
        // A VPI has 8 bits at a host (UNI), 12 between switches (NNI).
        const bool nni =
            m_topology.isSwitch.at(vc.path[k]) && m_topology.isSwitch.at(vc.path[k + 1]);
        if (m_check.InRange(l[0],
                            AtmScenarioCheck::Index(AtmScenarioCheck::Index(lp, k), 0),
                            0,
                            nni ? 4095 : 255))
        {
            vc.labels.emplace_back(l[0].get<uint16_t>(), l[1].get<uint16_t>());
        }
    }
    if (vc.labels.size() != vc.path.size() - 1)
    {
        vc.labels.clear();
    }
}

void
AtmScenarioVcsParser::ParseTraffic(const AtmJson& v, const std::string& path, AtmScenario::Vc& vc)
{
    const AtmJson* t = AtmScenarioCheck::Find(v, "traffic");
    const std::string tp = AtmScenarioCheck::Child(path, "traffic");
    if (!t || !m_attributes.ReadComponent(*t, tp, "traffic", vc.traffic))
    {
        return; // reported
    }
    if (vc.traffic.kind != "tcp")
    {
        // Its fields beside type and attributes are those of tcp traffic.
        for (auto it = t->begin(); it != t->end(); ++it)
        {
            if (it.key() != "type" && it.key() != "attributes" && !it->is_discarded())
            {
                m_check.Error(AtmScenarioCheck::Child(tp, it.key()),
                              "only tcp traffic has this field");
            }
        }
        return;
    }
    ParseTcp(*t, path, vc);
    if (v.contains("labels"))
    {
        m_check.Error(AtmScenarioCheck::Child(path, "labels"),
                      "not with tcp traffic (its PVC's two VCs, one each way, get free labels)");
    }
}

void
AtmScenarioVcsParser::ParseTcp(const AtmJson& t, const std::string& path, AtmScenario::Vc& vc)
{
    const std::string tp = AtmScenarioCheck::Child(path, "traffic");
    if (const AtmJson* v = AtmScenarioCheck::Find(t, "variant"))
    {
        TypeId tid;
        std::string name = v->get<std::string>();
        name = name.rfind("ns3::", 0) == 0 ? name : "ns3::" + name;
        if (!TypeId::LookupByNameFailSafe(name, &tid) ||
            !tid.IsChildOf(TypeId::LookupByName("ns3::TcpCongestionOps")))
        {
            m_check.Error(AtmScenarioCheck::Child(tp, "variant"),
                          "= " + v->dump() +
                              ": not a TCP variant (the TypeId of an ns3::TcpCongestionOps "
                              "subclass, such as \"TcpNewReno\")");
        }
        else
        {
            vc.tcp.variant = name;
        }
    }
    if (const AtmJson* v = AtmScenarioCheck::Find(t, "window"))
    {
        vc.tcp.window = v->get<uint32_t>(); // no window scaling: at most 65535
    }
    if (const AtmJson* v = AtmScenarioCheck::Find(t, "mss"))
    {
        vc.tcp.mss = v->get<uint32_t>();
    }
    if (const AtmJson* v = AtmScenarioCheck::Find(t, "bytes"))
    {
        vc.tcpBytes = v->get<uint64_t>();
    }
    for (auto [key, out] : {std::make_pair("sack", &vc.tcp.sack),
                            std::make_pair("timestamps", &vc.tcp.timestamps),
                            std::make_pair("reno", &vc.tcp.reno)})
    {
        if (const AtmJson* v = AtmScenarioCheck::Find(t, key))
        {
            *out = v->get<bool>();
        }
    }
    CheckMss(path, vc);
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
            m_check.Error(tp,
                          "TCP settings differ from those of " + m_firstTcp +
                              " (every tcp VC of a scenario shares variant, window, mss, sack, "
                              "timestamps, reno and attributes: ns-3 sets them as socket "
                              "defaults)");
        }
        return;
    }
    m_firstTcp = tp;
}

void
AtmScenarioVcsParser::CheckMss(const std::string& path, const AtmScenario::Vc& vc)
{
    if (vc.path.size() < 2 || m_sc.m_links.size() != m_topology.linkName.size())
    {
        return; // its path, or a link, was reported
    }
    // A segment is an IPv4 packet of 20 + 20 header octets, 12 more with
    // timestamps; the MTU is the host ports' Mtu: their link's device
    // attribute, else attributeDefaults', else AtmNetDevice's default.
    const uint32_t packet = vc.tcp.mss + 40 + (vc.tcp.timestamps ? 12 : 0);
    TypeId::AttributeInformation info;
    TypeId::LookupByName("ns3::AtmNetDevice").LookupAttributeByName("Mtu", &info);
    std::string mtu = info.initialValue->SerializeToString(info.checker);
    std::string where = "AtmNetDevice's default Mtu";
    for (const auto& [name, value] : m_sc.m_defaults)
    {
        if (name == "ns3::AtmNetDevice::Mtu")
        {
            mtu = value;
            where = "attributeDefaults' ns3::AtmNetDevice::Mtu";
        }
    }
    for (const std::size_t k : {std::size_t(0), vc.path.size() - 2})
    {
        const auto l = m_topology.linkOf.find(std::minmax(vc.path[k], vc.path[k + 1]));
        if (l == m_topology.linkOf.end())
        {
            continue; // reported
        }
        std::string linkMtu = mtu;
        std::string linkWhere = where;
        for (const auto& [name, value] : m_sc.m_links[l->second].device.attributes)
        {
            if (name == "Mtu")
            {
                linkMtu = value;
                linkWhere = "the Mtu of link " + m_topology.linkName[l->second];
            }
        }
        const unsigned long octets = std::strtoul(linkMtu.c_str(), nullptr, 10);
        if (octets > 0 && packet > octets)
        {
            const std::string host = vc.path[k == 0 ? 0 : vc.path.size() - 1];
            m_check.Error(AtmScenarioCheck::Child(AtmScenarioCheck::Child(path, "traffic"), "mss"),
                          "= " + std::to_string(vc.tcp.mss) +
                              ": a segment with its IPv4 and TCP "
                              "headers is " +
                              std::to_string(packet) + " octets, above the MTU of '" + host +
                              "' (" + linkWhere + " = " + linkMtu +
                              "): AAL5 would drop every one; lower mss or raise Mtu");
            return;
        }
    }
}

void
AtmScenarioVcsParser::ParseAbr(const AtmJson& v, const std::string& path, AtmScenario::Vc& vc)
{
    vc.abrSource.typeId = "ns3::AtmAbrSource";
    vc.abrDestination.typeId = "ns3::AtmAbrDestination";
    const std::string ap = AtmScenarioCheck::Child(path, "abr");
    if (vc.category != "ABR")
    {
        if (v.contains("abr"))
        {
            m_check.Error(ap, "only an ABR VC (category \"ABR\") has this field");
        }
        return;
    }
    const AtmJson* abr = AtmScenarioCheck::Find(v, "abr");
    if (const AtmJson* s = abr ? AtmScenarioCheck::Find(*abr, "source") : nullptr)
    {
        m_attributes.ReadAttributes(*s,
                                    AtmScenarioCheck::Child(ap, "source"),
                                    TypeId::LookupByName(vc.abrSource.typeId),
                                    vc.abrSource.attributes);
        m_attributes.CheckConfig<AtmAbrSource>(vc.abrSource, AtmScenarioCheck::Child(ap, "source"));
    }
    if (const AtmJson* d = abr ? AtmScenarioCheck::Find(*abr, "destination") : nullptr)
    {
        m_attributes.ReadAttributes(*d,
                                    AtmScenarioCheck::Child(ap, "destination"),
                                    TypeId::LookupByName(vc.abrDestination.typeId),
                                    vc.abrDestination.attributes);
    }
}

} // namespace ns3
