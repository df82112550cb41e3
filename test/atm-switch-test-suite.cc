/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of AtmSwitch: VPI/VCI translation per input port, unknown-VC drops,
// in-order loss-free delivery over several switches, and cells arriving at
// one instant on two links taken in hand-over order.

#include "atm-test-lambda.h"
#include "atm-test-networks.h"
#include "atm-test-suite.h"

#include "ns3/application-container.h"
#include "ns3/atm-cell-sink.h"
#include "ns3/atm-cell-source-helper.h"
#include "ns3/atm-cell.h"
#include "ns3/atm-channel.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-queue-disc.h"
#include "ns3/atm-switch-fabric.h"
#include "ns3/atm-switch-helper.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-vc-helper.h"
#include "ns3/atm-vc-table.h"
#include "ns3/atm-vc.h"
#include "ns3/data-rate.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/node.h"
#include "ns3/output-stream-wrapper.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{

/// A VPI/VCI pair.
typedef std::pair<uint16_t, uint16_t> Label;

/**
 * Record the label of a cell.
 * @param labels where
 * @param cell the cell
 */
void
RecordLabel(std::vector<Label>* labels, const AtmCell& cell)
{
    labels->emplace_back(cell.GetVpi(), cell.GetVci());
}

/**
 * Hand cells to a port slot.
 * @param dev the port
 * @param slot the VC slot
 * @param n how many
 */
void
SendCells(Ptr<AtmNetDevice> dev, uint32_t slot, uint32_t n)
{
    for (uint32_t i = 0; i < n; ++i)
    {
        dev->SendCell(slot, AtmCell::MakeData(0, 0, i, Simulator::Now()));
    }
}

/**
 * Count the labels of a list equal to one.
 * @param labels the list
 * @param l the label
 * @return how many
 */
uint32_t
CountLabel(const std::vector<Label>& labels, Label l)
{
    uint32_t n = 0;
    for (const auto& x : labels)
    {
        n += (x == l);
    }
    return n;
}

/// host 0 - switch - host 1, with the devices by role.
struct OneSwitch
{
    NodeContainer nodes;     //!< host, switch, host
    Ptr<AtmSwitch> sw;       //!< the switch
    Ptr<AtmNetDevice> src;   //!< host 0's port
    Ptr<AtmNetDevice> swIn;  //!< switch port towards host 0
    Ptr<AtmNetDevice> swOut; //!< switch port towards host 1
    Ptr<AtmNetDevice> dst;   //!< host 1's port

    OneSwitch()
    {
        nodes.Create(3);
        AtmSwitchHelper swHelper;
        sw = swHelper.Install(nodes.Get(1));
        AtmHelper atm;
        NetDeviceContainer a = atm.Install(nodes.Get(0), nodes.Get(1));
        NetDeviceContainer b = atm.Install(nodes.Get(1), nodes.Get(2));
        src = DynamicCast<AtmNetDevice>(a.Get(0));
        swIn = DynamicCast<AtmNetDevice>(a.Get(1));
        swOut = DynamicCast<AtmNetDevice>(b.Get(0));
        dst = DynamicCast<AtmNetDevice>(b.Get(1));
    }
};

/**
 * A fabric for the test: holds every cell for Hold, then delivers it,
 * except every LossEvery-th cell, which it drops.
 */
class HoldingFabric : public AtmSwitchFabric
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::AtmSwitchTestHoldingFabric")
                                .SetParent<AtmSwitchFabric>()
                                .SetGroupName("Atm")
                                .AddConstructor<HoldingFabric>();
        return tid;
    }

    Time hold{MicroSeconds(10)}; //!< how long a cell stays in the fabric
    uint32_t lossEvery{3};       //!< drop every n-th cell
    uint32_t ports{0};           //!< ports announced
    uint32_t vcs{0};             //!< VCs announced
    uint32_t seen{0};            //!< cells transferred

    void NotifyPortAdded(uint32_t) override
    {
        ++ports;
    }

    void NotifyVcAdded(uint32_t, uint32_t, uint32_t) override
    {
        ++vcs;
    }

    void Transfer(uint32_t route, uint32_t, uint32_t, const AtmCell& cell) override
    {
        if (++seen % lossEvery == 0)
        {
            GetSwitch()->DropInFabric(route, cell, "TestFabricLoss");
            return;
        }
        Simulator::Schedule(hold, &HoldingFabric::Release, this, route, cell);
    }

  private:
    /**
     * Deliver a held cell.
     * @param route its route
     * @param cell the cell
     */
    void Release(uint32_t route, AtmCell cell)
    {
        GetSwitch()->Deliver(route, cell);
    }
};

/**
 * Host - switch - host, the switch's output 10 times slower than its input
 * and a 20-cell FIFO there, and one VC through it: a VC that loses cells.
 */
struct SlowOutputChain
{
    NodeContainer nodes;    //!< host, switch, host
    Ptr<AtmNetDevice> host; //!< the first host's port
    Ptr<AtmVc> vc;          //!< the VC from the first host to the last

    SlowOutputChain()
    {
        nodes.Create(3);
        AtmSwitchHelper sw;
        sw.SetQueueDisc("ns3::AtmFifoQueueDisc", "MaxCells", UintegerValue(20));
        sw.Install(nodes.Get(1));
        AtmHelper atm;
        host = DynamicCast<AtmNetDevice>(atm.Install(nodes.Get(0), nodes.Get(1)).Get(0));
        NetDeviceContainer out = atm.Install(nodes.Get(1), nodes.Get(2));
        Ptr<AtmNetDevice> slow = DynamicCast<AtmNetDevice>(out.Get(0));
        slow->SetDataRate(DataRate(slow->GetDataRate().GetBitRate() / 10));
        vc = AtmVcHelper().Create(nodes);
    }
};

} // namespace

/**
 * @ingroup atm-tests
 * A switch fabric gets every cell after the lookup, and what it delivers
 * leaves the output port as it would without it, later by exactly the time
 * it held the cell; what it drops is counted to the VC with its reason.
 */
