/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-helper.h"

#include "ns3/abort.h"
#include "ns3/atm-aal5-endpoint.h"
#include "ns3/atm-channel.h"
#include "ns3/atm-compat.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-queue-disc.h"
#include "ns3/atm-switch.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/node-list.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#ifdef ATM_HAVE_MPI
#include "ns3/atm-remote-channel.h"
#include "ns3/mpi-interface.h"
#endif

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmHelper");

AtmHelper::AtmHelper()
{
    m_deviceFactory.SetTypeId("ns3::AtmNetDevice");
    m_channelFactory.SetTypeId("ns3::AtmChannel");
    m_queueFactory.SetTypeId("ns3::AtmPerVcQueueDisc");
    m_queueFactory.Set("MaxCells", UintegerValue(1U << 20));
    m_aal5Factory.SetTypeId("ns3::AtmAal5Endpoint");
}

void
AtmHelper::SetAal5Attribute(std::string name, const AttributeValue& value)
{
    m_aal5Factory.Set(name, value);
}

void
AtmHelper::SetDeviceAttribute(std::string name, const AttributeValue& value)
{
    m_deviceFactory.Set(name, value);
}

void
AtmHelper::SetChannelAttribute(std::string name, const AttributeValue& value)
{
    m_channelFactory.Set(name, value);
}

Ptr<AtmNetDevice>
AtmHelper::CreateDevice(Ptr<Node> node) const
{
    Ptr<AtmNetDevice> dev = m_deviceFactory.Create<AtmNetDevice>();
    node->AddDevice(dev);
    Ptr<AtmSwitch> sw = node->GetObject<AtmSwitch>();
    if (sw)
    {
        sw->AddPort(dev);
    }
    else
    {
        dev->SetQueueDisc(m_queueFactory.Create<AtmQueueDisc>());
        dev->SetAal5Endpoint(m_aal5Factory.Create<AtmAal5Endpoint>());
        dev->AggregateObject(CreateObject<NetDeviceQueueInterface>());
    }
    return dev;
}

NetDeviceContainer
AtmHelper::Install(Ptr<Node> a, Ptr<Node> b)
{
    NS_LOG_FUNCTION(this << a << b);
    NS_ABORT_MSG_IF(a == b, "AtmHelper::Install: node " << a->GetId() << " cannot link to itself");
    Ptr<AtmNetDevice> da = CreateDevice(a);
    Ptr<AtmNetDevice> db = CreateDevice(b);
    if (a->GetObject<AtmSwitch>() && b->GetObject<AtmSwitch>())
    {
        da->SetAttribute("InterfaceType", EnumValue(AtmNetDevice::NNI));
        db->SetAttribute("InterfaceType", EnumValue(AtmNetDevice::NNI));
    }
    Ptr<AtmChannel> ch = CreateChannel(a, b);
    da->Attach(ch);
    db->Attach(ch);
#ifdef ATM_HAVE_MPI
    if (Ptr<AtmRemoteChannel> remote = DynamicCast<AtmRemoteChannel>(ch))
    {
        remote->ConnectRanks();
    }
#endif
    NetDeviceContainer c;
    c.Add(da);
    c.Add(db);
    return c;
}

Ptr<AtmChannel>
AtmHelper::CreateChannel([[maybe_unused]] Ptr<Node> a, [[maybe_unused]] Ptr<Node> b) const
{
#ifdef ATM_HAVE_MPI
    // As PointToPointHelper: a link with an end on another rank (or both)
    // is an AtmRemoteChannel, with the same attributes.
    if (MpiInterface::IsEnabled() && (a->GetSystemId() != MpiInterface::GetSystemId() ||
                                      b->GetSystemId() != MpiInterface::GetSystemId()))
    {
        ObjectFactory remote = m_channelFactory;
        remote.SetTypeId("ns3::AtmRemoteChannel");
        return remote.Create<AtmChannel>();
    }
#endif
    return m_channelFactory.Create<AtmChannel>();
}

NetDeviceContainer
AtmHelper::Install(const NodeContainer& c)
{
    NS_ABORT_MSG_IF(c.GetN() != 2,
                    "AtmHelper::Install: a link joins 2 nodes, the container has " << c.GetN());
    return Install(c.Get(0), c.Get(1));
}

std::vector<Ptr<AtmNetDevice>>
AtmHelper::GetAllDevices()
{
    std::vector<Ptr<AtmNetDevice>> devices;
    for (auto n = NodeList::Begin(); n != NodeList::End(); ++n)
    {
        for (uint32_t i = 0; i < (*n)->GetNDevices(); ++i)
        {
            if (Ptr<AtmNetDevice> d = DynamicCast<AtmNetDevice>((*n)->GetDevice(i)))
            {
                devices.push_back(d);
            }
        }
    }
    return devices;
}

TypeId
AtmHelper::LookupType(const std::string& where, const std::string& name, const std::string& base)
{
    const TypeId b = TypeId::LookupByName(base);
    TypeId tid;
    const bool known = TypeId::LookupByNameFailSafe(name, &tid);
    if (known && tid.IsChildOf(b) && tid.HasConstructor())
    {
        return tid;
    }
    // Only for the message: the registered types that would fit.
    std::string fit;
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        const TypeId t = TypeId::GetRegistered(i);
        if (t.IsChildOf(b) && t.HasConstructor())
        {
            fit += (fit.empty() ? "" : ", ") + t.GetName();
        }
    }
    NS_FATAL_ERROR(where << ": type = " << name
                         << (known ? ": not a " + base + " that can be created ("
                                   : std::string(": no such TypeId ("))
                         << base << " types: " << fit << ")");
}

