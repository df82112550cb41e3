/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_PRIORITY_QUEUE_DISC_H
#define ATM_PRIORITY_QUEUE_DISC_H

#include "atm-queue-disc.h"
#include "atm-traffic-contract.h"

#include "ns3/object-factory.h"
#include "ns3/ptr.h"

#include <array>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief One class per service category (ATM Forum TM 4.0 section 2),
 *        each served by a queue disc of its own, the classes by strict
 *        priority or weighted round-robin.
 *
 * Like ns-3's PrioQueueDisc with its child queue discs. A VC goes to the
 * class of the category the port gives AddVc(). Each class's discipline
 * is chosen by type name with its attributes (CbrClass ... UbrClass,
 * ObjectFactory strings such as
 * "ns3::AtmPerVcQueueDisc[MaxCells=500|EpdThreshold=400]"; by default a
 * FIFO for CBR, rt-VBR and nrt-VBR, whose cells keep their spacing, and
 * per-VC round-robin for ABR, GFR and UBR, which share what is left). A
 * class's queue disc is made when its first VC is added (a class without
 * VCs costs nothing), named "<port> class <category>"; GetClassQueueDisc()
 * gives it, with its counters and traces.
 *
 * Buffers: this queue disc's MaxCells is shared by all classes (a cell
 * that finds the port holding MaxCells is dropped, Overflow, whatever
 * room its class has); each class's queue disc also holds at most its own
 * MaxCells, and applies its own thresholds (EPD, PPD, ClpThreshold,
 * VcLimit, push-out) to its own cells. Drops in a class are this queue
 * disc's drops, with the reason and the VC's slot here, reported once (to
 * the port, the Drop trace and the counters by reason). This queue disc's
 * own EpdThreshold, Ppd and ClpThreshold act on the shared buffer before
 * the class sees the cell.
 *
 * Scheduling: StrictPriority serves the first class in the order CBR >
 * rt-VBR > nrt-VBR > ABR > GFR > UBR that has a cell of a VC that is not
 * blocked (a bit mask of the classes with cells: O(1)); WeightedRoundRobin
 * visits the classes in that order, each for up to its weight in cells
 * (ClassWeights), skipping classes with nothing to send.
 *
 * Blocking (a transmit gate) is passed to the class. Slot maps both ways
 * are vectors filled when VCs are added: nothing is allocated per cell. A
 * cell never takes the straight path (DoCanPassStraight() is false).
 */
