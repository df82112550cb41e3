/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Failure injection: a trunk going down and up mid-run (AtmChannel::
// SetLinkDown / SetLinkUp), without flow control and under credit; an ns-3
// ErrorModel destroying data cells one way and credit cells the other way
// of a credit trunk; a switch port with no buffer at all. Each run
// finishes, counts every cell lost with its reason, and recovers what the
// protocol promises (credit_check returns the credit of lost cells).

#include "atm-test-lambda.h"
#include "atm-test-networks.h"
#include "atm-test-suite.h"

#include "ns3/application-container.h"
#include "ns3/atm-cell-source-helper.h"
#include "ns3/atm-cell.h"
#include "ns3/atm-channel.h"
#include "ns3/atm-credit-helper.h"
#include "ns3/atm-credit-receiver.h"
#include "ns3/atm-credit-sender.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-queue-disc.h"
#include "ns3/atm-switch-helper.h"
#include "ns3/atm-vc-helper.h"
#include "ns3/atm-vc.h"
#include "ns3/data-rate.h"
#include "ns3/error-model.h"
#include "ns3/node-container.h"
#include "ns3/pointer.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <vector>

using namespace ns3;

namespace
{

/**
 * host 0 - switch 1 - switch 2 - host 3, OC-3c, the trunk 7 us long.
 */
struct Chain
{
    NodeContainer nodes;         //!< host, switch, switch, host
    NetDeviceContainer a;        //!< host 0 - switch 1
    NetDeviceContainer t;        //!< switch 1 - switch 2 (the trunk)
    NetDeviceContainer b;        //!< switch 2 - host 3
    std::vector<Ptr<AtmVc>> vcs; //!< the VCs, host 0 to host 3

    /**
     * Build it.
     * @param nVcs VCs to create
     * @param maxCells buffer of the switch ports
     */
    Chain(uint32_t nVcs, uint32_t maxCells)
    {
        nodes.Create(4);
        AtmSwitchHelper sw;
        sw.SetQueueDisc("ns3::AtmPerVcQueueDisc", "MaxCells", UintegerValue(maxCells));
        sw.Install(NodeContainer(nodes.Get(1), nodes.Get(2)));
        AtmHelper atm;
        atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(1)));
        a = atm.Install(nodes.Get(0), nodes.Get(1));
        atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(7)));
        t = atm.Install(nodes.Get(1), nodes.Get(2));
        atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(1)));
        b = atm.Install(nodes.Get(2), nodes.Get(3));
        for (uint32_t v = 0; v < nVcs; ++v)
        {
            vcs.push_back(AtmVcHelper().Create(nodes, "vc" + std::to_string(v)));
        }
    }

    /**
     * @param i 0: switch 1's trunk port, 1: switch 2's
     * @return the port
     */
    Ptr<AtmNetDevice> Trunk(uint32_t i) const
    {
        return DynamicCast<AtmNetDevice>(t.Get(i));
    }

    /// @return the trunk
    Ptr<AtmChannel> TrunkChannel() const
    {
        return DynamicCast<AtmChannel>(Trunk(0)->GetChannel());
    }

    /**
     * Take the trunk down and bring it up again.
     * @param down when it goes down
     * @param up when it comes up
     */
    void Outage(Time down, Time up) const
    {
        Simulator::Schedule(down, &AtmChannel::SetLinkDown, TrunkChannel());
        Simulator::Schedule(up, &AtmChannel::SetLinkUp, TrunkChannel());
    }
};

/**
 * When a VC's destination received its cells.
 */
struct RxTimes
{
    std::vector<Time> times; //!< in order

    /**
     * Record from now on.
     * @param vc the VC
     */
    explicit RxTimes(Ptr<AtmVc> vc)
    {
        vc->TraceConnectWithoutContext("Rx", MakeCallback(&RxTimes::Rx, this));
    }

    RxTimes(const RxTimes&) = delete;
    RxTimes& operator=(const RxTimes&) = delete;

    /**
     * Rx trace sink.
     */
    void Rx(const AtmCell& /* cell */, Time /* delay */)
    {
        times.push_back(Simulator::Now());
    }