class AtmSwitchFabricTestCase : public TestCase
{
  public:
    AtmSwitchFabricTestCase()
        : TestCase("A switch fabric holds, delivers and drops cells with their accounting")
    {
    }

  private:
    void DoRun() override
    {
        OneSwitch t;
        Ptr<HoldingFabric> fabric = CreateObject<HoldingFabric>();
        t.sw->SetFabric(fabric);
        NS_TEST_EXPECT_MSG_EQ(fabric->ports, 2, "the fabric learnt the existing ports");
        NS_TEST_EXPECT_MSG_EQ(t.sw->GetFabric(), fabric, "GetFabric");
        AtmVcHelper vcHelper;
        Ptr<AtmVc> vc = vcHelper.Create(t.nodes, {Label(1, 100), Label(2, 200)}, "A");
        NS_TEST_EXPECT_MSG_EQ(fabric->vcs, 1, "the fabric learnt the VC");

        std::vector<Time> arrivals;
        t.dst->TraceConnectWithoutContext(
            "PhyRxEnd",
            atmtest::MakeLambdaCallback<void, const AtmCell&>(
                [&arrivals](const AtmCell&) { arrivals.push_back(Simulator::Now()); }));
        uint32_t traced = 0;
        t.sw->TraceConnectWithoutContext(
            "Drop",
            atmtest::MakeLambdaCallback<void, const AtmCell&, uint32_t, const char*>(
                [&traced](const AtmCell&, uint32_t, const char* reason) {
                    traced += (std::string(reason) == "TestFabricLoss");
                }));
        const uint32_t n = 9;
        Simulator::Schedule(MicroSeconds(1), &SendCells, t.src, vc->GetHopSlot(0), n);
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(fabric->seen, n, "every cell went through the fabric");
        NS_TEST_EXPECT_MSG_EQ(arrivals.size(), n - n / 3, "two in three delivered");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsReceived(), n - n / 3, "VC received");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsDropped("TestFabricLoss"), n / 3, "VC drops by reason");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsDropped(), n / 3, "no other drop");
        NS_TEST_EXPECT_MSG_EQ(t.sw->GetNFabricDrops(), n / 3, "switch counter");
        NS_TEST_EXPECT_MSG_EQ(traced, n / 3, "switch Drop trace");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsReceived() + vc->GetCellsDropped() + vc->GetCellsQueued(),
                              n,
                              "conservation: every cell sent is received or dropped");
        // First cell: sent at 1 us, two links (cell time + delay each) and
        // the fabric's hold.
        const Time link =
            t.src->GetCellTime() + DynamicCast<AtmChannel>(t.src->GetChannel())->GetDelay();
        NS_TEST_EXPECT_MSG_EQ(arrivals.front(),
                              MicroSeconds(1) + link + fabric->hold + link,
                              "first cell delayed by exactly the hold");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * A switch rewrites the label of each cell from the one of its input link
 * to the one of its output link, looked up per input port.
 */
class AtmSwitchRewriteTestCase : public TestCase
{
  public:
    AtmSwitchRewriteTestCase()
        : TestCase("Switch rewrites VPI and VCI from the input link's label to the output's")
    {
    }

  private:
    void DoRun() override
    {
        OneSwitch t;
        AtmVcHelper vcHelper;
        Ptr<AtmVc> vc = vcHelper.Create(t.nodes, {Label(1, 100), Label(2, 200)}, "A");
        NS_TEST_EXPECT_MSG_EQ(vc->GetNHops(), 2, "two transmitting ports");
        NS_TEST_EXPECT_MSG_EQ(vc->GetHopDevice(0), t.src, "hop 0 is the source host");
        NS_TEST_EXPECT_MSG_EQ(vc->GetHopDevice(1), t.swOut, "hop 1 is the switch output");
        NS_TEST_EXPECT_MSG_EQ(vc->GetDestinationDevice(), t.dst, "destination host");
        NS_TEST_EXPECT_MSG_EQ(t.sw->GetNPorts(), 2, "two switch ports");
        NS_TEST_EXPECT_MSG_EQ(t.sw->GetNVcs(), 1, "one translation");
        NS_TEST_EXPECT_MSG_EQ(t.src->IsTxLabelInUse(1, 100), true, "source uses 1/100");
        NS_TEST_EXPECT_MSG_EQ(t.swOut->IsTxLabelInUse(2, 200), true, "switch output uses 2/200");
        NS_TEST_EXPECT_MSG_EQ(t.swOut->IsTxLabelInUse(1, 100), false, "not 1/100");

        std::vector<Label> atSwitch;
        std::vector<Label> atDst;
        std::vector<Label> queuedOut;
        t.swIn->TraceConnectWithoutContext("PhyRxEnd", MakeBoundCallback(&RecordLabel, &atSwitch));
        t.dst->TraceConnectWithoutContext("PhyRxEnd", MakeBoundCallback(&RecordLabel, &atDst));
        t.swOut->GetQueueDisc()->TraceConnectWithoutContext(
            "Enqueue",
            atmtest::MakeLambdaCallback<void, const AtmCell&, uint32_t>(
                [&queuedOut](const AtmCell& cell, uint32_t) { RecordLabel(&queuedOut, cell); }));
        std::vector<std::string> swDrops;
        t.sw->TraceConnectWithoutContext(
            "Drop",
            atmtest::MakeLambdaCallback<void, const AtmCell&, uint32_t, const char*>(
                [&swDrops](const AtmCell&, uint32_t port, const char* reason) {
                    swDrops.push_back(std::to_string(port) + ":" + reason);
                }));

        Simulator::Schedule(MicroSeconds(1), &SendCells, t.src, vc->GetHopSlot(0), 5);
        // The table is per input port: 1/100 is known on the port towards
        // host 0 only; on it, 1/101 is not known.
        const uint32_t inPort = t.sw->GetPortIndex(t.swIn);
        const uint32_t outPort = t.sw->GetPortIndex(t.swOut);
        NS_TEST_EXPECT_MSG_NE(inPort, outPort, "two distinct ports");
        Simulator::Schedule(MilliSeconds(1),
                            &AtmSwitch::Forward,
                            t.sw,
                            inPort,
                            AtmCell::MakeData(1, 100, 5, MilliSeconds(1)));
        Simulator::Schedule(MilliSeconds(2),
                            &AtmSwitch::Forward,
                            t.sw,
                            outPort,
                            AtmCell::MakeData(1, 100, 6, MilliSeconds(2)));
        Simulator::Schedule(MilliSeconds(3),
                            &AtmSwitch::Forward,
                            t.sw,
                            inPort,
                            AtmCell::MakeData(1, 101, 7, MilliSeconds(3)));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(atSwitch.size(), 5, "5 cells reached the switch on the link");
        NS_TEST_EXPECT_MSG_EQ(CountLabel(atSwitch, Label(1, 100)), 5, "all carried 1/100");
        NS_TEST_EXPECT_MSG_EQ(atDst.size(), 6, "5 + 1 injected cells reached host 1");
        NS_TEST_EXPECT_MSG_EQ(CountLabel(atDst, Label(2, 200)), 6, "all carried 2/200");
        NS_TEST_EXPECT_MSG_EQ(queuedOut.size(), 6, "6 cells queued at the output");
        NS_TEST_EXPECT_MSG_EQ(CountLabel(queuedOut, Label(2, 200)), 6, "rewritten when queued");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsReceived(), 6, "the VC counted 6 cells");
        NS_TEST_EXPECT_MSG_EQ(t.sw->GetNUnknownVcDrops(), 2, "2 cells of unknown VCs");
        // 1/100 is unknown on the other port, 1/101 on the input port.
        const std::vector<std::string> eDrops = {std::to_string(outPort) + ":UnknownVc",
                                                 std::to_string(inPort) + ":UnknownVc"};
        NS_TEST_EXPECT_MSG_EQ((swDrops == eDrops), true, "switch drops traced");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Cells on a label the switch does not know are dropped at its input port,
 * counted, and traced with reason UnknownVc; the other VC is untouched.
 */
class AtmSwitchUnknownVcTestCase : public TestCase
{
  public:
    AtmSwitchUnknownVcTestCase()
        : TestCase("Cells of an unknown VC are dropped and counted (UnknownVc)")
    {
    }

