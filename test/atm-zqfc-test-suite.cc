/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Link flow control, plain QFC and Zero Queueing Flow Control (Kung and
// Wang): ZQFC rules 1 and 2 on scripted occupancies, exact allocations;
// the hot spot of Fig. 2 with greedy cell sources, PQFC (a) and ZQFC (b);
// an idle VC regains Link_RTT; credit cells keep their format, the link
// record included; the shared buffer never exceeds Buff_Size and no cell is
// lost in random networks under link flow control.

#include "atm-test-lambda.h"
#include "atm-test-networks.h"
#include "atm-test-suite.h"

#include "ns3/abort.h"
#include "ns3/application-container.h"
#include "ns3/atm-cell-sink-helper.h"
#include "ns3/atm-cell-source-helper.h"
#include "ns3/atm-cell.h"
#include "ns3/atm-credit-cell.h"
#include "ns3/atm-credit-helper.h"
#include "ns3/atm-credit-receiver.h"
#include "ns3/atm-credit-sender.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-input-buffered-fabric.h"
#include "ns3/atm-link-fifo-fabric.h"
#include "ns3/atm-max-min-oracle.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-switch-helper.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-vc-helper.h"
#include "ns3/atm-vc.h"
#include "ns3/atm-zqfc-allocation.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/error-model.h"
#include "ns3/node-container.h"
#include "ns3/node-list.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <array>
#include <list>
#include <string>
#include <vector>

using namespace ns3;
using atmtest::Greedy;

namespace
{

/// RTT of every link of the hot-spot network, cell times (70 + N2 = 80).
constexpr uint32_t HOT_RTT = 70;
/// N2 and LinkN2 of the hot-spot network.
constexpr uint32_t HOT_N2 = 10;
/// Link_RTT of the hot-spot network: a VC's full-rate credit, RTT + N2.
constexpr uint32_t LINK_RTT = HOT_RTT + HOT_N2;
/// Buff_Size for ZQFC: Link_RTT plus the link credit loop's N2 and ZQFC's
/// residual queue (at most HighThreshold); Link_RTT is not enough here.
constexpr uint32_t ZQFC_BUFFER = LINK_RTT + 2 * HOT_N2;

/**
 * The per-VC, never-dropping output queues of a switch under flow control
 * (the internal flow control of Figs. 3-4: the buffer that counts is the
 * receive side's).
 * @return the switch helper
 */
AtmSwitchHelper
LosslessSwitches()
{
    AtmSwitchHelper sw;
    sw.SetQueueDisc("ns3::AtmPerVcQueueDisc", "MaxCells", UintegerValue(1000000));
    return sw;
}

/// Flow control of the hot-spot network.
enum Scheme
{
    PQFC,      //!< Buf_Alloc Link_RTT and link flow control on every link
    ZQFC_ALL,  //!< ZQFC on every link
    ZQFC_ONE,  //!< ZQFC on (S0, S1), PQFC elsewhere
    LINK_ONLY, //!< link credit alone on every link, no per-VC credit
};

/// Names of the schemes, for test names.
const char* const SCHEME_NAMES[] = {"PQFC",
                                    "ZQFC on all links",
                                    "ZQFC on (S0, S1)",
                                    "link credit alone"};

/**
 * Fig. 2 of Kung and Wang: switches S0 - S1 - S2; VC1 and VC2 share the
 * link (S0, S1); VC2 leaves at S1; VC1 shares (S1, S2) with VC3 and VC4,
 * which enter at S1, so that round-robin gives it 1/3 there. Every link has
 * an RTT of 70 cell times, credit with N2 = 10 (Link_RTT = 80) and link
 * flow control.
 */
struct HotSpot
{
    NodeContainer switches;       //!< S0, S1, S2
    std::array<Ptr<AtmVc>, 4> vc; //!< VC1 .. VC4
    uint32_t buffer;              //!< Buff_Size
    Ptr<AtmNetDevice> s0s1;       //!< S0's port on (S0, S1)
    Ptr<AtmNetDevice> s1in;       //!< S1's port on (S0, S1): buffer A

    /**
     * Build it.
     * @param scheme the flow control
     * @param buffSize Buff_Size of every link
     */
    HotSpot(Scheme scheme, uint32_t buffSize)
        : buffer(buffSize)
    {
        switches.Create(3);
        LosslessSwitches().Install(switches);
        NodeContainer hosts;
        hosts.Create(6); // sources of VC1..VC4, sink of VC2, sink behind S2
        AtmHelper atm;
        const Time cell = CreateObject<AtmNetDevice>()->GetCellTime();
        // A hair under 34 cell times: the RTT rounds up to exactly 70.
        atm.SetChannelAttribute("Delay", TimeValue(cell * ((HOT_RTT - 2) / 2) - NanoSeconds(1)));
        NetDeviceContainer l01 = atm.Install(switches.Get(0), switches.Get(1));
        atm.Install(switches.Get(1), switches.Get(2));
        for (uint32_t h = 0; h < 2; ++h)
        {
            atm.Install(hosts.Get(h), switches.Get(0));
        }
        for (uint32_t h = 2; h < 5; ++h)
        {
            atm.Install(hosts.Get(h), switches.Get(1));
        }
        atm.Install(switches.Get(2), hosts.Get(5));
        s0s1 = DynamicCast<AtmNetDevice>(l01.Get(0));
        NS_ABORT_MSG_IF(s0s1->GetLinkRttCells() != HOT_RTT, "hot spot: RTT of (S0, S1)");
        s1in = DynamicCast<AtmNetDevice>(l01.Get(1));
        const Ptr<Node> s0 = switches.Get(0);
        const Ptr<Node> s1 = switches.Get(1);
        const Ptr<Node> s2 = switches.Get(2);
        vc[0] = AtmVcHelper().Create(NodeContainer(hosts.Get(0), s0, s1, s2, hosts.Get(5)));
        vc[1] = AtmVcHelper().Create(NodeContainer(hosts.Get(1), s0, s1, hosts.Get(4)));
        vc[2] = AtmVcHelper().Create(NodeContainer(hosts.Get(2), s1, s2, hosts.Get(5)));
        vc[3] = AtmVcHelper().Create(NodeContainer(hosts.Get(3), s1, s2, hosts.Get(5)));
        AtmCreditHelper pqfc = atmtest::StaticCredit(LINK_RTT, HOT_N2);
        pqfc.SetLinkBufferSize(buffSize);
        pqfc.SetReceiverAttribute("LinkN2", UintegerValue(HOT_N2));
        AtmCreditHelper zqfc = pqfc;
        zqfc.SetAllocation("ns3::AtmZqfcAllocation", "N2", UintegerValue(HOT_N2));
        AtmCreditHelper linkOnly = pqfc;
        linkOnly.SetVcCredit(false);
        if (scheme == ZQFC_ALL)
        {
            zqfc.InstallAll();
        }
        else if (scheme == LINK_ONLY)
        {
            linkOnly.InstallAll();
        }
        else if (scheme == ZQFC_ONE)
        {
            zqfc.Install(s0s1);
        }
        pqfc.InstallAll(); // the links still without flow control
        AtmCellSinkHelper().Install(std::vector<Ptr<AtmVc>>(vc.begin(), vc.end()));
    }

    /// @return the credit receiver of buffer A
    Ptr<AtmCreditReceiver> BufferA() const
    {
        return DynamicCast<AtmCreditReceiver>(s1in->GetReceiveAccounting());
    }
};

/**
 * Cells of a VC received between two times, as a fraction of the link rate.
 */
class RateMeter
{
  public:
    /**
     * @param vc the VC
     * @param from start of the window
     * @param to end of the window
     */
    RateMeter(Ptr<AtmVc> vc, Time from, Time to)
        : m_vc(vc),
          m_from(from),
          m_to(to)
    {
        atmtest::Schedule(from, [this]() { m_start = m_vc->GetCellsReceived(); });
        atmtest::Schedule(to, [this]() { m_end = m_vc->GetCellsReceived(); });
    }

    /**
     * @param cellTime cell time of the link
     * @return the rate, a fraction of the link rate
     */
    double Get(Time cellTime) const
    {
        return double(m_end - m_start) * cellTime.GetSeconds() / (m_to - m_from).GetSeconds();
    }

  private:
    Ptr<AtmVc> m_vc;     //!< the VC
    Time m_from;         //!< window start
    Time m_to;           //!< window end
    uint64_t m_start{0}; //!< count at m_from
    uint64_t m_end{0};   //!< count at m_to
};

/**
 * An Interval for scripted reallocations.
 * @param bufferSize Buff_Size
 * @param occupancy cells of each VC in the buffer
 * @param allocation Buf_Alloc of each VC
 * @return the interval (rttCells 70: Link_RTT 80 with N2 10)
 */
AtmBufferAllocation::Interval
Scripted(uint32_t bufferSize,
         const std::vector<uint32_t>& occupancy,
         const std::vector<uint32_t>& allocation)
{
    AtmBufferAllocation::Interval in;
    in.rttCells = HOT_RTT;
    in.bufferSize = bufferSize;
    in.occupancy = occupancy;
    in.allocation = allocation;
    in.n2.assign(allocation.size(), 1);
    in.forwarded.assign(allocation.size(), 0);
    for (uint32_t q : occupancy)
    {
        in.queued += q;
    }
    return in;
}

/**
 * Static credit (Buf_Alloc 100, N2 2) with link flow control (link N2 2).
 * @param buffSize Buff_Size of each link's receiver
 * @param checkInterval the senders' CreditCheckInterval
 * @return the helper
 */
AtmCreditHelper
LinkCredit(uint32_t buffSize, Time checkInterval)
{
    AtmCreditHelper credit = atmtest::StaticCredit(100, 2);
    credit.SetLinkBufferSize(buffSize);
    credit.SetReceiverAttribute("LinkN2", UintegerValue(2));
    credit.SetSenderAttribute("CreditCheckInterval", TimeValue(checkInterval));
    return credit;
}

} // namespace

/**
 * @ingroup atm-tests
 * Rules 1 and 2 on scripted occupancies: exact allocations.
 */
class AtmZqfcRulesTestCase : public TestCase
{
  public:
    AtmZqfcRulesTestCase()
        : TestCase("ZQFC rules 1 and 2 on scripted occupancies: exact allocations")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmZqfcAllocation> z = CreateObject<AtmZqfcAllocation>(); // high 20, low 5, N2 10
        NS_TEST_ASSERT_MSG_EQ(z->GetLinkRtt(HOT_RTT), 80, "Link_RTT = RTT + N2");
        NS_TEST_ASSERT_MSG_EQ(z->GetInitialAllocation(HOT_RTT), 80, "a VC starts at Link_RTT");
        NS_TEST_ASSERT_MSG_EQ(z->GetInterval(MicroSeconds(100)), MicroSeconds(200), "2 RTT");

        const std::vector<uint32_t> occ = {0, 4, 5, 20, 21, 30, 40, 60, 0, 100};
        const std::vector<uint32_t> alloc = {50, 80, 40, 80, 80, 80, 80, 80, 79, 1};
        // 280 cells queued in 350: free 70 < Link_RTT, rule 1 applies.
        AtmBufferAllocation::Interval in = Scripted(350, occ, alloc);
        z->Reallocate(in);
        const std::vector<uint32_t> pressed = {51, 80, 40, 80, 76, 53, 40, 40, 80, 1};
        for (std::size_t v = 0; v < occ.size(); ++v)
        {
            NS_TEST_EXPECT_MSG_EQ(in.allocation[v], pressed[v], "free < Link_RTT, VC " << v);
            NS_TEST_EXPECT_MSG_EQ(in.n2[v], 10, "N2");
        }
        // Free exactly Link_RTT (360 - 280): no rule 1; rule 2 as before.
        in = Scripted(360, occ, alloc);
        z->Reallocate(in);
        const std::vector<uint32_t> free = {51, 80, 40, 80, 80, 80, 80, 80, 80, 1};
        for (std::size_t v = 0; v < occ.size(); ++v)
        {
            NS_TEST_EXPECT_MSG_EQ(in.allocation[v], free[v], "free = Link_RTT, VC " << v);
        }
        // Rule 2 compounds x1.01, rounded up: 99, 100, 101, 103, 105, 107.
        z->SetAttribute("LinkRtt", UintegerValue(300));
        in = Scripted(1000, {0}, {99});
        for (uint32_t expect : {100U, 101U, 103U, 105U, 107U})
        {
            z->Reallocate(in);
            NS_TEST_EXPECT_MSG_EQ(in.allocation[0], expect, "x 1.01, rounded up");
        }
        // ... but never above Link_RTT: 299 x 1.01 rounds up to 302.
        in = Scripted(1000, {0}, {299});
        for (uint32_t i = 0; i < 2; ++i)
        {
            z->Reallocate(in);
            NS_TEST_EXPECT_MSG_EQ(in.allocation[0], 300, "rule 2 stops at Link_RTT");
        }
        // Thresholds and factors are attributes: high 10, min factor 0.8.
        z->SetAttribute("HighThreshold", UintegerValue(10));
        z->SetAttribute("MinDecreaseFactor", DoubleValue(0.8));
        in = Scripted(30, {15, 40}, {100, 100});
        z->Reallocate(in);
        NS_TEST_EXPECT_MSG_EQ(in.allocation[0], 80, "f = max(0.8, 10/15)");
        NS_TEST_EXPECT_MSG_EQ(in.allocation[1], 80, "f = max(0.8, 10/40)");
    }
};

