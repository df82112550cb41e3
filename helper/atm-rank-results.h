/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_RANK_RESULTS_H
#define ATM_RANK_RESULTS_H

#include "atm-results-writer.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Makes one run's results from what each MPI rank measured of it.
 *
 * In a distributed run every rank builds the whole network, but only its
 * own nodes act: a VC's cells are counted as sent on the rank of its
 * source, as received (with their delays and the window's throughput) on
 * the rank of its destination, as dropped or queued wherever that happens;
 * a port's counters, queue and samples live on the rank of its node. So
 * each rank's AtmRunResults has the same VCs, links and samples in the
 * same order, and the whole run's are: a VC's counts summed over the
 * ranks (drops per reason too); what its destination measured from the
 * destination's rank, its TCP sender's retransmissions and timeouts and
 * its block source's blocks from the source's; each link direction's
 * row, and each sample, from the rank of the node that measured it;
 * Jain's index again over the merged ratios; events summed, the wall
 * time the longest rank's.
 *
 * Pack() keeps only what differs between ranks (the values, not the
 * names), exactly (doubles as their bytes); Unpack() lays it on a copy of
 * the receiving rank's results. AtmScenarioHelper::GetResults gathers the
 * packed results on rank 0 over MPI (Gather()) and merges them there.
 */
class AtmRankResults
{
  public:
    /// The rank that measured each part of a run's results.
    struct Owners
    {
        std::vector<uint32_t> vcSource;      //!< per VC: the rank of its source host
        std::vector<uint32_t> vcDestination; //!< per VC: the rank of its destination host
        std::vector<uint32_t> links;         //!< per link direction: its transmitting node's
        std::vector<uint32_t> samples;       //!< per sample: its measuring node's
    };

    /**
     * @param r one rank's results
     * @return its values that differ between ranks, as bytes
     */
    static std::string Pack(const AtmRunResults& r);

    /**
     * @brief Lay packed values on results of the same run.
     * @param bytes what Pack() gave on another rank
     * @param r this rank's results (same VCs, links and samples); gets the values
     */
    static void Unpack(const std::string& bytes, AtmRunResults& r);

    /**
     * @brief The whole run's results.
     * @param perRank each rank's results, rank 0 first
     * @param owners who measured what
     * @return the merged results
     */
    static AtmRunResults Merge(const std::vector<AtmRunResults>& perRank, const Owners& owners);

    /**
     * @brief Every rank's bytes on rank 0 (MPI_Gatherv on ns-3's
     *        communicator); a collective call: every rank makes it.
     * @param mine this rank's bytes
     * @return on rank 0 each rank's bytes, rank 0 first; elsewhere nothing
     */
    static std::vector<std::string> Gather(const std::string& mine);
};

} // namespace ns3

#endif /* ATM_RANK_RESULTS_H */
