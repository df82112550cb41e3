/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of the VBR sources. AtmVbrSource: every cell conforms to GCRA(1/PCR, 0)
// and GCRA(1/SCR, BT) (TM 4.0 section 4.4.2), checked cell by cell with AtmGcra
// over 100 000 cells and more per seed, with the increments rounded up and BT
// down (the strictest rounding to time steps) and as AtmTrafficContract gives
// them; the long-run rate is MeanRate within 3% and never above SCR; bursts
// reach MBS cells at the PCR; the greedy pattern to the step; behind a switch
// port that polices the contract (AtmGcraUpc) no cell is discarded or tagged;
// the same seed gives the same cells; every bad attribute has its message.
// AtmTraceSource: the cells of each frame and their times to the step, with and
// without AAL5 and Loop, a frame too large for a frame time delaying the next;
// the trace reader's error for each kind of malformed file; the shipped video
// trace.

#include "atm-test-lambda.h"
#include "atm-test-networks.h"
#include "atm-test-suite.h"

#include "ns3/atm-cell-source-helper.h"
#include "ns3/atm-cell.h"
#include "ns3/atm-gcra-upc.h"
#include "ns3/atm-gcra.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-switch-helper.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-trace-source.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/atm-vbr-source.h"
#include "ns3/atm-vc-helper.h"
#include "ns3/atm-vc.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/pointer.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{

/// An attribute name and its value.
typedef std::pair<std::string, Ptr<AttributeValue>> Setting;

/**
 * Run one source alone on a VC between two hosts (OC-3c: far above the
 * rates here, so no cell waits) and record each cell's creation time.
 * @param type the source's TypeId name
 * @param settings its attributes
 * @param run the run number (seed 1)
 * @param stop when the source stops
 * @param source set to the source, for its counters (disposed: counters only)
 * @return the time step of every cell received, in order
 */
std::vector<int64_t>
RunSource(const std::string& type,
          const std::vector<Setting>& settings,
          uint64_t run,
          Time stop,
          Ptr<AtmCellSource>* source = nullptr)
{
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(run);
    NodeContainer hosts;
    hosts.Create(2);
    AtmHelper().Install(hosts.Get(0), hosts.Get(1));
    Ptr<AtmVc> vc = AtmVcHelper().Create(hosts);
    AtmCellSourceHelper helper(type);
    for (const Setting& s : settings)
    {
        helper.SetAttribute(s.first, *s.second);
    }
    ApplicationContainer apps = helper.Install(vc);
    Ptr<AtmCellSource> app = DynamicCast<AtmCellSource>(apps.Get(0));
    if (Ptr<AtmVbrSource> vbr = DynamicCast<AtmVbrSource>(app))
    {
        vbr->AssignStreams(7);
    }
    apps.Start(Seconds(0));
    apps.Stop(stop);
    std::vector<int64_t> times;
    vc->TraceConnectWithoutContext("Rx",
                                   atmtest::MakeLambdaCallback<void, const AtmCell&, Time>(
                                       [&times](const AtmCell& cell, Time) {
                                           times.push_back(cell.GetTimestamp().GetTimeStep());
                                       }));
    Simulator::Stop(stop + MilliSeconds(100));
    Simulator::Run();
    NS_ABORT_MSG_IF(times.size() != app->GetCellsSent(), "atm-vbr-source: cells lost");
    if (source)
    {
        *source = app;
    }
    Simulator::Destroy();
    return times;
}

/**
 * @param v a double
 * @return it as an attribute value
 */
Ptr<AttributeValue>
D(double v)
{
    return Create<DoubleValue>(v);
}

/**
 * @param v an unsigned integer
 * @return it as an attribute value
 */
Ptr<AttributeValue>
U(uint64_t v)
{
    return Create<UintegerValue>(v);
}

/**
 * @param v a string
 * @return it as an attribute value
 */
Ptr<AttributeValue>
S(const std::string& v)
{
    return Create<StringValue>(v);
}

/**
 * @param v a bool
 * @return it as an attribute value
 */
Ptr<AttributeValue>
B(bool v)
{
    return Create<BooleanValue>(v);
}

/**
 * @param path a file to write
 * @param text its text
 */
void
WriteFile(const std::string& path, const std::string& text)
{
    std::ofstream f(path);
    f << text;
}