/**
 * @ingroup atm-tests
 * The hot spot of Fig. 2 with greedy cell sources. PQFC (a), Buff_Size
 * Link_RTT as in the figure or Link_RTT + 2 N2: VC1 gets 1/3 downstream,
 * link flow control holds VC2 to the same 1/3, the link (S0, S1) carries
 * 2/3; within 1%. ZQFC (b), Buff_Size Link_RTT + 2 N2: VC2 2/3 and the
 * link 1, within 0.03. At Buff_Size 2 Link_RTT the two Link_RTT
 * allocations no longer over-subscribe buffer A: PQFC gives VC2 2/3, while
 * link credit alone, with no per-VC limit, lets VC1 fill the whole buffer
 * and keeps the hot spot (1/3 and 2/3), and its credit cells carry link
 * records only. Buffer A stays within Buff_Size, no cell is lost.
 */
class AtmHotSpotTestCase : public TestCase
{
  public:
    /**
     * Constructor.
     * @param scheme the flow control
     * @param buffSize Buff_Size
     */
    AtmHotSpotTestCase(Scheme scheme, uint32_t buffSize)
        : TestCase(std::string("hot spot of Fig. 2 with greedy cells, Buff_Size ") +
                   std::to_string(buffSize) + ", " + SCHEME_NAMES[scheme] +
                   (HasHotSpot(scheme, buffSize) ? ": VC2 one third and link two thirds"
                                                 : ": VC2 two thirds and link full")),
          m_scheme(scheme),
          m_buffer(buffSize)
    {
    }

