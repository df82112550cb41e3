/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-switch.h"

#include "atm-channel.h"
#include "atm-net-device.h"
#include "atm-port-behaviour.h"
#include "atm-queue-disc.h"
#include "atm-rm-cell.h"
#include "atm-simulator-impl.h"
#include "atm-switch-fabric.h"
#include "atm-trace-source-accessor.h"
#include "atm-upc.h"
#include "atm-vc.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node-list.h"
#include "ns3/node.h"
#include "ns3/pointer.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmSwitch");

NS_OBJECT_ENSURE_REGISTERED(AtmSwitch);

uint64_t AtmSwitch::s_generation = 0;

TypeId
AtmSwitch::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmSwitch")
                            .SetParent<Object>()
                            .SetGroupName("Atm")
                            .AddConstructor<AtmSwitch>()
                            .AddAttribute("Fabric",
                                          "The fabric that carries cells from the input "
                                          "ports to the output ports' queues (SetFabric); "
                                          "null: they go straight there.",
                                          TypeId::ATTR_GET,
                                          PointerValue(),
                                          MakePointerAccessor(&AtmSwitch::GetFabric),
                                          MakePointerChecker<AtmSwitchFabric>())
                            .AddTraceSource("Drop",
                                            "A cell was dropped in the fabric, with the reason.",
                                            MakeAtmTraceSourceAccessor(&AtmSwitch::m_traceDrop),
                                            "ns3::AtmSwitch::DropTracedCallback");
    return tid;
}

AtmSwitch::AtmSwitch()
    : m_unknownVcDrops(0),
      m_fabricDrops(0),
      m_nextArrival(std::numeric_limits<int64_t>::max()),
      m_arrivalTime(0),
      m_syncing(false)
{
    NS_LOG_FUNCTION(this);
    m_queueFactory.SetTypeId("ns3::AtmFifoQueueDisc");
}

AtmSwitch::~AtmSwitch()
{
    NS_LOG_FUNCTION(this);
    ++s_generation;
}

void
AtmSwitch::DoInitialize()
{
    // The VC tables are built: drop the room their growth left.
    for (auto& routes : m_inRoutes)
    {
        routes.shrink_to_fit();
    }
    m_routes.shrink_to_fit();
    m_pairs.shrink_to_fit();
    // Set up the ingress ports' policing now, so that a contract that
    // cannot be policed stops the run before it starts.
    for (uint32_t p = 0; p < m_ports.size(); ++p)
    {
        if (m_ports[p]->PeekUpc())
        {
            const uint32_t sharing = CountPolicedVcs(p);
            for (uint32_t a = 0; a < m_inRoutes[p].size(); ++a)
            {
                SetUpUpc(p, a, sharing);
            }
        }
    }
    Object::DoInitialize();
}

void
AtmSwitch::DoDispose()
{
    for (auto& p : m_ports)
    {
        p->SetSwitch(nullptr, 0);
    }
    m_ports.clear();
    m_routes.clear();
    m_inRoutes.clear();
    m_node = nullptr;
    if (m_fabric)
    {
        m_fabric->Dispose();
        m_fabric = nullptr;
    }
    ++s_generation;
    Object::DoDispose();
}

void
AtmSwitch::NotifyNewAggregate()
{
    if (!m_node)
    {
        m_node = GetObject<Node>();
    }
    ++s_generation;
    Object::NotifyNewAggregate();
}

std::string
AtmSwitch::GetContext() const
{
    return "AtmSwitch on node " + (m_node ? std::to_string(m_node->GetId()) : std::string("?"));
}

void
AtmSwitch::SetQueueDiscFactory(const ObjectFactory& factory)
{
    m_queueFactory = factory;
}

