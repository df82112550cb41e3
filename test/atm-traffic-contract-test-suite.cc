/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of traffic contracts and their policing: the two forms of the GCRA
// agree cell by cell on random streams and at the TM 4.0 boundary; the
// contract's errors name the field and the value; usage parameter control
// discards and tags exactly the cells its conformance definition says, on
// scripted streams and in a network, where every discarded cell is
// counted against its VC.

#include "atm-test-lambda.h"
#include "atm-test-networks.h"
#include "atm-test-suite.h"

#include "ns3/application-container.h"
#include "ns3/atm-admission-control.h"
#include "ns3/atm-cell-source-helper.h"
#include "ns3/atm-cell.h"
#include "ns3/atm-gcra-upc.h"
#include "ns3/atm-gcra.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-switch-helper.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/atm-upc.h"
#include "ns3/atm-vc-helper.h"
#include "ns3/atm-vc.h"
#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <cstdint>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// A small deterministic pseudo-random step (a 64-bit LCG), so that the
/// streams do not depend on ns-3's generators.
struct Lcg
{
    uint64_t state; //!< the state

    /**
     * @param bound exclusive upper bound (> 0)
     * @return the next number in [0, bound)
     */
    int64_t Next(int64_t bound)
    {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<int64_t>((state >> 33) % static_cast<uint64_t>(bound));
    }
};

} // namespace

/**
 * @ingroup atm-tests
 * The virtual-scheduling and leaky-bucket forms of GCRA(I, L) give the same
 * verdict on every cell of random streams (gaps around I, some bursts),
 * for several I and L; and a conforming stream is never judged otherwise.
 */
class AtmGcraFormsAgreeTestCase : public TestCase
{
  public:
    AtmGcraFormsAgreeTestCase()
        : TestCase("GCRA: virtual scheduling and the leaky bucket agree cell by cell")
    {
    }

  private:
    void DoRun() override
    {
        Lcg lcg{12345};
        const std::vector<std::pair<int64_t, int64_t>> params =
            {{1000, 0}, {1000, 1}, {1000, 999}, {2831, 2831}, {40000, 120000}, {7, 100000}};
        uint64_t nonConforming = 0;
        for (const auto& [i, l] : params)
        {
            AtmGcra vs(i, l, AtmGcra::VIRTUAL_SCHEDULING);
            AtmGcra lb(i, l, AtmGcra::LEAKY_BUCKET);
            int64_t t = lcg.Next(1000);
            for (uint32_t n = 0; n < 20000; ++n)
            {
                const bool a = vs.Arrive(t);
                const bool b = lb.Arrive(t);
                NS_TEST_ASSERT_MSG_EQ(a,
                                      b,
                                      "I " << i << " L " << l << " cell " << n << " at " << t);
                NS_TEST_ASSERT_MSG_EQ(vs.GetEarliestConformingTime(),
                                      lb.GetEarliestConformingTime(),
                                      "TAT - L differs after cell " << n);
                nonConforming += a ? 0 : 1;
                // Gaps from 0 to 2 I; now and then a burst of equal times.
                t += lcg.Next(8) == 0 ? 0 : lcg.Next(2 * i + 1);
            }
        }
        // Both verdicts occur, or the comparison would prove little.
        NS_TEST_ASSERT_MSG_GT(nonConforming, 1000, "too few non-conforming cells");
        NS_TEST_ASSERT_MSG_LT(nonConforming, 100000, "too few conforming cells");
    }
};

/**
 * @ingroup atm-tests
 * The boundary of TM 4.0 section 4.4.1: after a first cell at 0 with
 * GCRA(I, L), a cell exactly at TAT - L = I - L conforms, one time step
 * earlier does not; in both forms; and a non-conforming cell leaves the
 * state unchanged.
 */
class AtmGcraBoundaryTestCase : public TestCase
{
  public:
    AtmGcraBoundaryTestCase()
        : TestCase("GCRA: a cell at TAT - L conforms, one time step earlier does not")
    {
    }

