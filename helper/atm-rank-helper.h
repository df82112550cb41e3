/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_RANK_HELPER_H
#define ATM_RANK_HELPER_H

#include "ns3/nstime.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Gives the nodes of a network to MPI ranks, cutting it along its
 *        longest links.
 *
 * In a distributed run (doc/atm.rst, "Distributed simulation") every link
 * between two ranks is an AtmRemoteChannel, and the shortest propagation
 * delay among them is the lookahead: the ranks advance together in windows
 * of that length, and exchange a message per cell that crosses. So a good
 * cut keeps short links inside a rank, cuts long ones, and gives each rank
 * about the same work. ns-3 fixes a node's rank when the node is created
 * (Node(systemId)), so the helper works on the network's description:
 * nodes by index with their work (for example the VCs through each), and
 * links with their delays. Then
 *
 * @code
 *   AtmRankHelper ranks;
 *   for (...) ranks.AddNode(vcsThrough[k]);
 *   for (...) ranks.AddLink(a, b, delay);
 *   std::vector<uint32_t> rank = ranks.Assign(MpiInterface::GetSize());
 *   Ptr<Node> node = CreateObject<Node>(rank[k]);
 * @endcode
 *
 * Assign() tries the distinct positive delays, longest first, as a
 * threshold: links shorter than it (and links without delay, which cannot
 * join ranks) glue their nodes into one part; the parts, taken in
 * breadth-first order over the longer links from node 0's part, fill the
 * ranks in turn, a part going to the rank in whose share of the total
 * work its middle falls (so neighbouring parts share a rank). The first
 * threshold whose heaviest rank carries at most MaxImbalance times the
 * mean work is taken; if none does, the most even one. The assignment is
 * deterministic: the same network gives the same ranks in every process.
 * Each threshold tried costs one pass over the nodes and links, so a
 * network whose links have many distinct delays is best given them
 * rounded (to 0.1 ms, say).
 */
class AtmRankHelper
{
  public:
    AtmRankHelper();

    /**
     * @brief Add a node.
     * @param work its work, in any unit shared by all nodes (not negative)
     * @return its index: 0, 1, 2, ... in the order of the calls
     */
    uint32_t AddNode(double work = 1);

    /**
     * @brief Add a link.
     * @param a one node's index
     * @param b the other's
     * @param delay its propagation delay (not negative)
     */
    void AddLink(uint32_t a, uint32_t b, Time delay);

    /**
     * @param maxImbalance the most work a rank may carry, over the mean, for
     *        a threshold to be taken (at least 1; default 1.25)
     */
    void SetMaxImbalance(double maxImbalance);

    /**
     * @brief Give each node a rank.
     * @param ranks the number of ranks (MpiInterface::GetSize())
     * @return the rank of each node, by index
     */
    std::vector<uint32_t> Assign(uint32_t ranks);

    /// @return the lookahead of the last Assign(): the shortest delay of a
    ///         link between two ranks (Time::Max() when no link is cut)
    Time GetLookahead() const;

    /// @return the number of links between two ranks in the last Assign()
    uint32_t GetNCutLinks() const;

    /// @return the heaviest rank's work over the mean in the last Assign()
    double GetImbalance() const;

  private:
    /// A link.
    struct Link
    {
        uint32_t a;    //!< one node
        uint32_t b;    //!< the other
        int64_t delay; //!< propagation delay, time steps
    };

    /// @return each node's weight: its work, or 1 each when no node has work
    std::vector<double> GetWeights() const;

    /**
     * @brief The ranks when links of at least @p threshold may be cut.
     * @param threshold a delay, time steps
     * @param ranks the number of ranks
     * @param weight each node's weight (GetWeights())
     * @return the rank of each node
     */
    std::vector<uint32_t> Fill(int64_t threshold,
                               uint32_t ranks,
                               const std::vector<double>& weight) const;

    /**
     * @brief Note the lookahead, cut links and imbalance of an assignment.
     * @param rank the rank of each node
     * @param ranks the number of ranks
     * @param weight each node's weight (GetWeights())
     */
    void Measure(const std::vector<uint32_t>& rank,
                 uint32_t ranks,
                 const std::vector<double>& weight);

    std::vector<double> m_work; //!< per node
    std::vector<Link> m_links;  //!< in the order added
    double m_maxImbalance;      //!< see SetMaxImbalance
    Time m_lookahead;           //!< of the last Assign()
    uint32_t m_cutLinks;        //!< of the last Assign()
    double m_imbalance;         //!< of the last Assign()
};

} // namespace ns3

#endif /* ATM_RANK_HELPER_H */
