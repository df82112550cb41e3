/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-aal5-endpoint.h"

#include "atm-byte-order.h"
#include "atm-compat.h"
#include "atm-net-device.h"
#include "atm-queue-disc.h"
#include "atm-simulator-impl.h"
#include "atm-trace-source-accessor.h"
#include "atm-vc.h"

#include "ns3/abort.h"
#include "ns3/llc-snap-header.h"
#include "ns3/log.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmAal5Endpoint");

NS_OBJECT_ENSURE_REGISTERED(AtmAal5Endpoint);

namespace
{
/// LLC/SNAP header of routed non-ISO PDUs (RFC 2684 5.1), without the EtherType.
const uint8_t LLC_SNAP_PREFIX[6] = {0xAA, 0xAA, 0x03, 0x00, 0x00, 0x00};
/// First octets of a VC address.
const uint8_t VC_ADDRESS_PREFIX[2] = {0x02, 0x00};
} // namespace

TypeId
AtmAal5Endpoint::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmAal5Endpoint")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddConstructor<AtmAal5Endpoint>()
            .AddAttribute("Encapsulation",
                          "RFC 2684 encapsulation of the frames on every VC of the port.",
                          EnumValue(AtmAal5Endpoint::LLC_SNAP),
                          AtmMakeEnumAccessor<Encapsulation>(&AtmAal5Endpoint::m_encapsulation),
                          MakeEnumChecker(AtmAal5Endpoint::LLC_SNAP,
                                          "LlcSnap",
                                          AtmAal5Endpoint::VC_MUX,
                                          "VcMux"))
            .AddAttribute("VcMuxProtocol",
                          "The one EtherType a VC carries with VC multiplexing.",
                          UintegerValue(0x0800),
                          MakeUintegerAccessor(&AtmAal5Endpoint::m_vcMuxProtocol),
                          MakeUintegerChecker<uint16_t>())
            .AddAttribute("ReassemblyTimeout",
                          "A frame whose last cell has not come this long after its first "
                          "is discarded (ReassemblyTimeout).",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&AtmAal5Endpoint::m_reassemblyTimeout),
                          MakeTimeChecker(TimeStep(1)))
            .AddTraceSource("MacTx",
                            "A packet from the layer above was accepted for transmission.",
                            MakeAtmTraceSourceAccessor(&AtmAal5Endpoint::m_macTx),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("MacTxDrop",
                            "A packet from the layer above was refused, with the reason.",
                            MakeAtmTraceSourceAccessor(&AtmAal5Endpoint::m_macTxDrop),
                            "ns3::AtmAal5Endpoint::TxDropTracedCallback")
            .AddTraceSource("MacRx",
                            "A packet was delivered to the layer above.",
                            MakeAtmTraceSourceAccessor(&AtmAal5Endpoint::m_macRx),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("Aal5Tx",
                            "A CPCS-SDU (encapsulation included) was segmented onto a VC.",
                            MakeAtmTraceSourceAccessor(&AtmAal5Endpoint::m_aal5Tx),
                            "ns3::AtmAal5Endpoint::FrameTracedCallback")
            .AddTraceSource("Aal5Rx",
                            "A good CPCS-SDU (encapsulation included) was reassembled.",
                            MakeAtmTraceSourceAccessor(&AtmAal5Endpoint::m_aal5Rx),
                            "ns3::AtmAal5Endpoint::FrameTracedCallback")
            .AddTraceSource("FrameDrop",
                            "A frame was discarded by reassembly, with the reason.",
                            MakeAtmTraceSourceAccessor(&AtmAal5Endpoint::m_frameDrop),
                            "ns3::AtmAal5Endpoint::FrameDropTracedCallback");
    return tid;
}

AtmAal5Endpoint::AtmAal5Endpoint()
    : m_device(nullptr),
      m_encapsulation(LLC_SNAP),
      m_vcMuxProtocol(0x0800),
      m_reassemblyTimeout(Seconds(1)),
      m_txQueueLooked(false),
      m_framesSent(0),
      m_framesReceived(0),
      m_txDrops(0)
{
    NS_LOG_FUNCTION(this);
}

AtmAal5Endpoint::~AtmAal5Endpoint()
{
    NS_LOG_FUNCTION(this);
}

void
AtmAal5Endpoint::DoDispose()
{
    NS_LOG_FUNCTION(this);
    for (auto& r : m_rx)
    {
        r.timer.Cancel();
    }
    m_rx.clear();
    m_tx.clear();
    m_txQueue = nullptr;
    m_device = nullptr;
    Object::DoDispose();
}

void
AtmAal5Endpoint::SetDevice(AtmNetDevice* device)
{
    m_device = device;
}

Mac48Address
AtmAal5Endpoint::GetVcAddress(uint16_t vpi, uint16_t vci)
{
    uint8_t b[6] = {VC_ADDRESS_PREFIX[0], VC_ADDRESS_PREFIX[1]};
    AtmWriteBigEndian(b + 2, vpi, 2);
    AtmWriteBigEndian(b + 4, vci, 2);
    Mac48Address a;
    a.CopyFrom(b);
    return a;
}

Mac48Address
AtmAal5Endpoint::AddTxVc(uint32_t txSlot, Ptr<AtmVc> vc)
{
    NS_LOG_FUNCTION(this << txSlot);
    NS_ABORT_MSG_IF(!m_device, "AtmAal5Endpoint: no device");
    if (m_tx.size() <= txSlot)
    {
        m_tx.resize(txSlot + 1);
    }
    const auto [vpi, vci] = m_device->GetTxLabel(txSlot);
    m_tx[txSlot] = TxVc{PeekPointer(vc), vpi, vci, false};
    m_device->SetTxVcDequeueCallback(txSlot, MakeCallback(&AtmAal5Endpoint::CellDequeued, this));
    return GetVcAddress(vpi, vci);
}

std::vector<Ptr<AtmVc>>
AtmAal5Endpoint::GetIpVcs() const
{
    std::vector<Ptr<AtmVc>> vcs;
    for (const TxVc& t : m_tx)
    {
        if (t.vc)
        {
            vcs.emplace_back(t.vc);
        }
    }
    return vcs;
}

void
AtmAal5Endpoint::AddRxVc(uint32_t rxSlot, uint16_t vpi, uint16_t vci, Ptr<AtmVc> vc)
{
    NS_LOG_FUNCTION(this << rxSlot << vpi << vci);
    const auto index = static_cast<uint32_t>(m_rx.size());
    RxVc r;
    r.vc = PeekPointer(vc);
    r.vpi = vpi;
    r.vci = vci;
    m_rx.push_back(std::move(r));
    m_device->SetRxVcCallback(rxSlot,
                              MakeCallback(&AtmAal5Endpoint::ReceiveCell, this).Bind(index));
}

uint32_t
AtmAal5Endpoint::GetMaxFrameCells() const
{
    const uint32_t encap = (m_encapsulation == LLC_SNAP) ? LlcSnapHeader().GetSerializedSize() : 0;
    return AtmAal5Sar::GetNCells(m_device->GetMtu() + encap);
}

Ptr<NetDeviceQueue>
AtmAal5Endpoint::GetTxQueue()
{
    if (!m_txQueueLooked)
    {
        m_txQueueLooked = true;
        Ptr<NetDeviceQueueInterface> ndqi = m_device->GetObject<NetDeviceQueueInterface>();
        if (ndqi)
        {
            m_txQueue = ndqi->GetTxQueue(0);
        }
    }
    return m_txQueue;
}

bool
AtmAal5Endpoint::TxDrop(Ptr<const Packet> packet, const char* reason)
{
    NS_LOG_LOGIC(m_device->GetContext()
                 << ": frame of " << packet->GetSize() << " octets refused: " << reason);
    ++m_txDrops;
    m_macTxDrop(packet, reason);
    return false;
}

bool
AtmAal5Endpoint::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocol)
{
    NS_LOG_FUNCTION(this << packet << dest << protocol);
    uint32_t slot = AtmVcTable::NOT_FOUND;
    if (Mac48Address::IsMatchingType(dest))
    {
        uint8_t b[6];
        Mac48Address::ConvertFrom(dest).CopyTo(b);
        if (b[0] == VC_ADDRESS_PREFIX[0] && b[1] == VC_ADDRESS_PREFIX[1])
        {
            slot = m_device->GetTxSlot(static_cast<uint16_t>(AtmReadBigEndian(b + 2, 2)),
                                       static_cast<uint16_t>(AtmReadBigEndian(b + 4, 2)));
        }
    }
    if (slot == AtmVcTable::NOT_FOUND || slot >= m_tx.size() || !m_tx[slot].vc)
    {
        return TxDrop(packet, NO_VC_DROP);
    }
    if (packet->GetSize() > m_device->GetMtu())
    {
        return TxDrop(packet, MTU_DROP);
    }
    if (m_encapsulation == VC_MUX && protocol != m_vcMuxProtocol)
    {
        return TxDrop(packet, PROTOCOL_DROP);
    }
    Ptr<Packet> sdu = packet->Copy();
    if (m_encapsulation == LLC_SNAP)
    {
        LlcSnapHeader llc;
        llc.SetType(protocol);
        sdu->AddHeader(llc);
    }
    const uint32_t nCells = AtmAal5Sar::GetNCells(sdu->GetSize());
    Ptr<AtmQueueDisc> queue = m_device->GetQueueDisc();
    TxVc& t = m_tx[slot];
    if (queue->GetVcRoom(slot) < nCells)
    {
        return TxDrop(packet, QUEUE_FULL_DROP);
    }
    m_macTx(packet);
    m_aal5Tx(sdu, t.vpi, t.vci);

    // The CPCS-PDU stays with the VC while its cells are in the network.
    AtmVc* vc = t.vc;
    const auto firstSeq = static_cast<uint32_t>(vc->GetCellsSent());
    uint32_t frame;
    AtmAal5Sar::BuildCpcsPdu(sdu, 0, vc->GetPduStore().NewFrame(firstSeq, sdu, frame));
    vc->NotifyFrameSent(sdu->GetSize());
    ++m_framesSent;
    const Time now = AtmSimulatorImpl::CurrentTime();
    for (uint32_t k = 0; k < nCells; ++k)
    {
        AtmCell cell = AtmCell::MakeData(0, 0, firstSeq + k, now);
        cell.SetPayloadRef(frame);
        cell.SetAuu(k + 1 == nCells);
        vc->NotifySent();
        m_device->SendCell(slot, cell);
    }
    if (!t.full && queue->GetVcRoom(slot) < GetMaxFrameCells())
    {
        t.full = true;
        m_fullSlots.push_back(slot);
        Ptr<NetDeviceQueue> txq = GetTxQueue();
        if (txq && !txq->IsStopped())
        {
            NS_LOG_LOGIC(m_device->GetContext()
                         << ": VC slot " << slot << " full: transmit queue stopped");
            txq->Stop();
        }
    }
    return true;
}