  private:
    void DoRun() override
    {
        const int64_t i = NanoSeconds(2831).GetTimeStep();
        const int64_t l = NanoSeconds(500).GetTimeStep();
        for (auto form : {AtmGcra::VIRTUAL_SCHEDULING, AtmGcra::LEAKY_BUCKET})
        {
            AtmGcra g(i, l, form);
            NS_TEST_ASSERT_MSG_EQ(g.Arrive(0), true, "first cell");
            NS_TEST_ASSERT_MSG_EQ(g.GetEarliestConformingTime(), i - l, "TAT - L");
            NS_TEST_ASSERT_MSG_EQ(g.Conforms(i - l - 1), false, "one step early");
            NS_TEST_ASSERT_MSG_EQ(g.Arrive(i - l - 1), false, "one step early, arriving");
            NS_TEST_ASSERT_MSG_EQ(g.GetEarliestConformingTime(), i - l, "state kept");
            NS_TEST_ASSERT_MSG_EQ(g.Arrive(i - l), true, "exactly at TAT - L");
            // TAT = max(t, TAT) + I = 2 I: the next boundary is 2 I - L.
            NS_TEST_ASSERT_MSG_EQ(g.Conforms(2 * i - l - 1), false, "second boundary, early");
            NS_TEST_ASSERT_MSG_EQ(g.Conforms(2 * i - l), true, "second boundary");
            // Long after: the bucket is empty again, TAT restarts at t.
            NS_TEST_ASSERT_MSG_EQ(g.Arrive(100 * i), true, "idle, then a cell");
            NS_TEST_ASSERT_MSG_EQ(g.GetEarliestConformingTime(), 101 * i - l, "restarted");
        }
        // L = 0: cells must be I apart exactly.
        AtmGcra strict(i, 0);
        NS_TEST_ASSERT_MSG_EQ(strict.Arrive(5), true, "first");
        NS_TEST_ASSERT_MSG_EQ(strict.Arrive(5 + i - 1), false, "I - 1 later");
        NS_TEST_ASSERT_MSG_EQ(strict.Arrive(5 + i), true, "I later");
    }
};

/**
 * @ingroup atm-tests
 * Each unsound contract gets its own error naming the field and the value.
 */
class AtmContractErrorsTestCase : public TestCase
{
  public:
    AtmContractErrorsTestCase()
        : TestCase("Contract: each unsound field gets one clear error")
    {
    }

  private:
    /**
     * @param c a contract
     * @param expected the error it must get
     */
    void Check(const AtmTrafficContract& c, const std::string& expected)
    {
        NS_TEST_EXPECT_MSG_EQ(c.GetConfigError(), expected, "contract error");
    }

