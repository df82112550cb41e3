/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of AtmCellPool: the XOR-linked queues give back their cells in the
// order a std::deque does, from either end, while entries are reused.

#include "atm-test-suite.h"

#include "ns3/atm-cell-pool.h"
#include "ns3/nstime.h"
#include "ns3/test.h"

#include <cstdint>
#include <deque>
#include <random>
#include <vector>

using namespace ns3;

namespace
{

/**
 * @param seq a sequence number
 * @return a data cell carrying it
 */
AtmCell
Cell(uint32_t seq)
{
    return AtmCell::MakeData(0, 32, seq, Seconds(0));
}

} // namespace

/**
 * @ingroup atm-tests
 * Both ends of one queue, down to empty and back.
 */
class AtmCellPoolEndsTestCase : public TestCase
{
  public:
    AtmCellPoolEndsTestCase()
        : TestCase("PushBack, PopFront and PopBack on one queue")
    {
    }

  private:
    void DoRun() override
    {
        AtmCellPool pool;
        AtmCellPool::List q;
        for (uint32_t round = 0; round < 2; ++round)
        {
            for (uint32_t s = 1; s <= 4; ++s)
            {
                pool.PushBack(q, Cell(s));
            }
            NS_TEST_EXPECT_MSG_EQ(q.size, 4, "four cells queued");
            NS_TEST_EXPECT_MSG_EQ(pool.PopBack(q).GetSequence(), 4, "back first");
            NS_TEST_EXPECT_MSG_EQ(pool.PopFront(q).GetSequence(), 1, "then the front");
            NS_TEST_EXPECT_MSG_EQ(pool.PopFront(q).GetSequence(), 2, "then the new front");
            NS_TEST_EXPECT_MSG_EQ(pool.PopBack(q).GetSequence(), 3, "the last one");
            NS_TEST_EXPECT_MSG_EQ(q.size, 0, "empty");
            NS_TEST_EXPECT_MSG_EQ(q.front, AtmCellPool::NONE, "no front");
            NS_TEST_EXPECT_MSG_EQ(q.back, AtmCellPool::NONE, "no back");
        }
    }
};

/**
 * @ingroup atm-tests
 * Random operations on several queues sharing a pool, against std::deque.
 */
class AtmCellPoolRandomTestCase : public TestCase
{
  public:
    AtmCellPoolRandomTestCase()
        : TestCase("Random operations on 7 queues match std::deque")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t nQueues = 7;
        AtmCellPool pool;
        pool.SetGrowthLimit(100);
        std::vector<AtmCellPool::List> lists(nQueues);
        std::vector<std::deque<uint32_t>> ref(nQueues);
        std::mt19937 rng(12345);
        uint32_t seq = 0;
        uint32_t mismatches = 0;
        for (uint32_t op = 0; op < 100000; ++op)
        {
            const uint32_t q = rng() % nQueues;
            const uint32_t what = rng() % 3;
            if (what == 0 || ref[q].empty())
            {
                pool.PushBack(lists[q], Cell(seq));
                ref[q].push_back(seq++);
            }
            else if (what == 1)
            {
                mismatches += pool.PopFront(lists[q]).GetSequence() != ref[q].front();
                ref[q].pop_front();
            }
            else
            {
                mismatches += pool.PopBack(lists[q]).GetSequence() != ref[q].back();
                ref[q].pop_back();
            }
            mismatches += lists[q].size != ref[q].size();
        }
        NS_TEST_EXPECT_MSG_EQ(mismatches, 0, "every cell and size as std::deque has it");
        for (uint32_t q = 0; q < nQueues; ++q)
        {
            while (!ref[q].empty())
            {
                mismatches += pool.PopFront(lists[q]).GetSequence() != ref[q].front();
                ref[q].pop_front();
            }
            NS_TEST_EXPECT_MSG_EQ(lists[q].size, 0, "drained");
        }
        NS_TEST_EXPECT_MSG_EQ(mismatches, 0, "drained in order");
    }
};

/**
 * @ingroup atm-tests
 * The storage grows by an eighth, so a queued cell (28 octets) costs at
 * most 31.5 octets with the room not in use, and stops at the growth limit.
 */
class AtmCellPoolGrowthTestCase : public TestCase
{
  public:
    AtmCellPoolGrowthTestCase()
        : TestCase("The storage grows by an eighth, up to the growth limit")
    {
    }

  private:
    void DoRun() override
    {
        AtmCellPool pool;
        AtmCellPool::List q;
        uint32_t grown = 0;
        uint32_t capacity = 0;
        for (uint32_t n = 1; n <= 100000; ++n)
        {
            pool.PushBack(q, Cell(n));
            const uint32_t now = pool.GetCapacity();
            if (now != capacity)
            {
                ++grown;
                NS_TEST_ASSERT_MSG_EQ(now,
                                      (capacity == 0 ? 64 : capacity + capacity / 8),
                                      "grown by an eighth, at " << n << " cells");
                capacity = now;
            }
            if (n >= 64)
            {
                NS_TEST_ASSERT_MSG_EQ((8 * uint64_t{capacity} <= 9 * uint64_t{n}),
                                      true,
                                      "at most 9/8 entries per cell at " << n << " cells");
            }
        }
        // 64 * (9/8)^k >= 100 000: k = 63, give or take the rounding down.
        NS_TEST_EXPECT_MSG_GT(grown, 60, "many small steps, not a few doublings");

        AtmCellPool limited;
        limited.SetGrowthLimit(1000);
        AtmCellPool::List l;
        for (uint32_t n = 1; n <= 1000; ++n)
        {
            limited.PushBack(l, Cell(n));
        }
        NS_TEST_EXPECT_MSG_EQ(limited.GetCapacity(), 1000, "stops at the growth limit");
    }
};

/**
 * @ingroup atm-tests
 * The atm-cell-pool test suite.
 */
class AtmCellPoolTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmCellPoolTestSuite()
        : IsolatedTestSuite("atm-cell-pool", Type::UNIT)
    {
        AddTestCase(new AtmCellPoolEndsTestCase);
        AddTestCase(new AtmCellPoolRandomTestCase);
        AddTestCase(new AtmCellPoolGrowthTestCase);
    }
};

static AtmCellPoolTestSuite g_atmCellPoolTestSuite; //!< the suite