/// Time steps per second.
int64_t
PerSecond()
{
    return Seconds(1).GetTimeStep();
}

} // namespace

/**
 * @ingroup atm-tests
 * Every cell of an AtmVbrSource conforms to the dual GCRA, over 100 000
 * cells and more, and the long-run rate is what was asked.
 */
class AtmVbrConformanceTestCase : public TestCase
{
  public:
    /// A configuration.
    struct Config
    {
        double pcr;            //!< cells/s
        double scr;            //!< cells/s
        uint32_t mbs;          //!< cells
        double meanRate;       //!< cells/s (0: greedy, the rate is SCR)
        std::string burstSize; //!< BurstSize (empty: the default)
        uint64_t run;          //!< run number
        Time duration;         //!< how long it sends
        bool exact;            //!< 1/PCR, 1/SCR and BT are whole time steps
    };

    /**
     * @param name what is special about it
     * @param c the configuration
     */
    AtmVbrConformanceTestCase(const std::string& name, Config c)
        : TestCase("VBR source: every cell conforms to the PCR and SCR GCRAs, " + name),
          m_c(std::move(c))
    {
    }

  private:
    void DoRun() override
    {
        std::vector<Setting> settings = {{"Pcr", D(m_c.pcr)},
                                         {"Scr", D(m_c.scr)},
                                         {"Mbs", U(m_c.mbs)},
                                         {"MeanRate", D(m_c.meanRate)}};
        if (!m_c.burstSize.empty())
        {
            settings.emplace_back("BurstSize", S(m_c.burstSize));
        }
        const std::vector<int64_t> t =
            RunSource("ns3::AtmVbrSource", settings, m_c.run, m_c.duration);
        NS_TEST_ASSERT_MSG_GT(t.size(), 100000, "cells sent");

        // The strictest rounding: increments up, BT down (independently of
        // the source), and the contract's own (Seconds() rounding).
        const auto ps = static_cast<double>(PerSecond());
        const auto ip = static_cast<int64_t>(std::ceil(ps / m_c.pcr));
        const auto is = static_cast<int64_t>(std::ceil(ps / m_c.scr));
        const auto bt =
            static_cast<int64_t>(std::floor((m_c.mbs - 1) * (ps / m_c.scr - ps / m_c.pcr)));
        AtmTrafficContract contract;
        contract.category = AtmServiceCategory::RT_VBR;
        contract.pcr = m_c.pcr;
        contract.scr = m_c.scr;
        contract.mbs = m_c.mbs;
        NS_TEST_ASSERT_MSG_EQ(contract.GetConfigError(), "", "the contract");
        AtmGcra strict[] = {AtmGcra(ip, 0), AtmGcra(is, bt)};
        AtmGcra policed[] = {AtmGcra(Seconds(1 / m_c.pcr).GetTimeStep(), 0),
                             AtmGcra(Seconds(1 / m_c.scr).GetTimeStep(),
                                     contract.GetBurstTolerance().GetTimeStep(),
                                     AtmGcra::LEAKY_BUCKET)};
        uint64_t bad[4] = {0, 0, 0, 0};
        uint32_t run = 1;
        uint32_t longest = 1;
        for (std::size_t k = 0; k < t.size(); ++k)
        {
            for (uint32_t g = 0; g < 2; ++g)
            {
                bad[g] += strict[g].Arrive(t[k]) ? 0 : 1;
                bad[2 + g] += policed[g].Arrive(t[k]) ? 0 : 1;
            }
            run = k > 0 && t[k] - t[k - 1] == ip ? run + 1 : 1;
            longest = std::max(longest, run);
        }
        NS_TEST_EXPECT_MSG_EQ(bad[0], 0, "cells beyond GCRA(1/PCR, 0), rounded up");
        NS_TEST_EXPECT_MSG_EQ(bad[1], 0, "cells beyond GCRA(1/SCR, BT), rounded strictly");
        NS_TEST_EXPECT_MSG_EQ(bad[2], 0, "cells beyond the contract's GCRA(1/PCR, 0)");
        NS_TEST_EXPECT_MSG_EQ(bad[3], 0, "cells beyond the contract's GCRA(1/SCR, BT)");

        // The long run: never above SCR (a window of T holds at most
        // T SCR + MBS cells), and the mean rate asked within 3%.
        const double seconds = static_cast<double>(t.back() - t.front() + is) / ps;
        NS_TEST_EXPECT_MSG_LT_OR_EQ(t.size(), m_c.scr * seconds + m_c.mbs, "cells above SCR");
        const double target = m_c.meanRate > 0 ? m_c.meanRate : m_c.scr;
        NS_TEST_EXPECT_MSG_EQ_TOL(t.size() / seconds,
                                  target,
                                  target * (m_c.meanRate > 0 ? 0.03 : 0.002),
                                  "mean rate over " << t.size() << " cells");
        if (is > ip)
        {
            NS_TEST_EXPECT_MSG_LT_OR_EQ(longest, m_c.mbs, "cells in a row at the PCR");
        }
        if (m_c.exact)
        {
            NS_TEST_EXPECT_MSG_EQ(longest, m_c.mbs, "a burst of MBS cells at the PCR");
        }
    }

