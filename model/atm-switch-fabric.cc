/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-switch-fabric.h"

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
AtmSwitchFabric::NotifyPortAdded(uint32_t /* port */)
{
}

void
AtmSwitchFabric::NotifyVcAdded(uint32_t /* route */, uint32_t /* inPort */, uint32_t /* outPort */)
{
}

} // namespace ns3
