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
#include "atm-test-suite.h"
#include "atm-test-trace-paths.h"

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
    OUTPUT_BUFFERED, //!< output buffers of BUFF cells (A and B leave by different ports)
    INPUT_LINK_FC,   //!< input-buffered, link flow control at Buff_Size
};

/**
 * The shared-link network with switch S built as @p v.
 */
struct SharedLink : public atmtest::SharedLink
{
    Ptr<AtmInputBufferedFabric> f; //!< S's fabric (null if output-buffered)

    /**
     * Build and run it.
     * @param v the variant
     */
    explicit SharedLink(Variant v)
        : atmtest::SharedLink(SwitchS(v), v == INPUT_LINK_FC ? BUFF : 0)
    {
        f = DynamicCast<AtmInputBufferedFabric>(s->GetFabric());
    }

    /**
     * @param v the variant
     * @return the helper that makes S
     */
    static AtmSwitchHelper SwitchS(Variant v)
    {
        AtmSwitchHelper sw;
        if (v == OUTPUT_BUFFERED)
        {
            sw.SetQueueDisc("ns3::AtmPerVcQueueDisc", "MaxCells", UintegerValue(BUFF));
        }
        else
        {
            sw.SetFabric("ns3::AtmInputBufferedFabric", "BufferSize", UintegerValue(BUFF));
        }
        return sw;
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
 * The fabric by Config path, as ns-3 users trace it: a switch's fabric is
 * /NodeList/N/$ns3::AtmSwitch/Fabric, and InputOccupancy fires there, with
 * that context, exactly as on the object.
 */
class AtmFabricConfigPathTestCase : public TestCase
{
  public:
    AtmFabricConfigPathTestCase()
        : TestCase("a Config path reaches the switch's fabric and its trace")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(3);
        AtmSwitchHelper sw;
        sw.SetFabric("ns3::AtmInputBufferedFabric", "BufferSize", UintegerValue(BUFF));
        sw.Install(nodes.Get(1));
        AtmHelper atm;
        atm.Install(nodes.Get(0), nodes.Get(1));
        atm.Install(nodes.Get(1), nodes.Get(2));
        Ptr<AtmVc> vc = AtmVcHelper().Create(nodes, "vc");
        const Ptr<AtmSwitch> s = nodes.Get(1)->GetObject<AtmSwitch>();
        const std::string fabric = "/$ns3::AtmSwitch/Fabric/$ns3::AtmInputBufferedFabric";
        atmtest::TracePaths<uint32_t, uint32_t> occupancy("/NodeList/*" + fabric, "InputOccupancy");
        NS_TEST_EXPECT_MSG_EQ(occupancy.GetNMatches(), 1, "the one switch's fabric");
        const std::string path = "/NodeList/" + std::to_string(nodes.Get(1)->GetId()) + fabric;
        NS_TEST_EXPECT_MSG_EQ(occupancy.ConnectObject(s->GetFabric(), path), true, path);
        occupancy.ConnectByPath();
        atmtest::Greedy(vc, Seconds(0), MilliSeconds(1));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_GT(vc->GetCellsReceived(), 100, "cells delivered");
        NS_TEST_EXPECT_MSG_EQ(occupancy.byObject.size(), 1, "the fabric admitted cells");
        NS_TEST_EXPECT_MSG_EQ((occupancy.byPath == occupancy.byObject), true, "by path");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * The suite.
 */
class AtmInputBufferedFabricTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmInputBufferedFabricTestSuite()
        : IsolatedTestSuite("atm-input-buffered-fabric", Type::UNIT)
    {
        AddTestCase(new AtmInputBufferSharingTestCase);
        AddTestCase(new AtmInputBufferLinkFlowControlTestCase);
        AddTestCase(new AtmInputBufferSizeTestCase);
        AddTestCase(new AtmFabricConfigPathTestCase);
    }
};

/// The suite's instance.
AtmInputBufferedFabricTestSuite g_atmInputBufferedFabricTestSuite;

} // namespace
