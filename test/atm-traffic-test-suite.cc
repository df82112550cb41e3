/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of the cell sources and the sink: the rate each source produces
// (greedy at the port's cell rate, CBR at R / 424 bits, Poisson and on-off
// on average), what the sink measures (delay, loss, misordering, window),
// and per-VC cell conservation through a congested switch port.

#include "atm-test-lambda.h"
#include "atm-test-networks.h"
#include "atm-test-suite.h"

#include "ns3/application-container.h"
#include "ns3/atm-block-source.h"
#include "ns3/atm-cell-sink.h"
#include "ns3/atm-cell-source-helper.h"
#include "ns3/atm-cell-source.h"
#include "ns3/atm-cell.h"
#include "ns3/atm-channel.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-on-off-source.h"
#include "ns3/atm-poisson-source.h"
#include "ns3/atm-queue-disc.h"
#include "ns3/atm-switch-helper.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-vc-helper.h"
#include "ns3/atm-vc.h"
#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/error-model.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <list>
#include <map>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{

/// A VPI/VCI pair.
typedef std::pair<uint16_t, uint16_t> Label;

/**
 * A sink on the receiving end of a VC, receiving from @p start to @p stop.
 * @param vc the VC
 * @param start window start
 * @param stop window end
 * @return the sink
 */
Ptr<AtmCellSink>
InstallSink(Ptr<AtmVc> vc, Time start, Time stop)
{
    Ptr<AtmCellSink> sink = CreateObject<AtmCellSink>();
    sink->SetVc(vc);
    vc->GetDestinationDevice()->GetNode()->AddApplication(sink);
    sink->SetStartTime(start);
    sink->SetStopTime(stop);
    return sink;
}

/**
 * A sink (InstallSink) that also records when each cell it receives was
 * made.
 * @param vc the VC
 * @param start window start
 * @param stop window end
 * @param created the creation times, in order of arrival (outlives the run)
 * @return the sink
 */
Ptr<AtmCellSink>
InstallRecordingSink(Ptr<AtmVc> vc, Time start, Time stop, std::vector<Time>& created)
{
    Ptr<AtmCellSink> sink = InstallSink(vc, start, stop);
    sink->TraceConnectWithoutContext(
        "Rx",
        atmtest::MakeLambdaCallback<void, const AtmCell&>(
            [&created](const AtmCell& cell) { created.push_back(cell.GetTimestamp()); }));
    return sink;
}

/// Two hosts on one link.
struct TwoHosts
{
    NodeContainer hosts; //!< the hosts

    /**
     * @param rate line rate
     * @param sonet SONET framing
     * @param delay propagation delay
     */
    TwoHosts(const std::string& rate, bool sonet, Time delay)
    {
        hosts.Create(2);
        AtmHelper atm;
        atm.SetDeviceAttribute("DataRate", DataRateValue(DataRate(rate)));
        atm.SetDeviceAttribute("SonetFraming", BooleanValue(sonet));
        atm.SetChannelAttribute("Delay", TimeValue(delay));
        atm.Install(hosts.Get(0), hosts.Get(1));
    }
};

/**
 * Hand one cell with a chosen sequence number to a VC's source port.
 * @param vc the VC
 * @param seq the sequence number
 */
void
SendSeq(Ptr<AtmVc> vc, uint32_t seq)
{
    vc->NotifySent();
    vc->GetHopDevice(0)->SendCell(vc->GetHopSlot(0),
                                  AtmCell::MakeData(0, 0, seq, Simulator::Now()));
}

} // namespace

/**
 * @ingroup atm-tests
 * A greedy source on an otherwise idle path sends at the cell rate of the
 * port: 149.76e6 / 424 cells/s on OC-3c, to within one cell in a window.
 */
class AtmGreedyRateTestCase : public TestCase
{
  public:
    AtmGreedyRateTestCase()
        : TestCase("Greedy source on an idle VC sends at the port's cell rate")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(3);
        AtmSwitchHelper sw;
        sw.Install(nodes.Get(1));
        AtmHelper atm; // OC-3c: 155.52 Mb/s line, SONET framing
        atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(20)));
        atm.Install(nodes.Get(0), nodes.Get(1));
        atm.Install(nodes.Get(1), nodes.Get(2));
        AtmVcHelper vcHelper;
        Ptr<AtmVc> vc = vcHelper.Create(nodes);
        AtmCellSourceHelper greedy("ns3::AtmGreedySource");
        ApplicationContainer src = greedy.Install(vc);
        src.Start(Seconds(0));
        src.Stop(MilliSeconds(20));
        const Time start = MilliSeconds(5);
        const Time stop = MilliSeconds(15);
        Ptr<AtmCellSink> sink = InstallSink(vc, start, stop);
        Simulator::Run();

        // 149.76 Mb/s of 424-bit cells over 10 ms: 3532.08 cells.
        const double expected = 149.76e6 / 424 * (stop - start).GetSeconds();
        NS_TEST_EXPECT_MSG_EQ_TOL(static_cast<double>(sink->GetCellsReceived()),
                                  expected,
                                  1.0,
                                  "cells in the window");
        NS_TEST_EXPECT_MSG_EQ_TOL(sink->GetCellRate(),
                                  149.76e6 / 424,
                                  1.0 / (stop - start).GetSeconds(),
                                  "cell rate");
        NS_TEST_EXPECT_MSG_EQ_TOL(sink->GetThroughput(),
                                  149.76e6,
                                  424 / (stop - start).GetSeconds(),
                                  "throughput counts 424 bits a cell");
        NS_TEST_EXPECT_MSG_EQ(sink->GetCellsLost(), 0, "no loss");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsReceived(), vc->GetCellsSent(), "all delivered");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * A cell source on a node of another rank does not start: two VCs on one
 * switch, their source hosts made with system ids 0 and 1, in one process
 * (Simulator::GetSystemId() 0): the greedy source of system 0's host sends
 * its VC's cells, the CBR source of system 1's host, installed and started
 * the same way, sends none. Without the rule it would send 10 cells.
 */
