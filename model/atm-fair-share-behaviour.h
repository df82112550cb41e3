/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_FAIR_SHARE_BEHAVIOUR_H
#define ATM_FAIR_SHARE_BEHAVIOUR_H

#include "atm-load-meter.h"
#include "atm-port-behaviour.h"
#include "atm-traced-double.h"

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

    /// @return the fair share of the last closed interval, cells/s (0 before)
    double GetFairShare() const;

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

    /// @param fairShare the new fair share, cells/s
    void SetFairShare(double fairShare);

  private:
    Time m_interval;             //!< measurement interval
    double m_targetUtilization;  //!< fraction of the cell rate to fill
    AtmLoadMeter m_meter;        //!< the counts
    AtmTracedDouble m_fairShare; //!< fair share, cells/s
};

} // namespace ns3

#endif /* ATM_FAIR_SHARE_BEHAVIOUR_H */