void
AtmAal5Endpoint::CellDequeued()
{
    if (m_fullSlots.empty())
    {
        return;
    }
    Ptr<AtmQueueDisc> queue = m_device->GetQueueDisc();
    const uint32_t need = GetMaxFrameCells();
    auto hasRoom = [this, &queue, need](uint32_t slot) {
        m_tx[slot].full = queue->GetVcRoom(slot) < need;
        return !m_tx[slot].full;
    };
    m_fullSlots.erase(std::remove_if(m_fullSlots.begin(), m_fullSlots.end(), hasRoom),
                      m_fullSlots.end());
    if (m_fullSlots.empty())
    {
        Ptr<NetDeviceQueue> txq = GetTxQueue();
        if (txq && txq->IsStopped())
        {
            NS_LOG_LOGIC(m_device->GetContext() << ": room again: transmit queue woken");
            txq->Wake();
        }
    }
}

void
AtmAal5Endpoint::ReceiveCell(uint32_t index, const AtmCell& cell)
{
    RxVc& r = m_rx[index];
    const uint32_t frame = cell.GetPayloadRef();
    const uint32_t seq = cell.GetSequence();
    AtmPduStore& store = r.vc->GetPduStore();
    const uint8_t* payload = store.GetCellPayload(frame, seq);
    NS_ABORT_MSG_IF(!payload,
                    m_device->GetContext() << ": VC " << r.vpi << "/" << r.vci
                                           << ": cell of a frame no longer stored: " << cell);
    const bool wasIdle = r.held == 0 && !r.sar.IsInProgress();
    if (wasIdle)
    {
        r.firstFrame = frame;
    }
    // The cells of one stored frame, in order from the start of a
    // reassembly, are held back from the SAR. If they are the whole frame,
    // their octets are the PDU as sent, which the SAR would accept (its
    // CRC-32 and Length as BuildCpcsPdu wrote them): nothing to copy or
    // check. Any other cell first gives the SAR the held ones (their frame
    // is still stored: only a cell of a later frame releases it), so the
    // SAR sees the cells it always saw, in the same order.
    AtmAal5Sar::Result result;
    if (r.held == 0 ? wasIdle && !r.sar.IsDiscarding()
                    : frame == r.heldFrame && seq == r.heldSeq + r.held)
    {
        if (r.held == 0)
        {
            r.heldFrame = frame;
            r.heldSeq = seq;
        }
        ++r.held;
        if (!cell.GetAuu())
        {
            result = AtmAal5Sar::INCOMPLETE;
        }
        else if (store.IsWholeFrame(frame, r.heldSeq, r.held))
        {
            r.held = 0;
            result = AtmAal5Sar::FRAME_OK;
        }
        else
        {
            --r.held; // the SAR gets this last cell below
            PushHeld(r, store);
            result = r.sar.Push(payload, true);
        }
    }
    else
    {
        PushHeld(r, store);
        result = r.sar.Push(payload, cell.GetAuu());
    }
    // A good frame whose first and last cells are of one stored frame holds
    // that frame's cells only (a VC keeps its cells in order), none missing
    // (the Length check): its octets are the sent SDU's.
    const Ptr<const Packet> sent =
        result == AtmAal5Sar::FRAME_OK && r.firstFrame == frame ? store.GetSdu(frame) : nullptr;
    store.Release(frame, cell.GetAuu());
    switch (result)
    {
    case AtmAal5Sar::INCOMPLETE:
        if (wasIdle)
        {
            r.frameStart = AtmSimulatorImpl::CurrentTime();
            if (r.timer.IsExpired())
            {
                r.timer = Simulator::Schedule(m_reassemblyTimeout,
                                              &AtmAal5Endpoint::CheckTimeout,
                                              this,
                                              index);
            }
        }
        break;
    case AtmAal5Sar::FRAME_OK:
        Deliver(r, sent);
        break;
    case AtmAal5Sar::DISCARDING:
        break;
    default:
        DropFrame(r, AtmAal5Sar::GetErrorName(result));
        break;
    }
}

