/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-vc-helper.h"

#include "ns3/abort.h"
#include "ns3/arp-cache.h"
#include "ns3/atm-aal5-endpoint.h"
#include "ns3/atm-admission-control.h"
#include "ns3/atm-channel.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-vc.h"
#include "ns3/ipv4-interface.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/ipv6-interface.h"
#include "ns3/ipv6-l3-protocol.h"
#include "ns3/log.h"
#include "ns3/ndisc-cache.h"
#include "ns3/node.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmVcHelper");

AtmVcHelper::AtmVcHelper()
    : m_weight(1),
      m_category(AtmServiceCategory::UBR)
{
}

void
AtmVcHelper::SetWeight(uint32_t weight)
{
    NS_ABORT_MSG_IF(weight == 0, "AtmVcHelper: weight = 0: must be at least 1");
    m_weight = weight;
}

Ptr<AtmNetDevice>
AtmVcHelper::FindLink(Ptr<Node> from, Ptr<Node> to)
{
    for (uint32_t i = 0; i < from->GetNDevices(); ++i)
    {
        Ptr<AtmNetDevice> dev = DynamicCast<AtmNetDevice>(from->GetDevice(i));
        if (dev && dev->GetAtmChannel())
        {
            Ptr<AtmNetDevice> peer = dev->GetAtmChannel()->GetPeer(dev);
            if (peer && peer->GetNode() == to)
            {
                return dev;
            }
        }
    }
    return nullptr;
}

AtmVcHelper::Label
AtmVcHelper::NextLabel(Ptr<AtmNetDevice> dev)
{
    // Labels are numbered vpi * 65536 + vci, VCIs 0-31 skipped in every VPI.
    uint32_t& next = m_next[PeekPointer(dev)];
    const uint32_t maxVpi = dev->GetInterfaceType() == AtmNetDevice::NNI ? 4095 : 255;
    while (true)
    {
        if ((next & 0xffff) < 32)
        {
            next = (next & ~0xffffU) | 32;
        }
        const auto vpi = static_cast<uint16_t>(next >> 16);
        const auto vci = static_cast<uint16_t>(next & 0xffff);
        NS_ABORT_MSG_IF(vpi > maxVpi, "AtmVcHelper: no free VPI/VCI left on " << dev->GetContext());
        ++next;
        if (!dev->IsTxLabelInUse(vpi, vci))
        {
            return Label(vpi, vci);
        }
    }
}

void
AtmVcHelper::SetContract(const AtmTrafficContract& contract)
{
    const std::string error = contract.GetConfigError();
    NS_ABORT_MSG_IF(!error.empty(),
                    "AtmVcHelper: " << AtmTrafficContract::GetCategoryName(contract.category)
                                    << " contract: " << error);
    m_contract = contract;
}

void
AtmVcHelper::ClearContract()
{
    m_contract.reset();
}

void
AtmVcHelper::SetCategory(AtmServiceCategory category)
{
    m_category = category;
}

Ptr<AtmVc>
AtmVcHelper::Create(const NodeContainer& path, const std::string& name)
{
    return Create(path, std::vector<Label>(), name);
}

