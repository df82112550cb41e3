/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-abr-gate.h"

#include "atm-abr-destination.h"
#include "atm-abr-source.h"
#include "atm-net-device.h"
#include "atm-queue-disc.h"
#include "atm-rm-cell.h"
#include "atm-simulator-impl.h"
#include "atm-trace-source-accessor.h"
#include "atm-vc-table.h"
#include "atm-vc.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/object-vector.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmAbrGate");

NS_OBJECT_ENSURE_REGISTERED(AtmAbrGate);

TypeId
AtmAbrGate::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmAbrGate")
            .SetParent<AtmTransmitGate>()
            .SetGroupName("Atm")
            .AddConstructor<AtmAbrGate>()
            .AddAttribute("SourceList",
                          "The source end systems of the port's ABR connections, in the "
                          "order they were added (their Acr, FrmSent and BrmReceived "
                          "traces).",
                          ObjectVectorValue(),
                          MakeObjectVectorAccessor(&AtmAbrGate::GetNConnections,
                                                   &AtmAbrGate::GetConnectionSource),
                          MakeObjectVectorChecker<AtmAbrSource>())
            .AddAttribute("DestinationList",
                          "The destination end systems of the same connections, in the "
                          "same order (their Turnaround trace).",
                          ObjectVectorValue(),
                          MakeObjectVectorAccessor(&AtmAbrGate::GetNConnections,
                                                   &AtmAbrGate::GetConnectionDestination),
                          MakeObjectVectorChecker<AtmAbrDestination>())
            .AddTraceSource("BrmReplaced",
                            "A turned-around RM cell still waiting was replaced by a newer one "
                            "(TM 4.0 destination behaviour 3c); it was never sent.",
                            MakeAtmTraceSourceAccessor(&AtmAbrGate::m_brmReplaced),
                            "ns3::AtmAbrGate::SlotTracedCallback");
    return tid;
}

AtmAbrGate::AtmAbrGate()
    : m_connected(false),
      m_nRmSent(0),
      m_nBrmReplaced(0)
{
    NS_LOG_FUNCTION(this);
}

AtmAbrGate::~AtmAbrGate()
{
    NS_LOG_FUNCTION(this);
}

void
AtmAbrGate::DoInitialize()
{
    NS_LOG_FUNCTION(this);
    // The connections are added: drop the room their growth left.
    m_conns.shrink_to_fit();
    m_timers.shrink_to_fit();
    m_connOf.shrink_to_fit();
    m_connOfArrival.shrink_to_fit();
    AtmTransmitGate::DoInitialize();
}

void
AtmAbrGate::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_timers.clear(); // cancels them
    for (Conn& c : m_conns)
    {
        c.source = nullptr;
        c.dest = nullptr;
        c.vc = nullptr;
    }
    m_conns.clear();
    m_control = AtmCellRing<Control>();
    AtmTransmitGate::DoDispose();
}

void
AtmAbrGate::AddVc(uint32_t slot)
{
    NS_LOG_FUNCTION(this << slot);
    if (m_connOf.size() <= slot)
    {
        m_connOf.resize(slot + 1, NONE);
    }
}

