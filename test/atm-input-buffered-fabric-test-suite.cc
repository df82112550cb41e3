/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The input-buffered switch of Kung and Wang (section 3.1): the VCs of an
// input link share its buffer, so a VC bound for a slow output fills it and
// a VC bound for a fast output loses cells at the entrance (the effect
// behind Fig. 4a's 18%), where an output-buffered switch keeps them apart;
// nothing is lost at the outputs; link flow control at Buff_Size removes
// every loss; the input count returns to zero once the network drains.
// (The randomized no-loss test with this fabric is in the atm-zqfc suite.)

#include "atm-test-networks.h"

#include "ns3/atm-cell-sink-helper.h"
#include "ns3/atm-credit-helper.h"
#include "ns3/atm-credit-receiver.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-input-buffered-fabric.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-queue-disc.h"
#include "ns3/atm-switch-helper.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-vc-helper.h"
#include "ns3/atm-vc.h"
#include "ns3/data-rate.h"
#include "ns3/node-container.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

using namespace ns3;

namespace
{

/// Buff_Size of S's input buffer on the shared link.
constexpr uint32_t BUFF = 50;

/// How switch S is built.
enum Variant
{
    INPUT_BUFFERED,  //!< AtmInputBufferedFabric, Buff_Size BUFF
    OUTPUT_BUFFERED, //!< per-VC output queues of BUFF cells each
    INPUT_LINK_FC,   //!< input-buffered, link flow control at Buff_Size
};

/**
 * Hosts h0, h1 (links at half the rate) - switch U - switch S - hosts d0
 * (a link at a quarter of the rate) and d1 (full rate). VC A: h0 - U - S -
 * d0; VC B: h1 - U - S - d1. Both greedy, so the link (U, S) carries half
 * a link rate of each, and A can leave S at only a quarter.
 */
struct SharedLink
{
    NodeContainer nodes;           //!< h0, h1, U, S, d0, d1
    Ptr<AtmVc> a;                  //!< to the slow output
    Ptr<AtmVc> b;                  //!< to the fast output
    Ptr<AtmSwitch> s;              //!< switch S
    uint32_t in;                   //!< S's port on (U, S)
    Ptr<AtmInputBufferedFabric> f; //!< S's fabric (null if output-buffered)
    Time cell;                     //!< cell time of a full-rate link
    uint64_t a0{0};                //!< A's cells received at 5 ms
    uint64_t a1{0};                //!< at 20 ms
    uint64_t b0{0};                //!< B's cells received at 5 ms
    uint64_t b1{0};                //!< at 20 ms

    /**
     * Build and run it: sources from 0 to 20 ms, drained by 60 ms.
     * @param v the variant
     */
    explicit SharedLink(Variant v)
    {
        nodes.Create(6);
        AtmSwitchHelper sw;
        sw.SetQueueDisc("ns3::AtmPerVcQueueDisc", "MaxCells", UintegerValue(1000));
        sw.Install(nodes.Get(2)); // U
        if (v == OUTPUT_BUFFERED)
        {
            sw.SetQueueDisc("ns3::AtmPerVcQueueDisc",
                            "MaxCells",
                            UintegerValue(2 * BUFF),
                            "VcLimit",
                            UintegerValue(BUFF));
        }
        else
        {
            sw.SetFabric("ns3::AtmInputBufferedFabric", "BufferSize", UintegerValue(BUFF));
        }
        sw.Install(nodes.Get(3)); // S
        AtmHelper atm;
        for (uint32_t h = 0; h < 2; ++h)
        {
            // Half a link each: (U, S) full, nothing lost at U.
            NetDeviceContainer host = atm.Install(nodes.Get(h), nodes.Get(2));
            Ptr<AtmNetDevice> d = DynamicCast<AtmNetDevice>(host.Get(0));
            d->SetDataRate(DataRate(d->GetDataRate().GetBitRate() / 2));
        }
        NetDeviceContainer us = atm.Install(nodes.Get(2), nodes.Get(3));
        NetDeviceContainer slow = atm.Install(nodes.Get(3), nodes.Get(4));
        atm.Install(nodes.Get(3), nodes.Get(5));
        Ptr<AtmNetDevice> slowOut = DynamicCast<AtmNetDevice>(slow.Get(0));
        cell = slowOut->GetCellTime();
        slowOut->SetDataRate(DataRate(slowOut->GetDataRate().GetBitRate() / 4));
        s = nodes.Get(3)->GetObject<AtmSwitch>();
        in = s->GetPortIndex(DynamicCast<AtmNetDevice>(us.Get(1)));
        f = DynamicCast<AtmInputBufferedFabric>(s->GetFabric());
        a = AtmVcHelper().Create(
            NodeContainer(nodes.Get(0), nodes.Get(2), nodes.Get(3), nodes.Get(4)));
        b = AtmVcHelper().Create(
            NodeContainer(nodes.Get(1), nodes.Get(2), nodes.Get(3), nodes.Get(5)));
        if (v == INPUT_LINK_FC)
        {
            // Plain QFC on every link: over-subscribed VC credit (2 x 80 >
            // 50); the link credit holds each shared buffer to Buff_Size.
            AtmCreditHelper qfc;
            qfc.SetAllocation("ns3::AtmStaticAllocation",
                              "BufAlloc",
                              UintegerValue(80),
                              "N2",
                              UintegerValue(5));
            qfc.SetLinkBufferSize(BUFF);
            qfc.SetReceiverAttribute("LinkN2", UintegerValue(5));
            qfc.InstallAll();
        }
        AtmCellSinkHelper().Install(std::vector<Ptr<AtmVc>>{a, b});
        atmtest::Greedy(a, Seconds(0), MilliSeconds(20));
        atmtest::Greedy(b, Seconds(0), MilliSeconds(20));
        // Rates over 5-20 ms, after the buffers filled.
        Simulator::Schedule(MilliSeconds(5), [this]() {
            a0 = a->GetCellsReceived();
            b0 = b->GetCellsReceived();
        });
        Simulator::Schedule(MilliSeconds(20), [this]() {
            a1 = a->GetCellsReceived();
            b1 = b->GetCellsReceived();
        });
        Simulator::Stop(MilliSeconds(60));
        Simulator::Run();
    }

