/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-priority-queue-disc.h"

#include "atm-compat.h"
#include "atm-fifo-queue-disc.h"
#include "atm-net-device.h"
#include "atm-per-vc-queue-disc.h"

#include "ns3/log.h"
#include "ns3/string.h"

#include <algorithm>
#include <regex>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmPriorityQueueDisc");

NS_OBJECT_ENSURE_REGISTERED(AtmPriorityQueueDisc);

namespace
{

/// The attribute of each class, by category number.
const char* const CLASS_ATTRIBUTES[ATM_N_SERVICE_CATEGORIES] =
    {"CbrClass", "RtVbrClass", "NrtVbrClass", "AbrClass", "GfrClass", "UbrClass"};

/**
 * @param tid a TypeId
 * @return a factory of it
 */
ObjectFactory
Factory(TypeId tid)
{
    ObjectFactory f;
    f.SetTypeId(tid);
    return f;
}

/**
 * @param f a class's factory
 * @return why it cannot make a class's queue disc, empty if it can
 */
std::string
FactoryError(const ObjectFactory& f)
{
    if (!f.IsTypeIdSet())
    {
        return "(none): not an ns3::AtmQueueDisc";
    }
    const TypeId tid = f.GetTypeId();
    if (!tid.IsChildOf(AtmQueueDisc::GetTypeId()) || !tid.HasConstructor())
    {
        return tid.GetName() + ": not an ns3::AtmQueueDisc";
    }
    if (tid == AtmPriorityQueueDisc::GetTypeId() ||
        tid.IsChildOf(AtmPriorityQueueDisc::GetTypeId()))
    {
        return tid.GetName() + ": a class cannot be a priority queue disc itself";
    }
    return "";
}

/**
 * @param c a class
 * @return its category
 */
AtmServiceCategory
Category(uint32_t c)
{
    return static_cast<AtmServiceCategory>(c);
}

} // namespace

TypeId
AtmPriorityQueueDisc::GetTypeId()
{
    // The defaults name their TypeIds directly: a name would be looked up
    // before those classes may be registered.
    static TypeId tid =
        TypeId("ns3::AtmPriorityQueueDisc")
            .SetParent<AtmQueueDisc>()
            .SetGroupName("Atm")
            .AddConstructor<AtmPriorityQueueDisc>()
            .AddAttribute("CbrClass",
                          "Queue disc of the CBR class, with its attributes (own MaxCells, ...).",
                          ObjectFactoryValue(Factory(AtmFifoQueueDisc::GetTypeId())),
                          MakeObjectFactoryAccessor(&AtmPriorityQueueDisc::SetClassFactory<0>,
                                                    &AtmPriorityQueueDisc::GetClassFactory<0>),
                          MakeObjectFactoryChecker())
            .AddAttribute("RtVbrClass",
                          "Queue disc of the rt-VBR class, with its attributes.",
                          ObjectFactoryValue(Factory(AtmFifoQueueDisc::GetTypeId())),
                          MakeObjectFactoryAccessor(&AtmPriorityQueueDisc::SetClassFactory<1>,
                                                    &AtmPriorityQueueDisc::GetClassFactory<1>),
                          MakeObjectFactoryChecker())
            .AddAttribute("NrtVbrClass",
                          "Queue disc of the nrt-VBR class, with its attributes.",
                          ObjectFactoryValue(Factory(AtmFifoQueueDisc::GetTypeId())),
                          MakeObjectFactoryAccessor(&AtmPriorityQueueDisc::SetClassFactory<2>,
                                                    &AtmPriorityQueueDisc::GetClassFactory<2>),
                          MakeObjectFactoryChecker())
            .AddAttribute("AbrClass",
                          "Queue disc of the ABR class, with its attributes.",
                          ObjectFactoryValue(Factory(AtmPerVcQueueDisc::GetTypeId())),
                          MakeObjectFactoryAccessor(&AtmPriorityQueueDisc::SetClassFactory<3>,
                                                    &AtmPriorityQueueDisc::GetClassFactory<3>),
                          MakeObjectFactoryChecker())
            .AddAttribute("GfrClass",
                          "Queue disc of the GFR class, with its attributes.",
                          ObjectFactoryValue(Factory(AtmPerVcQueueDisc::GetTypeId())),
                          MakeObjectFactoryAccessor(&AtmPriorityQueueDisc::SetClassFactory<4>,
                                                    &AtmPriorityQueueDisc::GetClassFactory<4>),
                          MakeObjectFactoryChecker())
            .AddAttribute("UbrClass",
                          "Queue disc of the UBR class, with its attributes.",
                          ObjectFactoryValue(Factory(AtmPerVcQueueDisc::GetTypeId())),
                          MakeObjectFactoryAccessor(&AtmPriorityQueueDisc::SetClassFactory<5>,
                                                    &AtmPriorityQueueDisc::GetClassFactory<5>),
                          MakeObjectFactoryChecker())
            .AddAttribute("Scheduling",
                          "How the classes share the link.",
                          EnumValue(AtmPriorityQueueDisc::STRICT_PRIORITY),
                          AtmMakeEnumAccessor<Scheduling>(&AtmPriorityQueueDisc::m_scheduling),
                          MakeEnumChecker(AtmPriorityQueueDisc::STRICT_PRIORITY,
                                          "StrictPriority",
                                          AtmPriorityQueueDisc::WEIGHTED_ROUND_ROBIN,
                                          "WeightedRoundRobin"))
            .AddAttribute("ClassWeights",
                          "WeightedRoundRobin: cells per round of each class, six integers of "
                          "at least 1, \"cbr,rtvbr,nrtvbr,abr,gfr,ubr\" (commas or spaces).",
                          StringValue("1,1,1,1,1,1"),
                          MakeStringAccessor(&AtmPriorityQueueDisc::m_weightsText),
                          MakeStringChecker());
    return tid;
}

