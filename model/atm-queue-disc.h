/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_QUEUE_DISC_H
#define ATM_QUEUE_DISC_H

#include "atm-cell.h"
#include "atm-congestion-detector.h"
#include "atm-frame-discard.h"
#include "atm-traffic-contract.h"
#include "atm-watched-traced-callback.h"

#include "ns3/assert.h"
#include "ns3/callback.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Base class of the cell queue disciplines of an ATM output port.
 *
 * Modelled on ns-3's QueueDisc: the public, non-virtual Enqueue() and
 * Dequeue() keep the statistics, the per-VC queue lengths and the
 * two-threshold congestion flags (AtmCongestionDetector) and fire the
 * traces; subclasses implement the policy in the private DoEnqueue() and
 * DoDequeue() and report drops with DropBeforeEnqueue() or
 * DropAfterEnqueue() and a reason.
 *
 * VCs are known by a dense slot number given by the port (0, 1, 2, ...).
 * A slot can be blocked (a transmit gate: no credit, ABR pacing): a blocked
 * VC keeps its cells but is not served until it is unblocked.
 *
 * Every cell that enters a queue disc leaves it by Dequeue() or is dropped
 * with a reason; nothing is lost silently.
 *
 * Selective cell discard (ATM Forum TM 4.0 section 5, on the CLP bit of
 * section 4): with ClpThreshold > 0, a cell with CLP = 1 that arrives when
 * the buffer already holds ClpThreshold cells or more is dropped
 * (CLP_DROP), after EPD and PPD have decided on it (a dropped cell damages
 * its frame: PPD then discards the rest).
 *
 * A queue disc can be a part of another (a class of AtmPriorityQueueDisc):
 * AdoptInner() makes the outer buffer's limit bind the inner one too.
 */
