/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of the ABR end systems (AtmAbrSource, AtmAbrDestination) on scripted
// sequences, without a network: each case drives the state machine by hand
// and compares ACR after every step with a value worked out in the comments
// from the TM 4.0 rule it exercises. Rates are chosen exactly representable
// in the RM cell's rate format so that no rounding hides in the numbers.

#include "atm-test-suite.h"

#include "ns3/atm-abr-destination.h"
#include "ns3/atm-abr-source.h"
#include "ns3/atm-rm-cell.h"
#include "ns3/double.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <string>
#include <vector>

using namespace ns3;

namespace
{

/**
 * A backward RM cell as a destination or switch would return it.
 * @param ci congestion indication
 * @param ni no increase
 * @param er explicit rate, cells/s
 * @param bn backward notification
 * @return the cell
 */
AtmCell
Brm(bool ci, bool ni, double er, bool bn = false)
{
    AtmCell c = AtmRmCell::Make(0, 42);
    AtmRmCell::SetDir(c, true);
    AtmRmCell::SetCi(c, ci);
    AtmRmCell::SetNi(c, ni);
    AtmRmCell::SetBn(c, bn);
    AtmRmCell::SetEr(c, er);
    return c;
}

/// Records every ACR change.
struct AcrLog
{
    std::vector<double> values; //!< ACR after each change

    /**
     * @param newValue ACR after
     */
    void Changed(double /* oldValue */, double newValue)
    {
        values.push_back(newValue);
    }
};

/**
 * A source with PCR 1000 cells/s and the given attributes, started at 0.
 * @param attrs name/value pairs
 * @return the source
 */
Ptr<AtmAbrSource>
MakeSource(const std::vector<std::pair<std::string, Ptr<AttributeValue>>>& attrs)
{
    Ptr<AtmAbrSource> s = CreateObject<AtmAbrSource>();
    s->SetAttribute("Pcr", DoubleValue(1000));
    for (const auto& a : attrs)
    {
        s->SetAttribute(a.first, *a.second);
    }
    s->Start(Seconds(0));
    return s;
}

/**
 * Letters for a sequence of cells: F forward RM, B backward RM, D data,
 * O out-of-rate forward RM, - nothing.
 * @param t the cell type
 * @return its letter
 */
char
Letter(AtmAbrSource::CellType t)
{
    switch (t)
    {
    case AtmAbrSource::FORWARD_RM:
        return 'F';
    case AtmAbrSource::BACKWARD_RM:
        return 'B';
    case AtmAbrSource::DATA:
        return 'D';
    case AtmAbrSource::OUT_OF_RATE_RM:
        return 'O';
    default:
        return '-';
    }
}

/**
 * Run n transmit opportunities, each at GetNextSendTime().
 * @param s the source
 * @param n how many
 * @param haveData data waiting
 * @param haveBrm a backward RM cell waiting
 * @param times the send times, appended
 * @return the letters of the cells sent
 */
std::string
Opportunities(Ptr<AtmAbrSource> s,
              int n,
              bool haveData,
              bool haveBrm,
              std::vector<Time>* times = nullptr)
{
    std::string seq;
    for (int i = 0; i < n; ++i)
    {
        const Time t = s->GetNextSendTime();
        AtmCell rm = AtmRmCell::Make(0, 42);
        seq += Letter(s->OnTransmitOpportunity(t, haveData, haveBrm, rm));
        if (times)
        {
            times->push_back(t);
        }
    }
    return seq;
}

} // namespace

/**
 * @ingroup atm-tests
 * Rules 8-9 (Arulambalam eq. 1) with TM 4.0's fractions, step by step.
 */
class AtmAbrSourceEq1TestCase : public TestCase
{
  public:
    AtmAbrSourceEq1TestCase()
        : TestCase("Source, Tm40: eq. (1) on a scripted sequence of backward RM cells")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmAbrSource> s = MakeSource({{"Mcr", Create<DoubleValue>(10)},
                                          {"Icr", Create<DoubleValue>(100)},
                                          {"Rif", Create<DoubleValue>(1.0 / 16)},
                                          {"Rdf", Create<DoubleValue>(1.0 / 16)}});
        AcrLog log;
        s->TraceConnectWithoutContext("Acr", MakeCallback(&AcrLog::Changed, &log));
        NS_TEST_EXPECT_MSG_EQ(s->GetAcr(), 100.0, "ACR starts at ICR (rule 2)");