    /**
     * @param from start (included)
     * @param to end (excluded)
     * @return cells received in [from, to)
     */
    uint32_t Between(Time from, Time to) const
    {
        uint32_t n = 0;
        for (const Time& t : times)
        {
            n += (t >= from && t < to) ? 1 : 0;
        }
        return n;
    }
};

/**
 * Start a source on a VC.
 * @param vc the VC
 * @param type its TypeId name
 * @param stop when it stops
 * @param rate CBR rate (ignored by other types)
 */
void
Source(Ptr<AtmVc> vc, const std::string& type, Time stop, DataRate rate = DataRate("10Mbps"))
{
    AtmCellSourceHelper h(type);
    if (type == "ns3::AtmCbrSource")
    {
        h.SetAttribute("Rate", DataRateValue(rate));
    }
    ApplicationContainer app = h.Install(vc);
    app.Start(Seconds(0));
    app.Stop(stop);
}

/**
 * @param vc a VC
 * @return sent == received + dropped + queued
 */
bool
Conserved(Ptr<AtmVc> vc)
{
    return vc->GetCellsSent() ==
           vc->GetCellsReceived() + vc->GetCellsDropped() + vc->GetCellsQueued();
}

/**
 * @ingroup atm-tests
 * A trunk down from 1 to 2 ms under a 10 Mb/s CBR VC without flow
 * control: exactly the cells whose arrival falls in the outage are lost
 * (LinkDown, counted from their transmission times at the upstream port),
 * the link reports itself down, the link-change callbacks fire on both
 * ports, and delivery resumes once the link is up.
 */
class AtmLinkDownTestCase : public TestCase
{
  public:
    AtmLinkDownTestCase()
        : TestCase("a trunk down and up mid-run loses exactly the cells arriving meanwhile")
    {
    }

  private:
    void DoRun() override
    {
        Chain c(1, 100);
        Ptr<AtmVc> vc = c.vcs[0];
        std::vector<Time> txTimes;
        c.Trunk(0)->TraceConnectWithoutContext(
            "PhyTxBegin",
            MakeCallback(+[](std::vector<Time>* v, const AtmCell&) {
                v->push_back(Simulator::Now());
            }).Bind(&txTimes));
        uint32_t changes = 0;
        for (uint32_t i = 0; i < 2; ++i)
        {
            c.Trunk(i)->AddLinkChangeCallback(
                MakeCallback(+[](uint32_t* n) { ++*n; }).Bind(&changes));
        }
        RxTimes rx(vc);
        Ptr<AtmChannel> trunk = c.TrunkChannel();
        c.Outage(MilliSeconds(1), MilliSeconds(2));
        bool downSeen = true;
        atmtest::Schedule(MicroSeconds(1500), [&]() {
            downSeen = !c.Trunk(0)->IsLinkUp() && !c.Trunk(1)->IsLinkUp() && !trunk->IsLinkUp();
        });
        Source(vc, "ns3::AtmCbrSource", MilliSeconds(3));
        Simulator::Stop(MilliSeconds(5));
        Simulator::Run();

        const Time flight = c.Trunk(0)->GetCellTime() + MicroSeconds(7);
        uint64_t expected = 0;
        for (const Time& t : txTimes)
        {
            expected += (t + flight >= MilliSeconds(1) && t + flight < MilliSeconds(2)) ? 1 : 0;
        }
        NS_TEST_EXPECT_MSG_GT(expected, 20, "about 24 cells arrive in 1 ms at 10 Mb/s");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsDropped(AtmNetDevice::LINK_DOWN_DROP),
                              expected,
                              "exactly the cells arriving during the outage");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsDropped(), expected, "no other loss");
        NS_TEST_EXPECT_MSG_EQ(Conserved(vc), true, "conserved");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsQueued(), 0, "drained");
        NS_TEST_EXPECT_MSG_EQ(downSeen, true, "the link is down meanwhile");
        NS_TEST_EXPECT_MSG_EQ(trunk->IsLinkUp(), true, "and up again");
        NS_TEST_EXPECT_MSG_EQ(changes, 4, "down and up, on both ports");
        NS_TEST_EXPECT_MSG_GT(rx.Between(MilliSeconds(2), Time::Max()), 20, "delivery resumes");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * The same outage under credit with a greedy VC: the data cells on their
 * way are lost and no credit comes back; the credit sender blocks, its
 * credit_check finds the lost
 * cells (the receiver counts exactly the data cells lost on the trunk as
 * recovered), and the VC runs at the full trunk rate again; nothing else is
 * lost and every cell is accounted for.
 */
