/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_HUB_LOGICAL_FLOW_CONTROL_H
#define ATM_HUB_LOGICAL_FLOW_CONTROL_H

#include "atm-hub-flow-control.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief Logical flow control (Chong et al. §3): on an arrival above HTH,
 *        control that envelope's logical address; below LTH, release every
 *        controlled address, each with its own dummy envelope.
 *
 * High-rate streams appear more often at a congested receive BIC and so
 * are controlled more often: streams are selected implicitly by rate.
 */
class AtmHubLogicalFlowControl : public AtmHubFlowControl
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmHubLogicalFlowControl();
    ~AtmHubLogicalFlowControl() override;

    void NotifyArrival(uint32_t board, uint32_t address, uint32_t occupancy) override;

  private:
    void Release(uint32_t board) override;
};

} // namespace ns3

#endif /* ATM_HUB_LOGICAL_FLOW_CONTROL_H */