    void DoRun() override
    {
        AtmTrafficContract vbr;
        vbr.category = AtmServiceCategory::RT_VBR;
        vbr.pcr = 1000;
        vbr.scr = 250;
        vbr.mbs = 3;
        Check(vbr, "");
        NS_TEST_EXPECT_MSG_EQ(vbr.GetBurstTolerance(),
                              MilliSeconds(6),
                              "BT = (MBS-1)(1/SCR-1/PCR)");
        NS_TEST_EXPECT_MSG_EQ(vbr.GetCommittedRate(), 250, "VBR books its SCR");

        AtmTrafficContract c = vbr;
        c.scr = 2000;
        Check(c, "Scr = 2000: exceeds Pcr = 1000.000000 (TM 4.0 section 4.4.2)");
        c = vbr;
        c.mbs = 0;
        Check(c, "Mbs = 0: a rt-VBR contract needs a burst of at least 1 cell");
        c = vbr;
        c.scr = 0;
        Check(c, "Scr = 0: a rt-VBR contract needs a sustainable cell rate");
        c = vbr;
        c.mcr = 10;
        Check(c, "Mcr = 10: only an ABR or GFR contract has a minimum cell rate");
        c = vbr;
        c.cdvt = MicroSeconds(-1);
        Check(c, "Cdvt = -1us: must not be negative");

        AtmTrafficContract cbr;
        cbr.category = AtmServiceCategory::CBR;
        Check(cbr, "Pcr = 0: a CBR contract needs a peak cell rate");
        cbr.pcr = 100;
        Check(cbr, "");
        NS_TEST_EXPECT_MSG_EQ(cbr.GetCommittedRate(), 100, "CBR books its PCR");
        cbr.scr = 50;
        Check(cbr, "Scr = 50: only a VBR contract has a sustainable cell rate");
        cbr.scr = 0;
        cbr.tagging = true;
        Check(cbr, "Tagging = true: only a VBR contract tags (VBR.3)");

        AtmTrafficContract abr;
        abr.category = AtmServiceCategory::ABR;
        abr.pcr = 100;
        abr.mcr = 200;
        Check(abr, "Mcr = 200: exceeds Pcr = 100.000000");
        abr.mcr = 20;
        Check(abr, "");
        NS_TEST_EXPECT_MSG_EQ(abr.GetCommittedRate(), 20, "ABR books its MCR");

        AtmTrafficContract ubr;
        Check(ubr, "");
        NS_TEST_EXPECT_MSG_EQ(ubr.GetCommittedRate(), 0, "UBR books nothing");

        AtmServiceCategory parsed = AtmServiceCategory::UBR;
        NS_TEST_EXPECT_MSG_EQ(AtmTrafficContract::ParseCategory("nrt-VBR", parsed), true, "parse");
        NS_TEST_EXPECT_MSG_EQ(static_cast<int>(parsed),
                              static_cast<int>(AtmServiceCategory::NRT_VBR),
                              "parsed");
        NS_TEST_EXPECT_MSG_EQ(AtmTrafficContract::ParseCategory("VBR", parsed), false, "unknown");
    }
};

/**
 * @ingroup atm-tests
 * AtmGcraUpc on scripted streams, counts exact (derived by hand below):
 * - CBR.1, PCR 1000 cells/s, CDVT 0, 20 cells 0.5 ms apart: the cells at
 *   whole milliseconds conform, the 10 between are discarded;
 * - VBR.1, PCR 1000, SCR 250, MBS 3 (BT = 6 ms), 10 cells 1 ms apart: the
 *   first three (the burst) and the one at 6 ms conform (TAT of the SCR:
 *   4, 8, 12, then 16 after 6 ms); the other 6 are discarded;
 * - the same as VBR.3: those 6 are tagged CLP = 1 instead, and pass;
 * - VBR.3, the same stream with CLP = 1 already: the SCR does not count
 *   them, every cell conforms to the PCR: all 10 pass, none tagged.
 */
class AtmUpcScriptedTestCase : public TestCase
{
  public:
    /// @param form the GCRA's form
    explicit AtmUpcScriptedTestCase(AtmGcra::Form form)
        : TestCase(std::string("UPC: exact discards and tags on scripted streams (") +
                   (form == AtmGcra::VIRTUAL_SCHEDULING ? "virtual scheduling" : "leaky bucket") +
                   ")"),
          m_form(form)
    {
    }