    Config m_c; //!< the configuration
};

/**
 * @ingroup atm-tests
 * A greedy VBR source (MeanRate 0) with constant bursts, to the step.
 * PCR 10 000 cells/s (100 us), SCR 2 000 (500 us), MBS 50: BT = 49 x 400
 * us = 19.6 ms. Bursts of 10: the first five go back to back (50 cells at
 * 100 us, the most BT allows); then the bucket admits a burst of 10 when
 * TAT - BT + 9 x 400 us is reached: TAT = 25 ms after 50 cells, so at
 * 9 ms, then every 10 x 500 us = 5 ms. Bursts of 50: one every 25 ms.
 */
class AtmVbrGreedyPatternTestCase : public TestCase
{
  public:
    AtmVbrGreedyPatternTestCase()
        : TestCase("Greedy VBR source: MBS cells at PCR, then bursts as the SCR bucket drains")
    {
    }

  private:
    void DoRun() override
    {
        const int64_t us = MicroSeconds(1).GetTimeStep();
        for (uint32_t burst : {10, 50})
        {
            const std::vector<int64_t> t = RunSource(
                "ns3::AtmVbrSource",
                {{"Pcr", D(10000)},
                 {"Scr", D(2000)},
                 {"Mbs", U(50)},
                 {"MeanRate", D(0)},
                 {"BurstSize",
                  S("ns3::ConstantRandomVariable[Constant=" + std::to_string(burst) + "]")}},
                1,
                MilliSeconds(200) - NanoSeconds(1));
            std::vector<int64_t> expected;
            expected.reserve(t.size());
            for (uint32_t k = 0; k < 50; ++k)
            {
                expected.push_back(100 * k * us);
            }
            const int64_t first = burst == 10 ? 9000 : 25000;
            const int64_t every = burst == 10 ? 5000 : 25000;
            for (int64_t start = first; start < 200000; start += every)
            {
                for (uint32_t k = 0; k < burst; ++k)
                {
                    expected.push_back((start + 100 * k) * us);
                }
            }
            NS_TEST_ASSERT_MSG_EQ(t.size(), expected.size(), "cells in 200 ms, bursts " << burst);
            for (std::size_t k = 0; k < t.size(); ++k)
            {
                NS_TEST_ASSERT_MSG_EQ(t[k], expected[k], "cell " << k << ", bursts " << burst);
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * A VBR source behind a switch whose ingress port polices its VC's rt-VBR
 * contract (AtmGcraUpc, CDVT 0): a source with the contract's PCR, SCR and
 * MBS, greedy (the most the contract allows), loses no cell there and none
 * is tagged. A source whose MBS is 10 cells above the contract's (the
 * control) has cells discarded.
 */
class AtmVbrPolicedTestCase : public TestCase
{
  public:
    /**
     * @param pcr PCR of the contract and the source, cells/s
     * @param scr SCR of both, cells/s
     * @param mbs MBS of the contract
     * @param sourceMbs MBS of the source
     */
    AtmVbrPolicedTestCase(double pcr, double scr, uint32_t mbs, uint32_t sourceMbs)
        : TestCase("VBR source behind a UPC: PCR " + std::to_string(static_cast<int>(pcr)) +
                   ", SCR " + std::to_string(static_cast<int>(scr)) + ", MBS " +
                   std::to_string(mbs) + ", the source's " + std::to_string(sourceMbs) +
                   (sourceMbs > mbs ? ": cells discarded" : ": none discarded or tagged")),
          m_pcr(pcr),
          m_scr(scr),
          m_mbs(mbs),
          m_sourceMbs(sourceMbs)
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(5);
        AtmTrafficContract c;
        c.category = AtmServiceCategory::RT_VBR;
        c.pcr = m_pcr;
        c.scr = m_scr;
        c.mbs = m_mbs;
        atmtest::PolicedPath path(c);
        Ptr<AtmVc> vc = path.vc;
        Ptr<AtmGcraUpc> upc = path.upc;

        AtmCellSourceHelper vbr("ns3::AtmVbrSource");
        vbr.SetAttribute("Pcr", DoubleValue(m_pcr));
        vbr.SetAttribute("Scr", DoubleValue(m_scr));
        vbr.SetAttribute("Mbs", UintegerValue(m_sourceMbs));
        vbr.SetAttribute("MeanRate", DoubleValue(0));
        ApplicationContainer app = vbr.Install(vc);
        DynamicCast<AtmVbrSource>(app.Get(0))->AssignStreams(11);
        app.Start(Seconds(0));
        app.Stop(Seconds(60));
        Simulator::Stop(Seconds(61));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_GT(vc->GetCellsSent(), 50000, "cells sent");
        NS_TEST_EXPECT_MSG_EQ(upc->GetNPassed() + upc->GetNDiscarded(),
                              vc->GetCellsSent(),
                              "every cell policed");
        NS_TEST_EXPECT_MSG_EQ(upc->GetNTagged(), 0, "tagged (VBR.1)");
        if (m_sourceMbs > m_mbs)
        {
            NS_TEST_EXPECT_MSG_GT(upc->GetNDiscarded(), 0, "discarded");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(upc->GetNDiscarded(), 0, "discarded");
            NS_TEST_EXPECT_MSG_EQ(vc->GetCellsReceived(), vc->GetCellsSent(), "received");
        }
        Simulator::Destroy();
    }

    double m_pcr;         //!< PCR, cells/s
    double m_scr;         //!< SCR, cells/s
    uint32_t m_mbs;       //!< the contract's MBS
    uint32_t m_sourceMbs; //!< the source's MBS
};

/**
 * @ingroup atm-tests
 * The same seed and run give the same cells; another run other cells.
 */
class AtmVbrDeterminismTestCase : public TestCase
{
  public:
    AtmVbrDeterminismTestCase()
        : TestCase("VBR source: the same run gives the same cells, another run others")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<Setting> s = {{"BurstSize", S("ns3::ExponentialRandomVariable[Mean=9]")}};
        const std::vector<int64_t> a = RunSource("ns3::AtmVbrSource", s, 3, Seconds(5));
        const std::vector<int64_t> b = RunSource("ns3::AtmVbrSource", s, 3, Seconds(5));
        const std::vector<int64_t> c = RunSource("ns3::AtmVbrSource", s, 4, Seconds(5));
        NS_TEST_ASSERT_MSG_GT(a.size(), 4000, "cells in 5 s at 1000 cells/s");
        NS_TEST_EXPECT_MSG_EQ((a == b), true, "run 3 twice");
        NS_TEST_EXPECT_MSG_EQ((a == c), false, "runs 3 and 4");
    }
};

/**
 * @ingroup atm-tests
 * Each bad attribute of the sources gets one message naming the field and
 * the value (GetConfigError; the source aborts with it when it starts).
 */
class AtmVbrConfigErrorTestCase : public TestCase
{
  public:
    AtmVbrConfigErrorTestCase()
        : TestCase("VBR and trace sources: one message per bad attribute")
    {
    }

