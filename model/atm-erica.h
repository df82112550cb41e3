/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ERICA_H
#define ATM_ERICA_H

#include "atm-fair-share-behaviour.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief ERICA, the Explicit Rate Indication for Congestion Avoidance of
 *        Jain, Kalyanaraman, Goyal, Fahmy and Viswanathan (ATM Forum
 *        96-1172, "ERICA Switch Algorithm: A Complete Description").
 *
 * At the end of each averaging interval (AtmFairShareBehaviour):
 *
 *     ABR capacity    = GetAbrCapacity()  (TargetUtilization * cell rate)
 *     z               = ABR input rate / ABR capacity      (overload factor)
 *     FairShare       = ABR capacity / active VCs           (the level t)
 *     MaxAllocPrevious = MaxAllocCurrent;  MaxAllocCurrent = FairShare
 *
 * On a backward RM cell of VC v, with CCR[v] from v's last forward RM
 * cell (or the backward cell's CCR when none was seen):
 *
 *     VCShare = CCR[v] / z
 *     ER = max(FairShare, VCShare)                     if z > 1 + Delta
 *     ER = max(FairShare, VCShare, MaxAllocPrevious)   otherwise
 *     MaxAllocCurrent = max(MaxAllocCurrent, ER)
 *     if ER > FairShare and CCR[v] < FairShare: ER = FairShare
 *     ER field = min(ER field, ER, ABR capacity)
 *
 * With no input in the interval (z = 0) ER is the ABR capacity. "CCR[v] <
 * FairShare" is judged at the precision of the rate format (CCR < FairShare
 * rounded down): a VC sent exactly the fair share reads back a CCR rounded
 * down, and a strict comparison would pin it below the max-min rate.
 *
 * That is ERICA under Fairness = MaxMin (the default). Under the other
 * criteria (AtmFairShareBehaviour) it is the MCR extension of Vandalore,
 * Fahmy, Jain, Goyal and Goyal (ATM Forum 98-0408; ICNP'98, "general
 * weighted fairness"): v's part is base + slope x t, FairShare is the level
 * t at which the active VCs' parts fill the ABR capacity, and ERICA runs on
 * what v gets above its base:
 *
 *     VCShare = max(0, CCR[v] - base) / z
 *     Excess = max(slope x FairShare, VCShare [, slope x MaxAllocPrevious])
 *     MaxAllocCurrent = max(MaxAllocCurrent, Excess / slope)
 *     ER = base + Excess, at most base + slope x FairShare when CCR[v] is
 *          below that
 *
 * (MaxAllocPrevious weighted as in their Algorithm D.) Under
 * MaxOfMcrOrShare the VCs held at their MCR leave it out of FairShare's
 * capacity and do not count among its VCs; every VC is then stamped as
 * under max-min (its source keeps ACR >= MCR).
 */
class AtmErica : public AtmFairShareBehaviour
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmErica();
    ~AtmErica() override;

    void OnBackwardRm(AtmCell& brm, uint32_t slot, const AtmPortState& port) override;

    /// @return the overload factor z of the last interval
    double GetLoadFactor() const;

    /// @return true if LoadFactor, or a trace of AtmFairShareBehaviour, has a sink
    bool IsObserved() const override;

  protected:
    /**
     * @brief Under MaxOfMcrOrShare: a VC is held when its MCR is at or
     *        above the level and its source sends at its MCR (CCR at most
     *        MCR). ERICA's FairShare is not the max-min share (VCs
     *        bottlenecked elsewhere still count in it): an MCR above it
     *        alone does not mean the VC must be held, and a VC that gets
     *        more through VCShare is not.
     * @param slot a VC slot
     * @param level the fair-share level t, cells/s
     * @return true if held
     */
    bool IsHeld(uint32_t slot, double level) const override;

    /**
     * @brief The capacity ABR may fill in the next interval.
     * @param port the port's state
     * @return cells/s (ERICA: TargetUtilization * cell rate)
     */
    virtual double GetAbrCapacity(const AtmPortState& port) const;

  private:
    void EndOfInterval(const AtmPortState& port) override;

    double m_delta;               //!< overload band of MaxAllocPrevious
    double m_abrCapacity;         //!< ABR capacity of the last interval
    double m_maxAllocPrevious;    //!< largest ER of the interval before
    double m_maxAllocCurrent;     //!< largest ER of this interval
    AtmTracedDouble m_loadFactor; //!< z
};

} // namespace ns3

#endif /* ATM_ERICA_H */