  private:
    /**
     * @param c the contract
     * @param gap time between cells
     * @param n cells
     * @param clp CLP of the cells
     * @param pass expected cells passed unchanged
     * @param tag expected tagged
     * @param discard expected discarded
     */
    void Run(const AtmTrafficContract& c,
             Time gap,
             uint32_t n,
             bool clp,
             uint64_t pass,
             uint64_t tag,
             uint64_t discard)
    {
        Ptr<AtmGcraUpc> upc = CreateObject<AtmGcraUpc>();
        upc->SetAttribute("Form", EnumValue(m_form));
        NS_TEST_ASSERT_MSG_EQ(upc->AddVc(0, c, 353207.5, 1), "", "set up");
        uint32_t tagged = 0;
        for (uint32_t k = 0; k < n; ++k)
        {
            AtmCell cell = AtmCell::MakeData(0, 32, k, Time(0));
            cell.SetClp(clp);
            const AtmUpc::Verdict v = upc->Police(cell, 0, (gap * k).GetTimeStep());
            tagged += v == AtmUpc::TAG && cell.GetClp() ? 1 : 0;
        }
        NS_TEST_EXPECT_MSG_EQ(upc->GetNPassed(), pass, "passed");
        NS_TEST_EXPECT_MSG_EQ(upc->GetNTagged(), tag, "tagged");
        NS_TEST_EXPECT_MSG_EQ(tagged, tag, "tagged cells carry CLP = 1");
        NS_TEST_EXPECT_MSG_EQ(upc->GetNDiscarded(), discard, "discarded");
    }

    void DoRun() override
    {
        AtmTrafficContract cbr;
        cbr.category = AtmServiceCategory::CBR;
        cbr.pcr = 1000;
        Run(cbr, MicroSeconds(500), 20, false, 10, 0, 10);
        // A CDVT of 0.5 ms lets each of them through.
        cbr.cdvt = MicroSeconds(500);
        Run(cbr, MicroSeconds(500), 2, false, 2, 0, 0);

        AtmTrafficContract vbr;
        vbr.category = AtmServiceCategory::NRT_VBR;
        vbr.pcr = 1000;
        vbr.scr = 250;
        vbr.mbs = 3;
        Run(vbr, MilliSeconds(1), 10, false, 4, 0, 6);
        vbr.tagging = true;
        Run(vbr, MilliSeconds(1), 10, false, 4, 6, 0);
        Run(vbr, MilliSeconds(1), 10, true, 10, 0, 0);
        // Above the PCR a VBR.3 cell is discarded, not tagged: 20 cells
        // 0.5 ms apart, 10 conform to the PCR, of which 4 to the SCR.
        Run(vbr, MicroSeconds(500), 20, false, 4, 6, 10);

        AtmTrafficContract ubr;
        Run(ubr, NanoSeconds(1), 5, false, 5, 0, 0);
    }

    AtmGcra::Form m_form; //!< the form under test
};

/**
 * @ingroup atm-tests
 * A contract the UPC cannot police is refused with its reason: a PCR
 * above the link's cell rate, a CDVT below the cell time on a link that
 * several policed VCs share.
 */
class AtmUpcErrorsTestCase : public TestCase
{
  public:
    AtmUpcErrorsTestCase()
        : TestCase("UPC: contracts it cannot police are refused with the reason")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AtmGcraUpc> upc = CreateObject<AtmGcraUpc>();
        AtmTrafficContract cbr;
        cbr.category = AtmServiceCategory::CBR;
        cbr.pcr = 500000;
        NS_TEST_EXPECT_MSG_EQ(upc->AddVc(0, cbr, 100000, 1),
                              "Pcr = 500000: above the cell rate of the link, 100000 cells/s",
                              "PCR above the link");
        cbr.pcr = 1000;
        NS_TEST_EXPECT_MSG_EQ(upc->AddVc(0, cbr, 100000, 1), "", "alone on the link");
        NS_TEST_EXPECT_MSG_EQ(
            upc->AddVc(1, cbr, 100000, 2),
            "Cdvt = +0us: below the cell time of the link, +10us, which 2 policed VCs share: a "
            "conforming cell that waits behind another VC's would be discarded",
            "CDVT below the cell time");
        cbr.cdvt = MicroSeconds(10);
        NS_TEST_EXPECT_MSG_EQ(upc->AddVc(1, cbr, 100000, 2), "", "CDVT of one cell time");
        cbr.scr = 10;
        NS_TEST_EXPECT_MSG_EQ(upc->AddVc(2, cbr, 100000, 2),
                              "Scr = 10: only a VBR contract has a sustainable cell rate",
                              "the contract's own error");
    }
};