        // RIF * PCR = 62.5 up; ACR / 16 down.
        struct Step
        {
            bool ci;         //!< CI
            bool ni;         //!< NI
            double er;       //!< ER
            double expected; //!< ACR after
            const char* why; //!< the arithmetic
        };

        const Step steps[] = {
            {false, false, 1000, 162.5, "100 + 62.5"},
            {false, false, 1000, 225, "162.5 + 62.5"},
            {true, false, 1000, 210.9375, "225 - 225/16"},
            {false, true, 1000, 210.9375, "NI: no increase"},
            {false, false, 150, 150, "min(273.4375, ER 150)"},
            {true, true, 1000, 140.625, "CI and NI: 150 - 9.375"},
            {false, false, 5, 10, "ER 5 below MCR: max(min(203.125, 5), 10)"},
            {true, false, 1000, 10, "at MCR: max(10 - 0.625, 10)"},
            {false, false, 1000, 72.5, "10 + 62.5"},
        };
        for (const Step& st : steps)
        {
            s->OnBackwardRm(Brm(st.ci, st.ni, st.er), Seconds(1));
            NS_TEST_EXPECT_MSG_EQ(s->GetAcr(), st.expected, st.why);
        }
        // 15 more increases: 72.5 + 15 * 62.5 = 1010 -> PCR 1000 on the 15th.
        for (int i = 0; i < 15; ++i)
        {
            s->OnBackwardRm(Brm(false, false, 1000), Seconds(1));
        }
        NS_TEST_EXPECT_MSG_EQ(s->GetAcr(), 1000.0, "never above PCR");
        NS_TEST_EXPECT_MSG_EQ(log.values.size(), 22U, "ACR trace: one value per change");
        NS_TEST_EXPECT_MSG_EQ(log.values[2], 210.9375, "ACR trace");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * The pre-TM 4.0 parameterization of eq. (1) (Arulambalam Table 1: Nrm 32,
 * RDF 256, RIF 0.0001) and its AIR form, and Roberts' fractions.
 */
class AtmAbrSourceParameterizationTestCase : public TestCase
{
  public:
    AtmAbrSourceParameterizationTestCase()
        : TestCase("Source: NrmRdf form (Arulambalam Table 1, AIR) and Roberts fractions in Tm40")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmAbrSource> a = MakeSource({{"Parameterization", Create<StringValue>("NrmRdf")},
                                          {"Icr", Create<DoubleValue>(512)},
                                          {"Nrm", Create<UintegerValue>(32)},
                                          {"RdfDivisor", Create<DoubleValue>(256)},
                                          {"Rif", Create<DoubleValue>(1.0 / 1024)}});
        // Decrease ACR * 32/256 = ACR / 8: 512 -> 448 -> 392.
        a->OnBackwardRm(Brm(true, false, 1000), Seconds(1));
        NS_TEST_EXPECT_MSG_EQ(a->GetAcr(), 448.0, "512 (1 - 32/256)");
        a->OnBackwardRm(Brm(true, false, 1000), Seconds(1));
        NS_TEST_EXPECT_MSG_EQ(a->GetAcr(), 392.0, "448 (1 - 32/256)");
        // Increase RIF * PCR = 1000/1024 = 0.9765625 (Air = 0).
        a->OnBackwardRm(Brm(false, false, 1000), Seconds(1));
        NS_TEST_EXPECT_MSG_EQ(a->GetAcr(), 392.9765625, "392 + 1000/1024");
        // With Air = 2 cells/s per cell: + 2 * 32 = 64.
        a->SetAttribute("Air", DoubleValue(2));
        a->OnBackwardRm(Brm(false, false, 1000), Seconds(1));
        NS_TEST_EXPECT_MSG_EQ(a->GetAcr(), 456.9765625, "+ Air * Nrm");

