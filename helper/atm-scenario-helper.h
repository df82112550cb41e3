/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SCENARIO_HELPER_H
#define ATM_SCENARIO_HELPER_H

#include "atm-rank-results.h"
#include "atm-results-writer.h"
#include "atm-scenario-hub.h"
#include "atm-scenario.h"

#include "ns3/application-container.h"
#include "ns3/node.h"
#include "ns3/ptr.h"

#include <deque>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

namespace ns3
{

class AtmAbrSource;
class AtmCell;
class AtmCellSink;
class AtmCreditReceiver;
class AtmCreditSender;
class AtmNetDevice;
class AtmTcpTransfer;
class AtmVc;

/**
 * @ingroup atm
 * @brief Builds and runs a valid AtmScenario with the module's helpers and
 *        collects AtmRunResults.
 *
 * @code
 * AtmScenario sc;
 * std::vector<std::string> errors = sc.Load("gfc1.json");   // nothing built yet
 * if (errors.empty()) {
 *     AtmScenarioHelper h;
 *     h.Build(sc, sc.GetSeed(), sc.GetRun());
 *     h.Run(false);
 *     AtmResultsWriter("out.db").Write(h.GetResults("key"));
 * }
 * @endcode
 *
 * A VC with "tcp" traffic is an IP PVC (AtmVcHelper::CreateIpPvc: a VC
 * each way, AAL5, static ATMARP) between its two hosts, which get ns-3's
 * internet stack and addresses in 10.0.0.0/8 (in host order), carrying
 * one AtmTcpTransfer; its results are those of the forward VC, with the
 * TCP payload delivered in the window as goodput.
 *
 * An ABR VC is a duplex ABR connection (AtmAbrHelper::Install: the VC,
 * a backward VC along the reverse path for the backward RM cells, an
 * AtmAbrSource and AtmAbrDestination each way with the VC's "abr"
 * attributes); the switch ports of a link with a "portBehaviour" get one
 * of that type (AtmAbrHelper::InstallPortBehaviour). Its source traffic is
 * paced by the ABR source.
 *
 * Switch ports take the queue disc of their link (a host port keeps
 * AtmHelper's default, a host's source queue). Sources run from start
 * (plus a uniform jitter) to stop (by default the end of the measurement
 * window; the simulation's end after it drains the queues); sinks measure
 * between the measurement start and stop. The ideal rate of each VC is AtmMaxMinOracle's over the
 * cell rates of the link directions it crosses, with its pcr (and the
 * Rate of a CBR or Poisson source) as limit and its mcr as minimum.
 *
 * On MPI ranks (ns-3's distributed engines), SetRanks() before Build():
 * every rank builds the whole scenario, AtmRankHelper giving the switches
 * to ranks along the longest links between them (each node's work: the
 * VCs through it; a host goes with its switch, and a block source's VC
 * has both hosts on one rank), and only each node's rank runs its
 * applications. GetResults() is then a
 * collective call: rank 0 gets the whole run's results (AtmRankResults),
 * equal to one process's, and stores them; the other ranks get their own
 * part. A hub section runs in one process only.
 */
class AtmScenarioHelper
{
  public:
    AtmScenarioHelper();
    ~AtmScenarioHelper();
    AtmScenarioHelper(const AtmScenarioHelper&) = delete;
    AtmScenarioHelper& operator=(const AtmScenarioHelper&) = delete;

    /**
     * @brief Spread the scenario's nodes over MPI ranks (before Build()).
     * @param ranks the number of ranks (MpiInterface::GetSize()); 1: one process
     */
    void SetRanks(uint32_t ranks);

    /**
     * @return how the nodes were given to ranks (links cut, lookahead,
     *         imbalance); empty in one process
     */
    const std::string& GetRankDescription() const;

    /**
     * @brief Create the nodes, links, VCs, sources, sinks and probes.
     * @param sc a scenario whose Load() returned no error
     * @param seed RNG seed
     * @param run RNG run number
     */
    void Build(const AtmScenario& sc, uint32_t seed, uint64_t run);

    /**
     * @brief Run the simulation to the scenario's end.
     * @param progress print the simulator's progress (ns3::ShowProgress) on stderr
     */
    void Run(bool progress);

    /**
     * @param key the run key to store the results under
     * @return what the run measured (on ranks: see SetRanks())
     */
    AtmRunResults GetResults(const std::string& key) const;

    /**
     * @param name a node name of the scenario
     * @return the node
     */
    Ptr<Node> GetNode(const std::string& name) const;

    /**
     * @param name a VC name of the scenario
     * @return the VC
     */
    Ptr<AtmVc> GetVc(const std::string& name) const;

