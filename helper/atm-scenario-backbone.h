/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SCENARIO_BACKBONE_H
#define ATM_SCENARIO_BACKBONE_H

// Not installed: a part of AtmScenario's loader (helper/atm-scenario.cc).

#include "atm-scenario-check.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief Makes the network of a scenario file's backbone section
 *        (AtmBackbone): its switches, hosts, links and VCs are added to the
 *        file's own before the file is checked, so every check of a node,
 *        link or VC applies to them.
 *
 * Switch i of ring r is "R<r>S<i>" (from 1), and its host "R<r>S<i>.h";
 * a ring link is "R1S1-R1S2", a trunk "R1S1-R2S1", a host's link
 * "R1S1.h-R1S1". The k-th VC of a template named "ubr" is "ubr<k>" (from
 * 1), in group "ubr" unless the template gives one, between the hosts of
 * two switches drawn by AtmBackbone::DrawPath from the section's seed (a
 * std::mt19937), templates in order; a tcp VC runs between hosts of its
 * own, "<vc>.src" and "<vc>.dst", on those switches. An error in a made
 * entry names the section's entry it was made from.
 */
class AtmScenarioBackbone
{
  public:
    /**
     * @brief Check the file's backbone section and add what it makes to
     *        the file's hosts, switches, links and VCs.
     * @param check where errors go
     * @param root the file, parameters resolved
     * @return false if the section has an error (nothing is added)
     */
    static bool Expand(AtmScenarioCheck& check, AtmJson& root);
};

} // namespace ns3

#endif /* ATM_SCENARIO_BACKBONE_H */
