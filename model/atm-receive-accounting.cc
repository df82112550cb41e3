/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-receive-accounting.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmReceiveAccounting");

NS_OBJECT_ENSURE_REGISTERED(AtmReceiveAccounting);

TypeId
AtmReceiveAccounting::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmReceiveAccounting").SetParent<Object>().SetGroupName("Atm");
    return tid;
}

AtmReceiveAccounting::AtmReceiveAccounting()
    : m_port(nullptr)
{
}

AtmReceiveAccounting::~AtmReceiveAccounting()
{
}

void
AtmReceiveAccounting::SetPort(AtmNetDevice* port)
{
    m_port = port;
}

AtmNetDevice*
AtmReceiveAccounting::GetPort() const
{
    return m_port;
}

void
AtmReceiveAccounting::DoDispose()
{
    m_port = nullptr;
    Object::DoDispose();
}

} // namespace ns3