AtmPriorityQueueDisc::AtmPriorityQueueDisc()
    : m_scheduling(STRICT_PRIORITY),
      m_weightsText("1,1,1,1,1,1"),
      m_backlogged(0),
      m_turn(0),
      m_servedThisTurn(0)
{
    NS_LOG_FUNCTION(this);
    m_weights.fill(1);
}

AtmPriorityQueueDisc::~AtmPriorityQueueDisc()
{
    NS_LOG_FUNCTION(this);
}

void
AtmPriorityQueueDisc::DoInitialize()
{
    NS_LOG_FUNCTION(this);
    AtmQueueDisc::DoInitialize(); // aborts on a bad ClassWeights or class
    ParseWeights(m_weightsText, m_weights);
    m_slots.shrink_to_fit();
    for (uint32_t c = 0; c < ATM_N_SERVICE_CATEGORIES; ++c)
    {
        m_slotsHere[c].shrink_to_fit();
        if (m_classes[c])
        {
            m_classes[c]->Initialize();
        }
    }
}

void
AtmPriorityQueueDisc::DoDispose()
{
    NS_LOG_FUNCTION(this);
    for (Ptr<AtmQueueDisc>& q : m_classes)
    {
        if (q)
        {
            q->Dispose();
            q = nullptr;
        }
    }
    AtmQueueDisc::DoDispose();
}

void
AtmPriorityQueueDisc::SetContext(const std::string& context)
{
    AtmQueueDisc::SetContext(context);
    for (uint32_t c = 0; c < ATM_N_SERVICE_CATEGORIES; ++c)
    {
        if (m_classes[c])
        {
            m_classes[c]->SetContext(context + " class " +
                                     AtmTrafficContract::GetCategoryName(Category(c)));
        }
    }
}

std::string
AtmPriorityQueueDisc::ParseWeights(const std::string& text,
                                   std::array<uint32_t, ATM_N_SERVICE_CATEGORIES>& weights)
{
    const std::string field = "ClassWeights = \"" + text + "\": ";
    // Commas (a string attribute with spaces does not survive ns-3's
    // string form: CommandLine, ConfigStore) or spaces between the counts.
    static const std::regex form(R"(^\s*\d{1,9}((\s*,\s*|\s+)\d{1,9}){5}\s*$)");
    if (!std::regex_match(text, form))
    {
        return field + "expected six integers of at least 1, cells per round of CBR, rt-VBR, "
                       "nrt-VBR, ABR, GFR and UBR";
    }
    std::string words = text;
    std::replace(words.begin(), words.end(), ',', ' ');
    std::istringstream in(words);
    for (uint32_t c = 0; c < ATM_N_SERVICE_CATEGORIES; ++c)
    {
        in >> weights[c];
        if (weights[c] == 0)
        {
            return field + "the weight of " + AtmTrafficContract::GetCategoryName(Category(c)) +
                   " is 0 (each must be at least 1)";
        }
    }
    return "";
}

std::string
AtmPriorityQueueDisc::GetConfigError() const
{
    if (std::string error = AtmQueueDisc::GetConfigError(); !error.empty())
    {
        return error;
    }
    PerClass<uint32_t> weights;
    if (std::string error = ParseWeights(m_weightsText, weights); !error.empty())
    {
        return error;
    }
    for (uint32_t c = 0; c < ATM_N_SERVICE_CATEGORIES; ++c)
    {
        if (const std::string error = FactoryError(m_factories[c]); !error.empty())
        {
            return std::string(CLASS_ATTRIBUTES[c]) + " = " + error;
        }
        // The class's own checks: on its queue disc, or on one made to ask.
        const Ptr<AtmQueueDisc> q =
            m_classes[c] ? m_classes[c] : m_factories[c].Create<AtmQueueDisc>();
        if (std::string error = q ? q->GetConfigError() : "cannot be made"; !error.empty())
        {
            return std::string(CLASS_ATTRIBUTES[c]) + "/" + error;
        }
    }
    return "";
}

