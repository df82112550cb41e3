/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-scenario-helper.h"

#include "atm-abr-helper.h"
#include "atm-cell-sink-helper.h"
#include "atm-cell-source-helper.h"
#include "atm-credit-helper.h"
#include "atm-helper.h"
#include "atm-rank-helper.h"
#include "atm-scenario-attributes.h"
#include "atm-switch-helper.h"
#include "atm-tcp-transfer.h"
#include "atm-vc-helper.h"

#include "ns3/abort.h"
#include "ns3/atm-abr-gate.h"
#include "ns3/atm-abr-source.h"
#include "ns3/atm-block-source.h"
#include "ns3/atm-cell-sink.h"
#include "ns3/atm-cell.h"
#include "ns3/atm-channel.h"
#include "ns3/atm-compat.h"
#include "ns3/atm-credit-receiver.h"
#include "ns3/atm-credit-sender.h"
#include "ns3/atm-input-buffered-fabric.h"
#include "ns3/atm-link-fifo-fabric.h"
#include "ns3/atm-max-min-oracle.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-on-off-source.h"
#include "ns3/atm-poisson-source.h"
#include "ns3/atm-port-behaviour.h"
#include "ns3/atm-queue-disc.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-upc.h"
#include "ns3/atm-vbr-source.h"
#include "ns3/atm-vc.h"
#include "ns3/config.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/queue-disc.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/show-progress.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/traffic-control-layer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <set>
#include <sstream>
#include <tuple>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmScenarioHelper");

/// What Build() keeps while it builds: the max-min oracle of the VCs, the
/// oracle's link of each transmitting port, the VC helper (it numbers the
/// labels of each port), the start jitter and the next random stream.
struct AtmScenarioHelper::Building
{
    AtmMaxMinOracle oracle;                              //!< the VCs' max-min rates
    std::map<const AtmNetDevice*, uint32_t> oracleLinks; //!< oracle link per port
    AtmVcHelper vcHelper;                                //!< makes every VC
    Ptr<UniformRandomVariable> jitter;                   //!< start jitter
    int64_t stream = 0;                                  //!< next random stream
};

AtmScenarioHelper::AtmScenarioHelper() = default;

AtmScenarioHelper::~AtmScenarioHelper() = default;

void
AtmScenarioHelper::Build(const AtmScenario& sc, uint32_t seed, uint64_t run)
{
    NS_LOG_FUNCTION(this << sc.GetName() << seed << run);
    NS_ABORT_MSG_IF(!m_nodes.empty(), "AtmScenarioHelper: Build() called twice");
    m_sc = sc;
    m_seed = seed;
    m_run = run;
    RngSeedManager::SetSeed(seed);
    RngSeedManager::SetRun(run);
    for (const auto& [name, value] : sc.GetDefaults())
    {
        Config::SetDefault(name, StringValue(value));
    }

    BuildNodes();
    Building b;
    b.oracle = AtmMaxMinOracle(sc.GetFairness());
    BuildLinks(b);
    InstallUpcs();
    InstallInternet();
    // Fixed streams: the same seed and run give the same results, also for
    // a second scenario built in the same process.
    b.jitter = CreateObject<UniformRandomVariable>();
    b.jitter->SetStream(b.stream++);
    for (const AtmScenario::Vc& v : sc.GetVcs())
    {
        BuildVc(v, b);
    }
    m_ideal = b.oracle.Solve();
    for (double& rate : m_ideal)
    {
        rate *= sc.GetIdealDataFraction();
    }
    InstallPortBehaviours();

    if (const AtmScenario::Hub& h = sc.GetHub(); !h.sw.empty())
    {
        Ptr<AtmBusHub> hub =
            DynamicCast<AtmBusHub>(m_nodes.at(h.sw)->GetObject<AtmSwitch>()->GetFabric());
        NS_ABORT_MSG_UNLESS(hub, "AtmScenarioHelper: switch " << h.sw << " has no bus hub");
        m_hub.Build(h, hub, sc.GetMeasureStop(), b.stream);
    }
    Simulator::Schedule(sc.GetMeasureStart(), &AtmScenarioHelper::OpenWindow, this);
    Simulator::Schedule(sc.GetMeasureStop(), &AtmScenarioHelper::CloseWindow, this);
    ScheduleSeries();
}

void
AtmScenarioHelper::SetRanks(uint32_t ranks)
{
    NS_ABORT_MSG_IF(ranks == 0, "AtmScenarioHelper: ranks = 0: at least 1");
    NS_ABORT_MSG_IF(!m_nodes.empty(), "AtmScenarioHelper: SetRanks() after Build()");
    m_ranks = ranks;
}

const std::string&
AtmScenarioHelper::GetRankDescription() const
{
    return m_cut;
}