uint32_t
AtmSwitch::AddPort(Ptr<AtmNetDevice> device)
{
    NS_LOG_FUNCTION(this << device);
    NS_ABORT_MSG_IF(GetPortIndex(device) != NOT_A_PORT,
                    GetContext() << ": device " << device->GetIfIndex() << " is already a port");
    const auto port = static_cast<uint32_t>(m_ports.size());
    m_ports.push_back(device);
    m_inRoutes.emplace_back();
    m_wires.push_back(Wire{nullptr, 0}); // looked up when the port has a link
    m_handOvers.push_back(HandOverBound{});
    AtmChannel::NotifyTimingChange(); // every port's bound has one wire more
    device->SetQueueDisc(m_queueFactory.Create<AtmQueueDisc>());
    device->SetSwitch(this, port);
    if (m_fabric)
    {
        m_fabric->NotifyPortAdded(port);
    }
    return port;
}

uint32_t
AtmSwitch::GetNPorts() const
{
    return static_cast<uint32_t>(m_ports.size());
}

Ptr<AtmNetDevice>
AtmSwitch::GetPort(uint32_t port) const
{
    CheckPort(port, "port");
    return m_ports[port];
}

uint32_t
AtmSwitch::GetPortIndex(Ptr<const AtmNetDevice> device) const
{
    for (uint32_t i = 0; i < m_ports.size(); ++i)
    {
        if (m_ports[i] == device)
        {
            return i;
        }
    }
    return NOT_A_PORT;
}

void
AtmSwitch::CheckPort(uint32_t port, const char* field) const
{
    NS_ABORT_MSG_IF(port >= m_ports.size(),
                    GetContext() << ": " << field << " = " << port
                                 << ": no such port (the switch has " << m_ports.size() << ")");
}

uint32_t
AtmSwitch::AddVc(uint32_t inPort,
                 uint16_t inVpi,
                 uint16_t inVci,
                 uint32_t outPort,
                 uint16_t outVpi,
                 uint16_t outVci,
                 Ptr<AtmVc> vc,
                 uint32_t weight)
{
    NS_LOG_FUNCTION(this << inPort << inVpi << inVci << outPort << outVpi << outVci);
    CheckPort(inPort, "input port");
    CheckPort(outPort, "output port");
    NS_ABORT_MSG_IF(m_ports[inPort]->GetArrivingIndex(inVpi, inVci) != AtmVcTable::NOT_FOUND,
                    GetContext() << ", input port " << inPort << ": VPI/VCI = " << inVpi << "/"
                                 << inVci << ": already in use");
    const uint32_t slot = m_ports[outPort]->AddTxVc(outVpi, outVci, vc, weight);
    const uint32_t arrival = m_ports[inPort]->AddArrivingVc(inVpi, inVci);
    m_ports[outPort]->SetTxVcArrival(slot, PeekPointer(m_ports[inPort]), arrival);
    const auto r = static_cast<uint32_t>(m_routes.size());
    // A switch port's arriving VCs are the switch's: their indices are dense.
    NS_ASSERT(arrival == m_inRoutes[inPort].size());
    m_inRoutes[inPort].push_back(
        Route{PeekPointer(m_ports[outPort]), slot, r, AtmVcTable::Label(outVpi, outVci)});
    m_routes.push_back(RouteStart{inPort, arrival});
    if (m_fabric)
    {
        m_fabric->NotifyVcAdded(r, inPort, outPort);
    }
    return slot;
}

uint32_t
AtmSwitch::GetNVcs() const
{
    return static_cast<uint32_t>(m_routes.size());
}

const AtmSwitch::Route&
AtmSwitch::GetRoute(uint32_t r) const
{
    const RouteStart& start = m_routes[r];
    return m_inRoutes[start.inPort][start.arrivalIndex];
}

void
AtmSwitch::Forward(uint32_t inPort, const AtmCell& cell)
{
    DoForwardArrival(inPort, cell, AtmVcTable::NOT_FOUND);
}

