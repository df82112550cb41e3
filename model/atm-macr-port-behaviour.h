/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_MACR_PORT_BEHAVIOUR_H
#define ATM_MACR_PORT_BEHAVIOUR_H

#include "atm-port-behaviour.h"
#include "atm-traced-double.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief Base of the schemes that keep a mean allowed cell rate (MACR):
 *        selective marking and iterative explicit rate (EPRCA, Roberts 94-0735;
 *        the Siu-Tzeng APRC used by Arulambalam et al.).
 *
 * MACR is the exponential average of the CCR fields of the forward RM cells
 * crossing the port:
 *
 *     MACR <- MACR + AV * (CCR - MACR)
 *
 * While the port is congested only the VCs taken to be bottlenecked here,
 * CCR >= VCS * MACR, enter the average (the "VC separator"); while it is
 * not, every CCR does, and so while it is very congested (queue above DQT):
 * the port then holds every VC at MRF * MACR itself (iterative ER), so a
 * low CCR does not mean a VC bottlenecked elsewhere, and left out it would
 * freeze MACR, and with it MRF * MACR, at a value too high for the queue to
 * drain. MACR starts at InitialMacr, or at the first CCR seen.
 *
 * Congestion (attribute CongestionDetection) is the port's two-threshold
 * global flag (eq. 2), the VC's flag (eqs. 3-5), or APRC's queue growth:
 * congested while the queue length seen at an RM cell is larger than at
 * the previous one (at least GrowthInterval earlier). A VC is above its
 * share when its CCR > DPF * MACR; the port is very congested when its queue
 * exceeds DQT cells (0: never).
 */
class AtmMacrPortBehaviour : public AtmPortBehaviour
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// @return true if Macr, or a trace of AtmPortBehaviour, has a sink
    bool IsObserved() const override;

    AtmMacrPortBehaviour();
    ~AtmMacrPortBehaviour() override;

    /// How congestion is detected.
    enum Detection
    {
        THRESHOLDS = 0,    //!< two-threshold global flag, eq. 2
        VC_THRESHOLDS = 1, //!< two-threshold per-VC flag, eqs. 3-5
        QUEUE_GROWTH = 2,  //!< APRC: the queue grew since the last RM cell
    };

    void OnForwardRm(AtmCell& frm, uint32_t slot, const AtmPortState& port) override;

    /// @return MACR, cells/s (InitialMacr before the first forward RM cell)
    double GetMacr() const;

  protected:
    /**
     * @brief Whether the port is congested now (samples the queue for APRC).
     * @param port the port's state
     * @return the congestion state
     */
    bool UpdateCongestion(const AtmPortState& port);

    /**
     * @param port the port's state
     * @return true when the queue exceeds DQT
     */
    bool IsVeryCongested(const AtmPortState& port) const;

    /**
     * @param ccr a VC's current cell rate
     * @return true when ccr > DPF * MACR
     */
    bool IsAboveShare(double ccr) const;

  private:
    double m_av;            //!< averaging factor
    double m_vcs;           //!< VC separator
    double m_dpf;           //!< down pressure factor
    uint32_t m_dqt;         //!< very-congested queue threshold, cells
    double m_initialMacr;   //!< first MACR (0: first CCR)
    Detection m_detection;  //!< congestion detection
    Time m_growthInterval;  //!< APRC sampling interval
    AtmTracedDouble m_macr; //!< the estimate
    bool m_macrSet;         //!< MACR has a value
    uint32_t m_lastQueue;   //!< APRC: queue at the last sample
    Time m_lastSample;      //!< APRC: time of the last sample
    bool m_growing;         //!< APRC: the queue grew
};

} // namespace ns3

#endif /* ATM_MACR_PORT_BEHAVIOUR_H */
