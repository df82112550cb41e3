/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CHANNEL_H
#define ATM_CHANNEL_H

#include "atm-cell-event.h"
#include "atm-cell-ring.h"
#include "atm-cell.h"
#include "atm-index-heap.h"
#include "atm-vc-table.h"

#include "ns3/channel.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

namespace ns3
{

class AtmNetDevice;

/**
 * @ingroup atm
 * @brief A point-to-point ATM link between two ports.
 *
 * Like PointToPointChannel, the channel only adds the propagation delay:
 * the sending port decides the transmission time of a cell (424 bits at its
 * cell rate), and the channel delivers the cell to the other port at
 * now + transmission time + Delay, as one event in the receiving node's
 * context. Both directions are independent (full duplex).
 */
class AtmChannel : public Channel
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmChannel();
    ~AtmChannel() override;

    /**
     * @brief Attach a port (at most two).
     * @param device the port
     */
    void Attach(Ptr<AtmNetDevice> device);

    /**
     * @brief A cell starts on the wire (it counts as in flight from now).
     * @param cell the cell
     * @param src the sending port
     * @param txTime its transmission time
     */
    virtual void TransmitStart(const AtmCell& cell, AtmNetDevice* src, const Time& txTime);

    /**
     * @brief The last bit of a cell left @p src: hand it to the other end,
     *        stamped with its arrival time (now + Delay). With the lazy
     *        arrival of the fast cell path (global value AtmFastPath) no
     *        event is scheduled when the receiving switch is sure to look
     *        at its wires no later than that time (AtmSwitch::CanDefer);
     *        otherwise an arrival event runs at that time.
     * @param cell the cell
     * @param src the sending port
     * @param now the time now (time steps)
     */
    virtual void TransmitEnd(const AtmCell& cell, const AtmNetDevice* src, int64_t now);

    /**
     * @brief Lazy arrival at a port with receive accounting: a bound on the
     *        cells that may reach end @p dst before a cell handed over now
     *        on another link reaches its switch, @p horizon time steps from
     *        now: those on the wire now, and those the sender may still
     *        hand over in time (one per cell time of the sender).
     * @param dst index of the end
     * @param horizon time steps from now
     * @return at most that many cells
     */
    uint32_t MaxArrivalsWithin(uint32_t dst, int64_t horizon) const
    {
        return GetCellsOnWire(dst) + MaxHandOversWithin(dst, horizon);
    }

    /**
     * @param dst index of an end
     * @return the cells on the wire towards it: handed over, not yet taken
     *         by the receiving port (a switch takes them lazily)
     */
    uint32_t GetCellsOnWire(uint32_t dst) const
    {
        return m_wire[dst].Size();
    }

    /**
     * @brief The part of MaxArrivalsWithin() not yet on the wire: the cells
     *        the sender may still hand over in time. It depends only on
     *        the links' timing (this delay, the sender's cell time), so a
     *        reader may keep it until GetTimingGeneration() changes.
     * @param dst index of the end
     * @param horizon time steps from now
     * @return at most that many cells
     */
    virtual uint32_t MaxHandOversWithin(uint32_t dst, int64_t horizon) const;

    /**
     * @return a number that changes whenever a link's timing may have
     *         changed anywhere (a delay set, a device attached, a port's
     *         rate or a switch's ports changed): what MaxHandOversWithin()
     *         gives is the same while it is
     */
    static uint64_t GetTimingGeneration()
    {
        return s_timingGeneration;
    }

    /// @brief A link's timing may have changed (see GetTimingGeneration()).
    static void NotifyTimingChange()
    {
        ++s_timingGeneration;
    }

    /**
     * @brief Take the oldest cell off the wire towards an end (its arrival
     *        time has come: the receiving port processes it now).
     * @param dst index of the end
     * @param[out] arrivalIndex the index of its VC among the receiving
     *             switch port's arriving VCs, if AtmSwitch::CanDefer looked
     *             it up when the cell was handed over; AtmVcTable::NOT_FOUND
     *             otherwise
     * @return the cell
     */
    AtmCell PopArrival(uint32_t dst, uint32_t& arrivalIndex);

    /**
     * @param dst index of an end with a cell on the wire towards it
     * @return that cell's arrival time (time steps) and hand-over order,
     *         the order in which a switch takes its arrivals (the key it
     *         was given by AtmSwitch::NoteArrival)
     */
    AtmIndexHeap::Key GetFirstArrival(uint32_t dst) const
    {
        NS_ASSERT(!m_wire[dst].Empty());
        return AtmIndexHeap::Key{m_wire[dst].Front().arrival, m_wire[dst].Front().order};
    }

    /**
     * @param dst index of an end
     * @return true if a cell is on the wire towards it
     */
    bool HasArrival(uint32_t dst) const
    {
        return !m_wire[dst].Empty();
    }

    /**
     * @param device one end
     * @return its index (0 or 1) in this channel
     */
    uint32_t GetEndIndex(const AtmNetDevice* device) const
    {
        return PeekPointer(m_dev[0]) == device ? 0 : 1;
    }

    /**
     * @param device one end
     * @return the other end (null if not attached)
     */
    Ptr<AtmNetDevice> GetPeer(Ptr<const AtmNetDevice> device) const;