    /**
     * @brief The delays of one VC's cells in the measurement window, for
     *        its exact nearest-rank percentiles and mean.
     *
     * Each cell's delay is appended; every chunk of them is sorted and
     * folded into one count per distinct delay. Where delays repeat (cells
     * of TCP segments over the same queues) the memory follows the
     * distinct delays, not the cells; where they do not, a chunk's sort is
     * the work the percentiles need anyway.
     */
    class DelayLog
    {
      public:
        /// @param foldAt how many delays are appended before a fold (at
        ///        least the distinct delays so far, after each fold)
        explicit DelayLog(std::size_t foldAt = std::size_t{1} << 16);

        /// @param delay a cell's delay (time steps)
        void Add(int64_t delay)
        {
            m_recent.push_back(delay);
            if (m_recent.size() >= m_foldAt)
            {
                Fold();
            }
        }

        /**
         * @brief A cell of the VC reached its destination (its AtmVc's Rx
         *        trace): its delay is added while the window is open.
         * @param cell the cell
         * @param delay its end-to-end delay
         */
        void Received([[maybe_unused]] const AtmCell& cell, Time delay)
        {
            if (m_open)
            {
                Add(delay.GetTimeStep());
            }
        }

        /// @param open whether the measurement window is open
        void SetOpen(bool open)
        {
            m_open = open;
        }

        /// @return the cells added
        uint64_t GetNCells() const
        {
            return m_folded + m_recent.size();
        }

        /// @return every delay added (time steps) with its count, by delay,
        ///         one entry per distinct delay
        const std::vector<std::pair<int64_t, uint64_t>>& GetCounts();

      private:
        /// Sort the delays appended since the last fold and merge them into
        /// the counts.
        void Fold();

        std::size_t m_foldAt;                               //!< appended delays that start a fold
        std::vector<int64_t> m_recent;                      //!< delays since the last fold
        std::vector<std::pair<int64_t, uint64_t>> m_counts; //!< by delay, folded
        uint64_t m_folded{0};                               //!< cells in m_counts
        bool m_open{false};                                 //!< the window is open
    };

  private:
    /// Measurements at one transmitting port.
    struct Port
    {
        std::string link;              //!< link name
        std::string from;              //!< this node
        std::string to;                //!< the other end
        Ptr<AtmNetDevice> device;      //!< the port
        double area = 0;               //!< integral of the queue length in the window, cell-s
        uint32_t max = 0;              //!< largest length in the window
        uint64_t txAtStart = 0;        //!< cells sent before the window
        uint64_t txAtStop = 0;         //!< cells sent before its end
        uint64_t dropAtStart = 0;      //!< drops before the window
        uint64_t dropAtStop = 0;       //!< drops before its end
        Ptr<AtmCreditReceiver> credit; //!< its credit receiver (sends credit cells), or null
        uint64_t creditAtStart = 0;    //!< credit cells sent before the window
        uint64_t creditAtStop = 0;     //!< credit cells sent before its end
    };

    /**
     * @brief A block transfer of a VC finished (AtmBlockSource).
     * @param helper this helper
     * @param vc the VC's index
     * @param transferTime from the block's queueing to its last cell's arrival
     */
    static void BlockDone(AtmScenarioHelper* helper, std::size_t vc, Time transferTime);
    /// Build()'s state while it builds (defined in the .cc file).
    struct Building;

    /// Usage parameter control at the switch end of each link with a upc
    /// section whose other end is a host.
    void InstallUpcs();