    /**
     * @param scheme the flow control
     * @param buffSize Buff_Size
     * @return true if link flow control holds VC2 to VC1's rate
     */
    static bool HasHotSpot(Scheme scheme, uint32_t buffSize)
    {
        return scheme == LINK_ONLY || (scheme == PQFC && buffSize < 2 * LINK_RTT);
    }

  private:
    void DoRun() override
    {
        HotSpot net(m_scheme, m_buffer);
        for (const auto& vc : net.vc)
        {
            Greedy(vc, Seconds(0), MilliSeconds(80));
        }
        std::vector<RateMeter> meters;
        meters.reserve(4);
        for (const auto& vc : net.vc)
        {
            meters.emplace_back(vc, MilliSeconds(30), MilliSeconds(80));
        }
        // Records on the credit cells that come back to S0 over (S0, S1).
        Ptr<AtmCreditReceiver> a = net.BufferA();
        std::array<uint32_t, 2> records{}; // [0] per VC, [1] the link's
        std::vector<uint32_t> high;        // by arrival index at buffer A
        net.s0s1->TraceConnectWithoutContext(
            "PhyRxEnd",
            MakeCallback(
                +[](AtmCreditReceiver* from, std::array<uint32_t, 2>* count, const AtmCell& cell) {
                    AtmCreditCell::Records r;
                    if (AtmCreditCell::IsCreditCell(cell) && from->PeekSentRecords(cell, r))
                    {
                        for (uint32_t k = 0; k < r.n; ++k)
                        {
                            ++(*count)[r.record[k].vci == AtmCreditCell::CREDIT_VCI];
                        }
                    }
                })
                .Bind(PeekPointer(a))
                .Bind(&records));
        a->TraceConnectWithoutContext(
            "Occupancy",
            MakeCallback(+[](std::vector<uint32_t>* most, uint32_t index, uint32_t occupancy) {
                most->resize(std::max<std::size_t>(most->size(), index + 1), 0);
                (*most)[index] = std::max((*most)[index], occupancy);
            }).Bind(&high));
        Simulator::Stop(MilliSeconds(80));
        Simulator::Run();
        const Time cell = net.s0s1->GetCellTime();
        const double vc1 = meters[0].Get(cell);
        const double vc2 = meters[1].Get(cell);
        const double link = vc1 + vc2;
        NS_TEST_EXPECT_MSG_EQ_TOL(meters[0].Get(cell) + meters[2].Get(cell) + meters[3].Get(cell),
                                  1.0,
                                  0.01,
                                  "link (S1, S2) full");
        NS_TEST_EXPECT_MSG_EQ_TOL(vc1, 1.0 / 3, 0.01 / 3, "VC1 1/3 downstream");
        if (!HasHotSpot(m_scheme, m_buffer))
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(vc2, 2.0 / 3, 0.03, "no hot spot: VC2 2/3");
            NS_TEST_EXPECT_MSG_EQ_TOL(link, 1.0, 0.03, "no hot spot: link (S0, S1) 1");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(vc2, 1.0 / 3, 0.01 / 3, "hot spot: VC2 1/3");
            NS_TEST_EXPECT_MSG_EQ_TOL(link, 2.0 / 3, 0.02 / 3, "hot spot: link (S0, S1) 2/3");
        }
        const auto [vpi, vci] = net.s0s1->GetTxLabel(net.vc[0]->GetHopSlot(1));
        const uint32_t vc1Max = high.at(net.s1in->GetArrivingIndex(vpi, vci));
        NS_TEST_EXPECT_MSG_GT(records[1], 0, "link records");
        if (m_scheme == LINK_ONLY)
        {
            NS_TEST_EXPECT_MSG_EQ(records[0], 0, "link credit alone: no VC record");
            NS_TEST_EXPECT_MSG_GT(vc1Max, LINK_RTT, "VC1 beyond a Link_RTT allocation");
        }
        else
        {
            NS_TEST_EXPECT_MSG_GT(records[0], 0, "VC records");
            NS_TEST_EXPECT_MSG_LT_OR_EQ(vc1Max, LINK_RTT, "VC1 within its allocation");
        }
        NS_TEST_EXPECT_MSG_LT_OR_EQ(net.BufferA()->GetMaxTotalOccupancy(),
                                    m_buffer,
                                    "buffer A within Buff_Size");
        for (const auto& vc : net.vc)
        {
            NS_TEST_EXPECT_MSG_EQ(vc->GetCellsDropped(), 0, "no loss");
        }
        Simulator::Destroy();
    }

    Scheme m_scheme;   //!< the flow control
    uint32_t m_buffer; //!< Buff_Size
};

