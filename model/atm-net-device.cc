/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-net-device.h"

#include "atm-aal5-endpoint.h"
#include "atm-channel.h"
#include "atm-compat.h"
#include "atm-port-behaviour.h"
#include "atm-port-flow-control.h"
#include "atm-queue-disc.h"
#include "atm-receive-accounting.h"
#include "atm-simulator-impl.h"
#include "atm-switch.h"
#include "atm-trace-source-accessor.h"
#include "atm-transmit-gate.h"
#include "atm-upc.h"
#include "atm-vc.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/error-model.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmNetDevice");

NS_OBJECT_ENSURE_REGISTERED(AtmNetDevice);

TypeId
AtmNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmNetDevice")
            .SetParent<AtmNetDeviceBase>()
            .SetGroupName("Atm")
            .AddConstructor<AtmNetDevice>()
            .AddAttribute(
                "DataRate",
                "Line rate of the port (with SonetFraming, the SONET line rate).",
                DataRateValue(DataRate("155.52Mbps")),
                MakeDataRateAccessor(&AtmNetDevice::SetDataRate, &AtmNetDevice::GetDataRate),
                MakeDataRateChecker())
            .AddAttribute(
                "SonetFraming",
                "Carry cells in SONET STS-Nc frames: cells get 26/27 of the line "
                "rate (OC-3c: 149.76 of 155.52 Mb/s).",
                BooleanValue(true),
                MakeBooleanAccessor(&AtmNetDevice::SetSonetFraming, &AtmNetDevice::GetSonetFraming),
                MakeBooleanChecker())
            .AddAttribute("InterfaceType",
                          "Header format on this link.",
                          EnumValue(AtmNetDevice::UNI),
                          AtmMakeEnumAccessor<InterfaceType>(&AtmNetDevice::m_interface),
                          MakeEnumChecker(AtmNetDevice::UNI, "UNI", AtmNetDevice::NNI, "NNI"))
            .AddAttribute("Mtu",
                          "MTU offered to the layer above (RFC 1626 default for IP over ATM).",
                          UintegerValue(9180),
                          MakeUintegerAccessor(&AtmNetDevice::SetMtu, &AtmNetDevice::GetMtu),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute(
                "QueueDisc",
                "The transmit queue disc of the port.",
                PointerValue(),
                MakePointerAccessor(&AtmNetDevice::SetQueueDisc, &AtmNetDevice::GetQueueDisc),
                MakePointerChecker<AtmQueueDisc>())
            .AddAttribute("ReceiveErrorModel",
                          "Error model applied to each received cell; a corrupted cell "
                          "fails its HEC check and is dropped (HecError).",
                          PointerValue(),
                          MakePointerAccessor(&AtmNetDevice::SetReceiveErrorModel,
                                              &AtmNetDevice::GetReceiveErrorModel),
                          MakePointerChecker<ErrorModel>())
            .AddAttribute("PortBehaviour",
                          "Port behaviour (EFCI marking, explicit rate) on the ABR cells "
                          "this switch port transmits; null: none.",
                          PointerValue(),
                          MakePointerAccessor(&AtmNetDevice::SetPortBehaviour,
                                              &AtmNetDevice::GetPortBehaviour),
                          MakePointerChecker<AtmPortBehaviour>())
            .AddAttribute("Upc",
                          "Usage parameter control of the cells arriving on this switch "
                          "port (an AtmGcraUpc); null: none.",
                          PointerValue(),
                          MakePointerAccessor(&AtmNetDevice::SetUpc, &AtmNetDevice::GetUpc),
                          MakePointerChecker<AtmUpc>())
            .AddAttribute("TransmitGate",
                          "What decides when each VC may send (an AtmCreditSender, an "
                          "AtmAbrGate); null: every VC may. Set by the credit and ABR "
                          "helpers.",
                          TypeId::ATTR_GET,
                          PointerValue(),
                          MakePointerAccessor(&AtmNetDevice::GetTransmitGate),
                          MakePointerChecker<AtmTransmitGate>())
            .AddAttribute("ReceiveAccounting",
                          "What counts the cells arriving on each VC (an "
                          "AtmCreditReceiver); null: none. Set by AtmCreditHelper.",
                          TypeId::ATTR_GET,
                          PointerValue(),
                          MakePointerAccessor(&AtmNetDevice::GetReceiveAccounting),
                          MakePointerChecker<AtmReceiveAccounting>())
            .AddTraceSource("PhyTxBegin",
                            "A cell starts on the wire.",
                            MakeAtmTraceSourceAccessor(&AtmNetDevice::m_phyTxBegin),
                            "ns3::AtmNetDevice::CellTracedCallback")
            .AddTraceSource("PhyTxEnd",
                            "A cell has been sent.",
                            MakeAtmTraceSourceAccessor(&AtmNetDevice::m_phyTxEnd),
                            "ns3::AtmNetDevice::CellTracedCallback")
            .AddTraceSource("PhyRxEnd",
                            "A cell has been received from the link.",
                            MakeAtmTraceSourceAccessor(&AtmNetDevice::m_phyRxEnd),
                            "ns3::AtmNetDevice::CellTracedCallback")
            .AddTraceSource("Drop",
                            "A cell was lost at this port (queue disc or receive side), "
                            "with the reason.",
                            MakeAtmTraceSourceAccessor(&AtmNetDevice::m_traceDrop),
                            "ns3::AtmNetDevice::DropTracedCallback");
    return tid;
}

