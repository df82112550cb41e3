/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-remote-channel.h"

#include "atm-credit-cell.h"
#include "atm-credit-receiver.h"
#include "atm-credit-sender.h"
#include "atm-net-device.h"
#include "atm-trace-source-accessor.h"
#include "atm-vc.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/mpi-interface.h"
#include "ns3/mpi-receiver.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"

#include <algorithm>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmRemoteChannel");

NS_OBJECT_ENSURE_REGISTERED(AtmRemoteChannel);

namespace
{

/**
 * The store of a port's sent credit (UPDATE) or credit_check (CHECK) cells.
 * @param port the port that sends such cells
 * @param type which cells
 * @return the store, or null when the port has no credit flow control
 */
AtmCreditCell*
SentCreditCells(Ptr<AtmNetDevice> port, AtmCreditCell::Type type)
{
    if (type == AtmCreditCell::UPDATE)
    {
        Ptr<AtmCreditReceiver> r = DynamicCast<AtmCreditReceiver>(port->GetReceiveAccounting());
        return r ? &r->GetSentCells() : nullptr;
    }
    Ptr<AtmCreditSender> s = DynamicCast<AtmCreditSender>(port->GetTransmitGate());
    return s ? &s->GetSentCells() : nullptr;
}

} // namespace

TypeId
AtmRemoteChannel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmRemoteChannel")
            .SetParent<AtmChannel>()
            .SetGroupName("Atm")
            .AddConstructor<AtmRemoteChannel>()
            .AddTraceSource("RankTx",
                            "A cell left for the other port's rank.",
                            MakeAtmTraceSourceAccessor(&AtmRemoteChannel::m_rankTx),
                            "ns3::AtmRemoteChannel::CellTracedCallback")
            .AddTraceSource("GhostCell",
                            "The copy of a port of another rank sent a cell here; not sent.",
                            MakeAtmTraceSourceAccessor(&AtmRemoteChannel::m_ghostCell),
                            "ns3::AtmRemoteChannel::CellTracedCallback");
    return tid;
}

AtmRemoteChannel::AtmRemoteChannel()
{
    NS_LOG_FUNCTION(this);
}

AtmRemoteChannel::~AtmRemoteChannel()
{
    NS_LOG_FUNCTION(this);
}

void
AtmRemoteChannel::ConnectRanks()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(GetNDevices() != 2,
                    "AtmRemoteChannel " << GetId() << ": connect both ports first");
    const uint32_t rank = MpiInterface::GetSystemId();
    if ((GetAtmDevice(0)->GetNode()->GetSystemId() == rank) !=
        (GetAtmDevice(1)->GetNode()->GetSystemId() == rank))
    {
        CheckDelay();
    }
    for (std::size_t i = 0; i < 2; ++i)
    {
        Ptr<AtmNetDevice> dev = GetAtmDevice(i);
        if (!dev->GetObject<MpiReceiver>())
        {
            Ptr<MpiReceiver> rx = CreateObject<MpiReceiver>();
            rx->SetReceiveCallback(MakeBoundCallback(&AtmRemoteChannel::ReceiveFromRank, dev));
            dev->AggregateObject(rx);
        }
    }
}

void
AtmRemoteChannel::CheckDelay() const
{
    NS_ABORT_MSG_IF(!GetDelay().IsStrictlyPositive(),
                    "AtmRemoteChannel " << GetId() << " (" << GetAtmDevice(0)->GetContext() << " - "
                                        << GetAtmDevice(1)->GetContext()
                                        << "): Delay = " << GetDelay().As(Time::US)
                                        << ": a link between ranks needs a positive "
                                           "propagation delay (it is the lookahead)");
}

