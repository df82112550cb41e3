/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-results-writer.h"

#include "ns3/abort.h"
#include "ns3/atm-config.h"
#include "ns3/log.h"
#include "ns3/sqlite-output.h"

#include <functional>

#ifndef ATM_REVISION
#define ATM_REVISION "unknown"
#endif

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmResultsWriter");

namespace
{

/// Schema version, stored as PRAGMA user_version.
constexpr int SCHEMA_VERSION = 5;

/**
 * @brief A statement with its values bound by one function.
 */
class Statement
{
  public:
    /**
     * @param db the database
     * @param sql the statement
     */
    Statement(const SQLiteOutput& db, const std::string& sql)
        : m_db(db),
          m_sql(sql)
    {
        NS_ABORT_MSG_UNLESS(m_db.SpinPrepare(&m_stmt, sql),
                            "AtmResultsWriter: cannot prepare " << sql);
    }

    ~Statement()
    {
        SQLiteOutput::SpinFinalize(m_stmt);
    }

    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    /**
     * @brief Bind the next value.
     * @tparam T its type (one SQLiteOutput::Bind knows)
     * @param v the value
     * @return this statement
     */
    template <typename T>
    Statement& operator<<(const T& v)
    {
        NS_ABORT_MSG_UNLESS(m_db.Bind(m_stmt, ++m_pos, v),
                            "AtmResultsWriter: cannot bind " << m_sql);
        return *this;
    }

    /**
     * @brief Bind a text. SQLite keeps its own copy (SQLITE_TRANSIENT):
     * SQLiteOutput::Bind keeps only the pointer (SQLITE_STATIC), which
     * dangles when the value is a temporary (GetRevision()).
     * @param v the text
     * @return this statement
     */
    Statement& operator<<(const std::string& v)
    {
        NS_ABORT_MSG_UNLESS(sqlite3_bind_text(m_stmt, ++m_pos, v.c_str(), -1, SQLITE_TRANSIENT) ==
                                SQLITE_OK,
                            "AtmResultsWriter: cannot bind " << m_sql);
        return *this;
    }

    /// @param v a count (stored as a 64-bit integer)
    /// @return this statement
    Statement& operator<<(uint64_t v)
    {
        return *this << static_cast<int64_t>(v);
    }

    /// @param v a count
    /// @return this statement
    Statement& operator<<(uint32_t v)
    {
        return *this << static_cast<int64_t>(v);
    }

    /// @brief Execute and get ready for the next values.
    void Step()
    {
        const int rc = SQLiteOutput::SpinStep(m_stmt);
        NS_ABORT_MSG_UNLESS(rc == SQLITE_DONE || rc == SQLITE_ROW,
                            "AtmResultsWriter: " << m_sql << " failed (" << rc << ")");
        SQLiteOutput::SpinReset(m_stmt);
        m_pos = 0;
    }

    /// @return the first column of the row the last Step() found
    int Row()
    {
        const int rc = SQLiteOutput::SpinStep(m_stmt);
        NS_ABORT_MSG_UNLESS(rc == SQLITE_ROW, "AtmResultsWriter: " << m_sql << " found no row");
        return m_db.RetrieveColumn<int>(m_stmt, 0);
    }

  private:
    const SQLiteOutput& m_db;       //!< the database
    std::string m_sql;              //!< the text, for messages
    sqlite3_stmt* m_stmt = nullptr; //!< the statement
    int m_pos = 0;                  //!< last bound position
};

} // namespace

Ptr<SQLiteOutput>
AtmResultsWriter::Open(const std::string& path)
{
#if ATM_NS3_VERSION_MAJOR == 3 && ATM_NS3_VERSION_MINOR < 36
    // ns-3.35 and older serialize writers through a named POSIX semaphore.
    return Create<SQLiteOutput>(path, "/ns3-atm-results");
#else
    return Create<SQLiteOutput>(path);
#endif
}

AtmResultsWriter::AtmResultsWriter(const std::string& path)
    : m_db(Open(path))
{
    NS_LOG_FUNCTION(this << path);
    // SQLiteOutput executes one statement at a time.
    const std::string schema = GetSchema();
    std::size_t begin = 0;
    for (std::size_t end = schema.find(';'); end != std::string::npos;
         begin = end + 1, end = schema.find(';', begin))
    {
        const std::string sql = schema.substr(begin, end - begin + 1);
        NS_ABORT_MSG_UNLESS(m_db->SpinExec(sql),
                            "AtmResultsWriter: " << path << ": cannot execute " << sql);
    }
}