/**
 * @ingroup atm-tests
 * ZQFC on (S0, S1) of the hot spot, VC2 silent: VC1 alone builds a queue
 * in buffer A (it gets 1/3 downstream, its Link_RTT allocation lets it
 * arrive faster) and rule 1 cuts its allocation; VC1 then goes idle and
 * regains a full Link_RTT, which reaches its sender through the credit
 * records only (the sender's balance is Link_RTT again). Every
 * credit cell the sender gets keeps the credit issue's format: header
 * VPI 0 / VCI 31 / PTI 0, at most six 8-octet records, each naming a VC of
 * the link or the link itself (VPI 0, VCI 31: link Fwd_Cnt + Buff_Size),
 * octet-exact through Serialize and Deserialize.
 */
class AtmZqfcIdleRegainTestCase : public TestCase
{
  public:
    AtmZqfcIdleRegainTestCase()
        : TestCase("ZQFC: an idle VC regains Link_RTT through credit records of the same format")
    {
    }

  private:
    void DoRun() override
    {
        HotSpot net(ZQFC_ONE, ZQFC_BUFFER);
        Greedy(net.vc[0], Seconds(0), MilliSeconds(30));
        for (uint32_t k = 2; k < 4; ++k)
        {
            Greedy(net.vc[k], Seconds(0), MilliSeconds(100));
        }
        Ptr<AtmCreditReceiver> a = net.BufferA();
        Ptr<AtmCreditSender> s0 = DynamicCast<AtmCreditSender>(net.s0s1->GetTransmitGate());
        uint32_t minAlloc = LINK_RTT;
        a->TraceConnectWithoutContext("Allocation",
                                      MakeCallback(+[](uint32_t* low,
                                                       uint32_t /* index */,
                                                       uint32_t alloc,
                                                       uint32_t /* n2 */) {
                                          *low = std::min(*low, alloc);
                                      }).Bind(&minAlloc));
        m_linkRecords = 0;
        m_badCells = 0;
        // Raw pointers: a Ptr to the port bound into its own trace would
        // keep it alive after Simulator::Destroy (a leak under ASan).
        net.s0s1->TraceConnectWithoutContext(
            "PhyRxEnd",
            MakeCallback(&AtmZqfcIdleRegainTestCase::CheckCreditCell, this)
                .Bind(PeekPointer(a))
                .Bind(PeekPointer(net.s0s1)));
        Simulator::Stop(MilliSeconds(100));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(net.vc[0]->GetHopDevice(1), net.s0s1, "VC1's second hop");
        const uint32_t slot = net.vc[0]->GetHopSlot(1);
        const auto [vpi, vci] = net.s0s1->GetTxLabel(slot);
        const uint32_t vc1 = net.s1in->GetArrivingIndex(vpi, vci);
        NS_TEST_EXPECT_MSG_LT_OR_EQ(minAlloc, LINK_RTT / 2, "rule 1 cut VC1's allocation");
        NS_TEST_EXPECT_MSG_EQ(a->GetAllocation(vc1), LINK_RTT, "idle VC1 regained Link_RTT");
        NS_TEST_EXPECT_MSG_EQ(a->GetOccupancy(vc1), 0, "VC1 idle");
        NS_TEST_EXPECT_MSG_EQ(s0->GetBalance(slot),
                              LINK_RTT,
                              "the sender's balance is Link_RTT: the allocation came by credit");
        NS_TEST_EXPECT_MSG_EQ(s0->GetAllocation(slot), LINK_RTT, "the sender's base unchanged");
        NS_TEST_EXPECT_MSG_GT(m_linkRecords, 0, "link records seen");
        NS_TEST_EXPECT_MSG_EQ(m_badCells, 0, "credit cells in the credit issue's format");
        Simulator::Destroy();
    }

