/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of the priority discipline (AtmPriorityQueueDisc: one class per
// service category, each with its own queue disc) and of selective cell
// discard (ClpThreshold, in every queue disc): strict priority order on a
// scripted mix and CBR's queueing delay behind greedy lower classes at a
// real switch, weighted round-robin shares, the shared buffer against each
// class's own, per-class EPD, CLP = 1 discard counts, conservation per VC
// and per class with the service rule checked at every step of a random
// run, the configuration errors, and a priority port from a scenario file.
// Expected orders and counts are worked out by hand in the comments.

#include "atm-test-suite.h"

#include "ns3/atm-cell-source-helper.h"
#include "ns3/atm-cell.h"
#include "ns3/atm-fifo-queue-disc.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-per-vc-queue-disc.h"
#include "ns3/atm-port-behaviour.h"
#include "ns3/atm-priority-queue-disc.h"
#include "ns3/atm-queue-disc.h"
#include "ns3/atm-scenario-helper.h"
#include "ns3/atm-scenario.h"
#include "ns3/atm-switch-helper.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/atm-vc-helper.h"
#include "ns3/atm-vc.h"
#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <array>
#include <deque>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{

/// Shorter names of the categories.
constexpr AtmServiceCategory CBR = AtmServiceCategory::CBR;
constexpr AtmServiceCategory RT_VBR = AtmServiceCategory::RT_VBR;   //!< rt-VBR
constexpr AtmServiceCategory NRT_VBR = AtmServiceCategory::NRT_VBR; //!< nrt-VBR
constexpr AtmServiceCategory ABR = AtmServiceCategory::ABR;         //!< ABR
constexpr AtmServiceCategory GFR = AtmServiceCategory::GFR;         //!< GFR
constexpr AtmServiceCategory UBR = AtmServiceCategory::UBR;         //!< UBR

/// Attribute name/value pairs, as strings.
typedef std::vector<std::pair<std::string, std::string>> Attributes;

/**
 * A queue disc of a type, its attributes set, VCs of weight 1 added.
 * @param type its TypeId name
 * @param attributes its attributes
 * @param categories one per VC slot
 * @param init initialize it
 * @return the queue disc
 */
Ptr<AtmQueueDisc>
MakeDisc(const std::string& type,
         const Attributes& attributes,
         const std::vector<AtmServiceCategory>& categories,
         bool init = true)
{
    ObjectFactory f(type);
    for (const auto& [name, value] : attributes)
    {
        f.Set(name, StringValue(value));
    }
    Ptr<AtmQueueDisc> q = f.Create<AtmQueueDisc>();
    for (uint32_t s = 0; s < categories.size(); ++s)
    {
        q->AddVc(s, 1, categories[s]);
    }
    if (init)
    {
        q->Initialize();
    }
    return q;
}

/**
 * A priority queue disc.
 * @param attributes its attributes
 * @param categories one per VC slot
 * @return the queue disc, initialized
 */
Ptr<AtmPriorityQueueDisc>
MakePrio(const Attributes& attributes, const std::vector<AtmServiceCategory>& categories)
{
    return DynamicCast<AtmPriorityQueueDisc>(
        MakeDisc("ns3::AtmPriorityQueueDisc", attributes, categories));
}

/**
 * A data cell.
 * @param seq its sequence number
 * @param clp its CLP bit
 * @param last it ends its AAL5 frame
 * @return the cell
 */
AtmCell
Cell(uint32_t seq, bool clp = false, bool last = false)
{
    AtmCell c = AtmCell::MakeData(0, 32, seq, Seconds(0));
    c.SetClp(clp);
    c.SetAuu(last);
    return c;
}

/// What a queue disc reported: drops (trace and owner callback) and frame discards.
struct Log
{
    std::string drops;          //!< "slot:seq:reason" words, from the Drop trace
    std::string reports;        //!< "slot:seq:reason[:q]" words, from the drop callback
    uint32_t frameDiscards = 0; //!< FrameDiscard trace events

    /**
     * Drop trace sink.
     * @param cell the cell
     * @param slot its slot
     * @param reason why
     */
    void Drop(const AtmCell& cell, uint32_t slot, const char* reason)
    {
        drops += (drops.empty() ? "" : " ") + std::to_string(slot) + ":" +
                 std::to_string(cell.GetSequence()) + ":" + reason;
    }

    /**
     * Drop callback.
     * @param cell the cell
     * @param slot its slot
     * @param reason why
     * @param queued it had been queued
     */
    void Report(const AtmCell& cell, uint32_t slot, const char* reason, bool queued)
    {
        reports += (reports.empty() ? "" : " ") + std::to_string(slot) + ":" +
                   std::to_string(cell.GetSequence()) + ":" + reason + (queued ? ":q" : "");
    }

    /// FrameDiscard trace sink.
    void FrameDiscard(uint32_t /* slot */, const char* /* reason */)
    {
        ++frameDiscards;
    }

    /**
     * Connect to a queue disc: its Drop and FrameDiscard traces, and its
     * drop callback (as a port would).
     * @param q the queue disc
     * @param callback set the drop callback too
     */
    void Connect(Ptr<AtmQueueDisc> q, bool callback = true)
    {
        q->TraceConnectWithoutContext("Drop", MakeCallback(&Log::Drop, this));
        q->TraceConnectWithoutContext("FrameDiscard", MakeCallback(&Log::FrameDiscard, this));
        if (callback)
        {
            q->SetDropCallback(MakeCallback(&Log::Report, this));
        }
    }
};

/**
 * Dequeue up to @p n cells.
 * @param q the queue disc
 * @param n how many at most
 * @return "slot:seq" words, in service order
 */
std::string
Serve(Ptr<AtmQueueDisc> q, uint32_t n = 1000000)
{
    std::string s;
    AtmCell c;
    uint32_t slot = 0;
    for (uint32_t i = 0; i < n && q->Dequeue(c, slot); ++i)
    {
        s += (s.empty() ? "" : " ") + std::to_string(slot) + ":" + std::to_string(c.GetSequence());
    }
    return s;
}

} // namespace

/**
 * @ingroup atm-tests
 * Strict priority on a scripted mix of six VCs in five classes (slot 0
 * UBR, 1 CBR, 2 ABR, 3 rt-VBR, 4 UBR, 5 nrt-VBR; FIFO for CBR and VBR,
 * per-VC round-robin for ABR and UBR): every dequeue takes the first
 * class in the order CBR, rt-VBR, nrt-VBR, ABR, GFR, UBR that has a cell
 * of a VC that is not blocked; a blocked ABR VC lets UBR go, a CBR cell
 * that arrives between two UBR cells goes next. The slot maps and the
 * classes' contexts are checked, and a class without VCs has no queue disc.
 */