AtmResultsWriter::~AtmResultsWriter() = default;

std::string
AtmResultsWriter::GetSchema()
{
    return "PRAGMA user_version = " + std::to_string(SCHEMA_VERSION) +
           ";\n"
           "CREATE TABLE IF NOT EXISTS runs (\n"
           "  run_id INTEGER PRIMARY KEY, key TEXT UNIQUE NOT NULL, scenario TEXT,\n"
           "  file TEXT, scenario_json TEXT, params TEXT, seed INTEGER, run INTEGER,\n"
           "  revision TEXT, ns3_version TEXT, wall_s REAL, events INTEGER, sim_s REAL,\n"
           "  measure_start_s REAL, measure_stop_s REAL, n_vcs INTEGER, jain REAL);\n"
           "CREATE TABLE IF NOT EXISTS vc_metrics (\n"
           "  run_id INTEGER NOT NULL, vc TEXT NOT NULL, grp TEXT, category TEXT,\n"
           "  src TEXT, dst TEXT, hops INTEGER, cells_sent INTEGER,\n"
           "  cells_received INTEGER, cells_dropped INTEGER, cells_queued INTEGER,\n"
           "  window_cells INTEGER, window_lost INTEGER, throughput_bps REAL,\n"
           "  goodput_bps REAL, ideal_bps REAL, ratio REAL, delay_mean_s REAL,\n"
           "  delay_p50_s REAL, delay_p95_s REAL, delay_p99_s REAL, delay_max_s REAL,\n"
           "  tcp_retx INTEGER, tcp_timeouts INTEGER, blocks INTEGER,\n"
           "  block_time_mean_s REAL, delay_min_s REAL, PRIMARY KEY (run_id, vc));\n"
           "CREATE TABLE IF NOT EXISTS vc_drops (\n"
           "  run_id INTEGER NOT NULL, vc TEXT NOT NULL, reason TEXT NOT NULL,\n"
           "  cells INTEGER, PRIMARY KEY (run_id, vc, reason));\n"
           "CREATE TABLE IF NOT EXISTS link_metrics (\n"
           "  run_id INTEGER NOT NULL, link TEXT NOT NULL, from_node TEXT NOT NULL,\n"
           "  to_node TEXT, cell_rate_bps REAL, utilization REAL, queue_mean REAL,\n"
           "  queue_max INTEGER, cells_tx INTEGER, cells_dropped INTEGER,\n"
           "  credit_overhead REAL, PRIMARY KEY (run_id, link, from_node));\n"
           "CREATE TABLE IF NOT EXISTS timeseries (\n"
           "  run_id INTEGER NOT NULL, series TEXT NOT NULL, object TEXT NOT NULL,\n"
           "  t_s REAL NOT NULL, value REAL);\n"
           "CREATE INDEX IF NOT EXISTS timeseries_run ON timeseries (run_id, series, object);\n"
           "CREATE TABLE IF NOT EXISTS hub_metrics (\n"
           "  run_id INTEGER NOT NULL, hub TEXT NOT NULL, boards INTEGER, streams INTEGER,\n"
           "  bus_bps REAL, utilization REAL, dummy_bps REAL, dummy_slots INTEGER,\n"
           "  control_buffer_max INTEGER, injected INTEGER, delivered INTEGER,\n"
           "  lost INTEGER, loss REAL, PRIMARY KEY (run_id, hub));\n"
           "CREATE TABLE IF NOT EXISTS hub_streams (\n"
           "  run_id INTEGER NOT NULL, stream TEXT NOT NULL, grp TEXT, board INTEGER,\n"
           "  to_board INTEGER, rate_bps REAL, injected INTEGER, delivered INTEGER,\n"
           "  lost_bic INTEGER, lost_ram INTEGER, goodput_bps REAL, ideal_bps REAL,\n"
           "  loss REAL, delay_mean_s REAL, delay_max_s REAL, PRIMARY KEY (run_id, stream));\n";
}

std::string
AtmResultsWriter::GetRevision()
{
    return ATM_REVISION;
}

std::string
AtmResultsWriter::GetNs3Version()
{
    return std::to_string(ATM_NS3_VERSION_MAJOR) + "." + std::to_string(ATM_NS3_VERSION_MINOR);
}

