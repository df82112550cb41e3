/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CELL_SINK_HELPER_H
#define ATM_CELL_SINK_HELPER_H

#include "ns3/application-container.h"

#include <vector>

namespace ns3
{

class AtmVc;

/**
 * @ingroup atm
 * @brief Installs an AtmCellSink at the receiving end of VCs.
 */
class AtmCellSinkHelper
{
  public:
    /**
     * @param vc a VC
     * @return the sink installed on its destination node
     */
    ApplicationContainer Install(Ptr<AtmVc> vc) const;

    /**
     * @param vcs VCs
     * @return one sink per VC
     */
    ApplicationContainer Install(const std::vector<Ptr<AtmVc>>& vcs) const;
};

} // namespace ns3

#endif /* ATM_CELL_SINK_HELPER_H */
