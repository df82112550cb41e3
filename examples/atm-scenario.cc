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
 *
 * Built where ns-3 has its mpi module, it also runs on MPI ranks:
 *   mpirun -np 2 ./atm-scenario --scenario=examples/scenarios/backbone.json
 * AtmRankHelper gives the switches to ranks along the longest links
 * between them (a host goes with its switch), ns-3's granted-time-window
 * engine runs them
 * (--SimulatorImplementationType=ns3::NullMessageSimulatorImpl: the
 * null-message engine) with the cell path's events in a cell calendar
 * (ns3::AtmCellScheduler, unless --SchedulerType names another), and rank 0 prints and stores the
 * whole run's results, the same as one process's (AtmScenarioHelper::SetRanks).
 * --fingerprint adds a line with a digest of every port's AtmFingerprint
 * (each port's cell departures: times, headers and bodies), taken on the
 * port's rank: one process and any number of ranks print the same line
 * when every port sent the same cells at the same instants.
 */

#include "ns3/atm-module.h"
#include "ns3/core-module.h"

#ifdef ATM_HAVE_MPI
#include "ns3/mpi-interface.h"

#include <mpi.h>
#endif

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("AtmScenarioExample");

namespace
{
/**
 * @brief Start MPI, and ns-3's distributed engine when there are several
 *        ranks (before anything is built).
 * @param argc the number of arguments
 * @param argv the arguments
 * @return the number of ranks (1 without MPI)
 */
uint32_t
StartRanks([[maybe_unused]] int& argc, [[maybe_unused]] char**& argv)
{
#ifdef ATM_HAVE_MPI
    MPI_Init(&argc, &argv);
    int size = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size > 1)
    {
        StringValue type;
        GlobalValue::GetValueByName("SimulatorImplementationType", type);
        if (type.Get() != "ns3::NullMessageSimulatorImpl")
        {
            GlobalValue::Bind("SimulatorImplementationType",
                              StringValue("ns3::DistributedSimulatorImpl"));
        }
        // The cell path's events in a cell calendar on every rank.
        AtmCellScheduler::SelectByDefault();
        MpiInterface::Enable(MPI_COMM_WORLD);
    }
    return static_cast<uint32_t>(size);
#else
    return 1;
#endif
}

/// Each port of this rank's nodes and its fingerprint, by node id and interface.
using PortFingerprints = std::map<std::pair<uint32_t, uint32_t>, std::unique_ptr<AtmFingerprint>>;

/**
 * @brief Watch every port of this rank's nodes.
 * @return the fingerprints
 */
PortFingerprints
InstallFingerprints()
{
    PortFingerprints ports;
    for (const Ptr<AtmNetDevice>& d : AtmHelper::GetAllDevices())
    {
        if (d->GetNode()->GetSystemId() == Simulator::GetSystemId())
        {
            auto& fp = ports[{d->GetNode()->GetId(), d->GetIfIndex()}];
            fp = std::make_unique<AtmFingerprint>();
            fp->Install(d);
        }
    }
    return ports;
}

/**
 * @brief The ports' fingerprints of every rank, combined on rank 0 (a
 *        collective call on ranks).
 * @param ports this rank's
 * @return on rank 0: "cell-departure fingerprint HEX of N cells on P ports"
 */
std::string
CombineFingerprints(const PortFingerprints& ports)
{
    std::ostringstream mine;
    for (const auto& [port, fp] : ports)
    {
        mine << std::setw(10) << std::setfill('0') << port.first << " " << std::setw(5)
             << port.second << " " << fp->GetHex() << " " << fp->GetNCells() << "\n";
    }
    std::vector<std::string> lines;
    for (const std::string& rank : AtmRankResults::Gather(mine.str()))
    {
        std::istringstream in(rank);
        for (std::string line; std::getline(in, line);)
        {
            lines.push_back(line);
        }
    }
    std::sort(lines.begin(), lines.end()); // by node id and interface
    std::string all;
    uint64_t cells = 0;
    for (const std::string& line : lines)
    {
        all += line + "\n";
        cells += std::stoull(line.substr(line.rfind(' ') + 1));
    }
    const uint64_t digest = AtmFingerprint::HashText(all);
    std::ostringstream os;
    os << "cell-departure fingerprint " << std::hex << std::setw(16) << std::setfill('0') << digest
       << std::dec << " of " << cells << " cells on " << lines.size() << " ports";
    return os.str();
}

/**
 * @brief Stop what StartRanks() started.
 * @param ranks its result
 */
void
StopRanks([[maybe_unused]] uint32_t ranks)
{
#ifdef ATM_HAVE_MPI
    if (ranks > 1)
    {
        MpiInterface::Disable();
    }
    MPI_Finalize();
#endif
}
} // namespace

int
main(int argc, char* argv[])
{
    // The cell engine runs the cell path's events (--SimulatorImplementationType
    // chooses another simulator implementation).
    AtmSimulatorImpl::SelectByDefault();
    AtmScenarioCommandLine options;
    CommandLine cmd(__FILE__);
    options.AddTo(cmd);
    // Everything checked before anything runs.
    std::vector<std::string> errors = AtmScenarioCommandLine::CheckArguments(argc, argv);
    if (errors.empty())
    {
        cmd.Parse(argc, argv);
        errors = options.Check();
    }
    if (options.printSchema && errors.empty())
    {
        std::cout << AtmScenario::GetJsonSchema();
        return 0;
    }
    const std::string& file = options.file;
    AtmScenario sc;
    if (errors.empty())
    {
        errors = sc.Load(file, options.values);
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
    if (options.check)
    {
        std::cout << file << ": valid\n";
        return 0;
    }
    const uint32_t seed = options.seed ? options.seed : sc.GetSeed();
    const uint64_t run = options.run ? options.run : sc.GetRun();
    std::string key = options.key;
    if (key.empty())
    {
        key = sc.GetName() + "|" + sc.GetParamsText() + "|seed=" + std::to_string(seed) +
              "|run=" + std::to_string(run);
    }

    const uint32_t ranks = StartRanks(argc, argv);
    AtmScenarioHelper helper;
    helper.SetRanks(ranks);
    helper.Build(sc, seed, run);
    const PortFingerprints ports = options.fingerprint ? InstallFingerprints() : PortFingerprints();
    helper.Run(options.progress);
    const AtmRunResults r = helper.GetResults(key); // on ranks: collective
    const std::string fingerprint = options.fingerprint ? CombineFingerprints(ports) : "";
    const bool rankZero = Simulator::GetSystemId() == 0;
    Simulator::Destroy();
    StopRanks(ranks);
    if (!rankZero)
    {
        return 0; // rank 0 has the whole run's results
    }

    if (!options.quiet)
    {
        if (ranks > 1)
        {
            std::cout << "on " << ranks << " MPI ranks; " << helper.GetRankDescription() << "\n";
        }
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
        if (options.fingerprint)
        {
            std::cout << fingerprint << "\n";
        }
    }
    if (!options.db.empty())
    {
        AtmResultsWriter(options.db).Write(r);
        if (!options.quiet)
        {
            std::cout << "results stored in " << options.db << " (key \"" << key << "\")\n";
        }
    }
    return 0;
}
