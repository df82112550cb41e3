/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The output-buffered switch with a link FIFO per input port (Kung and
// Wang section 5.2, Fig. 3 (b)): cells move into an output buffer only
// when it has room, so the output buffers never drop; a blocked head holds
// up the cells behind it; without flow control the FIFO overflows at its
// entrance; with link flow control sized to the FIFO nothing is lost, and
// the link's credit covers the FIFO only, not the output buffers.

#include "atm-test-networks.h"
#include "atm-test-suite.h"

#include "ns3/atm-credit-receiver.h"
#include "ns3/atm-link-fifo-fabric.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-queue-disc.h"
#include "ns3/atm-switch-helper.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-vc.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

using namespace ns3;

namespace
{

/// Cells of S's link FIFO on (U, S).
constexpr uint32_t FIFO = 40;

/// Cells of each output buffer at S (A and B leave by different ports).
constexpr uint32_t OUT = 10;

/**
 * The shared-link network with S output-buffered behind link FIFOs.
 */
struct FifoNetwork : public atmtest::SharedLink
{
    Ptr<AtmLinkFifoFabric> f; //!< S's fabric

    /**
     * Build and run it.
     * @param qfc link flow control at Buff_Size = FIFO (plain QFC)
     */
    explicit FifoNetwork(bool qfc)
        : atmtest::SharedLink(SwitchS(), qfc ? FIFO : 0)
    {
        f = DynamicCast<AtmLinkFifoFabric>(s->GetFabric());
    }

    /// @return the helper that makes S
    static AtmSwitchHelper SwitchS()
    {
        AtmSwitchHelper sw;
        sw.SetQueueDisc("ns3::AtmPerVcQueueDisc", "MaxCells", UintegerValue(OUT));
        sw.SetFabric("ns3::AtmLinkFifoFabric", "FifoSize", UintegerValue(FIFO));
        return sw;
    }

    /// @return cells S's output queue discs dropped
    uint64_t OutputDrops() const
    {
        uint64_t n = 0;
        for (uint32_t p = 0; p < s->GetNPorts(); ++p)
        {
            n += s->GetPort(p)->GetQueueDisc()->GetNDropped();
        }
        return n;
    }
};

/**
 * @ingroup atm-tests
 * Without flow control: A's full output buffer blocks the FIFO's head, B
 * waits behind it (head-of-line), the FIFO fills and drops at its
 * entrance, and nothing is dropped at an output buffer.
 */
class AtmLinkFifoBlockingTestCase : public TestCase
{
  public:
    AtmLinkFifoBlockingTestCase()
        : TestCase("a full output buffer blocks the link FIFO; drops only at its entrance")
    {
    }

  private:
    void DoRun() override
    {
        FifoNetwork n(false);
        NS_TEST_ASSERT_MSG_NE(n.f, nullptr, "the fabric is set");
        const char* reason = AtmLinkFifoFabric::LINK_FIFO_DROP;
        const uint64_t dropA = n.a->GetCellsDropped(reason);
        const uint64_t dropB = n.b->GetCellsDropped(reason);
        NS_TEST_EXPECT_MSG_GT(dropA, 0, "A loses at the FIFO");
        NS_TEST_EXPECT_MSG_GT(dropB, 0, "B loses at the FIFO, behind A's blocked cells");
        NS_TEST_EXPECT_MSG_EQ(n.a->GetCellsDropped() + n.b->GetCellsDropped(),
                              dropA + dropB,
                              "every loss is at the FIFO");
        NS_TEST_EXPECT_MSG_EQ(n.f->GetNFifoDrops(n.in), dropA + dropB, "fabric's count");
        NS_TEST_EXPECT_MSG_EQ(n.OutputDrops(), 0, "no output buffer drops");
        NS_TEST_EXPECT_MSG_EQ(n.f->GetMaxFifoLength(n.in), FIFO, "the FIFO filled, no more");
        NS_TEST_EXPECT_MSG_EQ_TOL(n.Rate(n.a), 0.25, 0.01, "A fills its slow output");
        NS_TEST_EXPECT_MSG_LT(n.Rate(n.b), 0.45, "B is held up behind A (head of line)");
        for (auto vc : {n.a, n.b})
        {
            NS_TEST_EXPECT_MSG_EQ(vc->GetCellsSent(),
                                  vc->GetCellsReceived() + vc->GetCellsDropped(),
                                  "every cell received or dropped");
        }
        NS_TEST_EXPECT_MSG_EQ(n.f->GetFifoLength(n.in), 0, "the FIFO drained");
        NS_TEST_EXPECT_MSG_EQ(n.s->GetPort(n.in)->GetCellsInNode(), 0, "and its count");
    }
};

/**
 * @ingroup atm-tests
 * Link flow control with Buff_Size = FifoSize: no loss anywhere, and the
 * receiver's count (what credit covers) is the FIFO's, not the cells in
 * the output buffers behind it.
 */
class AtmLinkFifoFlowControlTestCase : public TestCase
{
  public:
    AtmLinkFifoFlowControlTestCase()
        : TestCase("link flow control sized to the FIFO: no loss, credit covers the FIFO only")
    {
    }

  private:
    void DoRun() override
    {
        FifoNetwork n(true);
        NS_TEST_EXPECT_MSG_EQ(n.a->GetCellsDropped() + n.b->GetCellsDropped(), 0, "no loss");
        NS_TEST_EXPECT_MSG_EQ(n.OutputDrops(), 0, "no output buffer drops");
        Ptr<AtmCreditReceiver> rx =
            DynamicCast<AtmCreditReceiver>(n.s->GetPort(n.in)->GetReceiveAccounting());
        NS_TEST_ASSERT_MSG_NE(rx, nullptr, "credit receiver on S's input");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(n.f->GetMaxFifoLength(n.in), FIFO, "FIFO within Buff_Size");
        NS_TEST_EXPECT_MSG_EQ(rx->GetMaxTotalOccupancy(),
                              n.f->GetMaxFifoLength(n.in),
                              "the receiver counts the FIFO's cells");
        const uint32_t slotA = n.a->GetHopSlot(2); // S's port towards d0
        NS_TEST_EXPECT_MSG_EQ(n.a->GetHopDevice(2)->GetQueueDisc()->GetMaxCellsSeen(),
                              OUT,
                              "A's output buffer filled behind the FIFO, outside the credit");
        NS_TEST_EXPECT_MSG_EQ(n.a->GetHopDevice(2)->GetQueueDisc()->GetVcRoom(slotA),
                              OUT,
                              "and emptied");
        NS_TEST_EXPECT_MSG_EQ_TOL(n.Rate(n.a), 0.25, 0.01, "A fills its slow output");
        NS_TEST_EXPECT_MSG_EQ(n.f->GetFifoLength(n.in), 0, "the FIFO drained");
        NS_TEST_EXPECT_MSG_EQ(rx->GetTotalOccupancy(), 0, "and the receiver's count");
    }
};

/**
 * @ingroup atm-tests
 * The suite.
 */
class AtmLinkFifoFabricTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmLinkFifoFabricTestSuite()
        : IsolatedTestSuite("atm-link-fifo-fabric", Type::UNIT)
    {
        AddTestCase(new AtmLinkFifoBlockingTestCase);
        AddTestCase(new AtmLinkFifoFlowControlTestCase);
    }
};

/// The suite's instance.
AtmLinkFifoFabricTestSuite g_atmLinkFifoFabricTestSuite;

} // namespace
