/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * The bus-based ATM switching hub of Chong, Nagarajan and Wang: the
 * studies of its section 4, one line of key=value per figure point.
 *
 * - c1a (Fig. 3a): 20 boards, 4 Gb/s bus, FR = DR = 200 Mb/s, 20 logical
 *   addresses per board, no flow control, every board persistent: bus
 *   throughput against the send-BIC size.
 * - c1b (Fig. 3b): Poisson arrivals, Markov destinations over the 400
 *   addresses: loss against offered load (2.4-3.92 Gb/s) for correlation
 *   lengths 1-40, RB = 98.
 * - c1c (Fig. 3c): loss against RB at 3.92 Gb/s, per correlation length.
 * - c1d (Fig. 3d): batches of uniform size to independent uniform
 *   destinations: loss against mean batch size, per RB.
 * - c2 (Figs. 5, 6): hot spot, 21 boards, FR = DR = 500 Mb/s, B = 45,
 *   (LTH, HTH) = (5, 10), hybrid (1, 6, 16); boards 1-10 (group 1) and
 *   11-20 (group 2) send N Poisson streams each to board 21, 600 Mb/s in
 *   all, group 1's share swept: loss, dummy-envelope bus use and control
 *   buffer, goodput per group against the max-min share, switching delay,
 *   hot-spot occupancy (Fig. 6 summary; --traceDir writes the series).
 * - c3 (Fig. 8): fetch-rate constraint: stream 0 (board A) and stream 1
 *   (board B) share the 200 Mb/s drain of board C; N - 1 persistent
 *   streams share B's 500 Mb/s fetch round-robin with stream 1; stream 1
 *   at 500/N Mb/s, stream 0 at 300 - 500/N (both periodic): stream 1's
 *   goodput in % of its input (--traceDir: the fetch trajectory, Fig. 8b).
 *
 * Every run checks conservation per stream (injected = delivered + lost +
 * in the hub) and exits 1 if it fails.
 *
 * Usage: ./atm-bus-hub [--study=all|c1a|c1b|c1c|c1d|c2|c3] [--quick=1]
 * [--duration=0.05] [--run=1] [--traceDir=DIR] [--scheme=physical] [--g1=300]
 * [--n=1] (--PrintHelp lists all). The scenario files hub-c1.json,
 * hub-c1a.json, hub-c2.json and hub-c3.json build the same hubs.
 */

#include "ns3/atm-module.h"
#include "ns3/core-module.h"
#include "ns3/network-module.h"

#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("AtmBusHubExample");

