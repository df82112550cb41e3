/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-transmit-gate.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmTransmitGate");

NS_OBJECT_ENSURE_REGISTERED(AtmTransmitGate);

TypeId
AtmTransmitGate::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmTransmitGate").SetParent<Object>().SetGroupName("Atm");
    return tid;
}

AtmTransmitGate::AtmTransmitGate()
    : m_port(nullptr)
{
}

AtmTransmitGate::~AtmTransmitGate()
{
}

void
AtmTransmitGate::SetPort(AtmNetDevice* port)
{
    m_port = port;
}

AtmNetDevice*
AtmTransmitGate::GetPort() const
{
    return m_port;
}

bool
AtmTransmitGate::TakeControlCell(AtmCell& /* cell */)
{
    return false;
}

void
AtmTransmitGate::DoDispose()
{
    m_port = nullptr;
    Object::DoDispose();
}

} // namespace ns3
