/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// AtmTcpRenoSocket: Reno's end of fast recovery against ns-3's NewReno on
// a scripted loss of two segments of one window. AtmTcpBsdReno: 4.4BSD's
// window arithmetic, alone and in a transfer.

#include "atm-test-lambda.h"
#include "atm-test-suite.h"

#include "ns3/atm-tcp-bsd-reno.h"
#include "ns3/atm-tcp-reno-socket.h"
#include "ns3/atm-tcp-settings.h"
#include "ns3/atm-tcp-transfer.h"
#include "ns3/boolean.h"
#include "ns3/bulk-send-application.h"
#include "ns3/config.h"
#include "ns3/error-model.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-header.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/pointer.h"
#include "ns3/simple-channel.h"
#include "ns3/simple-net-device.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-socket-state.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <set>
#include <vector>

using namespace ns3;

namespace
{

/**
 * @ingroup atm-tests
 * Drops the first transmission of TCP data segments with given sequence
 * numbers.
 */
class AtmDropSegments : public ErrorModel
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid =
            TypeId("ns3::AtmDropSegments").SetParent<ErrorModel>().SetGroupName("Atm");
        return tid;
    }

    /// @param seqs the sequence numbers whose first segment is lost
    void SetDrops(std::set<uint32_t> seqs)
    {
        m_seqs = std::move(seqs);
    }

  private:
    bool DoCorrupt(Ptr<Packet> p) override
    {
        Ptr<Packet> c = p->Copy();
        Ipv4Header ip;
        c->RemoveHeader(ip);
        TcpHeader tcp;
        if (ip.GetProtocol() != 6 || c->RemoveHeader(tcp) == 0 || c->GetSize() == 0)
        {
            return false;
        }
        return m_seqs.erase(tcp.GetSequenceNumber().GetValue()) > 0;
    }

    void DoReset() override
    {
    }

    std::set<uint32_t> m_seqs; //!< still to drop
};

/// Segment size of the test transfers.
constexpr uint32_t MSS = 1000;

/**
 * @ingroup atm-tests
 * @brief Two hosts on a 10 Mb/s, 1 ms point-to-point channel whose
 *        receiver loses the first transmission of the given data segments
 *        (counting from 0; 20 and 23 by default), for TCP sockets of the
 *        given type, MSS and window, without SACK or timestamps.
 * @param nodes filled with the sender (0) and the receiver (1)
 * @param socketType the TcpL4Protocol::SocketType
 * @param window send and receive buffers, octets
 * @param lost the segments whose first transmission is lost
 * @return the receiver's address
 */
Ipv4Address
LossyPair(NodeContainer& nodes,
          const std::string& socketType,
          uint32_t window,
          const std::vector<uint32_t>& lost = {20, 23})
{
    AtmTcpSettings tcp; // SACK and timestamps off
    tcp.variant = socketType;
    tcp.mss = MSS;
    tcp.window = window;
    tcp.granularityMs = 1; // ns-3's own RTO clock, not BSD's 500 ms
    tcp.Apply();
    nodes.Create(2);
    Ptr<SimpleChannel> channel =
        CreateObjectWithAttributes<SimpleChannel>("Delay", TimeValue(MilliSeconds(1)));
    NetDeviceContainer devices;
    for (uint32_t i = 0; i < 2; ++i)
    {
        Ptr<SimpleNetDevice> d =
            CreateObjectWithAttributes<SimpleNetDevice>("DataRate",
                                                        DataRateValue(DataRate("10Mbps")),
                                                        "PointToPointMode",
                                                        BooleanValue(true));
        d->SetAddress(Mac48Address::Allocate());
        d->SetChannel(channel);
        nodes.Get(i)->AddDevice(d);
        devices.Add(d);
    }
    Ptr<AtmDropSegments> drops = CreateObject<AtmDropSegments>();
    std::set<uint32_t> seqs;
    for (uint32_t k : lost)
    {
        seqs.insert(1 + k * MSS);
    }
    drops->SetDrops(std::move(seqs));
    devices.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(drops));
    InternetStackHelper().Install(nodes);
    Ipv4AddressHelper addresses("10.1.0.0", "255.255.255.0");
    return addresses.Assign(devices).GetAddress(1);
}

} // namespace

