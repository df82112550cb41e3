/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Randomized invariants: runs random small ATM networks (AtmRandomNetwork:
// 1-4 switches, 1-6 VCs, no flow control, credit or ABR, greedy / CBR /
// on-off sources, link errors) and checks per-VC conservation, no loss
// under credit, occupancy within allocations and, with --twice, that a
// second run of the same seed and run number gives byte-identical
// results. With --aligned, rates, delays (zero among them) and start times
// lie on a grid of cell times, so that many events coincide. One line per
// run; exit status 1 if any invariant failed.
//
//   atm-random --seed=1 --first=1 --count=1000 --twice=1 [--aligned=1]
//
// utils/atm-random.sh runs thousands in parallel and also compares two
// separate processes' output.

#include "ns3/atm-random-network.h"
#include "ns3/atm-simulator-impl.h"
#include "ns3/command-line.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"

#include <iostream>
#include <map>

using namespace ns3;

int
main(int argc, char* argv[])
{
    // The cell engine runs the cell path's events (--SimulatorImplementationType
    // chooses another simulator implementation).
    AtmSimulatorImpl::SelectByDefault();
    uint32_t seed = 1;
    uint64_t first = 1;
    uint64_t count = 10;
    bool twice = false;
    bool verbose = false;
    bool aligned = false;
    CommandLine cmd(__FILE__);
    cmd.AddValue("seed", "RNG seed", seed);
    cmd.AddValue("first", "first run number", first);
    cmd.AddValue("count", "how many runs (run numbers first, first + 1, ...)", count);
    cmd.AddValue("twice", "run each network twice and compare the results", twice);
    cmd.AddValue("verbose", "print each network's per-VC results", verbose);
    cmd.AddValue("aligned",
                 "times on a grid of cell times, so that events coincide "
                 "(AtmRandomNetwork::SetAligned)",
                 aligned);
    cmd.Parse(argc, argv);

    uint64_t failed = 0;
    uint64_t checks = 0;
    uint64_t cells = 0;
    std::map<std::string, uint64_t> schemes;
    for (uint64_t run = first; run < first + count; ++run)
    {
        std::string results[2];
        std::vector<std::string> violations;
        for (int k = 0; k < (twice ? 2 : 1); ++k)
        {
            RngSeedManager::SetSeed(seed);
            RngSeedManager::SetRun(run);
            AtmRandomNetwork n;
            n.SetAligned(aligned);
            n.Build();
            n.Run();
            results[k] = n.GetDescription() + "\n" + n.GetResults();
            for (const auto& v : n.GetViolations())
            {
                violations.push_back(v);
            }
            if (k == 0)
            {
                checks += n.GetNChecks();
                cells += n.GetCellsSent();
                ++schemes[n.GetScheme()];
                std::cout << "run " << run << ": " << n.GetDescription();
            }
            Simulator::Destroy();
        }
        if (twice && results[0] != results[1])
        {
            violations.emplace_back("not deterministic: a second run gave other results");
        }
        std::cout << (violations.empty() ? " OK" : " VIOLATED") << "\n";
        if (verbose)
        {
            std::cout << results[0].substr(results[0].find('\n') + 1);
        }
        for (const auto& v : violations)
        {
            std::cout << "  " << v << "\n";
        }
        failed += violations.empty() ? 0 : 1;
    }
    std::cout << "random networks: " << count << " run, " << failed << " with a violation; "
              << checks << " invariant checks, " << cells << " cells sent; schemes:";
    for (const auto& [s, n] : schemes)
    {
        std::cout << " " << s << "=" << n;
    }
    std::cout << "\n";
    return failed == 0 ? 0 : 1;
}