        // Roberts Fig. 1: RDF = 1/16, AIR = 1/64 read as TM 4.0 fractions.
        Ptr<AtmAbrSource> r = MakeSource({{"Icr", Create<DoubleValue>(512)},
                                          {"Rif", Create<DoubleValue>(1.0 / 64)},
                                          {"Rdf", Create<DoubleValue>(1.0 / 16)}});
        r->OnBackwardRm(Brm(false, false, 1000), Seconds(1));
        NS_TEST_EXPECT_MSG_EQ(r->GetAcr(), 527.625, "512 + 1000/64");
        r->OnBackwardRm(Brm(true, false, 1000), Seconds(1));
        NS_TEST_EXPECT_MSG_EQ(r->GetAcr(), 494.6484375, "527.625 (15/16)");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Rules 2, 3a (Nrm and Mrm/Trm), 3b, 3c and ACR pacing.
 */
class AtmAbrSourceSchedulingTestCase : public TestCase
{
  public:
    AtmAbrSourceSchedulingTestCase()
        : TestCase("Source: first cell FRM, FRM every Nrm cells or after Trm, BRM turn, pacing")
    {
    }

  private:
    void DoRun() override
    {
        // Nrm = 4: F then Nrm - 1 = 3 other cells, then F again.
        Ptr<AtmAbrSource> s =
            MakeSource({{"Nrm", Create<UintegerValue>(4)}, {"Icr", Create<DoubleValue>(500)}});
        std::vector<Time> times;
        NS_TEST_EXPECT_MSG_EQ(Opportunities(s, 9, true, false, &times), "FDDDFDDDF", "rule 3a(ii)");
        // ACR 500 cells/s: one cell every 2 ms from t = 0.
        for (std::size_t i = 0; i < times.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(times[i], MilliSeconds(2 * i), "paced at 1/ACR");
        }
        // Nothing waiting: nothing sent (and the first cell waits for data).
        Ptr<AtmAbrSource> idle = MakeSource({});
        NS_TEST_EXPECT_MSG_EQ(Opportunities(idle, 2, false, false), "--", "nothing to send");

        // Trm: ACR 10 cells/s (100 ms per cell), Trm 100 ms, Mrm 2, Nrm 32:
        // F at 0; D at 0.1 (1 cell since F); D at 0.2 (Trm passed but only 1
        // cell < Mrm); at 0.3 two cells and 0.3 s >= Trm: F (rule 3a(i)).
        Ptr<AtmAbrSource> slow = MakeSource({{"Icr", Create<DoubleValue>(10)},
                                             {"Trm", Create<TimeValue>(MilliSeconds(100))},
                                             {"Mrm", Create<UintegerValue>(2)}});
        NS_TEST_EXPECT_MSG_EQ(Opportunities(slow, 7, true, false), "FDDFDDF", "rule 3a(i)");

        // Rule 3b: a waiting BRM goes right after each FRM; with no data, every
        // cell that is not due to be an FRM is a BRM.
        Ptr<AtmAbrSource> b =
            MakeSource({{"Nrm", Create<UintegerValue>(4)}, {"Icr", Create<DoubleValue>(500)}});
        NS_TEST_EXPECT_MSG_EQ(Opportunities(b, 8, true, true), "FBDDFBDD", "rule 3b(i)");
        NS_TEST_EXPECT_MSG_EQ(Opportunities(b, 4, false, true), "FBBB", "rule 3b(ii)");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Rule 10: the forward RM cell's fields; rule 5: use it or lose it.
 */
class AtmAbrSourceAdtfTestCase : public TestCase
{
  public:
    AtmAbrSourceAdtfTestCase()
        : TestCase("Source: FRM fields (rule 10); ACR back to ICR after ADTF idle (rule 5)")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmAbrSource> s = MakeSource({{"Icr", Create<DoubleValue>(100)},
                                          {"Mcr", Create<DoubleValue>(10)},
                                          {"Rif", Create<DoubleValue>(1.0)},
                                          {"Adtf", Create<TimeValue>(MilliSeconds(500))}});
        AtmCell frm = AtmRmCell::Make(3, 77);
        NS_TEST_ASSERT_MSG_EQ(s->OnTransmitOpportunity(Seconds(0), true, false, frm),
                              AtmAbrSource::FORWARD_RM,
                              "first cell");
        NS_TEST_EXPECT_MSG_EQ(frm.GetVci(), 77, "label kept");
        NS_TEST_EXPECT_MSG_EQ(frm.GetPti(), 6, "PTI 110");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetDir(frm), false, "DIR 0");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetBn(frm), false, "BN 0");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetCi(frm), false, "CI 0");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetNi(frm), false, "NI 0");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetEr(frm), 1000.0, "ER = PCR");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetCcr(frm), 100.0, "CCR = ACR");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetMcr(frm), 10.0, "MCR");
        // RIF = 1 and ER 500: ACR = min(100 + 1000, 500) = 500.
        s->OnBackwardRm(Brm(false, false, 500), MilliSeconds(10));
        NS_TEST_EXPECT_MSG_EQ(s->GetAcr(), 500.0, "ACR = ER");
        // Data cells do not look at ADTF: at 0.8 s and 0.9 s ACR is kept.
        AtmCell rm = AtmRmCell::Make(3, 77);
        s->OnTransmitOpportunity(MilliSeconds(800), true, false, rm);
        s->OnTransmitOpportunity(MilliSeconds(900), true, false, rm);
        NS_TEST_EXPECT_MSG_EQ(s->GetAcr(), 500.0, "data cells keep ACR");
        // At 1 s two cells went and Trm passed: an FRM, 1 s > ADTF since the
        // last FRM (though only 0.1 s since the last cell: rule 5 counts
        // from the last forward RM cell), ACR 500 > ICR: ACR = ICR = 100
        // before it is sent.
        NS_TEST_ASSERT_MSG_EQ(s->OnTransmitOpportunity(Seconds(1), true, false, rm),
                              AtmAbrSource::FORWARD_RM,
                              "FRM after Trm");
        NS_TEST_EXPECT_MSG_EQ(s->GetAcr(), 100.0, "use it or lose it");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetCcr(rm), 100.0, "CCR after rule 5");
        // Below ICR rule 5 leaves ACR alone: CI at 1.01 s gives 100 - 100/16.
        s->OnBackwardRm(Brm(true, false, 1000), MilliSeconds(1010));
        NS_TEST_EXPECT_MSG_EQ(s->GetAcr(), 93.75, "100 (15/16)");
        s->OnTransmitOpportunity(Seconds(3), true, false, rm);
        s->OnTransmitOpportunity(Seconds(4), true, false, rm);
        NS_TEST_EXPECT_MSG_EQ(s->OnTransmitOpportunity(Seconds(6), true, false, rm),
                              AtmAbrSource::FORWARD_RM,
                              "FRM");
        NS_TEST_EXPECT_MSG_EQ(s->GetAcr(), 93.75, "ACR < ICR: kept");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Rule 6: CRM forward RM cells without a backward one cut ACR by CDF.
 */