class AtmLinkDownCreditTestCase : public TestCase
{
  public:
    AtmLinkDownCreditTestCase()
        : TestCase("a trunk outage under credit: credit_check recovers, full rate after")
    {
    }

  private:
    void DoRun() override
    {
        Chain c(1, 1000);
        Ptr<AtmVc> vc = c.vcs[0];
        AtmCreditHelper credit = atmtest::StaticCredit(30, 5);
        credit.SetSenderAttribute("CreditCheckInterval", TimeValue(MilliSeconds(1)));
        credit.Install(vc);
        RxTimes times(vc);
        c.Outage(MilliSeconds(1), MilliSeconds(2));
        Source(vc, "ns3::AtmGreedySource", MilliSeconds(8));
        Simulator::Stop(MilliSeconds(12));
        Simulator::Run();

        const uint64_t lost = vc->GetCellsDropped(AtmNetDevice::LINK_DOWN_DROP);
        NS_TEST_EXPECT_MSG_GT(lost, 0, "data cells lost in the outage");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsDropped(), lost, "nothing else lost");
        NS_TEST_EXPECT_MSG_EQ(Conserved(vc), true, "conserved");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsQueued(), 0, "drained");
        Ptr<AtmCreditSender> tx = DynamicCast<AtmCreditSender>(c.Trunk(0)->GetTransmitGate());
        Ptr<AtmCreditReceiver> rx =
            DynamicCast<AtmCreditReceiver>(c.Trunk(1)->GetReceiveAccounting());
        NS_TEST_ASSERT_MSG_NE(tx, nullptr, "credit sender on the trunk");
        NS_TEST_ASSERT_MSG_NE(rx, nullptr, "credit receiver on the trunk");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(tx->GetNCreditChecks(), 1, "a credit_check");
        NS_TEST_EXPECT_MSG_EQ(rx->GetNLostRecovered(), lost, "exactly the lost cells recovered");
        // From 4 to 8 ms the VC has the whole trunk again.
        const double cellsPerSecond = 149.76e6 / AtmCell::BITS;
        NS_TEST_EXPECT_MSG_GT(times.Between(MilliSeconds(4), MilliSeconds(8)),
                              0.95 * 0.004 * cellsPerSecond,
                              "full rate after recovery");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * An ns-3 RateErrorModel destroys 5% of the data cells arriving over a
 * credit trunk and 5% of the credit cells coming back: four greedy VCs
 * (Buf_Alloc 30) lose only HecError cells, every cell is accounted for;
 * the lost data cells' credit runs out, the credit_checks find lost cells
 * (never more than were lost) and return their credit, a lost credit
 * cell is repaired by the next record, so no VC is stuck after the
 * sources stop and the VCs keep more than half the trunk.
 */