AtmNetDevice::AtmNetDevice()
{
    NS_LOG_FUNCTION(this);
    UpdateCellTime();
    m_errorProbe = Create<Packet>(AtmCell::SIZE);
    m_txCompleteEvent = Create<TransmitCompleteEvent>(this);
}

AtmNetDevice::TransmitCompleteEvent::TransmitCompleteEvent(AtmNetDevice* device)
    : m_device(device)
{
}

void
AtmNetDevice::TransmitCompleteEvent::Notify()
{
    m_device->TransmitComplete();
}

AtmNetDevice::~AtmNetDevice()
{
    NS_LOG_FUNCTION(this);
}

void
AtmNetDevice::DoInitialize()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_queue, "AtmNetDevice (" << GetContext() << "): QueueDisc is not set");
    m_vcs.ShrinkToFit();
    m_queue->Initialize();
    m_flowControl.Initialize(GetContext());
    NetDevice::DoInitialize();
}

void
AtmNetDevice::DoDispose()
{
    NS_LOG_FUNCTION(this);
    if (m_queue)
    {
        m_queue->Dispose();
    }
    m_flowControl.Dispose();
    m_channel = nullptr;
    if (m_peer)
    {
        m_peer->m_peer = nullptr;
        m_peer = nullptr;
    }
    m_queue = nullptr;
    m_switch = nullptr;
    m_rxErrorModel = nullptr;
    m_rxUnchecked = false;
    m_errorProbe = nullptr;
    m_txCompleteEvent = nullptr;
    m_vcs.Clear();
    AtmNetDeviceBase::DoDispose();
}

void
AtmNetDevice::SetDataRate(DataRate rate)
{
    NS_LOG_FUNCTION(this << rate);
    AtmSwitch::UndeferAll(); // a change during the run: see UndeferAll
    m_line.SetDataRate(rate, GetContext());
    UpdateCellTime();
}

void
AtmNetDevice::SetReceiveErrorModel(Ptr<ErrorModel> model)
{
    NS_LOG_FUNCTION(this << model);
    AtmSwitch::UndeferAll(); // cells due before now meet the model they came under
    m_rxErrorModel = model;
    UpdateReceiveChecks();
    AtmLazyArrival::NoteConfigChange();
}

Ptr<ErrorModel>
AtmNetDevice::GetReceiveErrorModel() const
{
    return m_rxErrorModel;
}

void
AtmNetDevice::SetSonetFraming(bool sonet)
{
    AtmSwitch::UndeferAll();
    m_line.SetSonetFraming(sonet);
    UpdateCellTime();
}

void
AtmNetDevice::UpdateCellTime()
{
    m_cellTime = m_line.GetCellTime();
    m_cellSteps = m_cellTime.GetTimeStep();
    AtmChannel::NotifyTimingChange(); // a bound of the senders' hand-overs
}