class AtmAbrSourceCrmTestCase : public TestCase
{
  public:
    AtmAbrSourceCrmTestCase()
        : TestCase("Source: CRM unanswered FRMs cut ACR by ACR*CDF (rule 6); BN=0 BRM resets")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmAbrSource> s = MakeSource({{"Icr", Create<DoubleValue>(800)},
                                          {"Mcr", Create<DoubleValue>(150)},
                                          {"Nrm", Create<UintegerValue>(2)},
                                          {"Crm", Create<UintegerValue>(2)},
                                          {"Cdf", Create<DoubleValue>(0.5)}});
        // Nrm = 2: F D F D ... FRM k finds k - 1 unanswered before it.
        const double expected[] = {800, 800, 400, 200, 150};
        const char* why[] = {"FRM 1: 0 unanswered",
                             "FRM 2: 1 unanswered",
                             "FRM 3: 2 >= CRM: 800 - 400",
                             "FRM 4: 400 - 200",
                             "FRM 5: 200 - 100 below MCR: 150"};
        for (int k = 0; k < 5; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(Opportunities(s, 1, true, false), "F", "FRM");
            NS_TEST_EXPECT_MSG_EQ(s->GetAcr(), expected[k], why[k]);
            Opportunities(s, 1, true, false);
        }
        NS_TEST_EXPECT_MSG_EQ(s->GetUnacknowledged(), 5U, "5 unanswered");
        // A BRM with BN = 1 (switch-generated) does not count as an answer.
        s->OnBackwardRm(Brm(false, true, 1000, true), Seconds(1));
        NS_TEST_EXPECT_MSG_EQ(s->GetUnacknowledged(), 5U, "BN = 1: not reset");
        s->OnBackwardRm(Brm(false, false, 1000, false), Seconds(1));
        NS_TEST_EXPECT_MSG_EQ(s->GetUnacknowledged(), 0U, "BN = 0: reset");
        // 150 + 62.5 = 212.5, and the next FRM finds 0 unanswered: no cut.
        NS_TEST_EXPECT_MSG_EQ(s->GetAcr(), 212.5, "increase");
        NS_TEST_EXPECT_MSG_EQ(Opportunities(s, 1, true, false), "F", "FRM");
        NS_TEST_EXPECT_MSG_EQ(s->GetAcr(), 212.5, "no cut after an answer");

