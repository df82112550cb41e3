/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-link-fifo-fabric.h"

#include "atm-net-device.h"
#include "atm-queue-disc.h"
#include "atm-switch.h"
#include "atm-trace-source-accessor.h"
#include "atm-vc-table.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmLinkFifoFabric");

NS_OBJECT_ENSURE_REGISTERED(AtmLinkFifoFabric);

TypeId
AtmLinkFifoFabric::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmLinkFifoFabric")
            .SetParent<AtmSwitchFabric>()
            .SetGroupName("Atm")
            .AddConstructor<AtmLinkFifoFabric>()
            .AddAttribute("FifoSize",
                          "Cells of the link FIFO at each input port (Link_RTT in Kung and "
                          "Wang's Fig. 3 (b); SetFifoSize overrides it per port).",
                          UintegerValue(80),
                          MakeUintegerAccessor(&AtmLinkFifoFabric::m_fifoSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute(
                "EpdThreshold",
                "Early Packet Discard at the link FIFO: refuse a whole AAL5 frame when, "
                "at its first cell, the link FIFO holds at least this many cells (0: EPD off; "
                "SetEpdThreshold overrides it per port).",
                UintegerValue(0),
                MakeUintegerAccessor(&AtmLinkFifoFabric::m_epdThreshold),
                MakeUintegerChecker<uint32_t>())
            .AddAttribute(
                "Ppd",
                "Partial Packet Discard at the link FIFO: after a cell of an AAL5 frame is "
                "dropped there, drop the rest of that frame but its last cell.",
                BooleanValue(false),
                MakeBooleanAccessor(&AtmLinkFifoFabric::m_ppd),
                MakeBooleanChecker())
            .AddTraceSource("FifoLength",
                            "A link FIFO's length changed (input port, cells).",
                            MakeAtmTraceSourceAccessor(&AtmLinkFifoFabric::m_traceLength),
                            "ns3::AtmLinkFifoFabric::LengthTracedCallback");
    return tid;
}

AtmLinkFifoFabric::AtmLinkFifoFabric()
    : m_fifoSize(80),
      m_epdThreshold(0),
      m_ppd(false)
{
    NS_LOG_FUNCTION(this);
}

AtmLinkFifoFabric::~AtmLinkFifoFabric()
{
    NS_LOG_FUNCTION(this);
}

std::string
AtmLinkFifoFabric::GetConfigError() const
{
    return m_epdThreshold > m_fifoSize ? "EpdThreshold = " + std::to_string(m_epdThreshold) +
                                             ": exceeds FifoSize = " + std::to_string(m_fifoSize)
                                       : "";
}

void
AtmLinkFifoFabric::DoDispose()
{
    m_inputs.clear();
    m_waitingOn.clear();
    m_pumping.clear();
    m_hooks.clear();
    AtmSwitchFabric::DoDispose();
}

void
AtmLinkFifoFabric::OutputHook::Sending(const AtmCell& /* cell */) const
{
    fabric->Pump(port);
}

void
AtmLinkFifoFabric::NotifyPortAdded(uint32_t port)
{
    NS_LOG_FUNCTION(this << port);
    if (port >= m_inputs.size())
    {
        m_inputs.resize(port + 1);
        m_waitingOn.resize(port + 1);
        m_pumping.resize(port + 1, 0);
        m_hooks.resize(port + 1);
    }
    const std::string error = GetConfigError();
    NS_ABORT_MSG_IF(!error.empty(),
                    "AtmLinkFifoFabric (" << GetSwitch()->GetContext() << "): " << error);
    if (m_inputs[port].size == 0)
    {
        m_inputs[port].size = m_fifoSize;
        m_inputs[port].epdThreshold = m_epdThreshold;
    }
    Ptr<AtmNetDevice> device = GetSwitch()->GetPort(port);
    m_inputs[port].port = PeekPointer(device);
    m_hooks[port] = std::make_unique<OutputHook>(OutputHook{this, port});
    // PhyTxBegin, not the queue disc's Dequeue: by then the port is busy,
    // so a cell handed over from inside the hook waits in the queue.
    device->TraceConnectWithoutContext("PhyTxBegin",
                                       MakeCallback(&OutputHook::Sending, m_hooks[port].get()));
}

void
AtmLinkFifoFabric::NotifyVcAdded(uint32_t route, uint32_t /* inPort */, uint32_t outPort)
{
    m_frames.AddVc(route);
    // The cell leaves the input port's accounting when it leaves the link
    // FIFO (Move), not when it leaves the output port.
    AtmNetDevice* out = m_inputs[outPort].port;
    out->SetTxVcArrival(GetSwitch()->GetRouteSlot(route), nullptr, 0);
}

void
AtmLinkFifoFabric::SetFifoSize(uint32_t port, uint32_t cells)
{
    NS_LOG_FUNCTION(this << port << cells);
    CheckPort(port, "SetFifoSize");
    NS_ABORT_MSG_IF(cells == 0,
                    "AtmLinkFifoFabric (" << GetSwitch()->GetContext() << "): port " << port
                                          << ": FifoSize = 0: a link FIFO holds at least one cell");
    m_inputs[port].size = cells;
}

void
AtmLinkFifoFabric::SetEpdThreshold(uint32_t port, uint32_t cells)
{
    NS_LOG_FUNCTION(this << port << cells);
    CheckPort(port, "SetEpdThreshold");
    NS_ABORT_MSG_IF(cells > m_inputs[port].size,
                    "AtmLinkFifoFabric (" << GetSwitch()->GetContext() << "): port " << port
                                          << ": EpdThreshold = " << cells
                                          << " exceeds its FifoSize = " << m_inputs[port].size);
    m_inputs[port].epdThreshold = cells;
}

uint32_t
AtmLinkFifoFabric::GetFifoSize(uint32_t port) const
{
    CheckPort(port, "GetFifoSize");
    return m_inputs[port].size;
}

uint32_t
AtmLinkFifoFabric::GetEpdThreshold(uint32_t port) const
{
    CheckPort(port, "GetEpdThreshold");
    return m_inputs[port].epdThreshold;
}

uint32_t
AtmLinkFifoFabric::GetFifoLength(uint32_t port) const
{
    CheckPort(port, "GetFifoLength");
    return m_inputs[port].fifo.Size();
}

uint32_t
AtmLinkFifoFabric::GetMaxFifoLength(uint32_t port) const
{
    CheckPort(port, "GetMaxFifoLength");
    return m_inputs[port].max;
}

uint64_t
AtmLinkFifoFabric::GetNFifoDrops(uint32_t port) const
{
    CheckPort(port, "GetNFifoDrops");
    return m_inputs[port].dropped;
}

bool
AtmLinkFifoFabric::HasRoom(const Waiting& w) const
{
    const uint32_t slot = GetSwitch()->GetRouteSlot(w.route);
    return m_inputs[w.outPort].port->GetQueueDisc()->GetVcRoom(slot) > 0;
}

void
AtmLinkFifoFabric::Move(const Waiting& w)
{
    GetSwitch()->NotifyLeftInput(w.route);
    GetSwitch()->Deliver(w.route, w.cell); // EPD/PPD may still refuse it there
}

void
AtmLinkFifoFabric::Transfer(uint32_t route, uint32_t inPort, uint32_t outPort, const AtmCell& cell)
{
    if (!cell.IsData())
    {
        GetSwitch()->Deliver(route, cell);
        return;
    }
    Input& in = m_inputs[inPort];
    const AtmFrameDiscard::Verdict v =
        m_frames.Arrive(route, cell.GetAuu(), in.epdThreshold, [&in]() { return in.fifo.Size(); });
    if (v.drop)
    {
        NS_LOG_LOGIC("link FIFO " << inPort << ": " << v.drop << " drop " << cell);
        ++in.dropped;
        GetSwitch()->DropInFabric(route, cell, v.drop);
        return;
    }
    const Waiting w{cell, route, outPort};
    if (in.fifo.Empty() && HasRoom(w))
    {
        Move(w); // through the empty FIFO at once
        return;
    }
    if (in.fifo.Size() >= in.size)
    {
        NS_LOG_LOGIC("link FIFO " << inPort << " full: drop " << cell);
        ++in.dropped;
        GetSwitch()->DropInFabric(route, cell, LINK_FIFO_DROP);
        m_frames.Damaged(route, m_ppd);
        return;
    }
    in.fifo.PushBack(w);
    in.max = std::max(in.max, in.fifo.Size());
    m_traceLength(inPort, in.fifo.Size());
    if (!in.waiting)
    {
        Drain(inPort);
    }
}

void
AtmLinkFifoFabric::Drain(uint32_t inPort)
{
    Input& in = m_inputs[inPort];
    const uint32_t before = in.fifo.Size();
    while (!in.fifo.Empty() && HasRoom(in.fifo.Front()))
    {
        const Waiting w = in.fifo.PopFront();
        Move(w);
    }
    if (in.fifo.Size() != before)
    {
        m_traceLength(inPort, in.fifo.Size());
    }
    if (!in.fifo.Empty())
    {
        in.waiting = true;
        m_waitingOn[in.fifo.Front().outPort].PushBack(inPort);
    }
}

void
AtmLinkFifoFabric::Pump(uint32_t outPort)
{
    // Moving a cell can start the output port again, and its PhyTxBegin
    // calls Pump for that port from inside this loop: the loop itself then
    // serves what that call would have.
    if (m_pumping[outPort])
    {
        return;
    }
    m_pumping[outPort] = 1;
    AtmCellRing<uint32_t>& waiting = m_waitingOn[outPort];
    while (!waiting.Empty() && HasRoom(m_inputs[waiting.Front()].fifo.Front()))
    {
        const uint32_t inPort = waiting.PopFront();
        m_inputs[inPort].waiting = false;
        Drain(inPort); // may queue it here again, behind the others
    }
    m_pumping[outPort] = 0;
}

} // namespace ns3