/**
 * @ingroup atm-tests
 * One TCP (segments of 1000 octets, SACK off) over a 10 Mb/s, 1 ms link
 * loses segments 20 and 23 of its data; every octet arrives, and each lost
 * segment is sent again once. ns-3's NewReno (TcpSocketBase) stays in one
 * fast recovery: the partial ACK of segment 23 resends it at once, no
 * timeout. Reno (AtmTcpRenoSocket) leaves fast recovery at that partial
 * ACK. With a 16 kB window the segments after the hole fill it, nothing
 * new brings duplicate ACKs, and the retransmission timer resends segment
 * 23 (Reno's well-known timeout on two losses in a window); with 64 kB the
 * segments sent during the first recovery bring three duplicate ACKs and
 * a second fast recovery resends it. With segment 20 lost alone, the
 * retransmission's ACK is the recovery point itself: a full ACK, which
 * Reno does not count as an early end.
 */
class AtmTcpRenoRecoveryTestCase : public TestCase
{
  public:
    AtmTcpRenoRecoveryTestCase()
        : TestCase("Reno's fast recovery ends at the first new ACK; ns-3's NewReno at the "
                   "recovery point")
    {
    }

  private:
    /// What one run shows.
    struct Outcome
    {
        uint64_t delivered{0};     //!< octets at the sink
        uint64_t retransmitted{0}; //!< segments sent again
        uint64_t timeouts{0};      //!< retransmission timeouts
        uint32_t recoveries{0};    //!< entries into fast recovery
        int64_t renoExits{-1};     //!< recoveries ended early (-1: not a Reno socket)
    };

    /**
     * @param reno Reno's recovery
     * @param window send and receive buffers, octets
     * @param lost the segments whose first transmission is lost
     * @return the outcome
     */
    Outcome Run(bool reno, uint32_t window, const std::vector<uint32_t>& lost = {20, 23})
    {
        NodeContainer nodes;
        const Ipv4Address dst = LossyPair(nodes, "ns3::TcpNewReno", window, lost);
        AtmTcpTransfer transfer(nodes.Get(0), nodes.Get(1), dst, 5000, Seconds(0), 60000, reno);
        Outcome o;
        atmtest::Schedule(MilliSeconds(1), [&]() {
            Ptr<Socket> s = DynamicCast<BulkSendApplication>(transfer.GetSender())->GetSocket();
            s->TraceConnectWithoutContext("CongState",
                                          MakeCallback(+[](uint32_t* n,
                                                           TcpSocketState::TcpCongState_t,
                                                           TcpSocketState::TcpCongState_t state) {
                                              *n += state == TcpSocketState::CA_RECOVERY;
                                          }).Bind(&o.recoveries));
        });
        transfer.StartWindow();
        Simulator::Stop(Seconds(5));
        Simulator::Run();
        transfer.EndWindow();
        Ptr<Socket> s = DynamicCast<BulkSendApplication>(transfer.GetSender())->GetSocket();
        if (Ptr<AtmTcpRenoSocket> r = DynamicCast<AtmTcpRenoSocket>(s))
        {
            o.renoExits = r->GetRenoExits();
        }
        o.delivered = transfer.GetTotalBytes();
        o.retransmitted = transfer.GetRetransmissions();
        o.timeouts = transfer.GetTimeouts();
        Simulator::Destroy();
        return o;
    }