void
AtmAbrGate::AddAbrVc(uint32_t slot,
                     uint16_t rxVpi,
                     uint16_t rxVci,
                     Ptr<AtmAbrSource> source,
                     Ptr<AtmAbrDestination> destination)
{
    NS_LOG_FUNCTION(this << slot << rxVpi << rxVci);
    AtmNetDevice* port = GetPort();
    NS_ABORT_MSG_IF(!port, "AtmAbrGate: AddAbrVc before the gate is set on a port");
    NS_ABORT_MSG_IF(!source || !destination,
                    "AtmAbrGate (" << port->GetContext() << "): slot = " << slot << ": "
                                   << (source ? "destination" : "source") << " is null");
    NS_ABORT_MSG_IF(slot >= port->GetNTxVcs(),
                    "AtmAbrGate (" << port->GetContext() << "): slot = " << slot
                                   << ": no such transmit VC");
    AddVc(slot);
    NS_ABORT_MSG_IF(m_connOf[slot] != NONE,
                    "AtmAbrGate (" << port->GetContext() << "): slot = " << slot
                                   << ": already an ABR connection");
    const auto c = static_cast<uint32_t>(m_conns.size());
    // The port's own table of arriving VCs finds the connection of a cell.
    const uint32_t arrival = port->GetArrivingIndex(rxVpi, rxVci);
    NS_ABORT_MSG_IF(arrival == AtmVcTable::NOT_FOUND,
                    "AtmAbrGate (" << port->GetContext() << "): incoming VPI/VCI = " << rxVpi << "/"
                                   << rxVci << ": no such receive VC on this port");
    if (m_connOfArrival.size() <= arrival)
    {
        m_connOfArrival.resize(arrival + 1, NONE);
    }
    NS_ABORT_MSG_IF(m_connOfArrival[arrival] != NONE,
                    "AtmAbrGate (" << port->GetContext() << "): incoming VPI/VCI = " << rxVpi << "/"
                                   << rxVci << ": already an ABR connection");
    m_connOfArrival[arrival] = c;
    if (!m_connected)
    {
        port->GetQueueDisc()->TraceConnectWithoutContext(
            "Enqueue",
            MakeCallback(&AtmAbrGate::CellQueued, this));
        port->TraceConnectWithoutContext("PhyRxEnd", MakeCallback(&AtmAbrGate::CellReceived, this));
        m_connected = true;
    }
    const auto [vpi, vci] = port->GetTxLabel(slot);
    source->Start(AtmSimulatorImpl::CurrentTime(),
                  port->GetContext() + " VC " + std::to_string(vpi) + "/" + std::to_string(vci));
    m_conns.push_back(
        Conn{slot, IDLE, false, source, destination, PeekPointer(port->GetTxVc(slot)), AtmCell()});
    m_timers.emplace_back();
    m_connOf[slot] = c;
    port->SetTxVcBlocked(slot, true);
    if (port->GetQueueDisc()->GetVcCells(slot) > 0)
    {
        ScheduleNext(c);
    }
}

Ptr<AtmAbrSource>
AtmAbrGate::GetSource(uint32_t slot) const
{
    return (slot < m_connOf.size() && m_connOf[slot] != NONE) ? m_conns[m_connOf[slot]].source
                                                              : nullptr;
}

Ptr<AtmAbrDestination>
AtmAbrGate::GetDestination(uint32_t slot) const
{
    return (slot < m_connOf.size() && m_connOf[slot] != NONE) ? m_conns[m_connOf[slot]].dest
                                                              : nullptr;
}

uint32_t
AtmAbrGate::GetNConnections() const
{
    return static_cast<uint32_t>(m_conns.size());
}

Ptr<AtmAbrSource>
AtmAbrGate::GetConnectionSource(uint32_t c) const
{
    return m_conns.at(c).source;
}

Ptr<AtmAbrDestination>
AtmAbrGate::GetConnectionDestination(uint32_t c) const
{
    return m_conns.at(c).dest;
}

void
AtmAbrGate::ScheduleNext(uint32_t c)
{
    Conn& conn = m_conns[c];
    AtmCellTimer& timer = m_timers[c];
    timer.Cancel();
    const Time next = conn.source->GetNextSendTime();
    const Time now = AtmSimulatorImpl::CurrentTime();
    conn.state = WAITING;
    if (next == Time::Max())
    {
        return; // ACR = 0 and no TCR: only a backward RM cell can revive it
    }
    if (next <= now)
    {
        Opportunity(c);
        return;
    }
    if (!timer.HasFunction())
    {
        timer.SetFunction(&AtmAbrGate::Opportunity, this, c); // an idle VC has none
    }
    timer.Schedule(next - now);
}