namespace
{

bool g_conserved = true;   //!< every run conserved envelopes per stream
std::string g_traceDir;    //!< where to write time series ("": nowhere)
uint32_t g_streamBase = 1; //!< next random stream index
std::string g_scheme;      //!< c2, c3: only this scheme ("": all)
double g_g1 = -1;          //!< c2: only this group-1 load, Mb/s (< 0: all)
uint32_t g_n = 0;          //!< c2, c3: only this N (0: all)

/// Sums of the per-stream counters over a set of streams.
struct Totals
{
    uint64_t injected{0};  //!< injected
    uint64_t delivered{0}; //!< delivered
    uint64_t lost{0};      //!< lost (receive BIC or RAM)
    double delaySum{0};    //!< delay sum, s
};

/**
 * A time for the series files: microseconds with nanosecond resolution.
 * @param t the time
 * @return its text
 */
std::string
Microseconds(Time t)
{
    std::ostringstream o;
    o << std::fixed << std::setprecision(3) << t.GetNanoSeconds() / 1e3;
    return o.str();
}

/**
 * @param hub the hub
 * @param first first stream
 * @param last one past the last stream
 * @return the sums
 */
Totals
Sum(Ptr<AtmBusHub> hub, uint32_t first, uint32_t last)
{
    Totals t;
    for (uint32_t s = first; s < last; ++s)
    {
        const AtmBusHub::StreamStats& st = hub->GetStreamStats(s);
        t.injected += st.injected;
        t.delivered += st.delivered;
        t.lost += st.lostBic + st.lostRam;
        t.delaySum += st.delaySum;
    }
    return t;
}

/**
 * Check conservation per stream; print a line and remember a failure.
 * @param hub the hub
 * @param what the run
 */
void
CheckConservation(Ptr<AtmBusHub> hub, const std::string& what)
{
    for (uint32_t s = 0; s < hub->GetNStreams(); ++s)
    {
        const AtmBusHub::StreamStats& st = hub->GetStreamStats(s);
        const uint64_t in = hub->CountInHub(s);
        if (st.injected != st.delivered + st.lostBic + st.lostRam + in)
        {
            std::cerr << "CONSERVATION FAILED " << what << " stream " << s << ": injected "
                      << st.injected << " delivered " << st.delivered << " lost "
                      << st.lostBic + st.lostRam << " in hub " << in << std::endl;
            g_conserved = false;
        }
    }
}

/**
 * A source.
 * @param hub the hub
 * @param board sending board
 * @param stream stream index
 * @param dest destinations
 * @param mbps rate (Poisson, Cbr)
 * @param arrivals "Poisson", "Cbr" or "Persistent"
 * @param stop end of arrivals
 * @return the source (running)
 */
Ptr<AtmHubSource>
AddSource(Ptr<AtmBusHub> hub,
          uint32_t board,
          uint32_t stream,
          const std::vector<uint32_t>& dest,
          double mbps,
          const std::string& arrivals,
          Time stop)
{
    Ptr<AtmHubSource> s = CreateObject<AtmHubSource>();
    if (mbps > 0)
    {
        s->SetAttribute("Rate", DataRateValue(DataRate(uint64_t(mbps * 1e6))));
    }
    s->SetAttribute("Arrivals", StringValue(arrivals));
    s->Setup(hub, board, stream, dest);
    g_streamBase += s->AssignStreams(g_streamBase);
    s->Run(Seconds(0), stop);
    return s;
}

/// The C1 configuration (Fig. 3).
struct C1
{
    Ptr<AtmBusHub> hub;                 //!< the hub
    std::vector<uint32_t> all;          //!< every logical address
    std::vector<Ptr<AtmHubSource>> src; //!< per board

    /**
     * Build the hub.
     * @param sendBic send BIC size
     * @param rb receive BIC size RB
     */
    C1(uint32_t sendBic, uint32_t rb)
    {
        hub = CreateObjectWithAttributes<AtmBusHub>("FetchRate",
                                                    DataRateValue(DataRate("200Mbps")),
                                                    "DrainRate",
                                                    DataRateValue(DataRate("200Mbps")),
                                                    "SendBicSize",
                                                    UintegerValue(sendBic),
                                                    "BicSize",
                                                    UintegerValue(rb + sendBic));
        g_streamBase += hub->AssignStreams(g_streamBase); // the fetch phases
        for (uint32_t b = 0; b < 20; ++b)
        {
            hub->AddBoard();
        }
        for (uint32_t b = 0; b < 20; ++b)
        {
            for (uint32_t k = 0; k < 20; ++k)
            {
                all.push_back(hub->AddAddress(b));
            }
        }
    }

    /**
     * Poisson sources on every board.
     * @param gbps total offered load
     * @param length correlation length (0: independent)
     * @param batch mean batch size
     * @param stop end
     */
    void Poisson(double gbps, double length, double batch, Time stop)
    {
        for (uint32_t b = 0; b < 20; ++b)
        {
            Ptr<AtmHubSource> s = CreateObject<AtmHubSource>();
            s->SetAttribute("Rate", DataRateValue(DataRate(uint64_t(gbps * 1e9 / 20))));
            s->SetAttribute("CorrelationLength", DoubleValue(length));
            s->SetAttribute("MeanBatch", DoubleValue(batch));
            s->Setup(hub, b, b, all);
            g_streamBase += s->AssignStreams(g_streamBase);
            s->Run(Seconds(0), stop);
            src.push_back(s);
        }
    }

