/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-bus-hub.h"

#include "atm-compat.h"
#include "atm-hub-board.h"
#include "atm-hub-flow-control.h"
#include "atm-simulator-impl.h"
#include "atm-switch.h"
#include "atm-trace-source-accessor.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmBusHub");

NS_OBJECT_ENSURE_REGISTERED(AtmBusHub);

TypeId
AtmBusHub::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmBusHub")
            .SetParent<AtmSwitchFabric>()
            .SetGroupName("Atm")
            .AddConstructor<AtmBusHub>()
            .AddAttribute("BusRate",
                          "Rate of the transmit (and receive) bus.",
                          DataRateValue(DataRate("4Gbps")),
                          MakeDataRateAccessor(&AtmBusHub::m_busRate),
                          MakeDataRateChecker())
            .AddAttribute("FetchRate",
                          "FR: rate of the move from a send RAM to its send BIC.",
                          DataRateValue(DataRate("500Mbps")),
                          MakeDataRateAccessor(&AtmBusHub::m_fetchRate),
                          MakeDataRateChecker())
            .AddAttribute("DrainRate",
                          "DR: rate of the move from a receive BIC to its output RAM.",
                          DataRateValue(DataRate("500Mbps")),
                          MakeDataRateAccessor(&AtmBusHub::m_drainRate),
                          MakeDataRateChecker())
            .AddAttribute("EnvelopeSize",
                          "Octets of an envelope on the bus: the 53-octet cell in the "
                          "hub's local header (the paper does not give it).",
                          UintegerValue(64),
                          MakeUintegerAccessor(&AtmBusHub::m_envelopeSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("SendBicSize",
                          "Envelopes of the send BIC staging FIFO (the envelope being "
                          "fetched and the one on the bus count).",
                          UintegerValue(2),
                          MakeUintegerAccessor(&AtmBusHub::m_sendBicSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("BicSize",
                          "B: envelopes of a BIC buffer; the receive side has "
                          "RB = B - SendBicSize.",
                          UintegerValue(45),
                          MakeUintegerAccessor(&AtmBusHub::m_bicSize),
                          MakeUintegerChecker<uint32_t>(2))
            .AddAttribute("RamSize",
                          "Envelopes a board's send RAM holds (0: unbounded).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmBusHub::m_ramSize),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("PeriodicFetch",
                          "Fetch at opportunities one fetch time T apart (Chong et al. section "
                          "4): a cycle that began while the send BIC had room moves the "
                          "envelope eligible at its end; FetchPhase says where the cycles "
                          "begin. False: a fetch starts when an envelope is eligible and the "
                          "send BIC has room, and ends one fetch time later.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&AtmBusHub::m_periodicFetch),
                          MakeBooleanChecker())
            .AddAttribute("FetchPhase",
                          "With PeriodicFetch, where a board's fetch cycles begin. Random: "
                          "when a fetcher that had nothing eligible gets work, its next "
                          "opportunity comes after a delay uniform in (0, T], drawn for that "
                          "board (its clock is not synchronous with the other boards' or the "
                          "drains'). Staggered: board b's cycles begin at b T / boards + k T.",
                          EnumValue(AtmBusHub::PHASE_RANDOM),
                          AtmMakeEnumAccessor<FetchPhase>(&AtmBusHub::m_fetchPhase),
                          MakeEnumChecker(AtmBusHub::PHASE_RANDOM,
                                          "Random",
                                          AtmBusHub::PHASE_STAGGERED,
                                          "Staggered"))
            .AddAttribute("FlowControl",
                          "Type name of the AtmHubFlowControl (empty: none), e.g. "
                          "ns3::AtmHubPhysicalFlowControl.",
                          StringValue(""),
                          MakeStringAccessor(&AtmBusHub::m_flowControlType),
                          MakeStringChecker())
            .AddTraceSource("Loss",
                            "An envelope was lost (receive BIC full, or send RAM full).",
                            MakeAtmTraceSourceAccessor(&AtmBusHub::m_traceLoss),
                            "ns3::AtmBusHub::LossTracedCallback")
            .AddTraceSource("Delivered",
                            "An envelope left a receive BIC, with its switching delay.",
                            MakeAtmTraceSourceAccessor(&AtmBusHub::m_traceDelivered),
                            "ns3::AtmBusHub::DeliveredTracedCallback")
            .AddTraceSource("Fetch",
                            "A fetcher took an envelope from its send RAM.",
                            MakeAtmTraceSourceAccessor(&AtmBusHub::m_traceFetch),
                            "ns3::AtmBusHub::FetchTracedCallback")
            .AddTraceSource("BusSlot",
                            "A bus slot carried an envelope (data or dummy).",
                            MakeAtmTraceSourceAccessor(&AtmBusHub::m_traceBusSlot),
                            "ns3::AtmBusHub::BusSlotTracedCallback")
            .AddTraceSource("ReceiveOccupancy",
                            "The occupancy of a receive BIC changed.",
                            MakeAtmTraceSourceAccessor(&AtmBusHub::m_traceReceiveOccupancy),
                            "ns3::AtmBusHub::OccupancyTracedCallback")
            .AddTraceSource("ControlBuffer",
                            "The occupancy of a control buffer changed.",
                            MakeAtmTraceSourceAccessor(&AtmBusHub::m_traceControlBuffer),
                            "ns3::AtmBusHub::OccupancyTracedCallback")
            .AddTraceSource("Control",
                            "A flow control message took effect at the senders.",
                            MakeAtmTraceSourceAccessor(&AtmBusHub::m_traceControl),
                            "ns3::AtmBusHub::ControlTracedCallback");
    return tid;
}

AtmBusHub::AtmBusHub()
    : m_envelopeSize(64),
      m_sendBicSize(2),
      m_bicSize(45),
      m_ramSize(0),
      m_periodicFetch(true),
      m_fetchPhase(PHASE_RANDOM),
      m_phaseVariable(CreateObject<UniformRandomVariable>()),
      m_started(false),
      m_busy(false),
      m_onBus(),
      m_onBusBoard(0),
      m_pollPos(-1),
      m_pollUp(true),
      m_dummyCursor(0),
      m_dummies(0),
      m_dataSlots(0),
      m_dummySlots(0)
{
    NS_LOG_FUNCTION(this);
    m_slotEvent.SetFunction(&AtmBusHub::EndSlot, this);
}

AtmBusHub::~AtmBusHub()
{
    NS_LOG_FUNCTION(this);
}

std::string
AtmBusHub::GetConfigError() const
{
    if (m_bicSize <= m_sendBicSize)
    {
        return "BicSize = " + std::to_string(m_bicSize) +
               ": leaves no receive BIC beside SendBicSize = " + std::to_string(m_sendBicSize);
    }
    const std::pair<const char*, const DataRate*> rates[] = {{"BusRate", &m_busRate},
                                                             {"FetchRate", &m_fetchRate},
                                                             {"DrainRate", &m_drainRate}};
    for (const auto& [name, rate] : rates)
    {
        if (rate->GetBitRate() == 0)
        {
            return std::string(name) + " = 0bps: must be positive";
        }
    }
    const Ptr<AtmHubFlowControl> fc = m_fc ? m_fc : CreateNamedFlowControl();
    if (!fc && !m_flowControlType.empty())
    {
        return "FlowControl = '" + m_flowControlType + "': is not an AtmHubFlowControl";
    }
    if (const std::string error = fc ? fc->GetConfigError(GetReceiveBicSize()) : ""; !error.empty())
    {
        return "FlowControl " + fc->GetInstanceTypeId().GetName() + ": " + error;
    }
    return "";
}

Ptr<AtmHubFlowControl>
AtmBusHub::CreateNamedFlowControl() const
{
    TypeId tid;
    if (m_flowControlType.empty() || !TypeId::LookupByNameFailSafe(m_flowControlType, &tid) ||
        !tid.IsChildOf(AtmHubFlowControl::GetTypeId()))
    {
        return nullptr;
    }
    ObjectFactory f;
    f.SetTypeId(tid);
    return f.Create<AtmHubFlowControl>();
}

void
AtmBusHub::DoDispose()
{
    m_slotEvent.Cancel();
    for (auto& b : m_boards)
    {
        b->Dispose();
    }
    m_boards.clear();
    m_fc = nullptr;
    AtmSwitchFabric::DoDispose();
}

void
AtmBusHub::SetFlowControl(Ptr<AtmHubFlowControl> fc)
{
    NS_ABORT_MSG_IF(m_started, "AtmBusHub: SetFlowControl after the first envelope");
    m_fc = fc;
    m_flowControlType = fc ? fc->GetInstanceTypeId().GetName() : "";
}

Ptr<AtmHubFlowControl>
AtmBusHub::GetFlowControl()
{
    if (!m_fc && !m_flowControlType.empty())
    {
        m_fc = CreateNamedFlowControl();
        NS_ABORT_MSG_IF(!m_fc,
                        "AtmBusHub: FlowControl = '" << m_flowControlType
                                                     << "': is not an AtmHubFlowControl");
    }
    return m_fc;
}

void
AtmBusHub::Start()
{
    if (m_started)
    {
        return;
    }
    // The flow control first: the check reads its thresholds, and it is
    // the one the hub keeps.
    GetFlowControl();
    const std::string error = GetConfigError();
    NS_ABORT_MSG_IF(!error.empty(), "AtmBusHub: " << error);
    m_started = true;
    const uint32_t bits = GetEnvelopeBits();
    m_slot = m_busRate.CalculateBytesTxTime(m_envelopeSize);
    m_fetchTime = m_fetchRate.CalculateBytesTxTime(m_envelopeSize);
    m_drainTime = m_drainRate.CalculateBytesTxTime(m_envelopeSize);
    NS_LOG_LOGIC("envelope " << bits << " bits, slot " << m_slot << ", fetch " << m_fetchTime
                             << ", drain " << m_drainTime);
    if (m_fc)
    {
        m_fc->Attach(this);
    }
}

uint32_t
AtmBusHub::AddBoard()
{
    const uint32_t b = m_boards.size();
    m_boards.push_back(std::make_unique<AtmHubBoard>(this, b));
    m_boards.back()->Resize(m_boardOf.size());
    m_logMap.emplace_back();
    m_physicalCtrl.push_back(0);
    m_maxControl.push_back(0);
    m_phase.push_back(0);
    return b;
}

uint32_t
AtmBusHub::AddAddress(uint32_t board)
{
    NS_ABORT_MSG_IF(board >= m_boards.size(),
                    "AtmBusHub: AddAddress board = " << board << " (boards: " << m_boards.size()
                                                     << ")");
    const uint32_t a = m_boardOf.size();
    m_boardOf.push_back(board);
    m_logicalCtrl.push_back(0);
    m_logMap[board].push_back(a);
    for (auto& b : m_boards)
    {
        b->Resize(a + 1);
    }
    return a;
}

uint32_t
AtmBusHub::GetNBoards() const
{
    return m_boards.size();
}

uint32_t
AtmBusHub::GetNAddresses() const
{
    return m_boardOf.size();
}

uint32_t
AtmBusHub::GetBoardOf(uint32_t address) const
{
    return m_boardOf.at(address);
}

void
AtmBusHub::NotifyPortAdded(uint32_t port)
{
    NS_LOG_FUNCTION(this << port);
    while (m_boards.size() <= port)
    {
        AddBoard();
    }
}

void
AtmBusHub::NotifyVcAdded(uint32_t route, uint32_t inPort, uint32_t outPort)
{
    NS_LOG_FUNCTION(this << route << inPort << outPort);
    NotifyPortAdded(std::max(inPort, outPort));
    if (m_routeAddress.size() <= route)
    {
        m_routeAddress.resize(route + 1, NO_ADDRESS);
    }
    m_routeAddress[route] = AddAddress(outPort);
}

AtmBusHub::StreamStats&
AtmBusHub::Stats(uint32_t stream)
{
    if (stream >= m_stats.size())
    {
        m_stats.resize(stream + 1);
    }
    return m_stats[stream];
}

void
AtmBusHub::Accept(uint32_t board, const AtmHubEnvelope& e)
{
    Start();
    ++Stats(e.stream).injected;
    if (!m_boards[board]->Enqueue(e, m_ramSize))
    {
        Lose(board, e, RAM_DROP);
    }
}

void
AtmBusHub::Inject(uint32_t board, uint32_t address, uint32_t stream)
{
    NS_ABORT_MSG_IF(board >= m_boards.size() || address >= m_boardOf.size(),
                    "AtmBusHub: Inject board = " << board << ", address = " << address << " ("
                                                 << m_boards.size() << " boards, "
                                                 << m_boardOf.size() << " addresses)");
    AtmHubEnvelope e;
    e.arrival = AtmSimulatorImpl::CurrentTimeStep();
    e.stream = stream;
    e.address = address;
    e.route = NO_ROUTE; // a study envelope: no switch route to hand it to
    e.kind = AtmHubEnvelope::DATA;
    Accept(board, e);
}

void
AtmBusHub::Transfer(uint32_t route, uint32_t inPort, uint32_t /* outPort */, const AtmCell& cell)
{
    AtmHubEnvelope e;
    e.cell = cell;
    e.arrival = AtmSimulatorImpl::CurrentTimeStep();
    e.stream = route;
    e.address = m_routeAddress.at(route);
    e.route = route;
    e.kind = AtmHubEnvelope::DATA;
    Accept(inPort, e);
}

void
AtmBusHub::Lose(uint32_t board, const AtmHubEnvelope& e, const char* reason)
{
    StreamStats& s = Stats(e.stream);
    (reason == RAM_DROP ? s.lostRam : s.lostBic)++;
    m_traceLoss(e.stream, board, reason);
    if (GetSwitch() && e.route != NO_ROUTE)
    {
        GetSwitch()->DropInFabric(e.route, e.cell, reason);
    }
}

void
AtmBusHub::NotifyFetch(uint32_t board, const AtmHubEnvelope& e)
{
    m_traceFetch(board, e.stream, e.address);
}

void
AtmBusHub::NotifySendReady()
{
    Kick();
}

void
AtmBusHub::Kick()
{
    if (!m_busy)
    {
        StartSlot();
    }
}

int32_t
AtmBusHub::NextDummyBoard()
{
    if (m_dummies == 0)
    {
        return -1;
    }
    const uint32_t n = m_boards.size();
    for (uint32_t k = 1; k <= n; ++k)
    {
        const uint32_t b = (m_dummyCursor + k) % n;
        if (m_boards[b]->HasDummy())
        {
            m_dummyCursor = b;
            return b;
        }
    }
    return -1;
}

int32_t
AtmBusHub::NextPolled()
{
    const int32_t n = m_boards.size();
    // Elevator (SCAN): on in the current direction to the next active
    // board; at the end turn round; a lone active board is served again.
    for (int pass = 0; pass < 2; ++pass)
    {
        if (m_pollUp)
        {
            for (int32_t i = m_pollPos + 1; i < n; ++i)
            {
                if (m_boards[i]->HasSendEnvelope())
                {
                    return m_pollPos = i;
                }
            }
        }
        else
        {
            for (int32_t i = m_pollPos - 1; i >= 0; --i)
            {
                if (m_boards[i]->HasSendEnvelope())
                {
                    return m_pollPos = i;
                }
            }
        }
        m_pollUp = !m_pollUp;
    }
    if (m_pollPos >= 0 && m_pollPos < n && m_boards[m_pollPos]->HasSendEnvelope())
    {
        return m_pollPos;
    }
    return -1;
}

void
AtmBusHub::StartSlot()
{
    int32_t b = NextDummyBoard();
    if (b >= 0)
    {
        m_onBus = m_boards[b]->TakeDummy();
        --m_dummies;
        ++m_dummySlots;
        m_traceControlBuffer(b, m_boards[b]->GetControlBufferOccupancy());
    }
    else
    {
        b = NextPolled();
        if (b < 0)
        {
            m_busy = false;
            return;
        }
        m_onBus = m_boards[b]->PeekSendEnvelope();
        ++m_dataSlots;
    }
    m_busy = true;
    m_onBusBoard = b;
    m_traceBusSlot(b, m_onBus.kind != AtmHubEnvelope::DATA);
    m_slotEvent.Schedule(m_slot);
}

void
AtmBusHub::EndSlot()
{
    const AtmHubEnvelope e = m_onBus;
    m_busy = false;
    if (e.kind == AtmHubEnvelope::DATA)
    {
        m_boards[m_onBusBoard]->SendDone();
        const uint32_t dst = m_boardOf[e.address];
        AtmHubBoard& board = *m_boards[dst];
        if (!board.Receive(e, GetReceiveBicSize()))
        {
            Lose(dst, e, RECEIVE_BIC_DROP);
        }
        else
        {
            m_traceReceiveOccupancy(dst, board.GetReceiveOccupancy());
        }
        if (m_fc)
        {
            m_fc->NotifyArrival(dst, e.address, board.GetReceiveOccupancy());
        }
    }
    else
    {
        // The dummy came back to its board: it makes the release message.
        SignalControl(m_onBusBoard,
                      e.kind == AtmHubEnvelope::DUMMY_PHYSICAL ? NO_ADDRESS : e.address,
                      false);
    }
    Kick();
}

void
AtmBusHub::NotifyDrained(uint32_t board, const AtmHubEnvelope& e, uint32_t occupancy)
{
    StreamStats& s = Stats(e.stream);
    ++s.delivered;
    const Time delay = AtmSimulatorImpl::CurrentTime() - TimeStep(e.arrival);
    s.delaySum += delay.GetSeconds();
    s.delayMax = std::max(s.delayMax, delay.GetSeconds());
    m_traceReceiveOccupancy(board, occupancy);
    m_traceDelivered(e.stream, delay);
    if (GetSwitch() && e.route != NO_ROUTE)
    {
        GetSwitch()->Deliver(e.route, e.cell);
    }
    if (m_fc)
    {
        m_fc->NotifyDeparture(board, occupancy);
    }
}

bool
AtmBusHub::IsControlled(uint32_t address) const
{
    return m_logicalCtrl[address] || m_physicalCtrl[m_boardOf[address]];
}

void
AtmBusHub::UpdateSenders(uint32_t address)
{
    for (auto& b : m_boards)
    {
        b->Update(address);
    }
}

void
AtmBusHub::SignalControl(uint32_t board, uint32_t address, bool on)
{
    NS_LOG_FUNCTION(this << board << address << on);
    if (address == NO_ADDRESS)
    {
        m_physicalCtrl[board] = on;
        for (uint32_t a : m_logMap[board])
        {
            if (!on)
            {
                m_logicalCtrl[a] = 0; // the board's release covers Log_map[board]
            }
            UpdateSenders(a);
        }
    }
    else
    {
        m_logicalCtrl[address] = on;
        UpdateSenders(address);
    }
    m_traceControl(board, address, on);
}

void
AtmBusHub::SendDummy(uint32_t board, uint32_t address)
{
    NS_LOG_FUNCTION(this << board << address);
    AtmHubEnvelope e;
    e.arrival = AtmSimulatorImpl::CurrentTimeStep();
    e.stream = 0;
    e.address = address == NO_ADDRESS ? 0 : address;
    e.route = 0;
    e.kind = address == NO_ADDRESS ? AtmHubEnvelope::DUMMY_PHYSICAL : AtmHubEnvelope::DUMMY_LOGICAL;
    m_boards[board]->PushDummy(e);
    ++m_dummies;
    const uint32_t occ = m_boards[board]->GetControlBufferOccupancy();
    m_maxControl[board] = std::max(m_maxControl[board], occ);
    m_traceControlBuffer(board, occ);
    Kick();
}

uint32_t
AtmBusHub::GetSendBicSize() const
{
    return m_sendBicSize;
}

uint32_t
AtmBusHub::GetReceiveBicSize() const
{
    return m_bicSize - m_sendBicSize;
}

uint32_t
AtmBusHub::GetEnvelopeBits() const
{
    return m_envelopeSize * 8;
}

Time
AtmBusHub::GetFetchTime() const
{
    return m_fetchTime;
}

Time
AtmBusHub::GetFetchDelay(uint32_t board, Time roomSince) const
{
    if (!m_periodicFetch)
    {
        return m_fetchTime;
    }
    // Board b's fetch cycles begin at its opportunities phase(b) + k T and
    // last T: phase(b) = b T / boards (Staggered) or drawn when its fetcher
    // last woke (Random; a fetcher wakes before its first fetch). A cycle
    // runs whenever the send BIC had room when it began; the envelope it
    // moves is the one eligible when it ends (FetchDone).
    const int64_t t = m_fetchTime.GetTimeStep();
    const int64_t phase = m_fetchPhase == PHASE_STAGGERED
                              ? int64_t(board) * t / int64_t(m_boards.size())
                              : m_phase.at(board);
    const int64_t now = AtmSimulatorImpl::CurrentTimeStep();
    const int64_t last = now - ((now - phase) % t + t) % t; // opportunity <= now
    const int64_t begin = roomSince.GetTimeStep() <= last ? last : last + t;
    return TimeStep(begin + t - now);
}

void
AtmBusHub::WakeFetcher(uint32_t board)
{
    if (!m_periodicFetch || m_fetchPhase != PHASE_RANDOM)
    {
        return;
    }
    // The next opportunity after a delay d in (0, T]: cycles end at now + d
    // + k T, i.e. begin there too. 1 - U is in (0, 1], so d is at least one
    // time step.
    const int64_t t = m_fetchTime.GetTimeStep();
    const auto d = static_cast<int64_t>(std::ceil((1.0 - m_phaseVariable->GetValue()) * t));
    m_phase.at(board) = AtmSimulatorImpl::CurrentTimeStep() + d;
}

Time
AtmBusHub::GetDrainTime() const
{
    return m_drainTime;
}

Time
AtmBusHub::GetSlotTime() const
{
    return m_slot;
}

uint32_t
AtmBusHub::GetNStreams() const
{
    return m_stats.size();
}

const AtmBusHub::StreamStats&
AtmBusHub::GetStreamStats(uint32_t stream) const
{
    static const StreamStats none;
    return stream < m_stats.size() ? m_stats[stream] : none;
}

uint64_t
AtmBusHub::CountInHub(uint32_t stream) const
{
    // The envelope on the bus is still in its send BIC until the slot ends.
    uint64_t n = 0;
    for (const auto& b : m_boards)
    {
        n += b->CountStream(stream);
    }
    return n;
}

uint64_t
AtmBusHub::GetDataSlots() const
{
    return m_dataSlots;
}

uint64_t
AtmBusHub::GetDummySlots() const
{
    return m_dummySlots;
}

uint32_t
AtmBusHub::GetMaxControlBuffer(uint32_t board) const
{
    return m_maxControl.at(board);
}

uint32_t
AtmBusHub::GetReceiveOccupancy(uint32_t board) const
{
    return m_boards.at(board)->GetReceiveOccupancy();
}

int64_t
AtmBusHub::AssignStreams(int64_t stream)
{
    m_phaseVariable->SetStream(stream);
    return 1 + (GetFlowControl() ? m_fc->AssignStreams(stream + 1) : 0);
}

} // namespace ns3