  private:
    void DoRun() override
    {
        struct Case
        {
            const char* field; //!< the attribute set
            double value;      //!< its value
            const char* words; //!< the message (empty: none)
        };

        const Case vbr[] = {
            {"Pcr", 10000, ""},
            {"Scr", 10000, ""},
            {"Scr", 10001, "Scr = 10001: exceeds Pcr = 10000 (TM 4.0 section 4.4.2)"},
            {"Pcr", 0, "Pcr = 0: must be positive"},
            {"Scr", 0, "Scr = 0: must be positive"},
            {"Mbs", 0, "Mbs = 0: a burst has at least 1 cell"},
            {"MeanRate", 2001, "MeanRate = 2001: exceeds Scr = 2000"},
            {"MeanRate", 2000, ""},
            {"MeanRate", 0, ""}};
        for (const Case& c : vbr)
        {
            Ptr<AtmVbrSource> s = CreateObject<AtmVbrSource>();
            if (std::string(c.field) == "Mbs")
            {
                s->SetAttribute(c.field, UintegerValue(static_cast<uint32_t>(c.value)));
            }
            else
            {
                s->SetAttribute(c.field, DoubleValue(c.value));
            }
            NS_TEST_EXPECT_MSG_EQ(s->GetConfigError(), c.words, c.field << " = " << c.value);
        }

        const std::string file = CreateTempDirFilename("atm-vbr-trace.txt");
        WriteFile(file, "100\n");
        const Case trace[] = {{"Pcr", 0, "Pcr = 0: must be positive"},
                              {"FrameRate", 0, "FrameRate = 0: must be positive"},
                              {"FrameRate", 30, ""}};
        for (const Case& c : trace)
        {
            Ptr<AtmTraceSource> s = CreateObject<AtmTraceSource>();
            NS_TEST_EXPECT_MSG_EQ(s->GetConfigError(),
                                  "TraceFile = \"\": a frame-size trace is needed",
                                  "no trace file");
            s->SetAttribute("TraceFile", StringValue(file));
            s->SetAttribute(c.field, DoubleValue(c.value));
            NS_TEST_EXPECT_MSG_EQ(s->GetConfigError(), c.words, c.field << " = " << c.value);
        }
    }
};

/**
 * @ingroup atm-tests
 * The trace reader: sizes with comments, blank lines, blanks and CRLF read
 * exactly; a malformed file gets one error naming the file, the line
 * number and its text.
 */
class AtmTraceReadTestCase : public TestCase
{
  public:
    AtmTraceReadTestCase()
        : TestCase("Trace file: sizes read exactly; each malformed file named with its line")
    {
    }

