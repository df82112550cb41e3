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
 * min(ER, (1 - QueueReduction) * fair share) from a queue build-up until
 * the queue is drained: Roberts' "in the case that there is a queue
 * buildup, to a value some percentage (like 10%) below the congestion
 * level ... When it is drained, the rates are all increased to the
 * congestion level until the next queue buildup". The build-up starts when
 * more than QueueThreshold cells are queued at the port and ends when a
 * data cell or backward RM cell finds DrainedThreshold cells or fewer.
 *
 * Under a Fairness other than MaxMin (AtmFairShareBehaviour) every active
 * VC first gets its base (its MCR, or 0), the rest is filled by level t
 * with each VC at base + slope x t; a VC is bottlenecked elsewhere when its
 * CCR is below its part, and each backward RM cell gets ER = min(ER,
 * base + slope x t), reduced as above.
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

    void OnDataArrival(AtmCell& cell, uint32_t slot, const AtmPortState& port) override;
    void OnBackwardRm(AtmCell& brm, uint32_t slot, const AtmPortState& port) override;

    /// @return DrainedThreshold above QueueThreshold, or the base's error
    std::string GetConfigError() const override;

  protected:
    void DoInitialize() override;

  private:
    void EndOfInterval(const AtmPortState& port) override;

    /**
     * @brief Progressive filling at the port: VCs whose CCR is below their
     *        part at the level of what is left are bottlenecked elsewhere.
     * @param capacity the target capacity, cells/s
     * @param offered the lowest level offered lately, cells/s
     * @param held VCs whose MCR is at or above it are held there (MAX_OF)
     * @return the level t of the VCs bottlenecked here, cells/s
     */
    double Sweep(double capacity, double offered, double held);

    /// An active VC that rises with the level.
    struct Entry
    {
        double level; //!< the level its CCR stands for
        double base;  //!< its base, cells/s
        double slope; //!< its slope
        double ccr;   //!< its CCR, cells/s
    };

    /**
     * @brief Follow the queue: a build-up starts above QueueThreshold and
     *        lasts until the queue is at or below DrainedThreshold.
     * @param port the port's state
     */
    void FollowQueue(const AtmPortState& port);

    uint32_t m_queueThreshold;     //!< queue that counts as building, cells
    uint32_t m_drainedThreshold;   //!< queue that counts as drained, cells
    bool m_buildUp;                //!< a queue build-up is being drained
    double m_queueReduction;       //!< ER reduction while it builds
    uint32_t m_offerMemory;        //!< intervals the lowest offered ER is kept
    std::vector<double> m_offered; //!< lowest level offered per interval, a ring
    std::size_t m_offeredNext;     //!< the ring's current interval
    std::vector<Entry> m_entries;  //!< scratch: the active VCs that rise
};

} // namespace ns3

#endif /* ATM_VC_COUNTING_ER_H */
