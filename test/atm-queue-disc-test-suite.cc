/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Unit tests of the cell queue disciplines, without a network: FIFO tail
// drop and head-of-line blocking, (weighted) round-robin service order,
// static partition and push-out buffer management, two-threshold congestion
// detection (Arulambalam et al. eqs. 2-5), per-VC length traces and cell
// conservation. Expected orders are worked out by hand in the comments;
// the randomized cases compare against small reference models written here.

#include "atm-test-lambda.h"
#include "atm-test-suite.h"

#include "ns3/atm-cell.h"
#include "ns3/atm-congestion-detector.h"
#include "ns3/atm-fifo-queue-disc.h"
#include "ns3/atm-per-vc-queue-disc.h"
#include "ns3/atm-queue-disc.h"
#include "ns3/boolean.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <deque>
#include <random>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/**
 * A FIFO queue disc with @p nVcs VCs of weight 1, initialized.
 * @param maxCells MaxCells
 * @param nVcs number of VCs
 * @param high HighThreshold
 * @param low LowThreshold
 * @return the queue disc
 */
Ptr<AtmQueueDisc>
MakeFifo(uint32_t maxCells, uint32_t nVcs, uint32_t high = 0, uint32_t low = 0)
{
    Ptr<AtmFifoQueueDisc> q = CreateObject<AtmFifoQueueDisc>();
    q->SetAttribute("MaxCells", UintegerValue(maxCells));
    q->SetAttribute("HighThreshold", UintegerValue(high));
    q->SetAttribute("LowThreshold", UintegerValue(low));
    for (uint32_t s = 0; s < nVcs; ++s)
    {
        q->AddVc(s, 1);
    }
    q->Initialize();
    return q;
}

/**
 * A per-VC queue disc, initialized.
 * @param maxCells MaxCells
 * @param bm BufferManagement ("Shared", "StaticPartition", "PushOut")
 * @param weights one weight per VC
 * @param vcLimit VcLimit
 * @param high HighThreshold
 * @param low LowThreshold
 * @return the queue disc
 */
Ptr<AtmPerVcQueueDisc>
MakePerVc(uint32_t maxCells,
          const std::string& bm,
          const std::vector<uint32_t>& weights,
          uint32_t vcLimit = 0,
          uint32_t high = 0,
          uint32_t low = 0)
{
    Ptr<AtmPerVcQueueDisc> q = CreateObject<AtmPerVcQueueDisc>();
    q->SetAttribute("MaxCells", UintegerValue(maxCells));
    q->SetAttribute("BufferManagement", StringValue(bm));
    q->SetAttribute("VcLimit", UintegerValue(vcLimit));
    q->SetAttribute("HighThreshold", UintegerValue(high));
    q->SetAttribute("LowThreshold", UintegerValue(low));
    for (uint32_t s = 0; s < weights.size(); ++s)
    {
        q->AddVc(s, weights[s]);
    }
    q->Initialize();
    return q;
}

/**
 * A data cell.
 * @param seq its sequence number
 * @return the cell
 */
AtmCell
Cell(uint32_t seq)
{
    return AtmCell::MakeData(0, 32, seq, Seconds(0));
}

/// One drop, as traced.
struct Drop
{
    uint32_t slot;      //!< VC slot
    uint32_t seq;       //!< cell sequence number
    std::string reason; //!< why
};

/// Records the Drop trace of a queue disc.
struct DropLog
{
    std::vector<Drop> drops; //!< in order

    /**
     * Trace sink.
     * @param cell the cell
     * @param slot its slot
     * @param reason why
     */
    void Add(const AtmCell& cell, uint32_t slot, const char* reason)
    {
        drops.push_back(Drop{slot, cell.GetSequence(), reason});
    }

    /// @return the drops as "slot:seq:reason" words
    std::string Str() const
    {
        std::string s;
        for (const auto& d : drops)
        {
            if (!s.empty())
            {
                s += ' ';
            }
            s += std::to_string(d.slot) + ":" + std::to_string(d.seq) + ":" + d.reason;
        }
        return s;
    }

    /**
     * Connect to a queue disc.
     * @param q the queue disc
     */
    void Connect(Ptr<AtmQueueDisc> q)
    {
        q->TraceConnectWithoutContext("Drop", MakeCallback(&DropLog::Add, this));
    }
};

/**
 * Numbers as words.
 * @param v the numbers
 * @return "v0 v1 ..."
 */
std::string
Join(const std::vector<uint32_t>& v)
{
    std::string s;
    for (auto x : v)
    {
        if (!s.empty())
        {
            s += ' ';
        }
        s += std::to_string(x);
    }
    return s;
}

/**
 * Dequeue everything that can be dequeued.
 * @param q the queue disc
 * @param slots the slots in service order
 * @param seqs the sequence numbers in service order
 */
void
DrainAll(Ptr<AtmQueueDisc> q, std::vector<uint32_t>& slots, std::vector<uint32_t>& seqs)
{
    AtmCell c;
    uint32_t slot;
    while (q->Dequeue(c, slot))
    {
        slots.push_back(slot);
        seqs.push_back(c.GetSequence());
    }
}

} // namespace

/**
 * @ingroup atm-tests
 * FIFO with MaxCells 10 offered 15 cells: 10 queued, 5 dropped (Overflow),
 * and the 10 come out in order.
 */