std::map<std::string, uint32_t>
AtmScenarioHelper::AssignRanks()
{
    std::map<std::string, uint32_t> index;
    for (const auto* names : {&m_sc.GetHosts(), &m_sc.GetSwitches()})
    {
        for (const std::string& n : *names)
        {
            index.emplace(n, static_cast<uint32_t>(index.size()));
        }
    }
    std::vector<double> work(index.size(), 1);
    for (const AtmScenario::Vc& v : m_sc.GetVcs())
    {
        for (const std::string& n : v.path)
        {
            work[index.at(n)] += 1;
        }
    }
    AtmRankHelper ranks;
    for (double w : work)
    {
        ranks.AddNode(w);
    }
    TypeId::AttributeInformation info;
    AtmChannel::GetTypeId().LookupAttributeByName("Delay", &info);
    const Time defaultDelay = DynamicCast<const TimeValue>(info.initialValue)->Get();
    const std::set<std::string> hosts(m_sc.GetHosts().begin(), m_sc.GetHosts().end());
    for (const AtmScenario::Link& link : m_sc.GetLinks())
    {
        Time delay = defaultDelay;
        for (const auto& [name, value] : link.channel.attributes)
        {
            delay = name == "Delay" ? Time(value) : delay;
        }
        // A host stays on its switch's rank (as a link without delay):
        // only a switch resolves cells arriving at the time of its own
        // events the same way whichever rank sent them.
        const bool access = hosts.count(link.from) || hosts.count(link.to);
        ranks.AddLink(index.at(link.from), index.at(link.to), access ? Time(0) : delay);
    }
    // A block source learns at once that its block's last cell arrived
    // (AtmBlockSource), which no link between ranks could carry: the two
    // hosts of its VC share a rank.
    for (const AtmScenario::Vc& v : m_sc.GetVcs())
    {
        const TypeId block = AtmBlockSource::GetTypeId();
        if (!v.traffic.typeId.empty() && (TypeId::LookupByName(v.traffic.typeId) == block ||
                                          TypeId::LookupByName(v.traffic.typeId).IsChildOf(block)))
        {
            ranks.AddLink(index.at(v.path.front()), index.at(v.path.back()), Time(0));
        }
    }
    const std::vector<uint32_t> rank = ranks.Assign(m_ranks);
    std::ostringstream os;
    os << "AtmRankHelper: " << ranks.GetNCutLinks() << " links cut, lookahead "
       << (ranks.GetNCutLinks() ? ranks.GetLookahead() : Time(0)).As(Time::MS) << ", heaviest rank "
       << ranks.GetImbalance() << " of the mean work";
    m_cut = os.str();
    std::map<std::string, uint32_t> byName;
    for (const auto& [name, i] : index)
    {
        byName[name] = rank[i];
    }
    return byName;
}

uint32_t
AtmScenarioHelper::RankOf(const std::string& name) const
{
    return m_nodes.at(name)->GetSystemId();
}

void
AtmScenarioHelper::BuildNodes()
{
    NS_ABORT_MSG_IF(m_ranks > 1 && !m_sc.GetHub().sw.empty(),
                    "AtmScenarioHelper: " << m_sc.GetFile() << ": a hub section runs in one "
                                          << "process only, not on " << m_ranks << " ranks");
    const std::map<std::string, uint32_t> rank =
        m_ranks > 1 ? AssignRanks() : std::map<std::string, uint32_t>();
    auto rankOf = [&rank](const std::string& name) {
        const auto it = rank.find(name);
        return it == rank.end() ? 0 : it->second;
    };
    for (const std::string& h : m_sc.GetHosts())
    {
        m_nodes[h] = CreateObject<Node>(rankOf(h));
    }
    for (const std::string& s : m_sc.GetSwitches())
    {
        m_nodes[s] = CreateObject<Node>(rankOf(s));
        AtmSwitchHelper swHelper;
        const AtmScenario::Component fabric = m_sc.GetFabric(s);
        if (!fabric.typeId.empty())
        {
            // Each call adds one attribute to the helper's fabric factory.
            swHelper.SetFabric(fabric.typeId);
            for (const auto& [name, value] : fabric.attributes)
            {
                swHelper.SetFabric(fabric.typeId, name, StringValue(value));
            }
        }
        swHelper.Install(m_nodes[s]);
    }
}

void
AtmScenarioHelper::BuildLinks(Building& b)
{
    // Devices and channel from their attributes; the switch ports get the
    // link's queue disc.
    for (const AtmScenario::Link& link : m_sc.GetLinks())
    {
        AtmHelper atm;
        for (const auto& [name, value] : link.device.attributes)
        {
            atm.SetDeviceAttribute(name, StringValue(value));
        }
        for (const auto& [name, value] : link.channel.attributes)
        {
            atm.SetChannelAttribute(name, StringValue(value));
        }
        ObjectFactory queue(link.queue.typeId);
        for (const auto& [name, value] : link.queue.attributes)
        {
            queue.Set(name, StringValue(value));
        }
        // A switch port gets the link's queue disc as it is added, before
        // its fabric sees it (the input-buffered fabric lifts MaxCells).
        for (const std::string& end : {link.from, link.to})
        {
            if (Ptr<AtmSwitch> s = m_nodes[end]->GetObject<AtmSwitch>())
            {
                s->SetQueueDiscFactory(queue);
            }
        }
        NetDeviceContainer d = atm.Install(m_nodes[link.from], m_nodes[link.to]);
        if (!link.flowControl.typeId.empty() || !link.vcCredit)
        {
            InstallCredit(link, DynamicCast<AtmNetDevice>(d.Get(0)));
        }
        const std::string ends[] = {link.from, link.to};
        for (uint32_t k = 0; k < 2; ++k)
        {
            Ptr<AtmNetDevice> dev = DynamicCast<AtmNetDevice>(d.Get(k));
            if (link.inputBuffer[k].cells > 0)
            {
                SetInputBuffer(link.inputBuffer[k], m_nodes[ends[k]], dev);
            }
            b.oracleLinks[PeekPointer(dev)] =
                b.oracle.AddLink(m_sc.GetIdealUtilization() * dev->GetCellRate() * AtmCell::BITS);
            auto port = std::make_unique<Port>();
            port->link = link.name;
            port->from = ends[k];
            port->to = ends[1 - k];
            port->device = dev;
            port->credit = DynamicCast<AtmCreditReceiver>(dev->GetReceiveAccounting());
            m_ports.push_back(std::move(port));
        }
    }
}