// Inlined into the processing of the wires, where each cell-hop starts.
[[gnu::always_inline]] inline void
AtmSwitch::DoForwardArrival(uint32_t inPort, const AtmCell& cell, uint32_t arrivalIndex)
{
    AtmNetDevice* in = PeekPointer(m_ports[inPort]);
    const uint32_t a = arrivalIndex != AtmVcTable::NOT_FOUND
                           ? arrivalIndex
                           : in->GetArrivingIndex(cell.GetVpi(), cell.GetVci());
    if (a == AtmVcTable::NOT_FOUND)
    {
        NS_LOG_LOGIC(GetContext() << ": unknown VC " << cell << " on port " << inPort);
        ++m_unknownVcDrops;
        m_traceDrop(cell, inPort, UNKNOWN_VC_DROP);
        m_ports[inPort]->DropCell(cell, UNKNOWN_VC_DROP);
        return;
    }
    const Route& route = m_inRoutes[inPort][a];
    if (cell.IsData())
    {
        in->NotifyArrival(a);
        if (in->PeekUpc())
        {
            AtmCell policed = cell;
            if (PoliceArrival(inPort, a, policed))
            {
                SwitchArrival(inPort, route, policed);
            }
            return;
        }
    }
    SwitchArrival(inPort, route, cell);
}

inline void
AtmSwitch::SwitchArrival(uint32_t inPort, const Route& route, const AtmCell& cell)
{
    if (m_fabric)
    {
        m_fabric->Transfer(route.id, inPort, route.out->GetSwitchPort(), cell);
        return;
    }
    DeliverOn(route, cell, m_syncing ? m_arrivalTime : AtmSimulatorImpl::CurrentTimeStep());
}

bool
AtmSwitch::PoliceArrival(uint32_t inPort, uint32_t a, AtmCell& cell)
{
    AtmNetDevice* in = PeekPointer(m_ports[inPort]);
    AtmUpc* upc = in->PeekUpc();
    if (!upc->HasVc(a))
    {
        SetUpUpc(inPort, a, CountPolicedVcs(inPort)); // a VC added during the run
    }
    const int64_t now = m_syncing ? m_arrivalTime : AtmSimulatorImpl::CurrentTimeStep();
    if (upc->Police(cell, a, now) != AtmUpc::DISCARD)
    {
        return true;
    }
    in->NotifyDeparture(a);
    m_traceDrop(cell, inPort, AtmUpc::DISCARD_DROP);
    in->DropCell(cell, AtmUpc::DISCARD_DROP);
    return false;
}

uint32_t
AtmSwitch::CountPolicedVcs(uint32_t inPort) const
{
    uint32_t n = 0;
    for (const Route& route : m_inRoutes[inPort])
    {
        Ptr<AtmVc> vc = route.out->GetTxVc(route.slot);
        n += vc && vc->HasContract() && vc->GetContract().pcr > 0 ? 1 : 0;
    }
    return n;
}

void
AtmSwitch::SetUpUpc(uint32_t inPort, uint32_t a, uint32_t sharing) const
{
    const Route& route = m_inRoutes[inPort][a];
    Ptr<AtmVc> vc = route.out->GetTxVc(route.slot);
    // A VC with a category alone (an ABR VC of AtmAbrHelper) is not policed.
    const AtmTrafficContract contract =
        vc && vc->HasContract() ? vc->GetContract() : AtmTrafficContract();
    const std::string error =
        m_ports[inPort]->PeekUpc()->AddVc(a, contract, m_ports[inPort]->GetCellRate(), sharing);
    NS_ABORT_MSG_IF(
        !error.empty(),
        GetContext() << ", input port " << inPort << " (" << m_ports[inPort]->GetContext()
                     << "), usage parameter control of VC "
                     << (vc ? vc->GetName() : std::string("?")) << " ("
                     << AtmTrafficContract::GetCategoryName(contract.category) << "): " << error);
}

