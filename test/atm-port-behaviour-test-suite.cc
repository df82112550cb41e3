/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of the port behaviours (the switch side of ABR) on a fake port: each
// case fills AtmPortState by hand, calls the hooks as a port would and
// compares the marks, MACR and the ER stamped with values worked out in the
// comments. ER values pass through the rate format, which rounds down: the
// comments give the rate computed and the code it rounds to. The steady-state
// cases close the loop with real AtmAbrSource objects and compare the rates
// they settle at with AtmMaxMinOracle.

#include "atm-test-suite.h"

#include "ns3/atm-abr-source.h"
#include "ns3/atm-congestion-detector.h"
#include "ns3/atm-erica-plus.h"
#include "ns3/atm-erica.h"
#include "ns3/atm-fifo-queue-disc.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-iterative-er.h"
#include "ns3/atm-load-meter.h"
#include "ns3/atm-max-min-oracle.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-port-behaviour.h"
#include "ns3/atm-rate-format.h"
#include "ns3/atm-rm-cell.h"
#include "ns3/atm-vc-counting-er.h"
#include "ns3/double.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// Counts the Marked and ErStamped traces of a behaviour.
struct MarkLog
{
    uint32_t efci{0}; //!< EFCI marks
    uint32_t ci{0};   //!< CI marks
    uint32_t ni{0};   //!< NI marks
    uint32_t er{0};   //!< ER stamps
    double lastEr{0}; //!< the last ER stamped

    /**
     * A mark set on a cell.
     * @param what which mark
     */
    void Marked(uint32_t /* slot */, const char* what)
    {
        const std::string w(what);
        efci += (w == "EFCI");
        ci += (w == "CI");
        ni += (w == "NI");
    }

    /**
     * ER stamped on a backward RM cell.
     * @param newEr ER after
     */
    void Stamped(uint32_t /* slot */, double /* oldEr */, double newEr)
    {
        ++er;
        lastEr = newEr;
    }

    /**
     * @brief Connect to a behaviour's traces.
     * @param b the behaviour
     */
    void Connect(Ptr<AtmPortBehaviour> b)
    {
        b->TraceConnectWithoutContext("Marked", MakeCallback(&MarkLog::Marked, this));
        b->TraceConnectWithoutContext("ErStamped", MakeCallback(&MarkLog::Stamped, this));
    }
};

/**
 * A forward RM cell as a source sends it.
 * @param ccr its CCR, cells/s
 * @return the cell (ER = the largest rate)
 */
AtmCell
Frm(double ccr)
{
    AtmCell c = AtmRmCell::Make(0, 42);
    AtmRmCell::SetEr(c, AtmRateFormat::MaxRate());
    AtmRmCell::SetCcr(c, ccr);
    return c;
}

/**
 * The backward RM cell the destination returns for a forward one.
 * @param ccr its CCR, cells/s
 * @param er its ER, cells/s
 * @return the cell
 */
AtmCell
Brm(double ccr, double er = AtmRateFormat::MaxRate())
{
    AtmCell c = Frm(ccr);
    AtmRmCell::SetDir(c, true);
    AtmRmCell::SetEr(c, er);
    return c;
}

/**
 * A port state.
 * @param now the time
 * @param queue cells queued
 * @param congested sigma(t)
 * @param cellRate cells/s
 * @return the state
 */
AtmPortState
Port(Time now, uint32_t queue = 0, bool congested = false, double cellRate = 100000)
{
    AtmPortState p;
    p.now = now;
    p.cellRate = cellRate;
    p.queueCells = queue;
    p.congested = congested;
    return p;
}

} // namespace

/**
 * @ingroup atm-tests
 * EFCI marking driven by the two-threshold detector (Arulambalam eqs. 2-5).
 */
class AtmEfciMarkingTestCase : public TestCase
{
  public:
    AtmEfciMarkingTestCase()
        : TestCase("EFCI marking: global flag of eq. 2 on a FIFO, per-VC flags of eqs. 3-5")
    {
    }

