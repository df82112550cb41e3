/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_HUB_PHYSICAL_FLOW_CONTROL_H
#define ATM_HUB_PHYSICAL_FLOW_CONTROL_H

#include "atm-hub-flow-control.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief Physical flow control (Chong et al. §3): on an arrival above HTH,
 *        control the whole board (every logical address of it, at every
 *        sender); below LTH, release it with one dummy envelope.
 *
 * Loss is bounded: after control, at most the envelopes in the send BICs
 * and on the bus still arrive (boards x send-BIC size + 1).
 */
class AtmHubPhysicalFlowControl : public AtmHubFlowControl
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmHubPhysicalFlowControl();
    ~AtmHubPhysicalFlowControl() override;

    void NotifyArrival(uint32_t board, uint32_t address, uint32_t occupancy) override;

  private:
    void Release(uint32_t board) override;
};

} // namespace ns3

#endif /* ATM_HUB_PHYSICAL_FLOW_CONTROL_H */