void
AtmAal5Endpoint::PushHeld(RxVc& r, const AtmPduStore& store)
{
    for (uint32_t k = 0; k < r.held; ++k)
    {
        const uint8_t* payload = store.GetCellPayload(r.heldFrame, r.heldSeq + k);
        NS_ABORT_MSG_IF(!payload,
                        m_device->GetContext() << ": held cell of a frame no longer stored");
        [[maybe_unused]] const AtmAal5Sar::Result result = r.sar.Push(payload, false);
        NS_ASSERT(result == AtmAal5Sar::INCOMPLETE);
    }
    r.held = 0;
}

void
AtmAal5Endpoint::CheckTimeout(uint32_t index)
{
    RxVc& r = m_rx[index];
    if (!r.sar.IsInProgress() && r.held == 0)
    {
        return;
    }
    const Time due = r.frameStart + m_reassemblyTimeout;
    if (Simulator::Now() >= due)
    {
        r.sar.Abort();
        r.held = 0;
        DropFrame(r, TIMEOUT_DROP);
        return;
    }
    // A later frame is in progress: check it when its own time is up.
    r.timer =
        Simulator::Schedule(due - Simulator::Now(), &AtmAal5Endpoint::CheckTimeout, this, index);
}

void
AtmAal5Endpoint::Deliver(RxVc& r, Ptr<const Packet> sent)
{
    // The SDU as sent, with its tags and metadata, as a PointToPointNetDevice
    // hands its peer the packet itself; the octets rebuilt from the cells
    // when they are not the sent SDU's (two frames merged into one that
    // still passed the CRC-32).
    Ptr<Packet> p = sent ? sent->Copy() : r.sar.GetFrame();
    uint16_t protocol = m_vcMuxProtocol;
    if (m_encapsulation == LLC_SNAP)
    {
        uint8_t head[sizeof(LLC_SNAP_PREFIX)];
        LlcSnapHeader llc;
        if (p->GetSize() < llc.GetSerializedSize() ||
            p->CopyData(head, sizeof(head)) != sizeof(head) ||
            !std::equal(head, head + sizeof(head), LLC_SNAP_PREFIX))
        {
            DropFrame(r, ENCAPSULATION_DROP);
            return;
        }
        m_aal5Rx(p, r.vpi, r.vci);
        p->RemoveHeader(llc);
        protocol = llc.GetType();
    }
    else
    {
        m_aal5Rx(p, r.vpi, r.vci);
    }
    ++m_framesReceived;
    r.vc->NotifyFrameReceived(p->GetSize());
    m_macRx(p);
    m_device->ForwardUp(p, protocol, GetVcAddress(r.vpi, r.vci));
}

void
AtmAal5Endpoint::DropFrame(RxVc& r, const char* reason)
{
    NS_LOG_LOGIC(m_device->GetContext()
                 << ": VC " << r.vpi << "/" << r.vci << ": frame discarded: " << reason);
    r.vc->NotifyFrameDrop(reason);
    m_frameDrop(r.vpi, r.vci, reason);
}

uint64_t
AtmAal5Endpoint::GetFramesSent() const
{
    return m_framesSent;
}

uint64_t
AtmAal5Endpoint::GetFramesReceived() const
{
    return m_framesReceived;
}

uint64_t
AtmAal5Endpoint::GetTxDrops() const
{
    return m_txDrops;
}

} // namespace ns3