    /**
     * Run and return the loss ratio between warm-up and the end.
     * @param warmup warm-up
     * @param duration measured time
     * @param what run name
     * @return lost / injected in the measured time
     */
    double Loss(Time warmup, Time duration, const std::string& what)
    {
        Simulator::Stop(warmup);
        Simulator::Run();
        const Totals a = Sum(hub, 0, 20);
        Simulator::Stop(duration);
        Simulator::Run();
        const Totals b = Sum(hub, 0, 20);
        CheckConservation(hub, what);
        hub->Dispose();
        Simulator::Destroy();
        return double(b.lost - a.lost) / std::max<uint64_t>(1, b.injected - a.injected);
    }
};

/**
 * Fig. 3a: bus throughput against the send-BIC size, offered load = bus.
 * @param quick short runs
 */
void
StudyC1a(bool quick)
{
    const Time warmup = MicroSeconds(200);
    const Time duration = MilliSeconds(quick ? 1 : 5);
    for (uint32_t s : {1, 2, 3, 4})
    {
        C1 c(s, 98);
        for (uint32_t b = 0; b < 20; ++b)
        {
            c.src.push_back(AddSource(c.hub, b, b, c.all, 0, "Persistent", warmup + duration));
        }
        Simulator::Stop(warmup);
        Simulator::Run();
        const uint64_t a = c.hub->GetDataSlots();
        Simulator::Stop(duration);
        Simulator::Run();
        const double gbps = double(c.hub->GetDataSlots() - a) * c.hub->GetEnvelopeBits() /
                            duration.GetSeconds() / 1e9;
        CheckConservation(c.hub, "c1a");
        std::cout << "study=c1a sendBic=" << s << " busGbps=" << std::fixed << std::setprecision(3)
                  << gbps << " utilization=" << gbps / 4.0 << std::endl;
        c.hub->Dispose();
        Simulator::Destroy();
    }
}

/**
 * Figs. 3b-3d: loss without flow control.
 * @param study c1b, c1c or c1d
 * @param quick short runs
 * @param seconds measured time per point (a quarter in quick mode)
 */
void
StudyC1Loss(const std::string& study, bool quick, double seconds)
{
    const Time warmup = MilliSeconds(1);
    const Time duration = Seconds(quick ? seconds / 4 : seconds);
    if (study == "c1b")
    {
        for (double length : {1.0, 10.0, 40.0})
        {
            for (double load : {2.4, 2.8, 3.2, 3.6, 3.92})
            {
                C1 c(2, 98);
                c.Poisson(load, length, 1, warmup + duration);
                const double loss = c.Loss(warmup, duration, study);
                std::cout << "study=c1b corrLength=" << length << " loadGbps=" << load
                          << " RB=98 loss=" << std::scientific << std::setprecision(3) << loss
                          << std::defaultfloat << std::endl;
            }
        }
    }
    else if (study == "c1c")
    {
        for (double length : {1.0, 10.0, 40.0})
        {
            for (uint32_t rb : {20, 50, 98, 200, 400})
            {
                C1 c(2, rb);
                c.Poisson(3.92, length, 1, warmup + duration);
                const double loss = c.Loss(warmup, duration, study);
                std::cout << "study=c1c corrLength=" << length << " loadGbps=3.92 RB=" << rb
                          << " loss=" << std::scientific << std::setprecision(3) << loss
                          << std::defaultfloat << std::endl;
            }
        }
    }
    else
    {
        for (uint32_t rb : {50, 98, 200})
        {
            for (double batch : {1.0, 5.0, 10.0, 25.0, 50.0, 95.0})
            {
                C1 c(2, rb);
                c.Poisson(3.92, 0, batch, warmup + duration);
                const double loss = c.Loss(warmup, duration, study);
                std::cout << "study=c1d RB=" << rb << " meanBatch=" << batch
                          << " loadGbps=3.92 loss=" << std::scientific << std::setprecision(3)
                          << loss << std::defaultfloat << std::endl;
            }
        }
    }
    std::cout << std::defaultfloat;
}

/**
 * A hub with the C2/C3 flow control parameters.
 * @param scheme none, logical, logical-ordered, physical or hybrid
 * @param drain DR
 * @return the hub
 */
Ptr<AtmBusHub>
ControlledHub(const std::string& scheme, const std::string& drain)
{
    Ptr<AtmBusHub> hub = CreateObjectWithAttributes<AtmBusHub>("FetchRate",
                                                               DataRateValue(DataRate("500Mbps")),
                                                               "DrainRate",
                                                               DataRateValue(DataRate(drain)),
                                                               "BicSize",
                                                               UintegerValue(45));
    Ptr<AtmHubFlowControl> fc;
    if (scheme == "logical" || scheme == "logical-ordered")
    {
        fc = CreateObject<AtmHubLogicalFlowControl>();
        if (scheme == "logical-ordered")
        {
            fc->SetAttribute("ResumeOrder", StringValue("Address"));
        }
    }
    else if (scheme == "physical")
    {
        fc = CreateObject<AtmHubPhysicalFlowControl>();
    }
    else if (scheme == "hybrid")
    {
        fc = CreateObjectWithAttributes<AtmHubHybridFlowControl>("LowThreshold",
                                                                 UintegerValue(1),
                                                                 "HighThreshold",
                                                                 UintegerValue(6),
                                                                 "TopThreshold",
                                                                 UintegerValue(16));
    }
    else
    {
        NS_ABORT_MSG_IF(scheme != "none", "atm-bus-hub: --scheme = '" << scheme << "' unknown");
    }
    hub->SetFlowControl(fc);
    g_streamBase += hub->AssignStreams(g_streamBase);
    return hub;
}

/// Time-weighted occupancy of one receive BIC, and a series file.
struct OccupancyMeter
{
    uint32_t board{0};            //!< the board
    Time from;                    //!< start of the measurement
    Time last;                    //!< last change
    uint32_t occ{0};              //!< occupancy now
    double area{0};               //!< integral, envelope-seconds
    double zero{0};               //!< time at 0, s
    uint32_t min{~0u};            //!< smallest after warm-up
    uint32_t max{0};              //!< largest after warm-up
    std::ofstream* file{nullptr}; //!< series (may be null)
    Time fileEnd;                 //!< write the series until then