  private:
    void DoRun() override
    {
        ObjectFactory f("ns3::AtmEfciMarking");
        Ptr<AtmPortBehaviour> fifo = f.Create<AtmPortBehaviour>();
        MarkLog log;
        log.Connect(fifo);
        // Q_LT = 50, Q_HT = 100 (Arulambalam Table 1). The queue grows to 120
        // and falls back to 0; sigma(t) is set above 100 and kept down to 50.
        AtmCongestionDetector det;
        det.SetThresholds(50, 100);
        det.SetVcCount(2);
        uint32_t marked = 0;
        uint32_t expected = 0;
        std::vector<uint32_t> lengths;
        for (uint32_t q = 1; q <= 120; ++q)
        {
            lengths.push_back(q);
        }
        for (uint32_t q = 119; q > 0; --q)
        {
            lengths.push_back(q);
        }
        bool up = true;
        for (uint32_t q : lengths)
        {
            up = up && q < 120;
            det.Update(q, 0, q, 1);
            AtmPortState p = Port(Seconds(0), q, det.IsCongested());
            AtmCell data = AtmCell::MakeData(0, 42, q, Seconds(0));
            fifo->OnDataArrival(data, 0, p);
            NS_TEST_EXPECT_MSG_EQ(data.GetEfci(), false, "default: marked as they leave");
            fifo->OnDataDeparture(data, 0, p);
            marked += data.GetEfci();
            // Rising: marked from 101 to 120 (20 cells); falling: from 119 down
            // to 50 (sigma kept while Q >= Q_LT; cleared below 50): 70 cells.
            expected += up ? (q > 100) : (q >= 50);
        }
        NS_TEST_EXPECT_MSG_EQ(expected, 90U, "20 + 70 by hand");
        NS_TEST_EXPECT_MSG_EQ(marked, expected, "cells marked while sigma(t) = 1");
        NS_TEST_EXPECT_MSG_EQ(log.efci, expected, "Marked trace");
        // The port keeps calling a departure hook that marks; one left to
        // the default, which does nothing, it calls once (ERICA's).
        NS_TEST_EXPECT_MSG_EQ(fifo->HasDataDepartureHook(), true, "EFCI marks as cells leave");
        Ptr<AtmPortBehaviour> erica = CreateObject<AtmErica>();
        NS_TEST_EXPECT_MSG_EQ(erica->HasDataDepartureHook(), true, "not called yet");
        AtmCell leaving = AtmCell::MakeData(0, 42, 1, Seconds(0));
        erica->OnDataDeparture(leaving, 0, Port(Seconds(0), 1, false));
        NS_TEST_EXPECT_MSG_EQ(erica->HasDataDepartureHook(), false, "the default does nothing");

        // Per-VC (S2): with Q = 150 > Q_HT over two active VCs, Q_HT/N = 50:
        // VC 0 with 120 cells is flagged, VC 1 with 30 is not.
        f.Set("Flag", StringValue("PerVc"));
        f.Set("MarkAt", StringValue("Arrival"));
        Ptr<AtmPortBehaviour> perVc = f.Create<AtmPortBehaviour>();
        AtmCongestionDetector d2;
        d2.SetThresholds(50, 100);
        d2.SetVcCount(2);
        d2.Update(150, 0, 120, 2);
        d2.Update(150, 1, 30, 2);
        AtmPortState p = Port(Seconds(0), 150, d2.IsCongested());
        AtmCell a = AtmCell::MakeData(0, 42, 1, Seconds(0));
        AtmCell b = AtmCell::MakeData(0, 43, 1, Seconds(0));
        p.vcCells = 120;
        p.vcCongested = d2.IsVcCongested(150, 0, 120, 2);
        perVc->OnDataArrival(a, 0, p);
        p.vcCells = 30;
        p.vcCongested = d2.IsVcCongested(150, 1, 30, 2);
        perVc->OnDataArrival(b, 1, p);
        NS_TEST_EXPECT_MSG_EQ(a.GetEfci(), true, "VC above Q_HT / N_vc marked");
        NS_TEST_EXPECT_MSG_EQ(b.GetEfci(), false, "VC below Q_HT / N_vc not marked");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * The port state a real queue disc gives.
 */
class AtmPortStateTestCase : public TestCase
{
  public:
    AtmPortStateTestCase()
        : TestCase("Port state from a FIFO queue disc: lengths and the eq. 2 and eq. 3 flags")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmFifoQueueDisc> q = CreateObject<AtmFifoQueueDisc>();
        q->SetAttribute("MaxCells", UintegerValue(1000));
        q->SetAttribute("HighThreshold", UintegerValue(100));
        q->SetAttribute("LowThreshold", UintegerValue(50));
        q->AddVc(0, 1);
        q->AddVc(1, 1);
        q->Initialize();
        // 30 cells of VC 1, then 120 of VC 0: 150 > Q_HT = 100 with two VCs
        // active: Q_HT / 2 = 50, VC 0 (120) flagged, VC 1 (30) not.
        for (uint32_t i = 0; i < 30; ++i)
        {
            q->Enqueue(AtmCell::MakeData(0, 43, i, Seconds(0)), 1);
        }
        for (uint32_t i = 0; i < 120; ++i)
        {
            q->Enqueue(AtmCell::MakeData(0, 42, i, Seconds(0)), 0);
        }
        AtmPortState p0 = AtmPortState::FromQueueDisc(*q, 0, 353207.5, Seconds(2));
        NS_TEST_EXPECT_MSG_EQ(p0.now, Seconds(2), "now");
        NS_TEST_EXPECT_MSG_EQ(p0.cellRate, 353207.5, "cell rate");
        NS_TEST_EXPECT_MSG_EQ(p0.queueCells, 150U, "port queue");
        NS_TEST_EXPECT_MSG_EQ(p0.activeVcs, 2U, "active VCs");
        NS_TEST_EXPECT_MSG_EQ(p0.congested, true, "eq. 2");
        NS_TEST_EXPECT_MSG_EQ(p0.vcCells, 120U, "VC 0 queue");
        NS_TEST_EXPECT_MSG_EQ(p0.vcCongested, true, "eq. 3, VC 0");
        AtmPortState p1 = AtmPortState::FromQueueDisc(*q, 1, 353207.5, Seconds(2));
        NS_TEST_EXPECT_MSG_EQ(p1.vcCells, 30U, "VC 1 queue");
        NS_TEST_EXPECT_MSG_EQ(p1.vcCongested, false, "eq. 3, VC 1");
        AtmPortState p9 = AtmPortState::FromQueueDisc(*q, 9, 353207.5, Seconds(2));
        NS_TEST_EXPECT_MSG_EQ(p9.vcCells, 0U, "unknown slot");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Backward CI/NI marking and selective marking.
 */
class AtmBinaryMarkingTestCase : public TestCase
{
  public:
    AtmBinaryMarkingTestCase()
        : TestCase("Backward CI or NI marking; selective marking marks only VCs above DPF*MACR")
    {
    }

  private:
    void DoRun() override
    {
        ObjectFactory bf("ns3::AtmBackwardMarking");
        Ptr<AtmPortBehaviour> ci = bf.Create<AtmPortBehaviour>();
        bf.Set("Indication", StringValue("Ni"));
        Ptr<AtmPortBehaviour> ni = bf.Create<AtmPortBehaviour>();
        AtmCell c1 = Brm(1000);
        AtmCell c2 = Brm(1000);
        ci->OnBackwardRm(c1, 0, Port(Seconds(0), 10, false));
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetCi(c1), false, "not congested");
        ci->OnBackwardRm(c1, 0, Port(Seconds(0), 200, true));
        ni->OnBackwardRm(c2, 0, Port(Seconds(0), 200, true));
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetCi(c1), true, "CI when congested");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetNi(c1), false, "CI only");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetNi(c2), true, "NI when congested");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetCi(c2), false, "NI only");

        // Selective: MACR 1000 (InitialMacr), DPF 7/8: above share = CCR > 875.
        ObjectFactory sf("ns3::AtmSelectiveMarking");
        sf.Set("InitialMacr", DoubleValue(1000));
        sf.Set("Dqt", UintegerValue(500));
        Ptr<AtmPortBehaviour> sel = sf.Create<AtmPortBehaviour>();
        MarkLog log;
        log.Connect(sel);

        struct Case
        {
            double ccr;      //!< CCR of the backward RM cell
            uint32_t queue;  //!< port queue
            bool congested;  //!< sigma(t)
            bool ci;         //!< expected CI
            const char* why; //!< reason
        };

        const Case cases[] = {
            {900, 200, true, true, "congested, 900 > 875: marked"},
            {800, 200, true, false, "congested, 800 <= 875: below its share, left alone"},
            {875, 200, true, false, "875 is not above 875"},
            {900, 20, false, false, "not congested"},
            {100, 600, false, true, "very congested (queue 600 > DQT 500): every VC"},
        };
        for (const Case& k : cases)
        {
            AtmCell c = Brm(k.ccr);
            sel->OnBackwardRm(c, 0, Port(Seconds(0), k.queue, k.congested));
            NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetCi(c), k.ci, k.why);
            NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetEr(c), AtmRateFormat::MaxRate(), "ER untouched");
        }
        NS_TEST_EXPECT_MSG_EQ(log.ci, 2U, "two CI marks traced");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * MACR exponential averaging with AV and VCS, and APRC queue growth.
 */