        // CRM from TBE / Nrm and ICR from TBE / FRTT (TM 4.0 set-up):
        // TBE 100, FRTT 2 ms: ICR = min(PCR, 100 / 0.002 = 50000) = 50000 with
        // PCR 100000; CRM = ceil(100 / 32) = 4.
        Ptr<AtmAbrSource> t = CreateObject<AtmAbrSource>();
        t->SetAttribute("Pcr", DoubleValue(100000));
        t->SetAttribute("Tbe", DoubleValue(100));
        t->SetAttribute("Frtt", TimeValue(MilliSeconds(2)));
        t->Start(Seconds(0));
        NS_TEST_EXPECT_MSG_EQ(t->GetEffectiveIcr(), 50000.0, "ICR <= TBE/FRTT");
        NS_TEST_EXPECT_MSG_EQ(t->GetCrm(), 4U, "CRM = ceil(TBE/Nrm)");
        NS_TEST_EXPECT_MSG_EQ(t->GetAcr(), 50000.0, "ACR = ICR");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Rule 11: with ACR = 0 the source still sends out-of-rate FRMs at TCR.
 */
class AtmAbrSourceOutOfRateTestCase : public TestCase
{
  public:
    AtmAbrSourceOutOfRateTestCase()
        : TestCase("Source: ACR 0 (ER 0, MCR 0): out-of-rate FRMs with CLP 1 at TCR")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmAbrSource> s = MakeSource({{"Icr", Create<DoubleValue>(100)}});
        NS_TEST_EXPECT_MSG_EQ(Opportunities(s, 1, true, false), "F", "first FRM");
        s->OnBackwardRm(Brm(false, false, 0), MilliSeconds(5));
        NS_TEST_EXPECT_MSG_EQ(s->GetAcr(), 0.0, "ER 0");
        // TCR = 10 cells/s: the next cell 100 ms after the last one.
        NS_TEST_EXPECT_MSG_EQ(s->GetNextSendTime(), MilliSeconds(100), "1/TCR");
        AtmCell rm = AtmRmCell::Make(0, 42);
        NS_TEST_EXPECT_MSG_EQ(s->OnTransmitOpportunity(MilliSeconds(100), true, false, rm),
                              AtmAbrSource::OUT_OF_RATE_RM,
                              "out of rate");
        NS_TEST_EXPECT_MSG_EQ(rm.GetClp(), true, "CLP 1");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetCcr(rm), 0.0, "CCR 0");
        NS_TEST_EXPECT_MSG_EQ(s->GetNextSendTime(), MilliSeconds(200), "every 1/TCR");
        // A BRM with CI = 0 brings ACR back: 0 + 62.5.
        s->OnBackwardRm(Brm(false, false, 1000), MilliSeconds(150));
        NS_TEST_EXPECT_MSG_EQ(s->GetAcr(), 62.5, "recovered");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Destination turnaround and CI from EFCI, and the whole loop.
 */
class AtmAbrDestinationTestCase : public TestCase
{
  public:
    AtmAbrDestinationTestCase()
        : TestCase("Destination: DIR=1, CI from the last data cell's EFCI, ER lowered only")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmAbrDestination> d = CreateObject<AtmAbrDestination>();
        AtmCell frm = AtmRmCell::Make(0, 42);
        AtmRmCell::SetEr(frm, 1000);
        AtmRmCell::SetCcr(frm, 300);
        AtmRmCell::SetMcr(frm, 10);
        AtmCell data = AtmCell::MakeData(0, 42, 1, Seconds(0));
        AtmCell marked = data;
        marked.SetEfci(true);