Ptr<AtmVc>
AtmVcHelper::Create(const NodeContainer& path,
                    const std::vector<Label>& labels,
                    const std::string& name)
{
    NS_LOG_FUNCTION(this << path.GetN() << name);
    const uint32_t n = path.GetN();
    NS_ABORT_MSG_IF(n < 2, "AtmVcHelper: VC " << name << ": path has " << n << " node(s)");
    NS_ABORT_MSG_IF(!labels.empty() && labels.size() != n - 1,
                    "AtmVcHelper: VC " << name << ": " << labels.size() << " labels for " << n - 1
                                       << " links");
    std::vector<Ptr<AtmNetDevice>> out(n - 1);
    std::vector<Ptr<AtmNetDevice>> in(n - 1);
    std::vector<Label> label(n - 1);
    for (uint32_t i = 0; i + 1 < n; ++i)
    {
        out[i] = FindLink(path.Get(i), path.Get(i + 1));
        NS_ABORT_MSG_IF(!out[i],
                        "AtmVcHelper: VC " << name << ": path hop " << i
                                           << ": no ATM link from node " << path.Get(i)->GetId()
                                           << " to node " << path.Get(i + 1)->GetId());
        in[i] = out[i]->GetAtmChannel()->GetPeer(out[i]);
        label[i] = labels.empty() ? NextLabel(out[i]) : labels[i];
    }
    NS_ABORT_MSG_IF(path.Get(0)->GetObject<AtmSwitch>() || path.Get(n - 1)->GetObject<AtmSwitch>(),
                    "AtmVcHelper: VC "
                        << name << ": a path starts and ends at a host, not a switch "
                        << "(nodes " << path.Get(0)->GetId() << " and " << path.Get(n - 1)->GetId()
                        << ")");
    if (m_contract)
    {
        Admit(out, *m_contract, name);
    }
    Ptr<AtmVc> vc = CreateObject<AtmVc>();
    vc->SetName(name);
    if (m_contract)
    {
        vc->SetContract(*m_contract);
    }
    else
    {
        vc->SetCategory(m_category);
    }
    vc->AddHop(out[0], out[0]->AddTxVc(label[0].first, label[0].second, vc, m_weight));
    for (uint32_t i = 1; i + 1 < n; ++i)
    {
        Ptr<AtmSwitch> sw = path.Get(i)->GetObject<AtmSwitch>();
        NS_ABORT_MSG_IF(!sw,
                        "AtmVcHelper: VC " << name << ": node " << path.Get(i)->GetId()
                                           << " (path hop " << i << ") is not a switch");
        const uint32_t slot = sw->AddVc(sw->GetPortIndex(in[i - 1]),
                                        label[i - 1].first,
                                        label[i - 1].second,
                                        sw->GetPortIndex(out[i]),
                                        label[i].first,
                                        label[i].second,
                                        vc,
                                        m_weight);
        vc->AddHop(out[i], slot);
    }
    Ptr<AtmNetDevice> dst = in[n - 2];
    vc->SetDestination(dst, dst->AddRxVc(label[n - 2].first, label[n - 2].second, vc));
    return vc;
}

void
AtmVcHelper::Admit(const std::vector<Ptr<AtmNetDevice>>& ports,
                   const AtmTrafficContract& contract,
                   const std::string& name)
{
    if (contract.GetCommittedRate() <= 0)
    {
        return;
    }
    for (const Ptr<AtmNetDevice>& port : ports)
    {
        const std::string error =
            AtmAdmissionControl::Get(port)->Check(contract, port->GetCellRate());
        NS_ABORT_MSG_IF(!error.empty(),
                        "AtmVcHelper: VC " << name << " ("
                                           << AtmTrafficContract::GetCategoryName(contract.category)
                                           << ") refused by connection admission control at "
                                           << port->GetContext() << ": " << error);
    }
    for (const Ptr<AtmNetDevice>& port : ports)
    {
        AtmAdmissionControl::Get(port)->Admit(contract);
    }
}

std::pair<Ptr<AtmVc>, Ptr<AtmVc>>
AtmVcHelper::CreateIpPvc(const NodeContainer& path, const std::string& name)
{
    return CreateIpPvc(path, std::vector<Label>(), std::vector<Label>(), name);
}

std::pair<Ptr<AtmVc>, Ptr<AtmVc>>
AtmVcHelper::CreateIpPvc(const NodeContainer& path,
                         const std::vector<Label>& forward,
                         const std::vector<Label>& backward,
                         const std::string& name)
{
    NS_LOG_FUNCTION(this << path.GetN() << name);
    NodeContainer back;
    for (uint32_t i = path.GetN(); i > 0; --i)
    {
        back.Add(path.Get(i - 1));
    }
    Ptr<AtmVc> toLast = Create(path, forward, name + ">");
    Ptr<AtmVc> toFirst = Create(back, backward, name + "<");
    ConnectIp(toLast, name);
    ConnectIp(toFirst, name);
    return {toLast, toFirst};
}

