/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-port-plug-in.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmPortPlugIn");

NS_OBJECT_ENSURE_REGISTERED(AtmPortPlugIn);

TypeId
AtmPortPlugIn::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmPortPlugIn").SetParent<Object>().SetGroupName("Atm");
    return tid;
}

AtmPortPlugIn::AtmPortPlugIn()
    : m_port(nullptr)
{
}

AtmPortPlugIn::~AtmPortPlugIn()
{
}

void
AtmPortPlugIn::SetPort(AtmNetDevice* port)
{
    m_port = port;
}

AtmNetDevice*
AtmPortPlugIn::GetPort() const
{
    return m_port;
}

bool
AtmPortPlugIn::TakeControlCell(AtmCell& /* cell */)
{
    return false;
}

void
AtmPortPlugIn::DoDispose()
{
    m_port = nullptr;
    Object::DoDispose();
}

} // namespace ns3