bool
AtmNetDevice::Attach(Ptr<AtmChannel> channel)
{
    NS_LOG_FUNCTION(this << channel);
    m_channel = channel;
    m_straight = channel->IsFastPath();
    channel->Attach(this);
    // Each end's gate has a new other end.
    NotifyPeerAccountingChanged();
    if (Ptr<AtmNetDevice> peer = GetPeer())
    {
        peer->NotifyPeerAccountingChanged();
        m_peer = PeekPointer(peer);
        peer->m_peer = this;
    }
    UpdateReceiveChecks();
    NotifyLinkChange();
    return true;
}

void
AtmNetDevice::SetQueueDisc(Ptr<AtmQueueDisc> queue)
{
    NS_LOG_FUNCTION(this << queue);
    AtmSwitch::UndeferAll();
    if (!queue)
    {
        return;
    }
    queue->TakePlaceOf(PeekPointer(m_queue), GetContext());
    m_queue = queue;
    m_queue->SetContext(GetContext());
    m_queue->SetDropCallback(MakeCallback(&AtmNetDevice::QueueDrop, this));
    AtmLazyArrival::NoteConfigChange();
}

Ptr<AtmQueueDisc>
AtmNetDevice::GetQueueDisc() const
{
    return m_queue;
}

void
AtmNetDevice::SetSwitch(AtmSwitch* sw, uint32_t port)
{
    m_switch = sw;
    m_switchPort = port;
}

uint32_t
AtmNetDevice::AddTxVc(uint16_t vpi, uint16_t vci, Ptr<AtmVc> vc, uint32_t weight)
{
    NS_LOG_FUNCTION(this << vpi << vci << weight);
    NS_ABORT_MSG_IF(!m_queue, "AtmNetDevice (" << GetContext() << "): QueueDisc is not set");
    const uint32_t slot = m_vcs.AddTxVc(vpi, vci, vc, *this);
    m_queue->AddVc(slot, weight, vc ? vc->GetCategory() : AtmServiceCategory::UBR);
    m_flowControl.AddTxVc(slot);
    return slot;
}

void
AtmNetDevice::SetAal5Endpoint(Ptr<AtmAal5Endpoint> endpoint)
{
    NS_LOG_FUNCTION(this << endpoint);
    NS_ABORT_MSG_IF(m_switch,
                    "AtmNetDevice (" << GetContext()
                                     << "): a switch port carries cells only, not AAL5 frames");
    SetAal5(endpoint);
    endpoint->SetDevice(this);
}

void
AtmNetDevice::SetTxVcDequeueCallback(uint32_t slot, Callback<void> cb, const void* state)
{
    m_vcs.SetDequeueCallback(slot, cb, state, *this);
}

void
AtmNetDevice::SetTxBlocked(bool blocked)
{
    m_txBlocked = blocked;
    if (!blocked)
    {
        TransmitStart();
    }
}

void
AtmNetDevice::SetTxVcBlocked(uint32_t slot, bool blocked)
{
    m_queue->SetVcBlocked(slot, blocked);
    if (!blocked)
    {
        TransmitStart();
    }
}

uint32_t
AtmNetDevice::AddRxVc(uint16_t vpi, uint16_t vci, Ptr<AtmVc> vc)
{
    NS_LOG_FUNCTION(this << vpi << vci);
    AtmPortVcs::CheckVpi(vpi, "incoming", *this);
    NS_ABORT_MSG_IF(m_switch,
                    "AtmNetDevice (" << GetContext()
                                     << "): a switch port has no receive VCs (the switch's "
                                        "table holds its arriving VCs)");
    // A host's receive VCs are its arriving VCs: one label table, one index.
    const uint32_t slot = AddArrivingVc(vpi, vci);
    m_vcs.AddRxVc(vc);
    return slot;
}

uint32_t
AtmNetDevice::AddArrivingVc(uint16_t vpi, uint16_t vci)
{
    const uint32_t index = m_vcs.AddArrivingVc(vpi, vci, *this);
    m_flowControl.AddArrivingVc(index);
    return index;
}

Ptr<AtmNetDevice>
AtmNetDevice::GetPeer() const
{
    return m_channel ? m_channel->GetPeer(Ptr<const AtmNetDevice>(this)) : nullptr;
}