namespace
{

/**
 * The interface of an ATM port in its node's IPv4 or IPv6 protocol, if the
 * port has an address there.
 * @tparam L3 Ipv4L3Protocol or Ipv6L3Protocol
 * @tparam Interface Ipv4Interface or Ipv6Interface
 * @param dev the port
 * @return the interface, or null
 */
template <typename L3, typename Interface>
Ptr<Interface>
AddressedInterface(Ptr<AtmNetDevice> dev)
{
    Ptr<L3> l3 = dev->GetNode()->GetObject<L3>();
    const int32_t i = l3 ? l3->GetInterfaceForDevice(dev) : -1;
    Ptr<Interface> iface = i >= 0 ? l3->GetInterface(i) : nullptr;
    return iface && iface->GetNAddresses() > 0 ? iface : nullptr;
}

/**
 * @param a an interface address
 * @return its IPv4 address
 */
Ipv4Address
IpOf(const Ipv4InterfaceAddress& a)
{
    return a.GetLocal();
}

/**
 * @param a an interface address
 * @return its IPv6 address
 */
Ipv6Address
IpOf(const Ipv6InterfaceAddress& a)
{
    return a.GetAddress();
}

/**
 * Map every address of a far interface to a VC's address in a near
 * interface's ARP or neighbor cache, permanently (a static ATMARP table;
 * for IPv6, static neighbor entries, so that no Neighbor Solicitation is
 * needed).
 * @tparam Cache ArpCache or NdiscCache
 * @tparam Interface Ipv4Interface or Ipv6Interface
 * @param cache the near end's cache
 * @param far the far end's interface
 * @param vcAddress the VC's address at the near end
 */
template <typename Cache, typename Interface>
void
MapPermanently(Ptr<Cache> cache, Ptr<Interface> far, const Mac48Address& vcAddress)
{
    for (uint32_t a = 0; a < far->GetNAddresses(); ++a)
    {
        const auto ip = IpOf(far->GetAddress(a));
        auto* entry = cache->Lookup(ip);
        if (!entry)
        {
            entry = cache->Add(ip);
        }
        entry->SetMacAddress(vcAddress);
        entry->MarkPermanent();
    }
}

} // namespace

void
AtmVcHelper::ConnectIp(Ptr<AtmVc> vc, const std::string& name)
{
    Ptr<AtmNetDevice> src = vc->GetHopDevice(0);
    Ptr<AtmNetDevice> dst = vc->GetDestinationDevice();
    NS_ABORT_MSG_IF(!src->GetAal5Endpoint() || !dst->GetAal5Endpoint(),
                    "AtmVcHelper::CreateIpPvc: IP PVC " << name << ": " << src->GetContext()
                                                        << " and " << dst->GetContext()
                                                        << " must both be host ports with AAL5");
    for (const Ptr<AtmVc>& other : src->GetAal5Endpoint()->GetIpVcs())
    {
        // Its ATMARP entry would replace the first one's: all IP traffic
        // between the two hosts would take the second PVC.
        NS_ABORT_MSG_IF(other->GetDestinationDevice() == dst,
                        "AtmVcHelper::CreateIpPvc: IP PVC "
                            << name << ": " << src->GetContext() << " has an IP PVC to "
                            << dst->GetContext() << " already (" << other->GetName()
                            << "); a second one would take over all IP traffic between them: "
                               "one IP PVC per pair of host ports");
    }
    const auto near4 = AddressedInterface<Ipv4L3Protocol, Ipv4Interface>(src);
    const auto far4 = AddressedInterface<Ipv4L3Protocol, Ipv4Interface>(dst);
    const auto near6 = AddressedInterface<Ipv6L3Protocol, Ipv6Interface>(src);
    const auto far6 = AddressedInterface<Ipv6L3Protocol, Ipv6Interface>(dst);
    // Named: the end without an address of the other end's IP version (or
    // the near end, when neither has one).
    const bool nearHas = near4 || near6;
    NS_ABORT_MSG_IF(!(near4 && far4) && !(near6 && far6),
                    "AtmVcHelper::CreateIpPvc: IP PVC "
                        << name << ": " << (nearHas ? dst : src)->GetContext()
                        << " has no IP address of a version (IPv4, IPv6) that "
                        << (nearHas ? src : dst)->GetContext()
                        << " has: install an internet stack and assign addresses "
                           "(Ipv4AddressHelper, Ipv6AddressHelper) at both ends before creating "
                           "IP PVCs");
    const Mac48Address address = src->GetAal5Endpoint()->AddTxVc(vc->GetHopSlot(0), vc);
    const uint32_t last = vc->GetNHops() - 1;
    const auto [vpi, vci] = vc->GetHopDevice(last)->GetTxLabel(vc->GetHopSlot(last));
    dst->GetAal5Endpoint()->AddRxVc(vc->GetDestinationSlot(), vpi, vci, vc);

    // The far end's addresses on its ATM interface -> this VC, for each IP
    // version both ends have.
    if (near4 && far4)
    {
        MapPermanently(near4->GetArpCache(), far4, address);
    }
    if (near6 && far6)
    {
        MapPermanently(near6->GetNdiscCache(), far6, address);
    }
}

} // namespace ns3
