/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_VC_COUNTING_ER_H
#define ATM_VC_COUNTING_ER_H

#include "atm-fair-share-behaviour.h"

#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Roberts' VC-counting explicit rate: "the total available bandwidth
 *        capacity for bottlenecked VC's divided by the actual number of
 *        bottlenecked VC's which are active", recomputed every interval
 *        (about a millisecond).
 *
 * At the end of each interval (AtmFairShareBehaviour) the VCs active in it
 * are sorted by the CCR of their last forward RM cell (0 when none was
 * seen). Going up from the slowest, a VC whose CCR is below the share of
 * what is left, (C - sum of the rates taken out) / (VCs left), is taken to
 * be bottlenecked elsewhere and its rate taken out; the share of the rest
 * is the fair share (the progressive filling of max-min fairness; C is
 * TargetUtilization times the cell rate). The fastest VC is never taken
 * out, so the share is at least its CCR. "Below the share" is judged at the
 * precision of the rate format (the CCR field rounds down).
 *
 * Each backward RM cell gets ER = min(ER, fair share), or
 * min(ER, (1 - QueueReduction) * fair share) while a queue builds (more
 * than QueueThreshold cells queued at the port): Roberts' "some percentage
 * (like 10%) below the congestion level" so that the queue drains.
 */
class AtmVcCountingEr : public AtmFairShareBehaviour
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmVcCountingEr();
    ~AtmVcCountingEr() override;

    void OnBackwardRm(AtmCell& brm, uint32_t slot, const AtmPortState& port) override;

  private:
    void EndOfInterval(const AtmPortState& port) override;

    uint32_t m_queueThreshold;   //!< queue that counts as building, cells
    double m_queueReduction;     //!< ER reduction while it builds
    bool m_reduced;              //!< ER was reduced for the queue in this interval
    bool m_reducedBefore;        //!< ... or in the one before
    std::vector<double> m_rates; //!< scratch: CCRs of the active VCs
};

} // namespace ns3

#endif /* ATM_VC_COUNTING_ER_H */