class AtmPriorityStrictOrderTestCase : public TestCase
{
  public:
    AtmPriorityStrictOrderTestCase()
        : TestCase("Strict priority: exact service order of a scripted mix, blocking included")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmPriorityQueueDisc> q = MakePrio({}, {UBR, CBR, ABR, RT_VBR, UBR, NRT_VBR});
        q->SetContext("node 3 port 1");
        NS_TEST_EXPECT_MSG_EQ(q->GetClassQueueDisc(GFR), nullptr, "no GFR VC: no GFR class");
        NS_TEST_ASSERT_MSG_NE(q->GetClassQueueDisc(UBR), nullptr, "a UBR class");
        NS_TEST_EXPECT_MSG_EQ(q->GetClassQueueDisc(UBR)->GetInstanceTypeId().GetName(),
                              "ns3::AtmPerVcQueueDisc",
                              "UBR: per-VC by default");
        NS_TEST_EXPECT_MSG_EQ(q->GetClassQueueDisc(CBR)->GetInstanceTypeId().GetName(),
                              "ns3::AtmFifoQueueDisc",
                              "CBR: FIFO by default");
        NS_TEST_EXPECT_MSG_EQ(q->GetClassQueueDisc(RT_VBR)->GetContext(),
                              "node 3 port 1 class rt-VBR",
                              "the class is named after the port");
        NS_TEST_EXPECT_MSG_EQ(q->GetClassSlot(0), 0, "slot 0: first UBR VC");
        NS_TEST_EXPECT_MSG_EQ(q->GetClassSlot(4), 1, "slot 4: second UBR VC");
        NS_TEST_EXPECT_MSG_EQ(q->GetClassSlot(5), 0, "slot 5: first nrt-VBR VC");
        NS_TEST_EXPECT_MSG_EQ(q->GetClassQueueDisc(UBR)->GetNVcs(), 2, "two UBR VCs");

        for (uint32_t s : {0, 1, 2})
        {
            q->Enqueue(Cell(s), 0); // UBR 0 1 2
        }
        q->Enqueue(Cell(10), 2); // ABR
        q->Enqueue(Cell(11), 2);
        q->Enqueue(Cell(20), 4); // UBR
        q->Enqueue(Cell(21), 4);
        q->Enqueue(Cell(30), 1); // CBR
        q->Enqueue(Cell(40), 3); // rt-VBR
        q->Enqueue(Cell(41), 3);
        q->Enqueue(Cell(50), 5); // nrt-VBR
        NS_TEST_EXPECT_MSG_EQ(q->GetNCells(), 11, "11 queued");
        NS_TEST_EXPECT_MSG_EQ(q->GetClassCells(UBR), 5, "5 of them UBR");
        NS_TEST_EXPECT_MSG_EQ(q->PeekNextVc(), AtmQueueDisc::NO_VC, "CBR is a FIFO: unknown");

        NS_TEST_EXPECT_MSG_EQ(Serve(q, 3), "1:30 3:40 3:41", "CBR, then rt-VBR");
        q->Enqueue(Cell(31), 1);
        NS_TEST_EXPECT_MSG_EQ(Serve(q, 1), "1:31", "a new CBR cell first");
        NS_TEST_EXPECT_MSG_EQ(Serve(q, 1), "5:50", "nrt-VBR");
        NS_TEST_EXPECT_MSG_EQ(q->PeekNextVc(), 2, "ABR's round-robin names slot 2");
        q->SetVcBlocked(2, true);
        NS_TEST_EXPECT_MSG_EQ(q->GetClassQueueDisc(ABR)->IsVcBlocked(0),
                              true,
                              "blocking reaches the class");
        NS_TEST_EXPECT_MSG_EQ(Serve(q, 1), "0:0", "ABR blocked: UBR goes");
        q->SetVcBlocked(2, false);
        NS_TEST_EXPECT_MSG_EQ(Serve(q, 3), "2:10 2:11 4:20", "ABR again, then UBR's next VC");
        q->Enqueue(Cell(32), 1);
        NS_TEST_EXPECT_MSG_EQ(Serve(q), "1:32 0:1 4:21 0:2", "CBR between UBR cells");
        NS_TEST_EXPECT_MSG_EQ(q->GetNCells(), 0, "empty");
        NS_TEST_EXPECT_MSG_EQ(q->GetNDequeued(), 13, "13 served");
        NS_TEST_EXPECT_MSG_EQ(q->GetClassDequeued(UBR), 5, "5 of them UBR");
        NS_TEST_EXPECT_MSG_EQ(q->GetClassEnqueued(CBR), 3, "3 CBR");

        // Every VC of the only nonempty class blocked: nothing to send.
        q->Enqueue(Cell(60), 0);
        q->SetVcBlocked(0, true);
        AtmCell c;
        uint32_t slot;
        NS_TEST_EXPECT_MSG_EQ(q->Dequeue(c, slot), false, "only a blocked VC has cells");
        q->SetVcBlocked(0, false);
        NS_TEST_EXPECT_MSG_EQ(Serve(q), "0:60", "unblocked");
        Simulator::Destroy();
    }
};

/// The queueing of every CBR cell at one queue disc, from its traces.
struct CbrWaits
{
    Ptr<AtmQueueDisc> queue;                    //!< the queue disc watched
    std::map<uint32_t, std::deque<Time>> since; //!< CBR slot: arrival times of its queued cells
    Time maxWait;                               //!< the longest wait
    uint64_t cells = 0;                         //!< CBR cells served
    std::map<uint32_t, uint64_t> drops;         //!< per slot: drops traced

    /**
     * Enqueue sink.
     * @param slot the cell's slot
     */
    void Enqueue(const AtmCell& /* cell */, uint32_t slot)
    {
        if (queue->GetVcCategory(slot) == CBR)
        {
            since[slot].push_back(Simulator::Now());
        }
    }

    /**
     * Dequeue sink.
     * @param slot the cell's slot
     */
    void Dequeue(const AtmCell& /* cell */, uint32_t slot)
    {
        if (queue->GetVcCategory(slot) == CBR)
        {
            maxWait = std::max(maxWait, Simulator::Now() - since[slot].front());
            since[slot].pop_front();
            ++cells;
        }
    }

    /**
     * Drop sink.
     * @param slot the cell's slot
     */
    void Drop(const AtmCell& /* cell */, uint32_t slot, const char* /* reason */)
    {
        ++drops[slot];
    }
};

/**
 * @ingroup atm-tests
 * A VC filed anew (an IP PVC that AtmAbrHelper::Install makes ABR): its
 * empty slot moves from the UBR class to the ABR class, blocked state
 * kept, and its next cells are served there, ahead of the UBR class.
 */
class AtmPriorityRefileTestCase : public TestCase
{
  public:
    AtmPriorityRefileTestCase()
        : TestCase("Strict priority: a VC filed under another category moves to its class")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmPriorityQueueDisc> q = MakePrio({}, {UBR, UBR});
        q->SetVcBlocked(1, true);
        q->SetVcCategory(1, ABR);
        NS_TEST_EXPECT_MSG_EQ(static_cast<int>(q->GetVcCategory(1)),
                              static_cast<int>(ABR),
                              "slot 1 is ABR");
        NS_TEST_ASSERT_MSG_NE(q->GetClassQueueDisc(ABR), nullptr, "an ABR class made");
        NS_TEST_EXPECT_MSG_EQ(q->GetClassQueueDisc(ABR)->IsVcBlocked(q->GetClassSlot(1)),
                              true,
                              "still blocked");
        q->Enqueue(Cell(0), 0);
        q->Enqueue(Cell(1), 1);
        NS_TEST_EXPECT_MSG_EQ(q->GetClassCells(ABR), 1, "its cell in the ABR class");
        NS_TEST_EXPECT_MSG_EQ(q->GetClassCells(UBR), 1, "the other's in UBR");
        NS_TEST_EXPECT_MSG_EQ(Serve(q, 1), "0:0", "blocked: UBR served");
        q->SetVcBlocked(1, false);
        q->Enqueue(Cell(2), 0);
        NS_TEST_EXPECT_MSG_EQ(Serve(q, 2), "1:1 0:2", "ABR before UBR");
    }
};