class AtmSourceOfOtherRankTestCase : public TestCase
{
  public:
    AtmSourceOfOtherRankTestCase()
        : TestCase("A cell source on another rank's node stays silent")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<Node> mine = CreateObject<Node>(0);
        Ptr<Node> theirs = CreateObject<Node>(1);
        Ptr<Node> sw = CreateObject<Node>(0);
        Ptr<Node> dst = CreateObject<Node>(0);
        AtmSwitchHelper().Install(sw);
        AtmHelper atm;
        atm.Install(mine, sw);
        atm.Install(theirs, sw);
        atm.Install(sw, dst);
        AtmVcHelper vcHelper;
        Ptr<AtmVc> a = vcHelper.Create(NodeContainer(mine, sw, dst));
        Ptr<AtmVc> b = vcHelper.Create(NodeContainer(theirs, sw, dst));
        ApplicationContainer src = AtmCellSourceHelper("ns3::AtmGreedySource").Install(a);
        AtmCellSourceHelper cbr("ns3::AtmCbrSource");
        cbr.SetAttribute("Rate", DataRateValue(DataRate(424 * 10000))); // 10 000 cells/s
        src.Add(cbr.Install(b));
        src.Start(Seconds(0));
        src.Stop(MilliSeconds(1));
        Simulator::Stop(MilliSeconds(2));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_GT(a->GetCellsSent(), 300, "this rank's source sends");
        NS_TEST_EXPECT_MSG_EQ(a->GetCellsReceived(), a->GetCellsSent(), "and its cells arrive");
        NS_TEST_EXPECT_MSG_EQ(b->GetCellsSent(), 0, "the other rank's source does not");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * A greedy source keeps exactly Backlog cells in its VC's queue at the
 * host port while it runs (each cell that leaves is replaced at once), and
 * sends nothing after it stops: the queue drains and the VC's sent count
 * stays where it was.
 */
class AtmGreedyBacklogTestCase : public TestCase
{
  public:
    /// @param backlog the source's Backlog
    explicit AtmGreedyBacklogTestCase(uint32_t backlog)
        : TestCase("Greedy source keeps Backlog = " + std::to_string(backlog) +
                   " cells queued and stops when stopped"),
          m_backlog(backlog)
    {
    }

  private:
    void DoRun() override
    {
        atmtest::OneSwitchChain chain;
        Ptr<AtmNetDevice> port = chain.source;
        Ptr<AtmVc> vc = AtmVcHelper().Create(chain.nodes);
        AtmCellSourceHelper greedy("ns3::AtmGreedySource");
        greedy.SetAttribute("Backlog", UintegerValue(m_backlog));
        ApplicationContainer src = greedy.Install(vc);
        src.Start(MilliSeconds(1));
        src.Stop(MilliSeconds(5));
        const uint32_t slot = vc->GetHopSlot(0);
        std::vector<uint32_t> queued;
        for (int k = 0; k < 60; ++k)
        {
            // Every 50 us and 1 ns: between cell events (2.83 us apart).
            atmtest::Schedule(MilliSeconds(2) + NanoSeconds(50001 * k), [&queued, port, slot]() {
                queued.push_back(port->GetQueueDisc()->GetVcCells(slot));
            });
        }
        uint64_t sentAtStop = 0;
        atmtest::Schedule(MilliSeconds(5) + NanoSeconds(1),
                          [&sentAtStop, vc]() { sentAtStop = vc->GetCellsSent(); });
        Simulator::Stop(MilliSeconds(10));
        Simulator::Run();

        for (std::size_t k = 0; k < queued.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(queued[k], m_backlog, "cells queued, sample " << k);
        }
        NS_TEST_EXPECT_MSG_GT(sentAtStop, 1000, "the source ran");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsSent(), sentAtStop, "nothing sent after the stop");
        NS_TEST_EXPECT_MSG_EQ(port->GetQueueDisc()->GetVcCells(slot), 0, "the queue drained");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsReceived(), vc->GetCellsSent(), "every cell arrived");
        Simulator::Destroy();
    }

    uint32_t m_backlog; //!< Backlog
};

/**
 * @ingroup atm-tests
 * CBR sources at R send R / 424 cells a second: two CBR VCs (10 Mb/s,
 * whole-ns interval 42.4 us, and 3 Mb/s, 141.33 us) on one port.
 */
class AtmCbrRateTestCase : public TestCase
{
  public:
    AtmCbrRateTestCase()
        : TestCase("CBR at rate R gives R over 424 cells a second")
    {
    }