void
AtmScenarioHelper::InstallCredit(const AtmScenario::Link& link, Ptr<AtmNetDevice> device)
{
    // Credit-based flow control: the component is the allocation policy
    // (link-credit has none: link flow control alone).
    AtmCreditHelper credit;
    if (!link.flowControl.typeId.empty())
    {
        credit.SetAllocation(link.flowControl.typeId);
    }
    for (const auto& [name, value] : link.flowControl.attributes)
    {
        credit.SetAllocationAttribute(name, StringValue(value));
    }
    // Link flow control (QFC, ZQFC, link-credit): Buff_Size shared by the
    // link's VCs.
    credit.SetLinkBufferSize(link.linkBuffer);
    credit.SetVcCredit(link.vcCredit);
    for (const auto& [name, value] : link.creditSender.attributes)
    {
        credit.SetSenderAttribute(name, StringValue(value));
    }
    for (const auto& [name, value] : link.creditReceiver.attributes)
    {
        credit.SetReceiverAttribute(name, StringValue(value));
    }
    credit.Install(device);
}

void
AtmScenarioHelper::SetInputBuffer(const AtmScenario::Link::InputBuffer& in,
                                  Ptr<Node> node,
                                  Ptr<AtmNetDevice> device)
{
    // Its own Buff_Size or link FIFO (and EPD threshold) at this input.
    Ptr<AtmSwitch> s = node->GetObject<AtmSwitch>();
    const uint32_t p = s->GetPortIndex(device);
    if (auto f = DynamicCast<AtmInputBufferedFabric>(s->GetFabric()))
    {
        f->SetBufferSize(p, in.cells);
        if (in.epdSet)
        {
            f->SetEpdThreshold(p, in.epdThreshold);
        }
    }
    else if (auto f = DynamicCast<AtmLinkFifoFabric>(s->GetFabric()))
    {
        f->SetFifoSize(p, in.cells);
        if (in.epdSet)
        {
            f->SetEpdThreshold(p, in.epdThreshold);
        }
    }
}

void
AtmScenarioHelper::InstallInternet()
{
    // The hosts of TCP VCs: ns-3's internet stack, the scenario's TCP as
    // socket defaults, an address on each ATM port.
    std::set<std::string> ipHosts;
    for (const AtmScenario::Vc& v : m_sc.GetVcs())
    {
        if (v.traffic.kind == "tcp")
        {
            if (ipHosts.empty())
            {
                v.tcp.Apply();
                for (const auto& [name, value] : v.traffic.attributes)
                {
                    Config::SetDefault("ns3::TcpSocketBase::" + name, StringValue(value));
                }
            }
            ipHosts.insert(v.path.front());
            ipHosts.insert(v.path.back());
        }
    }
    NetDeviceContainer ipPorts;
    InternetStackHelper stack;
    for (const std::string& h : m_sc.GetHosts())
    {
        if (ipHosts.count(h))
        {
            stack.Install(m_nodes[h]);
            for (uint32_t i = 0; i < m_nodes[h]->GetNDevices(); ++i)
            {
                if (DynamicCast<AtmNetDevice>(m_nodes[h]->GetDevice(i)))
                {
                    ipPorts.Add(m_nodes[h]->GetDevice(i));
                }
            }
        }
    }
    Ipv4AddressHelper("10.0.0.0", "255.0.0.0").Assign(ipPorts);
    // Assign() gave each port ns-3's default root queue disc; "ipQueueDisc"
    // replaces it, or with none leaves the AAL5 endpoint's queue alone.
    const AtmScenario::Component& root = m_sc.GetIpQueueDisc();
    for (uint32_t i = 0; !root.kind.empty() && i < ipPorts.GetN(); ++i)
    {
        Ptr<NetDevice> port = ipPorts.Get(i);
        Ptr<TrafficControlLayer> tc = port->GetNode()->GetObject<TrafficControlLayer>();
        if (tc->GetRootQueueDiscOnDevice(port))
        {
            tc->DeleteRootQueueDiscOnDevice(port);
        }
        if (!root.typeId.empty())
        {
            tc->SetRootQueueDiscOnDevice(port, AtmScenarioAttributes::Create<QueueDisc>(root));
        }
    }
}

