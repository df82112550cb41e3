/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_HUB_HYBRID_FLOW_CONTROL_H
#define ATM_HUB_HYBRID_FLOW_CONTROL_H

#include "atm-hub-flow-control.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief Hybrid flow control (Chong et al. §3, Fig. 2): logical control
 *        above HTH, physical control above TTH, one physical release below
 *        LTH.
 *
 * TTH = HTH gives the physical scheme; TTH at the BIC size the logical
 * scheme (but with a physical release).
 */
class AtmHubHybridFlowControl : public AtmHubFlowControl
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmHubHybridFlowControl();
    ~AtmHubHybridFlowControl() override;

    void NotifyArrival(uint32_t board, uint32_t address, uint32_t occupancy) override;
    /// @copydoc AtmHubFlowControl::GetConfigError
    std::string GetConfigError(uint32_t receiveBicSize) const override;

  private:
    void Release(uint32_t board) override;

    uint32_t m_tth; //!< TTH, envelopes
};

} // namespace ns3

#endif /* ATM_HUB_HYBRID_FLOW_CONTROL_H */
