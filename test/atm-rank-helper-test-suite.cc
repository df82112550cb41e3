/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of AtmRankHelper, which gives nodes to MPI ranks for a distributed
// run, against cuts worked out by hand: four metro rings joined by trunks
// of 1, 20, 1 and 10 ms go to 2 ranks along the 20 and 10 ms trunks and to
// 4 ranks one ring each; a chain of equal links is cut in the middle;
// links without delay are never cut; work decides the balance; the
// tolerance on imbalance chooses between lookahead and balance.

#include "atm-test-suite.h"

#include "ns3/atm-rank-helper.h"
#include "ns3/nstime.h"
#include "ns3/test.h"

#include <cstdint>
#include <vector>

using namespace ns3;

namespace
{

/**
 * Four rings of four nodes (ring k: nodes 4k to 4k+3, links of 100 us);
 * node 4k is ring k's gateway. Gateways are joined in a ring of trunks:
 * 0-1 1 ms, 1-2 20 ms, 2-3 1 ms, 3-0 10 ms.
 * @param helper gets the nodes and links
 * @param ring3Work the work of each node of ring 3 (the others': 1)
 */
void
AddRings(AtmRankHelper& helper, double ring3Work = 1)
{
    for (uint32_t x = 0; x < 16; ++x)
    {
        helper.AddNode(x >= 12 ? ring3Work : 1);
    }
    for (uint32_t k = 0; k < 4; ++k)
    {
        for (uint32_t i = 0; i < 4; ++i)
        {
            helper.AddLink(4 * k + i, 4 * k + (i + 1) % 4, MicroSeconds(100));
        }
    }
    const double trunkMs[4] = {1, 20, 1, 10};
    for (uint32_t k = 0; k < 4; ++k)
    {
        helper.AddLink(4 * k, 4 * ((k + 1) % 4), MilliSeconds(trunkMs[k]));
    }
}

/**
 * @param rank a node's rank, per node
 * @param first the first node
 * @param count nodes from it
 * @return the rank of all of them, or -1 if they differ
 */
int64_t
CommonRank(const std::vector<uint32_t>& rank, uint32_t first, uint32_t count)
{
    for (uint32_t x = first; x < first + count; ++x)
    {
        if (rank[x] != rank[first])
        {
            return -1;
        }
    }
    return rank[first];
}

/**
 * @ingroup atm-tests
 * The rings: on 2 ranks, the 20 ms trunk alone leaves one part, so the
 * cut is at 10 ms: rings 0-1 on rank 0, rings 2-3 on rank 1, lookahead
 * 10 ms, 2 links cut, even. On 4 ranks the parts at 10 ms (two of 8
 * nodes) leave two ranks empty, so the cut is at 1 ms: one ring each, in
 * breadth-first order from ring 0 (ring 1 by the first trunk, then ring 3,
 * then ring 2), lookahead 1 ms, the 4 trunks cut. On 1 rank nothing is
 * cut.
 */
class AtmRankRingsTestCase : public TestCase
{
  public:
    AtmRankRingsTestCase()
        : TestCase("Rings joined by trunks: cut along the longest trunks that balance")
    {
    }

  private:
    void DoRun() override
    {
        AtmRankHelper two;
        AddRings(two);
        const std::vector<uint32_t> r2 = two.Assign(2);
        NS_TEST_ASSERT_MSG_EQ(CommonRank(r2, 0, 8), 0, "rings 0 and 1 on rank 0");
        NS_TEST_ASSERT_MSG_EQ(CommonRank(r2, 8, 8), 1, "rings 2 and 3 on rank 1");
        NS_TEST_ASSERT_MSG_EQ(two.GetLookahead(), MilliSeconds(10), "the 10 ms trunk");
        NS_TEST_ASSERT_MSG_EQ(two.GetNCutLinks(), 2, "the 20 and 10 ms trunks");
        NS_TEST_ASSERT_MSG_EQ_TOL(two.GetImbalance(), 1.0, 1e-12, "even");

        AtmRankHelper four;
        AddRings(four);
        const std::vector<uint32_t> r4 = four.Assign(4);
        const int64_t expected[4] = {0, 1, 3, 2};
        for (uint32_t k = 0; k < 4; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(CommonRank(r4, 4 * k, 4), expected[k], "ring " << k);
        }
        NS_TEST_ASSERT_MSG_EQ(four.GetLookahead(), MilliSeconds(1), "the 1 ms trunks");
        NS_TEST_ASSERT_MSG_EQ(four.GetNCutLinks(), 4, "every trunk");

        AtmRankHelper one;
        AddRings(one);
        const std::vector<uint32_t> r1 = one.Assign(1);
        NS_TEST_ASSERT_MSG_EQ(CommonRank(r1, 0, 16), 0, "one rank");
        NS_TEST_ASSERT_MSG_EQ(one.GetNCutLinks(), 0, "nothing cut");
        NS_TEST_ASSERT_MSG_EQ(one.GetLookahead(), Time::Max(), "no lookahead");
    }
};

/**
 * @ingroup atm-tests
 * A chain of 10 nodes, links of 100 us: 2 ranks get nodes 0-4 and 5-9 (one
 * link cut); with node 9 carrying the work of 5 nodes, 0-6 and 7-9. Links
 * without delay are never cut: in 0 -(0)- 1 -(1 ms)- 2 -(0)- 3 on 4 ranks
 * the nodes stay in pairs. Work weighs against lookahead: in the rings of
 * the rings case with 5 units of work on each node of ring 3, the 10 ms
 * and the 1 ms cuts both leave 24 of 32 units on one rank (1.5 times the
 * mean), too uneven for MaxImbalance 1.25, so ring links are cut too
 * (lookahead 100 us); MaxImbalance 1.6 takes the 10 ms cut.
 */
class AtmRankWorkTestCase : public TestCase
{
  public:
    AtmRankWorkTestCase()
        : TestCase("A chain, links without delay, and the work of each node")
    {
    }