void
AtmScenarioHelper::BuildVc(const AtmScenario::Vc& v, Building& b)
{
    NodeContainer path;
    for (const std::string& n : v.path)
    {
        path.Add(m_nodes[n]);
    }
    AtmVcHelper& vcHelper = b.vcHelper;
    vcHelper.SetWeight(v.weight);
    if (v.contract)
    {
        vcHelper.SetContract(*v.contract);
    }
    else
    {
        AtmServiceCategory category = AtmServiceCategory::UBR;
        AtmTrafficContract::ParseCategory(v.category, category);
        vcHelper.ClearContract();
        vcHelper.SetCategory(category);
    }
    const bool tcp = v.traffic.kind == "tcp";
    Ptr<AtmVc> vc;
    Ptr<AtmVc> reverse; // a tcp VC's second IP PVC, carrying the ACKs
    if (tcp)
    {
        std::tie(vc, reverse) = vcHelper.CreateIpPvc(path, v.name);
    }
    else
    {
        vc = v.labels.empty() ? vcHelper.Create(path, v.name)
                              : vcHelper.Create(path, v.labels, v.name);
    }
    if (v.category == "ABR")
    {
        // The backward VC carries the backward RM cells, and RM cells of
        // its own ABR source: a cell VC's has no traffic, a tcp VC's sends
        // the ACKs at its ACR (both with the VC's abr attributes).
        NodeContainer back;
        for (auto n = v.path.rbegin(); n != v.path.rend(); ++n)
        {
            back.Add(m_nodes[*n]);
        }
        AtmAbrHelper abr;
        // The VC's own PCR and MCR are its source's, unless its abr
        // attributes say otherwise.
        if (std::isfinite(v.pcr))
        {
            abr.SetSourceAttribute("Pcr", DoubleValue(v.pcr / AtmCell::BITS));
        }
        if (v.mcr > 0)
        {
            abr.SetSourceAttribute("Mcr", DoubleValue(v.mcr / AtmCell::BITS));
        }
        for (const auto& [name, value] : v.abrSource.attributes)
        {
            abr.SetSourceAttribute(name, StringValue(value));
        }
        for (const auto& [name, value] : v.abrDestination.attributes)
        {
            abr.SetDestinationAttribute(name, StringValue(value));
        }
        abr.Install(vc, reverse ? reverse : vcHelper.Create(back, v.name + "<"));
        if (std::count(m_sc.GetAcrSeries().begin(), m_sc.GetAcrSeries().end(), v.name))
        {
            m_acr.push_back(
                {v.name,
                 AtmAbrHelper::GetGate(vc->GetHopDevice(0))->GetSource(vc->GetHopSlot(0)),
                 RankOf(v.path.front())});
        }
    }
    const std::size_t index = m_vcs.size();
    m_vcs.push_back(vc);
    m_delays.emplace_back();
    // The log's own member: one call a received cell, where a callback
    // bound to the helper took three (doc/atm-validation.rst). Connected
    // now, not as the window opens: a connection during the run undefers
    // every switch's cells.
    vc->TraceConnectWithoutContext("Rx", MakeCallback(&DelayLog::Received, &m_delays.back()));
    m_blocks.emplace_back(-1, 0);

    const Time start = v.start + (v.startJitter.IsZero()
                                      ? Time(0)
                                      : Seconds(b.jitter->GetValue(0, v.startJitter.GetSeconds())));
    Ptr<Application> app =
        tcp ? InstallTcp(v, vc, start) : InstallCellTraffic(v, vc, index, start, b.stream);
    // Sources stop at the end of the measurement window unless told
    // otherwise; the time after it drains the queues. (A TCP sender on
    // another rank's node is not made here.)
    if (app)
    {
        app->SetStopTime(v.stop == Time::Max() ? m_sc.GetMeasureStop()
                                               : std::min(v.stop, m_sc.GetEnd()));
    }

    // The oracle's view: the link directions crossed, the limits.
    std::vector<uint32_t> links;
    links.reserve(vc->GetNHops());
    for (uint32_t h = 0; h < vc->GetNHops(); ++h)
    {
        links.push_back(b.oracleLinks.at(PeekPointer(vc->GetHopDevice(h))));
    }
    double limit = v.pcr;
    TypeId::AttributeInformation info;
    if (app && app->GetInstanceTypeId().LookupAttributeByName("Rate", &info) &&
        (info.checker->GetValueTypeName() == "ns3::DataRateValue" ||
         info.checker->GetValueTypeName() == "DataRateValue"))
    {
        DataRateValue rate;
        app->GetAttribute("Rate", rate);
        limit = std::min(limit, static_cast<double>(rate.Get().GetBitRate()));
    }
    b.oracle.AddFlow(links, limit, std::min(v.mcr, limit), v.weight);
}

