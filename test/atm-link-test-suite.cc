/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of cell timing on an ATM link (AtmNetDevice + AtmChannel): a cell
// handed to an idle port at t arrives at t + 424 bits / cell rate + delay,
// back-to-back cells one cell time apart, and a cell costs two simulator
// events per hop. The cell times are written out by hand, and so is the
// fast path's bound on the cells that may arrive within a horizon. Flow-control
// cells at a port without flow control are dropped as NoFlowControl.

#include "atm-test-lambda.h"
#include "atm-test-suite.h"

#include "ns3/atm-cell-source-helper.h"
#include "ns3/atm-cell.h"
#include "ns3/atm-channel.h"
#include "ns3/atm-credit-cell.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-rm-cell.h"
#include "ns3/atm-switch-helper.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-vc-helper.h"
#include "ns3/atm-vc.h"
#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

using namespace ns3;

/**
 * @ingroup atm-tests
 * Cell timing between two hosts: arrival = send + cell time + delay for a
 * cell that finds the port idle, one cell time between back-to-back cells,
 * and a cell that finds the port busy waits for the one on the wire.
 */
class AtmLinkTimingTestCase : public TestCase
{
  public:
    /**
     * @param rate the line rate (DataRate attribute)
     * @param sonet the SonetFraming attribute
     * @param cellTimeNs the cell time by hand, in ns (rounded to the ns
     *        resolution of Time)
     */
    AtmLinkTimingTestCase(std::string rate, bool sonet, int64_t cellTimeNs)
        : TestCase("Cell timing at " + rate + (sonet ? " with" : " without") +
                   " SONET framing: arrival = send + 424 bits at the cell rate + delay"),
          m_rate(rate),
          m_sonet(sonet),
          m_cellTimeNs(cellTimeNs)
    {
    }

  private:
    /**
     * Hand one cell to the source port now.
     * @param seq its sequence number
     */
    void Send(uint32_t seq)
    {
        m_dev->SendCell(m_slot, AtmCell::MakeData(0, 0, seq, Simulator::Now()));
    }

    /**
     * A cell reached the destination host.
     * @param cell the cell
     */
    void Rx(const AtmCell& cell)
    {
        m_rxTimes.push_back(Simulator::Now());
        m_rxSeq.push_back(cell.GetSequence());
    }

    /**
     * A cell started on the wire at the source port.
     */
    void TxBegin(const AtmCell& /* cell */)
    {
        m_txTimes.push_back(Simulator::Now());
    }

    /**
     * The fast path's bound on the cells that may arrive within a horizon
     * (AtmChannel::MaxArrivalsWithin), 2.5 cell times into the five
     * back-to-back cells: two on the wire, and the sender may hand over
     * one more at each cell time of the window, both ends included (at 0,
     * T, 2T and 3T in a window of 3T: 4; 3 in one of 3T - 1 step).
     */
    void CheckBound()
    {
        Ptr<AtmChannel> ch = m_dev->GetAtmChannel();
        const uint32_t dst = ch->GetEndIndex(PeekPointer(m_rxDev));
        const int64_t d = ch->GetDelay().GetTimeStep();
        const int64_t t = m_dev->GetCellTime().GetTimeStep();
        NS_TEST_EXPECT_MSG_EQ(ch->MaxArrivalsWithin(dst, d), 2, "on the wire; window 0");
        NS_TEST_EXPECT_MSG_EQ(ch->MaxArrivalsWithin(dst, d + 1), 3, "a window of 1 step");
        NS_TEST_EXPECT_MSG_EQ(ch->MaxArrivalsWithin(dst, d + 3 * t - 1), 5, "3T - 1 step");
        NS_TEST_EXPECT_MSG_EQ(ch->MaxArrivalsWithin(dst, d + 3 * t), 6, "3T");
        NS_TEST_EXPECT_MSG_EQ(ch->MaxArrivalsWithin(1 - dst, d + 3 * t),
                              4,
                              "towards the sender: nothing on the wire");
        NS_TEST_EXPECT_MSG_EQ(ch->GetCellsOnWire(dst), 2, "two cells on the wire");
        NS_TEST_EXPECT_MSG_EQ(ch->MaxHandOversWithin(dst, d + 3 * t), 4, "3T, not on the wire");
        // A switch keeps the sum of the hand-overs while the timing stays.
        NS_TEST_EXPECT_MSG_EQ(AtmChannel::GetTimingGeneration(),
                              m_generation,
                              "sending cells changes no link's timing");
    }