    ~SharedLink()
    {
        Simulator::Destroy();
    }

    /**
     * @param vc a or b
     * @return its cells received from 5 to 20 ms, as a fraction of a
     *         full-rate link
     */
    double Rate(Ptr<AtmVc> vc) const
    {
        const uint64_t n = vc == a ? a1 - a0 : b1 - b0;
        return n * cell.GetSeconds() / 0.015;
    }
};

/**
 * @ingroup atm-tests
 * The shared input buffer: VC A (slow output) fills it and VC B (fast
 * output) loses cells at the entrance; an output-buffered switch with the
 * same buffer per VC gives B its half of the link with no loss.
 */
class AtmInputBufferSharingTestCase : public TestCase
{
  public:
    AtmInputBufferSharingTestCase()
        : TestCase("a VC to a slow output fills the shared input buffer; the fast VC loses there")
    {
    }

  private:
    void DoRun() override
    {
        double outputBufferedB = 0;
        {
            SharedLink ob(OUTPUT_BUFFERED);
            NS_TEST_EXPECT_MSG_EQ(ob.b->GetCellsDropped(), 0, "output-buffered: B loses nothing");
            NS_TEST_EXPECT_MSG_GT(ob.a->GetCellsDropped(), 0, "output-buffered: A loses");
            outputBufferedB = ob.Rate(ob.b);
            NS_TEST_EXPECT_MSG_EQ_TOL(outputBufferedB, 0.5, 0.01, "output-buffered: B gets 1/2");
        }
        SharedLink ib(INPUT_BUFFERED);
        const uint64_t dropA = ib.a->GetCellsDropped(AtmInputBufferedFabric::INPUT_BUFFER_DROP);
        const uint64_t dropB = ib.b->GetCellsDropped(AtmInputBufferedFabric::INPUT_BUFFER_DROP);
        NS_TEST_EXPECT_MSG_GT(dropB, 0, "input-buffered: B loses at the shared buffer");
        NS_TEST_EXPECT_MSG_GT(dropA, 0, "input-buffered: A loses at the shared buffer");
        NS_TEST_EXPECT_MSG_EQ(ib.a->GetCellsDropped() + ib.b->GetCellsDropped(),
                              dropA + dropB,
                              "every loss is at the input buffer");
        NS_TEST_EXPECT_MSG_EQ(ib.f->GetNInputDrops(ib.in), dropA + dropB, "fabric's count");
        NS_TEST_EXPECT_MSG_EQ(ib.s->GetNFabricDrops(), dropA + dropB, "switch's count");
        NS_TEST_EXPECT_MSG_EQ(ib.f->GetNOutputDrops(), 0, "nothing lost at the outputs");
        NS_TEST_EXPECT_MSG_EQ(ib.f->GetMaxOccupancy(ib.in), BUFF, "the buffer filled, no more");
        NS_TEST_EXPECT_MSG_LT(ib.Rate(ib.b),
                              outputBufferedB - 0.05,
                              "B is slowed by A's cells in the shared buffer");
        NS_TEST_EXPECT_MSG_EQ_TOL(ib.Rate(ib.a), 0.25, 0.01, "A still fills its slow output");
        for (auto vc : {ib.a, ib.b})
        {
            NS_TEST_EXPECT_MSG_EQ(vc->GetCellsSent(),
                                  vc->GetCellsReceived() + vc->GetCellsDropped(),
                                  "every cell received or dropped");
        }
        NS_TEST_EXPECT_MSG_EQ(ib.s->GetPort(ib.in)->GetCellsInNode(), 0, "the buffer drained");
    }
};

/**
 * @ingroup atm-tests
 * Link flow control at Buff_Size (plain QFC): over-subscribed VC credit, no
 * loss, the buffer never above Buff_Size, the credit receiver and the
 * fabric count the same cells, and the hot spot of Fig. 2a.
 */
class AtmInputBufferLinkFlowControlTestCase : public TestCase
{
  public:
    AtmInputBufferLinkFlowControlTestCase()
        : TestCase("link flow control at Buff_Size: no loss at the shared input buffer")
    {
    }

