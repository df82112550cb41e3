/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SELECTIVE_MARKING_H
#define ATM_SELECTIVE_MARKING_H

#include "atm-macr-port-behaviour.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief Selective ("intelligent") marking (Arulambalam et al. §2.2,
 *        scenario S3; EPRCA's binary mode): while the port is congested,
 *        only the VCs above their share get CI = 1 on their backward RM
 *        cells.
 *
 * MACR, AV, VCS, DPF, DQT and the congestion detection are those of
 * AtmMacrPortBehaviour. On a backward RM cell: CI = 1 when the port is very
 * congested (queue > DQT), or when it is congested and the cell's CCR >
 * DPF * MACR. VCs below their share are left alone, which removes the
 * beat-down of plain EFCI marking.
 */
class AtmSelectiveMarking : public AtmMacrPortBehaviour
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmSelectiveMarking();
    ~AtmSelectiveMarking() override;

    void OnBackwardRm(AtmCell& brm, uint32_t slot, const AtmPortState& port) override;
};

} // namespace ns3

#endif /* ATM_SELECTIVE_MARKING_H */