    /**
     * Trace sink.
     * @param b board
     * @param o occupancy
     */
    void Change(uint32_t b, uint32_t o)
    {
        if (b != board)
        {
            return;
        }
        const Time now = Simulator::Now();
        if (now >= from)
        {
            const double dt = (now - std::max(last, from)).GetSeconds();
            area += occ * dt;
            zero += occ == 0 ? dt : 0;
            min = std::min(min, o);
            max = std::max(max, o);
            if (file && now <= fileEnd)
            {
                *file << Microseconds(now) << " " << o << "\n";
            }
        }
        last = now;
        occ = o;
    }
};

/**
 * Figs. 5 and 6: the hot spot.
 * @param quick short runs
 * @param seconds measured time per point
 */
void
StudyC2(bool quick, double seconds)
{
    const Time warmup = MilliSeconds(2);
    const Time duration = Seconds(quick ? seconds / 2.5 : seconds);
    const std::vector<double> shares =
        quick ? std::vector<double>{0, 150, 300, 450, 600}
              : std::vector<double>{0, 100, 150, 200, 250, 300, 350, 400, 450, 500, 600};
    for (uint32_t n : {1, 2})
    {
        for (const char* scheme : {"logical", "logical-ordered", "physical", "hybrid"})
        {
            if ((n == 2 && std::string(scheme) == "logical-ordered") ||
                (!g_scheme.empty() && g_scheme != scheme) || (g_n != 0 && g_n != n))
            {
                continue;
            }
            for (double g1 : shares)
            {
                if (g_g1 >= 0 && g1 != g_g1)
                {
                    continue;
                }
                Ptr<AtmBusHub> hub = ControlledHub(scheme, "500Mbps");
                for (uint32_t b = 0; b <= 20; ++b)
                {
                    hub->AddBoard();
                }
                std::vector<double> rates;
                std::vector<Ptr<AtmHubSource>> src;
                for (uint32_t b = 0; b < 20; ++b)
                {
                    const double group = b < 10 ? g1 : 600 - g1;
                    for (uint32_t k = 0; k < n; ++k)
                    {
                        const uint32_t a = hub->AddAddress(20);
                        const double r = group / (10 * n);
                        rates.push_back(r);
                        if (r > 0)
                        {
                            src.push_back(
                                AddSource(hub, b, a, {a}, r, "Poisson", warmup + duration));
                        }
                    }
                }
                OccupancyMeter meter;
                meter.board = 20;
                meter.from = warmup;
                std::ofstream series;
                if (!g_traceDir.empty() && n == 1 && g1 == 300)
                {
                    series.open(g_traceDir + "/c2-occupancy-" + scheme + ".txt");
                    meter.file = &series;
                    meter.fileEnd = warmup + MicroSeconds(500);
                }
                hub->TraceConnectWithoutContext("ReceiveOccupancy",
                                                MakeCallback(&OccupancyMeter::Change, &meter));
                Simulator::Stop(warmup);
                Simulator::Run();
                const uint32_t ns = 20 * n;
                std::vector<AtmBusHub::StreamStats> a0;
                a0.reserve(ns);
                for (uint32_t s = 0; s < ns; ++s)
                {
                    a0.push_back(hub->GetStreamStats(s));
                }
                const uint64_t dummies0 = hub->GetDummySlots();
                Simulator::Stop(duration);
                Simulator::Run();
                meter.Change(20, meter.occ); // close the integral
                CheckConservation(hub, "c2");
                // Max-min: one link, the drain DR, each stream limited to its rate.
                AtmMaxMinOracle oracle;
                const uint32_t link = oracle.AddLink(500);
                std::vector<uint32_t> flowOf(rates.size(), 0);
                for (uint32_t s = 0; s < rates.size(); ++s)
                {
                    flowOf[s] = rates[s] > 0 ? oracle.AddFlow({link}, rates[s]) : ~0u;
                }
                const std::vector<double> solved = oracle.Solve();
                std::vector<double> mm(rates.size(), 0); // a silent stream's share is 0
                for (uint32_t s = 0; s < rates.size(); ++s)
                {
                    mm[s] = flowOf[s] == ~0u ? 0 : solved[flowOf[s]];
                }
                double good[2] = {0, 0};
                double share[2] = {0, 0};
                double delay[2] = {0, 0};
                uint64_t count[2] = {0, 0};
                uint64_t injected = 0;
                uint64_t lost = 0;
                double worst = 0; // largest |goodput - max-min| of a stream, Mb/s
                const double t = duration.GetSeconds();
                const double bits = hub->GetEnvelopeBits();
                for (uint32_t s = 0; s < ns; ++s)
                {
                    const uint32_t g = s < ns / 2 ? 0 : 1;
                    const AtmBusHub::StreamStats& st = hub->GetStreamStats(s);
                    const uint64_t d = st.delivered - a0[s].delivered;
                    const double mbps = d * bits / t / 1e6;
                    good[g] += mbps;
                    share[g] += mm[s];
                    delay[g] += st.delaySum - a0[s].delaySum;
                    count[g] += d;
                    injected += st.injected - a0[s].injected;
                    lost += st.lostBic + st.lostRam - a0[s].lostBic - a0[s].lostRam;
                    worst = std::max(worst, std::abs(mbps - mm[s]));
                }
                std::cout << std::fixed << std::setprecision(2) << "study=c2 scheme=" << scheme
                          << " N=" << n << " g1Mbps=" << g1 << " g2Mbps=" << 600 - g1
                          << std::scientific << std::setprecision(3)
                          << " loss=" << double(lost) / std::max<uint64_t>(1, injected)
                          << std::fixed << std::setprecision(2)
                          << " dummyMbps=" << (hub->GetDummySlots() - dummies0) * bits / t / 1e6
                          << " controlBuffer=" << hub->GetMaxControlBuffer(20)
                          << " goodput1=" << good[0] << " goodput2=" << good[1]
                          << " maxmin1=" << share[0] << " maxmin2=" << share[1]
                          << " worstStreamDevMbps=" << worst
                          << " delay1us=" << (count[0] ? delay[0] / count[0] * 1e6 : 0)
                          << " delay2us=" << (count[1] ? delay[1] / count[1] * 1e6 : 0)
                          << " occMean=" << meter.area / t << " occMin=" << meter.min
                          << " occMax=" << meter.max << " occZeroFraction=" << meter.zero / t
                          << std::endl;
                hub->Dispose();
                Simulator::Destroy();
            }
        }
    }
    std::cout << std::defaultfloat;
}

/// Stream 1's arrivals and fetches over time (Fig. 8b).
struct FetchTrajectory
{
    std::ofstream* file{nullptr}; //!< the series
    Time begin;                   //!< write from then
    Time end;                     //!< write until then
    uint64_t fetched{0};          //!< stream 1 fetches since begin
    bool controlled{false};       //!< stream 1's address controlled

