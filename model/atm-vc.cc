/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-vc.h"

#include "atm-cold-trace-accessor.h"
#include "atm-net-device.h"
#include "atm-queue-disc.h"
#include "atm-simulator-impl.h"
#include "atm-watched-traced-callback.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmVc");

NS_OBJECT_ENSURE_REGISTERED(AtmVc);

/// The cold part of a VC.
struct AtmVc::Cold
{
    std::map<std::string, uint64_t> drops;        //!< drops per reason
    std::unique_ptr<AtmPduStore> pdus;            //!< AAL5 PDUs in flight, if any
    uint64_t framesSent{0};                       //!< AAL5 frames sent
    uint64_t bytesSent{0};                        //!< octets of the frames sent
    uint64_t framesReceived{0};                   //!< AAL5 frames delivered
    uint64_t bytesReceived{0};                    //!< octets delivered
    std::map<std::string, uint64_t> frameDrops;   //!< AAL5 frame drops per reason
    TracedCallback<const AtmCell&, Time> traceRx; //!< received
    AtmWatchedTracedCallback<const AtmCell&, const char*> traceDrop; //!< dropped
};

TypeId
AtmVc::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmVc")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddConstructor<AtmVc>()
            .AddAttribute("Category",
                          "Service category of the traffic contract: CBR, rt-VBR, "
                          "nrt-VBR, ABR, GFR or UBR (set before the VC is set up).",
                          StringValue("UBR"),
                          MakeStringAccessor(&AtmVc::SetCategoryName, &AtmVc::GetCategoryName),
                          MakeStringChecker())
            .AddAttribute(
                "Pcr",
                "Peak cell rate of the contract, cells/s (0: none).",
                DoubleValue(0),
                MakeDoubleAccessor(&AtmVc::SetContractField<double, &AtmTrafficContract::pcr>,
                                   &AtmVc::GetContractField<double, &AtmTrafficContract::pcr>),
                MakeDoubleChecker<double>(0))
            .AddAttribute(
                "Cdvt",
                "Cell delay variation tolerance of the contract.",
                TimeValue(Time(0)),
                MakeTimeAccessor(&AtmVc::SetContractField<Time, &AtmTrafficContract::cdvt>,
                                 &AtmVc::GetContractField<Time, &AtmTrafficContract::cdvt>),
                MakeTimeChecker(Time(0)))
            .AddAttribute(
                "Scr",
                "Sustainable cell rate of a VBR contract, cells/s.",
                DoubleValue(0),
                MakeDoubleAccessor(&AtmVc::SetContractField<double, &AtmTrafficContract::scr>,
                                   &AtmVc::GetContractField<double, &AtmTrafficContract::scr>),
                MakeDoubleChecker<double>(0))
            .AddAttribute(
                "Mbs",
                "Maximum burst size of a VBR contract, cells.",
                UintegerValue(0),
                MakeUintegerAccessor(&AtmVc::SetContractField<uint32_t, &AtmTrafficContract::mbs>,
                                     &AtmVc::GetContractField<uint32_t, &AtmTrafficContract::mbs>),
                MakeUintegerChecker<uint32_t>())
            .AddAttribute(
                "Mcr",
                "Minimum cell rate of an ABR or GFR contract, cells/s.",
                DoubleValue(0),
                MakeDoubleAccessor(&AtmVc::SetContractField<double, &AtmTrafficContract::mcr>,
                                   &AtmVc::GetContractField<double, &AtmTrafficContract::mcr>),
                MakeDoubleChecker<double>(0))
            .AddAttribute(
                "Tagging",
                "VBR.3: CLP = 0 cells beyond the SCR are tagged CLP = 1 "
                "instead of discarded.",
                BooleanValue(false),
                MakeBooleanAccessor(&AtmVc::SetContractField<bool, &AtmTrafficContract::tagging>,
                                    &AtmVc::GetContractField<bool, &AtmTrafficContract::tagging>),
                MakeBooleanChecker())
            .AddTraceSource("Rx",
                            "A cell of the VC reached its destination.",
                            MakeAtmColdTraceAccessor<AtmVc>(&Cold::traceRx),
                            "ns3::AtmVc::RxTracedCallback")
            .AddTraceSource("Drop",
                            "A cell of the VC was dropped, with the reason.",
                            MakeAtmColdTraceAccessor<AtmVc>(&Cold::traceDrop),
                            "ns3::AtmVc::DropTracedCallback");
    return tid;
}

AtmVc::AtmVc()
    : m_sent(0),
      m_received(0),
      m_delaySum(0),
      m_delayMin(std::numeric_limits<int64_t>::max()),
      m_delayMax(0),
      m_destinationSlot(0),
      m_category(AtmServiceCategory::UBR),
      m_dropped(0)
{
    static uint32_t nextId = 0;
    m_id = nextId++;
    NS_LOG_FUNCTION(this << m_id);
}

uint32_t AtmVc::s_dropObserved = 0;