Ptr<Application>
AtmScenarioHelper::InstallTcp(const AtmScenario::Vc& v, Ptr<AtmVc> vc, Time start)
{
    // A bulk transfer to the address of the VC's destination port.
    Ptr<AtmNetDevice> dst = vc->GetDestinationDevice();
    Ptr<Ipv4> ipv4 = dst->GetNode()->GetObject<Ipv4>();
    const Ipv4Address address = ipv4->GetAddress(ipv4->GetInterfaceForDevice(dst), 0).GetLocal();
    const auto port =
        static_cast<uint16_t>(50000 + std::count_if(m_tcp.begin(), m_tcp.end(), [](const auto& x) {
                                  return x != nullptr;
                              }));
    m_tcp.push_back(std::make_unique<AtmTcpTransfer>(m_nodes[v.path.front()],
                                                     m_nodes[v.path.back()],
                                                     address,
                                                     port,
                                                     start,
                                                     v.tcpBytes,
                                                     v.tcp.reno));
    m_sinks.emplace_back(nullptr);
    return m_tcp.back()->GetSender();
}

Ptr<Application>
AtmScenarioHelper::InstallCellTraffic(const AtmScenario::Vc& v,
                                      Ptr<AtmVc> vc,
                                      std::size_t index,
                                      Time start,
                                      int64_t& stream)
{
    AtmCellSourceHelper source(v.traffic.typeId);
    // A trace file named by a relative path is next to the scenario file.
    const std::string dir = m_sc.GetFile().substr(0, m_sc.GetFile().find_last_of('/') + 1);
    for (const auto& [name, value] : v.traffic.attributes)
    {
        const bool relativeFile = name == "TraceFile" && !value.empty() && value[0] != '/';
        source.SetAttribute(name, StringValue(relativeFile ? dir + value : value));
    }
    Ptr<Application> app = source.Install(vc).Get(0);
    if (Ptr<AtmOnOffSource> onOff = DynamicCast<AtmOnOffSource>(app))
    {
        stream += onOff->AssignStreams(stream);
    }
    if (Ptr<AtmPoissonSource> poisson = DynamicCast<AtmPoissonSource>(app))
    {
        stream += poisson->AssignStreams(stream);
    }
    if (Ptr<AtmVbrSource> vbr = DynamicCast<AtmVbrSource>(app))
    {
        stream += vbr->AssignStreams(stream);
    }
    if (Ptr<AtmBlockSource> block = DynamicCast<AtmBlockSource>(app))
    {
        stream += block->AssignStreams(stream);
        block->TraceConnectWithoutContext(
            "BlockDone",
            MakeBoundCallback(&AtmScenarioHelper::BlockDone, this, index));
        m_blocks[index].first = 0;
    }
    app->SetStartTime(start);
    m_tcp.push_back(nullptr);
    Ptr<Application> sink = AtmCellSinkHelper().Install(vc).Get(0);
    sink->SetStartTime(m_sc.GetMeasureStart());
    sink->SetStopTime(m_sc.GetMeasureStop());
    m_sinks.push_back(DynamicCast<AtmCellSink>(sink));
    return app;
}

void
AtmScenarioHelper::InstallUpcs()
{
    // Policing where a host's link enters a switch: the switch's end.
    for (const AtmScenario::Link& link : m_sc.GetLinks())
    {
        if (link.upc.typeId.empty())
        {
            continue;
        }
        ObjectFactory factory(link.upc.typeId);
        for (const auto& [name, value] : link.upc.attributes)
        {
            factory.Set(name, StringValue(value));
        }
        const std::vector<std::string>& switches = m_sc.GetSwitches();
        for (const auto& p : m_ports)
        {
            if (p->link == link.name && std::count(switches.begin(), switches.end(), p->from) &&
                !std::count(switches.begin(), switches.end(), p->to))
            {
                p->device->SetUpc(factory.Create<AtmUpc>());
            }
        }
    }
}

void
AtmScenarioHelper::InstallPortBehaviours()
{
    // ABR port behaviours, once the VCs exist.
    for (const AtmScenario::Link& link : m_sc.GetLinks())
    {
        if (link.portBehaviour.typeId.empty())
        {
            continue;
        }
        AtmAbrHelper abr;
        abr.SetPortBehaviour(link.portBehaviour.typeId);
        // Explicit-rate schemes aim at the scenario's fairness criterion
        // unless their attributes name one.
        TypeId::AttributeInformation info;
        if (TypeId::LookupByName(link.portBehaviour.typeId)
                .LookupAttributeByName("Fairness", &info))
        {
            abr.SetPortBehaviourAttribute(
                "Fairness",
                AtmEnumValue<AtmMaxMinOracle::Criterion>(m_sc.GetFairness()));
        }
        for (const auto& [name, value] : link.portBehaviour.attributes)
        {
            abr.SetPortBehaviourAttribute(name, StringValue(value));
        }
        for (const auto& p : m_ports)
        {
            if (p->link == link.name &&
                std::count(m_sc.GetSwitches().begin(), m_sc.GetSwitches().end(), p->from))
            {
                abr.InstallPortBehaviour(p->device);
            }
        }
    }
}

