/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TEST_SUITE_H
#define ATM_TEST_SUITE_H

// The base of the module's test suites. ns-3.42 and newer restore every
// attribute default and global value before and after each test case;
// older releases (3.37 here) do not, so a suite that sets TCP defaults
// (scenario runs, AtmTcpSettings, Config::SetDefault) changed what a later
// suite got when all of them ran in one process (a bare atm-test-runner):
// atm-ip's transfer of 1000000 octets then received 466140. CTest and
// ns-3's test.py run each suite in its own process and never saw it.

#include "ns3/config.h"
#include "ns3/test.h"

#include <string>
#include <utility>

namespace ns3
{
namespace atmtest
{

/**
 * A TestSuite that restores ns-3's attribute defaults and global values
 * when it ends (Config::Reset), on every ns-3 release.
 */
class IsolatedTestSuite : public TestSuite
{
  public:
    /**
     * @param name the suite's name
     * @param type its type
     */
    IsolatedTestSuite(std::string name, Type type)
        : TestSuite(std::move(name), type)
    {
    }

  private:
    void DoTeardown() override
    {
        Config::Reset();
    }
};

} // namespace atmtest
} // namespace ns3

#endif /* ATM_TEST_SUITE_H */