uint32_t
AtmNetDevice::GetLinkRttCells() const
{
    const double delay = m_channel ? m_channel->GetDelay().GetSeconds() : 0;
    return static_cast<uint32_t>(std::ceil(2 * delay / m_cellTime.GetSeconds())) + 2;
}

uint32_t
AtmNetDevice::GetCellsInNode() const
{
    SyncSwitch();
    return m_flowControl.GetCellsInNode();
}

inline void
AtmNetDevice::Departed(uint32_t slot)
{
    const AtmPortVcs::TxVc& t = m_vcs.GetTx(slot);
    if (t.arrivalPort)
    {
        t.arrivalPort->NotifyDeparture(t.arrivalIndex);
    }
}

void
AtmNetDevice::SetTransmitGate(Ptr<AtmTransmitGate> gate)
{
    m_flowControl.SetTransmitGate(this, gate, m_vcs.GetNTxVcs());
    AtmLazyArrival::NoteConfigChange();
}

Ptr<AtmTransmitGate>
AtmNetDevice::GetTransmitGate() const
{
    return m_flowControl.GetTransmitGate();
}

void
AtmNetDevice::SetReceiveAccounting(Ptr<AtmReceiveAccounting> accounting)
{
    m_flowControl.SetReceiveAccounting(this, accounting, m_vcs.GetNArrivingVcs());
    if (Ptr<AtmNetDevice> peer = GetPeer())
    {
        peer->NotifyPeerAccountingChanged();
    }
    AtmLazyArrival::NoteConfigChange();
}

void
AtmNetDevice::NotifyPeerAccountingChanged() const
{
    if (AtmTransmitGate* gate = m_flowControl.PeekTransmitGate())
    {
        gate->NotifyPeerAccountingChanged();
    }
}

Ptr<AtmReceiveAccounting>
AtmNetDevice::GetReceiveAccounting() const
{
    return m_flowControl.GetReceiveAccounting();
}

void
AtmNetDevice::WantControlSlot()
{
    m_controlWanted = true;
    TransmitStart();
}

void
AtmNetDevice::SetPortBehaviour(Ptr<AtmPortBehaviour> behaviour)
{
    AtmSwitch::UndeferAll();
    m_flowControl.SetPortBehaviour(behaviour, IsInitialized(), GetContext());
    AtmLazyArrival::NoteConfigChange();
}

void
AtmNetDevice::SetUpc(Ptr<AtmUpc> upc)
{
    NS_LOG_FUNCTION(this << upc);
    AtmSwitch::UndeferAll();
    m_flowControl.SetUpc(upc, m_switch != nullptr, IsInitialized(), GetContext());
    AtmLazyArrival::NoteConfigChange();
}

Ptr<AtmUpc>
AtmNetDevice::GetUpc() const
{
    return m_flowControl.GetUpc();
}

Ptr<AtmPortBehaviour>
AtmNetDevice::GetPortBehaviour() const
{
    return m_flowControl.GetPortBehaviour();
}

AtmPortState
AtmNetDevice::GetPortState(uint32_t slot) const
{
    return GetPortState(slot, AtmSimulatorImpl::CurrentTime());
}

AtmPortState
AtmNetDevice::GetPortState(uint32_t slot, Time now) const
{
    return AtmPortState::FromQueueDisc(*m_queue, slot, GetCellRate(), now);
}

void
AtmNetDevice::SyncSwitch() const
{
    if (m_switch)
    {
        m_switch->SyncArrivals();
    }
}

bool
AtmNetDevice::SendCell(uint32_t slot, AtmCell cell)
{
    return SendCell(slot, cell, AtmSimulatorImpl::CurrentTimeStep());
}

bool
AtmNetDevice::SendCell(uint32_t slot, AtmCell cell, int64_t now)
{
    // No NS_LOG on the per-cell path: it costs even when off.
    const AtmPortVcs::TxVc& t = m_vcs.GetTx(slot);
    cell.Relabel(t.vpi, t.vci, m_interface == NNI);
    if (m_txState == READY && m_straight && !m_controlWanted && !m_txBlocked &&
        m_queue->CanPassStraight(slot))
    {
        // The straight path: what Enqueue() and TransmitStart() would do
        // at this instant, without storing the cell in the queue disc.
        NS_ASSERT(now == Simulator::Now().GetTimeStep());
        if (!m_queue->PassStraight(cell, slot, now))
        {
            return false;
        }
        m_txCell = cell;
        Launch(slot, now);
        return true;
    }
    if (!m_queue->Enqueue(cell, slot, now))
    {
        return false;
    }
    if (m_txState == READY)
    {
        // A lazy arrival waits only while its output port sends: an idle
        // port gets its cells at their arrival time.
        NS_ASSERT(now == Simulator::Now().GetTimeStep());
        TransmitStart(now);
    }
    return true;
}