/**
 * @ingroup atm-tests
 * UPC in a network: a CBR source sends at twice its contract's PCR into a
 * switch whose ingress port polices it. Exactly every second cell is
 * discarded there, counted against the VC with the reason UpcDiscard; the
 * others arrive; sent = received + dropped. With VBR.3 tagging instead,
 * the cells beyond the SCR arrive with CLP = 1, as many as were tagged.
 */
class AtmUpcNetworkTestCase : public TestCase
{
  public:
    /// @param tagging police a VBR.3 contract (else CBR.1)
    explicit AtmUpcNetworkTestCase(bool tagging)
        : TestCase(tagging ? "UPC in a network: VBR.3 cells beyond the SCR arrive tagged"
                           : "UPC in a network: every second cell of a source at 2 PCR "
                             "is discarded"),
          m_tagging(tagging)
    {
    }

  private:
    void DoRun() override
    {
        AtmTrafficContract c;
        if (m_tagging)
        {
            c.category = AtmServiceCategory::RT_VBR;
            c.pcr = 50000; // 20 us: the source's rate
            c.scr = 25000; // 40 us
            c.mbs = 1;
            c.tagging = true;
        }
        else
        {
            c.category = AtmServiceCategory::CBR;
            c.pcr = 25000; // 40 us: the source sends every 20 us
        }
        atmtest::PolicedPath path(c);
        Ptr<AtmVc> vc = path.vc;
        Ptr<AtmGcraUpc> upc = path.upc;
        StringValue category;
        vc->GetAttribute("Category", category);
        const std::string expected = m_tagging ? "rt-VBR" : "CBR";
        NS_TEST_ASSERT_MSG_EQ(category.Get(), expected, "the VC's Category attribute");

        AtmCellSourceHelper cbr("ns3::AtmCbrSource");
        cbr.SetAttribute("Rate", DataRateValue(DataRate(424 * 50000))); // a cell per 20 us
        ApplicationContainer src = cbr.Install(vc);
        src.Start(MicroSeconds(10));
        src.Stop(MicroSeconds(10) + MicroSeconds(20) * 1000 - NanoSeconds(1));
        uint64_t clp1 = 0;
        vc->TraceConnectWithoutContext(
            "Rx",
            atmtest::MakeLambdaCallback<void, const AtmCell&, Time>(
                [&clp1](const AtmCell& cell, Time) { clp1 += cell.GetClp(); }));
        Simulator::Stop(MilliSeconds(50));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(vc->GetCellsSent(), 1000, "cells sent");
        if (m_tagging)
        {
            NS_TEST_EXPECT_MSG_EQ(upc->GetNTagged(), 500, "tagged");
            NS_TEST_EXPECT_MSG_EQ(upc->GetNDiscarded(), 0, "discarded");
            NS_TEST_EXPECT_MSG_EQ(vc->GetCellsReceived(), 1000, "received");
            NS_TEST_EXPECT_MSG_EQ(clp1, 500, "received with CLP = 1");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(upc->GetNDiscarded(), 500, "discarded");
            NS_TEST_EXPECT_MSG_EQ(upc->GetNPassed(), 500, "passed");
            NS_TEST_EXPECT_MSG_EQ(vc->GetCellsDropped(AtmUpc::DISCARD_DROP), 500, "VC's drops");
            NS_TEST_EXPECT_MSG_EQ(vc->GetCellsReceived(), 500, "received");
            NS_TEST_EXPECT_MSG_EQ(clp1, 0, "none tagged");
        }
        NS_TEST_EXPECT_MSG_EQ(vc->GetCellsSent(),
                              vc->GetCellsReceived() + vc->GetCellsDropped(),
                              "conservation");
        Simulator::Destroy();
    }

    bool m_tagging; //!< VBR.3 rather than CBR.1
};