  private:
    void DoRun() override
    {
        TwoHosts net("155.52Mbps", true, MicroSeconds(10));
        AtmVcHelper vcHelper;
        const double rates[2] = {10e6, 3e6};
        std::vector<Ptr<AtmCellSink>> sinks;
        std::vector<Ptr<AtmVc>> vcs;
        const Time start = MilliSeconds(10);
        const Time stop = MilliSeconds(110);
        for (int i = 0; i < 2; ++i)
        {
            Ptr<AtmVc> vc = vcHelper.Create(net.hosts);
            AtmCellSourceHelper cbr("ns3::AtmCbrSource");
            cbr.SetAttribute("Rate", DataRateValue(DataRate(static_cast<uint64_t>(rates[i]))));
            ApplicationContainer src = cbr.Install(vc);
            src.Start(Seconds(0));
            src.Stop(MilliSeconds(120));
            sinks.push_back(InstallSink(vc, start, stop));
            vcs.push_back(vc);
        }
        Simulator::Run();
        for (int i = 0; i < 2; ++i)
        {
            // 10 Mb/s: 2358.49 cells in 100 ms; 3 Mb/s: 707.55.
            const double expected = rates[i] / 424 * (stop - start).GetSeconds();
            NS_TEST_EXPECT_MSG_EQ_TOL(static_cast<double>(sinks[i]->GetCellsReceived()),
                                      expected,
                                      1.0,
                                      "CBR " << rates[i] << " b/s: cells in the window");
            // Sent from 0 to 120 ms.
            NS_TEST_EXPECT_MSG_EQ_TOL(static_cast<double>(vcs[i]->GetCellsSent()),
                                      rates[i] / 424 * 0.120,
                                      1.0,
                                      "CBR " << rates[i] << " b/s: cells sent");
            NS_TEST_EXPECT_MSG_EQ(sinks[i]->GetCellsLost(), 0, "no loss");
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * A Poisson source at mean rate R: R / 424 cells a second within 3% over a
 * long run with a fixed seed, and exponential gaps (coefficient of
 * variation near 1, where a CBR source has 0).
 */
class AtmPoissonRateTestCase : public TestCase
{
  public:
    AtmPoissonRateTestCase()
        : TestCase("Poisson source: mean rate within 3 percent, exponential gaps")
    {
    }

  private:
    /**
     * Record the creation time of a received cell.
     * @param cell the cell
     */
    void Rx(const AtmCell& cell)
    {
        m_created.push_back(cell.GetTimestamp());
    }

    void DoRun() override
    {
        const uint32_t seed = RngSeedManager::GetSeed();
        const uint64_t run = RngSeedManager::GetRun();
        RngSeedManager::SetSeed(3);
        RngSeedManager::SetRun(1);

        TwoHosts net("155.52Mbps", true, MicroSeconds(10));
        AtmVcHelper vcHelper;
        Ptr<AtmVc> vc = vcHelper.Create(net.hosts);
        AtmCellSourceHelper poisson("ns3::AtmPoissonSource");
        const double rate = 10e6;
        poisson.SetAttribute("Rate", DataRateValue(DataRate(static_cast<uint64_t>(rate))));
        ApplicationContainer src = poisson.Install(vc);
        DynamicCast<AtmPoissonSource>(src.Get(0))->AssignStreams(17);
        const Time duration = Seconds(1);
        src.Start(Seconds(0));
        src.Stop(duration);
        Ptr<AtmCellSink> sink = InstallSink(vc, Seconds(0), duration + MilliSeconds(1));
        sink->TraceConnectWithoutContext("Rx", MakeCallback(&AtmPoissonRateTestCase::Rx, this));
        Simulator::Run();

        // 10 Mb/s of 424-bit cells: 23584.9 cells a second.
        const double expected = rate / 424 * duration.GetSeconds();
        const auto sent = static_cast<double>(vc->GetCellsSent());
        NS_TEST_EXPECT_MSG_EQ_TOL(sent, expected, 0.03 * expected, "mean rate");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsReceived(), vc->GetCellsSent(), "all delivered");
        NS_TEST_EXPECT_MSG_GT(m_created.size(), 1000, "cells recorded");
        double sum = 0;
        double sum2 = 0;
        for (std::size_t i = 1; i < m_created.size(); ++i)
        {
            const double g = (m_created[i] - m_created[i - 1]).GetSeconds();
            sum += g;
            sum2 += g * g;
        }
        const double n = static_cast<double>(std::max<std::size_t>(m_created.size(), 2) - 1);
        const double mean = sum / n;
        const double cv = std::sqrt(sum2 / n - mean * mean) / mean;
        NS_TEST_EXPECT_MSG_EQ_TOL(mean, 424 / rate, 0.03 * 424 / rate, "mean gap");
        NS_TEST_EXPECT_MSG_EQ_TOL(cv, 1.0, 0.05, "exponential gaps have CV 1");

        RngSeedManager::SetSeed(seed);
        RngSeedManager::SetRun(run);
        Simulator::Destroy();
    }

    std::vector<Time> m_created; //!< creation times of the received cells
};

/**
 * @ingroup atm-tests
 * On-off sources: with constant on and off times the count is exact
 * (100-cell bursts every 2 ms); with exponential ones the average rate is
 * PeakRate * on / (on + off) within 5%.
 */
class AtmOnOffRateTestCase : public TestCase
{
  public:
    AtmOnOffRateTestCase()
        : TestCase("On-off source: average rate = peak x on over (on + off)")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t seed = RngSeedManager::GetSeed();
        const uint64_t run = RngSeedManager::GetRun();
        RngSeedManager::SetSeed(5);
        RngSeedManager::SetRun(2);

        TwoHosts net("155.52Mbps", true, MicroSeconds(10));
        AtmVcHelper vcHelper;

        // Constant: 42.4 Mb/s is one cell every 10 us; 1 ms on = 100 cells
        // (0 to 990 us), then 10 us + 1 ms off: a burst every 2 ms.
        Ptr<AtmVc> fixed = vcHelper.Create(net.hosts);
        AtmCellSourceHelper c("ns3::AtmOnOffSource");
        c.SetAttribute("PeakRate", DataRateValue(DataRate("42.4Mbps")));
        c.SetAttribute("OnTime", StringValue("ns3::ConstantRandomVariable[Constant=0.001]"));
        c.SetAttribute("OffTime", StringValue("ns3::ConstantRandomVariable[Constant=0.001]"));
        ApplicationContainer a = c.Install(fixed);
        a.Start(Seconds(0));
        a.Stop(MicroSeconds(19500)); // 10 bursts: 0, 2, ..., 18 ms
        std::vector<Time> created;
        InstallRecordingSink(fixed, Seconds(0), Seconds(3), created);

        // Exponential, mean 0.2 ms on and 0.2 ms off, peak 50 Mb/s: 25 Mb/s.
        Ptr<AtmVc> expo = vcHelper.Create(net.hosts);
        AtmCellSourceHelper e("ns3::AtmOnOffSource");
        e.SetAttribute("PeakRate", DataRateValue(DataRate("50Mbps")));
        e.SetAttribute("OnTime", StringValue("ns3::ExponentialRandomVariable[Mean=0.0002]"));
        e.SetAttribute("OffTime", StringValue("ns3::ExponentialRandomVariable[Mean=0.0002]"));
        ApplicationContainer b = e.Install(expo);
        DynamicCast<AtmOnOffSource>(b.Get(0))->AssignStreams(31);
        const Time duration = Seconds(2);
        b.Start(Seconds(0));
        b.Stop(duration);
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(fixed->GetCellsSent(), 1000, "10 bursts of 100 cells");
        NS_TEST_EXPECT_MSG_EQ(created.size(), 1000, "all received");
        for (uint32_t k = 0; k < 10 && created.size() == 1000; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(created[100 * k], MilliSeconds(2 * k), "burst " << k << " start");
            NS_TEST_EXPECT_MSG_EQ(created[100 * k + 99],
                                  MilliSeconds(2 * k) + MicroSeconds(990),
                                  "burst " << k << " end");
        }
        const double expected = 50e6 * 0.5 / 424 * duration.GetSeconds(); // 117924.5
        NS_TEST_EXPECT_MSG_EQ_TOL(static_cast<double>(expo->GetCellsSent()),
                                  expected,
                                  0.05 * expected,
                                  "exponential on-off mean rate");
        RngSeedManager::SetSeed(seed);
        RngSeedManager::SetRun(run);
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * A rate changed while the source runs takes effect: the CBR source and
 * the on-off source work out their gap between cells once per rate, so a
 * gap kept from the old rate would show here. Cells are 10 us apart at
 * 42.4 Mb/s; the rate halves at 1.005 ms (between two cells), so from the
 * cell after it on they are 20 us apart.
 */
class AtmRateChangeTestCase : public TestCase
{
  public:
    /**
     * @param type the source's TypeId name
     * @param attribute its rate attribute
     */
    AtmRateChangeTestCase(const std::string& type, const std::string& attribute)
        : TestCase(type + ": " + attribute + " changed while it runs sets the gap"),
          m_type(type),
          m_attribute(attribute)
    {
    }

  private:
    void DoRun() override
    {
        TwoHosts net("155.52Mbps", true, MicroSeconds(10));
        AtmVcHelper vcHelper;
        Ptr<AtmVc> vc = vcHelper.Create(net.hosts);
        AtmCellSourceHelper helper(m_type);
        helper.SetAttribute(m_attribute, DataRateValue(DataRate("42.4Mbps")));
        if (m_type == "ns3::AtmOnOffSource")
        {
            // One burst longer than the run: every cell at the peak rate.
            helper.SetAttribute("OnTime", StringValue("ns3::ConstantRandomVariable[Constant=1]"));
        }
        ApplicationContainer src = helper.Install(vc);
        src.Start(Seconds(0));
        src.Stop(MilliSeconds(2));
        std::vector<Time> created;
        InstallRecordingSink(vc, Seconds(0), MilliSeconds(3), created);
        Ptr<Application> app = src.Get(0);
        const std::string attribute = m_attribute;
        atmtest::Schedule(MicroSeconds(1005), [app, attribute]() {
            app->SetAttribute(attribute, DataRateValue(DataRate("21.2Mbps")));
        });
        Simulator::Run();
        Simulator::Destroy();

        // 0, 10, ..., 1010 us at the old rate (the cell at 1010 us was due
        // when the rate changed), then every 20 us up to 1990 us.
        uint32_t fast = 0;
        uint32_t slow = 0;
        for (std::size_t i = 1; i < created.size(); ++i)
        {
            const Time gap = created[i] - created[i - 1];
            const Time expected =
                created[i] <= MicroSeconds(1010) ? MicroSeconds(10) : MicroSeconds(20);
            NS_TEST_EXPECT_MSG_EQ(gap,
                                  expected,
                                  "gap before the cell at " << created[i].As(Time::US));
            (gap == MicroSeconds(10) ? fast : slow) += 1;
        }
        NS_TEST_EXPECT_MSG_EQ(fast, 101, "gaps at 42.4 Mb/s");
        NS_TEST_EXPECT_MSG_EQ(slow, 49, "gaps at 21.2 Mb/s");
    }

    std::string m_type;      //!< the source's TypeId name
    std::string m_attribute; //!< its rate attribute
};

/**
 * @ingroup atm-tests
 * What the sink measures: delay (cell time + propagation delay on an idle
 * link), cells lost (sequence gaps from cells dropped by a receive error
 * model), cells out of order, and only inside its window.
 */
class AtmSinkTestCase : public TestCase
{
  public:
    AtmSinkTestCase()
        : TestCase("Cell sink: delay, lost and misordered cells, measurement window")
    {
    }

  private:
    void DoRun() override
    {
        // 100 Mb/s unframed: 4.24 us a cell; 10 us delay. One pair of hosts
        // for the lossy VC, another for the rest.
        TwoHosts lossy("100Mbps", false, MicroSeconds(10));
        TwoHosts net("100Mbps", false, MicroSeconds(10));
        AtmVcHelper vcHelper;

        // Delay and loss: 20 CBR cells at 1 Mb/s (424 us apart, no queue);
        // the receiver's error model destroys three of them.
        Ptr<AtmVc> cbrVc = vcHelper.Create(lossy.hosts);
        AtmCellSourceHelper cbr("ns3::AtmCbrSource");
        cbr.SetAttribute("Rate", DataRateValue(DataRate("1Mbps")));
        ApplicationContainer src = cbr.Install(cbrVc);
        src.Start(Seconds(0));
        src.Stop(MicroSeconds(424 * 19 + 100)); // cells at 0, 424 us, ..., 19 x 424 us
        Ptr<AtmCellSink> sink = InstallSink(cbrVc, Seconds(0), Seconds(1));
        Ptr<ReceiveListErrorModel> em = CreateObject<ReceiveListErrorModel>();
        em->SetList(std::list<uint32_t>{4, 9, 10});
        Ptr<AtmNetDevice> dst = cbrVc->GetDestinationDevice();
        dst->SetAttribute("ReceiveErrorModel", PointerValue(em));
        std::vector<uint32_t> dropped;
        dst->TraceConnectWithoutContext(
            "Drop",
            atmtest::MakeLambdaCallback<void, const AtmCell&, const char*>(
                [&dropped](const AtmCell& cell, const char*) {
                    dropped.push_back(cell.GetSequence());
                }));

        // Order: cells 0 1 2 5 3 6 on a second VC. At 5, 3 and 4 count as
        // lost; 3 then arrives out of order; 6 follows 5 with no gap.
        Ptr<AtmVc> oooVc = vcHelper.Create(net.hosts);
        Ptr<AtmCellSink> oooSink = InstallSink(oooVc, Seconds(0), Seconds(1));
        const uint32_t order[6] = {0, 1, 2, 5, 3, 6};
        for (uint32_t i = 0; i < 6; ++i)
        {
            Simulator::Schedule(MilliSeconds(20) + MicroSeconds(100 * i),
                                &SendSeq,
                                oooVc,
                                order[i]);
        }

        // Window: the sink of a third VC listens from 1 ms to 2 ms only.
        Ptr<AtmVc> winVc = vcHelper.Create(net.hosts);
        Ptr<AtmCellSink> winSink = InstallSink(winVc, MilliSeconds(1), MilliSeconds(2));
        const Time sends[6] = {MicroSeconds(500),
                               MicroSeconds(980),
                               MicroSeconds(1500),
                               MicroSeconds(1600),
                               MicroSeconds(1900),
                               MicroSeconds(2500)};
        for (uint32_t i = 0; i < 6; ++i)
        {
            Simulator::Schedule(sends[i], &SendSeq, winVc, i);
        }
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(cbrVc->GetCellsSent(), 20, "20 CBR cells sent");
        NS_TEST_EXPECT_MSG_EQ(dropped.size(), 3, "3 cells destroyed");
        NS_TEST_EXPECT_MSG_EQ(cbrVc->GetCellsDropped("HecError"), 3, "charged to the VC");
        NS_TEST_EXPECT_MSG_EQ(sink->GetCellsReceived(), 17, "17 received");
        NS_TEST_EXPECT_MSG_EQ(sink->GetCellsLost(), 3, "3 lost");
        NS_TEST_EXPECT_MSG_EQ(sink->GetCellsMisordered(), 0, "none misordered");
        const Time d = NanoSeconds(4240) + MicroSeconds(10);
        NS_TEST_EXPECT_MSG_EQ(sink->GetMeanDelay(), d, "mean delay = cell time + delay");
        NS_TEST_EXPECT_MSG_EQ(sink->GetMaxDelay(), d, "max delay = cell time + delay");

        NS_TEST_EXPECT_MSG_EQ(oooSink->GetCellsReceived(), 6, "6 received");
        NS_TEST_EXPECT_MSG_EQ(oooSink->GetCellsLost(), 2, "3 and 4 counted lost at 5");
        NS_TEST_EXPECT_MSG_EQ(oooSink->GetCellsMisordered(), 1, "3 out of order");

        // Sent at 0.98 ms, the second cell arrives at 0.99424 ms: outside.
        // Inside: cells sent at 1.5, 1.6 and 1.9 ms.
        NS_TEST_EXPECT_MSG_EQ(winSink->GetCellsReceived(), 3, "3 cells in the window");
        NS_TEST_EXPECT_MSG_EQ(winSink->GetCellsLost(), 0, "the cells before it are not lost");
        NS_TEST_EXPECT_MSG_EQ_TOL(winSink->GetCellRate(), 3000.0, 1e-6, "3 cells in 1 ms");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Two greedy VCs from two hosts into one switch output port of MaxCells 50
 * on a 10 Mb/s link. For each VC, at any time:
 * sent = received + dropped + queued + in flight (counted here from the
 * port traces); after the sources stop and the network drains, queued and
 * in flight are 0, sent = received + dropped, and the drops by reason add
 * up to the drops.
 */
class AtmConservationNetworkTestCase : public TestCase
{
  public:
    /**
     * @param queueType the switch queue disc
     * @param bufferManagement its BufferManagement (per-VC only), or ""
     */
    AtmConservationNetworkTestCase(std::string queueType, std::string bufferManagement)
        : TestCase("Per-VC conservation through a congested " + queueType +
                   (bufferManagement.empty() ? "" : " " + bufferManagement) + " port"),
          m_queueType(queueType),
          m_bufferManagement(bufferManagement)
    {
    }

  private:
    /**
     * A cell starts on a link.
     * @param byLabel VC index by the link's label, or -1 for every cell
     * @param vc VC index if @p byLabel is not used
     * @param cell the cell
     */
    void TxBegin(std::map<uint32_t, int>* byLabel, int vc, const AtmCell& cell)
    {
        ++m_inFlight[byLabel ? byLabel->at(cell.GetLabel()) : vc];
    }

    /**
     * A cell arrives from a link.
     * @param byLabel VC index by the link's label, or -1 for every cell
     * @param vc VC index if @p byLabel is not used
     * @param cell the cell
     */
    void RxEnd(std::map<uint32_t, int>* byLabel, int vc, const AtmCell& cell)
    {
        --m_inFlight[byLabel ? byLabel->at(cell.GetLabel()) : vc];
    }

    /// Check sent = received + dropped + queued + in flight for each VC.
    void Check()
    {
        int64_t flying = 0;
        for (int i = 0; i < 2; ++i)
        {
            Ptr<AtmVc> vc = m_vcs[i];
            NS_TEST_EXPECT_MSG_EQ(vc->GetCellsSent(),
                                  vc->GetCellsReceived() + vc->GetCellsDropped() +
                                      vc->GetCellsQueued() + m_inFlight[i],
                                  "VC " << i << " at " << Simulator::Now().As(Time::US));
            flying += m_inFlight[i];
        }
        uint32_t onLinks = 0;
        for (const auto& ch : m_channels)
        {
            onLinks += ch->GetCellsInFlight();
        }
        NS_TEST_EXPECT_MSG_EQ(flying, onLinks, "cells in flight, by trace and by link");
        ++m_checks;
    }

    void DoRun() override
    {
        // h0, h1 -> switch -> h2
        NodeContainer nodes;
        nodes.Create(4);
        Ptr<Node> sw = nodes.Get(2);
        AtmSwitchHelper swHelper;
        if (m_bufferManagement.empty())
        {
            swHelper.SetQueueDisc(m_queueType, "MaxCells", UintegerValue(50));
        }
        else
        {
            swHelper.SetQueueDisc(m_queueType,
                                  "MaxCells",
                                  UintegerValue(50),
                                  "BufferManagement",
                                  StringValue(m_bufferManagement));
        }
        swHelper.Install(sw);
        AtmHelper fast; // OC-3c
        fast.SetChannelAttribute("Delay", TimeValue(MicroSeconds(20)));
        AtmHelper slow;
        slow.SetDeviceAttribute("DataRate", DataRateValue(DataRate("10Mbps")));
        slow.SetDeviceAttribute("SonetFraming", BooleanValue(false));
        slow.SetChannelAttribute("Delay", TimeValue(MicroSeconds(50)));
        NetDeviceContainer l0 = fast.Install(nodes.Get(0), sw);
        NetDeviceContainer l1 = fast.Install(nodes.Get(1), sw);
        NetDeviceContainer l2 = slow.Install(sw, nodes.Get(3));
        for (const auto* l : {&l0, &l1, &l2})
        {
            m_channels.push_back(DynamicCast<AtmNetDevice>(l->Get(0))->GetAtmChannel());
        }

        AtmVcHelper vcHelper;
        m_vcs[0] = vcHelper.Create(NodeContainer(nodes.Get(0), sw, nodes.Get(3)),
                                   {Label(0, 32), Label(0, 40)},
                                   "A");
        m_vcs[1] = vcHelper.Create(NodeContainer(nodes.Get(1), sw, nodes.Get(3)),
                                   {Label(0, 32), Label(0, 41)},
                                   "B");
        // In flight, counted from the traces of both ends of each link.
        std::map<uint32_t, int> outLabels = {{40, 0}, {41, 1}};
        std::map<uint32_t, int>* const none = nullptr;
        const auto tx = &AtmConservationNetworkTestCase::TxBegin;
        const auto rx = &AtmConservationNetworkTestCase::RxEnd;
        l0.Get(0)->TraceConnectWithoutContext("PhyTxBegin",
                                              MakeCallback(tx, this).Bind(none).Bind(0));
        l0.Get(1)->TraceConnectWithoutContext("PhyRxEnd",
                                              MakeCallback(rx, this).Bind(none).Bind(0));
        l1.Get(0)->TraceConnectWithoutContext("PhyTxBegin",
                                              MakeCallback(tx, this).Bind(none).Bind(1));
        l1.Get(1)->TraceConnectWithoutContext("PhyRxEnd",
                                              MakeCallback(rx, this).Bind(none).Bind(1));
        l2.Get(0)->TraceConnectWithoutContext("PhyTxBegin",
                                              MakeCallback(tx, this).Bind(&outLabels).Bind(-1));
        l2.Get(1)->TraceConnectWithoutContext("PhyRxEnd",
                                              MakeCallback(rx, this).Bind(&outLabels).Bind(-1));

        AtmCellSourceHelper greedy("ns3::AtmGreedySource");
        ApplicationContainer src = greedy.Install(std::vector<Ptr<AtmVc>>{m_vcs[0], m_vcs[1]});
        src.Start(Seconds(0));
        src.Stop(MilliSeconds(5));
        std::vector<Ptr<AtmCellSink>> sinks;
        for (const auto& vc : m_vcs)
        {
            sinks.push_back(InstallSink(vc, Seconds(0), Seconds(10)));
        }
        // Checks while cells are on every link and in every queue.
        for (int k = 1; k <= 40; ++k)
        {
            Simulator::Schedule(MicroSeconds(173 * k),
                                &AtmConservationNetworkTestCase::Check,
                                this);
        }
        Simulator::Run(); // until every cell is delivered or dropped

        NS_TEST_EXPECT_MSG_EQ(m_checks, 40, "40 checks ran");
        Ptr<AtmQueueDisc> swq = DynamicCast<AtmNetDevice>(l2.Get(0))->GetQueueDisc();
        NS_TEST_EXPECT_MSG_EQ(swq->GetMaxCellsSeen(), 50, "the switch buffer filled");
        uint64_t dropsAtSwitch = 0;
        for (int i = 0; i < 2; ++i)
        {
            Ptr<AtmVc> vc = m_vcs[i];
            NS_TEST_EXPECT_MSG_EQ(vc->GetCellsQueued(), 0, "VC " << i << " drained");
            NS_TEST_EXPECT_MSG_EQ(m_inFlight[i], 0, "VC " << i << " nothing in flight");
            NS_TEST_EXPECT_MSG_GT(vc->GetCellsDropped(), 100, "VC " << i << " congested");
            NS_TEST_EXPECT_MSG_GT(vc->GetCellsReceived(), 20, "VC " << i << " got through");
            NS_TEST_EXPECT_MSG_EQ(vc->GetCellsSent(),
                                  vc->GetCellsReceived() + vc->GetCellsDropped(),
                                  "VC " << i << ": sent = received + dropped");
            uint64_t byReason = 0;
            for (const auto& r : vc->GetDropsByReason())
            {
                byReason += r.second;
                NS_TEST_EXPECT_MSG_EQ((r.first == "Overflow" || r.first == "PushOut"),
                                      true,
                                      "reason " << r.first);
            }
            NS_TEST_EXPECT_MSG_EQ(byReason, vc->GetCellsDropped(), "drops by reason add up");
            NS_TEST_EXPECT_MSG_EQ(sinks[i]->GetCellsReceived(),
                                  vc->GetCellsReceived(),
                                  "the sink saw every delivered cell");
            NS_TEST_EXPECT_MSG_EQ(sinks[i]->GetCellsMisordered(), 0, "in order");
            NS_TEST_EXPECT_MSG_EQ(vc->GetCellsSent(),
                                  DynamicCast<AtmCellSource>(src.Get(i))->GetCellsSent(),
                                  "the source and the VC agree");
            dropsAtSwitch += vc->GetCellsDropped();
        }
        NS_TEST_EXPECT_MSG_EQ(swq->GetNDropped(), dropsAtSwitch, "every drop at the switch");
        NS_TEST_EXPECT_MSG_EQ(swq->GetNDropped(),
                              swq->GetNDropped("Overflow") + swq->GetNDropped("PushOut"),
                              "switch drops by reason add up");
        if (m_bufferManagement == "PushOut")
        {
            NS_TEST_EXPECT_MSG_GT(swq->GetNDropped("PushOut"), 0, "cells were pushed out");
        }
        Simulator::Destroy();
    }

    std::string m_queueType;                 //!< switch queue disc
    std::string m_bufferManagement;          //!< its buffer management
    Ptr<AtmVc> m_vcs[2];                     //!< the VCs
    int64_t m_inFlight[2]{0, 0};             //!< cells of each VC on a link
    std::vector<Ptr<AtmChannel>> m_channels; //!< the links
    uint32_t m_checks{0};                    //!< checks run
};

/**
 * @ingroup atm-tests
 * Cells destroyed by a receive error model (HEC errors) are charged to
 * their VC on a switch input port as on a host port, so that
 * sent = received + dropped still holds.
 */
class AtmHecDropConservationTestCase : public TestCase
{
  public:
    AtmHecDropConservationTestCase()
        : TestCase("HEC drops at a switch input and at a host are charged to the VC")
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
        NetDeviceContainer in = atm.Install(nodes.Get(0), nodes.Get(1));
        NetDeviceContainer out = atm.Install(nodes.Get(1), nodes.Get(2));
        AtmVcHelper vcHelper;
        Ptr<AtmVc> vc = vcHelper.Create(nodes);
        // Three cells destroyed at the switch's input, one at host 2.
        Ptr<ReceiveListErrorModel> swErrors = CreateObject<ReceiveListErrorModel>();
        swErrors->SetList(std::list<uint32_t>{3, 7, 9});
        in.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(swErrors));
        Ptr<ReceiveListErrorModel> hostErrors = CreateObject<ReceiveListErrorModel>();
        hostErrors->SetList(std::list<uint32_t>{5});
        out.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(hostErrors));
        uint32_t traced = 0;
        for (const auto& d : {in.Get(1), out.Get(1)})
        {
            d->TraceConnectWithoutContext(
                "Drop",
                atmtest::MakeLambdaCallback<void, const AtmCell&, const char*>(
                    [&traced](const AtmCell&, const char* reason) {
                        traced += std::string(reason) == "HecError";
                    }));
        }
        AtmCellSourceHelper cbr("ns3::AtmCbrSource"); // 10 Mb/s: every 42.4 us
        ApplicationContainer src = cbr.Install(vc);
        src.Start(Seconds(0));
        src.Stop(MicroSeconds(42.4 * 29 + 10)); // 30 cells
        Ptr<AtmCellSink> sink = InstallSink(vc, Seconds(0), Seconds(1));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsSent(), 30, "30 cells sent");
        NS_TEST_EXPECT_MSG_EQ(traced, 4, "4 HEC drops traced by the ports");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsDropped("HecError"), 4, "all 4 charged to the VC");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsReceived(), 26, "26 received");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsSent(),
                              vc->GetCellsReceived() + vc->GetCellsDropped(),
                              "sent = received + dropped");
        NS_TEST_EXPECT_MSG_EQ(sink->GetCellsLost(), 4, "the sink sees 4 gaps");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * The atm-traffic test suite.
 */