void
AtmNetDevice::TransmitStart()
{
    TransmitStart(AtmSimulatorImpl::CurrentTimeStep());
}

void
AtmNetDevice::TransmitStart(int64_t now)
{
    if (m_txState != READY || !m_channel)
    {
        return;
    }
    // Control cells of the flow-control plug-ins go before data cells.
    if (m_controlWanted)
    {
        if (m_flowControl.TakeControlCell(m_txCell))
        {
            m_txCell.SetNni(m_interface == NNI);
            ++m_nControlTx;
            StartOnWire(now);
            return;
        }
        m_controlWanted = false;
    }
    uint32_t slot;
    if (m_txBlocked || !m_queue->Dequeue(m_txCell, slot, now))
    {
        return;
    }
    Launch(slot, now);
}

[[gnu::always_inline]] inline void
AtmNetDevice::Launch(uint32_t slot, int64_t now)
{
    AtmPortBehaviour* const behaviour = m_flowControl.PeekPortBehaviour();
    if (behaviour && m_txCell.IsData() && behaviour->HasDataDepartureHook())
    {
        behaviour->OnDataDeparture(m_txCell, slot, GetPortState(slot));
    }
    StartOnWire(now);
    if (m_txCell.IsData())
    {
        if (AtmTransmitGate* const gate = m_flowControl.PeekTransmitGate())
        {
            gate->NotifyTransmit(slot);
        }
        Departed(slot);
    }
    if (m_vcs.HasDequeueCallback(slot))
    {
        m_vcs.NotifyDequeue(slot);
        // A host port's VCs are served in turn, each a cell time apart, and
        // the work for each cell (its source, its counters) lies in objects
        // of its own: fetch the next one's while this one's cell is sent.
        m_vcs.PrefetchDequeue(m_queue->PeekNextVc());
    }
}

[[gnu::always_inline]] inline void
AtmNetDevice::StartOnWire(int64_t now)
{
    m_txState = BUSY;
    m_phyTxBegin(m_txCell);
    // One reference per pending run (no EventId: nothing cancels it).
    AtmSimulatorImpl::ScheduleCellEvent(m_nodeId, m_cellTime, PeekPointer(m_txCompleteEvent));
    m_txEnd = now + m_cellSteps;
    m_channel->TransmitStart(m_txCell, this, m_cellTime);
}

void
AtmNetDevice::TransmitComplete()
{
    NS_ASSERT(m_txState == BUSY);
    const int64_t now = m_txEnd; // this event runs when the cell ends
    if (m_switch)
    {
        // Cells that arrived before now; one that arrives now waits until
        // this one has left (at one instant cells leave before cells
        // arrive), so in a busy switch, where it is due now, nothing runs.
        m_switch->SyncArrivals(now - 1);
    }
    m_txState = READY;
    ++m_nTx;
    m_phyTxEnd(m_txCell);
    m_channel->TransmitEnd(m_txCell, this, now);
    if (m_controlWanted || m_queue->GetNCells() > 0)
    {
        TransmitStart(now);
    }
    if (m_switch)
    {
        m_switch->SyncArrivals(now); // cells that arrive as this one left
    }
}

bool
AtmNetDevice::PassesReceiveChecks(const AtmCell& cell)
{
    if (!m_channel->IsLinkUp())
    {
        DropCell(cell, LINK_DOWN_DROP);
        return false;
    }
    if (m_rxErrorModel && m_rxErrorModel->IsCorrupt(m_errorProbe))
    {
        DropCell(cell, HEC_DROP);
        return false;
    }
    return true;
}

void
AtmNetDevice::TakeCreditCell(const AtmCell& cell)
{
    if (!m_flowControl.ReceiveControlCell(cell))
    {
        DropCell(cell, NO_FLOW_CONTROL_DROP);
    }
}

