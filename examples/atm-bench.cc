/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * Speed and memory of the cell path, beside ns-3's PointToPointNetDevice.
 *
 * A chain host - S1 - ... - S10 - host at OC-3c (149.76 Mb/s of cells),
 * greedy VCs from one host to the other, per-VC round-robin everywhere.
 * For 100, 1 000, 10 000 and 100 000 VCs it prints cell-hops per wall-clock
 * second, simulator events per cell-hop, set-up time and memory per idle VC
 * (over its whole path, and per link of the path: the goal of at most 256
 * octets per idle VC applies to the state one link keeps for it, at the
 * transmitting port, the receiving port and the switch entry); it
 * measures memory per queued cell on a port queue; and it runs the same
 * chain with PointToPointNetDevice and 53-byte UDP payloads at the same
 * rate, in the same process, and prints the ratio. The VCs are visited in
 * order (the sources start in the order of the VCs' slots, so every port
 * serves its per-VC state in memory order) and in random order (the sources
 * start in a random permutation, so every hop reads its VC state at random
 * places). Every figure is also printed as a machine-readable line
 * "name value unit".
 *
 * --case=gfc runs GFC-1 (examples/scenarios/gfc1.json, gfc1-abr.json: the
 * networks of rows K1 and ERICA) with ERICA on every switch port, with
 * credit flow control on every link, and with a TCP bulk transfer over IP
 * over AAL5 on each of its 23 VCs (UBR, FIFO ports with EPD): cell-hops per
 * second, events per cell-hop, bytes per idle VC (idle VCs, or idle ABR
 * connections, added along group A's path; not for TCP) and per queued
 * cell.
 *
 * Where ns-3 has its mpi module, --case=distributed, run with
 * "mpirun -np 2 atm-bench --case=distributed", times a chain with credit
 * flow control and 100 us links twice in one MPI job: in rank 0 alone on
 * the cell engine, then split over all ranks (switch k of n on rank
 * k * ranks / n) with ns-3's DistributedSimulatorImpl and AtmCellScheduler
 * (--distScheduler), and prints the speed-up.
 *
 * The ATM cases run on both simulator implementations, side by side
 * (--engine=both, the default): the cell engine (ns3::AtmSimulatorImpl,
 * which runs the cell path's events from its own calendar; figures named
 * as above) and ns-3's DefaultSimulatorImpl (figures prefixed default_).
 * Each row gives ns-3 events per cell-hop (those of the Scheduler) and
 * engine steps per cell-hop (cell events and AtmCellTimer expiries the
 * cell engine ran itself). --engine=all adds DefaultSimulatorImpl with
 * ns3::AtmCellScheduler, the Scheduler that keeps the cell events in a cell
 * calendar under any implementation (figures prefixed sched_; its steps are
 * the cell events and timer expiries it gave the implementation, which are
 * ns-3 events too). Each row also gives the heap allocations (operator new,
 * counted by this program's replacement of it) per cell-hop during the
 * timed run: 0 when nothing allocates per cell once the run is under way.
 * --load=0.9 (or 1) replaces the chain's greedy sources by CBR sources
 * that together load every link to that share of its rate, their first
 * cells spread over one period, timed after that period.
 *
 * Events outside the cell engine's calendar (and all events on
 * DefaultSimulatorImpl) go through the Scheduler, ns-3's default
 * MapScheduler unless --SchedulerType says otherwise (ns-3's global value);
 * --SchedulerType=ns3::PriorityQueueScheduler (a binary heap in one
 * vector, no allocation per event) costs DefaultSimulatorImpl's cell path
 * about 300 fewer instructions per hop here. The scheduler is printed
 * first. The point-to-point chain always runs on DefaultSimulatorImpl.
 *
 * This is a benchmark, not a test: its figures depend on the machine.
 */

#include "ns3/applications-module.h"
#include "ns3/atm-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <malloc.h>
#include <map>
#include <new>
#include <sstream>
#include <sys/resource.h>
#include <unistd.h>

#ifdef ATM_HAVE_MPI
#include "ns3/mpi-interface.h"

#include <mpi.h>
#endif

using namespace ns3;

namespace
{

/// Allocations through operator new so far (ns-3 and the module allocate
/// with new; the replacement below counts them).
std::atomic<uint64_t> g_allocations{0};

/// Whether the runs have the heap on huge pages (--hugePages)
bool g_hugePages = true;

} // namespace

/**
 * @brief operator new, counted in g_allocations.
 * @param size bytes
 * @return the memory
 */
void*
operator new(std::size_t size)
{
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(size == 0 ? 1 : size))
    {
        return p;
    }
    throw std::bad_alloc();
}

/**
 * @brief operator delete of the memory operator new gave (not inlined:
 *        GCC would take free() after an inlined operator new for a mismatch).
 * @param p the memory
 */
[[gnu::noinline]] void
operator delete(void* p) noexcept
{
    std::free(p);
}

/**
 * @brief Sized operator delete of the memory operator new gave.
 * @param p the memory
 */
[[gnu::noinline]] void
operator delete(void* p, std::size_t /* size */) noexcept
{
    std::free(p);
}

namespace
{

/// @return heap bytes in use now (glibc's count: exact, unlike the RSS)
double
HeapBytes()
{
    const struct mallinfo2 mi = mallinfo2();
    return static_cast<double>(mi.uordblks + mi.hblkhd);
}

/// @return peak resident set size, bytes
double
PeakBytes()
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss * 1024.0;
}

/// @return wall-clock seconds since an arbitrary origin
double
WallSeconds()
{
    using namespace std::chrono;
    return duration<double>(steady_clock::now().time_since_epoch()).count();
}

/// @return CPU seconds this process has used (on a shared machine, less
///         disturbed by other processes than wall-clock time)
double
CpuSeconds()
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

/// Prefix of the figures' names: "" on the cell engine, "default_" on ns-3's
/// DefaultSimulatorImpl, "sched_" on it with AtmCellScheduler.
std::string g_figurePrefix;

/// The Scheduler named on the command line (SchedulerType), for the other engines.
std::string g_scheduler;

/**
 * Print a figure for people and for tools.
 * @param name machine-readable name (after the engine's prefix)
 * @param value the value
 * @param unit its unit
 */
void
Figure(const std::string& name, double value, const std::string& unit)
{
    std::cout << "FIGURE " << g_figurePrefix << name << " " << std::setprecision(6) << value << " "
              << unit << "\n";
}

/**
 * The cases an option with a value per case, "both" and "all" names (as
 * --engine and --gfc have); any other value stops the program.
 * @param option the option's name, for the message
 * @param value its value
 * @param cases its cases, in order: "both" names the first two
 * @return the cases to run
 */
std::vector<std::string>
Choices(const std::string& option, const std::string& value, const std::vector<std::string>& cases)
{
    if (value == "all")
    {
        return cases;
    }
    if (value == "both")
    {
        return {cases[0], cases[1]};
    }
    if (std::find(cases.begin(), cases.end(), value) == cases.end())
    {
        std::ostringstream names;
        for (const std::string& c : cases)
        {
            names << c << ", ";
        }
        NS_FATAL_ERROR("atm-bench: " << option << " = " << value << ": not " << names.str()
                                     << "both or all");
    }
    return {value};
}

/**
 * Run the next simulations on one simulator implementation.
 * @param engine "atm": the cell engine (AtmSimulatorImpl); "ns3": ns-3's
 *        DefaultSimulatorImpl, whose figures are named default_...;
 *        "sched": DefaultSimulatorImpl with AtmCellScheduler (the other
 *        events in the Scheduler named on the command line), figures named
 *        sched_...
 */
void
SelectEngine(const std::string& engine)
{
    Simulator::Destroy();
    const bool cellEngine = engine == "atm";
    const bool cellScheduler = engine == "sched";
    GlobalValue::Bind(
        "SimulatorImplementationType",
        StringValue(cellEngine ? "ns3::AtmSimulatorImpl" : "ns3::DefaultSimulatorImpl"));
    GlobalValue::Bind("SchedulerType",
                      StringValue(cellScheduler ? "ns3::AtmCellScheduler" : g_scheduler));
    if (cellScheduler)
    {
        Config::SetDefault("ns3::AtmCellScheduler::OtherEvents",
                           TypeIdValue(TypeId::LookupByName(g_scheduler)));
    }
    g_figurePrefix = cellEngine ? "" : (cellScheduler ? "sched_" : "default_");
    std::cout << "\nengine: "
              << (cellEngine      ? "the cell engine (ns3::AtmSimulatorImpl)"
                  : cellScheduler ? "ns-3's default with the cell calendar as its Scheduler "
                                    "(ns3::AtmCellScheduler)"
                                  : "ns-3's default (ns3::DefaultSimulatorImpl)")
              << "\n";
}

/// What one run measured.
struct Result
{
    double hops = 0;       //!< cell- or packet-hops
    double events = 0;     //!< events ns-3's implementation ran (all without the cell engine)
    double steps = 0;      //!< cell events run from a cell calendar (engine or AtmCellScheduler)
    double wall = 0;       //!< seconds of Simulator::Run
    double cpu = 0;        //!< CPU seconds of Simulator::Run
    double allocs = 0;     //!< heap allocations (operator new) during Simulator::Run
    double setup = 0;      //!< seconds to build the VCs
    double bytesPerVc = 0; //!< heap per idle VC once initialized (no credit)
};

/**
 * Run the simulator for a while, timing it and counting its events.
 * @param simTime simulated seconds
 * @param r where the wall time and events go
 */
void
TimedRun(double simTime, Result& r)
{
    Simulator::Stop(Seconds(simTime));
    const AtmSimulatorImpl* engine = AtmSimulatorImpl::Peek();
    const AtmCellScheduler* scheduler = AtmCellScheduler::Peek();
    // Engine steps: cell events and the expiries of the model's timers, run
    // by the engine or given to ns-3's implementation by an AtmCellScheduler.
    auto steps = [engine, scheduler]() -> uint64_t {
        if (engine)
        {
            return engine->GetCellEventCount() + engine->GetTimerEventCount();
        }
        return scheduler ? scheduler->GetCellEventCount() + scheduler->GetTimerEventCount() : 0;
    };
    // The heap on huge pages, as the cell engine's Run() does first
    // (AtmSimulatorImpl::HugePages), for every engine and outside the
    // timing: collapsing costs a few milliseconds per 2 MiB, once.
    if (g_hugePages)
    {
        AtmSimulatorImpl::CollapseResidentHeap(AtmSimulatorImpl::HUGE_PAGES_MIN_HEAP);
    }
    const uint64_t s0 = steps();
    const uint64_t e0 = Simulator::GetEventCount();
    const double w0 = WallSeconds();
    const double c0 = CpuSeconds();
    const uint64_t a0 = g_allocations.load(std::memory_order_relaxed);
    Simulator::Run();
    r.allocs = static_cast<double>(g_allocations.load(std::memory_order_relaxed) - a0);
    r.wall = WallSeconds() - w0;
    r.cpu = CpuSeconds() - c0;
    r.steps = static_cast<double>(steps() - s0);
    // With AtmCellScheduler the cell events are still ns-3 events.
    r.events = static_cast<double>(Simulator::GetEventCount() - e0) - (engine ? r.steps : 0);
}

/// What a timed run saw at a set of ports.
struct PortsResult
{
    double hops = 0;        //!< cell-hops (cells the ports transmitted)
    double wall = 0;        //!< seconds of Simulator::Run
    double events = 0;      //!< events of ns-3's scheduler
    double steps = 0;       //!< cell events of the cell engine
    double allocs = 0;      //!< heap allocations during the run
    double queuedCells = 0; //!< cells queued at the ports at the end
    double drops = 0;       //!< cells the ports' queue discs dropped, in all
};

/**
 * Time a run and count what it did at some ports: the cell-hops of the
 * run, then (once the switches have caught up on their arrivals) the
 * cells queued and dropped.
 * @param ports the ports
 * @param simTime simulated seconds
 * @return the figures
 */
PortsResult
TimedPortsRun(const std::vector<Ptr<AtmNetDevice>>& ports, double simTime)
{
    PortsResult p;
    double hops0 = 0;
    for (const auto& d : ports)
    {
        hops0 += d->GetCellsTransmitted();
    }
    Result tr;
    TimedRun(simTime, tr);
    p.wall = tr.wall;
    p.events = tr.events;
    p.steps = tr.steps;
    p.allocs = tr.allocs;
    AtmSwitch::SyncAll(); // the cells due at the switches are queued there
    for (const auto& d : ports)
    {
        p.hops += d->GetCellsTransmitted();
        p.queuedCells += d->GetQueueDisc()->GetNCells();
        p.drops += d->GetQueueDisc()->GetNDropped();
    }
    p.hops -= hops0;
    return p;
}

/// @return this process's MPI rank (0 without MPI)
uint32_t
ThisRank()
{
#ifdef ATM_HAVE_MPI
    return MpiInterface::IsEnabled() ? MpiInterface::GetSystemId() : 0;
#else
    return 0;
#endif
}

/**
 * Initialize nodes now, as Simulator::Run would at time 0 (their devices,
 * switch and queue discs trim their VC tables then).
 * @param nodes the nodes
 */
void
InitializeNodes(const NodeContainer& nodes)
{
    for (uint32_t i = 0; i < nodes.GetN(); ++i)
    {
        nodes.Get(i)->Initialize();
    }
}

/// How the ATM chain is built, beyond its size.
struct ChainOptions
{
    Time delay = Seconds(0);  //!< propagation delay of every link
    bool credit = false;      //!< credit flow control (static, RTT + N2) on every link
    uint32_t ranks = 1;       //!< MPI ranks the switches are spread over
    bool randomOrder = false; //!< sources started in a random order of the VCs
    double cbrLoad = 0;       //!< 0: greedy sources; else CBR sources at this share of the link
};

/**
 * The VCs in a random order (Fisher-Yates with ns-3's generator, so the
 * same for a given seed and run).
 * @param vcs the VCs
 * @return a permutation of them
 */
std::vector<Ptr<AtmVc>>
Shuffled(std::vector<Ptr<AtmVc>> vcs)
{
    Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
    u->SetStream(2);
    for (auto i = static_cast<uint32_t>(vcs.size()); i > 1; --i)
    {
        std::swap(vcs[i - 1], vcs[u->GetInteger(0, i - 1)]);
    }
    return vcs;
}

/**
 * The ATM chain. Over several ranks, switch k of n is on rank
 * k * ranks / n and a host on its switch's rank; the hops and events
 * counted are this rank's.
 * @param nSwitches switches in the chain
 * @param nVcs greedy VCs end to end
 * @param simTime simulated seconds
 * @param opt links, flow control and ranks
 * @return the figures
 */
Result
RunAtmChain(uint32_t nSwitches,
            uint32_t nVcs,
            double simTime,
            const ChainOptions& opt = ChainOptions())
{
    Result r;
    NodeContainer sw;
    for (uint32_t k = 0; k < nSwitches; ++k)
    {
        sw.Add(CreateObject<Node>(static_cast<uint32_t>(uint64_t{k} * opt.ranks / nSwitches)));
    }
    AtmSwitchHelper swHelper;
    swHelper.SetQueueDisc("ns3::AtmPerVcQueueDisc", "MaxCells", UintegerValue(1U << 20));
    swHelper.Install(sw);
    NodeContainer hosts;
    hosts.Add(CreateObject<Node>(sw.Get(0)->GetSystemId()));
    hosts.Add(CreateObject<Node>(sw.Get(nSwitches - 1)->GetSystemId()));
    AtmHelper atm; // OC-3c by default
    atm.SetChannelAttribute("Delay", TimeValue(opt.delay));
    std::vector<Ptr<AtmNetDevice>> tx;
    tx.push_back(DynamicCast<AtmNetDevice>(atm.Install(hosts.Get(0), sw.Get(0)).Get(0)));
    for (uint32_t i = 0; i + 1 < nSwitches; ++i)
    {
        tx.push_back(DynamicCast<AtmNetDevice>(atm.Install(sw.Get(i), sw.Get(i + 1)).Get(0)));
    }
    tx.push_back(
        DynamicCast<AtmNetDevice>(atm.Install(sw.Get(nSwitches - 1), hosts.Get(1)).Get(0)));

    NodeContainer path(hosts.Get(0));
    path.Add(sw);
    path.Add(hosts.Get(1));
    const double rss0 = HeapBytes();
    const double t0 = WallSeconds();
    AtmVcHelper vcHelper;
    std::vector<Ptr<AtmVc>> vcs;
    vcs.reserve(nVcs);
    for (uint32_t v = 0; v < nVcs; ++v)
    {
        vcs.push_back(vcHelper.Create(path));
    }
    r.setup = WallSeconds() - t0;
    if (opt.credit)
    {
        AtmCreditHelper().InstallAll();
    }
    else
    {
        // What an idle VC costs while the simulation runs: once the ports
        // and switches are initialized, which trims their VC tables.
        InitializeNodes(path);
        r.bytesPerVc = (HeapBytes() - rss0) / nVcs;
    }
    // The ports this rank transmits from.
    tx.erase(std::remove_if(
                 tx.begin(),
                 tx.end(),
                 [](Ptr<AtmNetDevice> d) { return d->GetNode()->GetSystemId() != ThisRank(); }),
             tx.end());

    // CBR: each VC its share of the load, one cell per period.
    const double cbrPeriod = opt.cbrLoad > 0 ? nVcs / (tx.front()->GetCellRate() * opt.cbrLoad) : 0;
    if (hosts.Get(0)->GetSystemId() == ThisRank() && opt.cbrLoad > 0)
    {
        // The sources' first cells spread evenly over one period (in the
        // order of the VCs or at random).
        const double cellRate = 1 / cbrPeriod;
        AtmCellSourceHelper cbr("ns3::AtmCbrSource");
        cbr.SetAttribute(
            "Rate",
            DataRateValue(DataRate(static_cast<uint64_t>(std::llround(cellRate * AtmCell::BITS)))));
        ApplicationContainer apps = cbr.Install(opt.randomOrder ? Shuffled(vcs) : vcs);
        for (uint32_t i = 0; i < apps.GetN(); ++i)
        {
            apps.Get(i)->SetStartTime(Seconds(i * cbrPeriod / nVcs));
        }
    }
    else if (hosts.Get(0)->GetSystemId() == ThisRank())
    {
        AtmCellSourceHelper greedy("ns3::AtmGreedySource");
        greedy.SetAttribute("Backlog", UintegerValue(1));
        // A host serves its VCs in the order their sources start; the
        // switches then serve them in the order their cells arrive.
        ApplicationContainer apps = greedy.Install(opt.randomOrder ? Shuffled(vcs) : vcs);
        apps.Start(Seconds(0));
    }

    // Start every source first (CBR: one period), so that only the cell
    // path is measured.
    Simulator::Stop(std::max(MilliSeconds(1), Seconds(cbrPeriod)));
    Simulator::Run();
    double hops0 = 0;
    for (const auto& d : tx)
    {
        hops0 += d->GetCellsTransmitted();
    }
    TimedRun(simTime, r);
    for (const auto& d : tx)
    {
        r.hops += d->GetCellsTransmitted();
    }
    r.hops -= hops0;
    Simulator::Destroy();
    return r;
}

/**
 * Run and print the chain for a range of VC counts and orders, on the
 * engine selected.
 * @param nSwitches switches in the chain
 * @param simTime simulated seconds timed
 * @param first fewest VCs
 * @param last most VCs (every tenfold count between)
 * @param orders for each row, random order or not
 * @param chain links and sources (the order is set per row)
 * @param p2pRate packet-hops per second of the point-to-point chain (0: not run)
 * @param repeat runs of each VC count and order, the orders alternating; the
 *        figures are the run with the median time per hop
 */
void
PrintChain(uint32_t nSwitches,
           double simTime,
           uint32_t first,
           uint32_t last,
           const std::vector<bool>& orders,
           ChainOptions chain,
           double p2pRate,
           uint32_t repeat)
{
    std::cout << "     VCs   order  cell-hops/s  events/hop  steps/hop  allocs/hop  ns/hop  "
              << "ratio-to-p2p  setup s  bytes/VC  bytes/VC/link\n";
    double firstNsPerHop = 0;
    double worstSpread = 0;
    auto nsPerHop = [](const Result& r) { return 1e9 * r.wall / r.hops; };
    auto rate = [](const Result& r) { return r.hops / r.wall; };
    auto ratio = [&rate, p2pRate](const Result& r) { return p2pRate > 0 ? rate(r) / p2pRate : 0; };
    for (uint32_t n = first; n <= last; n *= 10)
    {
        std::map<bool, std::vector<Result>> runs; // by order
        for (uint32_t rep = 0; rep < repeat; ++rep)
        {
            for (const bool random : orders)
            {
                chain.randomOrder = random;
                const Result r = RunAtmChain(nSwitches, n, simTime, chain);
                runs[random].push_back(r);
                if (n == first && random == orders.front() && rep == 0)
                {
                    firstNsPerHop = nsPerHop(r);
                }
                worstSpread = std::max(worstSpread, std::abs(nsPerHop(r) / firstNsPerHop - 1));
                std::cout << std::setw(8) << n << std::setw(8) << (random ? "random" : "in")
                          << std::setw(13) << std::setprecision(0) << rate(r) << std::setw(12)
                          << std::setprecision(3) << r.events / r.hops << std::setw(11)
                          << r.steps / r.hops << std::setw(12) << r.allocs / r.hops << std::setw(8)
                          << std::setprecision(0) << nsPerHop(r) << std::setw(14)
                          << std::setprecision(1) << ratio(r) << std::setw(9)
                          << std::setprecision(2) << r.setup << std::setw(10)
                          << std::setprecision(0) << r.bytesPerVc << std::setw(15)
                          << r.bytesPerVc / (nSwitches + 1) << "\n";
            }
        }
        std::map<bool, double> median; // ns per hop, by order
        for (auto& [random, rs] : runs)
        {
            // The run with the median time per hop (the upper one of an
            // even count) gives the figures.
            std::sort(rs.begin(), rs.end(), [&nsPerHop](const Result& x, const Result& y) {
                return nsPerHop(x) < nsPerHop(y);
            });
            const Result& r = rs[rs.size() / 2];
            median[random] = nsPerHop(r);
            // In order: atm_<n>vcs_...; in random order: atm_random_<n>vcs_...
            const std::string k =
                std::string(random ? "atm_random_" : "atm_") + std::to_string(n) + "vcs_";
            Figure(k + "cell_hops", r.hops, "hops");
            Figure(k + "cell_hops_per_s", rate(r), "hops/s");
            Figure(k + "events_per_hop", r.events / r.hops, "events/hop");
            Figure(k + "engine_steps_per_hop", r.steps / r.hops, "steps/hop");
            Figure(k + "allocs_per_hop", r.allocs / r.hops, "allocs/hop");
            Figure(k + "ns_per_hop", nsPerHop(r), "ns/hop");
            Figure(k + "cpu_ns_per_hop", 1e9 * r.cpu / r.hops, "ns/hop");
            if (p2pRate > 0)
            {
                Figure(k + "ratio_to_p2p", ratio(r), "x");
            }
            Figure(k + "setup_s", r.setup, "s");
            Figure(k + "bytes_per_idle_vc", r.bytesPerVc, "bytes/vc");
            Figure(k + "bytes_per_idle_vc_per_hop", r.bytesPerVc / (nSwitches + 1), "bytes/vc/hop");
        }
        if (median.size() == 2)
        {
            const double slower = median[true] / median[false];
            std::cout << std::setw(8) << n << "  random order over in order, time per hop"
                      << (repeat > 1 ? " (medians of " + std::to_string(repeat) + " runs)" : "")
                      << ": " << std::setprecision(2) << slower << " (goal: at most 2)\n";
            Figure("atm_" + std::to_string(n) + "vcs_random_over_in_order", slower, "x");
        }
    }
    std::cout << "bytes/VC: heap per idle VC over its path of " << nSwitches + 1
              << " links; bytes/VC/link: per link (goal: at most 256)\n";
    std::cout << "per-hop cost spread from the first row: " << std::setprecision(1)
              << 100 * worstSpread << " %\n";
    Figure("atm_ns_per_hop_spread", 100 * worstSpread, "%");
}

/// Counts packet-hops on the point-to-point chain.
uint64_t g_p2pHops = 0;

/**
 * PhyTxEnd sink.
 */
void
CountHop(Ptr<const Packet> /* p */)
{
    ++g_p2pHops;
}

/**
 * The same chain with PointToPointNetDevice and 53-byte UDP payloads.
 * @param nSwitches routers in the chain
 * @param simTime simulated seconds
 * @return the figures
 */
Result
RunP2pChain(uint32_t nSwitches, double simTime)
{
    Result r;
    NodeContainer nodes;
    nodes.Create(nSwitches + 2);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("149.76Mbps"));
    p2p.SetChannelAttribute("Delay", StringValue("0s"));
    InternetStackHelper stack;
    stack.Install(nodes);
    Ipv4AddressHelper addr;
    addr.SetBase("10.0.0.0", "255.255.255.252");
    std::vector<NetDeviceContainer> links;
    Ipv4InterfaceContainer last;
    for (uint32_t i = 0; i + 1 < nodes.GetN(); ++i)
    {
        NetDeviceContainer d = p2p.Install(nodes.Get(i), nodes.Get(i + 1));
        last = addr.Assign(d);
        addr.NewNetwork();
        links.push_back(d);
        d.Get(0)->TraceConnectWithoutContext("PhyTxEnd", MakeCallback(&CountHop));
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    UdpServerHelper server(9);
    ApplicationContainer s = server.Install(nodes.Get(nodes.GetN() - 1));
    s.Start(Seconds(0));
    // 53 + 8 + 20 + 2 (PPP) = 83 octets on the wire: keep the link busy.
    UdpClientHelper client(last.GetAddress(1), 9);
    client.SetAttribute("MaxPackets", UintegerValue(0xffffffff));
    client.SetAttribute("Interval", TimeValue(Seconds(83 * 8 / 149.76e6)));
    client.SetAttribute("PacketSize", UintegerValue(53));
    ApplicationContainer c = client.Install(nodes.Get(0));
    c.Start(Seconds(0));

    g_p2pHops = 0;
    TimedRun(simTime, r);
    r.hops = static_cast<double>(g_p2pHops);
    Simulator::Destroy();
    return r;
}

/**
 * Memory per queued cell of a queue disc.
 * @param type the queue disc TypeId name
 * @param nVcs VCs
 * @param nCells cells to queue
 * @return bytes per queued cell
 */
double
BytesPerQueuedCell(const std::string& type, uint32_t nVcs, uint32_t nCells)
{
    ObjectFactory f(type);
    f.Set("MaxCells", UintegerValue(nCells));
    Ptr<AtmQueueDisc> q = f.Create<AtmQueueDisc>();
    for (uint32_t v = 0; v < nVcs; ++v)
    {
        q->AddVc(v, 1);
    }
    q->Initialize();
    const double rss0 = HeapBytes();
    for (uint32_t i = 0; i < nCells; ++i)
    {
        q->Enqueue(AtmCell::MakeData(0, 32, i, Seconds(0)), i % nVcs);
    }
    const double bytes = (HeapBytes() - rss0) / nCells;
    q->Dispose();
    return bytes;
}

/// What the large case measured: the timed run's figures (drops also count
/// the VCs': credit must give 0), set-up and memory.
struct LargeResult : PortsResult
{
    double setup = 0;       //!< seconds to build the VCs and their credit state
    double vcBytes = 0;     //!< heap growth per VC: VC tables and credit state
    double links = 0;       //!< links per VC, on average
    double sourceBytes = 0; //!< heap growth per VC of its source
    double queuedBytes = 0; //!< heap growth over the timed run, per queued cell
};

/**
 * The large case: a chain of switches with one host on each; every VC
 * goes from the host of a random switch to the host of a switch 1-4 hops
 * further on (3-6 links), half of them greedy, half on-off (peak rate twice
 * a host's fair share, so they offer about half of a host link); credit flow
 * control (static allocation) on every link, per-VC round-robin everywhere.
 * @param nSwitches switches
 * @param nVcs VCs
 * @param simTime simulated seconds timed
 * @param delay propagation delay of every link
 * @return the figures
 */
LargeResult
RunAtmLarge(uint32_t nSwitches, uint32_t nVcs, double simTime, Time delay)
{
    LargeResult r;
    NodeContainer sw;
    sw.Create(nSwitches);
    AtmSwitchHelper swHelper;
    swHelper.SetQueueDisc("ns3::AtmPerVcQueueDisc", "MaxCells", UintegerValue(1U << 24));
    swHelper.Install(sw);
    NodeContainer hosts;
    hosts.Create(nSwitches);
    AtmHelper atm;
    atm.SetChannelAttribute("Delay", TimeValue(delay));
    std::vector<Ptr<AtmNetDevice>> ports;
    auto link = [&](Ptr<Node> a, Ptr<Node> b) {
        NetDeviceContainer d = atm.Install(a, b);
        ports.push_back(DynamicCast<AtmNetDevice>(d.Get(0)));
        ports.push_back(DynamicCast<AtmNetDevice>(d.Get(1)));
    };
    for (uint32_t i = 0; i < nSwitches; ++i)
    {
        link(hosts.Get(i), sw.Get(i));
        if (i + 1 < nSwitches)
        {
            link(sw.Get(i), sw.Get(i + 1));
        }
    }
    Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
    u->SetStream(1);
    std::vector<NodeContainer> paths;
    paths.reserve(nVcs);
    for (uint32_t v = 0; v < nVcs; ++v)
    {
        const uint32_t from = u->GetInteger(0, nSwitches - 2);
        const uint32_t to = std::min(nSwitches - 1, from + u->GetInteger(1, 4));
        NodeContainer path(hosts.Get(from));
        for (uint32_t k = from; k <= to; ++k)
        {
            path.Add(sw.Get(k));
        }
        path.Add(hosts.Get(to));
        paths.push_back(path);
    }

    for (const auto& path : paths)
    {
        r.links += path.GetN() - 1;
    }
    r.links /= nVcs;
    const double heap0 = HeapBytes();
    const double t0 = WallSeconds();
    AtmVcHelper vcHelper;
    std::vector<Ptr<AtmVc>> vcs;
    vcs.reserve(nVcs);
    for (uint32_t v = 0; v < nVcs; ++v)
    {
        vcs.push_back(vcHelper.Create(paths[v]));
    }
    AtmCreditHelper credit;
    credit.SetAllocation("ns3::AtmStaticAllocation",
                         "BufAlloc",
                         UintegerValue(8),
                         "N2",
                         UintegerValue(4));
    credit.InstallAll();
    // What an idle VC costs while the simulation runs: once the ports and
    // switches are initialized, which trims their VC tables.
    InitializeNodes(sw);
    InitializeNodes(hosts);
    r.setup = WallSeconds() - t0;
    const double heap1 = HeapBytes();
    r.vcBytes = (heap1 - heap0) / nVcs;

    std::vector<Ptr<AtmVc>> greedyVcs;
    std::vector<Ptr<AtmVc>> onOffVcs;
    for (uint32_t v = 0; v < nVcs; ++v)
    {
        (v % 2 == 0 ? greedyVcs : onOffVcs).push_back(vcs[v]);
    }
    AtmCellSourceHelper greedy("ns3::AtmGreedySource");
    greedy.SetAttribute("Backlog", UintegerValue(1));
    ApplicationContainer apps = greedy.Install(greedyVcs);
    // On-off peak rate: twice a host's fair share, so that the on-off VCs
    // offer about half of a host's link (the greedy ones take the rest).
    AtmCellSourceHelper onOffHelper("ns3::AtmOnOffSource");
    const double perHost = std::max(1.0, static_cast<double>(nVcs) / nSwitches);
    onOffHelper.SetAttribute(
        "PeakRate",
        DataRateValue(DataRate(static_cast<uint64_t>(2 * 149.76e6 / perHost))));
    ApplicationContainer onOff = onOffHelper.Install(onOffVcs);
    int64_t stream = 10;
    for (uint32_t i = 0; i < onOff.GetN(); ++i)
    {
        stream += DynamicCast<AtmOnOffSource>(onOff.Get(i))->AssignStreams(stream);
    }
    apps.Add(onOff);
    apps.Start(Seconds(0));
    r.sourceBytes = (HeapBytes() - heap1) / nVcs;

    Simulator::Stop(MilliSeconds(1));
    Simulator::Run();
    const double heap2 = HeapBytes();
    static_cast<PortsResult&>(r) = TimedPortsRun(ports, simTime);
    r.queuedBytes = r.queuedCells > 0 ? (HeapBytes() - heap2) / r.queuedCells : 0;
    for (const auto& vc : vcs)
    {
        r.drops += vc->GetCellsDropped();
    }
    Simulator::Destroy();
    return r;
}

/**
 * Run and print the large case, at a tenth of its VCs first to show that
 * the set-up time grows linearly.
 * @param nSwitches switches
 * @param nVcs VCs
 * @param simTime simulated seconds timed
 * @param delay propagation delay of every link
 */
void
PrintLarge(uint32_t nSwitches, uint32_t nVcs, double simTime, Time delay)
{
    std::cout << std::fixed << "\nlarge: " << nSwitches
              << " switches in a chain, one host each, VCs over 3-6 "
              << "links, half greedy, half on-off, credit (static, 8 cells/VC) on every link, "
              << delay.As(Time::US) << " links, " << simTime << " simulated s\n";
    std::cout << "     VCs  setup s  setup us/VC  bytes/VC  bytes/VC/link  source bytes/VC  "
              << "cell-hops/s  "
              << "events/hop  steps/hop  allocs/hop  queued cells  bytes/queued cell  drops\n";
    for (uint32_t n : {nVcs / 10, nVcs})
    {
        const LargeResult r = RunAtmLarge(nSwitches, n, simTime, delay);
        std::cout << std::setw(8) << n << std::setw(9) << std::setprecision(2) << r.setup
                  << std::setw(13) << std::setprecision(2) << 1e6 * r.setup / n << std::setw(10)
                  << std::setprecision(0) << r.vcBytes << std::setw(15) << r.vcBytes / r.links
                  << std::setw(17) << r.sourceBytes << std::setw(13) << r.hops / r.wall
                  << std::setw(12) << std::setprecision(3) << r.events / r.hops << std::setw(11)
                  << r.steps / r.hops << std::setw(12) << r.allocs / r.hops << std::setw(14)
                  << std::setprecision(0) << r.queuedCells << std::setw(19) << std::setprecision(1)
                  << r.queuedBytes << std::setw(7) << std::setprecision(0) << r.drops << "\n";
        const std::string k = "large_" + std::to_string(n) + "vcs_";
        Figure(k + "setup_s", r.setup, "s");
        Figure(k + "setup_us_per_vc", 1e6 * r.setup / n, "us/vc");
        Figure(k + "bytes_per_idle_vc", r.vcBytes, "bytes/vc");
        Figure(k + "bytes_per_idle_vc_per_link", r.vcBytes / r.links, "bytes/vc/link");
        Figure(k + "source_bytes_per_vc", r.sourceBytes, "bytes/vc");
        Figure(k + "cell_hops_per_s", r.hops / r.wall, "hops/s");
        Figure(k + "events_per_hop", r.events / r.hops, "events/hop");
        Figure(k + "engine_steps_per_hop", r.steps / r.hops, "steps/hop");
        Figure(k + "allocs_per_hop", r.allocs / r.hops, "allocs/hop");
        Figure(k + "bytes_per_queued_cell", r.queuedBytes, "bytes");
        Figure(k + "drops", r.drops, "cells");
    }
}

/// What a GFC-1 case measured: the timed run's figures and memory.
struct GfcResult : PortsResult
{
    double idleVcBytes = 0; //!< heap growth per idle VC added
    double queuedBytes = 0; //!< bytes per queued cell of the case's queue disc
};

/// Links of group A's path (srcA1, S1 to S4, dstA1), where RunGfc adds idle VCs.
constexpr uint32_t GFC_PATH_LINKS = 5;

/**
 * One GFC-1 case: the network of a scenario file (rows K1 and ERICA of
 * the reproduction), built twice. The first build runs: after its sources
 * have started and run for 50 ms, it times @p simTime seconds. The second
 * is not run: idle VCs (credit, TCP) or idle ABR connections of two VCs
 * (ERICA) are added along group A's path (4 switches, 5 links), and the
 * heap growth per VC is the state they cost with the scheme installed.
 * Memory per queued cell is that of the case's queue disc (FIFO for
 * ERICA and TCP, per-VC for credit) filled with 2^20 cells of 23 VCs.
 * With TCP each VC carries a NewReno bulk transfer (MSS 1460: 31 cells a
 * segment) over FIFO ports of 2 000 cells with EPD at 1 600; IP hands
 * segments straight to the AAL5 endpoint (ipQueueDisc none, as in the
 * zqfc-tcp scenario files); its idle VCs are UBR PVCs through those
 * ports (EPD state at each).
 * @param dir folder of the scenario files
 * @param scheme "erica", "credit" or "tcp"
 * @param simTime simulated seconds timed
 * @param idleVcs idle VCs added in the second build (0: no second build,
 *        no memory figures)
 * @return the figures
 */
GfcResult
RunGfc(const std::string& dir, const std::string& scheme, double simTime, uint32_t idleVcs)
{
    const bool erica = scheme == "erica";
    const double warmEnd = 0.1; // the sources start at 0.05 s
    std::map<std::string, std::string> params{
        {"stop", std::to_string(warmEnd + simTime + 0.01) + "s"},
        {"end", std::to_string(warmEnd + simTime + 0.02) + "s"}};
    if (erica)
    {
        params["scheme"] = R"({"type": "erica", "attributes": {"TargetUtilization": 0.95}})";
    }
    else if (scheme == "credit")
    {
        params["flow_control"] = "credit";
    }
    else
    {
        params["traffic"] = R"({"type": "tcp", "variant": "TcpNewReno", "mss": 1460})";
        params["queue"] = "fifo";
        params["buffer"] = "2000";
        params["queue_attributes"] = R"({"EpdThreshold": 1600})";
        params["ip_queue_disc"] = "none"; // as the zqfc-tcp files: no fq-codel
    }
    const std::string file = dir + (erica ? "/gfc1-abr.json" : "/gfc1.json");
    AtmScenario sc;
    const std::vector<std::string> errors = sc.Load(file, params);
    NS_ABORT_MSG_IF(!errors.empty(),
                    "atm-bench: " << errors.front() << " (--scenarios names their folder)");
    GfcResult r;
    {
        AtmScenarioHelper h;
        h.Build(sc, sc.GetSeed(), sc.GetRun());
        const std::vector<Ptr<AtmNetDevice>> ports = AtmHelper::GetAllDevices();
        Simulator::Stop(Seconds(warmEnd));
        Simulator::Run();
        static_cast<PortsResult&>(r) = TimedPortsRun(ports, simTime);
        Simulator::Destroy();
    }
    if (idleVcs > 0)
    {
        AtmScenarioHelper h;
        h.Build(sc, sc.GetSeed(), sc.GetRun());
        NodeContainer path;
        for (const char* name : {"srcA1", "S1", "S2", "S3", "S4", "dstA1"})
        {
            path.Add(h.GetNode(name));
        }
        AtmAbrHelper abr;
        AtmVcHelper vcHelper;
        std::vector<Ptr<AtmVc>> vcs;
        vcs.reserve(idleVcs);
        const double heap0 = HeapBytes();
        for (uint32_t v = 0; v < idleVcs; v += erica ? 2 : 1)
        {
            if (erica)
            {
                const auto fwdBwd = abr.Create(path);
                vcs.push_back(fwdBwd.first);
                vcs.push_back(fwdBwd.second);
            }
            else
            {
                vcs.push_back(vcHelper.Create(path));
            }
        }
        InitializeNodes(NodeContainer::GetGlobal()); // the VC tables trimmed, as at time 0
        r.idleVcBytes = (HeapBytes() - heap0) / vcs.size();
        Simulator::Destroy();
        r.queuedBytes = BytesPerQueuedCell(scheme == "credit" ? "ns3::AtmPerVcQueueDisc"
                                                              : "ns3::AtmFifoQueueDisc",
                                           23,
                                           1 << 20);
    }
    return r;
}

/**
 * Run and print the GFC-1 cases.
 * @param dir folder of the scenario files
 * @param schemes the cases, of "erica", "credit" and "tcp"
 * @param simTime simulated seconds timed
 * @param idleVcs idle VCs for the memory figure
 */
void
PrintGfc(const std::string& dir,
         const std::vector<std::string>& schemes,
         double simTime,
         uint32_t idleVcs)
{
    std::cout << std::fixed << "\ngfc: GFC-1 (23 VCs, 5 switches), " << simTime
              << " simulated s timed after 0.1 s; bytes per idle VC with " << idleVcs
              << " idle VCs along group A's path (ERICA: ABR connections, 2 VCs each)\n";
    std::cout << "  scheme  cell-hops/s  events/hop  steps/hop  allocs/hop  bytes/idle VC  "
              << "queued cells  bytes/queued cell  drops\n";
    for (const std::string& scheme : schemes)
    {
        const GfcResult r = RunGfc(dir, scheme, simTime, idleVcs);
        std::cout << std::setw(8) << scheme << std::setw(13) << std::setprecision(0)
                  << r.hops / r.wall << std::setw(12) << std::setprecision(3) << r.events / r.hops
                  << std::setw(11) << r.steps / r.hops << std::setw(12) << r.allocs / r.hops
                  << std::setw(15) << std::setprecision(0) << r.idleVcBytes << std::setw(14)
                  << r.queuedCells << std::setw(19) << std::setprecision(1) << r.queuedBytes
                  << std::setw(7) << std::setprecision(0) << r.drops << "\n";
        const std::string k = "gfc_" + scheme + "_";
        Figure(k + "cell_hops", r.hops, "hops");
        Figure(k + "cell_hops_per_s", r.hops / r.wall, "hops/s");
        Figure(k + "events_per_hop", r.events / r.hops, "events/hop");
        Figure(k + "engine_steps_per_hop", r.steps / r.hops, "steps/hop");
        Figure(k + "allocs_per_hop", r.allocs / r.hops, "allocs/hop");
        Figure(k + "queued_cells", r.queuedCells, "cells");
        Figure(k + "drops", r.drops, "cells");
        if (idleVcs > 0)
        {
            Figure(k + "bytes_per_idle_vc", r.idleVcBytes, "bytes/vc");
            Figure(k + "bytes_per_idle_vc_per_link",
                   r.idleVcBytes / GFC_PATH_LINKS,
                   "bytes/vc/link");
            Figure(k + "bytes_per_queued_cell", r.queuedBytes, "bytes");
        }
    }
}

#ifdef ATM_HAVE_MPI
/**
 * The distributed case: the same chain (credit on every link, 100 us links,
 * the lookahead) first in rank 0 alone on the cell engine, then over all
 * ranks with DistributedSimulatorImpl and the Scheduler @p scheduler; rank 0
 * prints both speeds and the speed-up (wall time of the one run over the
 * other's, for the same cell-hops). Needs MpiInterface enabled, with at
 * least 2 ranks.
 * @param nSwitches switches
 * @param nVcs VCs end to end
 * @param simTime simulated seconds timed
 * @param scheduler the ranks' Scheduler (SchedulerType)
 */
void
PrintDistributed(uint32_t nSwitches, uint32_t nVcs, double simTime, const std::string& scheduler)
{
    const uint32_t ranks = MpiInterface::GetSize();
    ChainOptions opt;
    opt.delay = MicroSeconds(100);
    opt.credit = true;
    Result single;
    GlobalValue::Bind("SimulatorImplementationType", StringValue("ns3::AtmSimulatorImpl"));
    if (ThisRank() == 0)
    {
        single = RunAtmChain(nSwitches, nVcs, simTime, opt);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    GlobalValue::Bind("SimulatorImplementationType", StringValue("ns3::DistributedSimulatorImpl"));
    GlobalValue::Bind("SchedulerType", StringValue(scheduler));
    opt.ranks = ranks;
    const Result local = RunAtmChain(nSwitches, nVcs, simTime, opt);
    double hops = 0;
    double wall = 0;
    MPI_Reduce(&local.hops, &hops, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&local.wall, &wall, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (ThisRank() != 0)
    {
        return;
    }
    NS_ABORT_MSG_IF(hops != single.hops,
                    "atm-bench: distributed chain: " << hops << " cell-hops on " << ranks
                                                     << " ranks, " << single.hops
                                                     << " in one process: not the same run");
    const std::string k = "distributed_" + std::to_string(ranks) + "ranks_";
    std::cout << "\ndistributed: chain of " << nSwitches << " switches, " << nVcs
              << " greedy VCs, credit (static) on every link, 100 us links, " << simTime
              << " simulated s; ranks' Scheduler " << scheduler << "\n"
              << std::fixed << std::setprecision(0)
              << "1 process (cell engine): " << single.hops / single.wall << " cell-hops/s; "
              << ranks << " ranks: " << hops / wall << " cell-hops/s; speed-up "
              << std::setprecision(2) << single.wall / wall << "\n";
    Figure("distributed_cell_hops", hops, "hops");
    Figure("distributed_1rank_cell_hops_per_s", single.hops / single.wall, "hops/s");
    Figure(k + "cell_hops_per_s", hops / wall, "hops/s");
    Figure(k + "speedup", single.wall / wall, "x");
}
#endif

} // namespace

int
main(int argc, char* argv[])
{
    uint32_t nSwitches = 10;
    double simTime = 0.2;
    bool quick = false;
    uint32_t maxVcs = 100000;
    uint32_t repeat = 1;
    uint32_t onlyVcs = 0;
    bool p2p = true;
    bool atm = true;
    std::string benchCase = "chain";
    uint32_t largeSwitches = 100;
    uint32_t largeVcs = 100000;
    double largeSimTime = 0.01;
    std::string delay = "1us";
    uint32_t distSwitches = 16;
    uint32_t distVcs = 1000;
    double distSimTime = 0.2;
    std::string order = "both";
    std::string gfc = "all";
    std::string scenarios;
    uint32_t idleVcs = 10000;
    std::string engine = "both";
    std::string distScheduler = "ns3::AtmCellScheduler";
    double load = 0;

    CommandLine cmd(__FILE__);
    cmd.AddValue("switches", "Switches in the chain", nSwitches);
    cmd.AddValue("simTime", "Simulated seconds per run", simTime);
    cmd.AddValue("maxVcs", "Largest VC count measured (100 to 100000)", maxVcs);
    cmd.AddValue("repeat",
                 "Runs of each chain row, the orders alternating; figures from the run with "
                 "the median time per hop (a busy host's noise)",
                 repeat);
    cmd.AddValue("quick", "Short runs up to 1 000 VCs (for test.py)", quick);
    cmd.AddValue("onlyVcs", "Measure this VC count only (0: 100, 1 000, ... maxVcs)", onlyVcs);
    cmd.AddValue("p2p", "Run the PointToPointNetDevice chain", p2p);
    cmd.AddValue("atm", "Run the ATM chains", atm);
    cmd.AddValue("case",
                 "chain (the default), large, gfc, all (chain, large and gfc), or distributed "
                 "(under mpirun, where ns-3 has its mpi module)",
                 benchCase);
    cmd.AddValue("order", "VCs of the chain visited in order, random, or both", order);
    cmd.AddValue("gfc",
                 "GFC-1 cases: erica, credit, tcp (over AAL5), both (erica and credit) or all",
                 gfc);
    cmd.AddValue("scenarios",
                 "Folder of the scenario files (default: examples/scenarios, "
                 "contrib/atm/examples/scenarios or src/atm/examples/scenarios, "
                 "the first that has gfc1.json)",
                 scenarios);
    cmd.AddValue("idleVcs",
                 "Idle VCs added to GFC-1 for bytes per idle VC (0: no memory figures)",
                 idleVcs);
    cmd.AddValue("largeSwitches", "Switches of the large case", largeSwitches);
    cmd.AddValue("largeVcs", "VCs of the large case (also run at a tenth)", largeVcs);
    cmd.AddValue("largeSimTime", "Simulated seconds timed in the large case", largeSimTime);
    cmd.AddValue("distSwitches", "Switches of the distributed case", distSwitches);
    cmd.AddValue("distVcs", "VCs of the distributed case", distVcs);
    cmd.AddValue("distSimTime", "Simulated seconds timed in the distributed case", distSimTime);
    cmd.AddValue("distScheduler", "Scheduler of the ranks in the distributed case", distScheduler);
    cmd.AddValue("delay", "Propagation delay of the links of the chain and large cases", delay);
    cmd.AddValue("engine",
                 "Simulator implementation of the ATM runs: atm (the cell engine, "
                 "ns3::AtmSimulatorImpl), ns3 (ns-3's DefaultSimulatorImpl, figures named "
                 "default_...), sched (DefaultSimulatorImpl with ns3::AtmCellScheduler, "
                 "figures named sched_...), both (atm and ns3, side by side) or all three",
                 engine);
    cmd.AddValue("hugePages",
                 "The heap on huge pages before each timed run, for every engine "
                 "(AtmSimulatorImpl::CollapseResidentHeap; false also sets the cell "
                 "engine's HugePages to false)",
                 g_hugePages);
    cmd.AddValue("load",
                 "Sources of the chain: 0 greedy; above 0, CBR at this share of the link rate "
                 "(0.9, 1)",
                 load);
    cmd.Parse(argc, argv);
    if (!g_hugePages)
    {
        Config::SetDefault("ns3::AtmSimulatorImpl::HugePages", BooleanValue(false));
    }
    const std::vector<std::string> engines = Choices("engine", engine, {"atm", "ns3", "sched"});
    if (repeat == 0)
    {
        NS_FATAL_ERROR("atm-bench: repeat = 0: at least one run");
    }
    if (load < 0 || load > 1)
    {
        NS_FATAL_ERROR("atm-bench: load = " << load << ": not between 0 and 1");
    }
    if (benchCase != "chain" && benchCase != "large" && benchCase != "gfc" && benchCase != "all" &&
        benchCase != "distributed")
    {
        NS_FATAL_ERROR("atm-bench: case = " << benchCase
                                            << ": not chain, large, gfc, all or distributed");
    }
    if (order != "in" && order != "random" && order != "both")
    {
        NS_FATAL_ERROR("atm-bench: order = " << order << ": not in, random or both");
    }
    const std::vector<std::string> gfcCases = Choices("gfc", gfc, {"erica", "credit", "tcp"});
    if (scenarios.empty())
    {
        scenarios = "examples/scenarios";
        for (const char* dir : {"contrib/atm/examples/scenarios", "src/atm/examples/scenarios"})
        {
            if (!std::ifstream(scenarios + "/gfc1.json") &&
                std::ifstream(std::string(dir) + "/gfc1.json"))
            {
                scenarios = dir;
            }
        }
    }
    StringValue scheduler;
    GlobalValue::GetValueByName("SchedulerType", scheduler);
    g_scheduler = scheduler.Get();
    std::cout << "scheduler: " << g_scheduler << "\n";
    if (benchCase == "distributed")
    {
#ifdef ATM_HAVE_MPI
        GlobalValue::Bind("SimulatorImplementationType",
                          StringValue("ns3::DistributedSimulatorImpl"));
        MpiInterface::Enable(&argc, &argv);
        if (MpiInterface::GetSize() < 2)
        {
            std::cout << "atm-bench: the distributed case needs at least 2 MPI ranks: "
                      << "mpirun -np 2 atm-bench --case=distributed\n";
        }
        else
        {
            PrintDistributed(distSwitches, distVcs, distSimTime, distScheduler);
        }
        MpiInterface::Disable();
#else
        std::cout << "atm-bench: the distributed case is left out: this ns-3 has no mpi "
                  << "module (doc/atm.rst, Distributed simulation)\n";
#endif
        return 0;
    }
    if (benchCase == "large" || benchCase == "gfc")
    {
        for (const std::string& e : engines)
        {
            SelectEngine(e);
            if (benchCase == "large")
            {
                PrintLarge(largeSwitches, largeVcs, largeSimTime, Time(delay));
            }
            else
            {
                PrintGfc(scenarios, gfcCases, simTime, idleVcs);
            }
        }
        g_figurePrefix.clear();
        std::cout << "peak memory: " << std::fixed << std::setprecision(0) << PeakBytes() / 1048576
                  << " MiB\n";
        Figure("peak_memory", PeakBytes() / 1048576, "MiB");
        return 0;
    }
    if (quick)
    {
        simTime = 0.01;
        maxVcs = std::min<uint32_t>(maxVcs, 1000);
    }

    BooleanValue fastPath;
    GlobalValue::GetValueByName("AtmFastPath", fastPath);
    std::cout << "atm-bench: chain of " << nSwitches << " switches at OC-3c, " << delay
              << " links, "
              << (load > 0 ? "CBR VCs at " + std::to_string(std::lround(100 * load)) +
                                 "% of the link rate"
                           : "greedy VCs")
              << ", " << simTime << " simulated s per run, "
              << (fastPath.Get() ? "fast cell path (lazy arrival)"
                                 : "two-event cell path (--AtmFastPath=false)")
              << "\n\n";
    Figure("atm_fast_path", fastPath.Get() ? 1 : 0, "bool");

    double p2pRate = 0;
    std::cout << std::fixed;
    if (p2p)
    {
        SelectEngine("ns3"); // ns-3's own device on ns-3's own engine
        g_figurePrefix.clear();
        const Result r = RunP2pChain(nSwitches, simTime);
        p2pRate = r.hops / r.wall;
        std::cout << "PointToPointNetDevice, 53-byte UDP: " << std::setprecision(0) << p2pRate
                  << " packet-hops/s, " << std::setprecision(2) << r.events / r.hops
                  << " events per packet-hop\n\n";
        Figure("p2p_packet_hops", r.hops, "hops");
        Figure("p2p_packet_hops_per_s", p2pRate, "hops/s");
        Figure("p2p_events_per_hop", r.events / r.hops, "events/hop");
    }

    std::vector<bool> orders; // random order?
    if (order != "random")
    {
        orders.push_back(false);
    }
    if (order != "in")
    {
        orders.push_back(true);
    }
    ChainOptions chain;
    chain.delay = Time(delay);
    chain.cbrLoad = load;
    const uint32_t first = onlyVcs ? onlyVcs : 100;
    const uint32_t last = !atm ? 0 : onlyVcs ? onlyVcs : maxVcs;
    for (const std::string& e : engines)
    {
        SelectEngine(e);
        PrintChain(nSwitches, simTime, first, last, orders, chain, p2pRate, repeat);
    }
    g_figurePrefix.clear();

    const double fifoBytes = BytesPerQueuedCell("ns3::AtmFifoQueueDisc", 100, 1 << 20);
    const double perVcBytes = BytesPerQueuedCell("ns3::AtmPerVcQueueDisc", 1000, 1 << 20);
    std::cout << "bytes per queued cell: FIFO " << std::setprecision(1) << fifoBytes << ", per-VC "
              << perVcBytes << "\n";
    Figure("bytes_per_queued_cell_fifo", fifoBytes, "bytes");
    Figure("bytes_per_queued_cell_pervc", perVcBytes, "bytes");
    g_figurePrefix.clear();
    if (benchCase == "all")
    {
        for (const std::string& e : engines)
        {
            SelectEngine(e);
            PrintLarge(largeSwitches, largeVcs, largeSimTime, Time(delay));
            PrintGfc(scenarios, gfcCases, simTime, idleVcs);
        }
        g_figurePrefix.clear();
#ifdef ATM_HAVE_MPI
        std::cout << "\ndistributed: mpirun -np 2 atm-bench --case=distributed\n";
#else
        std::cout << "\ndistributed: left out (this ns-3 has no mpi module)\n";
#endif
    }
    std::cout << "peak memory: " << std::setprecision(0) << PeakBytes() / 1048576 << " MiB\n";
    Figure("peak_memory", PeakBytes() / 1048576, "MiB");
    return 0;
}
