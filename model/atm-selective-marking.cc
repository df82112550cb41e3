/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-selective-marking.h"

#include "atm-rm-cell.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmSelectiveMarking");

NS_OBJECT_ENSURE_REGISTERED(AtmSelectiveMarking);

TypeId
AtmSelectiveMarking::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmSelectiveMarking")
                            .SetParent<AtmMacrPortBehaviour>()
                            .SetGroupName("Atm")
                            .AddConstructor<AtmSelectiveMarking>();
    return tid;
}

AtmSelectiveMarking::AtmSelectiveMarking()
{
    NS_LOG_FUNCTION(this);
}

AtmSelectiveMarking::~AtmSelectiveMarking()
{
    NS_LOG_FUNCTION(this);
}

void
AtmSelectiveMarking::OnBackwardRm(AtmCell& brm, uint32_t slot, const AtmPortState& port)
{
    NS_LOG_FUNCTION(this << slot);
    const bool congested = UpdateCongestion(port);
    if (IsVeryCongested(port) || (congested && IsAboveShare(AtmRmCell::GetCcr(brm))))
    {
        MarkRm(brm, slot, false);
    }
}

} // namespace ns3