  private:
    void DoRun() override
    {
        OneSwitch t;
        AtmVcHelper vcHelper;
        Ptr<AtmVc> vc = vcHelper.Create(t.nodes, {Label(1, 100), Label(2, 200)}, "A");
        // A second VC source on host 0 that the switch was never told about.
        const uint32_t rogue = t.src->AddTxVc(1, 101, nullptr);

        std::vector<std::string> portDrops;
        t.swIn->TraceConnectWithoutContext(
            "Drop",
            atmtest::MakeLambdaCallback<void, const AtmCell&, const char*>(
                [&portDrops](const AtmCell& cell, const char* reason) {
                    portDrops.push_back(std::to_string(cell.GetVpi()) + "/" +
                                        std::to_string(cell.GetVci()) + " " + reason);
                }));
        std::vector<std::string> swDrops;
        t.sw->TraceConnectWithoutContext(
            "Drop",
            atmtest::MakeLambdaCallback<void, const AtmCell&, uint32_t, const char*>(
                [&swDrops](const AtmCell&, uint32_t port, const char* reason) {
                    swDrops.push_back(std::to_string(port) + " " + reason);
                }));
        std::vector<Label> atDst;
        t.dst->TraceConnectWithoutContext("PhyRxEnd", MakeBoundCallback(&RecordLabel, &atDst));
        std::vector<std::string> hostDrops;
        t.dst->TraceConnectWithoutContext(
            "Drop",
            atmtest::MakeLambdaCallback<void, const AtmCell&, const char*>(
                [&hostDrops](const AtmCell& cell, const char* reason) {
                    hostDrops.push_back(std::to_string(cell.GetVpi()) + "/" +
                                        std::to_string(cell.GetVci()) + " " + reason);
                }));

        Simulator::Schedule(MicroSeconds(1), &SendCells, t.src, vc->GetHopSlot(0), 4);
        Simulator::Schedule(MicroSeconds(1), &SendCells, t.src, rogue, 3);
        // A host port drops a cell whose label it does not receive, too.
        Simulator::Schedule(MilliSeconds(1),
                            &AtmNetDevice::Receive,
                            t.dst,
                            AtmCell::MakeData(9, 99, 0, MilliSeconds(1)));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(t.src->GetCellsTransmitted(), 7, "host 0 sent 4 + 3 cells");
        NS_TEST_EXPECT_MSG_EQ(t.swIn->GetCellsReceived(), 7, "the switch port received 7");
        NS_TEST_EXPECT_MSG_EQ(t.sw->GetNUnknownVcDrops(), 3, "3 unknown-VC drops");
        const std::string inPort = std::to_string(t.sw->GetPortIndex(t.swIn));
        NS_TEST_EXPECT_MSG_EQ((portDrops == std::vector<std::string>(3, "1/101 UnknownVc")),
                              true,
                              "3 drops of 1/101 traced at the input port");
        NS_TEST_EXPECT_MSG_EQ((swDrops == std::vector<std::string>(3, inPort + " UnknownVc")),
                              true,
                              "3 drops traced by the switch, with the input port");
        NS_TEST_EXPECT_MSG_EQ(atDst.size(),
                              5,
                              "4 cells of the known VC + 1 injected reached host 1");
        NS_TEST_EXPECT_MSG_EQ(CountLabel(atDst, Label(2, 200)), 4, "the known VC's 4 cells");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsReceived(), 4, "the known VC lost nothing");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsDropped(), 0, "and was charged no drop");
        NS_TEST_EXPECT_MSG_EQ((hostDrops == std::vector<std::string>{"9/99 UnknownVc"}),
                              true,
                              "one drop at host 1, which does not know 9/99");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Two VCs through three switches (NNI links between them, labels with
 * 12-bit VPIs) arrive complete and in order, each link's cells in its
 * header format; the first cell of a VC pays one cell time and one delay
 * per hop.
 */
class AtmSwitchMultiHopTestCase : public TestCase
{
  public:
    AtmSwitchMultiHopTestCase()
        : TestCase("Two VCs through 3 switches: every cell delivered, in order, none lost")
    {
    }