class AtmMacrTestCase : public TestCase
{
  public:
    AtmMacrTestCase()
        : TestCase("MACR: MACR += AV (CCR - MACR), VCS filter while congested (not above DQT), "
                   "APRC growth")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmIterativeEr> b = CreateObject<AtmIterativeEr>(); // AV 1/16, VCS 7/8
        std::vector<double> trace;

        struct Rec
        {
            std::vector<double>* v; //!< where

            /**
             * @param o old value
             * @param n new value
             */
            void Changed(double /* o */, double n) const
            {
                v->push_back(n);
            }
        } rec{&trace};

        b->TraceConnectWithoutContext("Macr", MakeCallback(&Rec::Changed, &rec));

        struct Step
        {
            double ccr;      //!< CCR of the forward RM cell
            bool congested;  //!< sigma(t)
            double macr;     //!< MACR after
            const char* why; //!< the arithmetic
        };

        const Step steps[] = {
            {1000, false, 1000, "first CCR"},
            {2000, false, 1062.5, "1000 + (2000 - 1000)/16"},
            {500, true, 1062.5, "congested, 500 < 7/8 * 1062.5 = 929.6875: not averaged"},
            {1000, true, 1058.59375, "congested, 1000 >= 929.6875: 1062.5 - 62.5/16"},
            {500, false, 1023.681640625, "not congested: 1058.59375 + (500 - 1058.59375)/16"},
        };
        for (const Step& st : steps)
        {
            AtmCell frm = Frm(st.ccr);
            b->OnForwardRm(frm, 0, Port(Seconds(0), 0, st.congested));
            NS_TEST_EXPECT_MSG_EQ(b->GetMacr(), st.macr, st.why);
        }
        NS_TEST_EXPECT_MSG_EQ(trace.size(), 4U, "Macr traced on each change");

        // Very congested (queue above DQT): the port holds every VC at
        // MRF * MACR itself, so a CCR below VCS * MACR is averaged too.
        Ptr<AtmIterativeEr> dqt = CreateObject<AtmIterativeEr>();
        dqt->SetAttribute("InitialMacr", DoubleValue(1000));
        dqt->SetAttribute("Dqt", UintegerValue(500));
        AtmCell frm = Frm(250);
        dqt->OnForwardRm(frm, 0, Port(Seconds(0), 500, true));
        NS_TEST_EXPECT_MSG_EQ(dqt->GetMacr(), 1000.0, "queue 500 = DQT, 250 < 875: not averaged");
        frm = Frm(250);
        dqt->OnForwardRm(frm, 0, Port(Seconds(0), 501, true));
        NS_TEST_EXPECT_MSG_EQ(dqt->GetMacr(), 953.125, "queue 501 > DQT: 1000 - 750/16");

        // The filter's factor is VCS, a knob of its own beside DPF (7/8).
        Ptr<AtmIterativeEr> vcs = CreateObject<AtmIterativeEr>();
        vcs->SetAttribute("InitialMacr", DoubleValue(1000));
        vcs->SetAttribute("Vcs", DoubleValue(0.5));
        frm = Frm(600);
        vcs->OnForwardRm(frm, 0, Port(Seconds(0), 0, true));
        NS_TEST_EXPECT_MSG_EQ(vcs->GetMacr(),
                              975.0,
                              "VCS 1/2, congested, 600 >= 500: 1000 - 400/16");

        // APRC: congested while the queue grew since the previous RM cell.
        Ptr<AtmIterativeEr> aprc = CreateObject<AtmIterativeEr>();
        aprc->SetAttribute("CongestionDetection", StringValue("QueueGrowth"));
        aprc->SetAttribute("InitialMacr", DoubleValue(1000));
        aprc->SetAttribute("Dpf", DoubleValue(0));
        const uint32_t queue[] = {10, 20, 15, 15, 30};
        const bool stamped[] = {true, true, false, false, true};
        for (int i = 0; i < 5; ++i)
        {
            AtmCell c = Brm(1000);
            aprc->OnBackwardRm(c, 0, Port(MicroSeconds(i), queue[i], false));
            NS_TEST_EXPECT_MSG_EQ((AtmRmCell::GetEr(c) < AtmRateFormat::MaxRate()),
                                  stamped[i],
                                  "queue " << queue[i] << " after " << (i ? queue[i - 1] : 0));
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Iterative ER: ERF * MACR when congested, MRF * MACR when very congested.
 */
class AtmIterativeErTestCase : public TestCase
{
  public:
    AtmIterativeErTestCase()
        : TestCase("Iterative ER: ER <= ERF*MACR above DPF*MACR, MRF*MACR above DQT, never up")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmIterativeEr> b = CreateObject<AtmIterativeEr>();
        b->SetAttribute("InitialMacr", DoubleValue(1000));
        b->SetAttribute("Dqt", UintegerValue(500));
        MarkLog log;
        log.Connect(b);
        // Congested, CCR 900 > 875: ER = 15/16 * 1000 = 937.5; 937.5 = 2^9 *
        // 1.8310546875, m = floor(425.5) = 425: 512 + 425 = 937.
        AtmCell c = Brm(900);
        b->OnBackwardRm(c, 0, Port(Seconds(0), 200, true));
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetEr(c), 937.0, "ERF * MACR rounded down");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetCi(c), false, "no CI");
        // Below its share (CCR 800): not stamped.
        c = Brm(800);
        b->OnBackwardRm(c, 0, Port(Seconds(0), 200, true));
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetEr(c), AtmRateFormat::MaxRate(), "below its share");
        // Very congested: ER = 1/4 * 1000 = 250 (representable), any VC.
        c = Brm(100);
        b->OnBackwardRm(c, 0, Port(Seconds(0), 600, true));
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetEr(c), 250.0, "MRF * MACR");
        // An ER already lower (a switch downstream said 100) stays 100.
        c = Brm(900, 100);
        b->OnBackwardRm(c, 0, Port(Seconds(0), 600, true));
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetEr(c), 100.0, "never raised");
        NS_TEST_EXPECT_MSG_EQ(log.er, 2U, "two stamps traced");
        NS_TEST_EXPECT_MSG_EQ(log.lastEr, 250.0, "last stamp");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * VC counting: the fair share by progressive filling, 10% lower from a
 * queue build-up until it drains, VCs judged against the lowest ER
 * offered lately.
 */
