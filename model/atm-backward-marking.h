/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_BACKWARD_MARKING_H
#define ATM_BACKWARD_MARKING_H

#include "atm-port-behaviour.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief Binary backward marking (Roberts, "Another form of binary
 *        control"): the switch sets CI (or NI) on the backward RM cells of
 *        the VCs whose forward port is congested, instead of EFCI on data.
 *
 * Congestion is the global two-threshold flag (eq. 2) or the VC's own
 * flag (eqs. 3-5), attribute Flag; Indication chooses CI (decrease) or NI
 * (no increase).
 */
class AtmBackwardMarking : public AtmPortBehaviour
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmBackwardMarking();
    ~AtmBackwardMarking() override;

    /// Which congestion flag.
    enum Flag
    {
        GLOBAL = 0, //!< sigma(t), eq. 2
        PER_VC = 1, //!< sigma_vc(t), eqs. 3-5
    };

    /// Which bit.
    enum Indication
    {
        CI = 0, //!< congestion indication: the source decreases
        NI = 1, //!< no increase
    };

    void OnBackwardRm(AtmCell& brm, uint32_t slot, const AtmPortState& port) override;

  private:
    Flag m_flag;             //!< which flag
    Indication m_indication; //!< which bit
};

} // namespace ns3

#endif /* ATM_BACKWARD_MARKING_H */
