/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-switch-helper.h"

#include "ns3/abort.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-queue-disc.h"
#include "ns3/atm-switch-fabric.h"
#include "ns3/atm-switch.h"
#include "ns3/node.h"

namespace ns3
{

AtmSwitchHelper::AtmSwitchHelper()
    : m_fabricSet(false)
{
    m_queueFactory.SetTypeId("ns3::AtmFifoQueueDisc");
}

Ptr<AtmSwitch>
AtmSwitchHelper::Install(Ptr<Node> node) const
{
    NS_ABORT_MSG_IF(node->GetObject<AtmSwitch>(),
                    "AtmSwitchHelper::Install: node " << node->GetId() << " is already a switch");
    Ptr<AtmSwitch> sw = CreateObject<AtmSwitch>();
    sw->SetQueueDiscFactory(m_queueFactory);
    if (m_fabricSet)
    {
        sw->SetFabric(m_fabricFactory.Create<AtmSwitchFabric>());
    }
    node->AggregateObject(sw);
    for (uint32_t i = 0; i < node->GetNDevices(); ++i)
    {
        Ptr<AtmNetDevice> dev = DynamicCast<AtmNetDevice>(node->GetDevice(i));
        if (dev)
        {
            sw->AddPort(dev);
        }
    }
    return sw;
}

void
AtmSwitchHelper::Install(const NodeContainer& nodes) const
{
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        Install(*it);
    }
}

void
AtmSwitchHelper::SetPortQueueDisc(Ptr<AtmNetDevice> port) const
{
    port->SetQueueDisc(m_queueFactory.Create<AtmQueueDisc>());
}

} // namespace ns3
