/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_RESULTS_WRITER_H
#define ATM_RESULTS_WRITER_H

#include "ns3/ptr.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

class SQLiteOutput;

/**
 * @ingroup atm
 * @brief What one run of a scenario measured: run metadata, per-VC and
 *        per-link metrics and sampled time series (AtmScenarioHelper fills
 *        it, AtmResultsWriter stores it).
 */
struct AtmRunResults
{
    /// One VC.
    struct Vc
    {
        std::string name;                      //!< VC name
        std::string group;                     //!< its group (may be empty)
        std::string category;                  //!< service category
        std::string src;                       //!< source host
        std::string dst;                       //!< destination host
        uint32_t hops = 0;                     //!< links on the path
        uint64_t sent = 0;                     //!< cells the source handed in (whole run)
        uint64_t received = 0;                 //!< cells received (whole run)
        uint64_t dropped = 0;                  //!< cells dropped (whole run)
        uint64_t queued = 0;                   //!< cells still queued at the end
        uint64_t windowCells = 0;              //!< cells received in the window
        uint64_t windowLost = 0;               //!< sequence gaps in the window
        double throughputBps = 0;              //!< cell throughput in the window (424 bits a cell)
        double goodputBps = 0;                 //!< payload throughput (384 bits a cell)
        double idealBps = 0;                   //!< max-min fair cell rate (the oracle), bit/s
        double ratio = 0;                      //!< throughput / ideal
        double delayMean = 0;                  //!< mean delay in the window, s
        double delayP50 = 0;                   //!< median delay, s
        double delayP95 = 0;                   //!< 95th percentile, s
        double delayP99 = 0;                   //!< 99th percentile, s
        double delayMax = 0;                   //!< largest delay, s
        double delayMin = 0;                   //!< smallest delay, s (CDV: max - min)
        std::map<std::string, uint64_t> drops; //!< drops per reason (whole run)
        int64_t tcpRetransmissions = -1; //!< TCP segments sent again in the window (-1: no TCP)
        int64_t tcpTimeouts = -1;        //!< TCP retransmission timeouts in the window
        int64_t blocks = -1;       //!< block transfers done in the window (-1: no block traffic)
        double blockTimeMean = -1; //!< their mean transfer time, s (-1: none)
    };

    /// One transmit direction of a link.
    struct Link
    {
        std::string link;           //!< link name
        std::string from;           //!< transmitting node
        std::string to;             //!< receiving node
        double cellRateBps = 0;     //!< cell rate (424 bits a cell)
        double utilization = 0;     //!< cells sent in the window / capacity
        double queueMean = 0;       //!< time-average queue length in the window, cells
        uint32_t queueMax = 0;      //!< largest queue length in the window, cells
        uint64_t cellsTx = 0;       //!< cells sent in the window
        uint64_t dropped = 0;       //!< cells dropped at this port in the window
        double creditOverhead = -1; //!< credit cells sent in the window / capacity (-1: no credit)
    };

    /// One study stream of a bus hub (hub section), in the window.
    struct HubStream
    {
        std::string name;       //!< stream name
        std::string group;      //!< its group (may be empty)
        uint32_t board = 0;     //!< sending board
        int64_t toBoard = -1;   //!< destination board (-1: every board's addresses)
        double rateBps = 0;     //!< offered rate, envelope bits/s (0: persistent or silent)
        uint64_t injected = 0;  //!< envelopes arrived at the send RAM
        uint64_t delivered = 0; //!< envelopes drained from a receive BIC
        uint64_t lostBic = 0;   //!< lost at a full receive BIC
        uint64_t lostRam = 0;   //!< refused by a full send RAM
        double goodputBps = 0;  //!< delivered envelope bits/s
        double idealBps = -1;   //!< max-min share (fetch and drain), -1: several destinations
        double loss = 0;        //!< lost / injected
        double delayMean = 0;   //!< mean switching delay, s
        double delayMax = 0;    //!< largest switching delay (whole run), s
    };

    /// A bus hub of the hub section, in the window.
    struct Hub
    {
        std::string hub;               //!< its switch
        uint32_t boards = 0;           //!< boards
        uint32_t streams = 0;          //!< study streams
        double busBps = 0;             //!< data envelope bits on the bus per second
        double utilization = 0;        //!< busBps / bus rate
        double dummyBps = 0;           //!< dummy envelope bits on the bus per second
        uint64_t dummySlots = 0;       //!< bus slots with dummy envelopes
        uint32_t controlBufferMax = 0; //!< most dummies a control buffer held (whole run)
        uint64_t injected = 0;         //!< envelopes arrived at send RAMs
        uint64_t delivered = 0;        //!< envelopes drained
        uint64_t lost = 0;             //!< lost (receive BIC or RAM)
        double loss = 0;               //!< lost / injected
    };

    /// One sample of a time series.
    struct Sample
    {
        std::string series; //!< "queue"
        std::string object; //!< "S1->S2"
        double t;           //!< time, s
        double value;       //!< value
    };

    std::string key;                   //!< unique run key (resume)
    std::string scenario;              //!< scenario name
    std::string file;                  //!< scenario file
    std::string scenarioJson;          //!< the scenario after parameter substitution
    std::string params;                //!< parameter values, JSON
    uint32_t seed = 1;                 //!< RNG seed
    uint64_t run = 1;                  //!< RNG run number
    double wallSeconds = 0;            //!< wall-clock time of the simulation
    uint64_t events = 0;               //!< simulator events executed
    double simSeconds = 0;             //!< simulated time
    double measureStart = 0;           //!< window start, s
    double measureStop = 0;            //!< window end, s
    double jain = 0;                   //!< Jain's index of the VCs' ratios
    std::vector<Vc> vcs;               //!< per VC
    std::vector<Link> links;           //!< per link direction
    std::vector<Sample> samples;       //!< time series
    std::vector<Hub> hubs;             //!< bus hubs of the hub section
    std::vector<HubStream> hubStreams; //!< their study streams
};

/**
 * @ingroup atm
 * @brief Stores AtmRunResults in an SQLite database through ns-3's
 *        SQLiteOutput (stats module).
 *
 * Tables runs, vc_metrics, vc_drops, link_metrics and timeseries, created
 * when missing; the schema is GetSchema() and doc/atm.rst ("SQLite
 * results"). A run whose key is already there is replaced.
 */
class AtmResultsWriter
{
  public:
    /// @param path the database file (created if missing)
    explicit AtmResultsWriter(const std::string& path);
    ~AtmResultsWriter();
    AtmResultsWriter(const AtmResultsWriter&) = delete;
    AtmResultsWriter& operator=(const AtmResultsWriter&) = delete;

    /**
     * @brief Store one run.
     * @param r the results
     */
    void Write(const AtmRunResults& r);

    /// @return the SQL that creates the tables
    static std::string GetSchema();
    /// @return the module revision this program was built from
    static std::string GetRevision();
    /// @return the ns-3 version it was built against ("3.37")
    static std::string GetNs3Version();

    /**
     * @brief Open a results database through ns-3's SQLiteOutput, on every
     *        supported ns-3 release (ns-3.35 and older name a semaphore).
     *
     * For reading the tables back from C++; the writer opens its own
     * database the same way.
     * @param path the database file (created if missing)
     * @return the open database
     */
    static Ptr<SQLiteOutput> Open(const std::string& path);

  private:
    Ptr<SQLiteOutput> m_db; //!< the database
};

} // namespace ns3

#endif /* ATM_RESULTS_WRITER_H */