    /**
     * Fetch trace sink.
     * @param stream stream
     */
    void Fetch(uint32_t /* board */, uint32_t stream, uint32_t /* address */)
    {
        if (stream == 1 && Simulator::Now() >= begin)
        {
            ++fetched;
            if (file && Simulator::Now() <= end)
            {
                *file << Microseconds(Simulator::Now()) << " fetch " << fetched << "\n";
            }
        }
    }

    /**
     * Control trace sink.
     * @param board congested board
     * @param address address
     * @param on control
     */
    void Control(uint32_t board, uint32_t address, bool on) const
    {
        if (board == 2 && (address == 1 || address == AtmBusHub::NO_ADDRESS) && file &&
            Simulator::Now() >= begin && Simulator::Now() <= end)
        {
            *file << Microseconds(Simulator::Now()) << " control " << (on ? 1 : 0) << "\n";
        }
    }
};

/**
 * Fig. 8: a low-rate stream under a fetch-rate constraint.
 * @param quick short runs
 * @param seconds measured time per point
 */
void
StudyC3(bool quick, double seconds)
{
    const Time warmup = MilliSeconds(2);
    const Time duration = Seconds(quick ? seconds / 2.5 : seconds);
    for (const char* scheme : {"physical", "logical", "hybrid"})
    {
        for (uint32_t n : {5, 10, 15, 20, 25})
        {
            if ((!g_scheme.empty() && g_scheme != scheme) || (g_n != 0 && g_n != n))
            {
                continue;
            }
            Ptr<AtmBusHub> hub = ControlledHub(scheme, "200Mbps");
            for (uint32_t b = 0; b < n + 2; ++b)
            {
                hub->AddBoard(); // A = 0, B = 1, C = 2, D_k = 2 + k
            }
            const double r1 = 500.0 / n;
            const Time stop = warmup + duration;
            const uint32_t a0 = hub->AddAddress(2);
            const uint32_t a1 = hub->AddAddress(2);
            std::vector<Ptr<AtmHubSource>> src; // the sources live as long as the run
            src.push_back(AddSource(hub, 0, 0, {a0}, 300 - r1, "Poisson", stop));
            src.push_back(AddSource(hub, 1, 1, {a1}, r1, "Cbr", stop));
            for (uint32_t k = 2; k <= n; ++k)
            {
                const uint32_t a = hub->AddAddress(1 + k);
                src.push_back(AddSource(hub, 1, k, {a}, 0, "Persistent", stop));
            }
            std::ofstream series;
            FetchTrajectory traj;
            if (!g_traceDir.empty() && n == 10)
            {
                series.open(g_traceDir + "/c3-fetch-" + scheme + ".txt");
                traj.file = &series;
                traj.begin = warmup;
                traj.end = warmup + MicroSeconds(300);
            }
            hub->TraceConnectWithoutContext("Fetch", MakeCallback(&FetchTrajectory::Fetch, &traj));
            hub->TraceConnectWithoutContext("Control",
                                            MakeCallback(&FetchTrajectory::Control, &traj));
            Simulator::Stop(warmup);
            Simulator::Run();
            const AtmBusHub::StreamStats s0 = hub->GetStreamStats(0);
            const AtmBusHub::StreamStats s1 = hub->GetStreamStats(1);
            Simulator::Stop(duration);
            Simulator::Run();
            CheckConservation(hub, "c3");
            const double t = duration.GetSeconds();
            const double bits = hub->GetEnvelopeBits();
            const double g1 = (hub->GetStreamStats(1).delivered - s1.delivered) * bits / t / 1e6;
            const double g0 = (hub->GetStreamStats(0).delivered - s0.delivered) * bits / t / 1e6;
            const uint64_t lost = hub->GetStreamStats(0).lostBic + hub->GetStreamStats(1).lostBic -
                                  s0.lostBic - s1.lostBic;
            std::cout << std::fixed << std::setprecision(2) << "study=c3 scheme=" << scheme
                      << " N=" << n << " input1Mbps=" << r1 << " input0Mbps=" << 300 - r1
                      << " ratio=" << r1 / (300 - r1) << " goodput1Mbps=" << g1
                      << " goodput1Percent=" << 100 * g1 / r1 << " goodput0Mbps=" << g0
                      << " lost=" << lost << std::endl;
            hub->Dispose();
            Simulator::Destroy();
        }
    }
    std::cout << std::defaultfloat;
}

} // namespace