/**
 * @ingroup atm-tests
 * Block transfers (Roberts): 10-cell blocks on a 4.24 Mb/s link without
 * framing (100 us a cell) with 1 ms of delay, a constant 2 ms think time.
 * A block queued at t has its last cell on the wire until t + 1 ms and at
 * the destination at t + 2 ms; the next starts 2 ms later. Blocks start at
 * 2, 6, 10, 14, 18 ms and finish at 4, 8, 12, 16, 20 ms, each after
 * exactly 2 ms. Stopped at 21 ms, in the think time, the source never
 * queues the sixth; stopped at 19 ms, while the fifth is on its way, the
 * fifth still finishes at 20 ms and no sixth follows it.
 */
class AtmBlockSourceTestCase : public TestCase
{
  public:
    /**
     * @param stop when the source stops
     */
    explicit AtmBlockSourceTestCase(Time stop)
        : TestCase("Block source: next block a think time after the last cell arrives, none "
                   "after a stop at " +
                   std::to_string(stop.GetMilliSeconds()) + " ms"),
          m_stop(stop)
    {
    }

  private:
    void DoRun() override
    {
        TwoHosts net("4.24Mbps", false, MilliSeconds(1));
        Ptr<AtmVc> vc = AtmVcHelper().Create(net.hosts);
        AtmCellSourceHelper blocks("ns3::AtmBlockSource");
        blocks.SetAttribute("BlockSize", UintegerValue(10));
        blocks.SetAttribute("ThinkTime",
                            StringValue("ns3::ConstantRandomVariable[Constant=0.002]"));
        ApplicationContainer app = blocks.Install(vc);
        app.Start(Seconds(0));
        app.Stop(m_stop);
        std::vector<std::pair<Time, Time>> done; // (finish, transfer time)
        app.Get(0)->TraceConnectWithoutContext(
            "BlockDone",
            MakeCallback(+[](std::vector<std::pair<Time, Time>>* d, Time transfer) {
                d->emplace_back(Simulator::Now(), transfer);
            }).Bind(&done));
        Simulator::Stop(MilliSeconds(30));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(done.size(), 5, "five blocks");
        for (std::size_t k = 0; k < done.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(done[k].first, MilliSeconds(4 + 4 * k), "block " << k << " ends");
            NS_TEST_EXPECT_MSG_EQ(done[k].second, MilliSeconds(2), "block " << k << " takes 2 ms");
        }
        Ptr<AtmBlockSource> source = DynamicCast<AtmBlockSource>(app.Get(0));
        NS_TEST_EXPECT_MSG_EQ(source->GetBlocksDone(), 5, "GetBlocksDone");
        NS_TEST_EXPECT_MSG_EQ(source->GetCellsSent(), 50, "no block after the stop");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsReceived(), 50, "every cell delivered");
        Simulator::Destroy();
    }

    Time m_stop; //!< when the source stops
};