AtmVc::~AtmVc()
{
    NS_LOG_FUNCTION(this);
    if (m_cold && !m_cold->traceDrop.IsEmpty())
    {
        --s_dropObserved; // its sinks go with it
    }
}

AtmVc::Cold&
AtmVc::GetCold()
{
    if (!m_cold)
    {
        m_cold = std::make_unique<Cold>();
        m_cold->traceDrop.Watch(&s_dropObserved);
    }
    return *m_cold;
}

void
AtmVc::DoDispose()
{
    m_hops.clear();
    m_destination = nullptr;
    Object::DoDispose();
}

uint32_t
AtmVc::GetId() const
{
    return m_id;
}

void
AtmVc::SetName(const std::string& name)
{
    m_name = name.empty() ? nullptr : std::make_unique<std::string>(name);
}

std::string
AtmVc::GetName() const
{
    return m_name ? *m_name : "vc" + std::to_string(m_id);
}

void
AtmVc::SetContract(const AtmTrafficContract& contract)
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_hops.empty(),
                    "AtmVc " << GetName()
                             << ": the traffic contract is set before the VC is set up on its path "
                                "(AtmVcHelper::SetContract)");
    const std::string error = contract.GetConfigError();
    NS_ABORT_MSG_IF(!error.empty(),
                    "AtmVc " << GetName() << " ("
                             << AtmTrafficContract::GetCategoryName(contract.category)
                             << " contract): " << error);
    m_contract = std::make_unique<AtmTrafficContract>(contract);
    m_category = contract.category;
}

void
AtmVc::SetCategory(AtmServiceCategory category)
{
    NS_LOG_FUNCTION(this << static_cast<uint32_t>(category));
    NS_ABORT_MSG_IF(m_contract && !m_hops.empty() && category != m_contract->category,
                    "AtmVc " << GetName() << ": Category = "
                             << AtmTrafficContract::GetCategoryName(category) << ": the VC has a "
                             << AtmTrafficContract::GetCategoryName(m_contract->category)
                             << " contract");
    m_category = category;
    if (m_contract)
    {
        m_contract->category = category;
    }
    // A VC already set up (AtmAbrHelper::Install on an IP PVC) is filed
    // anew at each port of its path.
    for (const Hop& hop : m_hops)
    {
        hop.device->GetQueueDisc()->SetVcCategory(hop.slot, category);
    }
}

AtmTrafficContract
AtmVc::GetContract() const
{
    if (m_contract)
    {
        return *m_contract;
    }
    AtmTrafficContract c;
    c.category = m_category;
    return c;
}

void
AtmVc::EditContract(const std::function<void(AtmTrafficContract&)>& change)
{
    NS_ABORT_MSG_IF(!m_hops.empty(),
                    "AtmVc " << GetName()
                             << ": its traffic contract (Category, Pcr, Cdvt, Scr, Mbs, Mcr, "
                                "Tagging) is set before the VC is set up on its path");
    if (!m_contract)
    {
        m_contract = std::make_unique<AtmTrafficContract>();
    }
    m_contract->category = m_category;
    change(*m_contract);
    m_category = m_contract->category;
    // The fields are checked together when the VC is set up (AtmVcHelper,
    // AddHop).
}

template <typename T, T AtmTrafficContract::* Field>
void
AtmVc::SetContractField(T value)
{
    if (!m_contract && value == T())
    {
        return; // the default (also at construction): no contract needed
    }
    EditContract([value](AtmTrafficContract& c) { c.*Field = value; });
}

template <typename T, T AtmTrafficContract::* Field>
T
AtmVc::GetContractField() const
{
    return GetContract().*Field;
}

void
AtmVc::SetCategoryName(std::string name)
{
    AtmServiceCategory category;
    NS_ABORT_MSG_IF(!AtmTrafficContract::ParseCategory(name, category),
                    "AtmVc " << GetName() << ": Category = " << name
                             << ": not a service category (CBR, rt-VBR, nrt-VBR, ABR, GFR, UBR)");
    if (!m_contract)
    {
        SetCategory(category); // a category alone needs no contract object
        return;
    }
    EditContract([category](AtmTrafficContract& c) { c.category = category; });
}

std::string
AtmVc::GetCategoryName() const
{
    return AtmTrafficContract::GetCategoryName(GetCategory());
}

void
AtmVc::AddHop(Ptr<AtmNetDevice> device, uint32_t slot)
{
    if (m_hops.empty() && m_contract)
    {
        const std::string error = m_contract->GetConfigError();
        NS_ABORT_MSG_IF(!error.empty(),
                        "AtmVc " << GetName() << " ("
                                 << AtmTrafficContract::GetCategoryName(m_contract->category)
                                 << " contract): " << error);
    }
    m_hops.push_back(Hop{device, slot});
}

uint32_t
AtmVc::GetNHops() const
{
    return static_cast<uint32_t>(m_hops.size());
}

Ptr<AtmNetDevice>
AtmVc::GetHopDevice(uint32_t i) const
{
    return m_hops.at(i).device;
}

uint32_t
AtmVc::GetHopSlot(uint32_t i) const
{
    return m_hops.at(i).slot;
}

