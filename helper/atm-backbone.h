/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_BACKBONE_H
#define ATM_BACKBONE_H

#include "ns3/nstime.h"

#include <cstdint>
#include <map>
#include <random>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The layout of a national backbone: metro rings of switches joined
 *        by long trunks, and fewest-hop paths between its switches.
 *
 * Switch k is switch k mod ringSize of ring k / ringSize. The switches of
 * a ring are joined in a ring (two switches: one link; one: none). Switch 0
 * of each ring is its gateway; the gateways are joined in a ring of trunks
 * (two rings: one trunk) whose delays are spread evenly from the shortest
 * to the longest, rounded to the microsecond. GetLinks() lists the ring
 * links first, ring by ring, then the trunks. Paths have the fewest hops;
 * among those, breadth-first search from the source over neighbours in
 * increasing index decides, so a path is the same in every process.
 *
 * atm-distributed --topology=backbone and the "backbone" section of
 * scenario files (AtmScenario) are made from it; AtmRankHelper cuts it
 * along its trunks.
 */
class AtmBackbone
{
  public:
    /// A link between two switches.
    struct Link
    {
        uint32_t a; //!< one switch
        uint32_t b; //!< the other
        Time delay; //!< propagation delay (ring links: the ring delay)
        bool trunk; //!< a trunk between two rings (else a ring link)
    };

    /**
     * @brief Lay the backbone out.
     * @param rings metro rings (at least 1)
     * @param ringSize switches per ring (at least 1; rings x ringSize at least 2)
     * @param ringDelay a ring link's delay
     * @param minTrunkDelay the shortest trunk's delay
     * @param maxTrunkDelay the longest trunk's delay (not below the shortest)
     */
    AtmBackbone(uint32_t rings,
                uint32_t ringSize,
                Time ringDelay,
                Time minTrunkDelay,
                Time maxTrunkDelay);

    /// @return the switches: rings x ringSize
    uint32_t GetNSwitches() const;

    /// @return the links: ring links, then trunks
    const std::vector<Link>& GetLinks() const;

    /**
     * @brief The fewest-hop path between two switches.
     * @param from the first switch
     * @param to the last switch
     * @return the switches, @p from first and @p to last
     */
    std::vector<uint32_t> GetPath(uint32_t from, uint32_t to);

    /**
     * @brief The path between two distinct switches drawn uniformly: first
     *        from = draw() mod n, then to among the other n - 1 switches.
     * @param draw the generator
     * @return the path
     */
    std::vector<uint32_t> DrawPath(std::mt19937& draw);

  private:
    uint32_t m_nSwitches;                                //!< rings x ringSize
    std::vector<Link> m_links;                           //!< ring links, then trunks
    std::vector<std::vector<uint32_t>> m_adjacent;       //!< neighbours, increasing
    std::map<uint32_t, std::vector<uint32_t>> m_parents; //!< BFS tree of each source used
};

} // namespace ns3

#endif /* ATM_BACKBONE_H */
