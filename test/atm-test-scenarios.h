/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TEST_SCENARIOS_H
#define ATM_TEST_SCENARIOS_H

// The representative runs of the cell-path suites (atm-fingerprint,
// atm-fast-path): GFC-1 with each queue and credit scheme, and every other
// paper configuration of examples/scenarios/, each over a short window.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ns3
{

/// One scenario run of the cell-path suites.
struct AtmTestRun
{
    std::string name;                          //!< key (fingerprint file, messages)
    std::string file;                          //!< scenario, relative to the module
    std::map<std::string, std::string> params; //!< parameter values
    bool tcp = false;                          //!< some VC carries ns-3's TCP
};

/**
 * @param sourceDir the module's source directory
 * @return the runs, GFC-1's first, then the other scenario files by name
 */
inline std::vector<AtmTestRun>
AtmPaperRuns(const std::string& sourceDir)
{
    const std::map<std::string, std::string> shortGfc = {{"start", "0.001s"},
                                                         {"stop", "0.02s"},
                                                         {"end", "0.02s"}};
    std::vector<AtmTestRun> runs;
    auto gfc = [&](const std::string& name, std::map<std::string, std::string> p) {
        p.insert(shortGfc.begin(), shortGfc.end());
        runs.push_back({name, "examples/scenarios/gfc1.json", p});
    };
    gfc("gfc1-fifo", {{"queue", "fifo"}, {"queue_attributes", "{}"}});
    gfc("gfc1-pervc", {});
    gfc("gfc1-credit-static", {{"flow_control", "credit"}});
    gfc("gfc1-credit-adaptive", {{"flow_control", "credit-adaptive"}});

    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(sourceDir + "/examples/scenarios"))
    {
        const std::string name = entry.path().stem().string();
        // Not runs: the reproduction registry, the scenario files' JSON Schema.
        if (entry.path().extension() == ".json" && name != "reproduce" && name != "gfc1" &&
            name != "atm-scenario.schema")
        {
            names.push_back(name);
        }
    }
    std::sort(names.begin(), names.end());
    for (const std::string& name : names)
    {
        // Every paper configuration has a measurement window in parameters
        // start and stop (and end, where the file has it): 45 ms of it.
        const std::string file = "examples/scenarios/" + name + ".json";
        std::ifstream in(sourceDir + "/" + file);
        const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
        std::map<std::string, std::string> p = {{"start", "0.005s"}, {"stop", "0.05s"}};
        if (j.contains("parameters") && j["parameters"].contains("end"))
        {
            p["end"] = "0.05s";
        }
        bool tcp = false;
        if (j.contains("vcs") && j["vcs"].is_array())
        {
            for (const auto& vc : j["vcs"])
            {
                tcp = tcp || (vc.contains("traffic") && vc["traffic"].contains("type") &&
                              vc["traffic"]["type"] == "tcp");
            }
        }
        if (name == "backbone")
        {
            // 200 switches and 100 000 VCs by default: 12 switches, 64 VCs.
            p.insert(
                {{"rings", "3"}, {"ringSize", "4"}, {"ubr", "30"}, {"abr", "30"}, {"tcp", "4"}});
            tcp = true;
        }
        runs.push_back({name, file, p, tcp});
        if (name == "backbone")
        {
            // Its cells alone (ns-3's TCP differs between releases).
            p["tcp"] = "0";
            runs.push_back({name + "-cells", file, p, false});
        }
        if (name == "zqfc-fig2")
        {
            // Link credit alone, no per-VC credit (row L1).
            p.insert({{"fc", "link-credit"},
                      {"fc_attributes", "{}"},
                      {"s01_fc", "link-credit"},
                      {"s01_fc_attributes", "{}"},
                      {"buffer", "160"}});
            runs.push_back({name + "-link-credit", file, p, tcp});
        }
    }
    return runs;
}

} // namespace ns3

#endif /* ATM_TEST_SCENARIOS_H */
