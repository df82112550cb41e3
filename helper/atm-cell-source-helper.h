/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CELL_SOURCE_HELPER_H
#define ATM_CELL_SOURCE_HELPER_H

#include "ns3/application-container.h"
#include "ns3/object-factory.h"

#include <string>
#include <vector>

namespace ns3
{

class AtmVc;

/**
 * @ingroup atm
 * @brief Installs cell-level sources on VCs: greedy, CBR, on-off, Poisson,
 *        block, VBR (AtmVbrSource) and trace-driven (AtmTraceSource).
 *
 * @code
 * AtmCellSourceHelper greedy("ns3::AtmGreedySource");
 * ApplicationContainer apps = greedy.Install(vc);
 * @endcode
 * The source runs on the VC's source node and sends on its source port.
 */
class AtmCellSourceHelper
{
  public:
    /// @param type TypeId name of an AtmCellSource subclass
    explicit AtmCellSourceHelper(const std::string& type);

    /**
     * @brief Set an attribute of the sources created.
     * @param name attribute name
     * @param value its value
     */
    void SetAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @param vc a VC
     * @return the source installed on it
     */
    ApplicationContainer Install(Ptr<AtmVc> vc) const;

    /**
     * @param vcs VCs
     * @return one source per VC
     */
    ApplicationContainer Install(const std::vector<Ptr<AtmVc>>& vcs) const;

  private:
    ObjectFactory m_factory; //!< sources
};

} // namespace ns3

#endif /* ATM_CELL_SOURCE_HELPER_H */