void
AtmScenarioHelper::ScheduleSeries()
{
    const AtmScenario& sc = m_sc;
    std::vector<Port*> sampled;
    for (const std::string& name : sc.GetQueueSeries())
    {
        for (const auto& p : m_ports)
        {
            if (p->link == name)
            {
                sampled.push_back(p.get());
            }
        }
    }
    // Crd_Bal of the named VCs at every hop with credit.
    for (std::size_t i = 0; i < m_vcs.size(); ++i)
    {
        const std::string& name = sc.GetVcs()[i].name;
        if (!std::count(sc.GetCreditSeries().begin(), sc.GetCreditSeries().end(), name))
        {
            continue;
        }
        for (uint32_t h = 0; h < m_vcs[i]->GetNHops(); ++h)
        {
            Ptr<AtmNetDevice> dev = m_vcs[i]->GetHopDevice(h);
            if (Ptr<AtmCreditSender> s = DynamicCast<AtmCreditSender>(dev->GetTransmitGate()))
            {
                // Buf_Alloc is the receiver's, unless the sender adapts it.
                const uint32_t slot = m_vcs[i]->GetHopSlot(h);
                PointerValue senderPolicy;
                s->GetAttribute("Allocation", senderPolicy);
                Ptr<AtmNetDevice> peer = dev->GetPeer();
                const auto [vpi, vci] = dev->GetTxLabel(slot);
                Ptr<AtmCreditReceiver> receiver =
                    senderPolicy.Get<Object>()
                        ? nullptr
                        : DynamicCast<AtmCreditReceiver>(peer->GetReceiveAccounting());
                m_creditProbes.push_back(
                    {name + "@" + sc.GetVcs()[i].path[h] + "->" + sc.GetVcs()[i].path[h + 1],
                     s,
                     slot,
                     receiver,
                     peer->GetArrivingIndex(vpi, vci),
                     dev->GetNode()->GetSystemId(),
                     (receiver ? peer : dev)->GetNode()->GetSystemId()});
            }
        }
    }
    for (std::size_t i = 0; i < m_vcs.size(); ++i)
    {
        if (std::count(sc.GetGoodputSeries().begin(),
                       sc.GetGoodputSeries().end(),
                       sc.GetVcs()[i].name))
        {
            m_goodputProbes.emplace_back(sc.GetVcs()[i].name, i, 0);
        }
    }
    if (!sampled.empty() || !m_acr.empty() || !m_creditProbes.empty() || !m_goodputProbes.empty())
    {
        Simulator::ScheduleNow(&AtmScenarioHelper::Sample, this, sampled);
    }
}

AtmScenarioHelper::DelayLog::DelayLog(std::size_t foldAt)
    : m_foldAt(std::max<std::size_t>(foldAt, 1))
{
}

const std::vector<std::pair<int64_t, uint64_t>>&
AtmScenarioHelper::DelayLog::GetCounts()
{
    Fold();
    return m_counts;
}

void
AtmScenarioHelper::DelayLog::Fold()
{
    if (m_recent.empty())
    {
        return;
    }
    std::sort(m_recent.begin(), m_recent.end());
    std::size_t distinct = 1;
    for (std::size_t i = 1; i < m_recent.size(); ++i)
    {
        distinct += m_recent[i] != m_recent[i - 1];
    }
    std::vector<std::pair<int64_t, uint64_t>> merged;
    merged.reserve(m_counts.size() + distinct);
    auto old = m_counts.begin();
    for (std::size_t i = 0; i < m_recent.size();)
    {
        const int64_t delay = m_recent[i];
        std::size_t j = i + 1;
        while (j < m_recent.size() && m_recent[j] == delay)
        {
            ++j;
        }
        for (; old != m_counts.end() && old->first < delay; ++old)
        {
            merged.push_back(*old);
        }
        uint64_t n = j - i;
        if (old != m_counts.end() && old->first == delay)
        {
            n += old->second;
            ++old;
        }
        merged.emplace_back(delay, n);
        i = j;
    }
    merged.insert(merged.end(), old, m_counts.end());
    m_counts.swap(merged);
    m_folded += m_recent.size();
    m_recent.clear();
    // Each fold's merge costs the counts' length: folds at least that many
    // delays apart keep it a constant per delay.
    m_foldAt = std::max(m_foldAt, m_counts.size());
}

void
AtmScenarioHelper::BlockDone(AtmScenarioHelper* helper, std::size_t vc, Time transferTime)
{
    // Blocks queued in the window and finished in it (Roberts' measure).
    const Time now = Simulator::Now();
    if (now - transferTime >= helper->m_sc.GetMeasureStart() &&
        now <= helper->m_sc.GetMeasureStop())
    {
        ++helper->m_blocks[vc].first;
        helper->m_blocks[vc].second += transferTime.GetSeconds();
    }
}

void
AtmScenarioHelper::OpenWindow()
{
    NS_LOG_FUNCTION(this);
    for (auto& delays : m_delays)
    {
        delays.SetOpen(true);
    }
    m_hub.OpenWindow();
    AtmSwitch::SyncAll(); // cells due at the switches count from their arrival
    for (const auto& p : m_ports)
    {
        Ptr<AtmQueueDisc> q = p->device->GetQueueDisc();
        p->area = -q->GetLengthIntegral(Simulator::Now());
        q->ResetMaxCellsSeen();
        p->txAtStart = p->device->GetCellsTransmitted();
        p->dropAtStart = p->device->GetQueueDisc()->GetNDropped();
        p->creditAtStart = p->credit ? p->credit->GetNCreditCells() : 0;
    }
    for (const auto& t : m_tcp)
    {
        if (t)
        {
            t->StartWindow();
        }
    }
}

