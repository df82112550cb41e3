/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ITERATIVE_ER_H
#define ATM_ITERATIVE_ER_H

#include "atm-macr-port-behaviour.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief Iterative explicit rate: Roberts' "iterative" MACR scheme (EPRCA,
 *        ATM Forum 94-0735) and the Siu-Tzeng APRC variant that
 *        Arulambalam et al. use for ER stamping (scenarios S4, S5).
 *
 * MACR, AV, VCS, DPF, DQT and the congestion detection are those of
 * AtmMacrPortBehaviour (APRC: CongestionDetection = QueueGrowth). On a
 * backward RM cell:
 * - very congested (queue > DQT): ER = min(ER, MRF * MACR);
 * - congested and CCR > DPF * MACR: ER = min(ER, ERF * MACR) ("slightly less
 *   than its congestion estimate"; DPF = 0 stamps every VC, as Roberts
 *   describes it);
 * - otherwise ER is left alone. ER is never raised.
 */
class AtmIterativeEr : public AtmMacrPortBehaviour
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmIterativeEr();
    ~AtmIterativeEr() override;

    void OnBackwardRm(AtmCell& brm, uint32_t slot, const AtmPortState& port) override;

  private:
    double m_erf; //!< explicit reduction factor
    double m_mrf; //!< major reduction factor
};

} // namespace ns3

#endif /* ATM_ITERATIVE_ER_H */