/**
 * @ingroup atm-tests
 * An AtmVc's rarely used parts (name, drops by reason, AAL5 counters, the
 * Rx and Drop trace sources) live in a part made on first use: the getters
 * read zero before, and the trace sources connect, with and without a
 * context, and disconnect through it.
 */
class AtmVcColdPartTestCase : public TestCase
{
  public:
    AtmVcColdPartTestCase()
        : TestCase("AtmVc: name, drops, AAL5 counters and trace sources made on first use")
    {
    }

  private:
    /// Drop trace sink with a context.
    void Dropped(std::string context, const AtmCell& /* cell */, const char* reason)
    {
        m_drops.push_back(context + ":" + reason);
    }

    /// Rx trace sink.
    void Received(const AtmCell& cell, Time /* delay */)
    {
        m_rx.push_back(cell.GetSequence());
    }

    void DoRun() override
    {
        Ptr<AtmVc> vc = CreateObject<AtmVc>();
        NS_TEST_EXPECT_MSG_EQ(vc->GetName(), "vc" + std::to_string(vc->GetId()), "default name");
        NS_TEST_EXPECT_MSG_EQ(vc->GetDropsByReason().size(), 0, "no drops yet");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsDropped("Overflow"), 0, "no Overflow drop yet");
        NS_TEST_EXPECT_MSG_EQ(vc->GetFramesDropped(), 0, "no frame drop yet");
        NS_TEST_EXPECT_MSG_EQ(vc->GetBytesReceived(), 0, "no frame yet");
        NS_TEST_EXPECT_MSG_EQ(vc->IsDropObserved(), false, "nobody listens yet");
        vc->SetName("");
        NS_TEST_EXPECT_MSG_EQ(vc->GetName(), "vc" + std::to_string(vc->GetId()), "still default");

