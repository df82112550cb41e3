/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-hub-physical-flow-control.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmHubPhysicalFlowControl");

NS_OBJECT_ENSURE_REGISTERED(AtmHubPhysicalFlowControl);

TypeId
AtmHubPhysicalFlowControl::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmHubPhysicalFlowControl")
                            .SetParent<AtmHubFlowControl>()
                            .SetGroupName("Atm")
                            .AddConstructor<AtmHubPhysicalFlowControl>();
    return tid;
}

AtmHubPhysicalFlowControl::AtmHubPhysicalFlowControl()
{
    NS_LOG_FUNCTION(this);
}

AtmHubPhysicalFlowControl::~AtmHubPhysicalFlowControl()
{
    NS_LOG_FUNCTION(this);
}

void
AtmHubPhysicalFlowControl::NotifyArrival(uint32_t board, uint32_t address, uint32_t occupancy)
{
    NS_LOG_FUNCTION(this << board << address << occupancy);
    if (occupancy > m_hth)
    {
        SetOn(board);
        ControlBoard(board);
    }
}

void
AtmHubPhysicalFlowControl::Release(uint32_t board)
{
    ReleaseBoard(board);
}
} // namespace ns3
