/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-hub-logical-flow-control.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmHubLogicalFlowControl");

NS_OBJECT_ENSURE_REGISTERED(AtmHubLogicalFlowControl);

TypeId
AtmHubLogicalFlowControl::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmHubLogicalFlowControl")
                            .SetParent<AtmHubFlowControl>()
                            .SetGroupName("Atm")
                            .AddConstructor<AtmHubLogicalFlowControl>();
    return tid;
}

AtmHubLogicalFlowControl::AtmHubLogicalFlowControl()
{
    NS_LOG_FUNCTION(this);
}

AtmHubLogicalFlowControl::~AtmHubLogicalFlowControl()
{
    NS_LOG_FUNCTION(this);
}

void
AtmHubLogicalFlowControl::NotifyArrival(uint32_t board, uint32_t address, uint32_t occupancy)
{
    NS_LOG_FUNCTION(this << board << address << occupancy);
    if (occupancy > m_hth)
    {
        SetOn(board);
        ControlAddress(board, address);
    }
}

void
AtmHubLogicalFlowControl::Release(uint32_t board)
{
    ReleaseAddresses(board);
}
} // namespace ns3