uint32_t
AtmRemoteChannel::Encode(const AtmCell& cell, Ptr<AtmNetDevice> src, uint32_t slot, uint8_t* out)
{
    if (AtmCreditCell::IsCreditCell(cell))
    {
        const AtmCreditCell::Type type = AtmCreditCell::GetType(cell);
        AtmCreditCell* store = SentCreditCells(src, type);
        AtmCreditCell::Records records;
        NS_ABORT_MSG_IF(!store || !store->Peek(cell, records),
                        src->GetContext()
                            << ": credit cell " << cell << " whose records the port does not keep");
        uint8_t payload[AtmCell::PAYLOAD_SIZE];
        AtmCreditCell::Serialize(records, payload);
        cell.Serialize(out, payload);
        return AtmCell::SIZE;
    }
    const uint8_t* payload = nullptr;
    if (slot != AtmVcTable::NOT_FOUND)
    {
        const AtmVc* vc = src->PeekTxVc(slot);
        const AtmPduStore* frames = vc ? vc->PeekPduStore() : nullptr;
        payload =
            frames ? frames->GetCellPayload(cell.GetPayloadRef(), cell.GetSequence()) : nullptr;
    }
    cell.Serialize(out, payload);
    if (!payload)
    {
        return AtmCell::SIZE;
    }
    std::copy_n(cell.GetBody(), AtmCell::BODY_SIZE, out + AtmCell::SIZE);
    return AAL5_MESSAGE_SIZE;
}

void
AtmRemoteChannel::TransmitStart(const AtmCell& cell, AtmNetDevice* src, const Time& txTime)
{
    NS_LOG_FUNCTION(this << cell << txTime);
    const uint32_t rank = MpiInterface::GetSystemId();
    Ptr<AtmNetDevice> dst = GetPeer(src);
    if (src->GetNode()->GetSystemId() != rank)
    {
        m_ghostCell(cell);
        return;
    }
    if (dst->GetNode()->GetSystemId() == rank)
    {
        AtmChannel::TransmitStart(cell, src, txTime);
        return;
    }
    CheckDelay();
    // A data cell's VC at this port: where its frame is, if it has one.
    const uint32_t slot =
        cell.IsData() ? src->GetTxSlot(cell.GetVpi(), cell.GetVci()) : AtmVcTable::NOT_FOUND;
    uint8_t octets[AAL5_MESSAGE_SIZE];
    const uint32_t size = Encode(cell, src, slot, octets);
    m_rankTx(cell);
    MpiInterface::SendPacket(Create<Packet>(octets, size),
                             Simulator::Now() + txTime + GetDelay(),
                             dst->GetNode()->GetId(),
                             dst->GetIfIndex());
    if (size == AAL5_MESSAGE_SIZE)
    {
        ReleaseFrames(cell, src, slot);
    }
}

void
AtmRemoteChannel::ReleaseFrames(const AtmCell& cell, AtmNetDevice* src, uint32_t slot)
{
    // The frames of a VC on this rank are freed by the last of their users
    // here: the receiving AAL5 entity, or, when the VC ends on another
    // rank, the last port of this rank that hands its cells over to one.
    std::vector<uint8_t>& frees = m_freesFrames[GetEndIndex(src)];
    if (slot >= frees.size())
    {
        frees.resize(slot + 1, UNKNOWN);
    }
    AtmVc* vc = src->PeekTxVc(slot);
    if (frees[slot] == UNKNOWN)
    {
        frees[slot] = IsLastExit(*vc, src) ? YES : NO;
    }
    if (frees[slot] == YES)
    {
        vc->GetPduStore().Release(cell.GetPayloadRef(), cell.GetAuu());
    }
}

bool
AtmRemoteChannel::IsLastExit(const AtmVc& vc, const AtmNetDevice* src)
{
    const uint32_t rank = MpiInterface::GetSystemId();
    if (vc.GetDestinationDevice()->GetNode()->GetSystemId() == rank)
    {
        return false;
    }
    bool after = false;
    for (uint32_t i = 0; i < vc.GetNHops(); ++i)
    {
        const Ptr<AtmNetDevice> hop = vc.GetHopDevice(i);
        if (after && hop->GetNode()->GetSystemId() == rank)
        {
            return false;
        }
        after = after || PeekPointer(hop) == src;
    }
    return true;
}