void
AtmVc::SetDestination(Ptr<AtmNetDevice> device, uint32_t rxSlot)
{
    m_destination = device;
    m_destinationSlot = rxSlot;
    m_hops.shrink_to_fit(); // the path is complete: no room for more hops
}

Ptr<AtmNetDevice>
AtmVc::GetDestinationDevice() const
{
    return m_destination;
}

uint32_t
AtmVc::GetDestinationSlot() const
{
    return m_destinationSlot;
}

void
AtmVc::NotifySent()
{
    ++m_sent;
}

void
AtmVc::NotifyReceived(const AtmCell& cell)
{
    ++m_received;
    if (cell.IsData())
    {
        const int64_t d = (AtmSimulatorImpl::CurrentTime() - cell.GetTimestamp()).GetTimeStep();
        m_delaySum += d;
        m_delayMin = std::min(m_delayMin, d);
        m_delayMax = std::max(m_delayMax, d);
        if (m_cold && !m_cold->traceRx.IsEmpty())
        {
            m_cold->traceRx(cell, TimeStep(d));
        }
    }
}

void
AtmVc::NotifyDrop(const AtmCell& cell, const char* reason)
{
    NS_LOG_FUNCTION(this << reason);
    ++m_dropped;
    Cold& c = GetCold();
    ++c.drops[reason];
    c.traceDrop(cell, reason);
}

uint64_t
AtmVc::GetCellsSent() const
{
    return m_sent;
}

uint64_t
AtmVc::GetCellsReceived() const
{
    return m_received;
}

void
AtmVc::SyncPath() const
{
    for (const auto& h : m_hops)
    {
        h.device->SyncSwitch();
    }
}

bool
AtmVc::IsDropObserved() const
{
    return m_cold && !m_cold->traceDrop.IsEmpty();
}

uint64_t
AtmVc::GetCellsDropped() const
{
    SyncPath();
    return m_dropped;
}

uint64_t
AtmVc::GetCellsDropped(const std::string& reason) const
{
    const auto& drops = GetDropsByReason(); // syncs the path
    auto it = drops.find(reason);
    return it == drops.end() ? 0 : it->second;
}

const std::map<std::string, uint64_t>&
AtmVc::GetDropsByReason() const
{
    SyncPath();
    static const std::map<std::string, uint64_t> none; // a VC that never dropped
    return m_cold ? m_cold->drops : none;
}

uint64_t
AtmVc::GetCellsQueued() const
{
    SyncPath();
    uint64_t n = 0;
    for (const auto& h : m_hops)
    {
        n += h.device->GetQueueDisc()->GetVcCells(h.slot);
    }
    return n;
}

Time
AtmVc::GetMeanDelay() const
{
    return m_received ? TimeStep(m_delaySum / static_cast<int64_t>(m_received)) : Time(0);
}

Time
AtmVc::GetMinDelay() const
{
    return m_received ? TimeStep(m_delayMin) : Time(0);
}

Time
AtmVc::GetMaxDelay() const
{
    return TimeStep(m_delayMax);
}

void
AtmVc::NotifyFrameSent(uint32_t bytes)
{
    Cold& c = GetCold();
    ++c.framesSent;
    c.bytesSent += bytes;
}

void
AtmVc::NotifyFrameReceived(uint32_t bytes)
{
    Cold& c = GetCold();
    ++c.framesReceived;
    c.bytesReceived += bytes;
}

void
AtmVc::NotifyFrameDrop(const char* reason)
{
    NS_LOG_FUNCTION(this << reason);
    ++GetCold().frameDrops[reason];
}

const AtmPduStore*
AtmVc::PeekPduStore() const
{
    return m_cold ? m_cold->pdus.get() : nullptr;
}

AtmPduStore&
AtmVc::GetPduStore()
{
    Cold& c = GetCold();
    if (!c.pdus)
    {
        c.pdus = std::make_unique<AtmPduStore>();
    }
    return *c.pdus;
}

uint64_t
AtmVc::GetFramesSent() const
{
    return m_cold ? m_cold->framesSent : 0;
}

uint64_t
AtmVc::GetFramesReceived() const
{
    return m_cold ? m_cold->framesReceived : 0;
}

uint64_t
AtmVc::GetBytesSent() const
{
    return m_cold ? m_cold->bytesSent : 0;
}

uint64_t
AtmVc::GetBytesReceived() const
{
    return m_cold ? m_cold->bytesReceived : 0;
}

uint64_t
AtmVc::GetFramesDropped(const std::string& reason) const
{
    if (!m_cold)
    {
        return 0;
    }
    auto it = m_cold->frameDrops.find(reason);
    return it == m_cold->frameDrops.end() ? 0 : it->second;
}

uint64_t
AtmVc::GetFramesDropped() const
{
    if (!m_cold)
    {
        return 0;
    }
    uint64_t n = 0;
    for (const auto& [reason, count] : m_cold->frameDrops)
    {
        n += count;
    }
    return n;
}

} // namespace ns3
