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
 * TM 4.0's fairness criteria, by hand. One link of 150 and three flows with
 * MCRs 10, 30 and 80 (sum 120, 30 left), weights 1, 2 and 3:
 * - MAX_OF_MCR_OR_SHARE: flow 2 holds its 80, the others share 70: 35, 35, 80;
 * - MAX_MIN: 50 each;
 * - MCR_PLUS_EQUAL_SHARE: 10 more each: 20, 40, 90;
 * - PROPORTIONAL_TO_MCR: 150 x MCR / 120: 12.5, 37.5, 100;
 * - WEIGHTED: the 30 left by weight 1:2:3 (5, 10, 15 more): 15, 40, 95.
 * Then a parking lot with a PCR under MCR_PLUS_EQUAL_SHARE, an MCR raised
 * by x, and the edge cases of MCRs.
 */
class AtmOracleCriteriaTestCase : public TestCase
{
  public:
    AtmOracleCriteriaTestCase()
        : TestCase("TM 4.0 fairness criteria: three MCRs on one link, a parking lot, edges")
    {
    }

  private:
    /**
     * @brief The rates of flows with MCRs (and weights) on one link.
     * @param criterion the criterion
     * @param capacity the link's capacity
     * @param mcr the flows' MCRs
     * @param weight their weights
     * @return the rates
     */
    static std::vector<double> OneLink(AtmMaxMinOracle::Criterion criterion,
                                       double capacity,
                                       const std::vector<double>& mcr,
                                       const std::vector<double>& weight = {})
    {
        AtmMaxMinOracle oracle(criterion);
        oracle.AddLink(capacity);
        for (std::size_t f = 0; f < mcr.size(); ++f)
        {
            oracle.AddFlow({0},
                           std::numeric_limits<double>::infinity(),
                           mcr[f],
                           weight.empty() ? 1.0 : weight[f]);
        }
        return oracle.Solve();
    }

    /**
     * @brief Check rates against expected ones.
     * @param got the rates
     * @param want the expected rates
     * @param what the case
     */
    void Expect(const std::vector<double>& got,
                const std::vector<double>& want,
                const std::string& what)
    {
        NS_TEST_ASSERT_MSG_EQ(got.size(), want.size(), what);
        for (std::size_t f = 0; f < want.size(); ++f)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(got[f], want[f], 1e-9, what << ": flow " << f);
        }
    }

    void DoRun() override
    {
        using O = AtmMaxMinOracle;
        const std::vector<double> mcr = {10, 30, 80};
        Expect(OneLink(O::MAX_OF_MCR_OR_SHARE, 150, mcr), {35, 35, 80}, "MCR or max-min share");
        Expect(OneLink(O::MAX_MIN, 150, mcr), {50, 50, 50}, "max-min");
        Expect(OneLink(O::MCR_PLUS_EQUAL_SHARE, 150, mcr), {20, 40, 90}, "MCR plus equal share");
        Expect(OneLink(O::PROPORTIONAL_TO_MCR, 150, mcr), {12.5, 37.5, 100}, "proportional");
        Expect(OneLink(O::WEIGHTED, 150, mcr, {1, 2, 3}), {15, 40, 95}, "weighted 1:2:3");
        // Weighted generalizes two of them.
        Expect(OneLink(O::WEIGHTED, 150, mcr), {20, 40, 90}, "equal weights");
        Expect(OneLink(O::WEIGHTED, 150, mcr, mcr), {12.5, 37.5, 100}, "weights = MCRs");

        // One MCR raised by x = 9, MCR plus equal share: flow 0 gets x - x/3
        // more, the others x/3 less each.
        Expect(OneLink(O::MCR_PLUS_EQUAL_SHARE, 150, {19, 30, 80}),
               {26, 37, 87},
               "MCR 0 raised by 9");
        // Under MCR or max-min share, raising an MCR below the share changes
        // nothing; raising it above takes from the others alone.
        Expect(OneLink(O::MAX_OF_MCR_OR_SHARE, 150, {19, 30, 80}), {35, 35, 80}, "below share");
        Expect(OneLink(O::MAX_OF_MCR_OR_SHARE, 150, {45, 20, 80}), {45, 25, 80}, "above share");

        // Parking lot under MCR plus equal share: link 0 (100) carries flows
        // 0 (MCR 20) and 1 (MCR 10), link 1 (60) flows 1 and 2 (PCR 10). By
        // hand: the level rises 10 (flow 2 at its PCR: 30, 20, 10), then 25
        // more (link 0 full): 55, 45, 10.
        AtmMaxMinOracle lot(O::MCR_PLUS_EQUAL_SHARE);
        lot.AddLink(100);
        lot.AddLink(60);
        const double inf = std::numeric_limits<double>::infinity();
        lot.AddFlow({0}, inf, 20);
        lot.AddFlow({0, 1}, inf, 10);
        lot.AddFlow({1}, 10);
        Expect(lot.Solve(), {55, 45, 10}, "parking lot");

        // Edges: MCR = PCR stays there; MCRs that fill the link leave
        // nothing to share; PROPORTIONAL_TO_MCR gives an MCR of 0 nothing.
        AtmMaxMinOracle pinned(O::MCR_PLUS_EQUAL_SHARE);
        pinned.AddLink(100);
        pinned.AddFlow({0}, 30, 30);
        pinned.AddFlow({0});
        Expect(pinned.Solve(), {30, 70}, "MCR = PCR");
        Expect(OneLink(O::MCR_PLUS_EQUAL_SHARE, 120, mcr), mcr, "MCRs fill the link");
        Expect(OneLink(O::MAX_OF_MCR_OR_SHARE, 120, mcr), mcr, "MCRs fill the link (max)");
        Expect(OneLink(O::PROPORTIONAL_TO_MCR, 100, {0, 20, 30}), {0, 40, 60}, "MCR 0");
        // MCRs above the capacity: max-min and proportional shares are
        // still defined (their rates do not start at the MCRs).
        Expect(OneLink(O::MAX_MIN, 100, mcr), {100.0 / 3, 100.0 / 3, 100.0 / 3}, "MCRs > C");
        Expect(OneLink(O::PROPORTIONAL_TO_MCR, 60, mcr), {5, 15, 40}, "MCRs > C, proportional");
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
        AddTestCase(new AtmOracleCriteriaTestCase);
        AddTestCase(new AtmOracleLatePcrTestCase);
        AddTestCase(new AtmOracleCabNumberTestCase);
        AddTestCase(new AtmOracleJainTestCase);
    }
};

static AtmMaxMinOracleTestSuite g_atmMaxMinOracleTestSuite; //!< the suite