  private:
    void DoRun() override
    {
        const std::string good = CreateTempDirFilename("atm-trace-good.txt");
        WriteFile(good,
                  "# a comment\n"
                  "\n"
                  "1200\n"
                  "  48  # inline comment\n"
                  "0\r\n"
                  "\t4294967295\n"
                  "   \n"
                  "7");
        std::vector<uint32_t> sizes;
        NS_TEST_EXPECT_MSG_EQ(AtmTraceSource::ReadTrace(good, sizes), "", "a good file");
        const std::vector<uint32_t> expected = {1200, 48, 0, 4294967295U, 7};
        NS_TEST_EXPECT_MSG_EQ((sizes == expected), true, "its sizes");

        struct Bad
        {
            std::string text;  //!< the file
            std::string error; //!< the error after the file's name
        };

        const Bad bad[] = {
            {"100\n200\nabc\n", " line 3: \"abc\": not a frame size (a whole number of octets)"},
            {"# sizes\n100\n-5\n", " line 3: \"-5\": a negative frame size"},
            {"100\n1.5\n", " line 2: \"1.5\": not a frame size (a whole number of octets)"},
            {"12 13\n", " line 1: \"12 13\": not a frame size (a whole number of octets)"},
            {"\n\n100x # frame\n",
             " line 3: \"100x # frame\": not a frame size (a whole number "
             "of octets)"},
            {"4294967296\n", " line 1: \"4294967296\": a frame size above 4294967295 octets"},
            {"99999999999999999999999\n",
             " line 1: \"99999999999999999999999\": a frame size above 4294967295 octets"},
            {"-\n", " line 1: \"-\": not a frame size (a whole number of octets)"},
            {"# only a comment\n\n", ": no frame size in it"}};
        uint32_t n = 0;
        for (const Bad& b : bad)
        {
            const std::string path = CreateTempDirFilename("atm-trace-bad-" + std::to_string(n++));
            WriteFile(path, b.text);
            NS_TEST_EXPECT_MSG_EQ(AtmTraceSource::ReadTrace(path, sizes), path + b.error, b.text);
            NS_TEST_EXPECT_MSG_EQ(sizes.empty(), true, "no size read from a bad file");
        }
        const std::string missing = CreateTempDirFilename("atm-trace-missing.txt");
        NS_TEST_EXPECT_MSG_EQ(AtmTraceSource::ReadTrace(missing, sizes),
                              missing + ": cannot be opened",
                              "a missing file");
    }
};

/**
 * @ingroup atm-tests
 * A trace of known sizes, FrameRate 25 (40 ms), Pcr 2000 cells/s (500 us):
 * the cells of each frame and their times, to the step. Sizes 48, 49, 0,
 * 5000, 96, 1: 1, 2, 0, 105, 2, 1 cells (AAL5: 2, 2, 1, 105, 3, 1); the
 * 105 cells of frame 3 (120 ms) last until 172 ms, so frame 4 (due at
 * 160 ms) starts at 172.5 ms. With Loop the trace starts again at 240 ms.
 */
class AtmTraceTimingTestCase : public TestCase
{
  public:
    /**
     * @param aal5 count the cells of AAL5 CPCS-PDUs
     * @param loop start the trace again at its end
     */
    AtmTraceTimingTestCase(bool aal5, bool loop)
        : TestCase(std::string("Trace source: cells per frame and frame start times") +
                   (aal5 ? ", AAL5" : "") + (loop ? ", looped" : "")),
          m_aal5(aal5),
          m_loop(loop)
    {
    }