class AtmPriorityQueueDisc : public AtmQueueDisc
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// How the classes share the link.
    enum Scheduling
    {
        STRICT_PRIORITY,      //!< the first class with a cell to send
        WEIGHTED_ROUND_ROBIN, //!< each class up to its weight in cells per round
    };

    AtmPriorityQueueDisc();
    ~AtmPriorityQueueDisc() override;

    /**
     * @brief Name this queue disc and its classes' ("<context> class CBR").
     * @param context where the queue disc sits
     */
    void SetContext(const std::string& context) override;

    /**
     * @param category a service category
     * @return the queue disc of its class; null until a VC of it is added
     */
    Ptr<AtmQueueDisc> GetClassQueueDisc(AtmServiceCategory category) const;

    /**
     * @param slot a VC slot of this queue disc
     * @return its slot in its class's queue disc
     */
    uint32_t GetClassSlot(uint32_t slot) const;

    /**
     * @param category a service category
     * @return cells its class queued
     */
    uint64_t GetClassEnqueued(AtmServiceCategory category) const;

    /**
     * @param category a service category
     * @return cells its class handed out
     */
    uint64_t GetClassDequeued(AtmServiceCategory category) const;

    /**
     * @param category a service category
     * @return cells its class's queue disc dropped (not those this queue
     *         disc's own frame or selective discard dropped first)
     */
    uint64_t GetClassDropped(AtmServiceCategory category) const;

    /**
     * @param category a service category
     * @return cells of its class queued now
     */
    uint32_t GetClassCells(AtmServiceCategory category) const;

    /**
     * @param category a service category
     * @return its weight under WeightedRoundRobin (ClassWeights)
     */
    uint32_t GetClassWeight(AtmServiceCategory category) const;

    /// @return the class queue discs' next VC, as a slot here (a hint)
    uint32_t PeekNextVc() const override;

    /// @return true if a class's queue disc may drop a queued cell
    bool CanDropQueued() const override;

    /// @return true if every class's queue disc serves its VCs apart
    ///         (the classes themselves skip a class that cannot send)
    bool ServesVcsApart() const override;

    /**
     * @return the base checks', then ClassWeights, then each class's
     *         discipline (not a queue disc, or its own first error, as
     *         "UbrClass/Field = value: problem")
     */
    std::string GetConfigError() const override;

    /**
     * @param slot a VC slot
     * @return the room of the shared buffer and of the VC's class, the
     *         smaller
     */
    uint32_t GetVcRoom(uint32_t slot) const override;

    /**
     * @param slot a VC slot
     * @param before cells that may be queued before it
     * @return true if this queue disc and the VC's class both are sure
     */
    bool IsSureToQueue(uint32_t slot, uint32_t before) const override;

    /**
     * @brief The class's queue disc holds the slot's cells: a port
     *        behaviour sees the queue of the VC's class (an ABR scheme the
     *        ABR class, not the UBR backlog below it).
     * @param slot a VC slot
     * @param servingSlot set to its slot in its class
     * @return its class's queue disc
     */
    AtmQueueDisc& GetServingDisc(uint32_t slot, uint32_t& servingSlot) override;

  protected:
    void DoInitialize() override;
    void DoDispose() override;

  private:
    bool DoEnqueue(const AtmCell& cell, uint32_t slot) override;
    bool DoDequeue(AtmCell& cell, uint32_t& slot) override;
    void DoAddVc(uint32_t slot, uint32_t weight) override;
    void DoSetVcCategory(uint32_t slot, AtmServiceCategory category) override;

    void DoUnblock(uint32_t slot) override;
    void DoBlock(uint32_t slot) override;
    /// Prefetches the VC's state in its class's queue disc.
    void DoPrefetchVc(uint32_t slot) const override;

    /**
     * @brief Make a class's queue disc from its factory.
     * @param c the class (a service category's number)
     */
    void CreateClass(uint32_t c);

    /**
     * @brief Take the next cell of a class, if it has one to send.
     * @param c the class
     * @param cell the cell taken
     * @param slot its VC slot here
     * @return false if the class has no cell of a VC that is not blocked
     */
    bool DequeueClass(uint32_t c, AtmCell& cell, uint32_t& slot);

    /**
     * @brief A class's queue disc dropped a cell: this queue disc's drop.
     * @param c the class
     * @param cell the cell
     * @param classSlot its VC slot in the class
     * @param reason why
     * @param queued the cell had been queued
     */
    void ClassDrop(uint32_t c,
                   const AtmCell& cell,
                   uint32_t classSlot,
                   const char* reason,
                   bool queued);

    /**
     * @brief Read ClassWeights.
     * @param text six integers, "cbr,rtvbr,nrtvbr,abr,gfr,ubr" (commas or spaces)
     * @param weights set to them
     * @return an error as "ClassWeights = ...: problem", empty if none
     */
    static std::string ParseWeights(const std::string& text,
                                    std::array<uint32_t, ATM_N_SERVICE_CATEGORIES>& weights);

    /**
     * @brief The setter of a class's attribute (CbrClass, ...).
     * @tparam C the class
     * @param factory its discipline
     */
    template <uint32_t C>
    void SetClassFactory(ObjectFactory factory)
    {
        m_factories[C] = factory;
    }

    /**
     * @brief The getter of a class's attribute (CbrClass, ...).
     * @tparam C the class
     * @return its discipline
     */
    template <uint32_t C>
    ObjectFactory GetClassFactory() const
    {
        return m_factories[C];
    }

    /// Where a VC slot of this queue disc is served.
    struct ClassSlot
    {
        uint32_t c;    //!< its class
        uint32_t slot; //!< its slot in the class's queue disc
    };

    /// One per class, by category number.
    template <typename T>
    using PerClass = std::array<T, ATM_N_SERVICE_CATEGORIES>;

    PerClass<ObjectFactory> m_factories;         //!< each class's discipline
    PerClass<Ptr<AtmQueueDisc>> m_classes;       //!< each class's queue disc, or null
    PerClass<std::vector<uint32_t>> m_slotsHere; //!< per class: class slot -> slot here
    std::vector<ClassSlot> m_slots;              //!< slot here -> class and class slot
    Scheduling m_scheduling;                     //!< StrictPriority or WeightedRoundRobin
    std::string m_weightsText;                   //!< ClassWeights as given
    PerClass<uint32_t> m_weights;                //!< ClassWeights, read at initialization
    uint32_t m_backlogged;                       //!< bit c: class c holds cells
    uint32_t m_turn;                             //!< WeightedRoundRobin: the class visited
    uint32_t m_servedThisTurn;                   //!< cells it sent this visit
};

} // namespace ns3

#endif /* ATM_PRIORITY_QUEUE_DISC_H */