  private:
    void DoRun() override
    {
        AtmRankHelper chain;
        for (uint32_t x = 0; x < 10; ++x)
        {
            chain.AddNode(1);
        }
        for (uint32_t x = 0; x + 1 < 10; ++x)
        {
            chain.AddLink(x, x + 1, MicroSeconds(100));
        }
        std::vector<uint32_t> r = chain.Assign(2);
        NS_TEST_ASSERT_MSG_EQ(CommonRank(r, 0, 5), 0, "nodes 0-4");
        NS_TEST_ASSERT_MSG_EQ(CommonRank(r, 5, 5), 1, "nodes 5-9");
        NS_TEST_ASSERT_MSG_EQ(chain.GetNCutLinks(), 1, "one link");

        AtmRankHelper heavy;
        for (uint32_t x = 0; x < 10; ++x)
        {
            heavy.AddNode(x == 9 ? 5 : 1);
        }
        for (uint32_t x = 0; x + 1 < 10; ++x)
        {
            heavy.AddLink(x, x + 1, MicroSeconds(100));
        }
        r = heavy.Assign(2);
        NS_TEST_ASSERT_MSG_EQ(CommonRank(r, 0, 7), 0, "nodes 0-6: 7 of 14");
        NS_TEST_ASSERT_MSG_EQ(CommonRank(r, 7, 3), 1, "nodes 7-9: 7 of 14");
        NS_TEST_ASSERT_MSG_EQ_TOL(heavy.GetImbalance(), 1.0, 1e-12, "even");

        AtmRankHelper glued;
        for (uint32_t x = 0; x < 4; ++x)
        {
            glued.AddNode(1);
        }
        glued.AddLink(0, 1, Seconds(0));
        glued.AddLink(1, 2, MilliSeconds(1));
        glued.AddLink(2, 3, Seconds(0));
        r = glued.Assign(4);
        NS_TEST_ASSERT_MSG_EQ((r[0] == r[1] && r[2] == r[3] && r[1] != r[2]),
                              true,
                              "pairs joined by links without delay");
        NS_TEST_ASSERT_MSG_EQ(glued.GetLookahead(), MilliSeconds(1), "the 1 ms link");

        for (double maxImbalance : {1.25, 1.6})
        {
            AtmRankHelper rings;
            AddRings(rings, 5);
            rings.SetMaxImbalance(maxImbalance);
            rings.Assign(2);
            // At 10 ms: rings 0-1 (8) against rings 2-3 (4 + 20), 24 of 32;
            // at 1 ms, rings 0, 1 (8) against rings 3, 2 (24) again.
            NS_TEST_ASSERT_MSG_EQ(rings.GetLookahead(),
                                  (maxImbalance < 1.5 ? MicroSeconds(100) : MilliSeconds(10)),
                                  "MaxImbalance " << maxImbalance);
            NS_TEST_ASSERT_MSG_EQ((rings.GetImbalance() <= maxImbalance),
                                  true,
                                  "MaxImbalance " << maxImbalance << ": " << rings.GetImbalance());
        }
    }
};

} // namespace

/**
 * @ingroup atm-tests
 * The atm-rank-helper test suite.
 */
class AtmRankHelperTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmRankHelperTestSuite()
        : IsolatedTestSuite("atm-rank-helper", Type::UNIT)
    {
        AddTestCase(new AtmRankRingsTestCase);
        AddTestCase(new AtmRankWorkTestCase);
    }
};

static AtmRankHelperTestSuite g_atmRankHelperTestSuite; //!< the suite