  private:
    void DoRun() override
    {
        const std::string file = CreateTempDirFilename("atm-trace-timing.txt");
        WriteFile(file, "# six frames\n48\n49\n0\n5000\n\n96  # late\n1\n");
        Ptr<AtmCellSource> source;
        const std::vector<int64_t> t = RunSource("ns3::AtmTraceSource",
                                                 {{"TraceFile", S(file)},
                                                  {"FrameRate", D(25)},
                                                  {"Pcr", D(2000)},
                                                  {"Aal5", B(m_aal5)},
                                                  {"Loop", B(m_loop)}},
                                                 1,
                                                 MilliSeconds(479),
                                                 &source);
        // (start in us, cells) of each frame with cells, worked out by hand.
        const std::vector<std::pair<int64_t, uint32_t>> frames =
            m_aal5 ? std::vector<std::pair<int64_t, uint32_t>>{{0, 2},
                                                               {40000, 2},
                                                               {80000, 1},
                                                               {120000, 105},
                                                               {172500, 3},
                                                               {200000, 1}}
                   : std::vector<std::pair<int64_t, uint32_t>>{{0, 1},
                                                               {40000, 2},
                                                               {120000, 105},
                                                               {172500, 2},
                                                               {200000, 1}};
        const int64_t us = MicroSeconds(1).GetTimeStep();
        std::vector<int64_t> expected;
        for (int64_t cycle = 0; cycle < (m_loop ? 2 : 1); ++cycle)
        {
            for (const auto& [start, cells] : frames)
            {
                for (uint32_t k = 0; k < cells; ++k)
                {
                    expected.push_back((240000 * cycle + start + 500 * k) * us);
                }
            }
        }
        const std::size_t cells = m_aal5 ? 114 : 111;
        NS_TEST_EXPECT_MSG_EQ(t.size(), cells * (m_loop ? 2 : 1), "cells");
        NS_TEST_ASSERT_MSG_EQ(t.size(), expected.size(), "cells");
        for (std::size_t k = 0; k < t.size(); ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(t[k], expected[k], "cell " << k);
        }
        NS_TEST_EXPECT_MSG_EQ(DynamicCast<AtmTraceSource>(source)->GetFramesSent(),
                              frames.size() * (m_loop ? 2 : 1),
                              "frames sent");
    }