void
AtmRemoteChannel::ReceiveFromRank(Ptr<AtmNetDevice> dst, Ptr<Packet> packet)
{
    NS_LOG_FUNCTION(dst << packet);
    uint8_t octets[AAL5_MESSAGE_SIZE];
    NS_ABORT_MSG_IF(packet->GetSize() != AtmCell::SIZE && packet->GetSize() != AAL5_MESSAGE_SIZE,
                    dst->GetContext() << ": a message of " << packet->GetSize()
                                      << " octets from another rank is not a cell");
    packet->CopyData(octets, packet->GetSize());
    AtmCell cell;
    const bool nni = dst->GetInterfaceType() == AtmNetDevice::NNI;
    if (AtmCell::Deserialize(octets, nni, cell) != AtmCell::DECODE_OK)
    {
        dst->DropCell(cell, AtmNetDevice::HEC_DROP);
        return;
    }
    if (!AtmCreditCell::IsCreditCell(cell))
    {
        AtmVc* vc = dst->FindArrivingVc(cell);
        NS_ABORT_MSG_IF(!vc, DescribeUnknownVc(dst, cell));
        if (packet->GetSize() == AAL5_MESSAGE_SIZE)
        {
            // An AAL5 cell: its real payload, then the body the sending
            // rank keeps with it. The frame is rebuilt here from the octets.
            std::copy_n(octets + AtmCell::SIZE, AtmCell::BODY_SIZE, cell.GetBody());
            vc->GetPduStore().Import(cell.GetPayloadRef(),
                                     cell.GetSequence(),
                                     octets + AtmCell::SIZE - AtmCell::PAYLOAD_SIZE);
        }
    }
    else
    {
        // Keep the records in this rank's copy of the sending port, where
        // the receiving port looks for them, and deliver the cell that
        // copy names them by.
        const AtmCreditCell::Type type = AtmCreditCell::GetType(cell);
        AtmCreditCell::Records records;
        AtmCreditCell::Deserialize(octets + 5, records);
        Ptr<AtmNetDevice> peer = dst->GetPeer();
        AtmCreditCell* store = peer ? SentCreditCells(peer, type) : nullptr;
        NS_ABORT_MSG_IF(!store,
                        dst->GetContext()
                            << ": credit cell from another rank, but this rank's copy of the "
                               "sending port has no credit flow control");
        cell = store->Push(type, records);
        cell.SetNni(nni);
    }
    AtmChannel* channel = dst->PeekChannel();
    channel->ArriveNow(channel->GetEndIndex(PeekPointer(dst)), cell);
}

std::string
AtmRemoteChannel::DescribeUnknownVc(Ptr<AtmNetDevice> dst, const AtmCell& cell)
{
    std::ostringstream os;
    os << dst->GetContext() << ": a cell on VPI/VCI " << cell.GetVpi() << "/" << cell.GetVci()
       << " arrived from rank " << dst->GetPeer()->GetNode()->GetSystemId()
       << ", but this port has no VC with that label on rank " << MpiInterface::GetSystemId()
       << ": every rank must create the same VCs in the same order";
    return os.str();
}

uint32_t
AtmRemoteChannel::MaxHandOversWithin(uint32_t dst, int64_t horizon) const
{
    // A cell handed over now on this link arrives one delay later: counting
    // over the horizon plus the delay counts every cell that may arrive.
    return AtmChannel::MaxHandOversWithin(dst, horizon + GetDelay().GetTimeStep());
}

void
AtmRemoteChannel::TransmitEnd(const AtmCell& cell, const AtmNetDevice* src, int64_t now)
{
    // A cell between ranks left at its start; one within this rank is
    // handed over as on any link.
    const uint32_t rank = MpiInterface::GetSystemId();
    const AtmNetDevice* dst = PeekPointer(GetAtmDevice(GetEndIndex(src) ^ 1));
    if (src->GetNode()->GetSystemId() == rank && dst->GetNode()->GetSystemId() == rank)
    {
        AtmChannel::TransmitEnd(cell, src, now);
    }
}

} // namespace ns3