        const AtmCell cell = AtmCell::MakeData(0, 32, 7, Seconds(0));
        vc->NotifyReceived(cell); // nobody connected: counted only
        NS_TEST_ASSERT_MSG_EQ(
            vc->TraceConnect("Drop", "ctx", MakeCallback(&AtmVcColdPartTestCase::Dropped, this)),
            true,
            "Drop connects");
        NS_TEST_ASSERT_MSG_EQ(
            vc->TraceConnectWithoutContext("Rx",
                                           MakeCallback(&AtmVcColdPartTestCase::Received, this)),
            true,
            "Rx connects");
        NS_TEST_EXPECT_MSG_EQ(vc->IsDropObserved(), true, "Drop listened to");
        vc->NotifyDrop(cell, "Overflow");
        vc->NotifyReceived(cell);
        vc->TraceDisconnect("Drop", "ctx", MakeCallback(&AtmVcColdPartTestCase::Dropped, this));
        vc->TraceDisconnectWithoutContext("Rx",
                                          MakeCallback(&AtmVcColdPartTestCase::Received, this));
        NS_TEST_EXPECT_MSG_EQ(vc->IsDropObserved(), false, "Drop disconnected");
        vc->NotifyDrop(cell, "Overflow");
        vc->NotifyDrop(cell, "Hec");
        vc->NotifyReceived(cell);