class AtmErrorModelCreditTestCase : public TestCase
{
  public:
    AtmErrorModelCreditTestCase()
        : TestCase("an ErrorModel loses data and credit cells: counted, recovered")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(11);
        RngSeedManager::SetRun(1);
        Chain c(4, 1000);
        AtmCreditHelper credit = atmtest::StaticCredit(30, 5);
        credit.SetSenderAttribute("CreditCheckInterval", TimeValue(MilliSeconds(1)));
        credit.InstallAll();
        const double rates[2] = {0.05, 0.05}; // at switch 1 (credit cells), switch 2 (data)
        int64_t stream = 100;
        for (uint32_t i = 0; i < 2; ++i)
        {
            Ptr<RateErrorModel> em = CreateObject<RateErrorModel>();
            em->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
            em->SetRate(rates[i]);
            stream += em->AssignStreams(stream);
            c.Trunk(i)->SetAttribute("ReceiveErrorModel", PointerValue(em));
        }
        uint64_t creditLost = 0;
        c.Trunk(0)->TraceConnectWithoutContext(
            "Drop",
            MakeCallback(+[](uint64_t* n, const AtmCell& cell, const char*) {
                *n += (cell.GetKind() == AtmCell::CREDIT) ? 1 : 0;
            }).Bind(&creditLost));
        for (const auto& vc : c.vcs)
        {
            Source(vc, "ns3::AtmGreedySource", MilliSeconds(10));
        }
        Simulator::Stop(MilliSeconds(20));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_GT(creditLost, 0, "credit cells lost");
        uint64_t received = 0;
        uint64_t lost = 0;
        for (const auto& vc : c.vcs)
        {
            NS_TEST_EXPECT_MSG_EQ(Conserved(vc), true, vc->GetName() << " conserved");
            NS_TEST_EXPECT_MSG_EQ(vc->GetCellsQueued(), 0, vc->GetName() << " not stuck");
            NS_TEST_EXPECT_MSG_EQ(vc->GetCellsDropped(),
                                  vc->GetCellsDropped(AtmNetDevice::HEC_DROP),
                                  vc->GetName() << " loses only HecError cells");
            NS_TEST_EXPECT_MSG_GT(vc->GetCellsDropped(), 0, vc->GetName() << " lost some");
            received += vc->GetCellsReceived();
            lost += vc->GetCellsDropped();
        }
        Ptr<AtmCreditReceiver> rx =
            DynamicCast<AtmCreditReceiver>(c.Trunk(1)->GetReceiveAccounting());
        Ptr<AtmCreditSender> tx = DynamicCast<AtmCreditSender>(c.Trunk(0)->GetTransmitGate());
        NS_TEST_EXPECT_MSG_GT_OR_EQ(tx->GetNCreditChecks(), 1, "credit_checks ran");
        NS_TEST_EXPECT_MSG_GT(rx->GetNLostRecovered(), 0, "lost cells found by the checks");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(rx->GetNLostRecovered(), lost, "never more than were lost");
        const double trunkCells = 0.010 * 149.76e6 / AtmCell::BITS;
        NS_TEST_EXPECT_MSG_GT(received, 0.5 * trunkCells, "the VCs keep going");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * A switch port with no buffer (MaxCells 0): the run finishes, every cell
 * that reaches the port is dropped as Overflow and counted on its VC,
 * nothing is delivered, nothing is queued.
 */
class AtmZeroBufferTestCase : public TestCase
{
  public:
    AtmZeroBufferTestCase()
        : TestCase("a switch port with zero buffer drops and counts every cell")
    {
    }

  private:
    void DoRun() override
    {
        Chain c(2, 0);
        for (const auto& vc : c.vcs)
        {
            Source(vc, "ns3::AtmCbrSource", MilliSeconds(2));
        }
        Simulator::Stop(MilliSeconds(3));
        Simulator::Run();
        for (const auto& vc : c.vcs)
        {
            NS_TEST_EXPECT_MSG_GT(vc->GetCellsSent(), 40, vc->GetName() << " sent");
            NS_TEST_EXPECT_MSG_EQ(vc->GetCellsReceived(), 0, vc->GetName() << " none delivered");
            NS_TEST_EXPECT_MSG_EQ(vc->GetCellsDropped(AtmQueueDisc::OVERFLOW_DROP),
                                  vc->GetCellsSent(),
                                  vc->GetName() << " every cell dropped as Overflow");
            NS_TEST_EXPECT_MSG_EQ(Conserved(vc), true, vc->GetName() << " conserved");
        }
        NS_TEST_EXPECT_MSG_EQ(c.Trunk(0)->GetQueueDisc()->GetMaxCellsSeen(), 0, "never a cell");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Failure injection.
 */
class AtmFailureTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmFailureTestSuite()
        : IsolatedTestSuite("atm-failure", Type::UNIT)
    {
        AddTestCase(new AtmLinkDownTestCase());
        AddTestCase(new AtmLinkDownCreditTestCase());
        AddTestCase(new AtmErrorModelCreditTestCase());
        AddTestCase(new AtmZeroBufferTestCase());
    }
};

/// The suite's instance.
AtmFailureTestSuite g_atmFailureTestSuite;

} // namespace
