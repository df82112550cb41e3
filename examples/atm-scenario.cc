/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * Runs one scenario file (JSON; schema in doc/atm.rst, "Scenario files"):
 * checks it completely first (every error names the file, the JSON path and
 * the problem, and then nothing runs), builds the network, runs it, prints
 * the measured rate of each VC beside its max-min fair rate, the link
 * utilizations and Jain's fairness index, and stores everything in an
 * SQLite database when --db is given.
 *
 * Usage: ./atm-scenario --scenario=examples/scenarios/gfc1.json
 *          [--params=queue=fifo,buffer=500] [--seed=2] [--run=3]
 *          [--db=results.db] [--key=...] [--progress] [--check]
 *        ./atm-scenario --print-schema
 *
 * --check only loads and checks the file (and its parameters) and says
 * whether it is valid; --print-schema prints the JSON Schema of scenario
 * files (AtmScenario::GetJsonSchema(), the text of
 * examples/scenarios/atm-scenario.schema.json).
 */

#include "ns3/atm-module.h"
#include "ns3/core-module.h"

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("AtmScenarioExample");

int
main(int argc, char* argv[])
{
    std::string file;
    std::string params;
    std::string db;
    std::string key;
    uint32_t seed = 0;
    uint64_t run = 0;
    bool progress = false;
    bool check = false;
    bool quiet = false;
    bool printSchema = false;

    CommandLine cmd(__FILE__);
    cmd.AddValue("scenario", "Scenario file (JSON)", file);
    cmd.AddValue("params",
                 "Parameter values, name=value[,name=value...] (no spaces: ns-3's CommandLine "
                 "keeps the first word)",
                 params);
    cmd.AddValue("seed", "RNG seed (0: the file's)", seed);
    cmd.AddValue("run", "RNG run number (0: the file's)", run);
    cmd.AddValue("db", "SQLite database to store the results in (empty: none)", db);
    cmd.AddValue("key",
                 "Key of the run in the database, one word (empty: scenario|parameters|seed|run)",
                 key);
    cmd.AddValue("progress", "Show the simulation's progress on stderr", progress);
    cmd.AddValue("check", "Only check the scenario file", check);
    cmd.AddValue("quiet", "Print nothing but errors", quiet);
    cmd.AddValue("print-schema", "Print the JSON Schema of scenario files and exit", printSchema);
    cmd.Parse(argc, argv);

    if (printSchema)
    {
        std::cout << AtmScenario::GetJsonSchema();
        return 0;
    }

    std::vector<std::string> errors;
    if (file.empty())
    {
        errors.emplace_back("atm-scenario: --scenario: no scenario file given");
    }
    const std::map<std::string, std::string> values = AtmScenario::ParseParams(params, errors);
    AtmScenario sc;
    if (errors.empty())
    {
        errors = sc.Load(file, values);
    }
    if (!errors.empty())
    {
        for (const std::string& e : errors)
        {
            std::cerr << "error: " << e << "\n";
        }
        std::cerr << errors.size() << " error(s): nothing was run\n";
        return 1;
    }
    if (check)
    {
        std::cout << file << ": valid\n";
        return 0;
    }
    seed = seed ? seed : sc.GetSeed();
    run = run ? run : sc.GetRun();
    if (key.empty())
    {
        key = sc.GetName() + "|" + sc.GetParamsText() + "|seed=" + std::to_string(seed) +
              "|run=" + std::to_string(run);
    }

    AtmScenarioHelper helper;
    helper.Build(sc, seed, run);
    helper.Run(progress);
    const AtmRunResults r = helper.GetResults(key);
    Simulator::Destroy();

    if (!quiet)
    {
        std::cout << "scenario " << r.scenario << " (" << file << "), parameters " << r.params
                  << ", seed " << seed << ", run " << run << "\nmeasured " << r.measureStart
                  << " s to " << r.measureStop << " s; " << r.events << " events in "
                  << std::setprecision(3) << r.wallSeconds << " s\n\n";
        std::cout << "VC       group  max-min Mb/s  measured Mb/s  measured/max-min  loss %\n";
        for (const AtmRunResults::Vc& v : r.vcs)
        {
            const double loss = v.sent ? 100.0 * v.dropped / v.sent : 0.0;
            std::cout << std::fixed << std::setprecision(2) << std::left << std::setw(9) << v.name
                      << std::setw(7) << v.group << std::right << std::setw(12) << v.idealBps / 1e6
                      << std::setw(15) << v.throughputBps / 1e6 << std::setw(18) << v.ratio
                      << std::setw(8) << loss << "\n";
        }
        std::cout << "\nswitch port           utilization  queue mean  queue max\n";
        const std::vector<std::string>& switches = sc.GetSwitches();
        for (const AtmRunResults::Link& l : r.links)
        {
            if (std::find(switches.begin(), switches.end(), l.from) != switches.end() &&
                l.cellsTx > 0)
            {
                std::cout << std::left << std::setw(22) << (l.from + "->" + l.to) << std::right
                          << std::setprecision(3) << std::setw(11) << l.utilization
                          << std::setprecision(1) << std::setw(12) << l.queueMean << std::setw(11)
                          << l.queueMax << "\n";
            }
        }
        for (const AtmRunResults::Hub& h : r.hubs)
        {
            std::cout << "\nbus hub " << h.hub << ": bus " << std::fixed << std::setprecision(2)
                      << h.busBps / 1e6 << " Mb/s, dummy envelopes " << h.dummyBps / 1e6
                      << " Mb/s, control buffer max " << h.controlBufferMax << ", loss "
                      << std::scientific << h.loss << std::fixed << "\n";
            std::cout << "stream   group  max-min Mb/s  goodput Mb/s  loss\n";
            for (const AtmRunResults::HubStream& s : r.hubStreams)
            {
                std::ostringstream ideal; // "-": a stream to every board has no max-min share
                ideal << std::fixed << std::setprecision(2) << s.idealBps / 1e6;
                std::cout << std::left << std::setw(9) << s.name << std::setw(7) << s.group
                          << std::right << std::setw(12) << (s.idealBps < 0 ? "-" : ideal.str())
                          << std::setw(14) << s.goodputBps / 1e6 << "  " << std::scientific
                          << s.loss << std::fixed << "\n";
            }
        }
        std::cout << "\nJain fairness index of measured/max-min over the " << r.vcs.size()
                  << " VCs: " << std::setprecision(3) << r.jain << "\n";
    }
    if (!db.empty())
    {
        AtmResultsWriter(db).Write(r);
        if (!quiet)
        {
            std::cout << "results stored in " << db << " (key \"" << key << "\")\n";
        }
    }
    return 0;
}