namespace
{

/**
 * One ascii trace line: tag, time in seconds, context, cell.
 * @param stream the file
 * @param tag '+' (queued), '-' (taken for transmission), 'r' (received), 'd' (dropped)
 * @param context device context
 * @param cell the cell
 */
void
AsciiCell(Ptr<OutputStreamWrapper> stream, char tag, std::string context, const AtmCell& cell)
{
    *stream->GetStream() << tag << " " << Simulator::Now().GetSeconds() << " " << context << " "
                         << cell << "\n";
}

/**
 * Ascii line for a queue disc event.
 * @param stream the file
 * @param tag '+' or '-'
 * @param context device context
 * @param cell the cell
 * @param slot its VC slot
 */
void
AsciiQueue(Ptr<OutputStreamWrapper> stream,
           char tag,
           std::string context,
           const AtmCell& cell,
           uint32_t slot)
{
    AsciiCell(stream, tag, context + " slot " + std::to_string(slot), cell);
}

/**
 * Ascii line for a dropped cell.
 * @param stream the file
 * @param context device context
 * @param cell the cell
 * @param reason why
 */
void
AsciiDrop(Ptr<OutputStreamWrapper> stream,
          std::string context,
          const AtmCell& cell,
          const char* reason)
{
    AsciiCell(stream, 'd', context + " " + reason, cell);
}

/// DLT_SUNATM, the pcap link type of ATM frames with a VPI/VCI pseudo-header.
constexpr uint32_t DLT_SUNATM = 123;

/**
 * Write one AAL5 frame as a DLT_SUNATM record.
 * @param file the pcap file
 * @param flags the pseudo-header's first octet (direction, traffic type)
 * @param sdu the CPCS-SDU
 * @param vpi the VPI
 * @param vci the VCI
 */
void
PcapFrame(Ptr<PcapFileWrapper> file,
          uint8_t flags,
          Ptr<const Packet> sdu,
          uint16_t vpi,
          uint16_t vci)
{
    std::vector<uint8_t> record(4 + sdu->GetSize());
    record[0] = flags;
    record[1] = static_cast<uint8_t>(vpi); // SunATM has one octet of VPI
    record[2] = static_cast<uint8_t>(vci >> 8);
    record[3] = static_cast<uint8_t>(vci);
    sdu->CopyData(record.data() + 4, sdu->GetSize());
    file->Write(Simulator::Now(), record.data(), static_cast<uint32_t>(record.size()));
}

} // namespace

void
AtmHelper::EnablePcapInternal(std::string prefix,
                              Ptr<NetDevice> nd,
                              bool /* promiscuous */,
                              bool explicitFilename)
{
    Ptr<AtmNetDevice> dev = nd->GetObject<AtmNetDevice>();
    if (!dev || !dev->GetAal5Endpoint())
    {
        NS_LOG_INFO("AtmHelper::EnablePcapInternal: device " << nd->GetIfIndex()
                                                             << " carries no AAL5 frames");
        return;
    }
    PcapHelper pcapHelper;
    const std::string filename =
        explicitFilename ? prefix : pcapHelper.GetFilenameFromDevice(prefix, dev);
    Ptr<PcapFileWrapper> file =
        pcapHelper.CreateFile(filename,
                              std::ios::out,
                              static_cast<PcapHelper::DataLinkType>(DLT_SUNATM));
    Ptr<AtmAal5Endpoint> ep = dev->GetAal5Endpoint();
    AtmEnumValue<AtmAal5Endpoint::Encapsulation> encapsulation;
    ep->GetAttribute("Encapsulation", encapsulation);
    const uint8_t type = encapsulation.Get() == AtmAal5Endpoint::LLC_SNAP ? 2 : 0;
    // As tcpdump and Wireshark read the direction bit: 0x80 = transmitted.
    ep->TraceConnectWithoutContext(
        "Aal5Tx",
        MakeBoundCallback(&PcapFrame, file, static_cast<uint8_t>(0x80 | type)));
    ep->TraceConnectWithoutContext("Aal5Rx", MakeBoundCallback(&PcapFrame, file, type));
}

void
AtmHelper::EnableAsciiInternal(Ptr<OutputStreamWrapper> stream,
                               std::string prefix,
                               Ptr<NetDevice> nd,
                               bool explicitFilename)
{
    Ptr<AtmNetDevice> dev = nd->GetObject<AtmNetDevice>();
    if (!dev)
    {
        NS_LOG_INFO("AtmHelper::EnableAsciiInternal: not an AtmNetDevice");
        return;
    }
    if (!stream)
    {
        AsciiTraceHelper helper;
        std::string filename =
            explicitFilename ? prefix : helper.GetFilenameFromDevice(prefix, dev);
        stream = helper.CreateFileStream(filename);
    }
    // Each bound argument must have the exact type of its parameter: ns-3's
    // Callback::Bind reinterprets the function as taking the bound types
    // (a "+" bound to a std::string parameter is a const char* read as a
    // std::string: garbage). Hence char tags and a std::string context.
    const std::string ctx = dev->GetContext();
    Ptr<AtmQueueDisc> q = dev->GetQueueDisc();
    q->TraceConnectWithoutContext("Enqueue", MakeBoundCallback(&AsciiQueue, stream, '+', ctx));
    q->TraceConnectWithoutContext("Dequeue", MakeBoundCallback(&AsciiQueue, stream, '-', ctx));
    dev->TraceConnectWithoutContext("Drop", MakeBoundCallback(&AsciiDrop, stream, ctx));
    dev->TraceConnectWithoutContext("PhyRxEnd", MakeBoundCallback(&AsciiCell, stream, 'r', ctx));
}

} // namespace ns3
