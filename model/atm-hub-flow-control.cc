/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-hub-flow-control.h"

#include "atm-bus-hub.h"
#include "atm-compat.h"

#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmHubFlowControl");

NS_OBJECT_ENSURE_REGISTERED(AtmHubFlowControl);

TypeId
AtmHubFlowControl::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmHubFlowControl")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddAttribute("LowThreshold",
                          "LTH, envelopes: a departure leaving fewer releases the board.",
                          UintegerValue(5),
                          MakeUintegerAccessor(&AtmHubFlowControl::m_lth),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("HighThreshold",
                          "HTH, envelopes: an arrival leaving more activates control.",
                          UintegerValue(10),
                          MakeUintegerAccessor(&AtmHubFlowControl::m_hth),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("ResumeOrder",
                          "Order in which the logical addresses of one release resume: "
                          "Random (the paper's default) or Address (ascending, board order).",
                          EnumValue(RESUME_RANDOM),
                          AtmMakeEnumAccessor<ResumeOrder>(&AtmHubFlowControl::m_order),
                          MakeEnumChecker(RESUME_RANDOM, "Random", RESUME_ADDRESS, "Address"));
    return tid;
}

AtmHubFlowControl::AtmHubFlowControl()
    : m_lth(5),
      m_hth(10),
      m_hub(nullptr),
      m_order(RESUME_RANDOM),
      m_uniform(CreateObject<UniformRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

AtmHubFlowControl::~AtmHubFlowControl()
{
    NS_LOG_FUNCTION(this);
}

void
AtmHubFlowControl::DoDispose()
{
    m_hub = nullptr;
    m_uniform = nullptr;
    Object::DoDispose();
}

void
AtmHubFlowControl::Attach(AtmBusHub* hub)
{
    NS_LOG_FUNCTION(this << hub);
    m_hub = hub;
}

std::string
AtmHubFlowControl::GetConfigError(uint32_t receiveBicSize) const
{
    if (m_lth > m_hth)
    {
        return "LowThreshold = " + std::to_string(m_lth) +
               ": is above HighThreshold = " + std::to_string(m_hth);
    }
    if (m_hth >= receiveBicSize)
    {
        return "HighThreshold = " + std::to_string(m_hth) +
               ": is not below the receive BIC size RB = " + std::to_string(receiveBicSize);
    }
    return "";
}

void
AtmHubFlowControl::Reach(uint32_t board)
{
    if (board >= m_receivers.size())
    {
        m_receivers.resize(board + 1);
    }
}

bool
AtmHubFlowControl::IsOn(uint32_t board) const
{
    return board < m_receivers.size() && m_receivers[board].on;
}

void
AtmHubFlowControl::SetOn(uint32_t board)
{
    Reach(board);
    m_receivers[board].on = true;
}

void
AtmHubFlowControl::NotifyDeparture(uint32_t board, uint32_t occupancy)
{
    if (occupancy < m_lth && IsOn(board))
    {
        NS_LOG_LOGIC("board " << board << " below LTH: release");
        Release(board);
        m_receivers[board].on = false;
    }
}

void
AtmHubFlowControl::ControlAddress(uint32_t board, uint32_t address)
{
    Reach(board);
    if (address >= m_listed.size())
    {
        m_listed.resize(address + 1, 0);
    }
    if (m_listed[address])
    {
        return;
    }
    m_listed[address] = 1;
    m_receivers[board].controlled.push_back(address);
    m_hub->SignalControl(board, address, true);
}

void
AtmHubFlowControl::ControlBoard(uint32_t board)
{
    Reach(board);
    if (m_receivers[board].physical)
    {
        return;
    }
    m_receivers[board].physical = true;
    m_hub->SignalControl(board, AtmBusHub::NO_ADDRESS, true);
}

void
AtmHubFlowControl::ReleaseAddresses(uint32_t board)
{
    std::vector<uint32_t>& list = m_receivers[board].controlled;
    if (m_order == RESUME_ADDRESS)
    {
        std::sort(list.begin(), list.end());
    }
    else
    {
        // Fisher-Yates with the module's random stream.
        for (uint32_t i = list.size(); i > 1; --i)
        {
            std::swap(list[i - 1], list[m_uniform->GetInteger(0, i - 1)]);
        }
    }
    for (uint32_t a : list)
    {
        m_listed[a] = 0;
        m_hub->SendDummy(board, a);
    }
    list.clear();
}

void
AtmHubFlowControl::ReleaseBoard(uint32_t board)
{
    for (uint32_t a : m_receivers[board].controlled)
    {
        m_listed[a] = 0;
    }
    m_receivers[board].controlled.clear();
    m_receivers[board].physical = false;
    m_hub->SendDummy(board, AtmBusHub::NO_ADDRESS);
}

int64_t
AtmHubFlowControl::AssignStreams(int64_t stream)
{
    m_uniform->SetStream(stream);
    return 1;
}

} // namespace ns3