        NS_TEST_ASSERT_MSG_EQ(m_drops.size(), 1, "one drop traced, while connected");
        NS_TEST_EXPECT_MSG_EQ(m_drops[0], "ctx:Overflow", "with its context and reason");
        NS_TEST_ASSERT_MSG_EQ(m_rx.size(), 1, "one cell traced, while connected");
        NS_TEST_EXPECT_MSG_EQ(m_rx[0], 7, "the cell");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsReceived(), 3, "every cell counted");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsDropped(), 3, "every drop counted");
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsDropped("Overflow"), 2, "by reason");
        NS_TEST_EXPECT_MSG_EQ(vc->GetDropsByReason().size(), 2, "two reasons");

        vc->SetName("A1");
        vc->NotifyFrameSent(100);
        vc->NotifyFrameReceived(96);
        vc->NotifyFrameDrop("Crc");
        NS_TEST_EXPECT_MSG_EQ(vc->GetName(), "A1", "name kept");
        NS_TEST_EXPECT_MSG_EQ(vc->GetFramesSent(), 1, "frames sent");
        NS_TEST_EXPECT_MSG_EQ(vc->GetBytesSent(), 100, "bytes sent");
        NS_TEST_EXPECT_MSG_EQ(vc->GetFramesReceived(), 1, "frames received");
        NS_TEST_EXPECT_MSG_EQ(vc->GetBytesReceived(), 96, "bytes received");
        NS_TEST_EXPECT_MSG_EQ(vc->GetFramesDropped("Crc"), 1, "frame drops by reason");
        NS_TEST_EXPECT_MSG_EQ(vc->GetFramesDropped(), 1, "frame drops");
        vc->Dispose();
        Simulator::Destroy();
    }

    std::vector<std::string> m_drops; //!< context:reason of each traced drop
    std::vector<uint32_t> m_rx;       //!< sequence of each traced cell
};