/**
 * @ingroup atm-tests
 * A port behaviour at a priority port sees the queue of its VC's class:
 * with 100 UBR cells and 3 ABR cells queued, the state of the ABR VC has 3
 * cells and its class's congestion flag (HighThreshold 10 of the ABR
 * class), not the UBR backlog; the UBR VC's state has the UBR class's 100.
 */
class AtmPriorityPortStateTestCase : public TestCase
{
  public:
    AtmPriorityPortStateTestCase()
        : TestCase("Priority port: a VC's port state is its class's queue")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmPriorityQueueDisc> q =
            MakePrio({{"MaxCells", "4000"},
                      {"AbrClass", "ns3::AtmPerVcQueueDisc[HighThreshold=10|LowThreshold=5]"},
                      {"UbrClass", "ns3::AtmPerVcQueueDisc[MaxCells=2000]"}},
                     {UBR, ABR});
        for (uint32_t k = 0; k < 100; ++k)
        {
            q->Enqueue(Cell(k), 0);
        }
        for (uint32_t k = 0; k < 3; ++k)
        {
            q->Enqueue(Cell(k), 1);
        }
        AtmPortState abr = AtmPortState::FromQueueDisc(*q, 1, 1e5, Seconds(0));
        NS_TEST_EXPECT_MSG_EQ(abr.queueCells, 3, "the ABR class's cells");
        NS_TEST_EXPECT_MSG_EQ(abr.vcCells, 3, "the VC's cells");
        NS_TEST_EXPECT_MSG_EQ(abr.congested, false, "ABR class below its threshold");
        NS_TEST_EXPECT_MSG_EQ(static_cast<int>(abr.category), static_cast<int>(ABR), "category");
        AtmPortState ubr = AtmPortState::FromQueueDisc(*q, 0, 1e5, Seconds(0));
        NS_TEST_EXPECT_MSG_EQ(ubr.queueCells, 100, "the UBR class's cells");
        for (uint32_t k = 3; k < 12; ++k)
        {
            q->Enqueue(Cell(k), 1);
        }
        abr = AtmPortState::FromQueueDisc(*q, 1, 1e5, Seconds(0));
        NS_TEST_EXPECT_MSG_EQ(abr.queueCells, 12, "12 ABR cells");
        NS_TEST_EXPECT_MSG_EQ(abr.congested, true, "ABR class above its threshold");
    }
};

/**
 * @ingroup atm-tests
 * A 30 Mb/s CBR VC and three greedy UBR VCs, each from its own host
 * through one switch to one host (OC-3c links, 5 us): the switch's output
 * port is four times overloaded. With strict priority (shared buffer 1000
 * cells, UBR class 200) no CBR cell waits in the output queue longer than
 * one cell time of the link (the rest of the cell on the wire when it
 * arrives), measured cell by cell from the queue disc's Enqueue and
 * Dequeue traces, and its end-to-end delay is the fixed path (two cells
 * on the wire and two links) plus that wait; no CBR cell is lost. With a
 * FIFO of 200 cells instead, CBR cells wait behind UBR cells for more than
 * 50 cell times, and are lost with them. Every VC conserves its cells (sent = received + dropped)
 * and the port counts each drop of the queue disc once against its VC.
 */
class AtmPriorityCbrDelayTestCase : public TestCase
{
  public:
    AtmPriorityCbrDelayTestCase()
        : TestCase("Strict priority at a switch: no CBR cell waits over a cell time behind UBR")
    {
    }

  private:
    /// The CBR VC's end-to-end delays.
    struct RxDelays
    {
        Time min = Seconds(1); //!< shortest
        Time max;              //!< longest

        /**
         * Rx sink.
         * @param delay the cell's delay
         */
        void Rx(const AtmCell& /* cell */, Time delay)
        {
            min = std::min(min, delay);
            max = std::max(max, delay);
        }
    };

    void DoRun() override
    {
        for (const bool priority : {true, false})
        {
            NodeContainer hosts;
            hosts.Create(5); // 0: CBR source, 1-3: UBR sources, 4: the destination
            NodeContainer sw;
            sw.Create(1);
            AtmSwitchHelper swh;
            if (priority)
            {
                swh.SetQueueDisc("ns3::AtmPriorityQueueDisc",
                                 "MaxCells",
                                 UintegerValue(1000),
                                 "UbrClass",
                                 StringValue("ns3::AtmPerVcQueueDisc[MaxCells=200]"));
            }
            else
            {
                swh.SetQueueDisc("ns3::AtmFifoQueueDisc", "MaxCells", UintegerValue(200));
            }
            swh.Install(sw.Get(0));
            AtmHelper atm;
            atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(5)));
            for (uint32_t h = 0; h < 5; ++h)
            {
                atm.Install(hosts.Get(h), sw.Get(0));
            }
            AtmVcHelper vch;
            AtmTrafficContract cbr;
            cbr.category = CBR;
            cbr.pcr = 80000; // cells/s, above the source's 70755
            std::vector<Ptr<AtmVc>> vcs;
            for (uint32_t h = 0; h < 4; ++h)
            {
                if (h == 0)
                {
                    vch.SetContract(cbr);
                }
                else
                {
                    vch.ClearContract();
                }
                NodeContainer path;
                path.Add(hosts.Get(h));
                path.Add(sw.Get(0));
                path.Add(hosts.Get(4));
                vcs.push_back(vch.Create(path, "vc" + std::to_string(h)));
            }
            AtmCellSourceHelper source("ns3::AtmCbrSource");
            source.SetAttribute("Rate", DataRateValue(DataRate("30Mbps")));
            ApplicationContainer apps = source.Install(vcs[0]);
            apps.Add(AtmCellSourceHelper("ns3::AtmGreedySource")
                         .Install(std::vector<Ptr<AtmVc>>(vcs.begin() + 1, vcs.end())));
            apps.Start(Seconds(0));
            apps.Stop(MilliSeconds(5));

            Ptr<AtmNetDevice> out = AtmVcHelper::FindLink(sw.Get(0), hosts.Get(4));
            CbrWaits waits;
            waits.queue = out->GetQueueDisc();
            waits.queue->TraceConnectWithoutContext("Enqueue",
                                                    MakeCallback(&CbrWaits::Enqueue, &waits));
            waits.queue->TraceConnectWithoutContext("Dequeue",
                                                    MakeCallback(&CbrWaits::Dequeue, &waits));
            waits.queue->TraceConnectWithoutContext("Drop", MakeCallback(&CbrWaits::Drop, &waits));
            RxDelays rx;
            vcs[0]->TraceConnectWithoutContext("Rx", MakeCallback(&RxDelays::Rx, &rx));
            Simulator::Stop(MilliSeconds(8));
            Simulator::Run();

