/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of AtmMaxMinOracle against allocations computed by hand: GFC-1
// (the rates of ATM Forum 94-0557 and Kung Table 1), and a parking lot
// where one flow is held by its peak rate (PCR) and another by its minimum
// rate (MCR), which changes what the long flow gets; a PCR met after a link
// filled; the CAB number of Kung and Wang's Fig. 9. Also Jain's index.

#include "atm-test-suite.h"

#include "ns3/atm-max-min-oracle.h"
#include "ns3/test.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/**
 * @ingroup atm-tests
 * GFC-1: trunks 1/3, 1, 1, 2/3; host links 1; groups A(3) S1-S4, B(3)
 * S2-S5, C(3) S3-S4, D(6) S1-S2, E(6) S4-S5, F(2) S2-S3. By hand: S1-S2
 * is shared by 9 VCs (A, D): 1/27 each. S4-S5 by B and E (9 VCs, 2/3):
 * 2/27 each. S3-S4 then holds A (3/27), B (6/27) and C: C = (1 - 9/27)/3
 * = 2/9. S2-S3 holds A, B and F: F = (1 - 9/27)/2 = 1/3.
 */
class AtmOracleGfc1TestCase : public TestCase
{
  public:
    AtmOracleGfc1TestCase()
        : TestCase("GFC-1: A = D = 1 of 27, B = E = 2 of 27, C = 2 of 9, F = 1 of 3")
    {
    }

  private:
    void DoRun() override
    {
        AtmMaxMinOracle oracle;
        const double trunk[] = {1.0 / 3, 1.0, 1.0, 2.0 / 3};
        for (double c : trunk)
        {
            oracle.AddLink(c);
        }

        struct Group
        {
            uint32_t n;
            uint32_t from;
            uint32_t to;
            double expected;
        };

        const Group groups[] = {{3, 1, 4, 1.0 / 27},
                                {3, 2, 5, 2.0 / 27},
                                {3, 3, 4, 2.0 / 9},
                                {6, 1, 2, 1.0 / 27},
                                {6, 4, 5, 2.0 / 27},
                                {2, 2, 3, 1.0 / 3}};
        std::vector<double> expected;
        for (const Group& g : groups)
        {
            for (uint32_t k = 0; k < g.n; ++k)
            {
                // Each VC's own host links (capacity 1) as links of the oracle.
                std::vector<uint32_t> links{oracle.AddLink(1.0), oracle.AddLink(1.0)};
                for (uint32_t s = g.from; s < g.to; ++s)
                {
                    links.push_back(s - 1);
                }
                oracle.AddFlow(links);
                expected.push_back(g.expected);
            }
        }
        const std::vector<double> rate = oracle.Solve();
        NS_TEST_ASSERT_MSG_EQ(rate.size(), 23, "one rate per VC");
        for (std::size_t f = 0; f < rate.size(); ++f)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(rate[f], expected[f], 1e-9, "VC " << f);
        }
    }
};

/**
 * @ingroup atm-tests
 * Parking lot: links L0, L1, L2 of capacity 10; flow 0 crosses all three,
 * flows 1, 2, 3 one each. Flow 1 has PCR 2, flow 3 has MCR 7. By hand: the
 * level rises to 2 (flow 1 stops at its PCR), then to 3, where L2 fills
 * with flow 0 at 3 and flow 3 held at its MCR 7; flow 2 takes the rest of
 * L1: 7. Without the MCR flow 0 would get 5 and without the PCR flow 1 5.
 */
class AtmOracleParkingLotTestCase : public TestCase
{
  public:
    AtmOracleParkingLotTestCase()
        : TestCase("parking lot with a PCR and an MCR: 3, 2, 7, 7")
    {
    }

  private:
    void DoRun() override
    {
        AtmMaxMinOracle oracle;
        for (uint32_t l = 0; l < 3; ++l)
        {
            oracle.AddLink(10);
        }
        const double inf = std::numeric_limits<double>::infinity();
        oracle.AddFlow({0, 1, 2});
        oracle.AddFlow({0}, 2.0);
        oracle.AddFlow({1});
        oracle.AddFlow({2}, inf, 7.0);
        const std::vector<double> rate = oracle.Solve();
        const double expected[] = {3, 2, 7, 7};
        for (uint32_t f = 0; f < 4; ++f)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(rate[f], expected[f], 1e-9, "flow " << f);
        }

        // The plain parking lot, by hand: 10/2 = 5 for everybody.
        AtmMaxMinOracle plain;
        for (uint32_t l = 0; l < 3; ++l)
        {
            plain.AddLink(10);
        }
        plain.AddFlow({0, 1, 2});
        plain.AddFlow({0});
        plain.AddFlow({1});
        plain.AddFlow({2});
        for (double r : plain.Solve())
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(r, 5.0, 1e-9, "plain parking lot");
        }

        // An MCR below the max-min share changes nothing; one above the
        // level of a link that fills first holds its flow there: flows 0
        // and 1 share a link of 10, flow 1 has MCR 8 -> 2 and 8.
        AtmMaxMinOracle held;
        held.AddLink(10);
        held.AddFlow({0}, inf, 1.0);
        held.AddFlow({0}, inf, 8.0);
        const std::vector<double> h = held.Solve();
        NS_TEST_EXPECT_MSG_EQ_TOL(h[0], 2.0, 1e-9, "the other flow gets what the MCR leaves");
        NS_TEST_EXPECT_MSG_EQ_TOL(h[1], 8.0, 1e-9, "held at its MCR");
    }
};