    void DoRun() override
    {
        const Time delay = MicroSeconds(10);
        NodeContainer hosts;
        hosts.Create(2);
        AtmHelper atm;
        atm.SetDeviceAttribute("DataRate", DataRateValue(DataRate(m_rate)));
        atm.SetDeviceAttribute("SonetFraming", BooleanValue(m_sonet));
        atm.SetChannelAttribute("Delay", TimeValue(delay));
        uint64_t generation = AtmChannel::GetTimingGeneration();
        atm.Install(hosts.Get(0), hosts.Get(1));
        NS_TEST_EXPECT_MSG_GT(AtmChannel::GetTimingGeneration(),
                              generation,
                              "a link made changes the timing generation");
        AtmVcHelper vcHelper;
        Ptr<AtmVc> vc = vcHelper.Create(hosts);
        m_dev = vc->GetHopDevice(0);
        m_slot = vc->GetHopSlot(0);
        m_rxDev = vc->GetDestinationDevice();
        vc->GetDestinationDevice()->SetRxVcCallback(vc->GetDestinationSlot(),
                                                    MakeCallback(&AtmLinkTimingTestCase::Rx, this));
        m_dev->TraceConnectWithoutContext("PhyTxBegin",
                                          MakeCallback(&AtmLinkTimingTestCase::TxBegin, this));
        std::vector<Time> vcDelays;
        vc->TraceConnectWithoutContext(
            "Rx",
            atmtest::MakeLambdaCallback<void, const AtmCell&, Time>(
                [&vcDelays](const AtmCell&, Time d) { vcDelays.push_back(d); }));

        // The cell time by hand agrees with 424 bits at the payload rate
        // (26/27 of the line rate under SONET framing) to within 1 ns.
        const double line = static_cast<double>(DataRate(m_rate).GetBitRate());
        const double cellRate = line * (m_sonet ? 26.0 / 27.0 : 1.0) / 424.0;
        NS_TEST_EXPECT_MSG_EQ_TOL(static_cast<double>(m_cellTimeNs),
                                  1e9 / cellRate,
                                  1.0,
                                  "the cell time written in the test");
        const Time cellTime = NanoSeconds(m_cellTimeNs);
        NS_TEST_EXPECT_MSG_EQ(m_dev->GetCellTime(), cellTime, "GetCellTime");
        NS_TEST_EXPECT_MSG_EQ_TOL(m_dev->GetCellRate(), cellRate, cellRate * 1e-12, "GetCellRate");

        // One cell on an idle link; five back-to-back; then one cell while
        // another is on the wire (half a cell time later).
        const Time t0 = MilliSeconds(1);
        const Time t1 = MilliSeconds(2);
        const Time t2 = MilliSeconds(3);
        Simulator::Schedule(t0, &AtmLinkTimingTestCase::Send, this, 0);
        for (uint32_t k = 0; k < 5; ++k)
        {
            Simulator::Schedule(t1, &AtmLinkTimingTestCase::Send, this, 1 + k);
        }
        m_generation = AtmChannel::GetTimingGeneration();
        Simulator::Schedule(t1 + cellTime * 5 / 2, &AtmLinkTimingTestCase::CheckBound, this);
        Simulator::Schedule(t2, &AtmLinkTimingTestCase::Send, this, 6);
        Simulator::Schedule(t2 + NanoSeconds(m_cellTimeNs / 2),
                            &AtmLinkTimingTestCase::Send,
                            this,
                            7);
        Simulator::Run();

        std::vector<Time> expectTx = {t0};
        std::vector<Time> expectRx = {t0 + cellTime + delay};
        for (int k = 0; k < 5; ++k)
        {
            expectTx.push_back(t1 + k * cellTime);
            expectRx.push_back(t1 + (k + 1) * cellTime + delay);
        }
        expectTx.push_back(t2);
        expectRx.push_back(t2 + cellTime + delay);
        expectTx.push_back(t2 + cellTime);
        expectRx.push_back(t2 + 2 * cellTime + delay);

        NS_TEST_EXPECT_MSG_EQ(m_rxTimes.size(), expectRx.size(), "every cell arrived");
        NS_TEST_EXPECT_MSG_EQ(m_txTimes.size(), expectTx.size(), "every cell was sent");
        const std::size_t n = std::min(m_rxTimes.size(), m_txTimes.size());
        for (std::size_t i = 0; i < std::min(n, expectRx.size()); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(m_rxSeq[i], i, "cell " << i << " in order");
            NS_TEST_EXPECT_MSG_EQ(m_txTimes[i], expectTx[i], "cell " << i << " starts on the wire");
            NS_TEST_EXPECT_MSG_EQ(m_rxTimes[i], expectRx[i], "cell " << i << " arrives");
        }
        // The VC's Rx trace gives arrival - hand-in time of each cell.
        const std::vector<Time> sent =
            {t0, t1, t1, t1, t1, t1, t2, t2 + NanoSeconds(m_cellTimeNs / 2)};
        NS_TEST_EXPECT_MSG_EQ(vcDelays.size(), sent.size(), "Rx traced for every cell");
        for (std::size_t i = 0; i < std::min(vcDelays.size(), sent.size()); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(vcDelays[i], expectRx[i] - sent[i], "delay of cell " << i);
        }
        // Back-to-back arrivals are one cell time apart.
        for (std::size_t i = 2; i < std::min<std::size_t>(6, n); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(m_rxTimes[i] - m_rxTimes[i - 1], cellTime, "spacing " << i);
        }
        NS_TEST_EXPECT_MSG_EQ(vc->GetMinDelay(), cellTime + delay, "smallest VC delay");
        NS_TEST_EXPECT_MSG_EQ(vc->GetMaxDelay(), 5 * cellTime + delay, "largest VC delay");
        NS_TEST_EXPECT_MSG_EQ(m_dev->GetCellsTransmitted(), 8, "cells transmitted");
        NS_TEST_EXPECT_MSG_EQ(vc->GetDestinationDevice()->GetCellsReceived(), 8, "cells received");
        NS_TEST_EXPECT_MSG_EQ(m_dev->GetAtmChannel()->GetCellsInFlight(), 0, "link empty");
        NS_TEST_EXPECT_MSG_EQ(m_dev->GetAtmChannel()->GetDelay(), delay, "channel delay");
        // The timing a switch's bound depends on changes with a delay and
        // with a port's rate.
        generation = AtmChannel::GetTimingGeneration();
        m_dev->GetAtmChannel()->SetDelay(delay * 2);
        NS_TEST_EXPECT_MSG_GT(AtmChannel::GetTimingGeneration(), generation, "a delay set");
        generation = AtmChannel::GetTimingGeneration();
        m_rxDev->SetDataRate(DataRate("622.08Mbps"));
        NS_TEST_EXPECT_MSG_GT(AtmChannel::GetTimingGeneration(), generation, "a rate set");
        Simulator::Destroy();
    }