    /**
     * A cell arrived at S0's port on (S0, S1): check a credit cell.
     * @param receiver buffer A's credit receiver (the cell's origin)
     * @param port S0's port
     * @param cell the cell
     */
    void CheckCreditCell(AtmCreditReceiver* receiver, AtmNetDevice* port, const AtmCell& cell)
    {
        if (!AtmCreditCell::IsCreditCell(cell))
        {
            return;
        }
        AtmCreditCell::Records r;
        if (cell.GetVpi() != 0 || cell.GetVci() != AtmCreditCell::CREDIT_VCI ||
            AtmCreditCell::GetType(cell) != AtmCreditCell::UPDATE ||
            !receiver->PeekSentRecords(cell, r) || r.n == 0 || r.n > AtmCreditCell::MAX_RECORDS)
        {
            ++m_badCells;
            return;
        }
        std::array<uint8_t, 48> payload{};
        AtmCreditCell::Serialize(r, payload.data());
        AtmCreditCell::Records back;
        AtmCreditCell::Deserialize(payload.data(), back);
        for (uint32_t k = 0; k < AtmCreditCell::MAX_RECORDS; ++k)
        {
            const uint8_t* o = payload.data() + 8 * k;
            const AtmCreditCell::Record& rec = r.record[k];
            const uint32_t count =
                (uint32_t{o[4]} << 24) | (uint32_t{o[5]} << 16) | (uint32_t{o[6]} << 8) | o[7];
            const bool octets = ((o[0] << 8) | o[1]) == (k < r.n ? rec.vpi : 0) &&
                                ((o[2] << 8) | o[3]) == (k < r.n ? rec.vci : 0) &&
                                count == (k < r.n ? rec.count : 0);
            const bool same = back.record[k].vpi == (k < r.n ? rec.vpi : 0) &&
                              back.record[k].vci == (k < r.n ? rec.vci : 0) &&
                              back.record[k].count == (k < r.n ? rec.count : 0);
            bool known = true;
            if (k < r.n && rec.vpi == 0 && rec.vci == AtmCreditCell::CREDIT_VCI)
            {
                ++m_linkRecords;
                // The link's count: its Fwd_Cnt when sent plus Buff_Size.
                known = static_cast<int32_t>(receiver->GetLinkFwdCount() + ZQFC_BUFFER -
                                             rec.count) >= 0;
            }
            else if (k < r.n)
            {
                known = port->GetTxSlot(rec.vpi, rec.vci) != AtmVcTable::NOT_FOUND;
            }
            m_badCells += !(octets && same && known);
        }
    }

