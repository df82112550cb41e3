/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-switch-fabric.h"

#include "atm-switch.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmSwitchFabric");

NS_OBJECT_ENSURE_REGISTERED(AtmSwitchFabric);

TypeId
AtmSwitchFabric::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmSwitchFabric").SetParent<Object>().SetGroupName("Atm");
    return tid;
}

AtmSwitchFabric::AtmSwitchFabric()
    : m_switch(nullptr)
{
    NS_LOG_FUNCTION(this);
}

AtmSwitchFabric::~AtmSwitchFabric()
{
    NS_LOG_FUNCTION(this);
}

void
AtmSwitchFabric::DoDispose()
{
    m_switch = nullptr;
    Object::DoDispose();
}

void
AtmSwitchFabric::SetSwitch(AtmSwitch* sw)
{
    m_switch = sw;
}

AtmSwitch*
AtmSwitchFabric::GetSwitch() const
{
    return m_switch;
}

void
AtmSwitchFabric::CheckPort(uint32_t port, const char* what) const
{
    const uint32_t n = m_switch ? m_switch->GetNPorts() : 0;
    NS_ABORT_MSG_IF(port >= n,
                    GetInstanceTypeId().GetName()
                        << " (" << (m_switch ? m_switch->GetContext() : std::string("no switch"))
                        << "): " << what << ": port = " << port << ": no such port (the switch has "
                        << n << ")");
}

std::string
AtmSwitchFabric::GetConfigError() const
{
    return "";
}

void
AtmSwitchFabric::NotifyPortAdded(uint32_t /* port */)
{
}

void
AtmSwitchFabric::NotifyVcAdded(uint32_t /* route */, uint32_t /* inPort */, uint32_t /* outPort */)
{
}

} // namespace ns3
