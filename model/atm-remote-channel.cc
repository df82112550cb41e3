/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-remote-channel.h"

#include "atm-credit-cell.h"
#include "atm-credit-receiver.h"
#include "atm-credit-sender.h"
#include "atm-net-device.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/mpi-interface.h"
#include "ns3/mpi-receiver.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"

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
                            MakeTraceSourceAccessor(&AtmRemoteChannel::m_rankTx),
                            "ns3::AtmRemoteChannel::CellTracedCallback")
            .AddTraceSource("GhostCell",
                            "The copy of a port of another rank sent a cell here; not sent.",
                            MakeTraceSourceAccessor(&AtmRemoteChannel::m_ghostCell),
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

void
AtmRemoteChannel::Encode(const AtmCell& cell, Ptr<AtmNetDevice> src, uint8_t* out)
{
    if (!AtmCreditCell::IsCreditCell(cell))
    {
        cell.Serialize(out);
        return;
    }
    const AtmCreditCell::Type type = AtmCreditCell::GetType(cell);
    AtmCreditCell* store = SentCreditCells(src, type);
    AtmCreditCell::Records records;
    NS_ABORT_MSG_IF(!store || !store->Peek(cell, records),
                    src->GetContext()
                        << ": credit cell " << cell << " whose records the port does not keep");
    uint8_t payload[AtmCell::PAYLOAD_SIZE];
    AtmCreditCell::Serialize(records, payload);
    cell.Serialize(out, payload);
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
    uint8_t octets[AtmCell::SIZE];
    Encode(cell, src, octets);
    m_rankTx(cell);
    MpiInterface::SendPacket(Create<Packet>(octets, AtmCell::SIZE),
                             Simulator::Now() + txTime + GetDelay(),
                             dst->GetNode()->GetId(),
                             dst->GetIfIndex());
}

void
AtmRemoteChannel::ReceiveFromRank(Ptr<AtmNetDevice> dst, Ptr<Packet> packet)
{
    NS_LOG_FUNCTION(dst << packet);
    uint8_t octets[AtmCell::SIZE];
    NS_ABORT_MSG_IF(packet->GetSize() != AtmCell::SIZE,
                    dst->GetContext() << ": a message of " << packet->GetSize()
                                      << " octets from another rank is not a cell");
    packet->CopyData(octets, AtmCell::SIZE);
    AtmCell cell;
    const bool nni = dst->GetInterfaceType() == AtmNetDevice::NNI;
    if (AtmCell::Deserialize(octets, nni, cell) != AtmCell::DECODE_OK)
    {
        dst->DropCell(cell, AtmNetDevice::HEC_DROP);
        return;
    }
    if (AtmCreditCell::IsCreditCell(cell))
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

uint32_t
AtmRemoteChannel::MaxArrivalsWithin(uint32_t dst, int64_t horizon) const
{
    // A cell handed over now on this link arrives one delay later: counting
    // over the horizon plus the delay counts every cell that may arrive.
    return AtmChannel::MaxArrivalsWithin(dst, horizon + GetDelay().GetTimeStep());
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