// Flattened: AtmLazyArrival::CanQueueLater, in its own file, is inlined
// then (chain: 16 instructions a hop less).
[[gnu::flatten]] bool
AtmSwitch::CanDefer(uint32_t inPort,
                    const AtmCell& cell,
                    int64_t arrival,
                    int64_t delay,
                    uint32_t& arrivalIndex) const
{
    if (m_fabric || !cell.IsData() || !m_traceDrop.IsEmpty())
    {
        return false;
    }
    const AtmNetDevice* in = PeekPointer(m_ports[inPort]);
    if (!in->CanDeferArrivals())
    {
        return false;
    }
    const uint32_t a = arrivalIndex != AtmVcTable::NOT_FOUND
                           ? arrivalIndex
                           : in->GetArrivingIndex(cell.GetVpi(), cell.GetVci());
    if (a == AtmVcTable::NOT_FOUND)
    {
        return false;
    }
    arrivalIndex = a;
    const Route& route = m_inRoutes[inPort][a];
    // Read when the cell is switched, and at the next switch a cell time
    // after that.
    route.out->PrefetchTxVc(route.slot);
    route.out->PrefetchPeerLabel(route.outLabel);
    if (!route.out->CanQueueLater(arrival, route.slot))
    {
        return false;
    }
    if (!in->HasReceiveAccounting())
    {
        return true;
    }
    // Every cell that may reach the switch no later than this one (the
    // bound counts this one too): AtmChannel::MaxArrivalsWithin summed over
    // the wires into the switch, as the cells on them plus the cells their
    // senders may hand over in time, which is kept until a link's timing
    // changes.
    const uint32_t before = m_cellsOnWires + GetHandOversWithin(inPort, delay);
    return route.out->PeekQueueDisc()->IsSureToQueue(route.slot, before);
}

uint32_t
AtmSwitch::GetHandOversWithin(uint32_t inPort, int64_t delay) const
{
    HandOverBound& b = m_handOvers[inPort];
    const uint64_t generation = AtmChannel::GetTimingGeneration();
    if (b.generation != generation || b.delay != delay)
    {
        b = HandOverBound{delay, generation, 0};
        for (uint32_t p = 0; p < m_wires.size(); ++p)
        {
            if (m_wires[p].channel || LinkWire(p))
            {
                b.cells += m_wires[p].channel->MaxHandOversWithin(m_wires[p].end, delay);
            }
        }
    }
    return b.cells;
}

uint32_t
AtmSwitch::PrepareArrival(uint32_t inPort, const AtmCell& cell) const
{
    if (m_fabric || cell.GetKind() == AtmCell::CREDIT)
    {
        return AtmVcTable::NOT_FOUND;
    }
    const uint32_t a = m_ports[inPort]->GetArrivingIndex(cell.GetVpi(), cell.GetVci());
    if (a != AtmVcTable::NOT_FOUND)
    {
        __builtin_prefetch(&m_inRoutes[inPort][a]);
    }
    return a;
}

bool
AtmSwitch::LinkWire(uint32_t port) const
{
    AtmChannel* ch = m_ports[port]->PeekChannel();
    if (!ch)
    {
        return false;
    }
    m_wires[port] = Wire{ch, ch->GetEndIndex(PeekPointer(m_ports[port]))};
    return true;
}

void
AtmSwitch::ProcessDueArrivals(int64_t now, uint64_t last)
{
    if (m_syncing)
    {
        return; // a reader inside the processing: the state is current
    }
    m_syncing = true;
    m_nextArrival = std::numeric_limits<int64_t>::max();
    // The oldest cell on the wires (m_arrivals keeps the wires with cells
    // in the order of their first cells); at equal times the one handed
    // over first (the order of the two-event path's arrival events).
    while (!m_arrivals.IsEmpty())
    {
        const uint32_t p = m_arrivals.Top();
        const int64_t t = m_arrivals.TopKey().time;
        // Not due yet; or due now, but handed over after the cell of the
        // arrival event running (it waits for its own), or at one instant
        // cells leave before cells arrive: it waits for the port whose
        // transmission ends now.
        if (t > now || (t == now && (m_arrivals.TopKey().order > last || IsDepartingNow(now))))
        {
            m_nextArrival = t;
            break;
        }
        const Wire& wire = m_wires[p];
        uint32_t arrivalIndex;
        const AtmCell cell = wire.channel->PopArrival(wire.end, arrivalIndex);
        --m_cellsOnWires;
        if (wire.channel->HasArrival(wire.end))
        {
            m_arrivals.ReplaceTop(wire.channel->GetFirstArrival(wire.end));
        }
        else
        {
            m_arrivals.PopTop();
        }
        m_arrivalTime = t;
        if (m_ports[p]->TakeArrival(cell))
        {
            DoForwardArrival(p, cell, arrivalIndex);
        }
    }
    m_syncing = false;
}

