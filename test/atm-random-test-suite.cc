/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Randomized invariants (AtmRandomNetwork): dozens of random small networks
// (every scheme: no flow control, credit static and adaptive, five ABR
// switch schemes; link errors on some) keep per-VC conservation at every
// sample, lose nothing under credit but to link errors, never exceed an
// allocation, and give byte-identical results when run again with the same
// seed and run number. utils/atm-random.sh runs thousands.

#include "atm-test-suite.h"

#include "ns3/atm-random-network.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <set>

using namespace ns3;

namespace
{

/**
 * @ingroup atm-tests
 * The invariants hold in 45 random networks, which between them draw
 * every scheme and some link errors.
 */
class AtmRandomInvariantsTestCase : public TestCase
{
  public:
    AtmRandomInvariantsTestCase()
        : TestCase("conservation, no loss under credit and allocations in 45 random networks")
    {
    }

  private:
    void DoRun() override
    {
        std::set<std::string> schemes;
        uint32_t withErrors = 0;
        for (uint64_t run = 1; run <= 45; ++run)
        {
            RngSeedManager::SetSeed(3);
            RngSeedManager::SetRun(run);
            AtmRandomNetwork net;
            net.Build();
            net.Run();
            schemes.insert(net.GetScheme());
            withErrors += (net.GetDescription().find("errors@") != std::string::npos) ? 1 : 0;
            NS_TEST_EXPECT_MSG_GT(net.GetCellsSent(), 0, "run " << run << ": traffic");
            NS_TEST_EXPECT_MSG_GT(net.GetNChecks(), 0, "run " << run << ": checked");
            for (const auto& v : net.GetViolations())
            {
                NS_TEST_EXPECT_MSG_EQ(v, "", "run " << run << ": " << net.GetDescription());
            }
            Simulator::Destroy();
        }
        NS_TEST_EXPECT_MSG_EQ(schemes.size(), 9, "every scheme drawn");
        NS_TEST_EXPECT_MSG_GT(withErrors, 3, "some networks with link errors");
    }
};

/**
 * @ingroup atm-tests
 * Two runs of the same seed and run number give byte-identical per-VC
 * results; another run number gives other results.
 */
class AtmRandomDeterminismTestCase : public TestCase
{
  public:
    AtmRandomDeterminismTestCase()
        : TestCase("the same seed and run number give byte-identical results")
    {
    }

  private:
    /**
     * @param run the run number
     * @return description and results of one run
     */
    std::string RunOnce(uint64_t run)
    {
        RngSeedManager::SetSeed(5);
        RngSeedManager::SetRun(run);
        AtmRandomNetwork net;
        net.Build();
        net.Run();
        const std::string r = net.GetDescription() + "\n" + net.GetResults();
        Simulator::Destroy();
        return r;
    }

    void DoRun() override
    {
        for (uint64_t run = 1; run <= 8; ++run)
        {
            const std::string a = RunOnce(run);
            const std::string b = RunOnce(run);
            NS_TEST_EXPECT_MSG_EQ(a, b, "run " << run << " repeated");
            NS_TEST_EXPECT_MSG_NE(a, RunOnce(run + 100), "run " << run << " vs another");
        }
    }
};

/**
 * @ingroup atm-tests
 * Randomized invariants.
 */
class AtmRandomTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmRandomTestSuite()
        : IsolatedTestSuite("atm-random", Type::UNIT)
    {
        AddTestCase(new AtmRandomInvariantsTestCase());
        AddTestCase(new AtmRandomDeterminismTestCase());
    }
};

/// The suite's instance.
AtmRandomTestSuite g_atmRandomTestSuite;

} // namespace