        AtmCell brm = d->TurnAround(frm);
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetDir(brm), true, "DIR 1");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetCi(brm), false, "no EFCI seen");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetBn(brm), false, "BN kept 0");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetCcr(brm), 300.0, "CCR kept");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetMcr(brm), 10.0, "MCR kept");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetEr(brm), 1000.0, "ER kept");

        d->OnDataCell(marked);
        d->OnDataCell(data);
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetCi(d->TurnAround(frm)), false, "last cell clean");
        d->OnDataCell(data);
        d->OnDataCell(marked);
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetCi(d->TurnAround(frm)), true, "last cell EFCI");
        NS_TEST_EXPECT_MSG_EQ(d->GetEfciState(), false, "state reset by the turnaround");
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetCi(d->TurnAround(frm)), false, "only once");

        // Arulambalam's wording: any EFCI since the last RM cell returned.
        d->SetAttribute("EfciMode", StringValue("SinceLastRm"));
        d->OnDataCell(marked);
        d->OnDataCell(data);
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetCi(d->TurnAround(frm)), true, "EFCI since last RM");

        // A destination that can take 500 cells/s lowers ER 1000 to 500 but
        // leaves ER 200 alone.
        d->SetAttribute("SupportedRate", DoubleValue(500));
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetEr(d->TurnAround(frm)), 500.0, "ER lowered");
        AtmRmCell::SetEr(frm, 200);
        NS_TEST_EXPECT_MSG_EQ(AtmRmCell::GetEr(d->TurnAround(frm)), 200.0, "never raised");

        // The loop: source FRM -> EFCI-marked data -> destination -> source.
        Ptr<AtmAbrSource> s = MakeSource({{"Icr", Create<DoubleValue>(320)}});
        Ptr<AtmAbrDestination> dst = CreateObject<AtmAbrDestination>();
        AtmCell f = AtmRmCell::Make(0, 42);
        s->OnTransmitOpportunity(Seconds(0), true, false, f);
        dst->OnDataCell(marked);
        s->OnBackwardRm(dst->TurnAround(f), MilliSeconds(2));
        NS_TEST_EXPECT_MSG_EQ(s->GetAcr(), 300.0, "CI: 320 - 320/16");
        s->OnBackwardRm(dst->TurnAround(f), MilliSeconds(3));
        NS_TEST_EXPECT_MSG_EQ(s->GetAcr(), 362.5, "no CI: 300 + 62.5");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * The ABR end-system suite.
 */
class AtmAbrSourceTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmAbrSourceTestSuite()
        : IsolatedTestSuite("atm-abr-source", Type::UNIT)
    {
        AddTestCase(new AtmAbrSourceEq1TestCase);
        AddTestCase(new AtmAbrSourceParameterizationTestCase);
        AddTestCase(new AtmAbrSourceSchedulingTestCase);
        AddTestCase(new AtmAbrSourceAdtfTestCase);
        AddTestCase(new AtmAbrSourceCrmTestCase);
        AddTestCase(new AtmAbrSourceOutOfRateTestCase);
        AddTestCase(new AtmAbrDestinationTestCase);
    }
};

static AtmAbrSourceTestSuite g_atmAbrSourceTestSuite; //!< the suite