    uint32_t m_linkRecords{0}; //!< link records seen
    uint32_t m_badCells{0};    //!< cells out of format
};

/**
 * @ingroup atm-tests
 * Link flow control in 45 random networks: chains of 1-3 switches with
 * slow trunks and exits, 1-6 VCs greedy or on-off, per-VC allocations that
 * over-subscribe a small shared buffer (Buff_Size 5-60, Buf_Alloc up to 4
 * times it), PQFC or ZQFC, or link credit alone. At every receiver the
 * cells of the link's VCs in the node never exceed Buff_Size, and no cell
 * is lost.
 */
class AtmLinkFlowControlNoLossTestCase : public TestCase
{
  public:
    /**
     * @param fabric type name of the switches' fabric ("": output-buffered
     *        per-VC queues charged to the input link, the default)
     */
    AtmLinkFlowControlNoLossTestCase(const std::string& fabric = "")
        : TestCase("link flow control: shared buffer within Buff_Size, no loss, 45 random "
                   "networks" +
                   (fabric.empty() ? std::string() : ", " + fabric)),
          m_fabric(fabric)
    {
    }

  private:
    /**
     * @brief The fabric's own checks after a run.
     * @param s a switch
     * @param buffSize Buff_Size
     * @param what the network, for messages
     */
    void CheckFabric(Ptr<AtmSwitch> s, uint32_t buffSize, const std::string& what)
    {
        Ptr<AtmInputBufferedFabric> ib = DynamicCast<AtmInputBufferedFabric>(s->GetFabric());
        Ptr<AtmLinkFifoFabric> lf = DynamicCast<AtmLinkFifoFabric>(s->GetFabric());
        NS_TEST_ASSERT_MSG_EQ(bool(ib) + bool(lf), 1, what << ": the fabric is set");
        for (uint32_t p = 0; p < s->GetNPorts(); ++p)
        {
            NS_TEST_EXPECT_MSG_LT_OR_EQ(ib ? ib->GetMaxOccupancy(p) : lf->GetMaxFifoLength(p),
                                        buffSize,
                                        what << ": input buffer or link FIFO within Buff_Size");
        }
        if (ib)
        {
            NS_TEST_EXPECT_MSG_EQ(ib->GetNOutputDrops(), 0, what << ": no output drop");
        }
    }

    void DoRun() override
    {
        atmtest::ForRandomNetworks(11, 43, 45, [this](Ptr<UniformRandomVariable> u, uint32_t net) {
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
        const uint32_t buffSize = u->GetInteger(5, 60);
        const uint32_t scheme = u->GetInteger(0, 2);
        const bool zqfc = scheme == 1;
        NodeContainer switches;
        switches.Create(nSwitches);
        AtmSwitchHelper sw = LosslessSwitches();
        if (!m_fabric.empty())
        {
            const bool fifo = m_fabric == "ns3::AtmLinkFifoFabric";
            sw.SetFabric(m_fabric, fifo ? "FifoSize" : "BufferSize", UintegerValue(buffSize));
        }
        sw.Install(switches);
        const std::vector<Ptr<AtmVc>> vcs = atmtest::RandomChainVcs(u, switches);
        const uint32_t bufAlloc = u->GetInteger(buffSize, 4 * buffSize);
        const uint32_t n2 = u->GetInteger(1, 10);
        AtmCreditHelper credit;
        if (zqfc)
        {
            const uint32_t high = u->GetInteger(2, 20);
            credit.SetAllocation("ns3::AtmZqfcAllocation",
                                 "LinkRtt",
                                 UintegerValue(bufAlloc),
                                 "N2",
                                 UintegerValue(n2),
                                 "HighThreshold",
                                 UintegerValue(high),
                                 "LowThreshold",
                                 UintegerValue(u->GetInteger(0, std::min(5U, high))));
        }
        else
        {
            credit = atmtest::StaticCredit(bufAlloc, n2);
        }
        credit.SetLinkBufferSize(buffSize);
        credit.SetVcCredit(scheme != 2);
        credit.SetReceiverAttribute("LinkN2", UintegerValue(u->GetInteger(1, buffSize)));
        credit.InstallAll();
        atmtest::RandomTraffic(u, vcs, MilliSeconds(20));
        Simulator::Stop(MilliSeconds(30));
        Simulator::Run();

        const std::string what = "net " + std::to_string(net) +
                                 std::array{" (PQFC)", " (ZQFC)", " (link credit)"}[scheme];
        for (auto vc : vcs)
        {
            NS_TEST_EXPECT_MSG_EQ(vc->GetCellsDropped(), 0, what << ": no loss");
            NS_TEST_EXPECT_MSG_GT(vc->GetCellsReceived(), 0, what << ": traffic");
        }
        uint32_t receivers = 0;
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
                ++receivers;
                NS_TEST_EXPECT_MSG_EQ(rx->GetLinkBufferSize(), buffSize, what << ": Buff_Size");
                NS_TEST_EXPECT_MSG_LT_OR_EQ(rx->GetMaxTotalOccupancy(),
                                            buffSize,
                                            what << ": shared buffer within Buff_Size");
            }
        }
        NS_TEST_EXPECT_MSG_GT(receivers, 0, what << ": receivers checked");
        for (uint32_t k = 0; k < switches.GetN() && !m_fabric.empty(); ++k)
        {
            CheckFabric(switches.Get(k)->GetObject<AtmSwitch>(), buffSize, what);
        }
        Simulator::Destroy();
    }

