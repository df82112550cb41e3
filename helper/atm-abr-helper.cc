/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-abr-helper.h"

#include "ns3/abort.h"
#include "ns3/atm-abr-destination.h"
#include "ns3/atm-abr-gate.h"
#include "ns3/atm-abr-source.h"
#include "ns3/atm-channel.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-port-behaviour.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-vc.h"
#include "ns3/log.h"
#include "ns3/node.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmAbrHelper");

AtmAbrHelper::AtmAbrHelper()
{
    m_source.SetTypeId("ns3::AtmAbrSource");
    m_destination.SetTypeId("ns3::AtmAbrDestination");
    m_behaviour.SetTypeId("ns3::AtmEfciMarking");
    m_vcHelper.SetCategory(AtmServiceCategory::ABR);
}

void
AtmAbrHelper::SetSourceAttribute(std::string name, const AttributeValue& value)
{
    m_source.Set(name, value);
}

void
AtmAbrHelper::SetDestinationAttribute(std::string name, const AttributeValue& value)
{
    m_destination.Set(name, value);
}

void
AtmAbrHelper::SetPortBehaviourAttribute(std::string name, const AttributeValue& value)
{
    m_behaviour.Set(name, value);
}

AtmVcHelper&
AtmAbrHelper::GetVcHelper()
{
    return m_vcHelper;
}

Ptr<AtmPortBehaviour>
AtmAbrHelper::InstallPortBehaviour(Ptr<AtmNetDevice> port) const
{
    NS_LOG_FUNCTION(this << port);
    NS_ABORT_MSG_IF(!port->GetNode()->GetObject<AtmSwitch>(),
                    "AtmAbrHelper: " << port->GetContext()
                                     << ": a port behaviour belongs on a switch port");
    Ptr<AtmPortBehaviour> b = m_behaviour.Create<AtmPortBehaviour>();
    port->SetPortBehaviour(b);
    return b;
}

void
AtmAbrHelper::InstallPortBehaviour(const NodeContainer& switches) const
{
    for (uint32_t i = 0; i < switches.GetN(); ++i)
    {
        Ptr<AtmSwitch> sw = switches.Get(i)->GetObject<AtmSwitch>();
        NS_ABORT_MSG_IF(!sw,
                        "AtmAbrHelper::InstallPortBehaviour: node " << switches.Get(i)->GetId()
                                                                    << " is not a switch");
        // A port added later would get none: the switch's ports must exist.
        NS_ABORT_MSG_IF(sw->GetNPorts() == 0,
                        "AtmAbrHelper::InstallPortBehaviour: node "
                            << switches.Get(i)->GetId()
                            << ": a switch with no port yet (install its links with AtmHelper "
                               "first; a port added later gets no port behaviour)");
        for (uint32_t p = 0; p < sw->GetNPorts(); ++p)
        {
            InstallPortBehaviour(sw->GetPort(p));
        }
    }
}

Ptr<AtmAbrGate>
AtmAbrHelper::GetGate(Ptr<AtmNetDevice> port)
{
    Ptr<AtmTransmitGate> gate = port->GetTransmitGate();
    if (!gate)
    {
        Ptr<AtmAbrGate> abr = CreateObject<AtmAbrGate>();
        port->SetTransmitGate(abr);
        return abr;
    }
    Ptr<AtmAbrGate> abr = DynamicCast<AtmAbrGate>(gate);
    NS_ABORT_MSG_IF(!abr,
                    "AtmAbrHelper: " << port->GetContext()
                                     << ": TransmitGate = " << gate->GetInstanceTypeId().GetName()
                                     << ": a host port has one gate; ABR needs ns3::AtmAbrGate");
    return abr;
}

std::pair<Ptr<AtmVc>, Ptr<AtmVc>>
AtmAbrHelper::Create(const NodeContainer& path, const std::string& name)
{
    NodeContainer back;
    for (uint32_t i = path.GetN(); i > 0; --i)
    {
        back.Add(path.Get(i - 1));
    }
    // Unnamed connections make unnamed VCs (a name costs memory per VC).
    Ptr<AtmVc> forward = m_vcHelper.Create(path, name.empty() ? name : name + ">");
    Ptr<AtmVc> backward = m_vcHelper.Create(back, name.empty() ? name : name + "<");
    Install(forward, backward);
    return {forward, backward};
}

std::pair<Ptr<AtmVc>, Ptr<AtmVc>>
AtmAbrHelper::CreateIp(const NodeContainer& path, const std::string& name)
{
    auto vcs = m_vcHelper.CreateIpPvc(path, name);
    Install(vcs.first, vcs.second);
    return vcs;
}

void
AtmAbrHelper::Install(Ptr<AtmVc> forward, Ptr<AtmVc> backward) const
{
    NS_LOG_FUNCTION(this << forward << backward);
    const uint32_t n = forward->GetNHops();
    NS_ABORT_MSG_IF(
        backward->GetNHops() != n ||
            forward->GetHopDevice(0)->GetNode() != backward->GetDestinationDevice()->GetNode() ||
            backward->GetHopDevice(0)->GetNode() != forward->GetDestinationDevice()->GetNode(),
        "AtmAbrHelper: VCs " << forward->GetName() << " and " << backward->GetName()
                             << ": the backward VC must follow the forward path "
                                "in reverse");
    // Cells of an IP PVC made ABR here are filed as ABR at every port.
    forward->SetCategory(AtmServiceCategory::ABR);
    backward->SetCategory(AtmServiceCategory::ABR);
    InstallEnd(forward, backward);
    InstallEnd(backward, forward);
    Pair(forward, backward);
    Pair(backward, forward);
}

void
AtmAbrHelper::InstallEnd(Ptr<AtmVc> tx, Ptr<AtmVc> rx) const
{
    Ptr<AtmNetDevice> port = tx->GetHopDevice(0);
    NS_ABORT_MSG_IF(rx->GetDestinationDevice() != port,
                    "AtmAbrHelper: VC " << rx->GetName() << " does not end at "
                                        << port->GetContext() << ", where " << tx->GetName()
                                        << " starts");
    // The incoming label of rx at this host is the label its last hop sends.
    const uint32_t last = rx->GetNHops() - 1;
    const auto [vpi, vci] = rx->GetHopDevice(last)->GetTxLabel(rx->GetHopSlot(last));
    GetGate(port)->AddAbrVc(tx->GetHopSlot(0),
                            vpi,
                            vci,
                            m_source.Create<AtmAbrSource>(),
                            m_destination.Create<AtmAbrDestination>());
}

void
AtmAbrHelper::Pair(Ptr<AtmVc> forward, Ptr<AtmVc> backward)
{
    // Switch k of the path (hop k of forward, k = 1 .. n-1) is crossed by
    // backward at its hop n - k: backward arrives there from hop n - k - 1.
    const uint32_t n = forward->GetNHops();
    for (uint32_t k = 1; k < n; ++k)
    {
        Ptr<AtmNetDevice> fwdOut = forward->GetHopDevice(k);
        Ptr<AtmSwitch> sw = fwdOut->GetNode()->GetObject<AtmSwitch>();
        Ptr<AtmNetDevice> prev = backward->GetHopDevice(n - k - 1);
        Ptr<AtmNetDevice> in = prev->GetPeer();
        const auto [vpi, vci] = prev->GetTxLabel(backward->GetHopSlot(n - k - 1));
        sw->SetBackwardPair(sw->GetPortIndex(in),
                            vpi,
                            vci,
                            sw->GetPortIndex(fwdOut),
                            forward->GetHopSlot(k));
    }
}

} // namespace ns3