class AtmVcCountingTestCase : public TestCase
{
  public:
    AtmVcCountingTestCase()
        : TestCase("VC counting: capacity left over VCs bottlenecked here, 10% less until the "
                   "queue drains")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmVcCountingEr> b = CreateObject<AtmVcCountingEr>();
        b->Initialize();
        // Interval 1 ms. In [0, 1 ms) five VCs send FRMs with CCR 10000 ..
        // 50000 on a port of 100000 cells/s.
        const double ccr[] = {10000, 20000, 30000, 40000, 50000};
        for (uint32_t v = 0; v < 5; ++v)
        {
            AtmCell f = Frm(ccr[v]);
            b->OnForwardRm(f, v, Port(MicroSeconds(v)));
        }
        // Before an interval has closed nothing is stamped.
        AtmCell c = Brm(50000);
        b->OnBackwardRm(c, 4, Port(MicroSeconds(10)));
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetEr(c), AtmRateFormat::MaxRate(), "no measurement yet");
        // At 1 ms: 100000/5 = 20000 > 10000: VC 0 is bottlenecked elsewhere;
        // 90000/4 = 22500 > 20000: so is VC 1; 70000/3 = 23333.33 <= 30000:
        // VCs 2-4 share 70000. 23333.33 = 2^14 * 1.424154, m = floor(217.17)
        // = 217: 16384 + 217 * 32 = 23328.
        c = Brm(50000);
        b->OnBackwardRm(c, 4, Port(MilliSeconds(1)));
        NS_TEST_EXPECT_MSG_EQ_TOL(b->GetFairShare(), 70000.0 / 3, 1e-6, "fair share");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetEr(c), 23328.0, "ER = fair share");
        // A queue of 21 cells (> QueueThreshold 20): 0.9 * 23333.33 = 21000 =
        // 2^14 * 1.281738, m = floor(144.25) = 144: 16384 + 4608 = 20992.
        c = Brm(50000);
        b->OnBackwardRm(c, 4, Port(MilliSeconds(1), 21));
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetEr(c), 20992.0, "10% below while the queue builds");
        // A VC bottlenecked downstream at 5000 keeps ER 5000.
        c = Brm(5000, 5000);
        b->OnBackwardRm(c, 0, Port(MilliSeconds(1), 15));
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetEr(c), 5000.0, "never raised");
        // The build-up lasts until the queue has drained: 15 cells (below
        // QueueThreshold, above DrainedThreshold 0) still get 20992.
        c = Brm(50000);
        b->OnBackwardRm(c, 4, Port(MilliSeconds(1) + MicroSeconds(1), 15));
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetEr(c), 20992.0, "still 10% below while draining");
        AtmCell d = AtmCell::MakeData(0, 42, 0, Seconds(0));
        b->OnDataArrival(d, 4, Port(MilliSeconds(1) + MicroSeconds(2), 0));
        c = Brm(50000);
        b->OnBackwardRm(c, 4, Port(MilliSeconds(1) + MicroSeconds(3), 15));
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetEr(c), 23328.0, "drained: the full share again");
        // Intervals 2 and 3: VCs 2-4 send at the reduced offer 20992 (their
        // CCRs lag a round trip), VC 0 at 10000, VC 1 at 20000; nothing is
        // reduced in interval 3. Interval 2, closed at 2 ms: 10000 < 20000,
        // 20000 < min(22500, 21000): both elsewhere; 20992 >= 20992 (21000
        // rounded down): VCs 2-4 share 70000 again, and at 3 ms.
        const double lagging[] = {10000, 20000, 20992, 20992, 20992};
        for (uint32_t k = 2; k <= 4; ++k)
        {
            for (uint32_t v = (k < 4 ? 0 : 1); v < 5; ++v)
            {
                AtmCell f = Frm(lagging[v]);
                b->OnForwardRm(f, v, Port(MilliSeconds(k - 1) + MicroSeconds(v + 5)));
            }
            c = Brm(50000);
            b->OnBackwardRm(c, 4, Port(MilliSeconds(k)));
            NS_TEST_EXPECT_MSG_EQ_TOL(b->GetFairShare(),
                                      (k < 4 ? 70000.0 / 3 : 80000.0 / 3),
                                      1e-6,
                                      "fair share at " << k << " ms");
        }
        // At 4 ms VC 0 is idle: 80000 / 4 = 20000, VC 1 (20000) is below the
        // lowest ER offered in the last three intervals (21000, rounded
        // down 20992): elsewhere; 80000 / 3 = 26666.67 for VCs 2-4, whose
        // 20992 is that offer. Judged against the last share alone (23333)
        // VCs 2 and 3 would look bottlenecked elsewhere too and VC 4 would
        // get 100000 - 20000 - 2 * 20992 = 38016.
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * The load meter of VC counting and ERICA on scripted arrivals: an interval
 * closes at the first poll at or after its end, the rate is its cells over
 * its actual length (which a late poll makes longer than the interval),
 * each VC counts once among the active, and the last CCR of a VC stays.
 */
class AtmLoadMeterTestCase : public TestCase
{
  public:
    AtmLoadMeterTestCase()
        : TestCase("Load meter: cells over the interval's actual length, active VCs once each")
    {
    }