    std::string m_fabric; //!< the switches' fabric ("": none)
};

/**
 * @ingroup atm-tests
 * The CAB number (section 7.1) from the max-min oracle: the fans of Figs.
 * 5, 6a, 6b and 9 (three flows over (S0, S1), each leaving S1 on a link
 * shared with c cross flows) give 3, 1, 1.5 and 1; Fig. 9 with (S0, S1) at
 * 2, 1/2, 1/4, 1/8 of Link_BW gives 0.5, 2, 4, 8 (Table 2).
 */
class AtmCabNumberTestCase : public TestCase
{
  public:
    AtmCabNumberTestCase()
        : TestCase("CAB numbers of Figs. 5, 6, 9 and Table 2 from the max-min oracle")
    {
    }

  private:
    /**
     * @param cross cross flows at each exit
     * @param bw bandwidth of (S0, S1)
     * @return its CAB number
     */
    static double Cab(const std::vector<uint32_t>& cross, double bw)
    {
        AtmMaxMinOracle o;
        const uint32_t s01 = o.AddLink(bw);
        for (uint32_t c : cross)
        {
            const uint32_t exit = o.AddLink(1);
            o.AddFlow({o.AddLink(1), s01, exit});
            for (uint32_t k = 0; k < c; ++k)
            {
                o.AddFlow({o.AddLink(1), exit});
            }
        }
        return o.GetCabNumber(s01);
    }

    void DoRun() override
    {
        NS_TEST_EXPECT_MSG_EQ_TOL(Cab({0, 0, 0}, 1), 3, 1e-9, "Fig. 5");
        NS_TEST_EXPECT_MSG_EQ_TOL(Cab({2, 2, 2}, 1), 1, 1e-9, "Fig. 6a");
        NS_TEST_EXPECT_MSG_EQ_TOL(Cab({1, 1, 1}, 1), 1.5, 1e-9, "Fig. 6b");
        NS_TEST_EXPECT_MSG_EQ_TOL(Cab({5, 2, 1}, 1), 1, 1e-9, "Fig. 9");
        NS_TEST_EXPECT_MSG_EQ_TOL(Cab({2, 0}, 1), 4.0 / 3, 1e-9, "Fig. 2");
        const double bws[] = {2, 0.5, 0.25, 0.125};
        const double cabs[] = {0.5, 2, 4, 8};
        for (uint32_t i = 0; i < 4; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(Cab({5, 2, 1}, bws[i]), cabs[i], 1e-9, "Table 2");
        }
    }
};

/**
 * @ingroup atm-tests
 * A link credit_check recovers cells lost on the link: one VC whose own
 * allocation (100) never blocks it, Buff_Size 10; ten data cells destroyed
 * on the link (HEC) hold the link's credit for good, until the blocked
 * port's link credit_check makes the receiver count them as received and
 * forwarded; the rest goes through and the link balance is Buff_Size again.
 */
class AtmLinkCreditCheckTestCase : public TestCase
{
  public:
    AtmLinkCreditCheckTestCase()
        : TestCase("link credit_check recovers the link credit of cells lost on the link")
    {
    }

