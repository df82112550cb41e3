/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-port-flow-control.h"

#include "atm-cell.h"
#include "atm-credit-cell.h"
#include "atm-port-behaviour.h"
#include "atm-receive-accounting.h"
#include "atm-transmit-gate.h"
#include "atm-upc.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmPortFlowControl");

AtmPortFlowControl::AtmPortFlowControl()
    : m_cellsInNode(0)
{
}

AtmPortFlowControl::~AtmPortFlowControl() = default;

void
AtmPortFlowControl::SetTransmitGate(AtmNetDevice* port, Ptr<AtmTransmitGate> gate, uint32_t nTxVcs)
{
    NS_LOG_FUNCTION(this << port << gate << nTxVcs);
    m_gate = gate;
    m_gate->SetPort(port);
    for (uint32_t s = 0; s < nTxVcs; ++s)
    {
        m_gate->AddVc(s);
    }
}

Ptr<AtmTransmitGate>
AtmPortFlowControl::GetTransmitGate() const
{
    return m_gate;
}

void
AtmPortFlowControl::SetReceiveAccounting(AtmNetDevice* port,
                                         Ptr<AtmReceiveAccounting> accounting,
                                         uint32_t nArrivingVcs)
{
    NS_LOG_FUNCTION(this << port << accounting << nArrivingVcs);
    m_accounting = accounting;
    m_accounting->SetPort(port);
    for (uint32_t i = 0; i < nArrivingVcs; ++i)
    {
        m_accounting->AddVc(i);
    }
}

Ptr<AtmReceiveAccounting>
AtmPortFlowControl::GetReceiveAccounting() const
{
    return m_accounting;
}

void
AtmPortFlowControl::SetPortBehaviour(Ptr<AtmPortBehaviour> behaviour,
                                     bool initialized,
                                     const std::string& context)
{
    NS_LOG_FUNCTION(this << behaviour << initialized << context);
    m_behaviour = behaviour;
    if (initialized)
    {
        InitializeBehaviour(context);
    }
}

Ptr<AtmPortBehaviour>
AtmPortFlowControl::GetPortBehaviour() const
{
    return m_behaviour;
}

void
AtmPortFlowControl::AddTxVc(uint32_t slot)
{
    if (m_gate)
    {
        m_gate->AddVc(slot);
    }
}

void
AtmPortFlowControl::AddArrivingVc(uint32_t index)
{
    if (m_accounting)
    {
        m_accounting->AddVc(index);
    }
}

void
AtmPortFlowControl::Initialize(const std::string& context)
{
    NS_LOG_FUNCTION(this << context);
    if (m_gate)
    {
        m_gate->Initialize();
    }
    if (m_accounting)
    {
        m_accounting->Initialize();
    }
    InitializeBehaviour(context);
}

void
AtmPortFlowControl::InitializeBehaviour(const std::string& context)
{
    if (!m_behaviour)
    {
        return;
    }
    const std::string error = m_behaviour->GetConfigError();
    NS_ABORT_MSG_IF(!error.empty(),
                    "AtmNetDevice (" << context << "): PortBehaviour "
                                     << m_behaviour->GetInstanceTypeId().GetName() << ": "
                                     << error);
    m_behaviour->Initialize();
}

void
AtmPortFlowControl::Dispose()
{
    NS_LOG_FUNCTION(this);
    if (m_gate)
    {
        m_gate->Dispose();
    }
    if (m_accounting)
    {
        m_accounting->Dispose();
    }
    m_gate = nullptr;
    m_accounting = nullptr;
    m_behaviour = nullptr;
    m_upc = nullptr;
}

void
AtmPortFlowControl::SetUpc(Ptr<AtmUpc> upc,
                           bool switchPort,
                           bool initialized,
                           const std::string& context)
{
    NS_LOG_FUNCTION(this << upc << switchPort << initialized << context);
    NS_ABORT_MSG_IF(upc && !switchPort,
                    "AtmNetDevice (" << context
                                     << "): Upc: only a switch port polices arriving cells");
    NS_ABORT_MSG_IF(initialized,
                    "AtmNetDevice (" << context << "): Upc is set before the simulation starts");
    m_upc = upc;
}

Ptr<AtmUpc>
AtmPortFlowControl::GetUpc() const
{
    return m_upc;
}

bool
AtmPortFlowControl::ReceiveAtHost(const AtmCell& cell, uint32_t index)
{
    if (cell.GetKind() == AtmCell::RM)
    {
        m_gate->ReceiveControlCell(cell); // ABR end system: feedback, turnaround
        return true;
    }
    if (m_accounting && cell.IsData())
    {
        // Delivered at once: the cell arrives at and leaves the host.
        m_accounting->NotifyArrival(index);
        m_accounting->NotifyDeparture(index);
    }
    return false;
}

void
AtmPortFlowControl::NotifyArrival(uint32_t index)
{
    ++m_cellsInNode;
    if (m_accounting)
    {
        m_accounting->NotifyArrival(index);
    }
}

void
AtmPortFlowControl::NotifyAccountingDeparture(uint32_t index)
{
    m_accounting->NotifyDeparture(index);
}

bool
AtmPortFlowControl::TakeControlCell(AtmCell& cell)
{
    return (m_gate && m_gate->TakeControlCell(cell)) ||
           (m_accounting && m_accounting->TakeControlCell(cell));
}

bool
AtmPortFlowControl::ReceiveControlCell(const AtmCell& cell)
{
    if (AtmCreditCell::GetType(cell) == AtmCreditCell::UPDATE && m_gate)
    {
        m_gate->ReceiveControlCell(cell);
        return true;
    }
    if (AtmCreditCell::GetType(cell) == AtmCreditCell::CHECK && m_accounting)
    {
        m_accounting->ReceiveControlCell(cell);
        return true;
    }
    return false;
}

} // namespace ns3
