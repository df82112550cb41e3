/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_FAIR_SHARE_BEHAVIOUR_H
#define ATM_FAIR_SHARE_BEHAVIOUR_H

#include "atm-load-meter.h"
#include "atm-max-min-oracle.h"
#include "atm-port-behaviour.h"
#include "atm-traced-double.h"

#include <limits>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Base of the explicit-rate schemes that measure the load of their
 *        port over intervals and compute a fair share from the number of
 *        active VCs: Roberts' VC counting, ERICA and ERICA+.
 *
 * Every data cell and forward RM cell arriving at the port is counted by an
 * AtmLoadMeter (attribute Interval); forward RM cells also record their
 * VC's CCR. When an interval closes (at the first hook call after its end)
 * EndOfInterval() recomputes the scheme's state; a subclass stamps backward
 * RM cells in OnBackwardRm() after calling Measure(). The target capacity
 * is TargetUtilization times the port's cell rate.
 *
 * The attribute Fairness picks the TM 4.0 fairness criterion the scheme
 * aims at (AtmMaxMinOracle::Criterion; section 5.2 of TM 4.0). Every
 * criterion gives VC i the rate base_i + slope_i x t at one fair-share
 * level t of the port, with (base, slope) as in the oracle: (0, 1) under
 * max-min, (MCR, 1) MCR plus equal share, (0, MCR) proportional to MCR,
 * (MCR, w) weighted (Vandalore et al.'s general weighted fairness, where
 * slope x t is their ExcessFairShare). Under the larger of MCR and
 * max-min share a VC whose MCR is at or above t is held at its MCR
 * (MCR, 0) and the others get (0, 1). The port learns a VC's MCR from
 * the MCR field of its forward RM cells and its weight from the port
 * (AtmVcHelper::SetWeight). Max-min (the default) ignores MCRs, as
 * ERICA and VC counting did before MCRs were added.
 */
class AtmFairShareBehaviour : public AtmPortBehaviour
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// @return true if FairShare, or a trace of AtmPortBehaviour, has a sink
    bool IsObserved() const override;

    AtmFairShareBehaviour();
    ~AtmFairShareBehaviour() override;

    void OnDataArrival(AtmCell& cell, uint32_t slot, const AtmPortState& port) override;
    void OnForwardRm(AtmCell& frm, uint32_t slot, const AtmPortState& port) override;

    /**
     * @return the fair-share level t of the last closed interval, cells/s
     *         (0 before); under max-min the fair share
     */
    double GetFairShare() const;

    /// @return the fairness criterion
    AtmMaxMinOracle::Criterion GetFairness() const;

    /// @return a zero Interval or TargetUtilization, else empty
    std::string GetConfigError() const override;

  protected:
    /**
     * @brief Close the measurement interval if it has ended (calls
     *        EndOfInterval()).
     * @param port the port's state
     */
    void Measure(const AtmPortState& port);

    /**
     * @brief Recompute at the end of an interval; sets the fair share.
     * @param port the port's state
     */
    virtual void EndOfInterval(const AtmPortState& port) = 0;

    /**
     * @param port the port's state
     * @return the capacity left to ABR: TargetUtilization * cell rate minus
     *         the load of the higher categories (CBR, VBR) measured over the
     *         last interval (TM 4.0 section 5.10; Jain et al., ERICA), cells/s
     */
    double GetTargetCapacity(const AtmPortState& port) const;

    /// @return the load meter
    const AtmLoadMeter& GetMeter() const;

    /// A VC's part under the fairness criterion: base + slope x level.
    struct Share
    {
        double base;  //!< cells/s
        double slope; //!< per unit of level
    };

    /**
     * @param slot a VC slot
     * @param level the fair-share level t, cells/s
     * @return the VC's base and slope at that level
     */
    Share GetShare(uint32_t slot, double level) const;

    /**
     * @brief Under MaxOfMcrOrShare: whether a VC is held at its MCR.
     *        By default when its MCR is at or above the level (right when
     *        the level is the max-min share, as VC counting's is).
     * @param slot a VC slot
     * @param level the fair-share level t, cells/s
     * @return true if held
     */
    virtual bool IsHeld(uint32_t slot, double level) const;

    /**
     * @brief The level t at which the VCs active in the last interval
     *        fill a capacity, every one at base + slope x t (ERICA's
     *        FairShare, capacity / active VCs, under max-min).
     * @param capacity cells/s
     * @return t, cells/s (the capacity when no VC was active or none
     *         rises with the level)
     */
    double GetFillLevel(double capacity) const;

    /**
     * @brief Settle the level under MaxOfMcrOrShare: a VC is held at its
     *        MCR when the level is at or below it, and holding some lowers
     *        the level, which can hold more. Each round holds at least one
     *        more VC, or ends. Under the other criteria one round.
     * @param levelAt the level with the held VCs decided at a given level
     *        (+infinity: none held), cells/s
     * @return the level, cells/s
     */
    template <typename LevelAt>
    double SettleLevel(LevelAt&& levelAt) const
    {
        double level = levelAt(std::numeric_limits<double>::infinity());
        if (m_fairness != AtmMaxMinOracle::MAX_OF_MCR_OR_SHARE)
        {
            return level;
        }
        for (;;)
        {
            const double lower = levelAt(level);
            if (!(lower < level))
            {
                return level;
            }
            level = lower;
        }
    }

    /// @param fairShare the new fair share, cells/s
    void SetFairShare(double fairShare);

  private:
    /**
     * @brief GetFillLevel() with the held VCs decided at a level.
     * @param capacity cells/s
     * @param level VCs whose MCR is at or above it are held (MAX_OF)
     * @return t, cells/s
     */
    double FillLevelAt(double capacity, double level) const;

    Time m_interval;                       //!< measurement interval
    double m_targetUtilization;            //!< fraction of the cell rate to fill
    AtmMaxMinOracle::Criterion m_fairness; //!< the fairness criterion
    AtmLoadMeter m_meter;                  //!< the counts
    AtmTracedDouble m_fairShare;           //!< fair share, cells/s
};

} // namespace ns3

#endif /* ATM_FAIR_SHARE_BEHAVIOUR_H */