  private:
    void DoRun() override
    {
        atmtest::CreditPath p(MicroSeconds(20),
                              LinkCredit(10, MilliSeconds(1)),
                              LosslessSwitches());
        Ptr<ReceiveListErrorModel> em = CreateObject<ReceiveListErrorModel>();
        em->SetList(std::list<uint32_t>{10, 11, 12, 13, 14, 15, 16, 17, 18, 19});
        p.SwitchIn()->SetAttribute("ReceiveErrorModel", PointerValue(em));
        ApplicationContainer a = AtmCellSourceHelper("ns3::AtmCbrSource").Install(p.vc);
        a.Start(Seconds(0));
        a.Stop(MicroSeconds(42.4 * 99 + 1)); // 100 cells at 10 Mb/s
        Simulator::Stop(MilliSeconds(100));  // a credit_check that recovers nothing would repeat
        Simulator::Run();

        Ptr<AtmCreditSender> sender = p.Sender();
        Ptr<AtmCreditReceiver> receiver = p.Receiver();
        NS_TEST_EXPECT_MSG_EQ(sender->GetTxCount(0), 100, "all 100 sent");
        NS_TEST_EXPECT_MSG_EQ(p.vc->GetCellsReceived(), 90, "90 delivered");
        NS_TEST_EXPECT_MSG_EQ(p.vc->GetCellsDropped("HecError"), 10, "10 lost on the link");
        NS_TEST_EXPECT_MSG_EQ(sender->GetNCreditChecks(), 1, "one (link) credit_check");
        NS_TEST_EXPECT_MSG_EQ(receiver->GetLinkFwdCount(), 100, "the 10 counted as forwarded");
        NS_TEST_EXPECT_MSG_EQ(sender->GetLinkBalance(), 10, "full link credit at rest");
        NS_TEST_EXPECT_MSG_EQ(sender->IsLinkBlocked(), false, "the port runs");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(receiver->GetMaxTotalOccupancy(), 10, "within Buff_Size");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Link credit counts exactly: with Buff_Size = 5 and no credit back yet,
 * the port sends five data cells, whatever the VC's own credit, and stops.
 */
class AtmLinkCreditExactTestCase : public TestCase
{
  public:
    AtmLinkCreditExactTestCase()
        : TestCase("link credit: exactly Buff_Size cells leave before the first link record")
    {
    }

  private:
    void DoRun() override
    {
        // No link record comes back within 1 ms.
        atmtest::CreditPath p(MilliSeconds(10), LinkCredit(5, Seconds(1)), LosslessSwitches());
        Ptr<AtmCreditSender> sender = p.Sender();
        uint32_t sent = 0;
        int64_t balanceAtBlock = -100;
        p.Source()->TraceConnectWithoutContext(
            "PhyTxBegin",
            atmtest::MakeLambdaCallback<void, const AtmCell&>(
                [&sent](const AtmCell& c) { sent += c.GetKind() == AtmCell::DATA; }));
        const AtmCreditSender* gate = PeekPointer(sender); // no Ptr cycle through the trace
        sender->TraceConnectWithoutContext(
            "LinkBlocked",
            atmtest::MakeLambdaCallback<void, bool>([&balanceAtBlock, gate](bool on) {
                if (on)
                {
                    balanceAtBlock = gate->GetLinkBalance();
                }
            }));
        ApplicationContainer a = AtmCellSourceHelper("ns3::AtmCbrSource").Install(p.vc);
        a.Start(Seconds(0));
        Simulator::Stop(MilliSeconds(1)); // 23 cells offered at 10 Mb/s
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(sent, 5, "five data cells on the link");
        NS_TEST_EXPECT_MSG_EQ(sender->GetTxCount(0), 5, "the VC's Tx_Cnt");
        NS_TEST_EXPECT_MSG_EQ(sender->IsLinkBlocked(), true, "the port stopped");
        NS_TEST_EXPECT_MSG_EQ(balanceAtBlock, 0, "it stopped at link balance 0");
        NS_TEST_EXPECT_MSG_EQ(sender->GetLinkBalance(), 0, "and stays there");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Link flow control, PQFC and ZQFC (Kung and Wang).
 */
class AtmZqfcTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmZqfcTestSuite()
        : IsolatedTestSuite("atm-zqfc", Type::UNIT)
    {
        AddTestCase(new AtmZqfcRulesTestCase);
        AddTestCase(new AtmHotSpotTestCase(PQFC, LINK_RTT));
        AddTestCase(new AtmHotSpotTestCase(PQFC, ZQFC_BUFFER));
        AddTestCase(new AtmHotSpotTestCase(ZQFC_ALL, ZQFC_BUFFER));
        AddTestCase(new AtmHotSpotTestCase(ZQFC_ONE, ZQFC_BUFFER));
        AddTestCase(new AtmHotSpotTestCase(PQFC, 2 * LINK_RTT));
        AddTestCase(new AtmHotSpotTestCase(LINK_ONLY, 2 * LINK_RTT));
        AddTestCase(new AtmCabNumberTestCase);
        AddTestCase(new AtmZqfcIdleRegainTestCase);
        AddTestCase(new AtmLinkCreditCheckTestCase);
        AddTestCase(new AtmLinkCreditExactTestCase);
        AddTestCase(new AtmLinkFlowControlNoLossTestCase);
        AddTestCase(new AtmLinkFlowControlNoLossTestCase("ns3::AtmInputBufferedFabric"));
        AddTestCase(new AtmLinkFlowControlNoLossTestCase("ns3::AtmLinkFifoFabric"));
    }
};

/// The suite.
static AtmZqfcTestSuite g_atmZqfcTestSuite;