void
AtmAbrGate::Opportunity(uint32_t c)
{
    Conn& conn = m_conns[c];
    // No NS_LOG_FUNCTION: this runs for every cell of the VC.
    AtmNetDevice* port = GetPort();
    const bool haveData = port->GetQueueDisc()->GetVcCells(conn.slot) > 0;
    AtmCell rm;
    const auto [vpi, vci] = port->GetTxLabel(conn.slot);
    rm.SetLabel(vpi, vci);
    switch (conn.source->OnTransmitOpportunity(AtmSimulatorImpl::CurrentTime(),
                                               haveData,
                                               conn.brmPending,
                                               rm))
    {
    case AtmAbrSource::NONE:
        conn.state = IDLE;
        return;
    case AtmAbrSource::DATA:
        // Open the slot for one cell; NotifyTransmit closes it (possibly
        // from inside this call, when the port is idle).
        conn.state = RELEASED;
        port->SetTxVcBlocked(conn.slot, false);
        return;
    case AtmAbrSource::BACKWARD_RM:
        conn.brmPending = false;
        PushControl(c, conn.brm);
        break;
    case AtmAbrSource::FORWARD_RM:
    case AtmAbrSource::OUT_OF_RATE_RM:
        PushControl(c, rm);
        break;
    }
    ScheduleNext(c);
}

void
AtmAbrGate::NotifyTransmit(uint32_t slot)
{
    if (slot >= m_connOf.size() || m_connOf[slot] == NONE)
    {
        return;
    }
    const uint32_t c = m_connOf[slot];
    NS_ASSERT_MSG(m_conns[c].state == RELEASED, "ABR slot " << slot << " sent while closed");
    GetPort()->GetQueueDisc()->SetVcBlocked(slot, true);
    ScheduleNext(c);
}

void
AtmAbrGate::CellQueued(const AtmCell& /* cell */, uint32_t slot)
{
    if (slot < m_connOf.size() && m_connOf[slot] != NONE && m_conns[m_connOf[slot]].state == IDLE)
    {
        ScheduleNext(m_connOf[slot]);
    }
}

void
AtmAbrGate::PushControl(uint32_t c, AtmCell cell)
{
    const auto [vpi, vci] = GetPort()->GetTxLabel(m_conns[c].slot);
    cell.SetLabel(vpi, vci);
    m_control.PushBack(Control{cell, c});
    GetPort()->WantControlSlot();
}

bool
AtmAbrGate::TakeControlCell(AtmCell& cell)
{
    if (m_control.Empty())
    {
        return false;
    }
    const Control control = m_control.PopFront();
    cell = control.cell;
    AtmVc* vc = m_conns[control.conn].vc;
    if (vc)
    {
        vc->NotifySent();
    }
    ++m_nRmSent;
    return true;
}

void
AtmAbrGate::ReceiveControlCell(const AtmCell& cell)
{
    NS_LOG_FUNCTION(this << cell);
    const uint32_t c = FindConnection(cell);
    if (c == NONE || !AtmRmCell::IsRm(cell))
    {
        // An RM cell of a VC without ABR here: counted as received on its
        // VC by the port, and ignored, as a destination without ABR would.
        NS_LOG_LOGIC("RM cell of a VC without ABR: " << cell);
        return;
    }
    Conn& conn = m_conns[c];
    if (AtmRmCell::GetDir(cell))
    {
        conn.source->OnBackwardRm(cell, AtmSimulatorImpl::CurrentTime());
        if (conn.state == WAITING)
        {
            ScheduleNext(c); // ACR changed: so did the next send time
        }
        return;
    }
    const AtmCell brm = conn.dest->TurnAround(cell);
    if (conn.state == IDLE)
    {
        PushControl(c, brm); // the source is not sending: at once
        return;
    }
    if (conn.brmPending)
    {
        ++m_nBrmReplaced;
        m_brmReplaced(conn.slot);
    }
    conn.brm = brm;
    conn.brmPending = true;
}

uint32_t
AtmAbrGate::FindConnection(const AtmCell& cell) const
{
    const uint32_t arrival = GetPort()->GetArrivingIndex(cell.GetVpi(), cell.GetVci());
    return arrival < m_connOfArrival.size() ? m_connOfArrival[arrival] : NONE;
}

void
AtmAbrGate::CellReceived(const AtmCell& cell)
{
    if (!cell.IsData())
    {
        return;
    }
    const uint32_t c = FindConnection(cell);
    if (c != NONE)
    {
        m_conns[c].dest->OnDataCell(cell);
    }
}

uint64_t
AtmAbrGate::GetNRmSent() const
{
    return m_nRmSent;
}

uint64_t
AtmAbrGate::GetNBrmReplaced() const
{
    return m_nBrmReplaced;
}

} // namespace ns3