bool
AtmSwitch::IsDepartingNow(int64_t now) const
{
    for (const auto& port : m_ports)
    {
        if (port->IsDepartingAt(now))
        {
            return true;
        }
    }
    return false;
}

const std::vector<AtmSwitch*>&
AtmSwitch::GetAll()
{
    // The switches in the order of NodeList, found again only when a switch
    // was aggregated to a node or disposed of, or a node was added:
    // GetObject on every node costs thousands of instructions on a node
    // with an internet stack, and a scenario's samples call this often.
    static std::vector<AtmSwitch*> switches;
    static uint64_t generation = 0;
    static uint32_t nodes = 0;
    if (generation != s_generation || nodes != NodeList::GetNNodes())
    {
        switches.clear();
        for (auto i = NodeList::Begin(); i != NodeList::End(); ++i)
        {
            if (Ptr<AtmSwitch> sw = (*i)->GetObject<AtmSwitch>())
            {
                switches.push_back(PeekPointer(sw));
            }
        }
        generation = s_generation;
        nodes = NodeList::GetNNodes();
    }
    return switches;
}

void
AtmSwitch::SyncAll()
{
    for (AtmSwitch* sw : GetAll())
    {
        sw->SyncArrivals();
    }
}

void
AtmSwitch::UndeferAll()
{
    // Before the first cell is handed over, and at time 0, none is held: a
    // program that connects its sinks before it runs does not walk the
    // nodes to find that out, nor make the simulator before its first run
    // (its type may still be chosen).
    if (AtmChannel::GetHandOvers() == 0)
    {
        return;
    }
    const int64_t now = AtmSimulatorImpl::CurrentTimeStep();
    if (now == 0)
    {
        return;
    }
    // The cells due before now are processed now; one due at this instant
    // gets its event like the later ones, after the event running (a
    // listener connected in it hears the cell, as when its arrival event
    // was scheduled after this event).
    for (AtmSwitch* sw : GetAll())
    {
        sw->SyncArrivals(now - 1);
        for (uint32_t p = 0; p < sw->m_wires.size(); ++p)
        {
            if (sw->m_wires[p].channel || sw->LinkWire(p))
            {
                sw->m_wires[p].channel->UndeferArrivals(sw->m_wires[p].end);
            }
        }
    }
}

bool
AtmSwitch::Deliver(uint32_t r, const AtmCell& cell)
{
    return DeliverOn(GetRoute(r), cell, AtmSimulatorImpl::CurrentTimeStep());
}

inline bool
AtmSwitch::DeliverOn(const Route& route, const AtmCell& cell, int64_t now)
{
    if (cell.IsData())
    {
        AtmPortBehaviour* b = route.out->PeekPortBehaviour();
        if (b)
        {
            AtmCell c = cell;
            b->OnDataArrival(c, route.slot, route.out->GetPortState(route.slot, TimeStep(now)));
            return route.out->SendCell(route.slot, c, now);
        }
    }
    else if (cell.GetKind() == AtmCell::RM)
    {
        return ForwardRm(route, cell);
    }
    return route.out->SendCell(route.slot, cell, now);
}

void
AtmSwitch::DropInFabric(uint32_t r, const AtmCell& cell, const char* reason)
{
    const RouteStart& start = m_routes[r];
    const Route& route = GetRoute(r);
    NS_LOG_LOGIC(GetContext() << ": fabric dropped " << cell << " (" << reason << ")");
    ++m_fabricDrops;
    if (cell.IsData())
    {
        NotifyLeftInput(r);
    }
    Ptr<AtmVc> vc = route.out->GetTxVc(route.slot);
    if (vc)
    {
        vc->NotifyDrop(cell, reason);
    }
    m_traceDrop(cell, start.inPort, reason);
}