int
main(int argc, char* argv[])
{
    // The cell engine runs the cell path's events (--SimulatorImplementationType
    // chooses another simulator implementation).
    AtmSimulatorImpl::SelectByDefault();
    std::string study = "all";
    bool quick = false;
    double duration = 0.05;
    double c1Duration = 0.02;
    uint32_t run = 1;
    CommandLine cmd(__FILE__);
    cmd.AddValue("study", "all, c1 (c1a-c1d), c1a, c1b, c1c, c1d, c2 or c3", study);
    cmd.AddValue("quick", "short runs and fewer points (reproduction report)", quick);
    cmd.AddValue("duration", "c2, c3: measured seconds per point", duration);
    cmd.AddValue("c1Duration", "c1b-c1d: measured seconds per point", c1Duration);
    cmd.AddValue("run", "RngRun", run);
    cmd.AddValue("traceDir", "write the Fig. 6 and Fig. 8b series there", g_traceDir);
    cmd.AddValue("scheme", "c2, c3: only this flow control (empty: all)", g_scheme);
    cmd.AddValue("g1", "c2: only this group-1 load in Mb/s (< 0: all)", g_g1);
    cmd.AddValue("n", "c2, c3: only this N (0: all)", g_n);
    cmd.Parse(argc, argv);
    RngSeedManager::SetRun(run);

    const bool all = study == "all";
    const bool c1 = all || study == "c1";
    if (c1 || study == "c1a")
    {
        StudyC1a(quick);
    }
    for (const char* s : {"c1b", "c1c", "c1d"})
    {
        if (c1 || study == s)
        {
            StudyC1Loss(s, quick, c1Duration);
        }
    }
    if (all || study == "c2")
    {
        StudyC2(quick, duration);
    }
    if (all || study == "c3")
    {
        StudyC3(quick, duration);
    }
    std::cout << "conservation=" << (g_conserved ? "ok" : "FAILED") << std::endl;
    return g_conserved ? 0 : 1;
}
