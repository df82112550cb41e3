/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-scenario-measurement-parser.h"

#include <algorithm>

namespace ns3
{

AtmScenarioMeasurementParser::AtmScenarioMeasurementParser(AtmScenarioCheck& check, AtmScenario& sc)
    : m_check(check),
      m_sc(sc)
{
}

void
AtmScenarioMeasurementParser::Parse(const AtmJson& root)
{
    if (const AtmJson* m = AtmScenarioCheck::Find(root, "measurement"))
    {
        ParseWindow(*m);
    }
    if (const AtmJson* ts = AtmScenarioCheck::Find(root, "timeSeries"))
    {
        ParseSeries(*ts);
    }
}

void
AtmScenarioMeasurementParser::ParseWindow(const AtmJson& m)
{
    const AtmJson* start = AtmScenarioCheck::Find(m, "start");
    const AtmJson* stop = AtmScenarioCheck::Find(m, "stop");
    if (!start || !stop)
    {
        return; // reported
    }
    m_sc.m_measureStart = AtmScenarioCheck::ToTime(*start);
    m_sc.m_measureStop = AtmScenarioCheck::ToTime(*stop);
    if (m_sc.m_measureStop <= m_sc.m_measureStart)
    {
        m_check.Error("measurement.stop", "must be after measurement.start");
    }
    m_sc.m_end = m_sc.m_measureStop;
    if (const AtmJson* end = AtmScenarioCheck::Find(m, "end"))
    {
        m_sc.m_end = AtmScenarioCheck::ToTime(*end);
        if (m_sc.m_end < m_sc.m_measureStop)
        {
            m_check.Error("measurement.end", "must not be before measurement.stop");
        }
    }
}

void
AtmScenarioMeasurementParser::ParseSeries(const AtmJson& ts)
{
    if (const AtmJson* i = AtmScenarioCheck::Find(ts, "interval"))
    {
        m_sc.m_seriesInterval = AtmScenarioCheck::ToTime(*i);
        if (m_sc.m_seriesInterval.IsZero())
        {
            m_check.Error("timeSeries.interval", "must be positive");
        }
    }
    const auto link = [this](const std::string& name) {
        return std::any_of(m_sc.m_links.begin(),
                           m_sc.m_links.end(),
                           [&name](const AtmScenario::Link& l) { return l.name == name; });
    };
    // A VC of that name; abr: of category ABR; tcp: with tcp traffic.
    const auto vc = [this](const std::string& name, bool abr, bool tcp) {
        return std::any_of(m_sc.m_vcs.begin(), m_sc.m_vcs.end(), [&](const AtmScenario::Vc& v) {
            return v.name == name && (!abr || v.category == "ABR") &&
                   (!tcp || v.traffic.kind == "tcp");
        });
    };
    const AtmJson* queue = AtmScenarioCheck::Find(ts, "queue");
    if (queue && queue->is_string()) // "all"
    {
        for (const AtmScenario::Link& l : m_sc.m_links)
        {
            m_sc.m_queueSeries.push_back(l.name);
        }
    }
    else
    {
        ParseNames(ts, "queue", link, "unknown link ", m_sc.m_queueSeries);
    }
    ParseNames(
        ts,
        "acr",
        [&vc](const std::string& name) { return vc(name, true, false); },
        "no ABR VC named ",
        m_sc.m_acrSeries);
    ParseNames(
        ts,
        "credit",
        [&vc](const std::string& name) { return vc(name, false, false); },
        "no VC named ",
        m_sc.m_creditSeries);
    ParseNames(
        ts,
        "goodput",
        [&vc](const std::string& name) { return vc(name, false, true); },
        "no tcp VC named ",
        m_sc.m_goodputSeries);
}

void
AtmScenarioMeasurementParser::ParseNames(const AtmJson& ts,
                                         const std::string& field,
                                         const std::function<bool(const std::string&)>& known,
                                         const std::string& problem,
                                         std::vector<std::string>& out)
{
    const AtmJson* names = AtmScenarioCheck::Find(ts, field);
    const std::string path = AtmScenarioCheck::Child("timeSeries", field);
    for (std::size_t k = 0; names && k < names->size(); ++k)
    {
        const AtmJson& n = (*names)[k];
        if (!n.is_string())
        {
            continue; // reported
        }
        if (!known(n.get<std::string>()))
        {
            m_check.Error(AtmScenarioCheck::Index(path, k), problem + n.dump());
            continue;
        }
        out.push_back(n.get<std::string>());
    }
}

} // namespace ns3