void
AtmSwitch::NotifyLeftInput(uint32_t r)
{
    const RouteStart& start = m_routes[r];
    m_ports[start.inPort]->NotifyDeparture(start.arrivalIndex);
}

void
AtmSwitch::SetFabric(Ptr<AtmSwitchFabric> fabric)
{
    NS_LOG_FUNCTION(this << fabric);
    NS_ABORT_MSG_IF(
        !m_routes.empty(),
        GetContext() << ": fabric = "
                     << (fabric ? fabric->GetInstanceTypeId().GetName() : std::string("none"))
                     << ": set it before the first VC (the switch has " << m_routes.size() << ")");
    m_fabric = fabric;
    if (m_fabric)
    {
        m_fabric->SetSwitch(this);
        for (uint32_t p = 0; p < m_ports.size(); ++p)
        {
            m_fabric->NotifyPortAdded(p);
        }
    }
}

Ptr<AtmSwitchFabric>
AtmSwitch::GetFabric() const
{
    return m_fabric;
}

uint32_t
AtmSwitch::GetRouteSlot(uint32_t r) const
{
    NS_ABORT_MSG_IF(r >= m_routes.size(),
                    GetContext() << ": route = " << r << ": no such route (the switch has "
                                 << m_routes.size() << ")");
    return GetRoute(r).slot;
}

uint64_t
AtmSwitch::GetNFabricDrops() const
{
    return m_fabricDrops;
}

bool
AtmSwitch::ForwardRm(const Route& route, const AtmCell& cell)
{
    const uint32_t r = route.id;
    AtmCell c = cell;
    if (!AtmRmCell::GetDir(c))
    {
        if (AtmPortBehaviour* b = route.out->PeekPortBehaviour())
        {
            b->OnForwardRm(c, route.slot, route.out->GetPortState(route.slot));
        }
    }
    else if (r < m_pairs.size() && m_pairs[r].port != NO_PAIR)
    {
        const Pair& pair = m_pairs[r];
        AtmNetDevice* out = PeekPointer(m_ports[pair.port]);
        if (AtmPortBehaviour* b = out->PeekPortBehaviour())
        {
            b->OnBackwardRm(c, pair.slot, out->GetPortState(pair.slot));
        }
    }
    return route.out->SendCell(route.slot, c);
}

void
AtmSwitch::SetBackwardPair(uint32_t inPort,
                           uint16_t vpi,
                           uint16_t vci,
                           uint32_t fwdPort,
                           uint32_t fwdSlot)
{
    NS_LOG_FUNCTION(this << inPort << vpi << vci << fwdPort << fwdSlot);
    CheckPort(inPort, "input port");
    CheckPort(fwdPort, "forward port");
    const uint32_t a = m_ports[inPort]->GetArrivingIndex(vpi, vci);
    NS_ABORT_MSG_IF(a == AtmVcTable::NOT_FOUND,
                    GetContext() << ", input port " << inPort << ": VPI/VCI = " << vpi << "/" << vci
                                 << ": no VC to pair");
    NS_ABORT_MSG_IF(fwdSlot >= m_ports[fwdPort]->GetNTxVcs(),
                    GetContext() << ", forward port " << fwdPort << ": slot = " << fwdSlot
                                 << ": no such VC slot");
    const uint32_t r = m_inRoutes[inPort][a].id;
    if (r >= m_pairs.size())
    {
        m_pairs.resize(r + 1);
    }
    m_pairs[r] = Pair{fwdPort, fwdSlot};
}

AtmVc*
AtmSwitch::FindArrivingVc(uint32_t inPort, const AtmCell& cell) const
{
    const uint32_t a = m_ports[inPort]->GetArrivingIndex(cell.GetVpi(), cell.GetVci());
    if (a == AtmVcTable::NOT_FOUND)
    {
        return nullptr;
    }
    const Route& route = m_inRoutes[inPort][a];
    return route.out->PeekTxVc(route.slot);
}

uint64_t
AtmSwitch::GetNUnknownVcDrops() const
{
    return m_unknownVcDrops;
}

} // namespace ns3