    void DoRun() override
    {
        for (uint32_t window : {16000, 64000})
        {
            const std::string w = std::to_string(window / 1000) + " kB: ";
            const Outcome newReno = Run(false, window);
            NS_TEST_EXPECT_MSG_EQ(newReno.delivered, 60000, w + "NewReno: every octet");
            NS_TEST_EXPECT_MSG_EQ(newReno.renoExits, -1, w + "NewReno: ns-3's own socket");
            NS_TEST_EXPECT_MSG_EQ(newReno.recoveries, 1, w + "NewReno: one fast recovery");
            NS_TEST_EXPECT_MSG_EQ(newReno.retransmitted, 2, w + "NewReno: the two lost segments");
            NS_TEST_EXPECT_MSG_EQ(newReno.timeouts, 0, w + "NewReno: no timeout");
            const Outcome reno = Run(true, window);
            NS_TEST_EXPECT_MSG_EQ(reno.delivered, 60000, w + "Reno: every octet");
            NS_TEST_EXPECT_MSG_EQ(reno.renoExits, 1, w + "Reno: the partial ACK ends recovery");
            NS_TEST_EXPECT_MSG_EQ(reno.retransmitted, 2, w + "Reno: the two lost segments");
            // 16 kB: the window is full of the segments after the hole,
            // no new segment can bring duplicate ACKs: the timer resends
            // it. 64 kB: the segments sent during the first recovery bring
            // three duplicate ACKs: a second fast recovery.
            NS_TEST_EXPECT_MSG_EQ(reno.recoveries,
                                  (window == 16000 ? 1 : 2),
                                  w + "Reno: fast recoveries");
            NS_TEST_EXPECT_MSG_EQ(reno.timeouts,
                                  (window == 16000 ? 1 : 0),
                                  w + "Reno: retransmission timeouts");
        }
        // One loss: the retransmission's ACK is the recovery point itself
        // (the segments sent during recovery come after it), a full ACK:
        // Reno ends recovery there as NewReno does, not early.
        const Outcome one = Run(true, 16000, {20});
        NS_TEST_EXPECT_MSG_EQ(one.delivered, 60000, "one loss: every octet");
        NS_TEST_EXPECT_MSG_EQ(one.recoveries, 1, "one loss: one fast recovery");
        NS_TEST_EXPECT_MSG_EQ(one.renoExits, 0, "one loss: a full ACK, no early end");
        NS_TEST_EXPECT_MSG_EQ(one.retransmitted, 1, "one loss: one segment sent again");
        NS_TEST_EXPECT_MSG_EQ(one.timeouts, 0, "one loss: no timeout");
    }
};

/**
 * @ingroup atm-tests
 * AtmTcpBsdReno: 4.4BSD's per-ACK window increase and its ssthresh, on
 * given windows and in a transfer with two losses.
 */
class AtmTcpBsdRenoWindowTestCase : public TestCase
{
  public:
    AtmTcpBsdRenoWindowTestCase()
        : TestCase("4.4BSD's window: maxseg per ACK, then maxseg^2 over cwnd plus an eighth")
    {
    }

  private:
    /// What the congestion window did in OPEN state.
    struct Steps
    {
        uint32_t ssThresh{UINT32_MAX};                                 //!< the sender's, traced
        TcpSocketState::TcpCongState_t state{TcpSocketState::CA_OPEN}; //!< the same
        uint32_t slowStart{0};                                         //!< increases below ssthresh
        uint32_t avoidance{0};                                         //!< increases above it
        uint32_t wrong{0}; //!< increases by anything else
    };

    /**
     * @brief Checks one change of the window against 4.4BSD's rule.
     * @param steps the sender's state and the counts
     * @param oldValue the window before
     * @param newValue the window after
     */
    static void Step(Steps* steps, uint32_t oldValue, uint32_t newValue)
    {
        if (oldValue == 0 || newValue <= oldValue || steps->state != TcpSocketState::CA_OPEN)
        {
            return;
        }
        if (oldValue <= steps->ssThresh)
        {
            (newValue == oldValue + MSS ? steps->slowStart : steps->wrong)++;
        }
        else
        {
            (newValue == oldValue + MSS * MSS / oldValue + MSS / 8 ? steps->avoidance
                                                                   : steps->wrong)++;
        }
    }

