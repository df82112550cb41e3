/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Credit-based flow control (Kung's Credit Update Protocol): the credit
// cell format octet by octet; eq. (1) and the N2 cadence on a scripted run;
// six records per credit cell; records held to share a cell; eq. (2) for
// one VC; recovery by credit_check from a lost credit cell and from lost
// data cells; each blocked VC's credit_check clock; no cell lost and no VC above its allocation in
// random networks under static and adaptive allocation; receiver-oriented ramp-up of a new VC (eqs.
// 3-5).

#include "atm-test-lambda.h"
#include "atm-test-networks.h"
#include "atm-test-suite.h"
#include "atm-test-trace-paths.h"

#include "ns3/application-container.h"
#include "ns3/atm-adaptive-allocation.h"
#include "ns3/atm-cell-sink-helper.h"
#include "ns3/atm-cell-sink.h"
#include "ns3/atm-cell-source-helper.h"
#include "ns3/atm-cell.h"
#include "ns3/atm-channel.h"
#include "ns3/atm-credit-cell.h"
#include "ns3/atm-credit-helper.h"
#include "ns3/atm-credit-receiver.h"
#include "ns3/atm-credit-sender.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-queue-disc.h"
#include "ns3/atm-static-allocation.h"
#include "ns3/atm-switch-helper.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-vc-helper.h"
#include "ns3/atm-vc.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/error-model.h"
#include "ns3/node-container.h"
#include "ns3/node-list.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <list>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;
using atmtest::CreditPath;
using atmtest::Greedy;
using atmtest::OneSwitchChain;
using atmtest::StaticCredit;

namespace
{

/**
 * Two nodes joined by one OC-3c link, with VCs from the first to the second.
 */
struct OneLink
{
    NodeContainer nodes;    //!< sender, receiver
    Ptr<AtmNetDevice> up;   //!< the sender's port
    Ptr<AtmNetDevice> down; //!< the receiver's port

    /**
     * Build it.
     * @param nVcs VCs to create from the first node to the second
     */
    explicit OneLink(uint16_t nVcs)
    {
        nodes.Create(2);
        NetDeviceContainer d = AtmHelper().Install(nodes.Get(0), nodes.Get(1));
        up = DynamicCast<AtmNetDevice>(d.Get(0));
        down = DynamicCast<AtmNetDevice>(d.Get(1));
        for (uint16_t k = 0; k < nVcs; ++k)
        {
            AtmVcHelper().Create(nodes);
        }
    }
};

/**
 * Run a greedy VC on @p p from 0 to @p stop, with a sink counting its cells
 * from @p start.
 * @param p the path
 * @param start the sink's start
 * @param stop end of the source, the sink and the run
 * @return the VC's cells per second from @p start to @p stop
 */
double
GreedyWindowRate(CreditPath& p, Time start, Time stop)
{
    Greedy(p.vc, Seconds(0), stop);
    ApplicationContainer sink = AtmCellSinkHelper().Install(p.vc);
    sink.Start(start);
    sink.Stop(stop);
    Simulator::Stop(stop);
    Simulator::Run();
    return DynamicCast<AtmCellSink>(sink.Get(0))->GetCellsReceived() / (stop - start).GetSeconds();
}

} // namespace

/**
 * @ingroup atm-tests
 * The credit cell on the wire: header VPI 0 / VCI 31, PTI 0 (credit) or 1
 * (credit_check), six 8-octet records (VPI, VCI, count), unused ones zero.
 */
class AtmCreditCellFormatTestCase : public TestCase
{
  public:
    AtmCreditCellFormatTestCase()
        : TestCase("credit cell: header and six records octet by octet; round trip")
    {
    }

  private:
    void DoRun() override
    {
        AtmCreditCell::Records r;
        r.n = 2;
        r.record[0] = {0x0012, 0x0034, 0x01020304};
        r.record[1] = {0x0FFF, 0xFFFF, 0xFFFFFFFF};
        uint8_t payload[48];
        AtmCreditCell::Serialize(r, payload);
        const uint8_t expected[48] = {0x00,
                                      0x12,
                                      0x00,
                                      0x34,
                                      0x01,
                                      0x02,
                                      0x03,
                                      0x04,
                                      0x0F,
                                      0xFF,
                                      0xFF,
                                      0xFF,
                                      0xFF,
                                      0xFF,
                                      0xFF,
                                      0xFF};
        for (uint32_t i = 0; i < 48; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(uint32_t{payload[i]}, uint32_t{expected[i]}, "octet " << i);
        }
        AtmCreditCell::Records back;
        AtmCreditCell::Deserialize(payload, back);
        NS_TEST_EXPECT_MSG_EQ(back.n, 2, "two records used");
        NS_TEST_EXPECT_MSG_EQ(back.record[1].count, 0xFFFFFFFF, "count");

        // The cell: UNI header 00 00 01 F0 (VCI 31, PTI 0) or ... F2 (PTI 1).
        AtmCreditCell store;
        for (auto type : {AtmCreditCell::UPDATE, AtmCreditCell::CHECK})
        {
            AtmCell cell = store.Push(type, r);
            NS_TEST_EXPECT_MSG_EQ(cell.GetKind(), AtmCell::CREDIT, "kind");
            NS_TEST_EXPECT_MSG_EQ(AtmCreditCell::IsCreditCell(cell), true, "VPI 0, VCI 31");
            NS_TEST_EXPECT_MSG_EQ((AtmCreditCell::GetType(cell) == type),
                                  true,
                                  "type from the PTI");
            uint8_t wire[53];
            cell.Serialize(wire, payload);
            NS_TEST_EXPECT_MSG_EQ(uint32_t{wire[2]}, 0x01, "header octet 3");
            NS_TEST_EXPECT_MSG_EQ(uint32_t{wire[3]},
                                  (type == AtmCreditCell::UPDATE ? 0xF0U : 0xF2U),
                                  "header octet 4");
            NS_TEST_EXPECT_MSG_EQ(uint32_t{wire[5]}, 0x00, "first record octet");
            NS_TEST_EXPECT_MSG_EQ(uint32_t{wire[8]}, 0x34, "VCI low octet");
        }
        // The store hands each cell's records out once, oldest first.
        AtmCell first = store.Push(AtmCreditCell::UPDATE, r);
        AtmCell second = store.Push(AtmCreditCell::UPDATE, back);
        NS_TEST_EXPECT_MSG_EQ(store.Get(second, back), true, "second read");
        NS_TEST_EXPECT_MSG_EQ(store.Get(first, back), false, "the first is gone with it");
        NS_TEST_EXPECT_MSG_EQ(store.GetNKept(), 0, "nothing kept");
    }
};

/**
 * @ingroup atm-tests
 * Eq. (1) and the N2 cadence: with Buf_Alloc 20 and N2 5 every balance the
 * sender reports stays in [0, 20], the receiver sends one record per 5
 * forwarded cells, and once the VC is idle its balance is 20 - (Tx_Cnt mod
 * 5): the cells not yet covered by a record.
 */
class AtmCupArithmeticTestCase : public TestCase
{
  public:
    AtmCupArithmeticTestCase()
        : TestCase("CUP: eq. (1) balances, one record per N2 cells, occupancy <= Buf_Alloc")
    {
    }

  private:
    void DoRun() override
    {
        CreditPath p(MicroSeconds(50), StaticCredit(20, 5));
        std::vector<int64_t> balances;
        p.Sender()->TraceConnectWithoutContext(
            "CreditBalance",
            atmtest::MakeLambdaCallback<void, uint32_t, int64_t>(
                [&balances](uint32_t, int64_t b) { balances.push_back(b); }));
        // 103 cells at 10 Mb/s: one every 42.4 us.
        ApplicationContainer a = AtmCellSourceHelper("ns3::AtmCbrSource").Install(p.vc);
        a.Start(Seconds(0));
        a.Stop(MicroSeconds(42.4 * 102 + 1));
        Simulator::Run();

        const uint32_t tx = p.Sender()->GetTxCount(0);
        NS_TEST_EXPECT_MSG_EQ(tx, 103, "103 cells transmitted");
        NS_TEST_EXPECT_MSG_EQ(p.vc->GetCellsReceived(), 103, "all delivered");
        NS_TEST_EXPECT_MSG_EQ(p.Receiver()->GetFwdCount(0), 103, "Fwd_Cnt");
        NS_TEST_EXPECT_MSG_EQ(p.Receiver()->GetNRecordsSent(), 103 / 5, "a record per 5 cells");
        NS_TEST_EXPECT_MSG_EQ(p.Sender()->GetBalance(0), 20 - (103 % 5), "eq. (1) at rest");
        for (int64_t b : balances)
        {
            NS_TEST_EXPECT_MSG_EQ((b >= 0 && b <= 20), true, "balance " << b << " in [0, 20]");
        }
        NS_TEST_EXPECT_MSG_LT_OR_EQ(p.Receiver()->GetMaxOccupancy(0), 20, "occupancy");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Records due while the reverse link is busy share credit cells, six to a
 * cell: eight VCs with N2 = 1 each forward a cell at the same instant while
 * the port sends a data cell; two credit cells follow, with 6 and 2 records.
 */
class AtmSixRecordsTestCase : public TestCase
{
  public:
    AtmSixRecordsTestCase()
        : TestCase("up to six credit records share one credit cell")
    {
    }

  private:
    void DoRun() override
    {
        OneLink link(8);
        // A data VC the other way keeps the downstream port busy.
        NodeContainer back(link.nodes.Get(1), link.nodes.Get(0));
        Ptr<AtmVc> reverse = AtmVcHelper().Create(back);
        StaticCredit(100, 1).Install(link.up);
        Ptr<AtmCreditReceiver> rx =
            DynamicCast<AtmCreditReceiver>(link.down->GetReceiveAccounting());
        std::vector<uint32_t> recordsPerCell;
        link.down->TraceConnectWithoutContext(
            "PhyTxBegin",
            atmtest::MakeLambdaCallback<void, const AtmCell&>([&recordsPerCell](const AtmCell& c) {
                if (c.GetKind() == AtmCell::CREDIT)
                {
                    recordsPerCell.push_back(c.GetBody()[0]);
                }
            }));
        atmtest::Schedule(MicroSeconds(10), [&]() {
            link.down->SendCell(0, AtmCell::MakeData(0, 0, 0, Simulator::Now())); // busy now
            for (uint32_t i = 0; i < 8; ++i)
            {
                rx->NotifyArrival(i);
                rx->NotifyDeparture(i);
            }
        });
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(recordsPerCell.size(), 2, "two credit cells");
        NS_TEST_EXPECT_MSG_EQ(recordsPerCell[0], 6, "six records in the first");
        NS_TEST_EXPECT_MSG_EQ(recordsPerCell[1], 2, "two in the second");
        Ptr<AtmCreditSender> tx = DynamicCast<AtmCreditSender>(link.up->GetTransmitGate());
        NS_TEST_EXPECT_MSG_EQ(tx->GetNRecordsReceived(), 8, "the sender read all 8");
        NS_TEST_EXPECT_MSG_EQ(tx->GetBalance(7), 101, "Fwd_Cnt 1 raised VC 7's balance");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * RecordHoldTime: a credit record waits up to the hold for others to share
 * its cell, and a cell goes at once when six records wait. Hold 20 us on an
 * idle reverse link: one record at 10 us goes alone at 30 us; records of
 * VCs 1-3 at 40, 45 and 50 us go in one cell at 60 us, VC 1's record
 * carrying its second departure (55 us); eight records at 100 us give a
 * cell of six at once and one of two at 120 us.
 */
class AtmRecordHoldTestCase : public TestCase
{
  public:
    AtmRecordHoldTestCase()
        : TestCase("credit records wait up to RecordHoldTime to share a cell")
    {
    }

  private:
    void DoRun() override
    {
        OneLink link(8);
        AtmCreditHelper credit = StaticCredit(100, 1);
        credit.SetReceiverAttribute("RecordHoldTime", TimeValue(MicroSeconds(20)));
        credit.Install(link.up);
        Ptr<AtmCreditReceiver> rx =
            DynamicCast<AtmCreditReceiver>(link.down->GetReceiveAccounting());
        std::vector<std::pair<int64_t, uint32_t>> cells; // (ns, records)
        link.down->TraceConnectWithoutContext(
            "PhyTxBegin",
            atmtest::MakeLambdaCallback<void, const AtmCell&>([&cells](const AtmCell& c) {
                if (c.GetKind() == AtmCell::CREDIT)
                {
                    cells.emplace_back(Simulator::Now().GetNanoSeconds(), c.GetBody()[0]);
                }
            }));
        auto depart = [rx](uint32_t vc) {
            rx->NotifyArrival(vc);
            rx->NotifyDeparture(vc);
        };
        atmtest::Schedule(MicroSeconds(10), [depart]() { depart(0); });
        atmtest::Schedule(MicroSeconds(40), [depart]() { depart(1); });
        atmtest::Schedule(MicroSeconds(45), [depart]() { depart(2); });
        atmtest::Schedule(MicroSeconds(50), [depart]() { depart(3); });
        atmtest::Schedule(MicroSeconds(55), [depart]() { depart(1); });
        atmtest::Schedule(MicroSeconds(100), [depart]() {
            for (uint32_t i = 0; i < 8; ++i)
            {
                depart(i);
            }
        });
        // Exactly six records fill a cell: it leaves at once, not after the hold.
        atmtest::Schedule(MicroSeconds(200), [depart]() {
            for (uint32_t i = 0; i < 6; ++i)
            {
                depart(i);
            }
        });
        Simulator::Run();

        const std::vector<std::pair<int64_t, uint32_t>> expected{{30000, 1},
                                                                 {60000, 3},
                                                                 {100000, 6},
                                                                 {120000, 2},
                                                                 {200000, 6}};
        NS_TEST_ASSERT_MSG_EQ(cells.size(), expected.size(), "five credit cells");
        for (std::size_t k = 0; k < expected.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(cells[k].first,
                                  expected[k].first,
                                  "credit cell " << k << " time");
            NS_TEST_EXPECT_MSG_EQ(cells[k].second,
                                  expected[k].second,
                                  "credit cell " << k << " records");
        }
        Ptr<AtmCreditSender> tx = DynamicCast<AtmCreditSender>(link.up->GetTransmitGate());
        NS_TEST_EXPECT_MSG_EQ(tx->GetNRecordsReceived(), 18, "the sender read all 18 records");
        NS_TEST_EXPECT_MSG_EQ(tx->GetBalance(1), 104, "VC 1: Fwd_Cnt 4 in its last record");
        NS_TEST_EXPECT_MSG_EQ(rx->GetNCreditCells(), 5, "five cells counted");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Eq. (2): one greedy VC alone gets Buf_Alloc / (RTT + N2) of the link
 * when that is below 1.
 */
class AtmCreditEq2TestCase : public TestCase
{
  public:
    AtmCreditEq2TestCase()
        : TestCase("eq. (2): one VC's throughput is Buf_Alloc over RTT + N2")
    {
    }

  private:
    void DoRun() override
    {
        CreditPath p(MicroSeconds(100), StaticCredit(30, 10));
        const double windowRate = GreedyWindowRate(p, MilliSeconds(100), Seconds(1));

        const uint32_t rtt = p.Source()->GetLinkRttCells();
        const double expected = 30.0 / (rtt + 10) * p.Source()->GetCellRate();
        const double measured = p.vc->GetCellsReceived() / 1.0; // cells over ~1 s
        NS_TEST_EXPECT_MSG_EQ_TOL(windowRate,
                                  expected,
                                  0.02 * expected,
                                  "RTT " << rtt << " cells; " << measured << " cells in 1 s");
        NS_TEST_EXPECT_MSG_LT(expected, p.Source()->GetCellRate(), "below the link rate");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Kung's default allocation: with no Buf_Alloc given, a VC is allocated
 * RTT + N2 cells of the link (RTT in cell times, counted from the link's
 * delay here), which by eq. (2) lets one greedy VC use the whole link.
 */
class AtmCreditDefaultAllocationTestCase : public TestCase
{
  public:
    AtmCreditDefaultAllocationTestCase()
        : TestCase("the default Buf_Alloc is RTT + N2 and gives one VC the whole link")
    {
    }

  private:
    void DoRun() override
    {
        AtmCreditHelper credit; // static allocation, BufAlloc 0, N2 10
        CreditPath p(MicroSeconds(100), credit);
        const double cellsPerSecond = GreedyWindowRate(p, MilliSeconds(10), MilliSeconds(60));

        // The round trip of the 100 us link in cell times, plus one cell
        // each way (the cell and its credit record being sent).
        const Time cell = p.Source()->GetCellTime();
        const auto rtt = static_cast<uint32_t>(std::ceil(200e-6 / cell.GetSeconds())) + 2;
        NS_TEST_EXPECT_MSG_EQ(p.Sender()->GetAllocation(0), rtt + 10, "sender: RTT + N2");
        NS_TEST_EXPECT_MSG_EQ(p.Receiver()->GetAllocation(0), rtt + 10, "receiver: RTT + N2");
        NS_TEST_EXPECT_MSG_GT(cellsPerSecond * cell.GetSeconds(),
                              0.99,
                              "the whole link (RTT only would give 0.88)");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * A cell dropped at the switch still leaves the node for the Credit Update
 * Protocol: its credit goes back upstream. A greedy VC under credit
 * (Buf_Alloc 40) into a switch whose output is 10 times slower and holds
 * only 5 cells loses cells to Overflow there; every one of them is counted
 * as forwarded by the receiver, so the VC never runs out of credit for
 * good: it is still delivered at the output's rate at the end, and at rest
 * the receiver holds nothing and has forwarded every cell it received.
 */
class AtmCreditDropReturnsCreditTestCase : public TestCase
{
  public:
    AtmCreditDropReturnsCreditTestCase()
        : TestCase("a cell the switch drops returns its credit upstream")
    {
    }

  private:
    void DoRun() override
    {
        AtmSwitchHelper sw;
        sw.SetQueueDisc("ns3::AtmFifoQueueDisc", "MaxCells", UintegerValue(5));
        CreditPath p(MicroSeconds(20), StaticCredit(40, 5), sw);
        Ptr<AtmNetDevice> slow = DynamicCast<AtmNetDevice>(p.out.Get(0));
        slow->SetDataRate(DataRate(slow->GetDataRate().GetBitRate() / 10));
        Greedy(p.vc, Seconds(0), MilliSeconds(20));
        uint64_t at10 = 0;
        atmtest::Schedule(MilliSeconds(10), [&]() { at10 = p.vc->GetCellsReceived(); });
        uint64_t at20 = 0;
        atmtest::Schedule(MilliSeconds(20), [&]() { at20 = p.vc->GetCellsReceived(); });
        Simulator::Stop(MilliSeconds(30));
        Simulator::Run();

        const uint64_t dropped = p.vc->GetCellsDropped("Overflow");
        NS_TEST_ASSERT_MSG_GT(dropped, 40, "more cells dropped than Buf_Alloc");
        const double rate = (at20 - at10) * slow->GetCellTime().GetSeconds() / 0.01;
        NS_TEST_EXPECT_MSG_GT(rate, 0.95, "still at the slow output's rate from 10 to 20 ms");
        NS_TEST_EXPECT_MSG_EQ(p.Receiver()->GetOccupancy(0), 0, "nothing held at rest");
        NS_TEST_EXPECT_MSG_EQ(p.Receiver()->GetFwdCount(0),
                              p.vc->GetCellsReceived() + dropped,
                              "forwarded = delivered + dropped");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(p.Sender()->GetBalance(0),
                                    40 - 4,
                                    "credit back at rest, but for the last N2 - 1 cells");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * What an allocation policy is told at each interval: a static allocation
 * that reallocates every 4 RTTs only to record what it is given.
 */
class AtmRecordingAllocation : public AtmStaticAllocation
{
  public:
    /// @return 4 round trips
    /// @param rtt the round trip
    Time GetInterval(Time rtt) const override
    {
        return rtt * 4;
    }

    /// @param interval recorded, left as it is
    void Reallocate(Interval& interval) const override
    {
        m_seen.push_back(interval);
    }

    mutable std::vector<Interval> m_seen; //!< every interval given
};

/**
 * @ingroup atm-tests
 * The occupancies an adaptive policy works from, at the sender
 * (sender-oriented: Tx_Cnt - Fwd_Cnt per VC, the cells not yet reported
 * forwarded) and at the receiver (the cells it holds), add up to the total
 * queued it is given, and that total is not always 0 (a greedy VC into a
 * switch whose output is 10 times slower).
 */
class AtmAllocationInputTestCase : public TestCase
{
  public:
    AtmAllocationInputTestCase()
        : TestCase("an allocation policy's total queued is the sum of its VCs' occupancies")
    {
    }

  private:
    void DoRun() override
    {
        for (bool atSender : {true, false})
        {
            CreditPath p(MicroSeconds(20), StaticCredit(40, 5));
            Ptr<AtmNetDevice> slow = DynamicCast<AtmNetDevice>(p.out.Get(0));
            slow->SetDataRate(DataRate(slow->GetDataRate().GetBitRate() / 10));
            Ptr<AtmRecordingAllocation> rec = CreateObject<AtmRecordingAllocation>();
            if (atSender)
            {
                p.Sender()->SetAttribute("Allocation", PointerValue(rec));
            }
            else
            {
                p.Receiver()->SetAttribute("Allocation", PointerValue(rec));
            }
            Greedy(p.vc, Seconds(0), MilliSeconds(5));
            Simulator::Stop(MilliSeconds(10));
            Simulator::Run();

            const std::string where = atSender ? "sender" : "receiver";
            NS_TEST_ASSERT_MSG_GT(rec->m_seen.size(), 10, where << ": intervals");
            uint32_t most = 0;
            for (const auto& in : rec->m_seen)
            {
                uint32_t sum = 0;
                for (uint32_t o : in.occupancy)
                {
                    sum += o;
                }
                NS_TEST_EXPECT_MSG_EQ(in.queued, sum, where << ": queued = sum of occupancies");
                most = std::max(most, in.queued);
            }
            NS_TEST_EXPECT_MSG_GT(most, 20, where << ": cells queued behind the slow output");
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup atm-tests
 * AtmCreditHelper::Install(vc) puts credit on every link of the VC's path,
 * both directions, and on no other link: a credit sender and receiver at
 * each end of the three links host - S1 - S2 - host, none on a link of S2
 * to a host the VC does not reach.
 */
class AtmCreditInstallPathTestCase : public TestCase
{
  public:
    AtmCreditInstallPathTestCase()
        : TestCase("credit on a VC's path: every link of it, both ends, and no other")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(5); // host, S1, S2, host, and another host on S2
        AtmSwitchHelper().Install(NodeContainer(nodes.Get(1), nodes.Get(2)));
        AtmHelper atm;
        std::vector<NetDeviceContainer> links{atm.Install(nodes.Get(0), nodes.Get(1)),
                                              atm.Install(nodes.Get(1), nodes.Get(2)),
                                              atm.Install(nodes.Get(2), nodes.Get(3))};
        NetDeviceContainer other = atm.Install(nodes.Get(2), nodes.Get(4));
        Ptr<AtmVc> vc =
            AtmVcHelper().Create(NodeContainer(NodeContainer(nodes.Get(0), nodes.Get(1)),
                                               NodeContainer(nodes.Get(2), nodes.Get(3))));
        StaticCredit(20, 5).Install(vc);
        auto hasCredit = [](Ptr<NetDevice> d) {
            Ptr<AtmNetDevice> port = DynamicCast<AtmNetDevice>(d);
            return DynamicCast<AtmCreditSender>(port->GetTransmitGate()) &&
                   DynamicCast<AtmCreditReceiver>(port->GetReceiveAccounting());
        };
        for (std::size_t l = 0; l < links.size(); ++l)
        {
            for (uint32_t end = 0; end < 2; ++end)
            {
                NS_TEST_EXPECT_MSG_EQ(hasCredit(links[l].Get(end)),
                                      true,
                                      "link " << l << " end " << end);
            }
        }
        NS_TEST_EXPECT_MSG_EQ(hasCredit(other.Get(0)), false, "the link off the path");
        NS_TEST_EXPECT_MSG_EQ(hasCredit(other.Get(1)), false, "its host end");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * credit_check recovers a lost credit cell: with Buf_Alloc = N2 = 10 each
 * record is the only one for its 10 cells, so losing one blocks the VC;
 * the credit_check sent one CreditCheckInterval after it blocked brings a
 * fresh record and every cell gets through.
 */
class AtmCreditCheckCreditLossTestCase : public TestCase
{
  public:
    AtmCreditCheckCreditLossTestCase()
        : TestCase("credit_check recovers a lost credit cell within one interval")
    {
    }

  private:
    void DoRun() override
    {
        AtmCreditHelper credit = StaticCredit(10, 10);
        credit.SetSenderAttribute("CreditCheckInterval", TimeValue(MilliSeconds(1)));
        CreditPath p(MicroSeconds(20), credit);
        // The source port receives only credit cells: lose the second.
        Ptr<ReceiveListErrorModel> em = CreateObject<ReceiveListErrorModel>();
        em->SetList(std::list<uint32_t>{1});
        p.Source()->SetAttribute("ReceiveErrorModel", PointerValue(em));
        std::vector<std::pair<Time, int64_t>> balances;
        p.Sender()->TraceConnectWithoutContext(
            "CreditBalance",
            atmtest::MakeLambdaCallback<void, uint32_t, int64_t>(
                [&balances](uint32_t, int64_t b) { balances.emplace_back(Simulator::Now(), b); }));
        // 100 cells: a CBR source at 100 Mb/s for 100 cell times.
        ApplicationContainer a = AtmCellSourceHelper("ns3::AtmCbrSource").Install(p.vc);
        a.Get(0)->SetAttribute("Rate", DataRateValue(DataRate("100Mbps")));
        a.Start(Seconds(0));
        a.Stop(MicroSeconds(4.24 * 99 + 1));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(p.vc->GetCellsReceived(), 100, "every cell delivered");
        NS_TEST_EXPECT_MSG_EQ(p.Sender()->GetNCreditChecks(), 1, "one credit_check");
        // The longest time at balance 0 is one interval (plus a round trip).
        Time longest(0);
        for (std::size_t i = 0; i + 1 < balances.size(); ++i)
        {
            if (balances[i].second == 0)
            {
                longest = std::max(longest, balances[i + 1].first - balances[i].first);
            }
        }
        NS_TEST_EXPECT_MSG_GT_OR_EQ(longest, MilliSeconds(1), "blocked until the check");
        NS_TEST_EXPECT_MSG_LT(longest, MilliSeconds(1) + MicroSeconds(100), "not longer");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Each blocked VC keeps its own credit_check clock: two VCs that block
 * 0.3 ms apart while every credit cell is lost (so no check is answered)
 * each send a credit_check one CreditCheckInterval after blocking and one
 * every interval after that, not when the other VC's check falls due.
 */
class AtmCreditCheckClockTestCase : public TestCase
{
  public:
    AtmCreditCheckClockTestCase()
        : TestCase("a blocked VC sends a credit_check every interval on its own clock")
    {
    }

  private:
    void DoRun() override
    {
        const Time interval = MilliSeconds(1);
        const Time stop = MicroSeconds(5500);
        OneSwitchChain chain;
        Ptr<AtmNetDevice> source = chain.source;
        AtmVcHelper vcs;
        const std::vector<Ptr<AtmVc>> vc{vcs.Create(chain.nodes, "a"),
                                         vcs.Create(chain.nodes, "b")};
        AtmCreditHelper credit = StaticCredit(10, 10);
        credit.SetSenderAttribute("CreditCheckInterval", TimeValue(interval));
        credit.Install(vc[0]);
        Ptr<AtmCreditSender> sender = DynamicCast<AtmCreditSender>(source->GetTransmitGate());
        // The source port receives only credit cells: lose all of them.
        Ptr<ReceiveListErrorModel> em = CreateObject<ReceiveListErrorModel>();
        em->SetList(atmtest::FirstCells(1000));
        source->SetAttribute("ReceiveErrorModel", PointerValue(em));

        std::vector<Time> blocked(2, Time(-1));
        sender->TraceConnectWithoutContext("CreditBalance",
                                           atmtest::MakeLambdaCallback<void, uint32_t, int64_t>(
                                               [&blocked](uint32_t slot, int64_t b) {
                                                   if (slot < blocked.size() && b <= 0 &&
                                                       blocked[slot].IsNegative())
                                                   {
                                                       blocked[slot] = Simulator::Now();
                                                   }
                                               }));
        std::vector<std::vector<Time>> checks(2);
        // Plain pointers: a Ptr in a callback the port holds would keep the
        // port (and its sender) alive after Simulator::Destroy, a cycle.
        AtmNetDevice* port = PeekPointer(source);
        AtmCreditSender* gate = PeekPointer(sender);
        source->TraceConnectWithoutContext(
            "PhyTxBegin",
            atmtest::MakeLambdaCallback<void, const AtmCell&>(
                [&checks, gate, port](const AtmCell& cell) {
                    AtmCreditCell::Records r;
                    if (!AtmCreditCell::IsCreditCell(cell) ||
                        AtmCreditCell::GetType(cell) != AtmCreditCell::CHECK ||
                        !gate->GetSentCells().Peek(cell, r))
                    {
                        return;
                    }
                    for (uint32_t k = 0; k < r.n; ++k)
                    {
                        const uint32_t slot = port->GetTxSlot(r.record[k].vpi, r.record[k].vci);
                        if (slot < checks.size())
                        {
                            checks[slot].push_back(Simulator::Now());
                        }
                    }
                }));
        for (uint32_t i = 0; i < 2; ++i)
        {
            ApplicationContainer a = AtmCellSourceHelper("ns3::AtmCbrSource").Install(vc[i]);
            a.Get(0)->SetAttribute("Rate", DataRateValue(DataRate("100Mbps")));
            a.Start(MicroSeconds(300 * i));
        }
        Simulator::Stop(stop);
        Simulator::Run();

        // A check leaves at the next cell slot of the port: within a cell time.
        const Time slack = MicroSeconds(3);
        for (uint32_t i = 0; i < 2; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(blocked[i].IsPositive(), true, "VC " << i << " blocked");
            const auto expected =
                static_cast<std::size_t>((stop - blocked[i]).GetInteger() / interval.GetInteger());
            NS_TEST_EXPECT_MSG_EQ(checks[i].size(), expected, "VC " << i << ": checks");
            Time last = blocked[i];
            for (const Time& t : checks[i])
            {
                NS_TEST_EXPECT_MSG_GT_OR_EQ(t - last,
                                            interval - slack,
                                            "VC " << i << ": check at " << t.As(Time::US)
                                                  << " too soon after " << last.As(Time::US));
                NS_TEST_EXPECT_MSG_LT_OR_EQ(t - last,
                                            interval + slack,
                                            "VC " << i << ": check at " << t.As(Time::US)
                                                  << " too late after " << last.As(Time::US));
                last = t;
            }
        }
        NS_TEST_EXPECT_MSG_EQ(vc[0]->GetCellsReceived(), 10, "VC a: its Buf_Alloc only");
        NS_TEST_EXPECT_MSG_EQ(vc[1]->GetCellsReceived(), 10, "VC b: its Buf_Alloc only");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * credit_check recovers lost data cells: 10 cells destroyed on the link
 * (HEC errors, as many as Buf_Alloc, so the VC blocks for good without the
 * check) never reach the receiver's count; the credit_check finds exactly
 * 10 missing, counts them as forwarded, and the VC goes on.
 */
class AtmCreditCheckDataLossTestCase : public TestCase
{
  public:
    AtmCreditCheckDataLossTestCase()
        : TestCase("credit_check finds lost data cells and returns their credit")
    {
    }

  private:
    void DoRun() override
    {
        AtmCreditHelper credit = StaticCredit(10, 2);
        credit.SetSenderAttribute("CreditCheckInterval", TimeValue(MilliSeconds(1)));
        CreditPath p(MicroSeconds(20), credit);
        Ptr<ReceiveListErrorModel> em = CreateObject<ReceiveListErrorModel>();
        em->SetList(std::list<uint32_t>{10, 11, 12, 13, 14, 15, 16, 17, 18, 19});
        p.SwitchIn()->SetAttribute("ReceiveErrorModel", PointerValue(em));
        ApplicationContainer a = AtmCellSourceHelper("ns3::AtmCbrSource").Install(p.vc);
        a.Start(Seconds(0));
        a.Stop(MicroSeconds(42.4 * 99 + 1)); // 100 cells at 10 Mb/s
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(p.Sender()->GetTxCount(0), 100, "all 100 sent");
        NS_TEST_EXPECT_MSG_EQ(p.vc->GetCellsReceived(), 90, "90 delivered");
        NS_TEST_EXPECT_MSG_EQ(p.vc->GetCellsDropped("HecError"), 10, "10 lost on the link");
        NS_TEST_EXPECT_MSG_EQ(p.Receiver()->GetNLostRecovered(), 10, "10 found by the check");
        NS_TEST_EXPECT_MSG_EQ(p.Sender()->GetNCreditChecks(), 1, "one credit_check");
        NS_TEST_EXPECT_MSG_EQ(p.Sender()->GetBalance(0), 10, "full credit again at rest");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * No cell is ever lost for lack of buffer under credit, whatever the load:
 * random chains of 1-3 switches with random VCs (paths, rates, greedy or
 * on-off sources), credit on every link, each output port holding exactly
 * the allocations of its VCs (static partition, Buf_Alloc each). No drop
 * anywhere, every VC's occupancy at every receiver <= its Buf_Alloc; with
 * adaptive allocation, receiver- or sender-oriented, every link's total
 * <= M.
 */
class AtmCreditNoLossTestCase : public TestCase
{
  public:
    /**
     * Constructor.
     * @param adaptive adaptive (else static) allocation
     * @param senderOriented adaptive at the sender (else at the receiver)
     */
    AtmCreditNoLossTestCase(bool adaptive, bool senderOriented)
        : TestCase(
              std::string("no loss under credit in 30 random networks (") +
              (adaptive ? (senderOriented ? "sender-oriented adaptive" : "adaptive") : "static") +
              " allocation)"),
          m_adaptive(adaptive),
          m_senderOriented(senderOriented)
    {
    }

  private:
    void DoRun() override
    {
        atmtest::ForRandomNetworks(7, 42, 30, [this](Ptr<UniformRandomVariable> u, uint32_t net) {
            RunOne(u, net);
        });
    }

    /**
     * One random network.
     * @param u random numbers
     * @param net its number, for messages
     */
    void RunOne(Ptr<UniformRandomVariable> u, uint32_t net)
    {
        const uint32_t nSwitches = u->GetInteger(1, 3);
        const uint32_t bufAlloc = u->GetInteger(5, 40);
        const uint32_t n2 = u->GetInteger(1, bufAlloc);
        NodeContainer switches;
        switches.Create(nSwitches);
        AtmSwitchHelper sw;
        // Room for 8 VCs' allocations: more VCs than that never share a port.
        const uint32_t vcRoom = m_adaptive ? 100000 : bufAlloc;
        sw.SetQueueDisc("ns3::AtmPerVcQueueDisc",
                        "BufferManagement",
                        StringValue("StaticPartition"),
                        "VcLimit",
                        UintegerValue(vcRoom),
                        "MaxCells",
                        UintegerValue(8 * vcRoom));
        sw.Install(switches);
        const std::vector<Ptr<AtmVc>> vcs = atmtest::RandomChainVcs(u, switches);
        AtmCreditHelper credit = StaticCredit(bufAlloc, n2);
        if (m_adaptive)
        {
            credit.SetAllocation("ns3::AtmAdaptiveAllocation");
            credit.SetSenderOriented(m_senderOriented);
        }
        credit.InstallAll();
        atmtest::RandomTraffic(u, vcs, MilliSeconds(20));
        Simulator::Stop(MilliSeconds(30));
        Simulator::Run();

        for (auto vc : vcs)
        {
            NS_TEST_EXPECT_MSG_EQ(vc->GetCellsDropped(), 0, "net " << net << ": no drop");
            NS_TEST_EXPECT_MSG_GT(vc->GetCellsReceived(), 0, "net " << net << ": traffic");
        }
        for (uint32_t n = 0; n < NodeList::GetNNodes(); ++n)
        {
            Ptr<Node> node = NodeList::GetNode(n);
            for (uint32_t i = 0; i < node->GetNDevices(); ++i)
            {
                Ptr<AtmNetDevice> d = DynamicCast<AtmNetDevice>(node->GetDevice(i));
                Ptr<AtmCreditReceiver> rx =
                    d ? DynamicCast<AtmCreditReceiver>(d->GetReceiveAccounting()) : nullptr;
                if (!rx || d->GetNArrivingVcs() == 0)
                {
                    continue;
                }
                if (m_adaptive)
                {
                    const uint32_t m =
                        4 * d->GetPeer()->GetLinkRttCells() + 2 * d->GetNArrivingVcs();
                    NS_TEST_EXPECT_MSG_LT_OR_EQ(rx->GetMaxTotalOccupancy(),
                                                m,
                                                "net " << net << ": total within M");
                }
                else
                {
                    for (uint32_t k = 0; k < d->GetNArrivingVcs(); ++k)
                    {
                        NS_TEST_EXPECT_MSG_LT_OR_EQ(rx->GetMaxOccupancy(k),
                                                    bufAlloc,
                                                    "net " << net << ": within Buf_Alloc");
                    }
                }
            }
        }
        Simulator::Destroy();
    }

    bool m_adaptive;       //!< adaptive allocation
    bool m_senderOriented; //!< adaptive at the sender
};

/**
 * @ingroup atm-tests
 * Adaptation (eqs. 3-5), receiver- or sender-oriented (AtmCreditHelper::
 * SetSenderOriented): three greedy VCs share a credit-controlled link into
 * a switch whose output drains at the same rate (so TQ stays small, Kung's
 * condition (6)); a fourth starts later. Its Buf_Alloc (traced where the
 * policy runs) grows about x2 per allocation interval at first, then it
 * gets its fair share, 1/4 of the link. Sender-oriented, the receiver
 * keeps a static allocation and reports plain Fwd_Cnt.
 */
class AtmAdaptiveRampTestCase : public TestCase
{
  public:
    /**
     * Constructor.
     * @param senderOriented adapt at the sender (else at the receiver)
     */
    explicit AtmAdaptiveRampTestCase(bool senderOriented)
        : TestCase(std::string(senderOriented ? "sender" : "receiver") +
                   "-oriented adaptation: a new VC ramps up about x2 per interval to 1 in N"),
          m_senderOriented(senderOriented)
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(3); // source host, switch, sink host (all VCs share both links)
        AtmSwitchHelper sw;
        sw.SetQueueDisc("ns3::AtmPerVcQueueDisc", "MaxCells", UintegerValue(100000));
        sw.Install(nodes.Get(1));
        AtmHelper atm;
        atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(200)));
        NetDeviceContainer link = atm.Install(nodes.Get(0), nodes.Get(1));
        atm.Install(nodes.Get(1), nodes.Get(2));
        std::vector<Ptr<AtmVc>> vcs;
        vcs.reserve(4);
        for (uint32_t k = 0; k < 4; ++k)
        {
            vcs.push_back(AtmVcHelper().Create(nodes));
        }
        AtmCreditHelper credit;
        credit.SetAllocation("ns3::AtmAdaptiveAllocation");
        credit.SetSenderOriented(m_senderOriented);
        credit.Install(link);
        Ptr<AtmNetDevice> swIn = AtmVcHelper::FindLink(nodes.Get(1), nodes.Get(0));
        Ptr<AtmCreditReceiver> rx = DynamicCast<AtmCreditReceiver>(swIn->GetReceiveAccounting());
        Ptr<AtmCreditSender> tx = DynamicCast<AtmCreditSender>(swIn->GetPeer()->GetTransmitGate());
        PointerValue rxPolicy;
        rx->GetAttribute("Allocation", rxPolicy);
        PointerValue txPolicy;
        tx->GetAttribute("Allocation", txPolicy);
        NS_TEST_EXPECT_MSG_EQ(
            rxPolicy.Get<AtmBufferAllocation>()->GetInstanceTypeId().GetName(),
            (m_senderOriented ? "ns3::AtmStaticAllocation" : "ns3::AtmAdaptiveAllocation"),
            "the receiver's policy");
        NS_TEST_EXPECT_MSG_EQ((txPolicy.Get<AtmBufferAllocation>() != nullptr),
                              m_senderOriented,
                              "a policy at the sender");
        std::vector<uint32_t> allocs;
        const uint32_t slot = vcs[3]->GetHopSlot(0);
        if (m_senderOriented)
        {
            tx->TraceConnectWithoutContext("Allocation",
                                           atmtest::MakeLambdaCallback<void, uint32_t, uint32_t>(
                                               [&allocs, slot](uint32_t s, uint32_t a) {
                                                   if (s == slot)
                                                   {
                                                       allocs.push_back(a);
                                                   }
                                               }));
        }
        else
        {
            rx->TraceConnectWithoutContext(
                "Allocation",
                atmtest::MakeLambdaCallback<void, uint32_t, uint32_t, uint32_t>(
                    [&allocs](uint32_t index, uint32_t a, uint32_t) {
                        if (index == 3)
                        {
                            allocs.push_back(a);
                        }
                    }));
        }
        for (uint32_t k = 0; k < 3; ++k)
        {
            Greedy(vcs[k], Seconds(0), MilliSeconds(300));
        }
        Greedy(vcs[3], MilliSeconds(100), MilliSeconds(300));
        ApplicationContainer sinks = AtmCellSinkHelper().Install(vcs);
        sinks.Start(MilliSeconds(200));
        sinks.Stop(MilliSeconds(300));
        Simulator::Stop(MilliSeconds(300));
        Simulator::Run();

        std::ostringstream factors;
        uint32_t doublings = 0;
        for (std::size_t i = 1; i < allocs.size() && allocs[i] > allocs[i - 1]; ++i)
        {
            const double f = static_cast<double>(allocs[i]) / allocs[i - 1];
            factors << " " << f;
            doublings += (f >= 1.5 && f <= 3.0);
        }
        NS_TEST_EXPECT_MSG_GT_OR_EQ(doublings, 3, "ramp-up factors:" << factors.str());
        const double linkCells = DynamicCast<AtmNetDevice>(swIn->GetPeer())->GetCellRate() * 0.1;
        const double got =
            static_cast<double>(DynamicCast<AtmCellSink>(sinks.Get(3))->GetCellsReceived());
        NS_TEST_EXPECT_MSG_EQ_TOL(got / linkCells,
                                  0.25,
                                  0.025,
                                  "fair share; factors:" << factors.str());
        Simulator::Destroy();
    }

    bool m_senderOriented; //!< adapt at the sender
};

/**
 * @ingroup atm-tests
 * Adaptive allocation, Kung eqs. 3-5, on a scripted interval: Buf_Alloc =
 * (M/2 - TQ - N) VU / TU, N2 = Buf_Alloc / 4; at the sender (sender-
 * oriented) M - TQ - N instead of M/2 - TQ - N.
 */
class AtmAdaptiveEquationsTestCase : public TestCase
{
  public:
    AtmAdaptiveEquationsTestCase()
        : TestCase("Adaptive allocation, eqs. 3-5 on a scripted interval: exact allocations")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmAdaptiveAllocation> a = CreateObject<AtmAdaptiveAllocation>();
        AtmBufferAllocation::Interval in;
        in.rttCells = 10;
        in.queued = 10;                // TQ
        in.forwarded = {30, 10, 0, 0}; // VU: two active VCs, two idle
        in.allocation.assign(4, 5);
        in.n2.assign(4, 1);
        // Every VC's Buf_Alloc and N2 after a reallocation.
        auto expect = [this, a, &in](const std::vector<uint32_t>& alloc,
                                     const std::vector<uint32_t>& n2,
                                     const std::string& what) {
            a->Reallocate(in);
            for (std::size_t v = 0; v < alloc.size(); ++v)
            {
                NS_TEST_EXPECT_MSG_EQ(in.allocation[v],
                                      alloc[v],
                                      what << ", Buf_Alloc of VC " << v);
                NS_TEST_EXPECT_MSG_EQ(in.n2[v], n2[v], what << ", N2 of VC " << v);
            }
        };
        // M/2 - TQ - N = 50 - 10 - 2 = 38 shared by VU / TU = 30/40, 10/40.
        a->SetAttribute("BufferSize", UintegerValue(100));
        expect({28, 9, 1, 1}, {7, 2, 1, 1}, "M = 100");
        // Eq. 5's M = 4 RTT + 2 N = 48 with MinAllocation 2: 24 - 10 - 2 = 12.
        a->SetAttribute("BufferSize", UintegerValue(0));
        a->SetAttribute("MinAllocation", UintegerValue(2));
        expect({9, 3, 2, 2}, {2, 1, 1, 1}, "eq. 5's M");
        // Nothing left to share (TQ = M/2): every VC at the floor.
        in.queued = 24;
        expect({2, 2, 2, 2}, {1, 1, 1, 1}, "M/2 - TQ - N < 0: MinAllocation");
        // At the sender the whole M: 48 - 24 - 2 = 22 shared 30/40, 10/40.
        in.atSender = true;
        expect({16, 5, 2, 2}, {4, 1, 1, 1}, "sender-oriented: M - TQ - N");
        // One active VC alone, nothing outstanding: M - N = 48 - 1, above M/2.
        in.queued = 0;
        in.forwarded = {40, 0, 0, 0};
        expect({47, 2, 2, 2}, {11, 1, 1, 1}, "sender-oriented, one VC: M - N");
    }
};

/**
 * @ingroup atm-tests
 * The credit ends by Config path, as ns-3 users trace them: a port's
 * credit sender is .../$ns3::AtmNetDevice/TransmitGate and its credit
 * receiver .../ReceiveAccounting, and CreditBalance and Occupancy fire
 * there, with that context, exactly as on the objects. Credit on a link
 * makes both ends of it senders and receivers: four of each here, the
 * VC's traffic on the forward two.
 */
class AtmCreditConfigPathTestCase : public TestCase
{
  public:
    AtmCreditConfigPathTestCase()
        : TestCase("Config paths reach the credit senders and receivers and their traces")
    {
    }

  private:
    void DoRun() override
    {
        CreditPath p(MicroSeconds(50), StaticCredit(20, 5));
        const std::string sender = "/TransmitGate/$ns3::AtmCreditSender";
        const std::string receiver = "/ReceiveAccounting/$ns3::AtmCreditReceiver";
        const std::string ports = "/NodeList/*/DeviceList/*/$ns3::AtmNetDevice";
        atmtest::TracePaths<uint32_t, int64_t> balance(ports + sender, "CreditBalance");
        atmtest::TracePaths<uint32_t, uint32_t> occupancy(ports + receiver, "Occupancy");
        NS_TEST_EXPECT_MSG_EQ(balance.GetNMatches(), 4, "credit senders");
        NS_TEST_EXPECT_MSG_EQ(occupancy.GetNMatches(), 4, "credit receivers");
        for (const Ptr<NetDevice>& d : {p.in.Get(0), p.in.Get(1), p.out.Get(0), p.out.Get(1)})
        {
            const Ptr<AtmNetDevice> port = DynamicCast<AtmNetDevice>(d);
            const std::string path = atmtest::DevicePath(d);
            NS_TEST_EXPECT_MSG_EQ(balance.ConnectObject(port->GetTransmitGate(), path + sender),
                                  true,
                                  path + sender);
            NS_TEST_EXPECT_MSG_EQ(
                occupancy.ConnectObject(port->GetReceiveAccounting(), path + receiver),
                true,
                path + receiver);
        }
        balance.ConnectByPath();
        occupancy.ConnectByPath();
        Greedy(p.vc, Seconds(0), MilliSeconds(1));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_GT(p.vc->GetCellsReceived(), 100, "cells delivered");
        NS_TEST_EXPECT_MSG_EQ((balance.byPath == balance.byObject), true, "CreditBalance");
        NS_TEST_EXPECT_MSG_EQ((occupancy.byPath == occupancy.byObject), true, "Occupancy");
        for (const Ptr<NetDevice>& d : {p.in.Get(0), p.out.Get(0)})
        {
            const std::string context = atmtest::DevicePath(d) + sender + "/CreditBalance";
            NS_TEST_EXPECT_MSG_GT(balance.byObject[context], 0, context);
        }
        for (const Ptr<NetDevice>& d : {p.in.Get(1), p.out.Get(1)})
        {
            const std::string context = atmtest::DevicePath(d) + receiver + "/Occupancy";
            NS_TEST_EXPECT_MSG_GT(occupancy.byObject[context], 0, context);
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * A credit sender asks the receiver at the other end of its link as that
 * receiver is now. GetSureCells (lazy arrival) counts on a VC's queued
 * cells only while no reallocation at either end may lower the balance:
 * with a static receiver, five queued cells of a balance of 40 are sure;
 * once the switch's input port has a receiver that reallocates instead
 * (SetReceiveAccounting during the run), none is. A sender that kept the
 * receiver it found first would still count on five.
 */
class AtmCreditPeerReplacedTestCase : public TestCase
{
  public:
    AtmCreditPeerReplacedTestCase()
        : TestCase("a sender counts on the peer's receiver it has now, also after a change")
    {
    }

  private:
    void DoRun() override
    {
        CreditPath p(MicroSeconds(100), StaticCredit(40, 10));
        Simulator::Stop(MilliSeconds(1));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(p.Sender()->GetSureCells(0, 5), 5, "static receiver: all five");

        Ptr<AtmCreditReceiver> adaptive = CreateObjectWithAttributes<AtmCreditReceiver>(
            "Allocation",
            PointerValue(CreateObject<AtmAdaptiveAllocation>()));
        p.SwitchIn()->SetReceiveAccounting(adaptive);
        adaptive->Initialize();
        NS_TEST_ASSERT_MSG_EQ(adaptive->Reallocates(), true, "the new receiver reallocates");
        NS_TEST_EXPECT_MSG_EQ(p.Sender()->GetSureCells(0, 5), 0, "its reallocation may lower it");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * The atm-credit test suite.
 */
class AtmCreditTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmCreditTestSuite()
        : IsolatedTestSuite("atm-credit", Type::UNIT)
    {
        AddTestCase(new AtmCreditCellFormatTestCase);
        AddTestCase(new AtmCupArithmeticTestCase);
        AddTestCase(new AtmSixRecordsTestCase);
        AddTestCase(new AtmRecordHoldTestCase);
        AddTestCase(new AtmCreditEq2TestCase);
        AddTestCase(new AtmCreditDefaultAllocationTestCase);
        AddTestCase(new AtmCreditDropReturnsCreditTestCase);
        AddTestCase(new AtmAllocationInputTestCase);
        AddTestCase(new AtmCreditInstallPathTestCase);
        AddTestCase(new AtmCreditCheckCreditLossTestCase);
        AddTestCase(new AtmCreditCheckDataLossTestCase);
        AddTestCase(new AtmCreditCheckClockTestCase);
        AddTestCase(new AtmCreditNoLossTestCase(false, false));
        AddTestCase(new AtmCreditNoLossTestCase(true, false));
        AddTestCase(new AtmCreditNoLossTestCase(true, true));
        AddTestCase(new AtmAdaptiveRampTestCase(false));
        AddTestCase(new AtmAdaptiveRampTestCase(true));
        AddTestCase(new AtmAdaptiveEquationsTestCase);
        AddTestCase(new AtmCreditConfigPathTestCase);
        AddTestCase(new AtmCreditPeerReplacedTestCase);
    }
};

/// The suite's instance.
static AtmCreditTestSuite g_atmCreditTestSuite;