            const Time cellTime = out->GetCellTime();
            if (priority)
            {
                NS_TEST_EXPECT_MSG_GT(waits.cells, 350, "CBR cells served (5 ms at 30 Mb/s)");
                NS_TEST_EXPECT_MSG_EQ(vcs[0]->GetCellsDropped(), 0, "no CBR cell lost");
                NS_TEST_EXPECT_MSG_LT_OR_EQ(waits.maxWait,
                                            cellTime,
                                            "a CBR cell waits one cell time at most");
                const Time fixed = 2 * (cellTime + MicroSeconds(5));
                NS_TEST_EXPECT_MSG_GT_OR_EQ(rx.min, fixed, "end to end: the fixed path at least");
                NS_TEST_EXPECT_MSG_LT_OR_EQ(rx.max,
                                            fixed + cellTime,
                                            "end to end: the fixed path and one cell time");
                Ptr<AtmPriorityQueueDisc> p = DynamicCast<AtmPriorityQueueDisc>(waits.queue);
                NS_TEST_EXPECT_MSG_GT(p->GetClassDropped(UBR), 1000, "UBR loses cells");
                NS_TEST_EXPECT_MSG_EQ(p->GetNDropped(), p->GetClassDropped(UBR), "all in UBR");
                NS_TEST_EXPECT_MSG_EQ(p->GetClassQueueDisc(UBR)->GetMaxCellsSeen(),
                                      200,
                                      "UBR filled its own buffer");
            }
            else
            {
                NS_TEST_EXPECT_MSG_GT(waits.maxWait,
                                      50 * cellTime,
                                      "in a FIFO CBR waits behind UBR (the measure can fail)");
                NS_TEST_EXPECT_MSG_GT(vcs[0]->GetCellsDropped(), 100, "and is lost with it");
            }
            uint64_t dropped = 0;
            for (uint32_t v = 0; v < vcs.size(); ++v)
            {
                const uint32_t slot = v; // the output port's VCs, in creation order
                NS_TEST_EXPECT_MSG_EQ(vcs[v]->GetCellsSent(),
                                      vcs[v]->GetCellsReceived() + vcs[v]->GetCellsDropped(),
                                      "VC " << v << " conserves its cells");
                NS_TEST_EXPECT_MSG_EQ(vcs[v]->GetCellsDropped(),
                                      waits.drops[slot],
                                      "VC " << v << ": each queue drop counted once");
                dropped += vcs[v]->GetCellsDropped();
            }
            NS_TEST_EXPECT_MSG_EQ(dropped, waits.queue->GetNDropped(), "the port's drops");
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup atm-tests
 * Weighted round-robin with ClassWeights "3,1,2,1,1,4", a CBR VC (slot 0),
 * an nrt-VBR VC (1) and two UBR VCs (2, 3), each with 60 cells: a round
 * is C C C N N U U U U (rt-VBR, ABR and GFR have nothing: skipped), so 90
 * cells give exactly 30, 20 and 40 (20 per UBR VC); then a class that
 * empties during its visit hands over at once, and an empty or blocked
 * class is skipped.
 */
class AtmPriorityWrrTestCase : public TestCase
{
  public:
    AtmPriorityWrrTestCase()
        : TestCase("Weighted round-robin: exact shares over each round, empty classes skipped")
    {
    }