void
AtmScenarioHelper::CloseWindow()
{
    NS_LOG_FUNCTION(this);
    for (auto& delays : m_delays)
    {
        delays.SetOpen(false);
    }
    m_hub.CloseWindow();
    AtmSwitch::SyncAll();
    for (const auto& p : m_ports)
    {
        Ptr<AtmQueueDisc> q = p->device->GetQueueDisc();
        p->area += q->GetLengthIntegral(Simulator::Now());
        p->max = q->GetMaxCellsSeen();
        p->txAtStop = p->device->GetCellsTransmitted();
        p->dropAtStop = p->device->GetQueueDisc()->GetNDropped();
        p->creditAtStop = p->credit ? p->credit->GetNCreditCells() : 0;
    }
    for (const auto& t : m_tcp)
    {
        if (t)
        {
            t->EndWindow();
        }
    }
}

void
AtmScenarioHelper::Sample(std::vector<Port*> ports)
{
    AtmSwitch::SyncAll();
    for (const Port* p : ports)
    {
        m_samples.push_back({"queue",
                             p->from + "->" + p->to,
                             Simulator::Now().GetSeconds(),
                             static_cast<double>(p->device->GetQueueDisc()->GetNCells())});
        m_sampleRanks.push_back(p->device->GetNode()->GetSystemId());
    }
    for (const AcrProbe& a : m_acr)
    {
        m_samples.push_back({"acr", a.name, Simulator::Now().GetSeconds(), a.source->GetAcr()});
        m_sampleRanks.push_back(a.rank);
    }
    for (const CreditProbe& c : m_creditProbes)
    {
        m_samples.push_back({"credit",
                             c.object,
                             Simulator::Now().GetSeconds(),
                             static_cast<double>(c.sender->GetBalance(c.slot))});
        // Buf_Alloc: the receiver's (receiver-oriented) or the sender's.
        m_samples.push_back({"allocation",
                             c.object,
                             Simulator::Now().GetSeconds(),
                             static_cast<double>(c.receiver ? c.receiver->GetAllocation(c.index)
                                                            : c.sender->GetAllocation(c.slot))});
        m_sampleRanks.push_back(c.rank);
        m_sampleRanks.push_back(c.allocationRank);
    }
    // TCP payload delivered since the last sample, bit/s over the interval.
    for (auto& [name, vc, last] : m_goodputProbes)
    {
        const uint64_t bytes = m_tcp[vc]->GetTotalBytes();
        m_samples.push_back({"goodput",
                             name,
                             Simulator::Now().GetSeconds(),
                             8.0 * (bytes - last) / m_sc.GetSeriesInterval().GetSeconds()});
        m_sampleRanks.push_back(RankOf(m_sc.GetVcs()[vc].path.back()));
        last = bytes;
    }
    if (Simulator::Now() + m_sc.GetSeriesInterval() < m_sc.GetEnd())
    {
        Simulator::Schedule(m_sc.GetSeriesInterval(), &AtmScenarioHelper::Sample, this, ports);
    }
}

void
AtmScenarioHelper::Run(bool progress)
{
    NS_LOG_FUNCTION(this << progress);
    std::unique_ptr<ShowProgress> show;
    if (progress)
    {
        show = std::make_unique<ShowProgress>(Seconds(1), std::cerr);
    }
    Simulator::Stop(m_sc.GetEnd());
    const uint64_t events = Simulator::GetEventCount();
    const auto t0 = std::chrono::steady_clock::now();
    Simulator::Run();
    const auto t1 = std::chrono::steady_clock::now();
    m_wallSeconds = std::chrono::duration<double>(t1 - t0).count();
    m_events = Simulator::GetEventCount() - events;
}