/**
 * @ingroup atm-tests
 * The atm-traffic test suite.
 */
class AtmTrafficTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmTrafficTestSuite()
        : IsolatedTestSuite("atm-traffic", Type::UNIT)
    {
        AddTestCase(new AtmGreedyRateTestCase);
        AddTestCase(new AtmSourceOfOtherRankTestCase);
        AddTestCase(new AtmGreedyBacklogTestCase(1));
        AddTestCase(new AtmGreedyBacklogTestCase(5));
        AddTestCase(new AtmCbrRateTestCase);
        AddTestCase(new AtmPoissonRateTestCase);
        AddTestCase(new AtmOnOffRateTestCase);
        AddTestCase(new AtmRateChangeTestCase("ns3::AtmCbrSource", "Rate"));
        AddTestCase(new AtmRateChangeTestCase("ns3::AtmOnOffSource", "PeakRate"));
        AddTestCase(new AtmSinkTestCase);
        AddTestCase(new AtmConservationNetworkTestCase("ns3::AtmFifoQueueDisc", ""));
        AddTestCase(new AtmConservationNetworkTestCase("ns3::AtmPerVcQueueDisc", "PushOut"));
        AddTestCase(new AtmHecDropConservationTestCase);
        AddTestCase(new AtmBlockSourceTestCase(MilliSeconds(21)));
        AddTestCase(new AtmBlockSourceTestCase(MilliSeconds(19)));
        AddTestCase(new AtmVcColdPartTestCase);
    }
};

static AtmTrafficTestSuite g_atmTrafficTestSuite; //!< the suite