void
AtmNetDevice::UpdateReceiveChecks()
{
    m_rxUnchecked = m_channel && m_channel->IsLinkUp() && !m_rxErrorModel;
}

void
AtmNetDevice::Receive(const AtmCell& cell)
{
    if (!TakeArrival(cell))
    {
        return;
    }
    if (m_switch)
    {
        m_switch->Forward(m_switchPort, cell);
        return;
    }
    const uint32_t slot = m_vcs.LookupArriving(cell.GetLabel());
    if (slot == AtmVcTable::NOT_FOUND)
    {
        DropCell(cell, UNKNOWN_VC_DROP);
        return;
    }
    if (cell.GetKind() == AtmCell::RM && !m_flowControl.PeekTransmitGate())
    {
        DropCell(cell, NO_FLOW_CONTROL_DROP); // ABR needs the gate (AtmAbrHelper)
        return;
    }
    const AtmPortVcs::RxVc& r = m_vcs.GetRxVc(slot);
    if (r.vc)
    {
        r.vc->NotifyReceived(cell);
    }
    if (!m_flowControl.ReceiveAtHost(cell, slot) && !r.cb.IsNull())
    {
        r.cb(cell);
    }
}

uint32_t
AtmNetDevice::PrefetchArrival(const AtmCell& cell) const
{
    if (m_switch)
    {
        return m_switch->PrepareArrival(m_switchPort, cell);
    }
    if (m_vcs.HasRxVcs())
    {
        m_vcs.PrefetchRxVc(cell.GetLabel());
    }
    return AtmVcTable::NOT_FOUND;
}

void
AtmNetDevice::PrefetchTxVc(uint32_t slot) const
{
    m_vcs.PrefetchTxVc(slot);
    m_queue->PrefetchVc(slot);
}

void
AtmNetDevice::DropCell(const AtmCell& cell, const char* reason)
{
    NS_LOG_FUNCTION(this << cell << reason);
    m_traceDrop(cell, reason);
    // A cell lost on the receive side is counted against its VC when the
    // label is known.
    AtmVc* vc = FindArrivingVc(cell);
    if (vc)
    {
        vc->NotifyDrop(cell, reason);
    }
}

AtmVc*
AtmNetDevice::FindArrivingVc(const AtmCell& cell) const
{
    if (m_switch)
    {
        return m_switch->FindArrivingVc(m_switchPort, cell);
    }
    const uint32_t slot = m_vcs.LookupArriving(cell.GetLabel());
    return slot == AtmVcTable::NOT_FOUND ? nullptr : PeekPointer(m_vcs.GetRxVc(slot).vc);
}

void
AtmNetDevice::QueueDrop(const AtmCell& cell, uint32_t slot, const char* reason, bool /* queued */)
{
    m_traceDrop(cell, reason);
    if (cell.IsData())
    {
        Departed(slot); // a dropped cell leaves the node too (CUP counts it)
    }
    AtmVc* vc = m_vcs.PeekTxVc(slot);
    if (vc)
    {
        vc->NotifyDrop(cell, reason);
    }
}

uint64_t
AtmNetDevice::GetCellsTransmitted() const
{
    return m_nTx;
}

uint64_t
AtmNetDevice::GetCellsReceived() const
{
    return m_nRx;
}

Ptr<AtmChannel>
AtmNetDevice::GetAtmChannel() const
{
    return m_channel;
}

void
AtmNetDevice::SetIfIndex(const uint32_t index)
{
    AtmNetDeviceBase::SetIfIndex(index);
    if (m_queue)
    {
        m_queue->SetContext(GetContext());
    }
}

Ptr<Channel>
AtmNetDevice::GetChannel() const
{
    return m_channel;
}

bool
AtmNetDevice::IsLinkUp() const
{
    return m_channel && m_channel->IsLinkUp();
}

void
AtmNetDevice::SetNode(Ptr<Node> node)
{
    AtmNetDeviceBase::SetNode(node);
    m_nodeId = node ? node->GetId() : 0;
    if (m_queue)
    {
        m_queue->SetContext(GetContext());
    }
}

} // namespace ns3