/**
 * @ingroup atm-tests
 * Shaping at the source: a CBR source generating a cell every 20 us on a
 * VC whose contract allows one per 40 us (CBR), or a burst of 10 at that
 * rate then one per 100 us (rt-VBR, SCR 10 000 cells/s, MBS 10), with
 * Shaping on: its cells leave as the contract allows and the switch's UPC
 * discards none; the CBR source's 1 000 cells in 20 ms become exactly 500
 * (one per 40 us; the rest are held when it stops). Without Shaping the
 * same source loses cells at the UPC.
 */
class AtmShapingTestCase : public TestCase
{
  public:
    /**
     * @param vbr a VBR contract (else CBR)
     * @param shaping Shaping on
     */
    AtmShapingTestCase(bool vbr, bool shaping)
        : TestCase(std::string("Shaping ") + (shaping ? "on" : "off") + ": a " +
                   (vbr ? "rt-VBR" : "CBR") + " source at twice its PCR and the UPC"),
          m_vbr(vbr),
          m_shaping(shaping)
    {
    }

  private:
    void DoRun() override
    {
        AtmTrafficContract c;
        c.category = m_vbr ? AtmServiceCategory::RT_VBR : AtmServiceCategory::CBR;
        c.pcr = 25000;
        if (m_vbr)
        {
            c.pcr = 50000;
            c.scr = 10000;
            c.mbs = 10;
        }
        atmtest::PolicedPath path(c);
        Ptr<AtmVc> vc = path.vc;
        Ptr<AtmGcraUpc> upc = path.upc;
        AtmCellSourceHelper cbr("ns3::AtmCbrSource");
        cbr.SetAttribute("Rate", DataRateValue(DataRate(424 * 50000)));
        cbr.SetAttribute("Shaping", BooleanValue(m_shaping));
        ApplicationContainer src = cbr.Install(vc);
        src.Start(MicroSeconds(10));
        src.Stop(MicroSeconds(10) + MicroSeconds(20) * 1000 - NanoSeconds(1));
        Simulator::Stop(MilliSeconds(50));
        Simulator::Run();
        if (m_shaping)
        {
            NS_TEST_EXPECT_MSG_EQ(upc->GetNDiscarded(), 0, "no shaped cell discarded");
            NS_TEST_EXPECT_MSG_EQ(vc->GetCellsReceived(), vc->GetCellsSent(), "all arrive");
            if (!m_vbr)
            {
                NS_TEST_EXPECT_MSG_EQ(vc->GetCellsSent(), 500, "one per 40 us for 20 ms");
            }
            else
            {
                // A burst of MBS cells, then one per 1/SCR: 10 + 1 per 100 us.
                NS_TEST_EXPECT_MSG_EQ_TOL(vc->GetCellsSent(), 209, 2, "10 + 20 ms x SCR");
            }
        }
        else
        {
            NS_TEST_EXPECT_MSG_GT(upc->GetNDiscarded(), 0, "unshaped cells discarded");
        }
        Simulator::Destroy();
    }

    bool m_vbr;     //!< VBR contract
    bool m_shaping; //!< Shaping on
};

/**
 * @ingroup atm-tests
 * Connection admission control: on links of exactly 10^6 cells/s, CBR VCs
 * of 600 000 and 400 000 cells/s fill the first link and are admitted;
 * one cell/s more is refused with the message; a UBR VC books nothing; a
 * VBR VC books its SCR, an ABR contract its MCR; Overbooking 2 doubles the
 * room.
 */
class AtmCacTestCase : public TestCase
{
  public:
    AtmCacTestCase()
        : TestCase(
              "CAC: admitted exactly up to the link's rate, refused one cell per second beyond")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(3);
        AtmSwitchHelper().Install(nodes.Get(1));
        AtmHelper atm;
        atm.SetDeviceAttribute("DataRate", DataRateValue(DataRate(424000000)));
        atm.SetDeviceAttribute("SonetFraming", BooleanValue(false));
        NetDeviceContainer in = atm.Install(nodes.Get(0), nodes.Get(1));
        atm.Install(nodes.Get(1), nodes.Get(2));
        Ptr<AtmNetDevice> host = DynamicCast<AtmNetDevice>(in.Get(0));
        NS_TEST_ASSERT_MSG_EQ(host->GetCellRate(), 1e6, "the link's cell rate");