    /**
     * @param device one end
     * @return the other end (null if not attached), without a reference
     */
    const AtmNetDevice* PeekPeer(const AtmNetDevice* device) const
    {
        return m_nDevices < 2 ? nullptr : PeekPointer(m_dev[GetEndIndex(device) ^ 1]);
    }

    /// @return the propagation delay
    Time GetDelay() const;

    /**
     * @brief Set the propagation delay (attribute Delay; change it only
     *        while no cell is on the wire).
     * @param delay the delay
     */
    void SetDelay(Time delay);

    /**
     * @brief A cell from another rank arrives now (AtmRemoteChannel): it
     *        joins the wire towards @p dst and is processed at once, in the
     *        order arrivals at a switch always are.
     * @param dst index of the receiving end
     * @param cell the cell
     */
    void ArriveNow(uint32_t dst, const AtmCell& cell);

    /// @return cells handed over without an arrival event (lazy arrival)
    uint64_t GetNDeferred() const
    {
        return m_nDeferred;
    }

    /**
     * @brief Give every cell on the wire towards @p dst that arrives now
     *        or later an arrival event at its arrival time, so that it is
     *        processed then even if it was handed over without one
     *        (AtmSwitch::UndeferAll).
     * @param dst index of the receiving end
     */
    void UndeferArrivals(uint32_t dst);

    /// @return cells handed over to a wire so far, by every link of the
    ///         process (every simulation run in it)
    static uint64_t GetHandOvers()
    {
        return s_handovers;
    }

    /// @return the number of cells on the wire in both directions now
    uint32_t GetCellsInFlight() const;

    /**
     * @brief Take the link down (failure injection): until SetLinkUp(),
     *        every cell that arrives at either end is lost, dropped by the
     *        receiving port with reason LinkDown; both ports' link-change
     *        callbacks fire. The transmitters go on sending.
     */
    void SetLinkDown();

    /// @brief Bring the link up again; the link-change callbacks fire.
    void SetLinkUp();

    /// @return false between SetLinkDown() and SetLinkUp()
    bool IsLinkUp() const;

    /// @return the global value AtmFastPath when the channel was made
    bool IsFastPath() const
    {
        return m_lazy;
    }

    std::size_t GetNDevices() const override;
    Ptr<NetDevice> GetDevice(std::size_t i) const override;

    /**
     * @param i 0 or 1
     * @return the port
     */
    Ptr<AtmNetDevice> GetAtmDevice(std::size_t i) const;

  protected:
    void DoDispose() override;

  private:
    /// A cell on the wire towards one end.
    struct InFlight
    {
        AtmCell cell;          //!< the cell
        int64_t arrival;       //!< its arrival time (time steps)
        uint64_t order;        //!< hand-over order, among all links
        uint32_t arrivalIndex; //!< its VC at the receiving switch port, if known
    };

    /**
     * @brief The arrival event of one direction. One object per direction
     *        is scheduled once per cell (it may be pending several times at
     *        once, and is never cancelled): no allocation per cell. Each
     *        run hands the oldest cell on the wire to its end, since a link
     *        delivers in order.
     */
    class ArrivalEvent : public AtmCellEvent
    {
      public:
        /**
         * @param channel the channel
         * @param dst index of the receiving end
         */
        ArrivalEvent(AtmChannel* channel, uint32_t dst);

      private:
        void Notify() override;

        AtmChannel* m_channel; //!< the channel
        uint32_t m_dst;        //!< the receiving end
    };

    /// Let the switches at both ends process the cells due there first.
    void SyncEnds() const;

    /**
     * @brief SetLinkDown() and SetLinkUp(): the switches at both ends
     *        process the cells due first, then both ports decide their
     *        receive checks again and fire their link-change callbacks.
     * @param up the link's new state
     */
    void SetLinkState(bool up);

    /**
     * @brief A cell's arrival time has come: a switch port processes the
     *        arrivals due at its switch up to that cell
     *        (AtmSwitch::SyncArrivalsUpTo), a host port the oldest cell on
     *        its wire.
     * @param dst index of the receiving end
     */
    void Deliver(uint32_t dst);

    Time m_delay;                           //!< propagation delay
    int64_t m_delaySteps;                   //!< the same, time steps
    Ptr<AtmNetDevice> m_dev[2];             //!< the ends
    uint32_t m_nDevices;                    //!< ends attached
    uint32_t m_inFlight;                    //!< cells on the wire
    AtmCellRing<InFlight> m_wire[2];        //!< cells on the wire towards each end, oldest first
    AtmCellRing<uint64_t> m_eventOrders[2]; //!< towards a switch's port: the hand-over order
                                            //!< of each cell with a pending arrival event,
                                            //!< oldest first
    Ptr<AtmCellEvent> m_arrivalEvent[2];    //!< the arrival event towards each end
    bool m_up;                              //!< false while the link is down
    bool m_lazy;                            //!< AtmFastPath when the channel was made
    bool m_defer{false};                    //!< m_lazy and a positive delay: cells may wait
    bool m_delayShortened{false};           //!< the delay was ever shortened (SetDelay)
    uint64_t m_nDeferred;                   //!< cells handed over without an event
    uint32_t m_txIndex[2];                  //!< VC index at the receiving switch port of the
                                            //!< cell being sent towards each end, if looked up
    static uint64_t s_handovers;            //!< cells handed over so far (all links)
    static uint64_t s_timingGeneration;     //!< GetTimingGeneration()
};

} // namespace ns3

#endif /* ATM_CHANNEL_H */