AtmRunResults
AtmScenarioHelper::GetResults(const std::string& key) const
{
    AtmRunResults r;
    r.key = key;
    r.scenario = m_sc.GetName();
    r.file = m_sc.GetFile();
    r.scenarioJson = m_sc.GetResolvedText();
    r.params = m_sc.GetParamsText();
    r.seed = m_seed;
    r.run = m_run;
    r.wallSeconds = m_wallSeconds;
    r.events = m_events;
    r.simSeconds = m_sc.GetEnd().GetSeconds();
    r.measureStart = m_sc.GetMeasureStart().GetSeconds();
    r.measureStop = m_sc.GetMeasureStop().GetSeconds();
    const double window = (m_sc.GetMeasureStop() - m_sc.GetMeasureStart()).GetSeconds();
    std::vector<double> ratios;
    for (std::size_t i = 0; i < m_vcs.size(); ++i)
    {
        const AtmScenario::Vc& v = m_sc.GetVcs()[i];
        Ptr<AtmVc> vc = m_vcs[i];
        Ptr<AtmCellSink> sink = m_sinks[i];
        AtmRunResults::Vc o;
        o.name = v.name;
        o.group = v.group;
        o.category = v.category;
        o.src = v.path.front();
        o.dst = v.path.back();
        o.hops = static_cast<uint32_t>(v.path.size() - 1);
        o.sent = vc->GetCellsSent();
        o.received = vc->GetCellsReceived();
        o.dropped = vc->GetCellsDropped();
        o.queued = vc->GetCellsQueued();
        o.drops = vc->GetDropsByReason();
        if (sink)
        {
            o.windowCells = sink->GetCellsReceived();
            o.windowLost = sink->GetCellsLost();
            o.throughputBps = sink->GetThroughput();
            o.goodputBps = o.throughputBps * AtmCell::PAYLOAD_SIZE / AtmCell::SIZE;
        }
        else
        {
            // TCP: the cells of the window counted at the VC's end; goodput
            // is the TCP payload delivered to the application.
            const AtmTcpTransfer& t = *m_tcp[i];
            o.windowCells = m_delays[i].GetNCells();
            o.throughputBps = o.windowCells * AtmCell::BITS / window;
            o.goodputBps = t.GetBytesInWindow() * 8.0 / window;
            o.tcpRetransmissions = t.GetRetransmissions();
            o.tcpTimeouts = t.GetTimeouts();
        }
        if (m_blocks[i].first >= 0)
        {
            o.blocks = m_blocks[i].first;
            o.blockTimeMean = o.blocks > 0 ? m_blocks[i].second / o.blocks : -1;
        }
        o.idealBps = m_ideal[i];
        o.ratio = m_ideal[i] > 0 ? o.throughputBps / m_ideal[i] : 0;
        ratios.push_back(o.ratio);
        DelayLog& delays = m_delays[i];
        const std::vector<std::pair<int64_t, uint64_t>>& d = delays.GetCounts();
        if (!d.empty())
        {
            const uint64_t cells = delays.GetNCells();
            auto seconds = [](int64_t steps) { return TimeStep(steps).GetSeconds(); };
            // The delay of the cell of nearest rank ceil(p * cells) by delay.
            auto pct = [&d, cells, &seconds](double p) {
                const auto rank = static_cast<uint64_t>(std::ceil(p * cells));
                uint64_t seen = 0;
                for (const auto& [steps, n] : d)
                {
                    seen += n;
                    if (seen >= rank)
                    {
                        return seconds(steps);
                    }
                }
                return seconds(d.back().first);
            };
            // The cells' delays added one by one, shortest first.
            double sum = 0;
            for (const auto& [steps, n] : d)
            {
                const double s = seconds(steps);
                for (uint64_t k = 0; k < n; ++k)
                {
                    sum += s;
                }
            }
            o.delayMean = sum / cells;
            o.delayP50 = pct(0.5);
            o.delayP95 = pct(0.95);
            o.delayP99 = pct(0.99);
            o.delayMax = seconds(d.back().first);
            o.delayMin = seconds(d.front().first);
        }
        r.vcs.push_back(o);
    }
    r.jain = AtmMaxMinOracle::JainIndex(ratios);
    for (const auto& p : m_ports)
    {
        AtmRunResults::Link l;
        l.link = p->link;
        l.from = p->from;
        l.to = p->to;
        l.cellRateBps = p->device->GetCellRate() * AtmCell::BITS;
        l.cellsTx = p->txAtStop - p->txAtStart;
        l.utilization = l.cellsTx / (p->device->GetCellRate() * window);
        l.queueMean = p->area / window;
        l.queueMax = p->max;
        l.dropped = p->dropAtStop - p->dropAtStart;
        if (p->credit)
        {
            // Credit cells as a share of the link direction's capacity.
            l.creditOverhead =
                (p->creditAtStop - p->creditAtStart) / (p->device->GetCellRate() * window);
        }
        r.links.push_back(l);
    }
    r.samples = m_samples;
    m_hub.AddResults(r, window);
    if (m_ranks == 1)
    {
        return r;
    }
    // Rank 0 merges every rank's part; the others keep their own.
    const std::vector<std::string> packed = AtmRankResults::Gather(AtmRankResults::Pack(r));
    if (packed.size() < 2)
    {
        return r;
    }
    std::vector<AtmRunResults> perRank(packed.size(), r);
    for (std::size_t k = 1; k < packed.size(); ++k)
    {
        AtmRankResults::Unpack(packed[k], perRank[k]);
    }
    return AtmRankResults::Merge(perRank, GetOwners());
}

AtmRankResults::Owners
AtmScenarioHelper::GetOwners() const
{
    AtmRankResults::Owners owners;
    for (const AtmScenario::Vc& v : m_sc.GetVcs())
    {
        owners.vcSource.push_back(RankOf(v.path.front()));
        owners.vcDestination.push_back(RankOf(v.path.back()));
    }
    for (const auto& p : m_ports)
    {
        owners.links.push_back(p->device->GetNode()->GetSystemId());
    }
    owners.samples = m_sampleRanks;
    return owners;
}

Ptr<Node>
AtmScenarioHelper::GetNode(const std::string& name) const
{
    const auto it = m_nodes.find(name);
    return it == m_nodes.end() ? nullptr : it->second;
}

Ptr<AtmVc>
AtmScenarioHelper::GetVc(const std::string& name) const
{
    for (std::size_t i = 0; i < m_vcs.size(); ++i)
    {
        if (m_sc.GetVcs()[i].name == name)
        {
            return m_vcs[i];
        }
    }
    return nullptr;
}

} // namespace ns3
