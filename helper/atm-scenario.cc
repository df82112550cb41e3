/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-scenario.h"

#include "atm-scenario-attributes.h"
#include "atm-scenario-backbone.h"
#include "atm-scenario-check.h"
#include "atm-scenario-hub-parser.h"
#include "atm-scenario-json-schema.h"
#include "atm-scenario-measurement-parser.h"
#include "atm-scenario-nodes-parser.h"
#include "atm-scenario-params.h"
#include "atm-scenario-schema.h"
#include "atm-scenario-vcs-parser.h"

#include "ns3/log.h"

#include <fstream>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmScenario");

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

namespace
{
/**
 * @brief A number in (0, 1] of the "ideal" section (a number or a string
 *        holding one), 1 when absent.
 * @param check the checker, for errors
 * @param ideal the section
 * @param key the field
 * @return the number, or 1 after an error
 */
double
ReadFraction(AtmScenarioCheck& check, const AtmJson& ideal, const std::string& key)
{
    const AtmJson* v = AtmScenarioCheck::Find(ideal, key);
    if (!v)
    {
        return 1;
    }
    double x = 0;
    if (v->is_number())
    {
        x = v->get<double>();
    }
    else if (v->is_string())
    {
        std::istringstream is(v->get<std::string>());
        is >> x;
        if (!is || !is.eof())
        {
            x = 0;
        }
    }
    if (!(x > 0 && x <= 1))
    {
        check.Error(AtmScenarioCheck::Child("ideal", key),
                    "must be a number in (0, 1], not " + v->dump());
        return 1;
    }
    return x;
}
} // namespace

std::vector<std::string>
AtmScenario::LoadText(const std::string& text,
                      const std::string& file,
                      const std::map<std::string, std::string>& params)
{
    NS_LOG_FUNCTION(this << file);
    *this = AtmScenario();
    m_file = file;
    std::vector<std::string> errors;
    AtmScenarioCheck check(file, errors);
    AtmJson root;
    if (!check.Parse(text, root))
    {
        return errors;
    }
    // Parameters first: a "${name}" may stand for a value of any type.
    if (root.is_object())
    {
        m_params = AtmScenarioParams(check).Resolve(root, params).dump();
    }
    m_resolved = root.dump();
    // A backbone section's network joins the file's own, to be checked with it.
    if (!AtmScenarioBackbone::Expand(check, root))
    {
        return errors;
    }
    // The declaration's checks, then each section's own (its values checked).
    if (!check.Check(root, "", AtmScenarioSchema::GetRoot()))
    {
        return errors;
    }
    if (const AtmJson* name = AtmScenarioCheck::Find(root, "name"))
    {
        m_name = name->get<std::string>();
    }
    if (const AtmJson* seed = AtmScenarioCheck::Find(root, "seed"))
    {
        m_seed = seed->get<uint32_t>();
    }
    if (const AtmJson* run = AtmScenarioCheck::Find(root, "run"))
    {
        m_run = run->get<uint64_t>();
    }
    if (const AtmJson* fairness = AtmScenarioCheck::Find(root, "fairness"))
    {
        // The declaration allows these names only.
        for (const auto& [name, criterion] : AtmScenarioSchema::GetFairnessCriteria())
        {
            if (name == fairness->get<std::string>())
            {
                m_fairness = criterion;
            }
        }
    }
    if (const AtmJson* ideal = AtmScenarioCheck::Find(root, "ideal"))
    {
        m_idealUtilization = ReadFraction(check, *ideal, "utilization");
        m_idealDataFraction = ReadFraction(check, *ideal, "dataFraction");
    }
    AtmScenarioAttributes attributes(check);
    if (const AtmJson* defaults = AtmScenarioCheck::Find(root, "attributeDefaults"))
    {
        attributes.ReadDefaults(*defaults, "attributeDefaults", m_defaults);
    }
    if (const AtmJson* ipQueueDisc = AtmScenarioCheck::Find(root, "ipQueueDisc"))
    {
        attributes.ReadComponent(*ipQueueDisc, "ipQueueDisc", "ipQueueDisc", m_ipQueueDisc);
    }
    AtmScenarioTopology topology;
    AtmScenarioNodesParser(check, attributes, *this, topology).Parse(root);
    AtmScenarioVcsParser(check, attributes, *this, topology).Parse(root);
    AtmScenarioHubParser(check, attributes, *this).Parse(root);
    AtmScenarioMeasurementParser(check, *this).Parse(root);
    return errors;
}

std::map<std::string, std::string>
AtmScenario::ParseParams(const std::string& text, std::vector<std::string>& errors)
{
    return AtmScenarioParams::Split(text, errors);
}

std::string
AtmScenario::GetJsonSchema()
{
    return AtmScenarioJsonSchema::Get();
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

AtmMaxMinOracle::Criterion
AtmScenario::GetFairness() const
{
    return m_fairness;
}

double
AtmScenario::GetIdealUtilization() const
{
    return m_idealUtilization;
}

double
AtmScenario::GetIdealDataFraction() const
{
    return m_idealDataFraction;
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

const AtmScenario::Component&
AtmScenario::GetIpQueueDisc() const
{
    return m_ipQueueDisc;
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