/**
 * @ingroup atm-tests
 * A PCR met after the first event: L0 (2) carries flows 0 and 1, L1 (10)
 * flows 2 (PCR 3) and 3. By hand: at level 1 L0 fills (flows 0, 1 at 1);
 * flow 2 rises 2 more to its PCR 3; flow 3 takes the rest of L1: 7.
 */
class AtmOracleLatePcrTestCase : public TestCase
{
  public:
    AtmOracleLatePcrTestCase()
        : TestCase("a PCR met after a link filled: 1, 1, 3, 7")
    {
    }

  private:
    void DoRun() override
    {
        AtmMaxMinOracle oracle;
        oracle.AddLink(2);
        oracle.AddLink(10);
        oracle.AddFlow({0});
        oracle.AddFlow({0});
        oracle.AddFlow({1}, 3.0);
        oracle.AddFlow({1});
        const std::vector<double> rate = oracle.Solve();
        const double expected[] = {1, 1, 3, 7};
        for (uint32_t f = 0; f < 4; ++f)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(rate[f], expected[f], 1e-9, "flow " << f);
        }
    }
};

/**
 * @ingroup atm-tests
 * The CAB number (Kung and Wang, section 7.1) of (S0, S1) in their Fig. 9
 * as examples/scenarios/zqfc-tcp-fig9.json builds it: three flows over
 * (S0, S1), leaving S1 on links of capacity 1 shared with 5, 2 and 1
 * cross flows, so with (S0, S1) lifted they get 1/6 + 1/3 + 1/2 = 1. With
 * (S0, S1) at 2, 1, 1/2, 1/4, 1/8 the CAB number is 0.5, 1, 2, 4, 8: the
 * column of their Table 2. A link no flow crosses has CAB number 0.
 */
class AtmOracleCabNumberTestCase : public TestCase
{
  public:
    AtmOracleCabNumberTestCase()
        : TestCase("CAB number of (S0, S1) in Kung-Wang Fig. 9: 0.5, 1, 2, 4, 8 (Table 2)")
    {
    }

  private:
    void DoRun() override
    {
        const double capacity[] = {2, 1, 0.5, 0.25, 0.125};
        const double cab[] = {0.5, 1, 2, 4, 8};
        for (int i = 0; i < 5; ++i)
        {
            AtmMaxMinOracle oracle;
            const uint32_t s01 = oracle.AddLink(capacity[i]);
            const uint32_t unused = oracle.AddLink(1);
            const uint32_t cross[] = {5, 2, 1}; // cross flows on each exit link
            for (uint32_t n : cross)
            {
                const uint32_t exit = oracle.AddLink(1);
                oracle.AddFlow({s01, exit});
                for (uint32_t k = 0; k < n; ++k)
                {
                    oracle.AddFlow({exit});
                }
            }
            NS_TEST_EXPECT_MSG_EQ_TOL(oracle.GetCabNumber(s01),
                                      cab[i],
                                      1e-9,
                                      "(S0, S1) at " << capacity[i]);
            NS_TEST_EXPECT_MSG_EQ(oracle.GetCabNumber(unused), 0.0, "a link no flow crosses");
        }
    }
};

/**
 * @ingroup atm-tests
 * Jain's index by hand: (1 + 1 + 1 + 1) -> 1; (1, 0, 0, 0) -> 1/4;
 * (1, 2) -> 9 / (2 * 5) = 0.9; (0, 0, 0) -> 1 (all equal).
 */
class AtmOracleJainTestCase : public TestCase
{
  public:
    AtmOracleJainTestCase()
        : TestCase("Jain's fairness index")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ_TOL(AtmMaxMinOracle::JainIndex({1, 1, 1, 1}), 1.0, 1e-12, "equal");
        NS_TEST_EXPECT_MSG_EQ_TOL(AtmMaxMinOracle::JainIndex({1, 0, 0, 0}), 0.25, 1e-12, "one");
        NS_TEST_EXPECT_MSG_EQ_TOL(AtmMaxMinOracle::JainIndex({1, 2}), 0.9, 1e-12, "1 and 2");
        NS_TEST_EXPECT_MSG_EQ(AtmMaxMinOracle::JainIndex({0, 0, 0}),
                              1.0,
                              "none gets anything: equal");
    }
};

} // namespace

/**
 * @ingroup atm-tests
 * The atm-max-min-oracle test suite.
 */
class AtmMaxMinOracleTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmMaxMinOracleTestSuite()
        : IsolatedTestSuite("atm-max-min-oracle", Type::UNIT)
    {
        AddTestCase(new AtmOracleGfc1TestCase);
        AddTestCase(new AtmOracleParkingLotTestCase);
        AddTestCase(new AtmOracleLatePcrTestCase);
        AddTestCase(new AtmOracleCabNumberTestCase);
        AddTestCase(new AtmOracleJainTestCase);
    }
};

static AtmMaxMinOracleTestSuite g_atmMaxMinOracleTestSuite; //!< the suite