  private:
    void DoRun() override
    {
        // host 0 - s1 - s2 - s3 - host 1
        NodeContainer nodes;
        nodes.Create(5);
        AtmSwitchHelper swHelper;
        swHelper.Install(NodeContainer(nodes.Get(1), nodes.Get(2), nodes.Get(3)));
        AtmHelper atm;
        const Time delay = MicroSeconds(5);
        atm.SetChannelAttribute("Delay", TimeValue(delay));
        std::vector<NetDeviceContainer> links;
        links.reserve(4);
        for (uint32_t i = 0; i < 4; ++i)
        {
            links.push_back(atm.Install(nodes.Get(i), nodes.Get(i + 1)));
        }
        for (uint32_t i = 0; i < 4; ++i)
        {
            const bool nni = (i == 1 || i == 2);
            for (uint32_t e = 0; e < 2; ++e)
            {
                Ptr<AtmNetDevice> d = DynamicCast<AtmNetDevice>(links[i].Get(e));
                NS_TEST_EXPECT_MSG_EQ((d->GetInterfaceType() == AtmNetDevice::NNI),
                                      nni,
                                      "link " << i << " interface type");
            }
        }
        AtmVcHelper vcHelper;
        Ptr<AtmVc> a =
            vcHelper.Create(nodes,
                            {Label(1, 40), Label(1000, 50), Label(4095, 65535), Label(7, 70)},
                            "A");
        Ptr<AtmVc> b = vcHelper.Create(nodes, "B"); // labels chosen by the helper
        NS_TEST_EXPECT_MSG_EQ(a->GetNHops(), 4, "A has 4 transmitting ports");

        std::vector<Label> atDst;
        a->GetDestinationDevice()->TraceConnectWithoutContext(
            "PhyRxEnd",
            MakeBoundCallback(&RecordLabel, &atDst));
        // Each link's cells as sent, in its header format (NNI between the
        // switches, UNI at the hosts): their 53 octets decode to the same
        // label.
        uint32_t sent = 0;
        uint32_t wrongFormat = 0;
        for (uint32_t i = 0; i < 4; ++i)
        {
            const bool nni = (i == 1 || i == 2);
            links[i].Get(0)->TraceConnectWithoutContext(
                "PhyTxEnd",
                atmtest::MakeLambdaCallback<void, const AtmCell&>(
                    [&sent, &wrongFormat, nni](const AtmCell& cell) {
                        ++sent;
                        uint8_t octets[53];
                        cell.Serialize(octets);
                        AtmCell decoded;
                        wrongFormat +=
                            cell.IsNni() != nni ||
                            AtmCell::Deserialize(octets, nni, decoded) != AtmCell::DECODE_OK ||
                            decoded.GetLabel() != cell.GetLabel();
                    }));
        }

        std::vector<Ptr<AtmCellSink>> sinks;
        for (const auto& vc : {a, b})
        {
            Ptr<AtmCellSink> sink = CreateObject<AtmCellSink>();
            sink->SetVc(vc);
            vc->GetDestinationDevice()->GetNode()->AddApplication(sink);
            sinks.push_back(sink);
        }
        AtmCellSourceHelper greedy("ns3::AtmGreedySource");
        ApplicationContainer sources = greedy.Install(std::vector<Ptr<AtmVc>>{a, b});
        sources.Start(Seconds(0));
        sources.Stop(MilliSeconds(3));
        // Every 7 us: each switch's count of the cells on its wires is
        // what its links hold.
        uint32_t samples = 0;
        uint32_t mismatches = 0;
        uint32_t busy = 0;
        for (uint32_t k = 1; k < 430; ++k)
        {
            atmtest::Schedule(MicroSeconds(7 * k), [&, nodes]() {
                for (uint32_t n = 1; n <= 3; ++n)
                {
                    Ptr<AtmSwitch> sw = nodes.Get(n)->GetObject<AtmSwitch>();
                    uint32_t onWires = 0;
                    for (uint32_t p = 0; p < sw->GetNPorts(); ++p)
                    {
                        const Ptr<AtmNetDevice> port = sw->GetPort(p);
                        const Ptr<AtmChannel> ch = port->GetAtmChannel();
                        onWires += ch->GetCellsOnWire(ch->GetEndIndex(PeekPointer(port)));
                    }
                    ++samples;
                    mismatches += sw->GetCellsOnWires() != onWires;
                    busy += onWires > 0;
                }
            });
        }
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(samples, 3 * 429, "samples taken");
        NS_TEST_EXPECT_MSG_EQ(mismatches, 0, "a switch's count of the cells on its wires");
        NS_TEST_EXPECT_MSG_GT(busy, 3 * 400, "cells on the wires at nearly every sample");

        const Ptr<AtmNetDevice> src = a->GetHopDevice(0);
        const Time hop = src->GetCellTime() + delay;
        NS_TEST_EXPECT_MSG_EQ(a->GetMinDelay(), 4 * hop, "first cell: 4 x (cell time + delay)");
        uint64_t total = 0;
        for (uint32_t i = 0; i < 2; ++i)
        {
            Ptr<AtmVc> vc = i == 0 ? a : b;
            // 3 ms at 149.76 Mb/s of cells, shared by two VCs: about 530 each.
            NS_TEST_EXPECT_MSG_GT(vc->GetCellsSent(), 500, "VC " << i << " sent");
            NS_TEST_EXPECT_MSG_EQ(sinks[i]->GetCellsReceived(),
                                  vc->GetCellsSent(),
                                  "VC " << i << ": every cell delivered");
            NS_TEST_EXPECT_MSG_EQ(sinks[i]->GetCellsLost(), 0, "VC " << i << ": none lost");
            NS_TEST_EXPECT_MSG_EQ(sinks[i]->GetCellsMisordered(), 0, "VC " << i << ": in order");
            NS_TEST_EXPECT_MSG_EQ(vc->GetCellsDropped(), 0, "VC " << i << ": no drop");
            NS_TEST_EXPECT_MSG_EQ(vc->GetCellsQueued(), 0, "VC " << i << ": nothing left");
            total += vc->GetCellsSent();
        }
        NS_TEST_EXPECT_MSG_EQ(CountLabel(atDst, Label(7, 70)),
                              a->GetCellsSent(),
                              "A's cells arrive with the last link's label");
        NS_TEST_EXPECT_MSG_EQ(atDst.size(), total, "host 1 received both VCs' cells");
        NS_TEST_EXPECT_MSG_EQ(sent, 4 * total, "every cell sent on each of the 4 links");
        NS_TEST_EXPECT_MSG_EQ(wrongFormat, 0, "cells in their link's header format");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Cells due at a switch at one instant on two links enter it in the order
 * they were handed to their links, the order of ns-3's events for the
 * two-event path (AtmSwitch::ProcessDueArrivals serves both paths): hosts
 * 0 and 1 each send one cell at 1 us over equal links, so both arrive
 * together and leave towards host 2 one after the other, the first sent
 * first, whichever host sends it.
 */
class AtmSwitchSimultaneousArrivalTestCase : public TestCase
{
  public:
    AtmSwitchSimultaneousArrivalTestCase()
        : TestCase("Cells arriving at one instant on two links: in hand-over order")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t first : {0, 1})
        {
            // hosts 0, 1 - switch - host 2
            NodeContainer nodes;
            nodes.Create(4);
            AtmSwitchHelper swHelper;
            swHelper.Install(nodes.Get(2));
            AtmHelper atm;
            atm.Install(nodes.Get(0), nodes.Get(2));
            atm.Install(nodes.Get(1), nodes.Get(2));
            atm.Install(nodes.Get(2), nodes.Get(3));
            AtmVcHelper vcHelper;
            Ptr<AtmVc> vc[2];
            for (uint32_t h = 0; h < 2; ++h)
            {
                vc[h] = vcHelper.Create(NodeContainer(nodes.Get(h), nodes.Get(2), nodes.Get(3)),
                                        "from host " + std::to_string(h));
            }
            std::vector<Label> atDst;
            nodes.Get(3)->GetDevice(0)->TraceConnectWithoutContext(
                "PhyRxEnd",
                MakeBoundCallback(&RecordLabel, &atDst));
            const uint32_t order[] = {first, 1 - first};
            for (uint32_t h : order)
            {
                Simulator::Schedule(MicroSeconds(1),
                                    &SendCells,
                                    vc[h]->GetHopDevice(0),
                                    vc[h]->GetHopSlot(0),
                                    1);
            }
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(atDst.size(), 2, "both cells delivered");
            for (uint32_t i = 0; i < 2; ++i)
            {
                const Ptr<AtmNetDevice> out = vc[order[i]]->GetHopDevice(1);
                const Label l = out->GetTxLabel(vc[order[i]]->GetHopSlot(1));
                NS_TEST_EXPECT_MSG_EQ((atDst[i] == l),
                                      true,
                                      "cell " << i << " at host 2 is host " << order[i] << "'s");
            }
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup atm-tests
 * AtmVcHelper's labels chosen per link: the next free VPI/VCI of the
 * transmitting port from 0/32 up (VCIs 0-31 are reserved: ITU-T I.361, and
 * this module's credit cells use 0/31), skipping a label already given
 * explicitly, on each link independently, and the same label on a link's
 * two directions.
 */
class AtmVcLabelTestCase : public TestCase
{
  public:
    AtmVcLabelTestCase()
        : TestCase("VC labels: the next free label of each link from VCI 32, skipping used ones")
    {
    }

  private:
    void DoRun() override
    {
        atmtest::OneSwitchChain chain;
        const NodeContainer& nodes = chain.nodes;
        NodeContainer back(nodes.Get(2), nodes.Get(1), nodes.Get(0));
        AtmVcHelper vcs;
        // 0/33 taken on the first link, 0/40 on the second.
        Ptr<AtmVc> given = vcs.Create(nodes, {{0, 33}, {0, 40}});
        std::vector<AtmVcHelper::Label> first;  // labels on the first link
        std::vector<AtmVcHelper::Label> second; // and on the second
        for (int i = 0; i < 3; ++i)
        {
            Ptr<AtmVc> vc = vcs.Create(nodes);
            first.push_back(vc->GetHopDevice(0)->GetTxLabel(vc->GetHopSlot(0)));
            second.push_back(vc->GetHopDevice(1)->GetTxLabel(vc->GetHopSlot(1)));
        }
        Ptr<AtmVc> reverse = vcs.Create(back);
        const std::vector<AtmVcHelper::Label> firstWant{{0, 32}, {0, 34}, {0, 35}};
        const std::vector<AtmVcHelper::Label> secondWant{{0, 32}, {0, 33}, {0, 34}};
        for (std::size_t i = 0; i < 3; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ((first[i] == firstWant[i]),
                                  true,
                                  "VC " << i << " on the first link: " << first[i].first << "/"
                                        << first[i].second);
            NS_TEST_EXPECT_MSG_EQ((second[i] == secondWant[i]),
                                  true,
                                  "VC " << i << " on the second link: " << second[i].first << "/"
                                        << second[i].second);
        }
        const auto r0 = reverse->GetHopDevice(0)->GetTxLabel(reverse->GetHopSlot(0));
        NS_TEST_EXPECT_MSG_EQ(
            (r0 == AtmVcHelper::Label(0, 32)),
            true,
            "the other direction of a link has its own labels: " << r0.first << "/" << r0.second);
        NS_TEST_EXPECT_MSG_EQ(given->GetHopDevice(0)->GetTxLabel(given->GetHopSlot(0)).second,
                              33,
                              "the given label kept");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * AtmVcTable, the label lookup of every port, under hash collisions: 3000
 * labels on random VPIs and VCIs (a label's hash is its VCI plus 65535
 * times its VPI, so different VPIs collide), inserted through several
 * doublings of the table: each found with its own index, a label inserted
 * twice refused with nothing changed, 3000 labels never inserted not found.
 */
class AtmVcTableTestCase : public TestCase
{
  public:
    AtmVcTableTestCase()
        : TestCase("VC table: 3000 random labels through collisions and growth, each found")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
        u->SetStream(11);
        std::map<uint32_t, uint32_t> inserted; // label -> index
        std::vector<std::pair<uint16_t, uint16_t>> absent;
        AtmVcTable table;
        while (inserted.size() + absent.size() < 6000)
        {
            const auto vpi = static_cast<uint16_t>(u->GetInteger(0, 255));
            const auto vci = static_cast<uint16_t>(u->GetInteger(32, 65535));
            const uint32_t label = AtmVcTable::Label(vpi, vci);
            if (inserted.count(label) ||
                std::count(absent.begin(), absent.end(), std::make_pair(vpi, vci)))
            {
                continue;
            }
            if (inserted.size() < 3000)
            {
                const auto index = static_cast<uint32_t>(inserted.size());
                NS_TEST_ASSERT_MSG_EQ(table.Insert(vpi, vci, index), true, "a new label");
                inserted[label] = index;
            }
            else
            {
                absent.emplace_back(vpi, vci);
            }
        }
        NS_TEST_EXPECT_MSG_EQ(table.Size(), 3000, "labels held");
        uint32_t wrong = 0;
        for (const auto& [label, index] : inserted)
        {
            wrong += table.Lookup(label) != index;
        }
        NS_TEST_EXPECT_MSG_EQ(wrong, 0, "labels found with another index or none");
        uint32_t found = 0;
        for (const auto& [vpi, vci] : absent)
        {
            found += table.Contains(vpi, vci);
        }
        NS_TEST_EXPECT_MSG_EQ(found, 0, "labels never inserted found");
        const auto [label, index] = *inserted.begin();
        NS_TEST_EXPECT_MSG_EQ(table.Insert(label >> 16, label & 0xffff, 99999),
                              false,
                              "a label already in use");
        NS_TEST_EXPECT_MSG_EQ(table.Lookup(label), index, "its index unchanged");
        NS_TEST_EXPECT_MSG_EQ(table.Size(), 3000, "nothing added");
    }
};

/**
 * @ingroup atm-tests
 * AtmVcTable with labels in the order AtmVcHelper hands them out: VCIs 32
 * to 65535 of VPI 0, then of VPI 1, then 20 000 of VPI 2 (151 008 labels,
 * the table doubling to 262 144 entries on the way), and, in a table of
 * its own, VCI 32 on each of the 4096 VPIs of an NNI. No Insert() may look
 * at more than the one entry its hash names. Under a hash that puts one
 * VPI's labels among another's (VPI * 106 039 + VCI did, from the 90 538th
 * label until the table grew), each insert there walks to the end of that
 * run: 509 million entries looked at for 100 000 labels, and 25 s to set up
 * atm-bench's chain of 100 000 VCs.
 */
class AtmVcTableInOrderTestCase : public TestCase
{
  public:
    AtmVcTableInOrderTestCase()
        : TestCase("VC table: labels handed out in order never collide")
    {
    }

  private:
    void DoRun() override
    {
        AtmVcTable table;
        uint32_t longest = 0;
        uint32_t index = 0;
        for (uint16_t vpi = 0; vpi <= 2; ++vpi)
        {
            const uint32_t last = vpi < 2 ? 65535 : 32 + 20000 - 1;
            for (uint32_t vci = 32; vci <= last; ++vci)
            {
                table.Insert(vpi, static_cast<uint16_t>(vci), index++);
                longest = std::max(longest, table.GetLongestProbe());
            }
        }
        NS_TEST_ASSERT_MSG_EQ(table.Size(), 151008, "labels held");
        NS_TEST_EXPECT_MSG_EQ(longest, 1, "entries an insert looked at");
        NS_TEST_EXPECT_MSG_EQ(table.Lookup(AtmVcTable::Label(1, 32)), 65504, "VPI 1's first");
        NS_TEST_EXPECT_MSG_EQ(table.Lookup(AtmVcTable::Label(2, 20031)), 151007, "the last label");
        AtmVcTable paths;
        uint32_t longestPaths = 0;
        for (uint32_t vpi = 0; vpi < 4096; ++vpi)
        {
            paths.Insert(static_cast<uint16_t>(vpi), 32, vpi);
            longestPaths = std::max(longestPaths, paths.GetLongestProbe());
        }
        NS_TEST_EXPECT_MSG_EQ(longestPaths, 1, "entries an insert looked at, one VCI per VPI");
        NS_TEST_EXPECT_MSG_EQ(paths.Lookup(AtmVcTable::Label(4095, 32)), 4095, "the last VPI");
    }
};

/**
 * @ingroup atm-tests
 * AtmHelper's ascii trace on host - switch - host, the switch's output 10
 * times slower with a 20-cell FIFO, one VC sending at its host link's rate
 * for 0.5 ms: a "+" and a "-" line for every cell each port queued, an "r"
 * line for every cell each port received and a "d" line, with its reason,
 * for every cell lost, the counts those of the VC's counters; the same
 * lines in the file EnableAscii(prefix, device) writes for the host port.
 */
class AtmAsciiTraceTestCase : public TestCase
{
  public:
    AtmAsciiTraceTestCase()
        : TestCase("ascii trace: one +, -, r line per cell and port, one d line per cell lost")
    {
    }

  private:
    void DoRun() override
    {
        std::ostringstream all;
        const std::string prefix = CreateTempDirFilename("atm-ascii");
        std::string file;    // the host port's trace file
        std::string context; // the host port's context
        uint64_t sent = 0;
        uint64_t lost = 0;
        std::map<std::string, uint64_t> dropsByReason;
        {
            SlowOutputChain c;
            AtmCellSourceHelper cbr("ns3::AtmCbrSource");
            cbr.SetAttribute("Rate", DataRateValue(c.host->GetDataRate()));
            ApplicationContainer src = cbr.Install(c.vc);
            src.Start(Seconds(0));
            src.Stop(MicroSeconds(500));
            AtmHelper atm;
            atm.EnableAsciiAll(Create<OutputStreamWrapper>(&all));
            atm.EnableAscii(prefix, c.host);
            file = prefix + "-" + std::to_string(c.nodes.Get(0)->GetId()) + "-" +
                   std::to_string(c.host->GetIfIndex()) + ".tr";
            context = c.host->GetContext();
            Simulator::Run(); // until the slow output has sent every queued cell
            sent = c.vc->GetCellsSent();
            lost = c.vc->GetCellsDropped();
            dropsByReason = c.vc->GetDropsByReason();
            NS_TEST_EXPECT_MSG_EQ(c.vc->GetCellsReceived(), sent - lost, "the rest arrive");
        }
        Simulator::Destroy(); // the last references to the file's stream go: it is closed

        std::map<char, uint64_t> lines;
        std::map<std::string, uint64_t> reasons; // 'd' lines per reason named
        std::istringstream text(all.str());
        std::string line;
        while (std::getline(text, line))
        {
            lines[line.at(0)]++;
            for (const auto& [reason, cells] : dropsByReason)
            {
                reasons[reason] +=
                    line[0] == 'd' && line.find(" " + reason + " ") != std::string::npos;
            }
        }
        NS_TEST_ASSERT_MSG_GT(lost, 0, "the slow output loses cells");
        NS_TEST_EXPECT_MSG_EQ(lines['+'], sent + (sent - lost), "+: host port, switch output");
        NS_TEST_EXPECT_MSG_EQ(lines['-'], sent + (sent - lost), "-: every queued cell left");
        NS_TEST_EXPECT_MSG_EQ(lines['r'], sent + (sent - lost), "r: switch input, host");
        NS_TEST_EXPECT_MSG_EQ(lines['d'], lost, "d: one per cell lost");
        NS_TEST_EXPECT_MSG_EQ(lines.size(), 4, "no other kind of line");
        for (const auto& [reason, cells] : dropsByReason)
        {
            NS_TEST_EXPECT_MSG_EQ(reasons[reason], cells, "d lines naming " << reason);
        }

        // The host port's own file: its "+" and "-" lines.
        std::ifstream f(file);
        NS_TEST_ASSERT_MSG_EQ(f.is_open(), true, "EnableAscii wrote " << file);
        std::map<char, uint64_t> hostLines;
        while (std::getline(f, line))
        {
            hostLines[line.at(0)]++;
            NS_TEST_EXPECT_MSG_NE(line.find(context),
                                  std::string::npos,
                                  "the host port's context in: " << line);
        }
        NS_TEST_EXPECT_MSG_EQ(hostLines['+'], sent, "the host port queued every cell");
        NS_TEST_EXPECT_MSG_EQ(hostLines['-'], sent, "and sent every one");
        NS_TEST_EXPECT_MSG_EQ(hostLines.size(), 2, "nothing else happens at the host port");
    }
};

/**
 * @ingroup atm-tests
 * AtmSwitchHelper::Install on a node whose ATM devices exist already makes
 * them its ports: links first and switch second carry a VC's cells exactly
 * as switch first and links second do (the same cells delivered, the same
 * mean delay to the last bit).
 */
class AtmSwitchAfterLinksTestCase : public TestCase
{
  public:
    AtmSwitchAfterLinksTestCase()
        : TestCase("a switch installed after its links: the same cells, the same delays")
    {
    }

  private:
    void DoRun() override
    {
        std::pair<uint64_t, Time> results[2];
        for (int switchFirst = 0; switchFirst < 2; ++switchFirst)
        {
            NodeContainer nodes;
            nodes.Create(3);
            AtmSwitchHelper sw;
            if (switchFirst)
            {
                sw.Install(nodes.Get(1));
            }
            AtmHelper atm;
            atm.Install(nodes.Get(0), nodes.Get(1));
            NetDeviceContainer out = atm.Install(nodes.Get(1), nodes.Get(2));
            if (!switchFirst)
            {
                sw.Install(nodes.Get(1));
            }
            Ptr<AtmSwitch> s = nodes.Get(1)->GetObject<AtmSwitch>();
            NS_TEST_ASSERT_MSG_EQ(s->GetNPorts(), 2, "both devices are ports");
            Ptr<AtmNetDevice> slow = DynamicCast<AtmNetDevice>(out.Get(0));
            slow->SetDataRate(DataRate(slow->GetDataRate().GetBitRate() / 2));
            Ptr<AtmVc> vc = AtmVcHelper().Create(nodes);
            atmtest::Greedy(vc, Seconds(0), MilliSeconds(1));
            Simulator::Stop(MilliSeconds(2));
            Simulator::Run();
            NS_TEST_EXPECT_MSG_GT(vc->GetCellsReceived(), 100, "cells through the switch");
            results[switchFirst] = {vc->GetCellsReceived(), vc->GetMeanDelay()};
            Simulator::Destroy();
        }
        NS_TEST_EXPECT_MSG_EQ(results[0].first, results[1].first, "cells delivered");
        NS_TEST_EXPECT_MSG_EQ(results[0].second, results[1].second, "mean delay");
    }
};

/**
 * @ingroup atm-tests
 * AtmSwitch::SyncAll brings every switch up to now, also one aggregated to
 * its node after an earlier call (the list it keeps is looked up again):
 * a greedy VC into a switch whose output link runs at half rate leaves
 * cells due on the wire between the output's departures; at checks spread
 * over the run, the output queue after SyncAll must already hold every
 * cell that the switch's own SyncArrivals would add, and at some checks
 * SyncAll must have added cells.
 */
class AtmSwitchSyncAllTestCase : public TestCase
{
  public:
    AtmSwitchSyncAllTestCase()
        : TestCase("SyncAll syncs every switch, also one added after its last call")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(3);
        AtmSwitch::SyncAll(); // no switch yet: an empty list
        AtmSwitchHelper().Install(nodes.Get(1));
        AtmHelper atm;
        atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(1))); // lazy arrival
        atm.Install(nodes.Get(0), nodes.Get(1));
        NetDeviceContainer out = atm.Install(nodes.Get(1), nodes.Get(2));
        Ptr<AtmNetDevice> slow = DynamicCast<AtmNetDevice>(out.Get(0));
        slow->SetDataRate(DataRate(slow->GetDataRate().GetBitRate() / 2));
        Ptr<AtmSwitch> s = nodes.Get(1)->GetObject<AtmSwitch>();
        atmtest::Greedy(AtmVcHelper().Create(nodes), Seconds(0), MilliSeconds(1));
        uint32_t synced = 0;
        uint32_t checks = 0;
        for (uint32_t i = 0; i < 40; ++i)
        {
            // 0.2 ms, then steps of 0.7 cell times: every phase of the output.
            atmtest::Schedule(MicroSeconds(200) + NanoSeconds(1979) * i, [&, slow, s]() {
                Ptr<AtmQueueDisc> q = slow->GetQueueDisc();
                const uint32_t before = q->GetNCells();
                AtmSwitch::SyncAll();
                const uint32_t after = q->GetNCells();
                s->SyncArrivals();
                NS_TEST_EXPECT_MSG_EQ(q->GetNCells(), after, "nothing left due after SyncAll");
                synced += after > before ? 1 : 0;
                ++checks;
            });
        }
        Simulator::Stop(MilliSeconds(2));
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_EXPECT_MSG_EQ(checks, 40, "every check ran");
        NS_TEST_EXPECT_MSG_GT(synced, 0, "SyncAll queued due cells at some checks");
    }
};

/**
 * @ingroup atm-tests
 * A VC's trace sources Rx and Drop (in the VC's cold part, made on the
 * first connection): connected without context and with one, each cell
 * received or dropped calls them once, with the context given; after a
 * disconnection the callback is no longer called.
 */
class AtmVcTraceTestCase : public TestCase
{
  public:
    AtmVcTraceTestCase()
        : TestCase("VC traces Rx and Drop: one call per cell, the context, disconnection")
    {
    }

  private:
    /// Calls counted by the callbacks.
    struct Counts
    {
        uint64_t rx{0};        //!< Rx calls without context
        uint64_t drop{0};      //!< Drop calls without context
        uint64_t rxContext{0}; //!< Rx calls with the context "vc-under-test"
    };

    void DoRun() override
    {
        SlowOutputChain c;
        Ptr<AtmVc> vc = c.vc;
        atmtest::Greedy(vc, Seconds(0), MicroSeconds(500));

        Counts n;
        auto rx = atmtest::MakeLambdaCallback<void, const AtmCell&, Time>(
            [&n](const AtmCell&, Time) { ++n.rx; });
        auto drop = atmtest::MakeLambdaCallback<void, const AtmCell&, const char*>(
            [&n](const AtmCell&, const char*) { ++n.drop; });
        auto rxContext = atmtest::MakeLambdaCallback<void, std::string, const AtmCell&, Time>(
            [&n](std::string context, const AtmCell&, Time) {
                n.rxContext += context == "vc-under-test";
            });
        NS_TEST_ASSERT_MSG_EQ(vc->TraceConnectWithoutContext("Rx", rx), true, "Rx connected");
        NS_TEST_ASSERT_MSG_EQ(vc->TraceConnectWithoutContext("Drop", drop), true, "Drop too");
        NS_TEST_ASSERT_MSG_EQ(vc->TraceConnect("Rx", "vc-under-test", rxContext),
                              true,
                              "Rx with a context");
        Simulator::Stop(MilliSeconds(3));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_GT(vc->GetCellsDropped(), 0, "the slow output loses cells");
        NS_TEST_EXPECT_MSG_EQ(n.rx, vc->GetCellsReceived(), "one Rx per cell received");
        NS_TEST_EXPECT_MSG_EQ(n.rxContext, vc->GetCellsReceived(), "with the context given");
        NS_TEST_EXPECT_MSG_EQ(n.drop, vc->GetCellsDropped(), "one Drop per cell lost");

        // Disconnected, the callbacks see nothing of a second burst.
        vc->TraceDisconnectWithoutContext("Rx", rx);
        vc->TraceDisconnectWithoutContext("Drop", drop);
        vc->TraceDisconnect("Rx", "vc-under-test", rxContext);
        const Counts before = n;
        // (an application added now starts and stops relative to now)
        atmtest::Greedy(vc, Seconds(0), MicroSeconds(500));
        const uint64_t received = vc->GetCellsReceived();
        Simulator::Stop(MilliSeconds(3));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_GT(vc->GetCellsReceived(), received, "the second burst arrives");
        NS_TEST_EXPECT_MSG_EQ(n.rx + n.drop + n.rxContext,
                              before.rx + before.drop + before.rxContext,
                              "no call after the disconnection");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * The atm-switch test suite.
 */
class AtmSwitchTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmSwitchTestSuite()
        : IsolatedTestSuite("atm-switch", Type::UNIT)
    {
        AddTestCase(new AtmSwitchRewriteTestCase);
        AddTestCase(new AtmSwitchUnknownVcTestCase);
        AddTestCase(new AtmSwitchMultiHopTestCase);
        AddTestCase(new AtmSwitchSimultaneousArrivalTestCase);
        AddTestCase(new AtmSwitchFabricTestCase);
        AddTestCase(new AtmVcLabelTestCase);
        AddTestCase(new AtmVcTableTestCase);
        AddTestCase(new AtmVcTableInOrderTestCase);
        AddTestCase(new AtmAsciiTraceTestCase);
        AddTestCase(new AtmSwitchAfterLinksTestCase);
        AddTestCase(new AtmSwitchSyncAllTestCase);
        AddTestCase(new AtmVcTraceTestCase);
    }
};

static AtmSwitchTestSuite g_atmSwitchTestSuite; //!< the suite