    /// @brief Make the hosts and the switches (with their fabrics).
    void BuildNodes();
    /**
     * @brief Give the nodes to ranks (AtmRankHelper) and describe the cut.
     * @return each node's rank, by name
     */
    std::map<std::string, uint32_t> AssignRanks();
    /// @return who measured each part of this rank's results
    AtmRankResults::Owners GetOwners() const;
    /**
     * @param name a node name
     * @return the node's rank
     */
    uint32_t RankOf(const std::string& name) const;
    /**
     * @brief Make the links: the ports, their queue discs, flow control and
     *        input buffers, and the oracle's link of each port.
     * @param b the build state
     */
    void BuildLinks(Building& b);
    /**
     * @brief Install credit-based flow control on a link.
     * @param link the link
     * @param device its first port (AtmCreditHelper installs both ends)
     */
    void InstallCredit(const AtmScenario::Link& link, Ptr<AtmNetDevice> device);
    /**
     * @brief Give a switch port its own input buffer or link FIFO size.
     * @param in the link end's input buffer
     * @param node the switch
     * @param device the port
     */
    void SetInputBuffer(const AtmScenario::Link::InputBuffer& in,
                        Ptr<Node> node,
                        Ptr<AtmNetDevice> device);
    /// @brief Give the hosts of TCP VCs ns-3's internet stack and addresses.
    void InstallInternet();
    /**
     * @brief Make one VC: its path, ABR end systems, traffic and sink, and
     *        its flow in the oracle.
     * @param v the VC
     * @param b the build state
     */
    void BuildVc(const AtmScenario::Vc& v, Building& b);
    /**
     * @brief Install a VC's TCP bulk transfer.
     * @param v the VC
     * @param vc its forward IP PVC
     * @param start when the transfer starts
     * @return the sending application
     */
    Ptr<Application> InstallTcp(const AtmScenario::Vc& v, Ptr<AtmVc> vc, Time start);
    /**
     * @brief Install a VC's cell source and its sink.
     * @param v the VC
     * @param vc the VC
     * @param index its index
     * @param start when the source starts
     * @param stream the next random stream index, advanced
     * @return the source
     */
    Ptr<Application> InstallCellTraffic(const AtmScenario::Vc& v,
                                        Ptr<AtmVc> vc,
                                        std::size_t index,
                                        Time start,
                                        int64_t& stream);
    /// @brief Install the links' ABR port behaviours on their switch ports.
    void InstallPortBehaviours();
    /// @brief Set up the time series the scenario asks for.
    void ScheduleSeries();
    /// @brief Open the measurement window.
    void OpenWindow();
    /// @brief Close the measurement window.
    void CloseWindow();
    /**
     * @brief Sample the queue length of ports, and again after an interval.
     * @param ports the ports
     */
    void Sample(std::vector<Port*> ports);

    AtmScenario m_sc;                                   //!< the scenario
    std::map<std::string, Ptr<Node>> m_nodes;           //!< by name
    std::vector<Ptr<AtmVc>> m_vcs;                      //!< by scenario index
    std::vector<Ptr<AtmCellSink>> m_sinks;              //!< per VC (null: tcp traffic)
    std::vector<std::unique_ptr<AtmTcpTransfer>> m_tcp; //!< per VC (null: cell traffic)
    std::vector<double> m_ideal;                        //!< oracle rates, bit/s
    /// Per VC, in the window (folded as GetResults reads them: no delay
    /// changes); a deque, as each is connected to its VC's Rx trace.
    mutable std::deque<DelayLog> m_delays;
    std::vector<std::pair<int64_t, double>> m_blocks; //!< per VC: blocks in the window (-1: no
                                                      //!< block traffic), their time sum, s
    std::vector<std::unique_ptr<Port>> m_ports;       //!< two per link
    std::vector<AtmRunResults::Sample> m_samples;     //!< time series
    std::vector<uint32_t> m_sampleRanks;              //!< per sample: its measuring node's rank

    /// A sampled ACR: the VC's name, its ABR source, the rank of its source host.
    struct AcrProbe
    {
        std::string name;         //!< the VC
        Ptr<AtmAbrSource> source; //!< its ABR source
        uint32_t rank;            //!< its source host's rank
    };

    std::vector<AcrProbe> m_acr; //!< sampled ACRs

    /// A sampled credit balance: object name, the hop's credit sender, the VC's slot there.
    struct CreditProbe
    {
        std::string object;              //!< "vc@from->to"
        Ptr<AtmCreditSender> sender;     //!< the hop's credit sender
        uint32_t slot;                   //!< the VC's transmit slot at that port
        Ptr<AtmCreditReceiver> receiver; //!< who adapts Buf_Alloc (null: the sender)
        uint32_t index;                  //!< the VC's arrival index there
        uint32_t rank;                   //!< the rank of the sender's node
        uint32_t allocationRank;         //!< the rank of who adapts Buf_Alloc
    };

    std::vector<CreditProbe> m_creditProbes; //!< sampled Crd_Bal
    /// Sampled TCP goodput: VC name, its transfer's index in m_tcp, octets at the last sample.
    std::vector<std::tuple<std::string, std::size_t, uint64_t>> m_goodputProbes;

    AtmScenarioHub m_hub;     //!< the hub section
    uint32_t m_seed = 1;      //!< RNG seed
    uint64_t m_run = 1;       //!< RNG run
    double m_wallSeconds = 0; //!< duration of Run()
    uint64_t m_events = 0;    //!< events of Run()
    uint32_t m_ranks = 1;     //!< MPI ranks
    std::string m_cut;        //!< how the nodes were given to ranks
};

} // namespace ns3

#endif /* ATM_SCENARIO_HELPER_H */