    bool m_aal5; //!< AAL5 cell counts
    bool m_loop; //!< Loop
};

/**
 * @ingroup atm-tests
 * The shipped trace (examples/traces/video-trace.txt, made by
 * utils/make-video-trace.py): 1000 frames, 40 s at 25 frames/s, a mean of
 * 1 to 2 Mb/s, I frames (every 12th) larger on average than P frames, and
 * P than B.
 */
class AtmShippedTraceTestCase : public TestCase
{
  public:
    AtmShippedTraceTestCase()
        : TestCase("The shipped video trace: 1000 frames, 1 to 2 Mbps, I > P > B")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<uint32_t> sizes;
        const std::string path = std::string(ATM_SOURCE_DIR) + "/examples/traces/video-trace.txt";
        NS_TEST_ASSERT_MSG_EQ(AtmTraceSource::ReadTrace(path, sizes), "", "read");
        NS_TEST_ASSERT_MSG_EQ(sizes.size(), 1000, "frames");
        double sum[3] = {0, 0, 0};
        uint32_t count[3] = {0, 0, 0};
        for (std::size_t n = 0; n < sizes.size(); ++n)
        {
            const uint32_t k = n % 12 == 0 ? 0 : (n % 3 == 0 ? 1 : 2); // I B B P B B ...
            sum[k] += sizes[n];
            ++count[k];
        }
        const double rate = (sum[0] + sum[1] + sum[2]) * 8 / 40.0;
        NS_TEST_EXPECT_MSG_GT(rate, 1e6, "mean rate, b/s");
        NS_TEST_EXPECT_MSG_LT(rate, 2e6, "mean rate, b/s");
        NS_TEST_EXPECT_MSG_GT(sum[0] / count[0], 2 * sum[1] / count[1], "I against P");
        NS_TEST_EXPECT_MSG_GT(sum[1] / count[1], 1.5 * sum[2] / count[2], "P against B");
    }
};

/**
 * @ingroup atm-tests
 * The atm-vbr-source test suite.
 */
class AtmVbrSourceTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmVbrSourceTestSuite()
        : IsolatedTestSuite("atm-vbr-source", Type::UNIT)
    {
        typedef AtmVbrConformanceTestCase::Config Config;
        // Exact steps: 1/PCR = 100 us, 1/SCR = 500 us, BT = 19.6 ms.
        for (uint64_t run : {1, 2, 3})
        {
            AddTestCase(new AtmVbrConformanceTestCase(
                "uniform bursts, MeanRate half SCR, run " + std::to_string(run),
                Config{10000, 2000, 50, 1000, "", run, Seconds(120), true}));
        }
        // Steps that do not divide: 1/PCR = 166 666.7 ns, 1/SCR = 1 111 111.1
        // ns, BT = 5.67 ms; rounded (166 667, 1 111 112, 5 666 666), a full
        // burst of 7 at 1/PCR would exceed BT by 4 steps. A mean rate close to
        // SCR: the bursts lag their due times.
        for (uint64_t run : {1, 2})
        {
            AddTestCase(new AtmVbrConformanceTestCase(
                "odd rates, exponential bursts, MeanRate 0.9 SCR, run " + std::to_string(run),
                Config{6000,
                       900,
                       7,
                       810,
                       "ns3::ExponentialRandomVariable[Mean=4]",
                       run,
                       Seconds(130),
                       false}));
        }
        AddTestCase(
            new AtmVbrConformanceTestCase("greedy (MeanRate 0): the rate is SCR",
                                          Config{50000, 8000, 100, 0, "", 1, Seconds(15), true}));
        AddTestCase(new AtmVbrConformanceTestCase(
            "PCR = SCR, MBS 1: CBR",
            Config{30000, 30000, 1, 20000, "", 1, Seconds(6), false}));
        AddTestCase(new AtmVbrGreedyPatternTestCase);
        AddTestCase(new AtmVbrPolicedTestCase(10000, 2000, 50, 50));
        AddTestCase(new AtmVbrPolicedTestCase(6000, 900, 7, 7));
        AddTestCase(new AtmVbrPolicedTestCase(10000, 2000, 50, 60));
        AddTestCase(new AtmVbrDeterminismTestCase);
        AddTestCase(new AtmVbrConfigErrorTestCase);
        AddTestCase(new AtmTraceReadTestCase);
        AddTestCase(new AtmTraceTimingTestCase(false, false));
        AddTestCase(new AtmTraceTimingTestCase(true, false));
        AddTestCase(new AtmTraceTimingTestCase(false, true));
        AddTestCase(new AtmShippedTraceTestCase);
    }
};

static AtmVbrSourceTestSuite g_atmVbrSourceTestSuite; //!< the suite
