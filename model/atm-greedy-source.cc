/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-greedy-source.h"

#include "atm-net-device.h"

#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmGreedySource");

NS_OBJECT_ENSURE_REGISTERED(AtmGreedySource);

TypeId
AtmGreedySource::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmGreedySource")
                            .SetParent<AtmCellSource>()
                            .SetGroupName("Atm")
                            .AddConstructor<AtmGreedySource>()
                            .AddAttribute("Backlog",
                                          "Cells kept in the VC's source queue.",
                                          UintegerValue(2),
                                          MakeUintegerAccessor(&AtmGreedySource::m_backlog),
                                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

AtmGreedySource::AtmGreedySource()
    : m_running(false),
      m_backlog(2)
{
    NS_LOG_FUNCTION(this);
}

AtmGreedySource::~AtmGreedySource()
{
    NS_LOG_FUNCTION(this);
}

void
AtmGreedySource::DoStartSending()
{
    m_running = true;
    GetDevice()->SetTxVcDequeueCallback(GetSlot(),
                                        MakeCallback(&AtmGreedySource::Refill, this),
                                        GetCellState());
    for (uint32_t i = 0; i < m_backlog; ++i)
    {
        SendOneCell();
    }
}

void
AtmGreedySource::DoStopSending()
{
    m_running = false;
    GetDevice()->SetTxVcDequeueCallback(GetSlot(), Callback<void>());
}

void
AtmGreedySource::Refill()
{
    if (m_running)
    {
        SendOneCell();
    }
}

} // namespace ns3