void
AtmPriorityQueueDisc::CreateClass(uint32_t c)
{
    NS_LOG_FUNCTION(this << c);
    if (const std::string error = FactoryError(m_factories[c]); !error.empty())
    {
        ConfigError(std::string(CLASS_ATTRIBUTES[c]) + " = " + error);
    }
    Ptr<AtmQueueDisc> q = m_factories[c].Create<AtmQueueDisc>();
    q->SetContext(GetContext() + " class " + AtmTrafficContract::GetCategoryName(Category(c)));
    q->SetDropCallback(MakeCallback(&AtmPriorityQueueDisc::ClassDrop, this).Bind(c));
    AdoptInner(*q);
    if (IsInitialized())
    {
        q->Initialize();
    }
    m_classes[c] = q;
    AtmLazyArrival::NoteConfigChange(); // its observers and CanDropQueued join the port's
}

void
AtmPriorityQueueDisc::DoAddVc(uint32_t slot, uint32_t weight)
{
    NS_LOG_FUNCTION(this << slot << weight);
    const AtmServiceCategory category = GetVcCategory(slot);
    const auto c = static_cast<uint32_t>(category);
    if (!m_classes[c])
    {
        CreateClass(c);
    }
    const uint32_t classSlot = m_classes[c]->GetNVcs();
    m_classes[c]->AddVc(classSlot, weight, category);
    m_slots.push_back(ClassSlot{c, classSlot});
    m_slotsHere[c].push_back(slot);
}

AtmQueueDisc&
AtmPriorityQueueDisc::GetServingDisc(uint32_t slot, uint32_t& servingSlot)
{
    const ClassSlot& s = m_slots[slot];
    servingSlot = s.slot;
    return *m_classes[s.c];
}

void
AtmPriorityQueueDisc::DoSetVcCategory(uint32_t slot, AtmServiceCategory category)
{
    NS_LOG_FUNCTION(this << slot << static_cast<uint32_t>(category));
    // The slot is empty (SetVcCategory checks): it moves to a new slot of
    // its new class; the old class keeps its old slot, empty, unused.
    const auto c = static_cast<uint32_t>(category);
    if (!m_classes[c])
    {
        CreateClass(c);
    }
    const uint32_t classSlot = m_classes[c]->GetNVcs();
    m_classes[c]->AddVc(classSlot, GetVcWeight(slot), category);
    m_classes[c]->SetVcBlocked(classSlot, IsVcBlocked(slot));
    m_slots[slot] = ClassSlot{c, classSlot};
    m_slotsHere[c].push_back(slot);
}

void
AtmPriorityQueueDisc::DoUnblock(uint32_t slot)
{
    const ClassSlot& s = m_slots[slot];
    m_classes[s.c]->SetVcBlocked(s.slot, false);
}

void
AtmPriorityQueueDisc::DoBlock(uint32_t slot)
{
    const ClassSlot& s = m_slots[slot];
    m_classes[s.c]->SetVcBlocked(s.slot, true);
}

void
AtmPriorityQueueDisc::DoPrefetchVc(uint32_t slot) const
{
    const ClassSlot& s = m_slots[slot];
    m_classes[s.c]->PrefetchVc(s.slot);
}

void
AtmPriorityQueueDisc::ClassDrop(uint32_t c,
                                const AtmCell& cell,
                                uint32_t classSlot,
                                const char* reason,
                                bool queued)
{
    const uint32_t slot = m_slotsHere[c][classSlot];
    if (queued)
    {
        DropAfterEnqueue(cell, slot, reason);
    }
    else
    {
        DropBeforeEnqueue(cell, slot, reason);
    }
}

bool
AtmPriorityQueueDisc::DoEnqueue(const AtmCell& cell, uint32_t slot)
{
    const ClassSlot s = m_slots[slot];
    AtmQueueDisc& q = *m_classes[s.c];
    // The class's frame and selective discard, the shared buffer's limit
    // (AdoptInner), then its own discipline; its drops come back through
    // ClassDrop.
    const bool queued = q.Enqueue(cell, s.slot, GetChangeTime());
    if (q.GetNCells() > 0)
    {
        m_backlogged |= 1U << s.c;
    }
    else
    {
        m_backlogged &= ~(1U << s.c);
    }
    return queued;
}