  private:
    void DoRun() override
    {
        AtmLoadMeter m;
        const Time interval = MilliSeconds(1);
        NS_TEST_EXPECT_MSG_EQ(m.Poll(MilliSeconds(2), interval), false, "the first poll opens");
        NS_TEST_EXPECT_MSG_EQ(m.HasMeasurement(), false, "nothing measured yet");
        for (uint32_t slot : {4, 1, 4, 4, 7, 1})
        {
            m.Count(slot);
        }
        m.SetCcr(7, 1234.5);
        NS_TEST_EXPECT_MSG_EQ(m.Poll(MicroSeconds(2999), interval), false, "before its end");
        m.Count(2);
        m.Count(4);
        // Closed 1.6 ms after it opened: 8 cells / 1.6 ms.
        NS_TEST_EXPECT_MSG_EQ(m.Poll(MicroSeconds(3600), interval), true, "a late poll closes it");
        NS_TEST_EXPECT_MSG_EQ(m.HasMeasurement(), true, "measured");
        NS_TEST_EXPECT_MSG_EQ_TOL(m.GetInputRate(), 5000.0, 1e-9, "8 cells over 1.6 ms");
        std::vector<uint32_t> active = m.GetActiveVcs();
        std::sort(active.begin(), active.end());
        NS_TEST_EXPECT_MSG_EQ((active == std::vector<uint32_t>{1, 2, 4, 7}),
                              true,
                              "VCs 1, 2, 4, 7, once each");
        // The next interval: one VC, 3 cells, closed exactly at its end.
        for (int i = 0; i < 3; ++i)
        {
            m.Count(7);
        }
        NS_TEST_EXPECT_MSG_EQ(m.Poll(MicroSeconds(4599), interval), false, "not yet");
        NS_TEST_EXPECT_MSG_EQ(m.Poll(MicroSeconds(4600), interval), true, "at its end");
        NS_TEST_EXPECT_MSG_EQ_TOL(m.GetInputRate(), 3000.0, 1e-9, "3 cells over 1 ms");
        NS_TEST_EXPECT_MSG_EQ((m.GetActiveVcs() == std::vector<uint32_t>{7}), true, "VC 7 only");
        NS_TEST_EXPECT_MSG_EQ(m.GetCcr(7), 1234.5, "the last CCR of VC 7 kept");
        NS_TEST_EXPECT_MSG_EQ(m.GetCcr(4), -1.0, "no CCR seen for VC 4");
        // An interval without cells: rate 0, no VC active.
        NS_TEST_EXPECT_MSG_EQ(m.Poll(MicroSeconds(5600), interval), true, "an empty interval");
        NS_TEST_EXPECT_MSG_EQ(m.GetInputRate(), 0.0, "rate 0");
        NS_TEST_EXPECT_MSG_EQ(m.GetActiveVcs().empty(), true, "no VC active");
    }
};

/**
 * @ingroup atm-tests
 * ERICA's formulas on two scripted intervals, and ERICA+'s queue control.
 */
class AtmEricaTestCase : public TestCase
{
  public:
    AtmEricaTestCase()
        : TestCase("ERICA: z, FairShare, VCShare, MaxAllocPrevious; ERICA+ f(Q)")
    {
    }

  private:
    /**
     * @brief One interval: three FRMs then data, 1 ms long from t0.
     * @param b the behaviour
     * @param t0 its start
     * @param dataCells data cells in it
     */
    void Interval(Ptr<AtmErica> b, Time t0, uint32_t dataCells)
    {
        for (uint32_t v = 0; v < 3; ++v)
        {
            AtmCell f = Frm(CCR[v]);
            b->OnForwardRm(f, v, Port(t0 + MicroSeconds(v)));
        }
        for (uint32_t i = 0; i < dataCells; ++i)
        {
            AtmCell d = AtmCell::MakeData(0, 42, i, t0);
            b->OnDataArrival(d, i % 3, Port(t0 + MicroSeconds(5)));
        }
    }

    /// CCRs of the three VCs, exact in the rate format
    static constexpr double CCR[3] = {20480, 30720, 49152};

    /**
     * @brief The ER a backward RM cell of a VC gets now.
     * @param b the behaviour
     * @param v the VC
     * @param now the time
     * @return ER
     */
    double Er(Ptr<AtmErica> b, uint32_t v, Time now)
    {
        AtmCell c = Brm(CCR[v]);
        b->OnBackwardRm(c, v, Port(now));
        return AtmRmCell::GetEr(c);
    }

