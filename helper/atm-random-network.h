/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_RANDOM_NETWORK_H
#define ATM_RANDOM_NETWORK_H

#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

class AtmChannel;
class AtmNetDevice;
class AtmVc;

/**
 * @ingroup atm
 * @brief A random small ATM network, run with its invariants checked.
 *
 * Build() draws, from the ns-3 seed and run number only, a chain of 1-4
 * switches with random trunk rates and delays, 1-6 VCs between their own
 * hosts over random sub-paths, one scheme for the whole network (no flow
 * control with a FIFO or per-VC queue of random size; credit with static or
 * adaptive allocation; ABR with one of five switch schemes), greedy, CBR
 * or on-off sources, and with some probability cell loss on random links
 * (a RateErrorModel as the receive error model: HecError drops) or a
 * link going down and up (LinkDown drops). Run()
 * runs the sources, lets the network drain, and checks at every sample
 * and at the end:
 *
 * - per-VC conservation: 0 <= sent - (received + dropped + queued) <= the
 *   cells on the wire of the VC's links; equality when none is;
 * - under credit, no cell dropped for any reason but a link error or
 *   outage;
 * - occupancy never above an allocation: no queue disc above MaxCells; at
 *   every credit receiver each VC within Buf_Alloc (static) or the link's
 *   total within M = 4 RTT + 2 N (adaptive).
 *
 * GetResults() gives the per-VC outcome as text: two runs with the same
 * seed and run number give the same text, byte for byte (determinism).
 * The simulator must be empty before Build(); call Simulator::Destroy()
 * after Run().
 *
 * For a distributed run (atm-distributed --topology=random), SetRanks()
 * before Build() gives switch k to rank k mod ranks and each host to its
 * switch's rank, so every trunk joins two ranks; every rank builds the
 * same network and the sources of other ranks' nodes stay silent. The
 * invariants read every port and VC, so Run() checks them only on one
 * rank of one: with several ranks it only runs.
 *
 * SetAligned(true) before Build() draws times that make events coincide:
 * link rates from OC-3c, OC-1 and their halves, link delays whole
 * multiples of an OC-3c cell time (zero among them), CBR sources at the
 * OC-3c cell rate divided by a small integer, starts and checks on the
 * same grid. Two events at one instant are where the cell paths' order of
 * same-time events shows (utils/atm-fast-path-check.sh compares them).
 */
class AtmRandomNetwork
{
  public:
    AtmRandomNetwork();
    ~AtmRandomNetwork();

    AtmRandomNetwork(const AtmRandomNetwork&) = delete;
    AtmRandomNetwork& operator=(const AtmRandomNetwork&) = delete;

    /**
     * @brief Spread the switches over MPI ranks (before Build()).
     * @param ranks the number of ranks
     */
    void SetRanks(uint32_t ranks);

    /**
     * @brief Draw times on a grid of cell times, so that many events
     *        coincide (before Build(); see the class description).
     * @param aligned true for the grid, false (the default) for times
     *        drawn freely
     */
    void SetAligned(bool aligned);

    /// Draw and build the network from the current seed and run number.
    void Build();

    /// @return every VC (ABR: each forward VC, then its backward VC)
    std::vector<Ptr<AtmVc>> GetVcs() const;

    /// Run it, checking the invariants; sets GetViolations().
    void Run();

    /// @return one line: what was drawn
    std::string GetDescription() const;

    /// @return the per-VC results (one line per VC)
    std::string GetResults() const;

    /// @return every invariant violated (empty: none)
    const std::vector<std::string>& GetViolations() const;

    /// @return the scheme drawn ("none-fifo", "credit-static", "abr-erica", ...)
    const std::string& GetScheme() const;

    /// @return cells sent by all VCs
    uint64_t GetCellsSent() const;

    /// @return invariant checks made (samples times VCs and ports)
    uint64_t GetNChecks() const;

  private:
    /// Check the invariants now.
    /// @param final true at the end of the run
    void Check(bool final);
    /// Record a violation.
    /// @param what the message
    void Violation(const std::string& what);

    /// One VC with the channels of its path.
    struct VcInfo
    {
        Ptr<AtmVc> vc;                         //!< the VC
        std::vector<Ptr<AtmChannel>> channels; //!< its links
    };

    std::vector<VcInfo> m_vcs;              //!< every VC (ABR: both directions)
    std::vector<Ptr<AtmNetDevice>> m_ports; //!< every port
    std::string m_scheme;                   //!< scheme drawn
    std::string m_description;              //!< what was drawn
    uint32_t m_bufAlloc{0};                 //!< static credit: Buf_Alloc
    Time m_stop;                            //!< sources stop
    Time m_end;                             //!< end of the run
    Time m_sample;                          //!< sampling interval
    uint64_t m_checks{0};                   //!< checks made
    uint32_t m_ranks{1};                    //!< MPI ranks the switches go to
    bool m_aligned{false};                  //!< times on a grid of cell times
    std::vector<std::string> m_violations;  //!< what failed
};

} // namespace ns3

#endif /* ATM_RANDOM_NETWORK_H */