class AtmQueueDisc : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmQueueDisc();
    ~AtmQueueDisc() override;
    AtmQueueDisc(const AtmQueueDisc&) = delete;
    AtmQueueDisc& operator=(const AtmQueueDisc&) = delete;

    /// Drop reason: the shared buffer is full.
    static constexpr const char* OVERFLOW_DROP = "Overflow";
    /// Drop reason: the VC's static buffer partition is full.
    static constexpr const char* VC_LIMIT_DROP = "VcLimit";
    /// Drop reason: pushed out of the longest queue to make room.
    static constexpr const char* PUSH_OUT_DROP = "PushOut";
    /// Drop reason: a cell of a frame refused whole by Early Packet Discard.
    static constexpr const char* EPD_DROP = AtmFrameDiscard::EPD_DROP;
    /// Drop reason: a cell of a frame already damaged, by Partial Packet Discard.
    static constexpr const char* PPD_DROP = AtmFrameDiscard::PPD_DROP;
    /// Drop reason: a CLP = 1 cell refused above ClpThreshold (selective discard).
    static constexpr const char* CLP_DROP = "ClpDiscard";

    /**
     * @brief Callback signature of Enqueue and Dequeue.
     * @param cell the cell
     * @param slot its VC slot
     */
    typedef void (*CellTracedCallback)(const AtmCell& cell, uint32_t slot);

    /**
     * @brief Callback signature of Drop.
     * @param cell the cell
     * @param slot its VC slot
     * @param reason why it was dropped
     */
    typedef void (*DropTracedCallback)(const AtmCell& cell, uint32_t slot, const char* reason);

    /**
     * @brief Callback signature of VcCellsInQueue.
     * @param slot the VC slot
     * @param cells its queue length now
     */
    typedef void (*VcLengthTracedCallback)(uint32_t slot, uint32_t cells);

    /**
     * @brief Callback signature of FrameDiscard.
     * @param slot the VC slot
     * @param reason EPD_DROP or PPD_DROP
     */
    typedef void (*FrameDiscardTracedCallback)(uint32_t slot, const char* reason);

    /**
     * @brief Callback signature of Congestion.
     * @param congested the new value of the global flag
     */
    typedef void (*CongestionTracedCallback)(bool congested);

    /**
     * Owner notification of a drop (the port counts it against the VC):
     * the cell, its VC slot, the reason, and whether the cell had been
     * queued (DropAfterEnqueue) rather than refused on arrival.
     */
    typedef Callback<void, const AtmCell&, uint32_t, const char*, bool> DropCallback;

    /**
     * @brief Name the queue disc in error messages ("node 3 port 1").
     * @param context where the queue disc sits
     */
    virtual void SetContext(const std::string& context);

    /// @return the context given with SetContext()
    std::string GetContext() const;

    /**
     * @brief Add a VC. Slots are dense: the next slot is GetNVcs().
     * @param slot the slot number (must equal GetNVcs())
     * @param weight the service weight (cells per round-robin visit, >= 1)
     * @param category the VC's service category (a priority discipline
     *        serves it in that category's class)
     */
    void AddVc(uint32_t slot,
               uint32_t weight,
               AtmServiceCategory category = AtmServiceCategory::UBR);

    /// @return the number of VC slots
    uint32_t GetNVcs() const;

    /**
     * @brief Take the place of a port's queue disc: add its VC slots with
     *        their weights and categories. Aborts, naming the port, if the
     *        old one holds cells or this one already has VCs.
     * @param old the port's queue disc so far, or null
     * @param context the port, for messages (AtmNetDeviceBase::GetContext)
     */
    void TakePlaceOf(const AtmQueueDisc* old, const std::string& context);

    /**
     * @param slot a VC slot
     * @return its weight
     */
    uint32_t GetVcWeight(uint32_t slot) const;

    /**
     * @param slot a VC slot
     * @return its service category (given to AddVc())
     */
    AtmServiceCategory GetVcCategory(uint32_t slot) const
    {
        return m_vcs[slot].category;
    }

    /**
     * @brief File a VC slot under another service category (its VC became
     *        ABR after it was set up: AtmAbrHelper::Install). Aborts if the
     *        slot has cells queued.
     * @param slot a VC slot
     * @param category its new category
     */
    void SetVcCategory(uint32_t slot, AtmServiceCategory category);

    /**
     * @brief Offer a cell.
     * @param cell the cell
     * @param slot its VC slot
     * @return true if queued, false if dropped (the reason was traced)
     */
    bool Enqueue(const AtmCell& cell, uint32_t slot);

    /**
     * @brief Offer a cell that arrived at @p now (the lazy arrival of the
     *        fast cell path processes a cell after its arrival time).
     * @param cell the cell
     * @param slot its VC slot
     * @param now its arrival time (time steps)
     * @return true if queued, false if dropped (the reason was traced)
     */
    bool Enqueue(const AtmCell& cell, uint32_t slot, int64_t now);

    /**
     * @brief Take the next cell to transmit.
     * @param cell the cell taken
     * @param slot its VC slot
     * @return false when no VC that is not blocked has a cell
     */
    bool Dequeue(AtmCell& cell, uint32_t& slot);

    /**
     * @brief Dequeue, when the caller knows the time.
     * @param cell the cell taken
     * @param slot its VC slot
     * @param now the time now (time steps)
     * @return false when no VC that is not blocked has a cell
     */
    bool Dequeue(AtmCell& cell, uint32_t& slot, int64_t now);

    /**
     * @brief May a cell of a VC take the straight path: the queue is
     *        empty, the VC is not blocked, nothing listens to the queue
     *        (a listener could act between the enqueue and the dequeue,
     *        IsObserved()), the buffer holds a cell at all, and the
     *        discipline, queueing the cell and handing it out at once,
     *        would be left as it was (DoCanPassStraight(), asked at
     *        Initialize)?
     * @param slot its VC slot
     * @return true if PassStraight() may take it
     */
    bool CanPassStraight(uint32_t slot) const
    {
        return m_nCells == 0 && m_passStraight && m_maxCells > 0 && !m_vcs[slot].blocked &&
               !IsObserved();
    }

    /**
     * @brief Enqueue() and at the same instant Dequeue() of a cell that
     *        CanPassStraight() allows, without storing it: the same
     *        counters, traces, frame discard and congestion detection
     *        (the straight path of AtmNetDevice::SendCell, for a cell that
     *        finds its port free to send and its queue empty).
     * @param cell the cell
     * @param slot its VC slot
     * @param now its arrival time (time steps)
     * @return true if it may be sent, false if frame discard dropped it
     *         (the reason was traced)
     */
    bool PassStraight(const AtmCell& cell, uint32_t slot, int64_t now)
    {
        NS_ASSERT(CanPassStraight(slot));
        m_now = now;
        if (!Admit(cell, slot))
        {
            return false;
        }
        if (m_detector.IsOn())
        {
            PassStraightDetected(cell, slot);
            return true;
        }
        // What Accepted() and HandedOut() do when nothing listens to the
        // lengths or the Enqueue trace (CanPassStraight()): the queue goes
        // from empty to one cell and back at one instant, so its length
        // integral gains nothing and its high-water mark reaches one.
        ++m_nEnqueued;
        ++m_nDequeued;
        m_maxSeen = std::max(m_maxSeen, 1U);
        m_traceDequeue(cell, slot);
        return true;
    }

    /**
     * @brief Block or unblock a VC (a transmit gate).
     * @param slot the VC slot
     * @param blocked true to stop serving it
     */
    void SetVcBlocked(uint32_t slot, bool blocked);

    /**
     * @param slot a VC slot
     * @return whether it is blocked
     */
    bool IsVcBlocked(uint32_t slot) const
    {
        return m_vcs[slot].blocked;
    }

    /**
     * @brief Bring a VC slot's state into the cache, before a cell of it
     *        is queued (a hint; the discipline adds its own: DoPrefetchVc).
     * @param slot the VC slot
     */
    void PrefetchVc(uint32_t slot) const
    {
        __builtin_prefetch(&m_vcs[slot]);
        DoPrefetchVc(slot);
    }

    /// PeekNextVc(): the discipline does not know.
    static constexpr uint32_t NO_VC = 0xffffffff;

    /**
     * @brief The queue disc that holds a VC slot's cells: this one (the
     *        default), or the class of a composite disc
     *        (AtmPriorityQueueDisc), whose length and congestion flags are
     *        those the VC's flow control sees (AtmPortState::FromQueueDisc).
     * @param slot a VC slot
     * @param servingSlot set to the VC's slot in the returned disc
     * @return the disc
     */
    virtual AtmQueueDisc& GetServingDisc(uint32_t slot, uint32_t& servingSlot);

    /// @return true once another queue disc is part of this one (AdoptInner):
    ///         only then can GetServingDisc() return another disc
    bool IsComposite() const
    {
        return m_composite;
    }

    /**
     * @return the slot whose cell Dequeue() would hand out next, as far as
     *         the discipline knows without work (NO_VC: unknown); for
     *         cache hints only
     */
    virtual uint32_t PeekNextVc() const;

    /// @return cells queued
    uint32_t GetNCells() const;

    /**
     * @return true if anything listens to the traces that queueing a cell
     *         fires (Enqueue, Drop, CellsInQueue, VcCellsInQueue,
     *         Congestion, FrameDiscard): the lazy arrival of the fast cell
     *         path must then not delay them
     */
    bool IsObserved() const
    {
        return m_observedSources != 0;
    }

    /**
     * @return true if queueing a cell may drop a cell already queued (of
     *         another VC, whose input port may react at once): the lazy
     *         arrival of the fast cell path must then not delay it
     */
    virtual bool CanDropQueued() const;

    /**
     * @return true if a VC blocked by the transmit gate never holds back
     *         the cells of another VC (per-VC queues; a FIFO blocks at its
     *         head): lazy arrival may then count on a VC's own cells to
     *         keep the port sending (AtmTransmitGate::GetSureCells)
     */
    virtual bool ServesVcsApart() const;

    /**
     * @param slot a VC slot
     * @return cells of that VC queued
     */
    uint32_t GetVcCells(uint32_t slot) const;

    /// @return the number of VCs with at least one cell queued
    uint32_t GetNActiveVcs() const;

    /// @return the buffer size in cells
    uint32_t GetMaxCells() const;

    /// @return the selective discard threshold, cells (0: off)
    uint32_t GetClpThreshold() const;

    /**
     * @brief The first disagreement among the attributes (a threshold above
     * the buffer, ...), as "Field = value: problem".
     *
     * Initialization aborts with it (naming this queue disc); a scenario
     * file's check reports it before anything runs. Overrides give the
     * base version's error first.
     * @return the error, empty when the attributes agree
     */
    virtual std::string GetConfigError() const;

    /**
     * @param slot a VC slot
     * @return how many more cells of that VC the buffer accepts now
     *         (before EPD): the room a sender must see before it hands
     *         over a whole frame
     */
    virtual uint32_t GetVcRoom(uint32_t slot) const;

    /**
     * @brief Lazy arrival at a port with receive accounting: is a user-data
     *        cell of a VC sure to be queued, even after @p before other
     *        cells arrive first? Only with EPD, PPD and selective discard
     *        off, no push-out, and more than @p before cells of room for
     *        the VC (GetVcRoom(): a discipline that drops for other reasons
     *        overrides GetVcCapacity or CanDropQueued, or this).
     * @param slot a VC slot
     * @param before cells that may be queued before it
     * @return true if it will be queued
     */
    virtual bool IsSureToQueue(uint32_t slot, uint32_t before) const;

    /// @return the two-threshold global congestion flag (eq. 2)
    bool IsCongested() const;

    /**
     * @param slot a VC slot
     * @return the two-threshold per-VC congestion flag (eqs. 3-5)
     */
    bool IsVcCongested(uint32_t slot);

    /// @return cells accepted
    uint64_t GetNEnqueued() const;
    /// @return cells handed out
    uint64_t GetNDequeued() const;
    /// @return cells dropped, every reason
    uint64_t GetNDropped() const;
    /**
     * @param reason a drop reason
     * @return cells dropped for it
     */
    uint64_t GetNDropped(const std::string& reason) const;
    /// @return the largest number of cells queued at once
    uint32_t GetMaxCellsSeen() const;

    /// Start the high-water mark again from the present length.
    void ResetMaxCellsSeen();

    /**
     * @param now a time not before the last change of the queue (the
     *        caller has let the switch process its due arrivals first,
     *        AtmSwitch::SyncArrivals)
     * @return the integral of the queue length over time from the start
     *         to @p now, cell-seconds (exact: kept in cell time steps)
     */
    double GetLengthIntegral(Time now) const;

    /**
     * @brief Set who is told of every drop (the owning port).
     * @param cb the callback
     */
    void SetDropCallback(DropCallback cb);

  protected:
    void DoInitialize() override;
    void DoDispose() override;

    /**
     * @brief Make @p inner a part of this queue disc (a class of a
     *        composite discipline): a cell that @p inner admits (after its
     *        own frame discard and selective discard) is dropped there
     *        with OVERFLOW_DROP while this buffer is full, and a sink on a
     *        trace of @p inner that queueing a cell fires counts as one on
     *        this queue disc (IsObserved()). This queue disc outlives
     *        @p inner's use.
     * @param inner a queue disc, not yet part of another
     */
    void AdoptInner(AtmQueueDisc& inner);

    /// @return the time of the Enqueue() or Dequeue() under way, time steps
    int64_t GetChangeTime() const
    {
        return m_now;
    }

    /**
     * @param slot a VC slot
     * @return whether the discipline has the VC in its list of active VCs
     *         (kept here, in the padding of the per-VC entry, beside the
     *         length and the blocked flag that decide it)
     */
    bool IsVcListed(uint32_t slot) const
    {
        return m_vcs[slot].listed;
    }

    /**
     * @param slot a VC slot
     * @param listed whether the discipline has the VC in its active list
     */
    void SetVcListed(uint32_t slot, bool listed)
    {
        m_vcs[slot].listed = listed;
    }

    /**
     * @return true if the discipline, empty, would queue any cell of a VC
     *         that is not blocked (with room in the buffer) and hand it out
     *         next, and be left as it was: CanPassStraight(). Asked once,
     *         at Initialize: a property of the discipline and its
     *         attributes. The default, false, keeps every cell on Enqueue()
     *         and Dequeue().
     */
    virtual bool DoCanPassStraight() const;

    /**
     * @brief PrefetchVc() for the discipline's own per-VC state (a cache
     *        hint; the default has none).
     * @param slot the VC slot
     */
    virtual void DoPrefetchVc(uint32_t slot) const;

    /**
     * @brief Report that the arriving cell is not queued.
     * @param cell the cell
     * @param slot its VC slot
     * @param reason why
     */
    void DropBeforeEnqueue(const AtmCell& cell, uint32_t slot, const char* reason);

    /**
     * @brief Report that a queued cell was removed and dropped (push-out).
     * @param cell the cell
     * @param slot its VC slot
     * @param reason why
     */
    void DropAfterEnqueue(const AtmCell& cell, uint32_t slot, const char* reason);

    /**
     * @brief Abort with a message naming this queue disc, a field and a value.
     * @param field the attribute or argument
     * @param value its value
     * @param problem what is wrong with it
     */
    [[noreturn]] void ConfigError(const std::string& field,
                                  const std::string& value,
                                  const std::string& problem) const;

    /**
     * @brief Abort with a message naming this queue disc and the error.
     * @param error "Field = value: problem"
     */
    [[noreturn]] void ConfigError(const std::string& error) const;

    /// Abort with GetConfigError() when the attributes disagree.
    void CheckConfig() const;

    /**
     * @brief The buffer space that limits one VC (for EPD and GetVcRoom()).
     *
     * By default the whole buffer (MaxCells): a VC competes with every
     * other. A discipline that gives each VC its own share overrides this.
     * @param slot a VC slot
     * @return cells that VC may hold at most
     */
    virtual uint32_t GetVcCapacity(uint32_t slot) const;

    /**
     * @brief How much of GetVcCapacity() is in use.
     * @param slot a VC slot
     * @return cells counted against that capacity now
     */
    virtual uint32_t GetVcOccupancy(uint32_t slot) const;

  private:
    /**
     * @brief EPD and PPD on the frame boundaries of user-data cells.
     * @param cell the arriving cell
     * @param slot its VC slot
     * @return true when the cell was dropped here
     */
    bool FrameDiscardBeforeEnqueue(const AtmCell& cell, uint32_t slot);

    /**
     * @brief Queue the cell, or drop it with DropBeforeEnqueue().
     * @param cell the cell
     * @param slot its VC slot
     * @return true if queued
     */
    virtual bool DoEnqueue(const AtmCell& cell, uint32_t slot) = 0;

    /**
     * @brief Take the next cell of a VC that is not blocked.
     * @param cell the cell
     * @param slot its VC slot
     * @return false if none
     */
    virtual bool DoDequeue(AtmCell& cell, uint32_t& slot) = 0;

    /**
     * @brief A VC was added.
     * @param slot its slot
     * @param weight its weight
     */
    virtual void DoAddVc(uint32_t slot, uint32_t weight);

    /**
     * @brief A VC slot was filed under another category (SetVcCategory;
     *        it has no cell queued). The default does nothing.
     * @param slot the VC slot
     * @param category its new category
     */
    virtual void DoSetVcCategory(uint32_t slot, AtmServiceCategory category);

    /**
     * @brief A VC was unblocked: make it eligible again.
     * @param slot its slot
     */
    virtual void DoUnblock(uint32_t slot);

    /**
     * @brief A VC was blocked (the default has nothing to do: DoDequeue()
     *        reads IsVcBlocked()).
     * @param slot its slot
     */
    virtual void DoBlock(uint32_t slot);

    /**
     * @brief Account for a change of one VC's queue.
     * @param slot the VC
     * @param delta +1 or -1
     */
    void Account(uint32_t slot, int delta);

    /**
     * @brief What Account() reports when anything listens: the
     *        CellsInQueue and VcQueueLength traces, congestion detection.
     * @param slot the VC
     * @param before cells in the queue before the change
     */
    void NotifyLengths(uint32_t slot, uint32_t before);

    /**
     * @brief Frame discard (EPD, PPD), then selective discard, on an
     *        arriving cell.
     * @param cell the cell
     * @param slot its VC slot
     * @return true if it may be queued, false if dropped (traced)
     */
    bool Admit(const AtmCell& cell, uint32_t slot)
    {
        return (!cell.IsData() ||
                AtmFrameDiscard::PassThrough(m_vcs[slot].frame, cell.GetAuu(), m_epdThreshold) ||
                !FrameDiscardBeforeEnqueue(cell, slot)) &&
               (m_clpThreshold == 0 || !SelectiveDiscard(cell, slot));
    }

    /**
     * @brief Selective discard: drop a CLP = 1 cell when the buffer holds
     *        ClpThreshold cells or more (with PPD, the rest of its frame
     *        follows).
     * @param cell the arriving cell, admitted by frame discard
     * @param slot its VC slot
     * @return true when the cell was dropped here
     */
    bool SelectiveDiscard(const AtmCell& cell, uint32_t slot);

    /**
     * @brief A cell offered to DoEnqueue() was not queued: with PPD, the
     *        rest of its frame is of no use downstream.
     * @param cell the cell
     * @param slot its VC slot
     */
    void Refused(const AtmCell& cell, uint32_t slot);

    /**
     * @brief Count, trace and report a drop.
     * @param cell the cell
     * @param slot its VC slot
     * @param reason why
     * @param queued the cell had been queued
     */
    void Drop(const AtmCell& cell, uint32_t slot, const char* reason, bool queued);

    /**
     * @brief Count and trace a cell queued.
     * @param cell the cell
     * @param slot its VC slot
     */
    void Accepted(const AtmCell& cell, uint32_t slot);

    /**
     * @brief Count and trace a cell handed out.
     * @param cell the cell
     * @param slot its VC slot
     */
    void HandedOut(const AtmCell& cell, uint32_t slot);

    /**
     * @brief PassStraight() with congestion detection on: Accepted() and
     *        HandedOut() of the cell.
     * @param cell the cell
     * @param slot its VC slot
     */
    void PassStraightDetected(const AtmCell& cell, uint32_t slot);

    uint32_t m_maxCells;         //!< buffer size in cells
    uint32_t m_highThreshold;    //!< Q_HT for congestion detection
    uint32_t m_lowThreshold;     //!< Q_LT for congestion detection
    uint32_t m_epdThreshold;     //!< EPD threshold in cells (0: off)
    bool m_ppd;                  //!< Partial Packet Discard on
    uint32_t m_clpThreshold;     //!< selective discard threshold in cells (0: off)
    std::string m_context;       //!< where it sits, for messages
    const AtmQueueDisc* m_outer; //!< the queue disc this one is part of (AdoptInner), or null
    bool m_composite{false};     //!< another queue disc is part of this one (AdoptInner)

    /// What the base keeps per VC slot (one struct: one cache line per VC).
    struct VcInfo
    {
        uint32_t len;       //!< cells queued
        uint32_t weight;    //!< round-robin weight
        bool blocked;       //!< not to be served
        bool listed{false}; //!< in the discipline's active list (SetVcListed)
        AtmServiceCategory category{AtmServiceCategory::UBR}; //!< service category
        AtmFrameDiscard::State frame;                         //!< EPD/PPD state
    };

    static_assert(sizeof(VcInfo) == 12, "a VC slot costs the base 12 octets");

    std::vector<VcInfo> m_vcs;        //!< per VC slot
    uint32_t m_activeVcs;             //!< VCs with cells
    AtmCongestionDetector m_detector; //!< the two-threshold flags
    uint32_t m_nCells;                //!< cells queued
    uint32_t m_maxSeen;               //!< high-water mark
    int64_t m_now;                    //!< time of the change being made, time steps
    int64_t m_lastChange;             //!< time of the last length change, time steps
    int64_t m_area;                   //!< integral of the length until then, cell time steps
    uint64_t m_nEnqueued;             //!< cells accepted
    uint64_t m_nDequeued;             //!< cells handed out
    uint64_t m_nDropped;              //!< cells dropped
    std::map<std::string, uint64_t> m_dropsByReason; //!< drops per reason
    DropCallback m_dropCallback;                     //!< the owner's drop hook

    bool m_passStraight;        //!< DoCanPassStraight(), at Initialize
    uint32_t m_observedSources; //!< the watched traces below with a sink (IsObserved)
    AtmWatchedTracedCallback<const AtmCell&, uint32_t> m_traceEnqueue;           //!< cell queued
    TracedCallback<const AtmCell&, uint32_t> m_traceDequeue;                     //!< cell taken
    AtmWatchedTracedCallback<const AtmCell&, uint32_t, const char*> m_traceDrop; //!< cell dropped
    AtmWatchedTracedCallback<uint32_t, uint32_t> m_traceVcLength;                //!< per-VC length
    AtmWatchedTracedCallback<bool> m_traceCongestion;                    //!< sigma(t) changed
    AtmWatchedTracedCallback<uint32_t, const char*> m_traceFrameDiscard; //!< EPD/PPD started
    AtmWatchedTracedCallback<uint32_t, uint32_t> m_traceNCells;          //!< CellsInQueue
};

} // namespace ns3

#endif /* ATM_QUEUE_DISC_H */