  private:
    void DoRun() override
    {
        const Attributes wrr = {{"Scheduling", "WeightedRoundRobin"},
                                {"ClassWeights", "3,1,2,1,1,4"}};
        Ptr<AtmPriorityQueueDisc> q = MakePrio(wrr, {CBR, NRT_VBR, UBR, UBR});
        NS_TEST_EXPECT_MSG_EQ(q->GetClassWeight(UBR), 4, "UBR's weight read");
        uint32_t seq = 0;
        for (uint32_t i = 0; i < 60; ++i)
        {
            for (uint32_t s = 0; s < 4; ++s)
            {
                q->Enqueue(Cell(seq++), s);
            }
        }
        std::string classes;
        std::array<uint32_t, 4> perSlot{};
        AtmCell c;
        uint32_t slot;
        for (uint32_t i = 0; i < 90 && q->Dequeue(c, slot); ++i)
        {
            classes += "CNUU"[slot];
            ++perSlot[slot];
        }
        std::string round;
        for (uint32_t r = 0; r < 10; ++r)
        {
            round += "CCCNNUUUU";
        }
        NS_TEST_EXPECT_MSG_EQ(classes, round, "ten rounds of C C C N N U U U U");
        NS_TEST_EXPECT_MSG_EQ(perSlot[0], 30, "CBR: 3 of 9");
        NS_TEST_EXPECT_MSG_EQ(perSlot[1], 20, "nrt-VBR: 2 of 9");
        NS_TEST_EXPECT_MSG_EQ(perSlot[2], 20, "UBR VC 2: half of UBR's 4 of 9");
        NS_TEST_EXPECT_MSG_EQ(perSlot[3], 20, "UBR VC 3: the other half");

        // One CBR cell and five UBR cells: C (empties, hands over), U U U U
        // (a whole visit), then C is empty: U again.
        Ptr<AtmPriorityQueueDisc> r = MakePrio(wrr, {CBR, UBR});
        r->Enqueue(Cell(0), 0);
        for (uint32_t i = 1; i <= 5; ++i)
        {
            r->Enqueue(Cell(i), 1);
        }
        NS_TEST_EXPECT_MSG_EQ(Serve(r), "0:0 1:1 1:2 1:3 1:4 1:5", "C, then UBR's visits");
        // CBR blocked in its turn: skipped, served when unblocked.
        for (uint32_t i = 6; i <= 8; ++i)
        {
            r->Enqueue(Cell(i), i == 6 ? 0 : 1);
        }
        r->SetVcBlocked(0, true);
        NS_TEST_EXPECT_MSG_EQ(Serve(r), "1:7 1:8", "a blocked CBR class is skipped");
        r->SetVcBlocked(0, false);
        NS_TEST_EXPECT_MSG_EQ(Serve(r), "0:6", "and served when unblocked");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * The shared buffer against each class's own: MaxCells 10 shared, the
 * UBR class a FIFO of 6, the CBR class a FIFO of 8. Eight UBR cells: 6
 * queued, 2 dropped by the UBR buffer (Overflow, 6 of 10 shared in use);
 * six CBR cells: 4 queued, 2 dropped because the port holds 10 (Overflow,
 * the CBR class has room); one CBR cell out, then a UBR cell (its class
 * full: dropped) and a CBR cell (queued). Each drop is reported once with
 * its slot. Then per-class EPD: UBR a per-VC queue disc with EPD at 4 of
 * its own cells, ABR without; 3-cell frames alternating UBR and ABR: UBR
 * frames 0 and 1 queued (0 then 3 UBR cells, though 6 are queued in all),
 * 2 and 3 refused whole (Epd, 6 cells), every ABR frame queued.
 */
class AtmPriorityBuffersTestCase : public TestCase
{
  public:
    AtmPriorityBuffersTestCase()
        : TestCase("Shared buffer and each class's own: exact Overflow counts; per-class EPD")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmPriorityQueueDisc> q = MakePrio({{"MaxCells", "10"},
                                                {"UbrClass", "ns3::AtmFifoQueueDisc[MaxCells=6]"},
                                                {"CbrClass", "ns3::AtmFifoQueueDisc[MaxCells=8]"}},
                                               {UBR, CBR});
        Log log;
        log.Connect(q);
        uint32_t seq = 0;
        for (uint32_t i = 0; i < 8; ++i)
        {
            q->Enqueue(Cell(seq++), 0); // 0-7
        }
        for (uint32_t i = 0; i < 6; ++i)
        {
            q->Enqueue(Cell(seq++), 1); // 8-13
        }
        NS_TEST_EXPECT_MSG_EQ(q->GetClassCells(UBR), 6, "UBR's own buffer full");
        NS_TEST_EXPECT_MSG_EQ(q->GetClassCells(CBR), 4, "CBR stopped by the shared buffer");
        NS_TEST_EXPECT_MSG_EQ(q->GetNCells(), 10, "the port holds MaxCells");
        NS_TEST_EXPECT_MSG_EQ(Serve(q, 1), "1:8", "CBR first");
        q->Enqueue(Cell(seq++), 0); // 14: UBR full
        q->Enqueue(Cell(seq++), 1); // 15: room in the shared buffer again
        NS_TEST_EXPECT_MSG_EQ(log.reports,
                              "0:6:Overflow 0:7:Overflow 1:12:Overflow 1:13:Overflow "
                              "0:14:Overflow",
                              "each drop reported once, with the port's slot");
        NS_TEST_EXPECT_MSG_EQ(log.drops, log.reports, "and traced once");
        NS_TEST_EXPECT_MSG_EQ(q->GetNDropped("Overflow"), 5, "5 Overflow at the port");
        NS_TEST_EXPECT_MSG_EQ(q->GetClassQueueDisc(UBR)->GetNDropped("Overflow"),
                              3,
                              "3 by UBR's own buffer");
        NS_TEST_EXPECT_MSG_EQ(q->GetClassQueueDisc(CBR)->GetNDropped("Overflow"),
                              2,
                              "2 by the shared buffer, in the CBR class");
        NS_TEST_EXPECT_MSG_EQ(q->GetVcRoom(1), 0, "CBR's room: the shared buffer's");
        NS_TEST_EXPECT_MSG_EQ(q->GetVcCells(1), 4, "CBR cells");

        Ptr<AtmPriorityQueueDisc> e =
            MakePrio({{"MaxCells", "100"},
                      {"UbrClass", "ns3::AtmPerVcQueueDisc[MaxCells=50|EpdThreshold=4]"},
                      {"AbrClass", "ns3::AtmPerVcQueueDisc[MaxCells=50]"}},
                     {UBR, ABR});
        Log elog;
        elog.Connect(e);
        Log ubrLog;
        ubrLog.Connect(e->GetClassQueueDisc(UBR), false);
        seq = 0;
        for (uint32_t f = 0; f < 4; ++f)
        {
            for (uint32_t s : {0, 1})
            {
                for (uint32_t i = 0; i < 3; ++i)
                {
                    e->Enqueue(Cell(seq++, false, i == 2), s);
                }
            }
        }
        NS_TEST_EXPECT_MSG_EQ(e->GetVcCells(0), 6, "UBR frames 0 and 1");
        NS_TEST_EXPECT_MSG_EQ(e->GetVcCells(1), 12, "every ABR frame");
        NS_TEST_EXPECT_MSG_EQ(e->GetNDropped("Epd"), 6, "UBR frames 2 and 3 refused");
        NS_TEST_EXPECT_MSG_EQ(e->GetClassQueueDisc(ABR)->GetNDropped(), 0, "ABR unaffected");
        NS_TEST_EXPECT_MSG_EQ(elog.reports,
                              "0:12:Epd 0:13:Epd 0:14:Epd 0:18:Epd 0:19:Epd 0:20:Epd",
                              "whole frames, with the port's slot");
        NS_TEST_EXPECT_MSG_EQ(ubrLog.frameDiscards, 2, "the UBR class traced two frames");
        NS_TEST_EXPECT_MSG_EQ(elog.drops, elog.reports, "the port's Drop trace alike");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Selective discard (ClpThreshold) on scripted streams of CLP 0 and 1
 * cells, counts and order exact:
 * - FIFO, MaxCells 10, threshold 4, cells 0-16 with CLP = 1 on the odd
 *   ones: 0-4 queued (the queue holds 0-3 when 1 and 3 arrive), then every
 *   odd cell dropped (ClpDiscard, 6) and every even one queued until 14
 *   fills the buffer; 15 is a ClpDiscard (before Overflow), 16 an
 *   Overflow; after 7 leave, a CLP = 1 cell is queued again (3 < 4);
 * - FIFO with PPD and threshold 2 on 4-cell frames: a CLP = 1 cell
 *   dropped inside a frame makes PPD drop the rest but its last cell;
 * - per-VC StaticPartition (VcLimit 5), threshold 4: the threshold counts
 *   the whole buffer (a CLP = 1 cell of an empty VC dropped when the other
 *   holds 4), ahead of VcLimit;
 * - priority: a UBR class threshold of 2 drops UBR's CLP = 1 cells beside
 *   CBR cells that are kept; the port's own threshold, 6, on the shared
 *   buffer drops a CBR CLP = 1 cell before its class sees it.
 */
class AtmSelectiveDiscardTestCase : public TestCase
{
  public:
    AtmSelectiveDiscardTestCase()
        : TestCase("Selective discard: exact ClpDiscard counts in FIFO, per-VC and priority")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmQueueDisc> f =
            MakeDisc("ns3::AtmFifoQueueDisc", {{"MaxCells", "10"}, {"ClpThreshold", "4"}}, {UBR});
        Log log;
        log.Connect(f);
        std::string accepted;
        for (uint32_t i = 0; i <= 16; ++i)
        {
            if (f->Enqueue(Cell(i, i % 2 == 1), 0))
            {
                accepted += (accepted.empty() ? "" : " ") + std::to_string(i);
            }
        }
        NS_TEST_EXPECT_MSG_EQ(accepted, "0 1 2 3 4 6 8 10 12 14", "queued");
        NS_TEST_EXPECT_MSG_EQ(log.drops,
                              "0:5:ClpDiscard 0:7:ClpDiscard 0:9:ClpDiscard 0:11:ClpDiscard "
                              "0:13:ClpDiscard 0:15:ClpDiscard 0:16:Overflow",
                              "dropped");
        NS_TEST_EXPECT_MSG_EQ(f->GetNDropped("ClpDiscard"), 6, "6 ClpDiscard");
        NS_TEST_EXPECT_MSG_EQ(f->GetNDropped("Overflow"), 1, "1 Overflow");
        Serve(f, 7);
        NS_TEST_EXPECT_MSG_EQ(f->Enqueue(Cell(17, true), 0), true, "3 queued: CLP = 1 kept");
        NS_TEST_EXPECT_MSG_EQ(f->Enqueue(Cell(18, true), 0), false, "4 queued: dropped");

        Ptr<AtmQueueDisc> p = MakeDisc("ns3::AtmFifoQueueDisc",
                                       {{"MaxCells", "10"}, {"ClpThreshold", "2"}, {"Ppd", "true"}},
                                       {UBR});
        Log plog;
        plog.Connect(p);
        for (uint32_t i = 0; i < 8; ++i)
        {
            p->Enqueue(Cell(i, i == 5, i % 4 == 3), 0);
        }
        NS_TEST_EXPECT_MSG_EQ(plog.drops, "0:5:ClpDiscard 0:6:Ppd", "the frame's rest but its end");
        NS_TEST_EXPECT_MSG_EQ(plog.frameDiscards, 1, "PPD began once");
        NS_TEST_EXPECT_MSG_EQ(Serve(p), "0:0 0:1 0:2 0:3 0:4 0:7", "what was queued");

        Ptr<AtmQueueDisc> v = MakeDisc("ns3::AtmPerVcQueueDisc",
                                       {{"MaxCells", "10"},
                                        {"BufferManagement", "StaticPartition"},
                                        {"VcLimit", "5"},
                                        {"ClpThreshold", "4"}},
                                       {UBR, UBR});
        Log vlog;
        vlog.Connect(v);
        for (uint32_t i = 0; i < 4; ++i)
        {
            v->Enqueue(Cell(i), 0); // 4 queued
        }
        v->Enqueue(Cell(4, true), 1); // the buffer holds 4: dropped
        v->Enqueue(Cell(5), 1);       // queued: 5
        v->Enqueue(Cell(6), 0);       // VC 0's fifth: queued, 6
        v->Enqueue(Cell(7), 0);       // VC 0's sixth: VcLimit
        v->Enqueue(Cell(8, true), 0); // ClpDiscard first
        NS_TEST_EXPECT_MSG_EQ(vlog.drops,
                              "1:4:ClpDiscard 0:7:VcLimit 0:8:ClpDiscard",
                              "buffer-wide threshold, ahead of VcLimit");
        NS_TEST_EXPECT_MSG_EQ(v->GetNCells(), 6, "6 queued");

        Ptr<AtmPriorityQueueDisc> q =
            MakePrio({{"MaxCells", "20"},
                      {"ClpThreshold", "6"},
                      {"UbrClass", "ns3::AtmFifoQueueDisc[MaxCells=20|ClpThreshold=2]"}},
                     {CBR, UBR});
        Log qlog;
        qlog.Connect(q);
        q->Enqueue(Cell(0), 1);
        q->Enqueue(Cell(1), 1);       // UBR holds 2
        q->Enqueue(Cell(2, true), 1); // UBR's threshold: dropped
        for (uint32_t i = 3; i <= 6; ++i)
        {
            q->Enqueue(Cell(i, true), 0); // CBR: the port holds 2 to 5: kept
        }
        q->Enqueue(Cell(7, true), 0); // the port holds 6: dropped by the port
        q->Enqueue(Cell(8), 0);       // CLP = 0: kept
        NS_TEST_EXPECT_MSG_EQ(qlog.reports,
                              "1:2:ClpDiscard 0:7:ClpDiscard",
                              "UBR's threshold, then the port's");
        NS_TEST_EXPECT_MSG_EQ(q->GetNDropped("ClpDiscard"), 2, "2 at the port in all");
        NS_TEST_EXPECT_MSG_EQ(q->GetClassQueueDisc(UBR)->GetNDropped("ClpDiscard"), 1, "1 in UBR");
        NS_TEST_EXPECT_MSG_EQ(q->GetClassDropped(CBR), 0, "the CBR class dropped none");
        NS_TEST_EXPECT_MSG_EQ(q->GetClassCells(CBR), 5, "5 CBR cells");
        NS_TEST_EXPECT_MSG_EQ(q->GetNCells(), 7, "7 in all");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Conservation per VC and per class over a random run of 20000 steps
 * (arrivals in frames with random CLP bits, departures, blocking of the
 * ABR and UBR VCs) at a priority queue disc whose classes drop for every
 * reason: shared buffer 40 with ClpThreshold 36; CBR a FIFO of 10 (slots
 * 0, 1), nrt-VBR a FIFO of 15 with ClpThreshold 10 (slot 2), ABR per-VC
 * PushOut of 12 (slots 3, 4), UBR per-VC StaticPartition of 16 (5 per VC)
 * with EPD at 4, PPD and ClpThreshold 12 (slots 5-7). After every step: per VC,
 * cells queued = enqueued - dequeued - dropped after enqueue (from the
 * port's traces and drop callback); per class, enqueued = dequeued +
 * pushed out + queued, and the class's counts are the sums over its VCs;
 * every drop reported once; each buffer within its size. Every dequeue
 * serves the first class that has a cell of a VC that is not blocked
 * (only per-VC classes are blocked, where that is a VC with cells), each
 * VC's cells in order.
 */
class AtmPriorityConservationTestCase : public TestCase
{
  public:
    AtmPriorityConservationTestCase()
        : TestCase("Conservation per VC and per class, and the service rule, in a random run")
    {
    }

  private:
    /// Per VC slot, from the port's side.
    struct Counts
    {
        uint64_t enqueued = 0;      //!< Enqueue trace
        uint64_t dequeued = 0;      //!< Dequeue trace
        uint64_t droppedAfter = 0;  //!< drop callback, queued
        uint64_t droppedBefore = 0; //!< drop callback, not queued
        int64_t lastOut = -1;       //!< sequence of the last cell served
    };

    std::vector<Counts> m_counts; //!< per slot
    uint64_t m_dropTraces = 0;    //!< Drop trace events

    /**
     * Enqueue sink.
     * @param slot the cell's slot
     */
    void Enqueued(const AtmCell& /* cell */, uint32_t slot)
    {
        ++m_counts[slot].enqueued;
    }

    /**
     * Dequeue sink.
     * @param slot the cell's slot
     */
    void Dequeued(const AtmCell& /* cell */, uint32_t slot)
    {
        ++m_counts[slot].dequeued;
    }

    /// Drop trace sink.
    void Dropped(const AtmCell& /* cell */, uint32_t /* slot */, const char* /* reason */)
    {
        ++m_dropTraces;
    }

    /**
     * Drop callback.
     * @param slot the cell's slot
     * @param queued it had been queued
     */
    void Reported(const AtmCell& /* cell */, uint32_t slot, const char* /* reason */, bool queued)
    {
        ++(queued ? m_counts[slot].droppedAfter : m_counts[slot].droppedBefore);
    }

    void DoRun() override
    {
        const std::vector<AtmServiceCategory> cats = {CBR, CBR, NRT_VBR, ABR, ABR, UBR, UBR, UBR};
        const uint32_t nVcs = cats.size();
        Ptr<AtmPriorityQueueDisc> q =
            MakePrio({{"MaxCells", "40"},
                      {"ClpThreshold", "36"},
                      {"CbrClass", "ns3::AtmFifoQueueDisc[MaxCells=10]"},
                      {"NrtVbrClass", "ns3::AtmFifoQueueDisc[MaxCells=15|ClpThreshold=10]"},
                      {"AbrClass", "ns3::AtmPerVcQueueDisc[BufferManagement=PushOut|MaxCells=12]"},
                      {"UbrClass",
                       "ns3::AtmPerVcQueueDisc[BufferManagement=StaticPartition|MaxCells=16|"
                       "EpdThreshold=4|Ppd=true|ClpThreshold=12]"}},
                     cats);
        m_counts.assign(nVcs, Counts());
        q->TraceConnectWithoutContext(
            "Enqueue",
            MakeCallback(&AtmPriorityConservationTestCase::Enqueued, this));
        q->TraceConnectWithoutContext(
            "Dequeue",
            MakeCallback(&AtmPriorityConservationTestCase::Dequeued, this));
        q->TraceConnectWithoutContext(
            "Drop",
            MakeCallback(&AtmPriorityConservationTestCase::Dropped, this));
        q->SetDropCallback(MakeCallback(&AtmPriorityConservationTestCase::Reported, this));
        const std::vector<AtmServiceCategory> classes = {CBR, NRT_VBR, ABR, UBR};
        const std::map<AtmServiceCategory, uint32_t> sizes = {{CBR, 10},
                                                              {NRT_VBR, 15},
                                                              {ABR, 12},
                                                              {UBR, 16}};
        std::mt19937 rng(47);
        std::vector<uint32_t> nextSeq(nVcs, 0);
        std::vector<bool> blocked(nVcs, false);
        uint32_t served = 0;
        for (int step = 0; step < 20000; ++step)
        {
            const uint32_t r = rng() % 100;
            if (r < 58)
            {
                const uint32_t v = rng() % nVcs;
                const bool clp = rng() % 4 == 0;
                const bool last = rng() % 3 == 0;
                q->Enqueue(Cell(nextSeq[v]++, clp, last), v, step);
            }
            else if (r < 94)
            {
                // The class that must be served: the first with a cell of a
                // VC that is not blocked.
                int expect = -1;
                for (AtmServiceCategory c : classes)
                {
                    for (uint32_t v = 0; v < nVcs && expect < 0; ++v)
                    {
                        if (cats[v] == c && !blocked[v] && q->GetVcCells(v) > 0)
                        {
                            expect = static_cast<int>(c);
                        }
                    }
                }
                AtmCell cell;
                uint32_t slot = 0;
                const bool ok = q->Dequeue(cell, slot, step);
                const bool can = expect >= 0;
                NS_TEST_ASSERT_MSG_EQ(ok, can, "served iff a class can send, " << step);
                if (ok)
                {
                    ++served;
                    NS_TEST_ASSERT_MSG_EQ(static_cast<int>(cats[slot]),
                                          expect,
                                          "the first class that can send, step " << step);
                    NS_TEST_ASSERT_MSG_EQ(blocked[slot], false, "never a blocked VC");
                    NS_TEST_ASSERT_MSG_GT(static_cast<int64_t>(cell.GetSequence()),
                                          m_counts[slot].lastOut,
                                          "per-VC order, step " << step);
                    m_counts[slot].lastOut = cell.GetSequence();
                }
            }
            else
            {
                const uint32_t v = 3 + rng() % 5; // ABR and UBR VCs
                blocked[v] = !blocked[v];
                q->SetVcBlocked(v, blocked[v]);
                NS_TEST_ASSERT_MSG_EQ(
                    q->GetClassQueueDisc(cats[v])->IsVcBlocked(q->GetClassSlot(v)),
                    blocked[v],
                    "the class's VC blocked alike");
            }

            uint64_t reported = 0;
            for (uint32_t v = 0; v < nVcs; ++v)
            {
                const Counts& k = m_counts[v];
                NS_TEST_ASSERT_MSG_EQ(q->GetVcCells(v),
                                      k.enqueued - k.dequeued - k.droppedAfter,
                                      "VC " << v << " conserves, step " << step);
                NS_TEST_ASSERT_MSG_EQ(q->GetClassQueueDisc(cats[v])->GetVcCells(q->GetClassSlot(v)),
                                      q->GetVcCells(v),
                                      "VC " << v << " alike in its class, step " << step);
                reported += k.droppedAfter + k.droppedBefore;
            }
            uint32_t inClasses = 0;
            for (AtmServiceCategory c : classes)
            {
                Ptr<AtmQueueDisc> cq = q->GetClassQueueDisc(c);
                uint64_t enq = 0;
                uint64_t deq = 0;
                for (uint32_t v = 0; v < nVcs; ++v)
                {
                    enq += cats[v] == c ? m_counts[v].enqueued : 0;
                    deq += cats[v] == c ? m_counts[v].dequeued : 0;
                }
                NS_TEST_ASSERT_MSG_EQ(cq->GetNEnqueued(), enq, "class enqueued, step " << step);
                NS_TEST_ASSERT_MSG_EQ(cq->GetNDequeued(), deq, "class dequeued, step " << step);
                NS_TEST_ASSERT_MSG_EQ(cq->GetNEnqueued(),
                                      cq->GetNDequeued() + cq->GetNDropped("PushOut") +
                                          cq->GetNCells(),
                                      "class conserves, step " << step);
                NS_TEST_ASSERT_MSG_LT_OR_EQ(cq->GetNCells(), sizes.at(c), "own buffer");
                inClasses += cq->GetNCells();
            }
            NS_TEST_ASSERT_MSG_EQ(q->GetNCells(), inClasses, "the classes' cells, step " << step);
            NS_TEST_ASSERT_MSG_LT_OR_EQ(q->GetNCells(), 40, "shared buffer");
            NS_TEST_ASSERT_MSG_EQ(q->GetNEnqueued(),
                                  q->GetNDequeued() + q->GetNDropped("PushOut") + q->GetNCells(),
                                  "the port conserves, step " << step);
            NS_TEST_ASSERT_MSG_EQ(reported, q->GetNDropped(), "every drop reported once");
            NS_TEST_ASSERT_MSG_EQ(m_dropTraces, q->GetNDropped(), "and traced once");
        }
        for (const char* reason : {"Overflow", "VcLimit", "PushOut", "Epd", "Ppd", "ClpDiscard"})
        {
            uint64_t inClasses = 0;
            for (AtmServiceCategory c : classes)
            {
                inClasses += q->GetClassQueueDisc(c)->GetNDropped(reason);
            }
            NS_TEST_EXPECT_MSG_GT(q->GetNDropped(reason), 20, reason << " exercised");
            if (std::string(reason) != "ClpDiscard")
            {
                NS_TEST_EXPECT_MSG_EQ(q->GetNDropped(reason), inClasses, reason << ": in classes");
            }
            else
            {
                NS_TEST_EXPECT_MSG_GT(q->GetNDropped(reason), inClasses, "the port's own too");
                NS_TEST_EXPECT_MSG_GT(inClasses, 20, "and the classes'");
            }
        }
        NS_TEST_EXPECT_MSG_GT(served, 5000, "cells served");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * The configuration errors, word for word (GetConfigError(), which
 * initialization aborts with and scenario files report): ClpThreshold
 * above MaxCells in any queue disc (equal is fine); ClassWeights (commas
 * or spaces between the counts) with a zero, a word that is no count,
 * five or seven weights, an empty one; a class whose
 * discipline disagrees with itself, is not a queue disc, or is a priority
 * queue disc.
 */
class AtmPriorityConfigErrorsTestCase : public TestCase
{
  public:
    AtmPriorityConfigErrorsTestCase()
        : TestCase("Config errors: ClpThreshold above MaxCells, ClassWeights, a class's own")
    {
    }

  private:
    /**
     * @param type a queue disc's TypeId name
     * @param attributes its attributes
     * @return its configuration error
     */
    static std::string Error(const std::string& type, const Attributes& attributes)
    {
        return MakeDisc(type, attributes, {}, false)->GetConfigError();
    }

    void DoRun() override
    {
        const std::string prio = "ns3::AtmPriorityQueueDisc";
        NS_TEST_EXPECT_MSG_EQ(
            Error("ns3::AtmFifoQueueDisc", {{"MaxCells", "10"}, {"ClpThreshold", "11"}}),
            "ClpThreshold = 11: exceeds MaxCells = 10",
            "FIFO");
        NS_TEST_EXPECT_MSG_EQ(
            Error("ns3::AtmFifoQueueDisc", {{"MaxCells", "10"}, {"ClpThreshold", "10"}}),
            "",
            "equal is fine");
        NS_TEST_EXPECT_MSG_EQ(Error(prio, {{"MaxCells", "10"}, {"ClpThreshold", "11"}}),
                              "ClpThreshold = 11: exceeds MaxCells = 10",
                              "priority: the shared buffer's");
        NS_TEST_EXPECT_MSG_EQ(Error(prio, {}), "", "the defaults agree");
        NS_TEST_EXPECT_MSG_EQ(Error(prio, {{"ClassWeights", " 2 1 1 1 1 30 "}}), "", "spaces");
        NS_TEST_EXPECT_MSG_EQ(Error(prio, {{"ClassWeights", "2, 1,1 ,1,1,30"}}), "", "commas");
        NS_TEST_EXPECT_MSG_EQ(
            Error(prio, {{"ClassWeights", "1,2,0,1,1,1"}}),
            "ClassWeights = \"1,2,0,1,1,1\": the weight of nrt-VBR is 0 (each must be at least 1)",
            "a zero");
        const std::string malformed = ": expected six integers of at least 1, cells per round of "
                                      "CBR, rt-VBR, nrt-VBR, ABR, GFR and UBR";
        for (const std::string w :
             {"1,2,x,1,1,1", "1,1,1,1,1", "1,1,1,1,1,1,1", "1,-1,1,1,1,1", "1,,1,1,1,1"})
        {
            NS_TEST_EXPECT_MSG_EQ(Error(prio, {{"ClassWeights", w}}),
                                  "ClassWeights = \"" + w + "\"" + malformed,
                                  "malformed: " << w);
        }
        NS_TEST_EXPECT_MSG_EQ(
            Error(prio, {{"UbrClass", "ns3::AtmFifoQueueDisc[MaxCells=10|ClpThreshold=11]"}}),
            "UbrClass/ClpThreshold = 11: exceeds MaxCells = 10",
            "a class's own error");
        NS_TEST_EXPECT_MSG_EQ(
            Error(prio, {{"AbrClass", "ns3::AtmPerVcQueueDisc[MaxCells=10|VcLimit=20]"}}),
            "AbrClass/VcLimit = 20: exceeds MaxCells = 10",
            "a per-VC class's own error");
        NS_TEST_EXPECT_MSG_EQ(Error(prio, {{"CbrClass", "ns3::AtmCbrSource"}}),
                              "CbrClass = ns3::AtmCbrSource: not an ns3::AtmQueueDisc",
                              "not a queue disc");
        NS_TEST_EXPECT_MSG_EQ(
            Error(prio, {{"GfrClass", prio}}),
            "GfrClass = ns3::AtmPriorityQueueDisc: a class cannot be a priority queue disc itself",
            "no nesting");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * A scenario file names the priority discipline and a class's discipline
 * with its attributes as a string: the trunk S1-S2 of a two-switch
 * scenario (a greedy and a CBR VC, both UBR in a scenario file: its
 * categories are labels) gets an AtmPriorityQueueDisc of 100 shared cells
 * whose UBR class is a per-VC queue disc of 50 cells with EPD at 40; the
 * run, drained for 30 ms after the sources stop, conserves every VC's
 * cells, and the UBR class's buffer fills to 50.
 */
class AtmPriorityScenarioTestCase : public TestCase
{
  public:
    AtmPriorityScenarioTestCase()
        : TestCase("A scenario file sets a priority port and its UBR class by type name")
    {
    }

  private:
    void DoRun() override
    {
        const std::string text = R"({
  "name": "prio", "seed": 1, "run": 1,
  "hosts": ["h1", "h2", "h3"], "switches": ["S1", "S2"],
  "linkDefaults": {"rate": "10Mbps", "sonet": false, "delay": "1us"},
  "links": [
    {"from": "h1", "to": "S1"}, {"from": "h3", "to": "S1"},
    {"from": "S1", "to": "S2", "rate": "5Mbps", "buffer": 100,
     "queue": {"type": "priority", "attributes": {
       "UbrClass": "ns3::AtmPerVcQueueDisc[MaxCells=50|EpdThreshold=40]"}}},
    {"from": "S2", "to": "h2"}],
  "vcs": [
    {"name": "a", "path": ["h1", "S1", "S2", "h2"], "traffic": {"type": "greedy"}},
    {"name": "b", "path": ["h3", "S1", "S2", "h2"],
     "traffic": {"type": "cbr", "attributes": {"Rate": "1Mbps"}}}],
  "measurement": {"start": "0.01s", "stop": "0.03s", "end": "0.06s"}
})";
        AtmScenario sc;
        const std::vector<std::string> errors = sc.LoadText(text, "prio.json");
        NS_TEST_ASSERT_MSG_EQ(errors.size(), 0, (errors.empty() ? "" : errors.front()));
        AtmScenarioHelper helper;
        helper.Build(sc, 1, 1);
        Ptr<AtmNetDevice> trunk = AtmVcHelper::FindLink(helper.GetNode("S1"), helper.GetNode("S2"));
        Ptr<AtmPriorityQueueDisc> q = DynamicCast<AtmPriorityQueueDisc>(trunk->GetQueueDisc());
        NS_TEST_ASSERT_MSG_NE(q, nullptr, "S1-S2 has a priority queue disc");
        NS_TEST_EXPECT_MSG_EQ(q->GetMaxCells(), 100, "the link's buffer: the shared one");
        Ptr<AtmQueueDisc> ubr = q->GetClassQueueDisc(UBR);
        NS_TEST_ASSERT_MSG_NE(ubr, nullptr, "a UBR class");
        NS_TEST_EXPECT_MSG_EQ(ubr->GetInstanceTypeId().GetName(),
                              "ns3::AtmPerVcQueueDisc",
                              "its type");
        NS_TEST_EXPECT_MSG_EQ(ubr->GetMaxCells(), 50, "its own buffer");
        UintegerValue epd;
        ubr->GetAttribute("EpdThreshold", epd);
        NS_TEST_EXPECT_MSG_EQ(epd.Get(), 40, "its EPD threshold");
        helper.Run(false);
        const AtmRunResults r = helper.GetResults("prio");
        NS_TEST_EXPECT_MSG_EQ(ubr->GetMaxCellsSeen(), 50, "the UBR class filled its buffer");
        Simulator::Destroy();
        for (const AtmRunResults::Vc& v : r.vcs)
        {
            NS_TEST_EXPECT_MSG_GT(v.windowCells, 0, v.name + " delivers");
            NS_TEST_EXPECT_MSG_EQ(v.sent, v.received + v.dropped + v.queued, v.name + " conserves");
        }
    }
};

/**
 * @ingroup atm-tests
 * The atm-priority-queue-disc test suite.
 */
class AtmPriorityQueueDiscTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmPriorityQueueDiscTestSuite()
        : IsolatedTestSuite("atm-priority-queue-disc", Type::UNIT)
    {
        AddTestCase(new AtmPriorityStrictOrderTestCase);
        AddTestCase(new AtmPriorityRefileTestCase);
        AddTestCase(new AtmPriorityPortStateTestCase);
        AddTestCase(new AtmPriorityCbrDelayTestCase);
        AddTestCase(new AtmPriorityWrrTestCase);
        AddTestCase(new AtmPriorityBuffersTestCase);
        AddTestCase(new AtmSelectiveDiscardTestCase);
        AddTestCase(new AtmPriorityConservationTestCase);
        AddTestCase(new AtmPriorityConfigErrorsTestCase);
        AddTestCase(new AtmPriorityScenarioTestCase);
    }
};

static AtmPriorityQueueDiscTestSuite g_atmPriorityQueueDiscTestSuite; //!< the suite