class AtmFifoTailDropTestCase : public TestCase
{
  public:
    AtmFifoTailDropTestCase()
        : TestCase("FIFO tail drop: MaxCells 10 offered 15 keeps 10, drops 5 (Overflow)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmQueueDisc> q = MakeFifo(10, 1);
        DropLog log;
        log.Connect(q);
        uint32_t accepted = 0;
        for (uint32_t i = 0; i < 15; ++i)
        {
            const bool ok = q->Enqueue(Cell(i), 0);
            NS_TEST_EXPECT_MSG_EQ(ok, (i < 10), "cell " << i);
            accepted += ok;
        }
        NS_TEST_EXPECT_MSG_EQ(accepted, 10, "10 accepted");
        NS_TEST_EXPECT_MSG_EQ(q->GetNCells(), 10, "10 queued");
        NS_TEST_EXPECT_MSG_EQ(q->GetVcCells(0), 10, "10 queued on VC 0");
        NS_TEST_EXPECT_MSG_EQ(q->GetNEnqueued(), 10, "10 enqueued");
        NS_TEST_EXPECT_MSG_EQ(q->GetNDropped(), 5, "5 dropped");
        NS_TEST_EXPECT_MSG_EQ(q->GetNDropped("Overflow"), 5, "5 dropped for Overflow");
        NS_TEST_EXPECT_MSG_EQ(q->GetNDropped("VcLimit"), 0, "none for VcLimit");
        NS_TEST_EXPECT_MSG_EQ(q->GetMaxCellsSeen(), 10, "high-water mark");
        NS_TEST_EXPECT_MSG_EQ(
            log.Str(),
            "0:10:Overflow 0:11:Overflow 0:12:Overflow 0:13:Overflow 0:14:Overflow",
            "cells 10 to 14 dropped");

        // One out, one more in.
        AtmCell c;
        uint32_t slot = 99;
        NS_TEST_EXPECT_MSG_EQ(q->Dequeue(c, slot), true, "dequeue");
        NS_TEST_EXPECT_MSG_EQ(c.GetSequence(), 0, "oldest first");
        NS_TEST_EXPECT_MSG_EQ(slot, 0, "its slot");
        NS_TEST_EXPECT_MSG_EQ(q->Enqueue(Cell(15), 0), true, "room for one");
        NS_TEST_EXPECT_MSG_EQ(q->Enqueue(Cell(16), 0), false, "and no more");

        std::vector<uint32_t> slots;
        std::vector<uint32_t> seqs;
        DrainAll(q, slots, seqs);
        const std::vector<uint32_t> expect = {1, 2, 3, 4, 5, 6, 7, 8, 9, 15};
        NS_TEST_EXPECT_MSG_EQ(Join(seqs), Join(expect), "the rest in arrival order");
        NS_TEST_EXPECT_MSG_EQ(q->GetNCells(), 0, "empty");
        NS_TEST_EXPECT_MSG_EQ(q->Dequeue(c, slot), false, "nothing left");
        NS_TEST_EXPECT_MSG_EQ(q->GetNDequeued(), 11, "11 dequeued");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * FIFO serves cells in arrival order whatever their VC.
 */
class AtmFifoOrderTestCase : public TestCase
{
  public:
    AtmFifoOrderTestCase()
        : TestCase("FIFO serves cells of all VCs in arrival order")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmQueueDisc> q = MakeFifo(100, 3);
        const std::vector<uint32_t> arrivals = {0, 2, 1, 1, 0, 2, 2, 0, 1};
        for (uint32_t i = 0; i < arrivals.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(q->Enqueue(Cell(i), arrivals[i]), true, "enqueue " << i);
        }
        NS_TEST_EXPECT_MSG_EQ(q->GetVcCells(0), 3, "VC 0 has 3");
        NS_TEST_EXPECT_MSG_EQ(q->GetVcCells(1), 3, "VC 1 has 3");
        NS_TEST_EXPECT_MSG_EQ(q->GetVcCells(2), 3, "VC 2 has 3");
        NS_TEST_EXPECT_MSG_EQ(q->GetNActiveVcs(), 3, "3 active VCs");
        std::vector<uint32_t> slots;
        std::vector<uint32_t> seqs;
        DrainAll(q, slots, seqs);
        NS_TEST_EXPECT_MSG_EQ(Join(seqs), "0 1 2 3 4 5 6 7 8", "cells in arrival order");
        NS_TEST_EXPECT_MSG_EQ(Join(slots), Join(arrivals), "their slots");
        NS_TEST_EXPECT_MSG_EQ(q->GetNActiveVcs(), 0, "no active VC");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * A blocked VC at the head of a FIFO blocks every VC behind it.
 */
class AtmFifoHolTestCase : public TestCase
{
  public:
    AtmFifoHolTestCase()
        : TestCase("FIFO head-of-line blocking: a blocked VC at the head stops the port")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmQueueDisc> q = MakeFifo(100, 2);
        q->Enqueue(Cell(0), 0);
        q->Enqueue(Cell(1), 1);
        q->Enqueue(Cell(2), 1);
        q->Enqueue(Cell(3), 0);
        q->SetVcBlocked(0, true);
        NS_TEST_EXPECT_MSG_EQ(q->IsVcBlocked(0), true, "VC 0 blocked");
        AtmCell c;
        uint32_t slot;
        NS_TEST_EXPECT_MSG_EQ(q->Dequeue(c, slot), false, "VC 1's cells wait behind VC 0's");
        NS_TEST_EXPECT_MSG_EQ(q->GetNCells(), 4, "nothing lost");
        q->SetVcBlocked(0, false);
        NS_TEST_EXPECT_MSG_EQ(q->Dequeue(c, slot), true, "unblocked");
        NS_TEST_EXPECT_MSG_EQ(c.GetSequence(), 0, "head first");
        // Now VC 1 is at the head; block it.
        q->SetVcBlocked(1, true);
        NS_TEST_EXPECT_MSG_EQ(q->Dequeue(c, slot), false, "VC 0's cell 3 waits behind VC 1");
        q->SetVcBlocked(1, false);
        std::vector<uint32_t> slots;
        std::vector<uint32_t> seqs;
        DrainAll(q, slots, seqs);
        NS_TEST_EXPECT_MSG_EQ(Join(seqs), "1 2 3", "then in order");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Round-robin over per-VC queues: 3 VCs holding 3, 1 and 2 cells are served
 * 0, 1, 2, 0, 2, 0.
 */
class AtmRoundRobinTestCase : public TestCase
{
  public:
    AtmRoundRobinTestCase()
        : TestCase("Per-VC round-robin: VCs with 3, 1, 2 cells are served 0 1 2 0 2 0")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmPerVcQueueDisc> q = MakePerVc(100, "Shared", {1, 1, 1});
        const uint32_t counts[3] = {3, 1, 2};
        for (uint32_t v = 0; v < 3; ++v)
        {
            for (uint32_t k = 0; k < counts[v]; ++k)
            {
                q->Enqueue(Cell(100 * v + k), v);
            }
        }
        NS_TEST_EXPECT_MSG_EQ(q->GetNActiveVcs(), 3, "3 active VCs");
        std::vector<uint32_t> slots;
        std::vector<uint32_t> seqs;
        DrainAll(q, slots, seqs);
        NS_TEST_EXPECT_MSG_EQ(Join(slots), "0 1 2 0 2 0", "service order");
        NS_TEST_EXPECT_MSG_EQ(Join(seqs), "0 100 200 1 201 2", "each VC in its own order");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Weighted round-robin with weights 1, 2, 3 and 6 cells each: a visit
 * serves up to the weight; an emptied VC leaves the list.
 */
class AtmWeightedRoundRobinTestCase : public TestCase
{
  public:
    AtmWeightedRoundRobinTestCase()
        : TestCase("Weighted round-robin with weights 1, 2, 3: exact service order")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmPerVcQueueDisc> q = MakePerVc(100, "Shared", {1, 2, 3});
        NS_TEST_EXPECT_MSG_EQ(q->GetVcWeight(2), 3, "weight of VC 2");
        for (uint32_t v = 0; v < 3; ++v)
        {
            for (uint32_t k = 0; k < 6; ++k)
            {
                q->Enqueue(Cell(100 * v + k), v);
            }
        }
        std::vector<uint32_t> slots;
        std::vector<uint32_t> seqs;
        DrainAll(q, slots, seqs);
        // Rounds 1 and 2: 0 | 1 1 | 2 2 2 (VC 2 is empty after round 2);
        // round 3: 0 | 1 1 (VC 1 empty); then VC 0 alone: 0 0 0.
        NS_TEST_EXPECT_MSG_EQ(Join(slots),
                              "0 1 1 2 2 2 0 1 1 2 2 2 0 1 1 0 0 0",
                              "weighted service order");
        // Within each VC, arrival order.
        uint32_t next[3] = {0, 0, 0};
        for (uint32_t i = 0; i < slots.size() && slots[i] < 3; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(seqs[i], 100 * slots[i] + next[slots[i]], "order in VC");
            ++next[slots[i]];
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * PeekNextVc (the cache hint of a host port) names the VC whose cell the
 * next Dequeue hands out, through a weighted round-robin; NO_VC once the
 * queue disc is empty, and always from a FIFO, which does not know.
 */
class AtmPeekNextVcTestCase : public TestCase
{
  public:
    AtmPeekNextVcTestCase()
        : TestCase("PeekNextVc names the VC the next Dequeue serves (weights 1, 2, 3)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmPerVcQueueDisc> q = MakePerVc(100, "Shared", {1, 2, 3});
        NS_TEST_EXPECT_MSG_EQ(q->PeekNextVc(), AtmQueueDisc::NO_VC, "empty");
        for (uint32_t v = 0; v < 3; ++v)
        {
            for (uint32_t k = 0; k < 4; ++k)
            {
                q->Enqueue(Cell(100 * v + k), v);
            }
        }
        std::string peeked;
        std::string served;
        AtmCell c;
        uint32_t slot;
        for (uint32_t i = 0; i < 12; ++i)
        {
            peeked += std::to_string(q->PeekNextVc()) + " ";
            NS_TEST_ASSERT_MSG_EQ(q->Dequeue(c, slot), true, "cell " << i);
            served += std::to_string(slot) + " ";
        }
        NS_TEST_EXPECT_MSG_EQ(served, "0 1 1 2 2 2 0 1 1 2 0 0 ", "weighted service order");
        NS_TEST_EXPECT_MSG_EQ(peeked, served, "each peek names the next VC served");
        NS_TEST_EXPECT_MSG_EQ(q->PeekNextVc(), AtmQueueDisc::NO_VC, "drained");

        Ptr<AtmQueueDisc> fifo = MakeFifo(10, 2);
        fifo->Enqueue(Cell(1), 1);
        NS_TEST_EXPECT_MSG_EQ(fifo->PeekNextVc(), AtmQueueDisc::NO_VC, "a FIFO does not know");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * A blocked VC is skipped; once unblocked it rejoins at the tail of the
 * active list. Expected order worked out in DoRun.
 */
class AtmBlockedVcTestCase : public TestCase
{
  public:
    AtmBlockedVcTestCase()
        : TestCase("Round-robin skips a blocked VC and resumes it at the tail after unblock")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmPerVcQueueDisc> q = MakePerVc(100, "Shared", {1, 1, 1});
        for (uint32_t v = 0; v < 3; ++v)
        {
            for (uint32_t k = 0; k < 3; ++k)
            {
                q->Enqueue(Cell(100 * v + k), v);
            }
        }
        AtmCell c;
        uint32_t slot;
        std::vector<uint32_t> order;
        // Active list [0 1 2]: serve 0 -> [1 2 0].
        q->Dequeue(c, slot);
        order.push_back(slot);
        // Block 1: it is skipped -> serve 2, then 0; list [2 0].
        q->SetVcBlocked(1, true);
        q->Dequeue(c, slot);
        order.push_back(slot);
        q->Dequeue(c, slot);
        order.push_back(slot);
        NS_TEST_EXPECT_MSG_EQ(q->GetVcCells(1), 3, "the blocked VC keeps its cells");
        // Unblock 1: it joins at the tail -> [2 0 1]: 2, 0 (VC 0 empty), 1,
        // 2 (VC 2 empty), 1, 1.
        q->SetVcBlocked(1, false);
        std::vector<uint32_t> seqs;
        DrainAll(q, order, seqs);
        NS_TEST_EXPECT_MSG_EQ(Join(order), "0 2 0 2 0 1 2 1 1", "service order");

        // With every VC that has cells blocked, nothing is served.
        q->Enqueue(Cell(7), 0);
        q->Enqueue(Cell(8), 2);
        q->SetVcBlocked(0, true);
        q->SetVcBlocked(2, true);
        NS_TEST_EXPECT_MSG_EQ(q->Dequeue(c, slot), false, "all blocked");
        q->SetVcBlocked(2, false);
        NS_TEST_EXPECT_MSG_EQ(q->Dequeue(c, slot), true, "VC 2 unblocked");
        NS_TEST_EXPECT_MSG_EQ(slot, 2, "VC 2 served");
        NS_TEST_EXPECT_MSG_EQ(q->Dequeue(c, slot), false, "VC 0 still blocked");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * StaticPartition: a VC holds at most VcLimit cells (or MaxCells / VCs).
 */
class AtmStaticPartitionTestCase : public TestCase
{
  public:
    AtmStaticPartitionTestCase()
        : TestCase("StaticPartition drops beyond VcLimit (VcLimit), MaxCells over VCs by default")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmPerVcQueueDisc> q = MakePerVc(12, "StaticPartition", {1, 1}, 4);
        NS_TEST_EXPECT_MSG_EQ(q->GetVcLimit(), 4, "VcLimit in force");
        DropLog log;
        log.Connect(q);
        for (uint32_t i = 0; i < 6; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(q->Enqueue(Cell(i), 0), (i < 4), "VC 0 cell " << i);
        }
        for (uint32_t i = 0; i < 5; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(q->Enqueue(Cell(100 + i), 1), (i < 4), "VC 1 cell " << i);
        }
        NS_TEST_EXPECT_MSG_EQ(q->GetNCells(), 8, "8 queued, 4 cells of buffer unused");
        NS_TEST_EXPECT_MSG_EQ(q->GetNDropped("VcLimit"), 3, "3 VcLimit drops");
        NS_TEST_EXPECT_MSG_EQ(q->GetNDropped("Overflow"), 0, "no Overflow");
        NS_TEST_EXPECT_MSG_EQ(log.Str(),
                              "0:4:VcLimit 0:5:VcLimit 1:104:VcLimit",
                              "VC 0's cells 4 and 5, VC 1's cell 4");
        // A served cell frees one place of that VC only.
        AtmCell c;
        uint32_t slot;
        q->Dequeue(c, slot);
        NS_TEST_EXPECT_MSG_EQ(slot, 0, "VC 0 served first");
        NS_TEST_EXPECT_MSG_EQ(q->Enqueue(Cell(6), 1), false, "VC 1 still full");
        NS_TEST_EXPECT_MSG_EQ(q->Enqueue(Cell(7), 0), true, "VC 0 has room again");

        // VcLimit 0: MaxCells / number of VCs = 12 / 3 = 4.
        Ptr<AtmPerVcQueueDisc> d = MakePerVc(12, "StaticPartition", {1, 1, 1});
        NS_TEST_EXPECT_MSG_EQ(d->GetVcLimit(), 4, "12 cells over 3 VCs");
        uint32_t accepted = 0;
        for (uint32_t i = 0; i < 6; ++i)
        {
            accepted += d->Enqueue(Cell(i), 2);
        }
        NS_TEST_EXPECT_MSG_EQ(accepted, 4, "VC 2 holds 4");
        NS_TEST_EXPECT_MSG_EQ(d->GetNDropped("VcLimit"), 2, "2 VcLimit drops");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * PushOut: a full buffer makes room by dropping the newest cell of the
 * longest queue; an arrival to the longest queue itself is dropped.
 */
class AtmPushOutTestCase : public TestCase
{
  public:
    AtmPushOutTestCase()
        : TestCase("PushOut drops the tail of the longest queue, or the arrival to it (Overflow)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmPerVcQueueDisc> q = MakePerVc(6, "PushOut", {1, 1, 1});
        DropLog log;
        log.Connect(q);
        // VC 0: 0 1 2 3, VC 1: 100 101 -> full.
        for (uint32_t i = 0; i < 4; ++i)
        {
            q->Enqueue(Cell(i), 0);
        }
        q->Enqueue(Cell(100), 1);
        q->Enqueue(Cell(101), 1);
        NS_TEST_EXPECT_MSG_EQ(q->GetNCells(), 6, "full");
        NS_TEST_EXPECT_MSG_EQ(log.drops.size(), 0, "no drop yet");

        // 200 to VC 2: VC 0 (4) is longest -> its tail 3 is pushed out.
        NS_TEST_EXPECT_MSG_EQ(q->Enqueue(Cell(200), 2), true, "200 accepted");
        // 4 to VC 0: VC 0 (3) is the longest -> the arrival is dropped.
        NS_TEST_EXPECT_MSG_EQ(q->Enqueue(Cell(4), 0), false, "4 dropped");
        // 102 to VC 1 (2): VC 0 (3) is longest -> its tail 2 is pushed out.
        NS_TEST_EXPECT_MSG_EQ(q->Enqueue(Cell(102), 1), true, "102 accepted");
        // 103 to VC 1 (3, now the longest): dropped.
        NS_TEST_EXPECT_MSG_EQ(q->Enqueue(Cell(103), 1), false, "103 dropped");
        // 201 to VC 2 (1): VC 1 (3) is longest -> its tail 102 is pushed out.
        NS_TEST_EXPECT_MSG_EQ(q->Enqueue(Cell(201), 2), true, "201 accepted");

        NS_TEST_EXPECT_MSG_EQ(log.Str(),
                              "0:3:PushOut 0:4:Overflow 0:2:PushOut 1:103:Overflow 1:102:PushOut",
                              "which VC lost which cell, and why");
        NS_TEST_EXPECT_MSG_EQ(q->GetNCells(), 6, "still full");
        NS_TEST_EXPECT_MSG_EQ(q->GetVcCells(0), 2, "VC 0: 0 1");
        NS_TEST_EXPECT_MSG_EQ(q->GetVcCells(1), 2, "VC 1: 100 101");
        NS_TEST_EXPECT_MSG_EQ(q->GetVcCells(2), 2, "VC 2: 200 201");
        NS_TEST_EXPECT_MSG_EQ(q->GetNDropped("PushOut"), 3, "3 pushed out");
        NS_TEST_EXPECT_MSG_EQ(q->GetNDropped("Overflow"), 2, "2 overflowed");
        NS_TEST_EXPECT_MSG_EQ(q->GetNEnqueued(), 9, "9 enqueued");
        // Conservation: enqueued = dequeued + dropped after enqueue + queued.
        NS_TEST_EXPECT_MSG_EQ(q->GetNEnqueued(),
                              q->GetNDequeued() + q->GetNDropped("PushOut") + q->GetNCells(),
                              "conservation");

        std::vector<uint32_t> slots;
        std::vector<uint32_t> seqs;
        DrainAll(q, slots, seqs);
        NS_TEST_EXPECT_MSG_EQ(Join(seqs), "0 100 200 1 101 201", "what is left, round-robin");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Global two-threshold detection (eq. 2): set when Q > Q_HT, kept while
 * Q_LT <= Q <= Q_HT, cleared when Q < Q_LT; traced on each change.
 */
class AtmGlobalCongestionTestCase : public TestCase
{
  public:
    AtmGlobalCongestionTestCase()
        : TestCase("Eq. 2: set above HighThreshold, kept between, cleared below LowThreshold")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t high = 10;
        const uint32_t low = 5;
        Ptr<AtmQueueDisc> q = MakeFifo(100, 1, high, low);
        std::vector<bool> changes;
        q->TraceConnectWithoutContext(
            "Congestion",
            atmtest::MakeLambdaCallback<void, bool>(
                [&changes](bool congested) { changes.push_back(congested); }));
        // Up to 15, down to 0, up to 12: the flag after each step, by hand.
        std::vector<int> steps;
        steps.reserve(15);
        for (int i = 0; i < 15; ++i)
        {
            steps.push_back(+1);
        }
        for (int i = 0; i < 15; ++i)
        {
            steps.push_back(-1);
        }
        for (int i = 0; i < 12; ++i)
        {
            steps.push_back(+1);
        }
        uint32_t len = 0;
        uint32_t seq = 0;
        for (std::size_t i = 0; i < steps.size(); ++i)
        {
            const bool before = q->IsCongested();
            if (steps[i] > 0)
            {
                q->Enqueue(Cell(seq++), 0);
                ++len;
            }
            else
            {
                AtmCell c;
                uint32_t slot;
                q->Dequeue(c, slot);
                --len;
            }
            // Rising: set only at 11 (> 10). Falling: still set from 10 down
            // to 5, cleared at 4 (< 5).
            bool expect;
            if (len > high)
            {
                expect = true;
            }
            else if (len < low)
            {
                expect = false;
            }
            else
            {
                expect = before;
            }
            NS_TEST_EXPECT_MSG_EQ(q->GetNCells(), len, "length at step " << i);
            NS_TEST_EXPECT_MSG_EQ(q->IsCongested(),
                                  expect,
                                  "flag at length " << len << " step " << i);
        }
        const std::vector<bool> e = {true, false, true};
        NS_TEST_EXPECT_MSG_EQ((changes == e), true, "three changes traced: set, clear, set");

        // The hand-worked points: set at 11 only, kept at 5, cleared at 4.
        Ptr<AtmQueueDisc> p = MakeFifo(100, 1, high, low);
        for (uint32_t i = 0; i < 10; ++i)
        {
            p->Enqueue(Cell(i), 0);
        }
        NS_TEST_EXPECT_MSG_EQ(p->IsCongested(), false, "10 = Q_HT is not above it");
        p->Enqueue(Cell(10), 0);
        NS_TEST_EXPECT_MSG_EQ(p->IsCongested(), true, "11 > Q_HT");
        AtmCell c;
        uint32_t slot;
        for (uint32_t i = 0; i < 6; ++i)
        {
            p->Dequeue(c, slot);
        }
        NS_TEST_EXPECT_MSG_EQ(p->GetNCells(), 5, "5 left");
        NS_TEST_EXPECT_MSG_EQ(p->IsCongested(), true, "5 = Q_LT is not below it");
        p->Dequeue(c, slot);
        NS_TEST_EXPECT_MSG_EQ(p->IsCongested(), false, "4 < Q_LT");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Per-VC detection (eqs. 3-5): with N active VCs a VC is flagged when
 * Q > Q_HT and Q_vc > Q_HT / N, and unflagged when Q_vc < Q_LT / N.
 * Hand-worked points on the detector, then a randomized run of a per-VC
 * queue disc against a reference model of eqs. 2-5.
 */
class AtmPerVcCongestionTestCase : public TestCase
{
  public:
    AtmPerVcCongestionTestCase()
        : TestCase("Eqs. 3-5: per-VC thresholds HT over N and LT over N, set only while Q > HT")
    {
    }

  private:
    /// Hand-worked points, Q_HT = 12, Q_LT = 6.
    void HandWorked()
    {
        AtmCongestionDetector d;
        d.SetThresholds(6, 12);
        d.SetVcCount(3);
        NS_TEST_EXPECT_MSG_EQ(d.GetHighThreshold(), 12, "Q_HT");
        NS_TEST_EXPECT_MSG_EQ(d.GetLowThreshold(), 6, "Q_LT");
        // Q = 12 is not above Q_HT: even a VC holding all of it is not flagged.
        NS_TEST_EXPECT_MSG_EQ(d.IsVcCongested(12, 0, 12, 1), false, "Q = Q_HT");
        // Q = 13, N = 3: Q_HT / N = 4.
        NS_TEST_EXPECT_MSG_EQ(d.IsVcCongested(13, 0, 5, 3), true, "5 > 4");
        NS_TEST_EXPECT_MSG_EQ(d.IsVcCongested(13, 2, 4, 3), false, "4 = Q_HT / N is not above");
        // The same 5 cells with N = 2 (Q_HT / N = 6) are not too many.
        NS_TEST_EXPECT_MSG_EQ(d.IsVcCongested(13, 1, 5, 2), false, "5 < 6 with N = 2");
        // VC 0 stays flagged while Q_vc >= Q_LT / N = 2, even with Q <= Q_HT.
        NS_TEST_EXPECT_MSG_EQ(d.IsVcCongested(10, 0, 3, 3), true, "3: kept");
        NS_TEST_EXPECT_MSG_EQ(d.IsVcCongested(9, 0, 2, 3), true, "2 = Q_LT / N: kept");
        NS_TEST_EXPECT_MSG_EQ(d.IsVcCongested(8, 0, 1, 3), false, "1 < 2: cleared");
        // Once cleared, Q <= Q_HT cannot set it again, however long Q_vc.
        NS_TEST_EXPECT_MSG_EQ(d.IsVcCongested(12, 0, 11, 3), false, "Q = Q_HT: not set");
        // Q_HT / N need not be whole: Q_HT = 13, N = 3 gives 4.33.
        AtmCongestionDetector f;
        f.SetThresholds(7, 13);
        f.SetVcCount(2);
        NS_TEST_EXPECT_MSG_EQ(f.IsVcCongested(14, 0, 4, 3), false, "4 < 4.33");
        NS_TEST_EXPECT_MSG_EQ(f.IsVcCongested(14, 1, 5, 3), true, "5 > 4.33");
        // Q_LT / N = 2.33: 3 keeps the flag, 2 clears it.
        NS_TEST_EXPECT_MSG_EQ(f.IsVcCongested(10, 1, 3, 3), true, "3 > 2.33: kept");
        NS_TEST_EXPECT_MSG_EQ(f.IsVcCongested(10, 1, 2, 3), false, "2 < 2.33: cleared");
        // A zero Q_HT turns detection off.
        AtmCongestionDetector off;
        off.SetVcCount(1);
        NS_TEST_EXPECT_MSG_EQ(off.Update(100, 0, 100, 1), false, "no change when off");
        NS_TEST_EXPECT_MSG_EQ(off.IsCongested(), false, "off");
        NS_TEST_EXPECT_MSG_EQ(off.IsVcCongested(100, 0, 100, 1), false, "off per VC");
    }

    void DoRun() override
    {
        HandWorked();

        // Randomized: 4 VCs, Q_HT 12, Q_LT 6; lengths wander across both.
        const uint32_t nVcs = 4;
        const uint32_t high = 12;
        const uint32_t low = 6;
        Ptr<AtmPerVcQueueDisc> q = MakePerVc(1000, "Shared", {1, 1, 1, 1}, 0, high, low);
        std::vector<uint32_t> lens(nVcs, 0);
        std::vector<bool> vcFlag(nVcs, false);
        bool flag = false;
        std::mt19937 rng(7);
        uint32_t total = 0;
        uint32_t setCount = 0;
        uint32_t keptCount = 0;
        for (int step = 0; step < 4000; ++step)
        {
            const uint32_t pEnq = total > 25 ? 30 : (total < 4 ? 80 : 52);
            if (rng() % 100 < pEnq)
            {
                // Skewed: VC 0 gets more than the others.
                const uint32_t v = (rng() % 10 < 4) ? 0 : 1 + rng() % (nVcs - 1);
                q->Enqueue(Cell(step), v);
                ++lens[v];
                ++total;
            }
            else
            {
                AtmCell c;
                uint32_t v;
                if (q->Dequeue(c, v))
                {
                    --lens[v];
                    --total;
                }
            }
            // Reference eq. 2.
            flag = total > high ? true : (total < low ? false : flag);
            NS_TEST_EXPECT_MSG_EQ(q->IsCongested(), flag, "eq. 2 at step " << step);
            // Reference eqs. 3-5, every VC evaluated at every step.
            uint32_t n = 0;
            for (uint32_t v = 0; v < nVcs; ++v)
            {
                n += lens[v] > 0;
            }
            const double nn = n > 0 ? n : 1;
            NS_TEST_EXPECT_MSG_EQ(q->GetNActiveVcs(), n, "active VCs at step " << step);
            for (uint32_t v = 0; v < nVcs; ++v)
            {
                const bool was = vcFlag[v];
                if (total > high && lens[v] > high / nn)
                {
                    vcFlag[v] = true;
                }
                else if (lens[v] < low / nn)
                {
                    vcFlag[v] = false;
                }
                setCount += vcFlag[v] && !was;
                keptCount += vcFlag[v] && was && total <= high;
                NS_TEST_EXPECT_MSG_EQ(q->GetVcCells(v), lens[v], "VC " << v << " length");
                NS_TEST_EXPECT_MSG_EQ(q->IsVcCongested(v),
                                      vcFlag[v],
                                      "eqs. 3-5, VC " << v << " step " << step);
            }
        }
        // The run did exercise setting and the hysteresis band.
        NS_TEST_EXPECT_MSG_GT(setCount, 20, "per-VC flags were set");
        NS_TEST_EXPECT_MSG_GT(keptCount, 20, "per-VC flags were kept below Q_HT");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * The CellsInQueue and VcCellsInQueue traces follow every change of length.
 */
class AtmLengthTracesTestCase : public TestCase
{
  public:
    AtmLengthTracesTestCase()
        : TestCase("CellsInQueue and VcCellsInQueue trace every change of length")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmPerVcQueueDisc> q = MakePerVc(5, "PushOut", {1, 1});
        std::vector<std::pair<uint32_t, uint32_t>> total;
        std::vector<std::pair<uint32_t, uint32_t>> perVc;
        q->TraceConnectWithoutContext(
            "CellsInQueue",
            atmtest::MakeLambdaCallback<void, uint32_t, uint32_t>(
                [&total](uint32_t oldV, uint32_t newV) { total.emplace_back(oldV, newV); }));
        q->TraceConnectWithoutContext(
            "VcCellsInQueue",
            atmtest::MakeLambdaCallback<void, uint32_t, uint32_t>(
                [&perVc](uint32_t slot, uint32_t cells) { perVc.emplace_back(slot, cells); }));
        // VC 0 x4, VC 1 x1: full at 5. VC 1 again: VC 0's tail is pushed out
        // (VC 0 -> 3, total 4) and the arrival queued (VC 1 -> 2, total 5).
        for (uint32_t i = 0; i < 4; ++i)
        {
            q->Enqueue(Cell(i), 0);
        }
        q->Enqueue(Cell(100), 1);
        q->Enqueue(Cell(101), 1);
        AtmCell c;
        uint32_t slot;
        q->Dequeue(c, slot); // VC 0 -> 2, total 4
        const std::vector<std::pair<uint32_t, uint32_t>> eTotal =
            {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 4}, {4, 5}, {5, 4}};
        const std::vector<std::pair<uint32_t, uint32_t>> eVc =
            {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 1}, {0, 3}, {1, 2}, {0, 2}};
        NS_TEST_EXPECT_MSG_EQ((total == eTotal), true, "CellsInQueue values");
        NS_TEST_EXPECT_MSG_EQ((perVc == eVc), true, "VcCellsInQueue values");
        NS_TEST_EXPECT_MSG_EQ(q->GetVcCells(0), 2, "VC 0 length");
        NS_TEST_EXPECT_MSG_EQ(q->GetVcCells(1), 2, "VC 1 length");
        NS_TEST_EXPECT_MSG_EQ(q->GetMaxCellsSeen(), 5, "high-water mark");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Random arrivals, services and gates on a push-out per-VC queue disc,
 * checked after every operation against a reference of the per-VC queues:
 * who is served (per-VC FIFO order, never a blocked VC), who is pushed out
 * (the tail of a longest queue, longer than the arrival's), and
 * enqueued = dequeued + dropped after enqueue + queued.
 */
class AtmConservationTestCase : public TestCase
{
  public:
    AtmConservationTestCase()
        : TestCase("Conservation and per-VC order under random push-out, service and gating")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t nVcs = 4;
        const uint32_t maxCells = 20;
        Ptr<AtmPerVcQueueDisc> q = MakePerVc(maxCells, "PushOut", {1, 2, 1, 3});
        DropLog log;
        log.Connect(q);
        std::vector<std::deque<uint32_t>> ref(nVcs);
        std::vector<bool> blocked(nVcs, false);
        std::mt19937 rng(11);
        uint32_t seq = 0;
        uint64_t pushOuts = 0;
        bool sane = true; // false stops the run: the reference cannot follow
        for (int step = 0; step < 5000 && sane; ++step)
        {
            const uint32_t r = rng() % 100;
            if (r < 55)
            {
                const uint32_t v = (rng() % 2) ? 0 : rng() % nVcs;
                const std::size_t before = log.drops.size();
                const bool ok = q->Enqueue(Cell(seq), v);
                uint32_t queued = 0;
                std::size_t longest = 0;
                for (const auto& d : ref)
                {
                    queued += d.size();
                    longest = std::max(longest, d.size());
                }
                if (queued < maxCells)
                {
                    NS_TEST_EXPECT_MSG_EQ(ok, true, "room: accepted, step " << step);
                    NS_TEST_EXPECT_MSG_EQ(log.drops.size(), before, "no drop, step " << step);
                    ref[v].push_back(seq);
                }
                else if (ref[v].size() >= longest)
                {
                    // Full and the arrival's queue is (one of) the longest.
                    NS_TEST_EXPECT_MSG_EQ(ok, false, "own queue longest, step " << step);
                    NS_TEST_EXPECT_MSG_EQ(log.drops.size(), before + 1, "one drop");
                    sane = !ok && log.drops.size() == before + 1;
                    if (sane)
                    {
                        NS_TEST_EXPECT_MSG_EQ(log.drops.back().reason, "Overflow", "reason");
                        NS_TEST_EXPECT_MSG_EQ(log.drops.back().seq, seq, "the arrival");
                    }
                }
                else
                {
                    // Full: a strictly longer queue loses its newest cell.
                    NS_TEST_EXPECT_MSG_EQ(ok, true, "push-out admits, step " << step);
                    NS_TEST_EXPECT_MSG_EQ(log.drops.size(), before + 1, "one drop");
                    sane = ok && log.drops.size() == before + 1 && log.drops.back().slot < nVcs &&
                           !ref[log.drops.back().slot].empty();
                    NS_TEST_EXPECT_MSG_EQ(sane, true, "a victim with cells, step " << step);
                    if (sane)
                    {
                        const Drop& d = log.drops.back();
                        NS_TEST_EXPECT_MSG_EQ(d.reason, "PushOut", "reason, step " << step);
                        NS_TEST_EXPECT_MSG_EQ(ref[d.slot].size(), longest, "victim is a longest");
                        NS_TEST_EXPECT_MSG_EQ(d.seq, ref[d.slot].back(), "victim's newest cell");
                        ref[d.slot].pop_back();
                        ref[v].push_back(seq);
                        ++pushOuts;
                    }
                }
                ++seq;
            }
            else if (r < 92)
            {
                AtmCell c;
                uint32_t v = 0;
                const bool ok = q->Dequeue(c, v);
                bool eligible = false;
                for (uint32_t k = 0; k < nVcs; ++k)
                {
                    eligible = eligible || (!blocked[k] && !ref[k].empty());
                }
                NS_TEST_EXPECT_MSG_EQ(ok, eligible, "served iff a VC can be, step " << step);
                if (ok)
                {
                    sane = v < nVcs && !ref[v].empty();
                    NS_TEST_EXPECT_MSG_EQ(sane, true, "served a VC with cells, step " << step);
                    if (sane)
                    {
                        NS_TEST_EXPECT_MSG_EQ(blocked[v], false, "never a blocked VC");
                        NS_TEST_EXPECT_MSG_EQ(c.GetSequence(), ref[v].front(), "per-VC FIFO");
                        ref[v].pop_front();
                    }
                }
            }
            else
            {
                const uint32_t v = rng() % nVcs;
                blocked[v] = !blocked[v];
                q->SetVcBlocked(v, blocked[v]);
            }
            uint32_t queued = 0;
            uint32_t active = 0;
            for (uint32_t k = 0; k < nVcs; ++k)
            {
                NS_TEST_EXPECT_MSG_EQ(q->GetVcCells(k), ref[k].size(), "VC " << k << " length");
                queued += ref[k].size();
                active += !ref[k].empty();
            }
            NS_TEST_EXPECT_MSG_EQ(q->GetNCells(), queued, "total, step " << step);
            NS_TEST_EXPECT_MSG_EQ(q->GetNActiveVcs(), active, "active VCs, step " << step);
            NS_TEST_EXPECT_MSG_LT_OR_EQ(q->GetNCells(), maxCells, "within MaxCells");
            NS_TEST_EXPECT_MSG_EQ(q->GetNEnqueued(),
                                  q->GetNDequeued() + q->GetNDropped("PushOut") + q->GetNCells(),
                                  "enqueued = dequeued + pushed out + queued, step " << step);
            NS_TEST_EXPECT_MSG_EQ(q->GetNDropped(),
                                  q->GetNDropped("PushOut") + q->GetNDropped("Overflow"),
                                  "drops by reason add up");
            NS_TEST_EXPECT_MSG_EQ(q->GetNDropped(), log.drops.size(), "every drop traced");
        }
        NS_TEST_EXPECT_MSG_GT(pushOuts, 50, "push-out was exercised");
        NS_TEST_EXPECT_MSG_GT(q->GetNDropped("Overflow"), 50, "overflow was exercised");
        NS_TEST_EXPECT_MSG_EQ(q->GetNDropped("PushOut"), pushOuts, "push-outs counted");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * The straight path (PassStraight) against Enqueue() then Dequeue() at one
 * instant, on twin queue discs driven by one random sequence of arrivals
 * at an idle port, arrivals at a busy port, departures and gating, with
 * EPD and PPD on 4-cell frames, without and with congestion detection
 * (thresholds 8 and 4), and with selective discard (ClpThreshold 5, every
 * third cell CLP = 1): the same cells sent, the same drops by reason, and the same counters,
 * high-water mark, length integral, per-VC lengths and service order after every step.
 */
class AtmPassStraightTestCase : public TestCase
{
  public:
    /**
     * @param fifo a FIFO (else per-VC round-robin, weights 1 2 1)
     * @param bm per-VC BufferManagement
     */
    AtmPassStraightTestCase(bool fifo, const std::string& bm)
        : TestCase(std::string("Straight path = Enqueue + Dequeue at one instant: ") +
                   (fifo ? "FIFO" : "per-VC " + bm)),
          m_fifo(fifo),
          m_bm(bm)
    {
    }

  private:
    /// @return a queue disc of the case: 12 cells, EPD at 6, PPD, detection if
    ///         m_detector, selective discard at 5 if m_clp
    Ptr<AtmQueueDisc> Make() const
    {
        Ptr<AtmQueueDisc> q;
        if (m_fifo)
        {
            q = CreateObject<AtmFifoQueueDisc>();
        }
        else
        {
            q = CreateObject<AtmPerVcQueueDisc>();
            q->SetAttribute("BufferManagement", StringValue(m_bm));
        }
        q->SetAttribute("MaxCells", UintegerValue(12));
        q->SetAttribute("EpdThreshold", UintegerValue(6));
        q->SetAttribute("Ppd", BooleanValue(true));
        q->SetAttribute("HighThreshold", UintegerValue(m_detector ? 8 : 0));
        q->SetAttribute("LowThreshold", UintegerValue(m_detector ? 4 : 0));
        q->SetAttribute("ClpThreshold", UintegerValue(m_clp ? 5 : 0));
        const uint32_t weights[3] = {1, 2, 1};
        for (uint32_t s = 0; s < 3; ++s)
        {
            q->AddVc(s, weights[s]);
        }
        q->Initialize();
        return q;
    }

    void DoRun() override
    {
        for (bool detector : {false, true})
        {
            m_detector = detector;
            RunOnce();
        }
        m_detector = false;
        m_clp = true;
        RunOnce();
    }

    /// One random sequence on a fresh pair.
    void RunOnce()
    {
        const uint32_t nVcs = 3;
        Ptr<AtmQueueDisc> a = Make(); // Enqueue() and Dequeue()
        Ptr<AtmQueueDisc> b = Make(); // PassStraight() where allowed
        std::mt19937 rng(m_fifo ? 5 : 7);
        std::vector<uint32_t> nextSeq(nVcs, 0);
        std::vector<bool> blocked(nVcs, false);
        int64_t now = 0;
        uint32_t straight = 0;
        uint32_t notStraight = 0;
        for (int step = 0; step < 20000; ++step)
        {
            now += rng() % 3; // several changes at one instant, too
            const uint32_t r = rng() % 100;
            if (r < 48)
            {
                const uint32_t v = rng() % nVcs;
                AtmCell cell = AtmCell::MakeData(0, 32 + v, nextSeq[v], Seconds(0));
                cell.SetAuu(nextSeq[v] % 4 == 3); // 4-cell frames
                cell.SetClp(m_clp && nextSeq[v] % 3 == 1);
                ++nextSeq[v];
                const bool idle = r < 32; // the port can send at once
                const bool okA = a->Enqueue(cell, v, now);
                if (!idle)
                {
                    const bool okB = b->Enqueue(cell, v, now);
                    NS_TEST_ASSERT_MSG_EQ(okB, okA, "busy port: accepted alike, step " << step);
                }
                else
                {
                    AtmCell sentA;
                    uint32_t slotA = 0;
                    const bool gotA = okA && a->Dequeue(sentA, slotA, now);
                    if (b->CanPassStraight(v))
                    {
                        ++straight;
                        NS_TEST_ASSERT_MSG_EQ(b->GetNCells(), 0, "straight only when empty");
                        const bool okB = b->PassStraight(cell, v, now);
                        NS_TEST_ASSERT_MSG_EQ(okB, okA, "admitted alike, step " << step);
                        NS_TEST_ASSERT_MSG_EQ(gotA, okA, "the enqueued cell went at once");
                        if (gotA)
                        {
                            NS_TEST_ASSERT_MSG_EQ(slotA, v, "the same VC, step " << step);
                            NS_TEST_ASSERT_MSG_EQ(sentA.GetSequence(),
                                                  cell.GetSequence(),
                                                  "the same cell, step " << step);
                        }
                    }
                    else
                    {
                        ++notStraight;
                        const bool okB = b->Enqueue(cell, v, now);
                        NS_TEST_ASSERT_MSG_EQ(okB, okA, "accepted alike, step " << step);
                        AtmCell sentB;
                        uint32_t slotB = 0;
                        const bool gotB = okB && b->Dequeue(sentB, slotB, now);
                        NS_TEST_ASSERT_MSG_EQ(gotB, gotA, "sent alike, step " << step);
                        if (gotA)
                        {
                            NS_TEST_ASSERT_MSG_EQ(slotB, slotA, "same VC, step " << step);
                            NS_TEST_ASSERT_MSG_EQ(sentB.GetSequence(),
                                                  sentA.GetSequence(),
                                                  "same cell, step " << step);
                        }
                    }
                }
            }
            else if (r < 92)
            {
                AtmCell ca;
                AtmCell cb;
                uint32_t sa = 0;
                uint32_t sb = 0;
                const bool ga = a->Dequeue(ca, sa, now);
                const bool gb = b->Dequeue(cb, sb, now);
                NS_TEST_ASSERT_MSG_EQ(gb, ga, "departure alike, step " << step);
                if (ga)
                {
                    NS_TEST_ASSERT_MSG_EQ(sb, sa, "same VC, step " << step);
                    NS_TEST_ASSERT_MSG_EQ(cb.GetSequence(), ca.GetSequence(), "same cell");
                }
            }
            else
            {
                // Short gating spells: a FIFO waits while its head's VC is
                // blocked.
                const uint32_t v = rng() % nVcs;
                if (blocked[v] || rng() % 4 == 0)
                {
                    blocked[v] = !blocked[v];
                    a->SetVcBlocked(v, blocked[v]);
                    b->SetVcBlocked(v, blocked[v]);
                }
            }
            NS_TEST_ASSERT_MSG_EQ(b->GetNCells(), a->GetNCells(), "cells, step " << step);
            NS_TEST_ASSERT_MSG_EQ(b->GetNActiveVcs(), a->GetNActiveVcs(), "active VCs");
            for (uint32_t v = 0; v < nVcs; ++v)
            {
                NS_TEST_ASSERT_MSG_EQ(b->GetVcCells(v), a->GetVcCells(v), "VC " << v);
                NS_TEST_ASSERT_MSG_EQ(b->IsVcCongested(v), a->IsVcCongested(v), "flag " << v);
            }
            NS_TEST_ASSERT_MSG_EQ(b->GetNEnqueued(), a->GetNEnqueued(), "enqueued, " << step);
            NS_TEST_ASSERT_MSG_EQ(b->GetNDequeued(), a->GetNDequeued(), "dequeued, " << step);
            NS_TEST_ASSERT_MSG_EQ(b->IsCongested(), a->IsCongested(), "eq. (2) flag, " << step);
            for (const char* reason :
                 {"Overflow", "VcLimit", "PushOut", "Epd", "Ppd", "ClpDiscard"})
            {
                NS_TEST_ASSERT_MSG_EQ(b->GetNDropped(reason),
                                      a->GetNDropped(reason),
                                      reason << " drops, step " << step);
            }
            NS_TEST_ASSERT_MSG_EQ(b->GetMaxCellsSeen(), a->GetMaxCellsSeen(), "high water");
            NS_TEST_ASSERT_MSG_EQ(b->GetLengthIntegral(TimeStep(now)),
                                  a->GetLengthIntegral(TimeStep(now)),
                                  "length integral, step " << step);
            if (step % 1000 == 999)
            {
                a->ResetMaxCellsSeen();
                b->ResetMaxCellsSeen();
            }
        }
        NS_TEST_EXPECT_MSG_GT(a->GetNDropped("Epd") + a->GetNDropped("Ppd"), 100, "EPD/PPD ran");
        const bool clpRan = a->GetNDropped("ClpDiscard") > 100;
        NS_TEST_EXPECT_MSG_EQ(clpRan, m_clp, "selective discard ran");
        if (m_fifo || m_bm == "Shared")
        {
            NS_TEST_EXPECT_MSG_GT(straight, 1000, "the straight path was taken");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(straight, 0, "StaticPartition and PushOut stay off it");
        }
        NS_TEST_EXPECT_MSG_GT(notStraight, 1000, "and the other path");
        Simulator::Destroy();
    }

    bool m_fifo;            //!< FIFO, else per-VC
    std::string m_bm;       //!< per-VC BufferManagement
    bool m_detector{false}; //!< congestion detection on (thresholds 8/4)
    bool m_clp{false};      //!< selective discard on (ClpThreshold 5)
};

/// A sink for the IsObserved test.
void
IgnoreCell(const AtmCell&, uint32_t)
{
}

/// A sink with a context for the IsObserved test.
void
IgnoreLengths(std::string, uint32_t, uint32_t)
{
}

/**
 * @ingroup atm-tests
 * IsObserved() follows the sinks of the traces that queueing a cell fires,
 * through connects and disconnects with and without context; the Dequeue
 * trace does not count.
 */
class AtmIsObservedTestCase : public TestCase
{
  public:
    AtmIsObservedTestCase()
        : TestCase("IsObserved follows the sinks of Enqueue, Drop, CellsInQueue, ... (not Dequeue)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmQueueDisc> q = MakeFifo(10, 1);
        const auto cell = MakeCallback(&IgnoreCell);
        const auto lengths = MakeCallback(&IgnoreLengths);
        NS_TEST_EXPECT_MSG_EQ(q->IsObserved(), false, "no sink");
        q->TraceConnectWithoutContext("Dequeue", cell);
        NS_TEST_EXPECT_MSG_EQ(q->IsObserved(), false, "Dequeue does not count");
        q->TraceConnectWithoutContext("Enqueue", cell);
        NS_TEST_EXPECT_MSG_EQ(q->IsObserved(), true, "Enqueue");
        q->TraceConnectWithoutContext("Enqueue", cell);
        q->TraceConnect("CellsInQueue", "ctx", lengths);
        NS_TEST_EXPECT_MSG_EQ(q->IsObserved(), true, "Enqueue twice, CellsInQueue");
        q->TraceDisconnectWithoutContext("Enqueue", cell); // both copies go
        NS_TEST_EXPECT_MSG_EQ(q->IsObserved(), true, "CellsInQueue still");
        q->TraceDisconnectWithoutContext("Enqueue", cell); // none left: no change
        NS_TEST_EXPECT_MSG_EQ(q->IsObserved(), true, "CellsInQueue still");
        q->TraceDisconnect("CellsInQueue", "ctx", lengths);
        NS_TEST_EXPECT_MSG_EQ(q->IsObserved(), false, "every sink gone");
        q->TraceConnectWithoutContext("Dequeue", cell);
        NS_TEST_EXPECT_MSG_EQ(q->IsObserved(), false, "Dequeue still does not count");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * The atm-queue-disc test suite.
 */
class AtmQueueDiscTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmQueueDiscTestSuite()
        : IsolatedTestSuite("atm-queue-disc", Type::UNIT)
    {
        AddTestCase(new AtmFifoTailDropTestCase);
        AddTestCase(new AtmFifoOrderTestCase);
        AddTestCase(new AtmFifoHolTestCase);
        AddTestCase(new AtmRoundRobinTestCase);
        AddTestCase(new AtmWeightedRoundRobinTestCase);
        AddTestCase(new AtmPeekNextVcTestCase);
        AddTestCase(new AtmBlockedVcTestCase);
        AddTestCase(new AtmStaticPartitionTestCase);
        AddTestCase(new AtmPushOutTestCase);
        AddTestCase(new AtmGlobalCongestionTestCase);
        AddTestCase(new AtmPerVcCongestionTestCase);
        AddTestCase(new AtmLengthTracesTestCase);
        AddTestCase(new AtmConservationTestCase);
        AddTestCase(new AtmIsObservedTestCase);
        AddTestCase(new AtmPassStraightTestCase(true, ""));
        AddTestCase(new AtmPassStraightTestCase(false, "Shared"));
        AddTestCase(new AtmPassStraightTestCase(false, "StaticPartition"));
    }
};

static AtmQueueDiscTestSuite g_atmQueueDiscTestSuite; //!< the suite