    std::string m_rate;            //!< line rate
    bool m_sonet;                  //!< SONET framing
    int64_t m_cellTimeNs;          //!< cell time by hand
    Ptr<AtmNetDevice> m_dev;       //!< source port
    Ptr<AtmNetDevice> m_rxDev;     //!< destination port
    uint32_t m_slot{0};            //!< VC slot at the source port
    uint64_t m_generation{0};      //!< the timing generation before the run
    std::vector<Time> m_txTimes;   //!< when cells started on the wire
    std::vector<Time> m_rxTimes;   //!< when cells arrived
    std::vector<uint32_t> m_rxSeq; //!< their sequence numbers
};

/**
 * @ingroup atm-tests
 * A cell costs two events per hop (end of transmission, arrival): a greedy
 * VC through host - switch - host runs at about 2 events per cell-hop.
 */
class AtmLinkEventCountTestCase : public TestCase
{
  public:
    AtmLinkEventCountTestCase()
        : TestCase("About 2 simulator events per cell-hop through host-switch-host")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(3);
        AtmSwitchHelper sw;
        sw.Install(nodes.Get(1));
        AtmHelper atm;
        atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(5)));
        atm.Install(nodes.Get(0), nodes.Get(1));
        atm.Install(nodes.Get(1), nodes.Get(2));
        AtmVcHelper vcHelper;
        Ptr<AtmVc> vc = vcHelper.Create(nodes);
        AtmCellSourceHelper greedy("ns3::AtmGreedySource");
        ApplicationContainer apps = greedy.Install(vc);
        apps.Start(Seconds(0));
        apps.Stop(MilliSeconds(5));

        const uint64_t before = Simulator::GetEventCount();
        Simulator::Run();
        const uint64_t events = Simulator::GetEventCount() - before;

        // 5 ms at 149.76 Mb/s of cells: about 1766 cells, all delivered.
        const uint64_t cells = vc->GetCellsReceived();
        NS_TEST_EXPECT_MSG_GT(cells, 1700, "the greedy VC ran at line rate");
        NS_TEST_EXPECT_MSG_EQ(cells, vc->GetCellsSent(), "every cell delivered");
        const double perCellHop = static_cast<double>(events) / (2.0 * cells);
        NS_TEST_EXPECT_MSG_LT_OR_EQ(perCellHop, 2.05, "events per cell-hop (" << events << ")");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(perCellHop, 1.0, "events were counted");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Flow-control cells that reach a host port without the flow control they
 * belong to (an RM cell where no ABR gate is installed, credit and
 * credit_check cells where neither credit end is) are dropped, counted
 * and traced with reason NoFlowControl; the VC's data cells pass.
 */