  private:
    void DoRun() override
    {
        SharedLink fc(INPUT_LINK_FC);
        NS_TEST_EXPECT_MSG_EQ(fc.a->GetCellsDropped() + fc.b->GetCellsDropped(), 0, "no loss");
        NS_TEST_EXPECT_MSG_EQ(fc.f->GetNOutputDrops(), 0, "nothing lost at the outputs");
        Ptr<AtmCreditReceiver> rx =
            DynamicCast<AtmCreditReceiver>(fc.s->GetPort(fc.in)->GetReceiveAccounting());
        NS_TEST_ASSERT_MSG_NE(rx, nullptr, "credit receiver on S's input");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(fc.f->GetMaxOccupancy(fc.in), BUFF, "within Buff_Size");
        NS_TEST_EXPECT_MSG_GT(fc.f->GetMaxOccupancy(fc.in), BUFF - 10, "and used");
        NS_TEST_EXPECT_MSG_EQ(fc.f->GetMaxOccupancy(fc.in),
                              rx->GetMaxTotalOccupancy(),
                              "the fabric and the credit receiver count the same cells");
        NS_TEST_EXPECT_MSG_EQ_TOL(fc.Rate(fc.a), 0.25, 0.01, "A fills its slow output");
        // Plain QFC's hot spot (Kung and Wang Fig. 2a): A's cells hold the
        // shared buffer, the link credit comes back at A's rate, and the
        // upstream round-robin gives B no more than A.
        NS_TEST_EXPECT_MSG_EQ_TOL(fc.Rate(fc.b), 0.25, 0.01, "B held to A's rate (hot spot)");
    }
};

/**
 * @ingroup atm-tests
 * Per-port buffer sizes: the attribute is every port's default and
 * SetBufferSize changes one.
 */
class AtmInputBufferSizeTestCase : public TestCase
{
  public:
    AtmInputBufferSizeTestCase()
        : TestCase("BufferSize is every port's default; SetBufferSize sets one port's")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(3);
        AtmSwitchHelper sw;
        sw.SetFabric("ns3::AtmInputBufferedFabric", "BufferSize", UintegerValue(960));
        sw.Install(nodes.Get(1));
        AtmHelper atm;
        atm.Install(nodes.Get(0), nodes.Get(1));
        atm.Install(nodes.Get(1), nodes.Get(2));
        Ptr<AtmSwitch> s = nodes.Get(1)->GetObject<AtmSwitch>();
        Ptr<AtmInputBufferedFabric> f = DynamicCast<AtmInputBufferedFabric>(s->GetFabric());
        NS_TEST_ASSERT_MSG_NE(f, nullptr, "fabric set by the helper");
        NS_TEST_EXPECT_MSG_EQ(f->GetBufferSize(0), 960, "port 0 default");
        NS_TEST_EXPECT_MSG_EQ(f->GetBufferSize(1), 960, "port 1 default");
        f->SetBufferSize(1, 50);
        NS_TEST_EXPECT_MSG_EQ(f->GetBufferSize(0), 960, "port 0 unchanged");
        NS_TEST_EXPECT_MSG_EQ(f->GetBufferSize(1), 50, "port 1 set");
        UintegerValue max;
        s->GetPort(0)->GetQueueDisc()->GetAttribute("MaxCells", max);
        NS_TEST_EXPECT_MSG_EQ(max.Get(), 0xffffffffU, "outputs never drop");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * The suite.
 */
class AtmInputBufferedFabricTestSuite : public TestSuite
{
  public:
    AtmInputBufferedFabricTestSuite()
        : TestSuite("atm-input-buffered-fabric", Type::UNIT)
    {
        AddTestCase(new AtmInputBufferSharingTestCase);
        AddTestCase(new AtmInputBufferLinkFlowControlTestCase);
        AddTestCase(new AtmInputBufferSizeTestCase);
    }
};

/// The suite's instance.
AtmInputBufferedFabricTestSuite g_atmInputBufferedFabricTestSuite;

} // namespace