    void DoRun() override
    {
        Ptr<AtmErica> b = CreateObject<AtmErica>();
        b->SetAttribute("TargetUtilization", DoubleValue(0.9));
        b->Initialize();
        // CCRs 20480 = 2^14 * 1.25, 30720 = 2^14 * 1.875, 49152 = 2^15 * 1.5:
        // exact in the rate format. Interval 1: 3 FRMs + 97 data cells in
        // 1 ms = 100000 cells/s on a capacity of 0.9 * 100000 = 90000:
        // z = 1.1111 > 1 + 0.1 (overload), FairShare = 90000 / 3 = 30000.
        Interval(b, Seconds(0), 97);
        // VC 0: VCShare 20480 / z = 18432, ER = max(30000, 18432) = 30000 =
        // 2^14 * 1.831055, m = floor(425.5) = 425: 16384 + 13600 = 29984.
        NS_TEST_EXPECT_MSG_EQ(Er(b, 0, MilliSeconds(1)), 29984.0, "FairShare");
        NS_TEST_EXPECT_MSG_EQ_TOL(b->GetLoadFactor(), 100000.0 / 90000, 1e-9, "z");
        NS_TEST_EXPECT_MSG_EQ_TOL(b->GetFairShare(), 30000.0, 1e-9, "FairShare");
        // VC 1: VCShare 27648 < 30000: 29984.
        NS_TEST_EXPECT_MSG_EQ(Er(b, 1, MilliSeconds(1)), 29984.0, "FairShare");
        // VC 2: VCShare 49152 / z = 44236.8 = 2^15 * 1.35, m = floor(179.2) =
        // 179: 32768 + 11456 = 44224. MaxAllocCurrent becomes 44236.8.
        NS_TEST_EXPECT_MSG_EQ(Er(b, 2, MilliSeconds(1)), 44224.0, "VCShare");
        // Interval 2: 3 + 87 cells: 90000 cells/s, z = 1 (not overload);
        // MaxAllocPrevious = 44236.8.
        Interval(b, MilliSeconds(1), 87);
        // VC 0: max(30000, 20480, 44236.8) = 44236.8 > FairShare while
        // CCR < FairShare: ER = FairShare = 30000 -> 29984.
        NS_TEST_EXPECT_MSG_EQ(Er(b, 0, MilliSeconds(2)), 29984.0, "below FairShare: FairShare");
        NS_TEST_EXPECT_MSG_EQ_TOL(b->GetLoadFactor(), 1.0, 1e-9, "z");
        // VC 1: max(30000, 30720, 44236.8) = 44236.8 -> 44224.
        NS_TEST_EXPECT_MSG_EQ(Er(b, 1, MilliSeconds(2)), 44224.0, "MaxAllocPrevious");
        // VC 2: VCShare = 49152 (exact).
        NS_TEST_EXPECT_MSG_EQ(Er(b, 2, MilliSeconds(2)), 49152.0, "VCShare");

        // ERICA+: C = 100000, T0 = 500 us: Q0 = 50 cells; a = 1.15, b = 1.05.
        Ptr<AtmEricaPlus> p = CreateObject<AtmEricaPlus>();
        NS_TEST_EXPECT_MSG_EQ_TOL(p->QueueControl(0, 50), 1.05, 1e-12, "f(0) = b");
        NS_TEST_EXPECT_MSG_EQ_TOL(p->QueueControl(25, 50), 52.5 / 51.25, 1e-12, "b Q0/((b-1)Q+Q0)");
        NS_TEST_EXPECT_MSG_EQ_TOL(p->QueueControl(50, 50), 1.0, 1e-12, "f(Q0) = 1");
        NS_TEST_EXPECT_MSG_EQ_TOL(p->QueueControl(100, 50), 57.5 / 65, 1e-12, "a Q0/((a-1)Q+Q0)");
        NS_TEST_EXPECT_MSG_EQ_TOL(p->QueueControl(1000, 50), 0.5, 1e-12, "QDLF floor");
        // With 100 cells queued at the end of an interval of 100000 cells/s:
        // capacity 100000 * 57.5/65 = 88461.54, z = 100000 / 88461.54 = 1.130435.
        p->Initialize();
        for (uint32_t i = 0; i < 100; ++i)
        {
            AtmCell d = AtmCell::MakeData(0, 42, i, Seconds(0));
            p->OnDataArrival(d, 0, Port(MicroSeconds(i)));
        }
        AtmCell c = Brm(100000);
        p->OnBackwardRm(c, 0, Port(MilliSeconds(1), 100));
        NS_TEST_EXPECT_MSG_EQ_TOL(p->GetLoadFactor(), 65 / 57.5, 1e-9, "z against f(Q) C");
        NS_TEST_EXPECT_MSG_EQ_TOL(p->GetFairShare(), 100000 * 57.5 / 65, 1e-6, "one VC");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * The fairness criteria in ERICA and VC counting on one scripted interval
 * of a port of 100000 cells/s: three VCs whose forward RM cells carry MCRs
 * (exact in the rate format) and whose weights come with the port state.
 * Each VC's ER is its part, base + slope x t, at the level t where the
 * parts fill the port, computed by hand below; a VC bottlenecked elsewhere
 * (VC counting) keeps its CCR and the others share the rest.
 */
class AtmFairnessCriteriaTestCase : public TestCase
{
  public:
    AtmFairnessCriteriaTestCase()
        : TestCase("Fairness criteria: ERICA and VC counting stamp each VC's part at the level "
                   "that fills the port")
    {
    }

  private:
    /**
     * @brief One interval of FRMs (CCR, MCR, weight per VC), then each VC's
     *        ER on a backward RM cell at 1 ms.
     * @param type the scheme
     * @param fairness its Fairness value
     * @param ccr the VCs' CCRs
     * @param mcr their MCRs
     * @param weight their weights
     * @return the ERs
     */
    std::vector<double> Ers(const std::string& type,
                            const std::string& fairness,
                            const std::vector<double>& ccr,
                            const std::vector<double>& mcr,
                            const std::vector<double>& weight = {1, 1, 1})
    {
        Ptr<AtmPortBehaviour> b = ObjectFactory(type).Create<AtmPortBehaviour>();
        b->SetAttribute("Fairness", StringValue(fairness));
        b->Initialize();
        for (uint32_t v = 0; v < ccr.size(); ++v)
        {
            AtmCell f = Frm(ccr[v]);
            AtmRmCell::SetMcr(f, mcr[v]);
            AtmPortState port = Port(MicroSeconds(v));
            port.vcWeight = weight[v];
            b->OnForwardRm(f, v, port);
        }
        // With the FRMs, 100 cells in the interval: z = 1.
        for (uint32_t i = ccr.size(); i < 100; ++i)
        {
            AtmCell d = AtmCell::MakeData(0, 42, i, Seconds(0));
            b->OnDataArrival(d, i % ccr.size(), Port(MicroSeconds(10)));
        }
        std::vector<double> er;
        for (uint32_t v = 0; v < ccr.size(); ++v)
        {
            AtmCell c = Brm(std::min(ccr[v], mcr[v]));
            b->OnBackwardRm(c, v, Port(MilliSeconds(1)));
            er.push_back(AtmRmCell::GetEr(c));
        }
        return er;
    }

    /**
     * @brief Check ERs against the parts computed by hand (stamped rounded
     *        down by the rate format).
     * @param got the ERs
     * @param want the parts, cells/s
     * @param what the case
     */
    void Expect(const std::vector<double>& got,
                const std::vector<double>& want,
                const std::string& what)
    {
        for (std::size_t v = 0; v < want.size(); ++v)
        {
            NS_TEST_EXPECT_MSG_EQ(got[v],
                                  AtmRateFormat::RoundDown(want[v]),
                                  what << ": VC " << v << " (part " << want[v] << ")");
        }
    }

    void DoRun() override
    {
        // MCRs 10240, 20480, 30720 (sum 61440) on 100000 cells/s, z = 1.
        // Under ERICA each VC sends at its MCR (its VCShare above the base,
        // (CCR - base) / z, is then at most the MCR: the part decides); under
        // VC counting at 100000, bottlenecked here.
        const std::vector<double> mcr = {10240, 20480, 30720};
        const std::vector<double> fast = {100000, 100000, 100000};
        const double third = 100000.0 / 3;
        for (const char* type : {"ns3::AtmErica", "ns3::AtmVcCountingEr"})
        {
            const std::string t(type);
            const bool erica = t == "ns3::AtmErica";
            auto ccrOf = [&](const std::vector<double>& m) { return erica ? m : fast; };
            Expect(Ers(t, "MaxMin", ccrOf(mcr), mcr), {third, third, third}, t + " max-min");
            // (100000 - 61440) / 3 = 12853.33 each above its MCR.
            const double e = 38560.0 / 3;
            Expect(Ers(t, "McrPlusEqualShare", ccrOf(mcr), mcr),
                   {10240 + e, 20480 + e, 30720 + e},
                   t + " MCR plus equal share");
            // MCR 0 raised by x = 3072: VC 0 gains 2x/3, the others lose
            // x/3 each: t = (100000 - 64512) / 3 = 11829.33.
            const std::vector<double> raised = {13312, 20480, 30720};
            const double e2 = 35488.0 / 3;
            Expect(Ers(t, "McrPlusEqualShare", ccrOf(raised), raised),
                   {13312 + e2, 20480 + e2, 30720 + e2},
                   t + " MCR plus equal share, MCR 0 raised by 3072");
            // MCRs above the port's capacity (the rule): the level is 0,
            // each VC is offered its MCR.
            const std::vector<double> over = {20480, 40960, 49152};
            Expect(Ers(t, "McrPlusEqualShare", ccrOf(over), over),
                   over,
                   t + " MCR plus equal share, MCRs above the capacity");
            // t = 100000 / 61440: MCR x t.
            Expect(Ers(t, "ProportionalToMcr", ccrOf(mcr), mcr),
                   {100000.0 / 6, 100000.0 / 3, 50000},
                   t + " proportional to MCR");
            // Weights 1, 2, 5: t = 38560 / 8 = 4820.
            Expect(Ers(t, "Weighted", ccrOf(mcr), mcr, {1, 2, 5}),
                   {10240 + 4820, 20480 + 9640, 30720 + 24100},
                   t + " weighted 1:2:5");
            // Every MCR below the max-min share: max-min.
            Expect(Ers(t, "MaxOfMcrOrShare", ccrOf(mcr), mcr),
                   {third, third, third},
                   t + " MCR or share, MCRs below");
            // MCR 40960 above the share 33333.33: held there, the others
            // share 59040.
            Expect(Ers(t, "MaxOfMcrOrShare", ccrOf({10240, 20480, 40960}), {10240, 20480, 40960}),
                   {29520, 29520, 40960},
                   t + " MCR or share, one MCR above");
        }
        // ERICA holds a VC at its MCR only while its source sends at it: VC
        // 2 (MCR 40960 above the share) at 49152 gets more through VCShare,
        // so the level stays 100000 / 3 and VC 0 gets it.
        std::vector<double> er =
            Ers("ns3::AtmErica", "MaxOfMcrOrShare", {10240, 20480, 49152}, {10240, 20480, 40960});
        Expect({er[0], er[1]}, {third, third}, "ERICA, MCR or share, VC 2 above its MCR");
        // VC counting, VC 0 bottlenecked elsewhere at 15000. MCR plus equal
        // share: at the level 12853.33 VC 0's part is 23093.33 > 15000; the
        // others share 100000 - 15000 - 51200 = 33800: 16900 each above
        // their MCRs.
        const std::string vcc = "ns3::AtmVcCountingEr";
        const std::vector<double> slow0 = {15000, 100000, 100000};
        er = Ers(vcc, "McrPlusEqualShare", slow0, mcr);
        Expect({er[1], er[2]},
               {20480 + 16900, 30720 + 16900},
               "VC counting, MCR plus equal share, VC 0 elsewhere");
        // Larger of MCR and share, MCR 2 = 49152: without holding, 85000 / 2
        // = 42500 < 49152, so VC 2 is held at 49152 and VC 1 gets the rest,
        // 100000 - 15000 - 49152 = 35848.
        er = Ers(vcc, "MaxOfMcrOrShare", slow0, {10240, 20480, 49152});
        Expect({er[1], er[2]}, {35848, 49152}, "VC counting, MCR or share, VC 0 elsewhere");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Closed loop on one bottleneck port: N sources, some of them held lower
 * elsewhere, reach the max-min rates (AtmMaxMinOracle).
 */
class AtmSteadyStateTestCase : public TestCase
{
  public:
    /**
     * @param typeName the scheme
     * @param utilization its TargetUtilization
     * @param intervals how many measurement intervals to run
     */
    AtmSteadyStateTestCase(std::string typeName, double utilization, uint32_t intervals)
        : TestCase(typeName + " reaches the max-min rates on one bottleneck in " +
                   std::to_string(intervals) + " intervals"),
          m_typeName(typeName),
          m_utilization(utilization),
          m_intervals(intervals)
    {
    }

  private:
    void DoRun() override
    {
        // Port of 100000 cells/s, interval 10 ms; 6 VCs, VC 0 held to 10000
        // and VC 1 to 15000 by another switch. Max-min: (U C - 25000) / 4 for
        // the four others (18750 with U = 1).
        const double c = 100000;
        const Time interval = MilliSeconds(10);
        const double limit[] = {10000, 15000, 1e9, 1e9, 1e9, 1e9};
        const uint32_t n = 6;
        AtmMaxMinOracle oracle;
        const uint32_t link = oracle.AddLink(m_utilization * c);
        for (uint32_t v = 0; v < n; ++v)
        {
            oracle.AddFlow({link}, limit[v]);
        }
        const std::vector<double> expected = oracle.Solve();

        ObjectFactory f(m_typeName);
        f.Set("Interval", TimeValue(interval));
        f.Set("TargetUtilization", DoubleValue(m_utilization));
        Ptr<AtmPortBehaviour> port = f.Create<AtmPortBehaviour>();
        port->Initialize();
        std::vector<Ptr<AtmAbrSource>> src;
        for (uint32_t v = 0; v < n; ++v)
        {
            Ptr<AtmAbrSource> s = CreateObject<AtmAbrSource>();
            s->SetAttribute("Pcr", DoubleValue(c));
            s->SetAttribute("Icr", DoubleValue(1000));
            s->SetAttribute("Rif", DoubleValue(1.0)); // ACR follows ER at once
            s->Start(Seconds(0));
            src.push_back(s);
        }
        std::vector<AtmCell> frms;
        for (uint32_t k = 0; k <= m_intervals; ++k)
        {
            const Time t0 = interval * k;
            // The backward RM cells of the last interval's forward ones come
            // back through this port (the first closes the interval: load
            // and CCRs are those of the same interval), then through the
            // other switch, then reach their sources.
            for (uint32_t v = 0; v < frms.size(); ++v)
            {
                AtmCell brm = frms[v];
                AtmRmCell::SetDir(brm, true);
                port->OnBackwardRm(brm, v, Port(t0, 0, false, c));
                AtmRmCell::LowerEr(brm, limit[v]);
                src[v]->OnBackwardRm(brm, t0);
            }
            // Each VC: one FRM with its ACR as CCR, then its cells of the
            // interval; the queue stays empty (a fluid port).
            frms.clear();
            for (uint32_t v = 0; v < n && k < m_intervals; ++v)
            {
                AtmCell frm = Frm(src[v]->GetAcr());
                port->OnForwardRm(frm, v, Port(t0 + MicroSeconds(v), 0, false, c));
                frms.push_back(frm);
                const auto cells =
                    static_cast<uint32_t>(std::lround(src[v]->GetAcr() * interval.GetSeconds()));
                for (uint32_t i = 1; i < cells; ++i)
                {
                    AtmCell d = AtmCell::MakeData(0, 42, i, t0);
                    port->OnDataArrival(d, v, Port(t0 + MicroSeconds(10), 0, false, c));
                }
            }
        }
        for (uint32_t v = 0; v < n; ++v)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(src[v]->GetAcr(),
                                      expected[v],
                                      0.01 * expected[v],
                                      m_typeName << ": VC " << v << " max-min rate");
        }
        Simulator::Destroy();
    }

    std::string m_typeName; //!< the scheme
    double m_utilization;   //!< its TargetUtilization
    uint32_t m_intervals;   //!< intervals run
};

/**
 * @ingroup atm-tests
 * No scheme ever raises ER or clears CI, on random inputs.
 */
class AtmErNeverRaisedTestCase : public TestCase
{
  public:
    AtmErNeverRaisedTestCase()
        : TestCase("Every scheme, random hooks and port states: ER never raised, CI never cleared")
    {
    }

  private:
    void DoRun() override
    {
        const char* types[] = {"ns3::AtmEfciMarking",
                               "ns3::AtmBackwardMarking",
                               "ns3::AtmSelectiveMarking",
                               "ns3::AtmIterativeEr",
                               "ns3::AtmVcCountingEr",
                               "ns3::AtmErica",
                               "ns3::AtmEricaPlus"};
        std::mt19937 rng(12345);
        std::uniform_real_distribution<double> rate(0, 400000);
        std::uniform_int_distribution<uint32_t> queue(0, 800);
        std::uniform_int_distribution<uint32_t> slot(0, 9);
        std::uniform_int_distribution<int> hook(0, 3);
        for (const char* t : types)
        {
            Ptr<AtmPortBehaviour> b = ObjectFactory(t).Create<AtmPortBehaviour>();
            b->Initialize();
            uint32_t raised = 0;
            uint32_t cleared = 0;
            for (int i = 0; i < 20000; ++i)
            {
                AtmPortState p = Port(MicroSeconds(10 * i), queue(rng), rng() % 2, 353207);
                p.vcCongested = rng() % 2;
                AtmCell rm = Brm(rate(rng), rate(rng));
                const bool ci = rng() % 2;
                AtmRmCell::SetCi(rm, ci);
                const uint16_t before = AtmRmCell::GetErCode(rm);
                AtmCell data = AtmCell::MakeData(0, 42, i, Seconds(0));
                const uint32_t v = slot(rng);
                switch (hook(rng))
                {
                case 0:
                    b->OnDataArrival(data, v, p);
                    break;
                case 1:
                    b->OnDataDeparture(data, v, p);
                    break;
                case 2:
                    AtmRmCell::SetDir(rm, false);
                    b->OnForwardRm(rm, v, p);
                    break;
                default:
                    b->OnBackwardRm(rm, v, p);
                    break;
                }
                raised += AtmRmCell::GetErCode(rm) > before;
                cleared += ci && !AtmRmCell::GetCi(rm);
            }
            NS_TEST_EXPECT_MSG_EQ(raised, 0U, t << ": ER raised");
            NS_TEST_EXPECT_MSG_EQ(cleared, 0U, t << ": CI cleared");
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * A port initializes its port behaviour (DoInitialize: VC counting sizes
 * its OfferMemory ring there) when the port initializes, and at once when
 * it is set on a port that already has.
 */
class AtmPortInitializesBehaviourTestCase : public TestCase
{
  public:
    AtmPortInitializesBehaviourTestCase()
        : TestCase("A port initializes its behaviour, and one set later at once")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(2);
        Ptr<AtmNetDevice> port =
            DynamicCast<AtmNetDevice>(AtmHelper().Install(nodes.Get(0), nodes.Get(1)).Get(0));
        Ptr<AtmVcCountingEr> counting =
            CreateObjectWithAttributes<AtmVcCountingEr>("OfferMemory", UintegerValue(5));
        port->SetPortBehaviour(counting);
        NS_TEST_EXPECT_MSG_EQ(counting->IsInitialized(), false, "not before its port");
        Simulator::Stop(MicroSeconds(1)); // the nodes initialize at time 0
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(port->IsInitialized(), true, "the port is initialized");
        NS_TEST_EXPECT_MSG_EQ(counting->IsInitialized(), true, "with its port");
        Ptr<AtmErica> erica = CreateObject<AtmErica>();
        port->SetPortBehaviour(erica);
        NS_TEST_EXPECT_MSG_EQ(erica->IsInitialized(), true, "at once on an initialized port");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * The port-behaviour suite.
 */
class AtmPortBehaviourTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmPortBehaviourTestSuite()
        : IsolatedTestSuite("atm-port-behaviour", Type::UNIT)
    {
        AddTestCase(new AtmPortStateTestCase);
        AddTestCase(new AtmEfciMarkingTestCase);
        AddTestCase(new AtmBinaryMarkingTestCase);
        AddTestCase(new AtmMacrTestCase);
        AddTestCase(new AtmIterativeErTestCase);
        AddTestCase(new AtmLoadMeterTestCase);
        AddTestCase(new AtmVcCountingTestCase);
        AddTestCase(new AtmEricaTestCase);
        AddTestCase(new AtmFairnessCriteriaTestCase);
        AddTestCase(new AtmSteadyStateTestCase("ns3::AtmVcCountingEr", 1.0, 5));
        AddTestCase(new AtmSteadyStateTestCase("ns3::AtmErica", 0.95, 12));
        AddTestCase(new AtmErNeverRaisedTestCase);
        AddTestCase(new AtmPortInitializesBehaviourTestCase);
    }
};

static AtmPortBehaviourTestSuite g_atmPortBehaviourTestSuite; //!< the suite
