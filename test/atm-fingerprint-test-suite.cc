/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Fingerprints of the cell path: the hash of the ordered (time, port, cell)
// sequence of every cell departure of representative runs, compared with the
// values stored in test/atm-fingerprints.txt. A change of the cell path that
// must not change results (a refactoring, the fast path) keeps them; a
// change that does change results is a reviewed decision: rerun with
// ATM_UPDATE_FINGERPRINTS=1 in the environment, which rewrites the file,
// and commit it with the reason.

#include "atm-test-scenarios.h"
#include "atm-test-suite.h"

#include "ns3/atm-fingerprint.h"
#include "ns3/atm-scenario-helper.h"
#include "ns3/atm-scenario.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// One run whose fingerprint is stored.
using FingerprintRun = AtmTestRun;

/// @return the runs, in file order
std::vector<FingerprintRun>
Runs()
{
    // The hub studies put no cell on an ATM link (their envelopes stay in
    // the hub), and the TCP runs depend on the release of ns-3's TCP (3.37
    // and 3.44 differ): atm-fast-path compares both paths on them instead.
    std::vector<FingerprintRun> runs = AtmPaperRuns(ATM_SOURCE_DIR);
    runs.erase(std::remove_if(
                   runs.begin(),
                   runs.end(),
                   [](const FingerprintRun& r) { return r.tcp || r.name.rfind("hub-", 0) == 0; }),
               runs.end());
    return runs;
}

/// @return where the stored fingerprints are
std::string
StoreFile()
{
    return std::string(ATM_SOURCE_DIR) + "/test/atm-fingerprints.txt";
}

/**
 * @return the stored fingerprints: name -> "hex cells"
 */
std::map<std::string, std::string>
ReadStore()
{
    std::map<std::string, std::string> stored;
    std::ifstream in(StoreFile());
    std::string line;
    while (std::getline(in, line))
    {
        if (line.empty() || line[0] == '#')
        {
            continue;
        }
        std::istringstream words(line);
        std::string name;
        std::string hex;
        std::string cells;
        if (words >> name >> hex >> cells)
        {
            stored[name] = hex + " " + cells;
        }
    }
    return stored;
}

/**
 * Run a scenario with a fingerprint on every port.
 * @param run what to run
 * @param[out] errors the scenario's load errors
 * @return "hex cells"
 */
std::string
Fingerprint(const FingerprintRun& run, std::vector<std::string>& errors)
{
    AtmScenario sc;
    errors = sc.Load(std::string(ATM_SOURCE_DIR) + "/" + run.file, run.params);
    if (!errors.empty())
    {
        return "";
    }
    AtmScenarioHelper helper;
    helper.Build(sc, sc.GetSeed(), sc.GetRun());
    AtmFingerprint fp;
    fp.InstallAll();
    helper.Run(false);
    Simulator::Destroy();
    return fp.GetHex() + " " + std::to_string(fp.GetNCells());
}

} // namespace

/**
 * @ingroup atm-tests
 * Each representative run departs exactly the stored cell sequence; and the
 * fingerprint sees a change of a single cell.
 */
class AtmFingerprintTestCase : public TestCase
{
  public:
    AtmFingerprintTestCase()
        : TestCase("Representative runs keep their stored cell-departure fingerprints")
    {
    }

  private:
    void DoRun() override
    {
        const bool update = std::getenv("ATM_UPDATE_FINGERPRINTS") != nullptr;
        const std::map<std::string, std::string> stored = ReadStore();
        std::ostringstream out;
        out << "# Cell-departure fingerprints (FNV-1a 64 of time, port, header, body of\n"
            << "# every cell put on a wire) and cell counts of the runs of\n"
            << "# test/atm-fingerprint-test-suite.cc. Regenerate with\n"
            << "# ATM_UPDATE_FINGERPRINTS=1 only for a change meant to change results.\n";
        for (const FingerprintRun& run : Runs())
        {
            std::vector<std::string> errors;
            const std::string got = Fingerprint(run, errors);
            NS_TEST_ASSERT_MSG_EQ(errors.size(),
                                  0,
                                  run.name << ": " << run.file << " did not load");
            out << run.name << " " << got << "\n";
            if (update)
            {
                continue;
            }
            auto it = stored.find(run.name);
            NS_TEST_EXPECT_MSG_EQ((it != stored.end()),
                                  true,
                                  run.name << ": no stored fingerprint in " << StoreFile());
            if (it != stored.end())
            {
                NS_TEST_EXPECT_MSG_EQ(got, it->second, run.name << ": the cell path changed");
            }
        }
        if (update)
        {
            std::ofstream f(StoreFile());
            f << out.str();
            NS_TEST_ASSERT_MSG_EQ(f.good(), true, "cannot write " << StoreFile());
        }
    }
};

/**
 * @ingroup atm-tests
 * The fingerprint is a function of the departures: the same run twice gives
 * the same value, and a run that differs in one parameter (one VC's buffer
 * share) gives another.
 */
class AtmFingerprintSensitivityTestCase : public TestCase
{
  public:
    AtmFingerprintSensitivityTestCase()
        : TestCase("The same run twice gives one fingerprint; a different run another")
    {
    }

  private:
    void DoRun() override
    {
        const FingerprintRun base = Runs().front();
        std::vector<std::string> errors;
        const std::string a = Fingerprint(base, errors);
        const std::string b = Fingerprint(base, errors);
        NS_TEST_EXPECT_MSG_EQ(a, b, "deterministic");
        FingerprintRun other = base;
        other.params["buffer"] = "999";
        const std::string c = Fingerprint(other, errors);
        NS_TEST_EXPECT_MSG_NE(a, c, "a 999-cell buffer instead of 1000 changes the departures");
    }
};

/**
 * @ingroup atm-tests
 * The cell-departure fingerprints.
 */
class AtmFingerprintTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmFingerprintTestSuite()
        : IsolatedTestSuite("atm-fingerprint", Type::UNIT)
    {
        AddTestCase(new AtmFingerprintTestCase);
        AddTestCase(new AtmFingerprintSensitivityTestCase);
    }
};

/// The suite's instance.
static AtmFingerprintTestSuite g_atmFingerprintTestSuite;