void
AtmResultsWriter::Write(const AtmRunResults& r)
{
    NS_LOG_FUNCTION(this << r.key);
    m_db->SpinExec("BEGIN TRANSACTION;");
    for (const char* table :
         {"vc_metrics", "vc_drops", "link_metrics", "timeseries", "hub_metrics", "hub_streams"})
    {
        Statement del(*m_db,
                      std::string("DELETE FROM ") + table +
                          " WHERE run_id IN (SELECT run_id FROM runs WHERE key = ?);");
        del << r.key;
        del.Step();
    }
    Statement delRun(*m_db, "DELETE FROM runs WHERE key = ?;");
    delRun << r.key;
    delRun.Step();

    Statement run(*m_db,
                  "INSERT INTO runs (key, scenario, file, scenario_json, params, seed, run, "
                  "revision, ns3_version, wall_s, events, sim_s, measure_start_s, "
                  "measure_stop_s, n_vcs, jain) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?);");
    run << r.key << r.scenario << r.file << r.scenarioJson << r.params << r.seed << r.run
        << GetRevision() << GetNs3Version() << r.wallSeconds << r.events << r.simSeconds
        << r.measureStart << r.measureStop << static_cast<uint64_t>(r.vcs.size()) << r.jain;
    run.Step();
    Statement id(*m_db, "SELECT run_id FROM runs WHERE key = ?;");
    id << r.key;
    const int runId = id.Row();

    Statement vc(*m_db,
                 "INSERT INTO vc_metrics VALUES "
                 "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,NULLIF(?,-1),NULLIF(?,-1),"
                 "NULLIF(?,-1),NULLIF(?,-1),?);");
    Statement drop(*m_db, "INSERT INTO vc_drops VALUES (?,?,?,?);");
    for (const AtmRunResults::Vc& v : r.vcs)
    {
        vc << runId << v.name << v.group << v.category << v.src << v.dst << v.hops << v.sent
           << v.received << v.dropped << v.queued << v.windowCells << v.windowLost
           << v.throughputBps << v.goodputBps << v.idealBps << v.ratio << v.delayMean << v.delayP50
           << v.delayP95 << v.delayP99 << v.delayMax << v.tcpRetransmissions << v.tcpTimeouts
           << v.blocks << v.blockTimeMean << v.delayMin;
        vc.Step();
        for (const auto& [reason, cells] : v.drops)
        {
            drop << runId << v.name << reason << cells;
            drop.Step();
        }
    }
    // credit_overhead is NULL on a port without credit.
    Statement link(*m_db, "INSERT INTO link_metrics VALUES (?,?,?,?,?,?,?,?,?,?,NULLIF(?,-1.0));");
    for (const AtmRunResults::Link& l : r.links)
    {
        link << runId << l.link << l.from << l.to << l.cellRateBps << l.utilization << l.queueMean
             << l.queueMax << l.cellsTx << l.dropped << l.creditOverhead;
        link.Step();
    }
    Statement sample(*m_db, "INSERT INTO timeseries VALUES (?,?,?,?,?);");
    for (const AtmRunResults::Sample& s : r.samples)
    {
        sample << runId << s.series << s.object << s.t << s.value;
        sample.Step();
    }
    Statement hub(*m_db, "INSERT INTO hub_metrics VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?);");
    for (const AtmRunResults::Hub& h : r.hubs)
    {
        hub << runId << h.hub << h.boards << h.streams << h.busBps << h.utilization << h.dummyBps
            << h.dummySlots << h.controlBufferMax << h.injected << h.delivered << h.lost << h.loss;
        hub.Step();
    }
    // to_board is NULL for a stream to every board, ideal_bps then too.
    Statement hubStream(*m_db,
                        "INSERT INTO hub_streams VALUES "
                        "(?,?,?,?,NULLIF(?,-1),?,?,?,?,?,?,NULLIF(?,-1.0),?,?,?);");
    for (const AtmRunResults::HubStream& s : r.hubStreams)
    {
        hubStream << runId << s.name << s.group << s.board << s.toBoard << s.rateBps << s.injected
                  << s.delivered << s.lostBic << s.lostRam << s.goodputBps << s.idealBps << s.loss
                  << s.delayMean << s.delayMax;
        hubStream.Step();
    }
    m_db->SpinExec("COMMIT;");
}

} // namespace ns3