bool
AtmPriorityQueueDisc::DequeueClass(uint32_t c, AtmCell& cell, uint32_t& slot)
{
    AtmQueueDisc& q = *m_classes[c];
    uint32_t classSlot;
    if (!q.Dequeue(cell, classSlot, GetChangeTime()))
    {
        return false; // only cells of blocked VCs
    }
    slot = m_slotsHere[c][classSlot];
    if (q.GetNCells() == 0)
    {
        m_backlogged &= ~(1U << c);
    }
    return true;
}

bool
AtmPriorityQueueDisc::DoDequeue(AtmCell& cell, uint32_t& slot)
{
    if (m_scheduling == STRICT_PRIORITY)
    {
        // The classes with cells, highest priority (lowest bit) first.
        for (uint32_t mask = m_backlogged; mask != 0; mask &= mask - 1)
        {
            if (DequeueClass(static_cast<uint32_t>(__builtin_ctz(mask)), cell, slot))
            {
                return true;
            }
        }
        return false;
    }
    // Weighted round-robin: each class once at most, from the one whose
    // turn it is.
    for (uint32_t tries = 0; tries < ATM_N_SERVICE_CATEGORIES; ++tries)
    {
        const uint32_t c = m_turn;
        if (((m_backlogged >> c) & 1U) != 0 && DequeueClass(c, cell, slot))
        {
            if (++m_servedThisTurn >= m_weights[c] || ((m_backlogged >> c) & 1U) == 0)
            {
                m_turn = (c + 1) % ATM_N_SERVICE_CATEGORIES;
                m_servedThisTurn = 0;
            }
            return true;
        }
        m_turn = (c + 1) % ATM_N_SERVICE_CATEGORIES;
        m_servedThisTurn = 0;
    }
    return false;
}

uint32_t
AtmPriorityQueueDisc::PeekNextVc() const
{
    if (m_backlogged == 0)
    {
        return NO_VC;
    }
    const uint32_t c = m_scheduling == STRICT_PRIORITY
                           ? static_cast<uint32_t>(__builtin_ctz(m_backlogged))
                           : m_turn;
    if (((m_backlogged >> c) & 1U) == 0)
    {
        return NO_VC;
    }
    const uint32_t classSlot = m_classes[c]->PeekNextVc();
    return classSlot == NO_VC ? NO_VC : m_slotsHere[c][classSlot];
}

bool
AtmPriorityQueueDisc::CanDropQueued() const
{
    return std::any_of(m_classes.begin(), m_classes.end(), [](const Ptr<AtmQueueDisc>& q) {
        return q && q->CanDropQueued();
    });
}

bool
AtmPriorityQueueDisc::ServesVcsApart() const
{
    return std::all_of(m_classes.begin(), m_classes.end(), [](const Ptr<AtmQueueDisc>& q) {
        return !q || q->ServesVcsApart();
    });
}

uint32_t
AtmPriorityQueueDisc::GetVcRoom(uint32_t slot) const
{
    const ClassSlot& s = m_slots[slot];
    return std::min(AtmQueueDisc::GetVcRoom(slot), m_classes[s.c]->GetVcRoom(s.slot));
}

bool
AtmPriorityQueueDisc::IsSureToQueue(uint32_t slot, uint32_t before) const
{
    const ClassSlot& s = m_slots[slot];
    return AtmQueueDisc::IsSureToQueue(slot, before) &&
           m_classes[s.c]->IsSureToQueue(s.slot, before);
}

Ptr<AtmQueueDisc>
AtmPriorityQueueDisc::GetClassQueueDisc(AtmServiceCategory category) const
{
    return m_classes.at(static_cast<uint32_t>(category));
}

uint32_t
AtmPriorityQueueDisc::GetClassSlot(uint32_t slot) const
{
    return m_slots.at(slot).slot;
}

uint64_t
AtmPriorityQueueDisc::GetClassEnqueued(AtmServiceCategory category) const
{
    const Ptr<AtmQueueDisc> q = GetClassQueueDisc(category);
    return q ? q->GetNEnqueued() : 0;
}

uint64_t
AtmPriorityQueueDisc::GetClassDequeued(AtmServiceCategory category) const
{
    const Ptr<AtmQueueDisc> q = GetClassQueueDisc(category);
    return q ? q->GetNDequeued() : 0;
}

uint64_t
AtmPriorityQueueDisc::GetClassDropped(AtmServiceCategory category) const
{
    const Ptr<AtmQueueDisc> q = GetClassQueueDisc(category);
    return q ? q->GetNDropped() : 0;
}

uint32_t
AtmPriorityQueueDisc::GetClassCells(AtmServiceCategory category) const
{
    const Ptr<AtmQueueDisc> q = GetClassQueueDisc(category);
    return q ? q->GetNCells() : 0;
}

uint32_t
AtmPriorityQueueDisc::GetClassWeight(AtmServiceCategory category) const
{
    return m_weights.at(static_cast<uint32_t>(category));
}

} // namespace ns3