        AtmTrafficContract cbr;
        cbr.category = AtmServiceCategory::CBR;
        cbr.pcr = 600000;
        AtmVcHelper vcs;
        vcs.SetContract(cbr);
        vcs.Create(nodes, "a");
        cbr.pcr = 400000;
        vcs.SetContract(cbr);
        vcs.Create(nodes, "b");
        Ptr<AtmAdmissionControl> cac = AtmAdmissionControl::Get(host);
        NS_TEST_EXPECT_MSG_EQ(cac->GetCommitted(), 1e6, "the link is full");
        NS_TEST_EXPECT_MSG_EQ(cac->GetCommitted(AtmServiceCategory::CBR), 1e6, "by CBR");

        AtmTrafficContract one = cbr;
        one.pcr = 1;
        NS_TEST_EXPECT_MSG_EQ(cac->Check(one, host->GetCellRate()),
                              "committed 1000000 + 1 cells/s (CBR PCR) exceeds Overbooking 1 x "
                              "the link's 1000000 cells/s",
                              "one cell/s beyond");
        // UBR books nothing: it is admitted on the full link.
        vcs.ClearContract();
        vcs.Create(nodes, "ubr");
        NS_TEST_EXPECT_MSG_EQ(cac->GetCommitted(), 1e6, "UBR booked nothing");

        AtmTrafficContract vbr;
        vbr.category = AtmServiceCategory::NRT_VBR;
        vbr.pcr = 500000;
        vbr.scr = 100000;
        vbr.mbs = 10;
        AtmTrafficContract abr;
        abr.category = AtmServiceCategory::ABR;
        abr.pcr = 500000;
        abr.mcr = 100000;
        cac->Release(cbr);
        NS_TEST_EXPECT_MSG_EQ(cac->GetCommitted(), 600000, "b released");
        cac->Admit(vbr);
        cac->Admit(abr);
        NS_TEST_EXPECT_MSG_EQ(cac->GetCommitted(), 800000, "VBR books its SCR, ABR its MCR");
        NS_TEST_EXPECT_MSG_EQ(cac->Check(cbr, 1e6).empty(), false, "400 000 more do not fit");
        cac->SetAttribute("Overbooking", DoubleValue(2));
        NS_TEST_EXPECT_MSG_EQ(cac->Check(cbr, 1e6), "", "they do with Overbooking 2");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * The atm-traffic-contract test suite.
 */
class AtmTrafficContractTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmTrafficContractTestSuite()
        : IsolatedTestSuite("atm-traffic-contract", Type::UNIT)
    {
        AddTestCase(new AtmGcraFormsAgreeTestCase);
        AddTestCase(new AtmGcraBoundaryTestCase);
        AddTestCase(new AtmContractErrorsTestCase);
        AddTestCase(new AtmUpcScriptedTestCase(AtmGcra::VIRTUAL_SCHEDULING));
        AddTestCase(new AtmUpcScriptedTestCase(AtmGcra::LEAKY_BUCKET));
        AddTestCase(new AtmUpcErrorsTestCase);
        AddTestCase(new AtmUpcNetworkTestCase(false));
        AddTestCase(new AtmUpcNetworkTestCase(true));
        AddTestCase(new AtmCacTestCase);
        AddTestCase(new AtmShapingTestCase(false, true));
        AddTestCase(new AtmShapingTestCase(true, true));
        AddTestCase(new AtmShapingTestCase(false, false));
    }
};

static AtmTrafficContractTestSuite g_atmTrafficContractTestSuite; //!< the suite
