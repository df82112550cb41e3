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
#include "ns3/atm-rank-results.h"
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

/**
 * @ingroup atm-tests
 * AtmRankResults on two ranks' results made by hand: what Pack() gives
 * on one rank Unpack() lays on the other's exactly (the doubles bit for
 * bit); Merge() sums each VC's counts and drops per reason, takes what
 * the destination measured from its rank and the TCP sender's and block
 * source's counts from the source's, each link direction and sample from its owner, sums
 * the events, keeps the longest wall time, and recomputes the ratios and
 * Jain's index.
 */
class AtmRankResultsTestCase : public TestCase
{
  public:
    AtmRankResultsTestCase()
        : TestCase("rank results: packed exactly, merged by who measured what")
    {
    }

  private:
    /// @return a run of 2 VCs, 2 link directions and 3 samples, values 0
    static AtmRunResults Shape()
    {
        AtmRunResults r;
        r.vcs.resize(2);
        r.vcs[0].name = "a";
        r.vcs[0].idealBps = 4e6;
        r.vcs[1].name = "b";
        r.vcs[1].idealBps = 1e6;
        r.links.resize(2);
        r.samples = {{"queue", "S1->S2", 0.1, 0},
                     {"acr", "a", 0.1, 0},
                     {"queue", "S2->S1", 0.1, 0}};
        return r;
    }

    void DoRun() override
    {
        // VC a: from rank 0 to rank 1; VC b: from rank 1 to rank 0.
        AtmRunResults r0 = Shape();
        r0.events = 1000;
        r0.wallSeconds = 2.5;
        r0.vcs[0].sent = 100;
        r0.vcs[0].dropped = 3;
        r0.vcs[0].drops["QueueFull"] = 3;
        r0.vcs[0].tcpRetransmissions = 7;
        r0.vcs[0].blocks = 3;
        r0.vcs[0].blockTimeMean = 0.034;
        r0.vcs[1].received = 40;
        r0.vcs[1].windowCells = 30;
        r0.vcs[1].throughputBps = 0.5e6;
        r0.vcs[1].delayP99 = 0.1 + 0.2;
        r0.links[0].cellsTx = 11;
        r0.links[0].utilization = 0.25;
        r0.samples[0].value = 5;
        AtmRunResults r1 = Shape();
        r1.events = 500;
        r1.wallSeconds = 3.5;
        r1.vcs[0].received = 90;
        r1.vcs[0].dropped = 2;
        r1.vcs[0].queued = 1;
        r1.vcs[0].drops = {{"QueueFull", 1}, {"HecError", 1}};
        r1.vcs[0].windowCells = 80;
        r1.vcs[0].throughputBps = 2e6;
        r1.vcs[0].delayMean = 1.0 / 3;
        r1.vcs[0].tcpRetransmissions = -1;
        r1.vcs[1].sent = 50;
        r1.links[1].cellsTx = 22;
        r1.links[1].queueMean = 2.0 / 7;
        r1.samples[1].value = 353207.5;
        r1.samples[2].value = 9;

        AtmRunResults at0 = Shape();
        AtmRankResults::Unpack(AtmRankResults::Pack(r1), at0);
        NS_TEST_EXPECT_MSG_EQ(at0.vcs[0].delayMean, r1.vcs[0].delayMean, "a double, exactly");
        NS_TEST_EXPECT_MSG_EQ(at0.vcs[0].drops.at("HecError"), 1, "drops per reason");
        NS_TEST_EXPECT_MSG_EQ(at0.vcs[0].tcpRetransmissions, -1, "a negative count");
        NS_TEST_EXPECT_MSG_EQ(at0.links[1].queueMean, r1.links[1].queueMean, "a link's mean");
        NS_TEST_EXPECT_MSG_EQ(at0.samples[1].value, r1.samples[1].value, "a sample");
        NS_TEST_EXPECT_MSG_EQ(at0.events, 500, "events");
        NS_TEST_EXPECT_MSG_EQ(at0.vcs[1].name, "b", "names stay the receiver's");

        AtmRankResults::Owners owners;
        owners.vcSource = {0, 1};
        owners.vcDestination = {1, 0};
        owners.links = {0, 1};
        owners.samples = {0, 0, 1};
        const AtmRunResults m = AtmRankResults::Merge({r0, at0}, owners);
        const AtmRunResults::Vc& a = m.vcs[0];
        NS_TEST_EXPECT_MSG_EQ(a.sent, 100, "a: sent on rank 0");
        NS_TEST_EXPECT_MSG_EQ(a.received, 90, "a: received on rank 1");
        NS_TEST_EXPECT_MSG_EQ(a.dropped, 5, "a: dropped on both");
        NS_TEST_EXPECT_MSG_EQ(a.queued, 1, "a: queued");
        NS_TEST_EXPECT_MSG_EQ(a.drops.at("QueueFull"), 4, "a: queue drops summed");
        NS_TEST_EXPECT_MSG_EQ(a.drops.at("HecError"), 1, "a: HEC drops");
        NS_TEST_EXPECT_MSG_EQ(a.windowCells, 80, "a: its destination's window");
        NS_TEST_EXPECT_MSG_EQ(a.delayMean, 1.0 / 3, "a: its destination's delays");
        NS_TEST_EXPECT_MSG_EQ(a.tcpRetransmissions, 7, "a: its source's retransmissions");
        NS_TEST_EXPECT_MSG_EQ(a.blocks, 3, "a: its source's blocks");
        NS_TEST_EXPECT_MSG_EQ(a.blockTimeMean, 0.034, "a: their mean time");
        NS_TEST_EXPECT_MSG_EQ(a.ratio, 0.5, "a: 2 of 4 Mb/s");
        const AtmRunResults::Vc& b = m.vcs[1];
        NS_TEST_EXPECT_MSG_EQ(b.sent, 50, "b: sent on rank 1");
        NS_TEST_EXPECT_MSG_EQ(b.windowCells, 30, "b: its destination, rank 0");
        NS_TEST_EXPECT_MSG_EQ(b.delayP99, 0.1 + 0.2, "b: its delays");
        NS_TEST_EXPECT_MSG_EQ(b.ratio, 0.5, "b: 0.5 of 1 Mb/s");
        NS_TEST_EXPECT_MSG_EQ(m.jain, 1, "equal ratios");
        NS_TEST_EXPECT_MSG_EQ(m.links[0].cellsTx, 11, "link 0 from rank 0");
        NS_TEST_EXPECT_MSG_EQ(m.links[0].utilization, 0.25, "link 0's utilization");
        NS_TEST_EXPECT_MSG_EQ(m.links[1].cellsTx, 22, "link 1 from rank 1");
        NS_TEST_EXPECT_MSG_EQ(m.samples[0].value, 5, "sample 0 from rank 0");
        NS_TEST_EXPECT_MSG_EQ(m.samples[1].value, 0, "sample 1 from rank 0, not rank 1's");
        NS_TEST_EXPECT_MSG_EQ(m.samples[2].value, 9, "sample 2 from rank 1");
        NS_TEST_EXPECT_MSG_EQ(m.events, 1500, "events summed");
        NS_TEST_EXPECT_MSG_EQ(m.wallSeconds, 3.5, "the longest wall time");
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
        AddTestCase(new AtmRankResultsTestCase);
    }
};

static AtmRankHelperTestSuite g_atmRankHelperTestSuite; //!< the suite