class AtmLinkNoFlowControlTestCase : public TestCase
{
  public:
    AtmLinkNoFlowControlTestCase()
        : TestCase("Flow-control cells at a port without flow control are dropped "
                   "(NoFlowControl)")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer hosts;
        hosts.Create(2);
        AtmHelper atm;
        uint64_t generation = AtmChannel::GetTimingGeneration();
        atm.Install(hosts.Get(0), hosts.Get(1));
        NS_TEST_EXPECT_MSG_GT(AtmChannel::GetTimingGeneration(),
                              generation,
                              "a link made changes the timing generation");
        AtmVcHelper vcHelper;
        Ptr<AtmVc> vc = vcHelper.Create(hosts);
        Ptr<AtmNetDevice> src = vc->GetHopDevice(0);
        Ptr<AtmNetDevice> dst = vc->GetDestinationDevice();
        const uint32_t slot = vc->GetHopSlot(0);

        std::map<std::string, uint32_t> drops;
        dst->TraceConnectWithoutContext(
            "Drop",
            atmtest::MakeLambdaCallback<void, const AtmCell&, const char*>(
                [&drops](const AtmCell&, const char* reason) { ++drops[reason]; }));
        uint32_t delivered = 0;
        vc->GetDestinationDevice()->SetRxVcCallback(
            vc->GetDestinationSlot(),
            atmtest::MakeLambdaCallback<void, const AtmCell&>(
                [&delivered](const AtmCell&) { ++delivered; }));

        // Over the wire: data, an RM cell on the VC, data.
        atmtest::Schedule(MilliSeconds(1), [src, slot]() {
            src->SendCell(slot, AtmCell::MakeData(0, 0, 0, Simulator::Now()));
            src->SendCell(slot, AtmRmCell::Make(0, 0));
            src->SendCell(slot, AtmCell::MakeData(0, 0, 1, Simulator::Now()));
        });
        // Handed to the port as if they came off the wire: a credit and a
        // credit_check cell for the VC (VPI 0, VCI 31, no VC of their own).
        AtmCreditCell store;
        AtmCreditCell::Records records;
        records.n = 1;
        records.record[0].vpi = 0;
        records.record[0].vci = 32; // never read: the cell is dropped first
        records.record[0].count = 2;
        const AtmCell update = store.Push(AtmCreditCell::UPDATE, records);
        const AtmCell check = store.Push(AtmCreditCell::CHECK, records);
        Simulator::Schedule(MilliSeconds(2), &AtmNetDevice::Receive, dst, update);
        Simulator::Schedule(MilliSeconds(3), &AtmNetDevice::Receive, dst, check);
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(delivered, 2, "both data cells delivered");
        NS_TEST_EXPECT_MSG_EQ(drops.size(), 1, "one drop reason");
        NS_TEST_EXPECT_MSG_EQ(drops[AtmNetDevice::NO_FLOW_CONTROL_DROP],
                              3,
                              "the RM, credit and credit_check cells");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsDropped(AtmNetDevice::NO_FLOW_CONTROL_DROP),
                              1,
                              "the VC counts its RM cell");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsReceived(), 2, "the VC received its 2 data cells");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * The atm-link test suite.
 */
class AtmLinkTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmLinkTestSuite()
        : IsolatedTestSuite("atm-link", Type::UNIT)
    {
        // OC-3c: 424 bits at 155.52 Mb/s * 26/27 = 149.76 Mb/s is
        // 2831.197 ns; 100 Mb/s unframed: 4240 ns.
        AddTestCase(new AtmLinkTimingTestCase("155.52Mbps", true, 2831));
        AddTestCase(new AtmLinkTimingTestCase("100Mbps", false, 4240));
        // OC-12c: 424 bits at 599.04 Mb/s = 707.799 ns.
        AddTestCase(new AtmLinkTimingTestCase("622.08Mbps", true, 708));
        AddTestCase(new AtmLinkEventCountTestCase);
        AddTestCase(new AtmLinkNoFlowControlTestCase);
    }
};

static AtmLinkTestSuite g_atmLinkTestSuite; //!< the suite
