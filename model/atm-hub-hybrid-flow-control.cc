/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-hub-hybrid-flow-control.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmHubHybridFlowControl");

NS_OBJECT_ENSURE_REGISTERED(AtmHubHybridFlowControl);

TypeId
AtmHubHybridFlowControl::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmHubHybridFlowControl")
            .SetParent<AtmHubFlowControl>()
            .SetGroupName("Atm")
            .AddConstructor<AtmHubHybridFlowControl>()
            .AddAttribute("TopThreshold",
                          "TTH, envelopes: an arrival leaving more controls the board.",
                          UintegerValue(16),
                          MakeUintegerAccessor(&AtmHubHybridFlowControl::m_tth),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

AtmHubHybridFlowControl::AtmHubHybridFlowControl()
    : m_tth(16)
{
    NS_LOG_FUNCTION(this);
}

AtmHubHybridFlowControl::~AtmHubHybridFlowControl()
{
    NS_LOG_FUNCTION(this);
}

void
AtmHubHybridFlowControl::NotifyArrival(uint32_t board, uint32_t address, uint32_t occupancy)
{
    NS_LOG_FUNCTION(this << board << address << occupancy);
    if (occupancy > m_hth)
    {
        SetOn(board);
        ControlAddress(board, address);
        if (occupancy > m_tth)
        {
            ControlBoard(board);
        }
    }
}

void
AtmHubHybridFlowControl::Release(uint32_t board)
{
    ReleaseBoard(board);
}

std::string
AtmHubHybridFlowControl::GetConfigError(uint32_t receiveBicSize) const
{
    if (std::string error = AtmHubFlowControl::GetConfigError(receiveBicSize); !error.empty())
    {
        return error;
    }
    if (m_tth < m_hth || m_tth > receiveBicSize)
    {
        return "TopThreshold = " + std::to_string(m_tth) +
               ": is not in [HighThreshold = " + std::to_string(m_hth) +
               ", RB = " + std::to_string(receiveBicSize) + "]";
    }
    return "";
}

} // namespace ns3
