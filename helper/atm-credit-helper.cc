/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-credit-helper.h"

#include "atm-helper.h"

#include "ns3/abort.h"
#include "ns3/atm-buffer-allocation.h"
#include "ns3/atm-credit-receiver.h"
#include "ns3/atm-credit-sender.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-static-allocation.h"
#include "ns3/atm-vc.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCreditHelper");

AtmCreditHelper::AtmCreditHelper()
    : m_senderOriented(false)
{
    m_allocation.SetTypeId("ns3::AtmStaticAllocation");
    m_sender.SetTypeId("ns3::AtmCreditSender");
    m_receiver.SetTypeId("ns3::AtmCreditReceiver");
}

void
AtmCreditHelper::SetAllocationAttribute(std::string name, const AttributeValue& value)
{
    m_allocation.Set(name, value);
}

void
AtmCreditHelper::SetSenderOriented(bool senderOriented)
{
    m_senderOriented = senderOriented;
}

void
AtmCreditHelper::SetLinkBufferSize(uint32_t cells)
{
    m_receiver.Set("LinkBufferSize", UintegerValue(cells));
}

void
AtmCreditHelper::SetVcCredit(bool vcCredit)
{
    m_sender.Set("VcCredit", BooleanValue(vcCredit));
    m_receiver.Set("VcCredit", BooleanValue(vcCredit));
}

void
AtmCreditHelper::SetReceiverAttribute(std::string name, const AttributeValue& value)
{
    m_receiver.Set(name, value);
}

void
AtmCreditHelper::SetSenderAttribute(std::string name, const AttributeValue& value)
{
    m_sender.Set(name, value);
}

void
AtmCreditHelper::InstallDirection(Ptr<AtmNetDevice> sender, Ptr<AtmNetDevice> receiver) const
{
    NS_ABORT_MSG_IF(sender->GetTransmitGate() || receiver->GetReceiveAccounting(),
                    "AtmCreditHelper: the link " << sender->GetContext() << " -> "
                                                 << receiver->GetContext()
                                                 << " already has flow control");
    Ptr<AtmBufferAllocation> policy = m_allocation.Create<AtmBufferAllocation>();
    Ptr<AtmCreditSender> gate = m_sender.Create<AtmCreditSender>();
    Ptr<AtmCreditReceiver> accounting = m_receiver.Create<AtmCreditReceiver>();
    UintegerValue linkBuffer;
    accounting->GetAttribute("LinkBufferSize", linkBuffer);
    gate->SetAttribute("LinkCredit", linkBuffer);
    const uint32_t rtt = sender->GetLinkRttCells();
    if (m_senderOriented)
    {
        // The sender adapts; the receiver reports plain Fwd_Cnt (static,
        // its allocation never differs from the base) with the policy's N2.
        gate->SetAttribute("Allocation", PointerValue(policy));
        Ptr<AtmStaticAllocation> plain = CreateObject<AtmStaticAllocation>();
        plain->SetAttribute("BufAlloc", UintegerValue(policy->GetInitialAllocation(rtt)));
        plain->SetAttribute("N2", UintegerValue(policy->GetInitialN2(rtt)));
        accounting->SetAttribute("Allocation", PointerValue(plain));
    }
    else
    {
        accounting->SetAttribute("Allocation", PointerValue(policy));
    }
    gate->SetAttribute("BufAlloc", UintegerValue(policy->GetInitialAllocation(rtt)));
    sender->SetTransmitGate(gate);
    receiver->SetReceiveAccounting(accounting);
}

void
AtmCreditHelper::Install(Ptr<AtmNetDevice> port) const
{
    Ptr<AtmNetDevice> peer = port->GetPeer();
    NS_ABORT_MSG_IF(!peer, "AtmCreditHelper: " << port->GetContext() << " is not linked");
    // A direction that has credit already is left as it is (a VC's hops
    // share links); any other transmit gate (ABR's) would leave the link
    // with credit one way only.
    for (const Ptr<AtmNetDevice>& d : {port, peer})
    {
        Ptr<AtmTransmitGate> gate = d->GetTransmitGate();
        NS_ABORT_MSG_IF(gate && !DynamicCast<AtmCreditSender>(gate),
                        "AtmCreditHelper: " << d->GetContext() << ": TransmitGate = "
                                            << gate->GetInstanceTypeId().GetName()
                                            << ": a port has one transmit gate; credit needs "
                                               "ns3::AtmCreditSender on both ends of the link");
    }
    if (!port->GetTransmitGate())
    {
        InstallDirection(port, peer);
    }
    if (!peer->GetTransmitGate())
    {
        InstallDirection(peer, port);
    }
}

void
AtmCreditHelper::Install(const NetDeviceContainer& ports) const
{
    for (uint32_t i = 0; i < ports.GetN(); ++i)
    {
        Ptr<AtmNetDevice> d = DynamicCast<AtmNetDevice>(ports.Get(i));
        NS_ABORT_MSG_IF(!d, "AtmCreditHelper: device " << i << " is not an AtmNetDevice");
        Install(d);
    }
}

void
AtmCreditHelper::Install(Ptr<AtmVc> vc) const
{
    for (uint32_t h = 0; h < vc->GetNHops(); ++h)
    {
        Install(vc->GetHopDevice(h));
    }
}

void
AtmCreditHelper::InstallAll() const
{
    for (const Ptr<AtmNetDevice>& d : AtmHelper::GetAllDevices())
    {
        if (d->GetPeer())
        {
            Install(d);
        }
    }
}

} // namespace ns3