    void DoRun() override
    {
        Ptr<AtmTcpBsdReno> bsd = CreateObject<AtmTcpBsdReno>();
        Ptr<TcpSocketState> tcb = CreateObject<TcpSocketState>();
        tcb->m_segmentSize = 512;
        tcb->m_ssThresh = 4096;
        tcb->m_cWnd = 512;
        bsd->IncreaseWindow(tcb, 2); // an ACK of two segments: still one maxseg
        NS_TEST_EXPECT_MSG_EQ(tcb->m_cWnd.Get(), 1024, "slow start: one maxseg per ACK");
        tcb->m_cWnd = 4096;
        bsd->IncreaseWindow(tcb, 1); // cwnd = ssthresh: still slow start
        NS_TEST_EXPECT_MSG_EQ(tcb->m_cWnd.Get(), 4608, "cwnd = ssthresh: slow start");
        bsd->IncreaseWindow(tcb, 1); // 512 * 512 / 4608 = 56, + 64
        NS_TEST_EXPECT_MSG_EQ(tcb->m_cWnd.Get(), 4608 + 56 + 64, "avoidance: maxseg^2/cwnd + /8");
        tcb->m_cWnd = 8192;
        bsd->IncreaseWindow(tcb, 2);
        NS_TEST_EXPECT_MSG_EQ(tcb->m_cWnd.Get(), 8192 + 32 + 64, "avoidance, 16 segments");
        tcb->m_cWnd = 8192;
        bsd->IncreaseWindow(tcb, 0);
        NS_TEST_EXPECT_MSG_EQ(tcb->m_cWnd.Get(), 8192, "no new data acknowledged: no change");
        NS_TEST_EXPECT_MSG_EQ(bsd->GetSsThresh(tcb, 16384), 8192, "half the flight");
        NS_TEST_EXPECT_MSG_EQ(bsd->GetSsThresh(tcb, 5000), 2048, "whole segments, rounded down");
        NS_TEST_EXPECT_MSG_EQ(bsd->GetSsThresh(tcb, 1500), 1024, "at least two segments");

        // In a transfer: ns-3 calls it once per ACK of new data.
        Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(1)); // 4.4BSD's
        NodeContainer nodes;
        const Ipv4Address dst = LossyPair(nodes, "ns3::AtmTcpBsdReno", 64000);
        AtmTcpTransfer transfer(nodes.Get(0), nodes.Get(1), dst, 5000, Seconds(0), 200000, true);
        Steps steps;
        atmtest::Schedule(MilliSeconds(1), [&]() {
            Ptr<Socket> s = DynamicCast<BulkSendApplication>(transfer.GetSender())->GetSocket();
            s->TraceConnectWithoutContext("SlowStartThreshold",
                                          MakeCallback(+[](uint32_t* t, uint32_t, uint32_t v) {
                                              *t = v;
                                          }).Bind(&steps.ssThresh));
            s->TraceConnectWithoutContext("CongState",
                                          MakeCallback(+[](TcpSocketState::TcpCongState_t* t,
                                                           TcpSocketState::TcpCongState_t,
                                                           TcpSocketState::TcpCongState_t v) {
                                              *t = v;
                                          }).Bind(&steps.state));
            s->TraceConnectWithoutContext(
                "CongestionWindow",
                MakeBoundCallback(&AtmTcpBsdRenoWindowTestCase::Step, &steps));
        });
        transfer.StartWindow();
        Simulator::Stop(Seconds(10));
        Simulator::Run();
        transfer.EndWindow();
        NS_TEST_EXPECT_MSG_EQ(transfer.GetTotalBytes(), 200000, "every octet");
        NS_TEST_EXPECT_MSG_GT(steps.slowStart, 5, "slow-start steps seen");
        NS_TEST_EXPECT_MSG_GT(steps.avoidance, 20, "congestion-avoidance steps seen");
        NS_TEST_EXPECT_MSG_EQ(steps.wrong, 0, "every increase as 4.4BSD's");
        Simulator::Destroy();
        Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(10)); // ns-3's
    }
};

/**
 * @ingroup atm-tests
 * The atm-tcp-reno test suite.
 */
class AtmTcpRenoTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmTcpRenoTestSuite()
        : IsolatedTestSuite("atm-tcp-reno", Type::UNIT)
    {
        AddTestCase(new AtmTcpRenoRecoveryTestCase);
        AddTestCase(new AtmTcpBsdRenoWindowTestCase);
    }
};

static AtmTcpRenoTestSuite g_atmTcpRenoTestSuite; //!< the suite
