/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SWITCH_H
#define ATM_SWITCH_H

#include "atm-cell.h"
#include "atm-index-heap.h"
#include "atm-simulator-impl.h"
#include "atm-vc-table.h"

#include "ns3/object-factory.h"
#include "ns3/object.h"
#include "ns3/simulator.h"
#include "ns3/traced-callback.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

namespace ns3
{

class AtmNetDevice;
class AtmChannel;
class AtmSwitchFabric;
class AtmVc;
class Node;

/**
 * @ingroup atm
 * @brief The ATM switch of a node: VC translation table and fabric.
 *
 * Aggregated to a node whose AtmNetDevices are its ports. By default the
 * fabric is output-buffered: a cell arriving on port i is looked up by
 * (i, VPI, VCI) and, with its label rewritten to the outgoing VPI/VCI, put
 * into the queue disc of the output port at once. An AtmSwitchFabric set
 * with SetFabric carries the cell instead (see there). The output ports' queue
 * discs come from the QueueDisc factory (set by AtmSwitchHelper). A cell
 * whose label is not in the table is dropped and counted (UnknownVc).
 */
class AtmSwitch : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// Drop reason: the cell's label has no table entry on its input port.
    static constexpr const char* UNKNOWN_VC_DROP = "UnknownVc";

    /**
     * @brief Callback signature of Drop.
     * @param cell the cell
     * @param inPort the port it arrived on
     * @param reason why
     */
    typedef void (*DropTracedCallback)(const AtmCell& cell, uint32_t inPort, const char* reason);

    AtmSwitch();
    ~AtmSwitch() override;
    AtmSwitch(const AtmSwitch&) = delete;
    AtmSwitch& operator=(const AtmSwitch&) = delete;

    /**
     * @brief The factory the output queue discs of new ports come from.
     * @param factory a factory of AtmQueueDisc subclasses
     */
    void SetQueueDiscFactory(const ObjectFactory& factory);

    /**
     * @brief Make a device of the node a port of the switch; it gets a
     *        queue disc from the factory.
     * @param device the device
     * @return the port index
     */
    uint32_t AddPort(Ptr<AtmNetDevice> device);

    /// @return the number of ports
    uint32_t GetNPorts() const;

    /**
     * @return the cells on the wires into the switch's ports, not yet
     *         processed (AtmChannel::GetCellsOnWire summed over the ports;
     *         kept as a count, read by the fast path's bound)
     */
    uint32_t GetCellsOnWires() const
    {
        return m_cellsOnWires;
    }

    /**
     * @param port a port index
     * @return the device
     */
    Ptr<AtmNetDevice> GetPort(uint32_t port) const;

    /**
     * @param device a device of the node
     * @return its port index, or NOT_A_PORT
     */
    uint32_t GetPortIndex(Ptr<const AtmNetDevice> device) const;

    /// GetPortIndex() of a device that is not a port.
    static constexpr uint32_t NOT_A_PORT = 0xffffffff;

    /**
     * @brief Add a VC translation: (inPort, inVpi, inVci) -> (outPort,
     *        outVpi, outVci).
     * @param inPort input port index
     * @param inVpi incoming VPI
     * @param inVci incoming VCI
     * @param outPort output port index
     * @param outVpi outgoing VPI
     * @param outVci outgoing VCI
     * @param vc the VC, for its counters (may be null)
     * @param weight its round-robin weight at the output port
     * @return the VC's slot at the output port
     */
    uint32_t AddVc(uint32_t inPort,
                   uint16_t inVpi,
                   uint16_t inVci,
                   uint32_t outPort,
                   uint16_t outVpi,
                   uint16_t outVci,
                   Ptr<AtmVc> vc,
                   uint32_t weight = 1);

    /// @return the number of VC translations
    uint32_t GetNVcs() const;

    /**
     * @brief Let a fabric carry the cells from input to output ports
     *        (default: none, output-buffered). Set it before the first VC.
     * @param fabric the fabric (it is attached to this switch)
     */
    void SetFabric(Ptr<AtmSwitchFabric> fabric);

    /// @return the fabric, or null for the output-buffered default
    Ptr<AtmSwitchFabric> GetFabric() const;

    /**
     * @brief Put a cell of a route into its output port's queue disc: the
     *        output port's behaviour sees it (ABR), its label is rewritten
     *        and it is enqueued (or dropped there, counted by the queue disc).
     *        Called by Forward, or by the fabric when the cell gets there.
     * @param route the route index
     * @param cell the cell, with its incoming label
     * @return false if the output queue disc dropped it
     */
    bool Deliver(uint32_t route, const AtmCell& cell);

    /**
     * @brief A fabric lost a cell of a route: it is counted to the VC with
     *        @p reason, leaves the input port's receive accounting and is
     *        traced (Drop).
     * @param route the route index
     * @param cell the cell
     * @param reason why (a static string)
     */
    void DropInFabric(uint32_t route, const AtmCell& cell, const char* reason);

    /**
     * @brief A user-data cell of a route leaves its input port's receive
     *        accounting (Fwd_Cnt, the input count): for a fabric whose
     *        buffer, not the node, is what the input link's flow control
     *        covers (AtmLinkFifoFabric), and for DropInFabric.
     * @param route the route index
     */
    void NotifyLeftInput(uint32_t route);

    /**
     * @brief Where a route leaves the switch.
     * @param route the route index
     * @return its VC slot at its output port
     */
    uint32_t GetRouteSlot(uint32_t route) const;

    /// @return cells a fabric dropped (DropInFabric)
    uint64_t GetNFabricDrops() const;

    /**
     * @brief Pair the two directions of an ABR connection: the backward RM
     *        cells of the VC arriving on @p inPort with label (vpi, vci)
     *        are shown, before they are forwarded, to the port behaviour of
     *        the output port carrying the forward direction.
     * @param inPort input port of the backward direction
     * @param vpi its incoming VPI
     * @param vci its incoming VCI
     * @param fwdPort output port of the forward direction
     * @param fwdSlot the forward direction's slot there
     */
    void SetBackwardPair(uint32_t inPort,
                         uint16_t vpi,
                         uint16_t vci,
                         uint32_t fwdPort,
                         uint32_t fwdSlot);

    /**
     * @brief Switch a cell that arrived on a port.
     * @param inPort the port
     * @param cell the cell
     */
    void Forward(uint32_t inPort, const AtmCell& cell);

    /**
     * @brief A cell will arrive on the wire into @p port: keep the earliest
     *        arrival time, and the wire among those with cells when it had
     *        none.
     * @param port the input port
     * @param arrival the cell's arrival time (time steps) and hand-over
     *        order
     * @param wasEmpty true if the cell is the only one on that wire
     */
    void NoteArrival(uint32_t port, const AtmIndexHeap::Key& arrival, bool wasEmpty)
    {
        m_nextArrival = std::min(m_nextArrival, arrival.time);
        ++m_cellsOnWires;
        if (wasEmpty)
        {
            if (!m_wires[port].channel)
            {
                LinkWire(port);
            }
            m_arrivals.Push(port, arrival);
        }
    }

    /**
     * @brief A cell was put on the wire into @p inPort: look its VC up now
     *        and bring its route into the cache, a cell time before the
     *        cell is handed over (CanDefer) and switched (a hint; nothing
     *        changes).
     * @param inPort the input port
     * @param cell the cell
     * @return the index of its VC among the port's arriving VCs, or
     *         AtmVcTable::NOT_FOUND
     */
    uint32_t PrepareArrival(uint32_t inPort, const AtmCell& cell) const;

    /**
     * @brief Lazy arrival (the fast cell path): may a cell that will reach
     *        input port @p inPort at @p arrival wait on the wire, without an
     *        event, until the switch next looks at its wires? Only if doing
     *        its work later changes nothing anybody can see: it is a data
     *        cell of a known VC of a plain output-buffered switch, its
     *        output port will still be sending at @p arrival
     *        (AtmNetDevice::CanQueueLater), nothing listens to the traces its
     *        arrival fires, and its input port has no receive error model
     *        and no receive accounting that must count it on arrival. With
     *        receive accounting (credit), a drop would return credit, and
     *        must not come later than on the two-event path: the cell must
     *        also be sure to be queued, whatever reaches the switch before
     *        it (AtmQueueDisc::IsSureToQueue, AtmChannel::MaxArrivalsWithin).
     *        The switch looks at its wires (SyncArrivals) before each of its
     *        ports ends a transmission, and before anything reads its state.
     * @param inPort the input port
     * @param cell the cell
     * @param arrival its arrival time (time steps)
     * @param delay the link's delay: @p arrival less the time now (time steps)
     * @param[in,out] arrivalIndex the index of the cell's VC among the
     *             port's arriving VCs, if PrepareArrival found it
     *             (AtmVcTable::NOT_FOUND: look it up here, and keep it for
     *             the cell's arrival, DoForwardArrival)
     * @return true if the cell may wait
     */
    bool CanDefer(uint32_t inPort,
                  const AtmCell& cell,
                  int64_t arrival,
                  int64_t delay,
                  uint32_t& arrivalIndex) const;

    /**
     * @brief Process every cell on the switch's wires whose arrival time
     *        has come, by arrival time, then in the order they were handed
     *        over (the order of the two-event path's arrival events), each
     *        at its own arrival time; at one instant, after every port whose
     *        transmission ends then has ended it (cells leave before cells
     *        arrive). Every event of the switch (end of a
     *        transmission, flow-control timers, link changes) and every
     *        reader of its state calls it first; it costs a comparison when
     *        nothing is due.
     */
    void SyncArrivals()
    {
        SyncArrivals(AtmSimulatorImpl::CurrentTimeStep());
    }

    /**
     * @brief SyncArrivals, when the caller knows the time.
     * @param now the time now (time steps)
     * @param last of the cells due now, the hand-over order of the last to
     *        process (SyncArrivalsUpTo); by default all
     */
    void SyncArrivals(int64_t now, uint64_t last = std::numeric_limits<uint64_t>::max())
    {
        if (m_nextArrival <= now)
        {
            ProcessDueArrivals(now, last);
        }
    }

    /**
     * @brief The arrival event of a cell (AtmChannel): as SyncArrivals, but
     *        of the cells due at this very instant only those handed over
     *        no later than that cell. A cell is then switched in its own
     *        arrival event (or in an earlier end of transmission or reader
     *        of the switch at that instant), never in the arrival event of
     *        another cell that arrives at the same instant: on the fast
     *        path that other cell may have no event (CanDefer), and what
     *        the switching schedules would come in another order among the
     *        instant's other events.
     * @param order the hand-over order of the event's cell
     */
    void SyncArrivalsUpTo(uint64_t order)
    {
        SyncArrivals(AtmSimulatorImpl::CurrentTimeStep(), order);
    }

    /// Bring every switch's state up to now (SyncArrivals on each): for
    /// code that reads the state of several switches from its own event.
    static void SyncAll();

    /**
     * @brief Process the cells due before now at every switch, then give
     *        each cell still on a wire into a switch (due now or later) an
     *        arrival event at its arrival time: a cell handed over
     *        without one (CanDefer: nothing could see it) is then processed
     *        at that time, as on the two-event path, for a listener that
     *        comes now. Every trace source of the module does this when a
     *        sink connects (AtmTraceSourceAccessor), and every setter of a
     *        port or link that CanDefer or the processing of a cell reads
     *        (AtmNetDevice's data rate, SONET framing, queue disc, receive
     *        error model, port behaviour and UPC; AtmChannel's delay).
     *        Call it before other changes during the run (a queue disc's
     *        attributes).
     */
    static void UndeferAll();

    /**
     * @param inPort a port
     * @param cell a cell arriving on it
     * @return the VC the port's table switches the cell's label to, or
     *         null when the table does not know the label
     */
    AtmVc* FindArrivingVc(uint32_t inPort, const AtmCell& cell) const;

    /// @return cells dropped for an unknown label
    uint64_t GetNUnknownVcDrops() const;

    /// @return "switch on node N", for messages
    std::string GetContext() const;

  protected:
    void DoInitialize() override;
    void DoDispose() override;
    void NotifyNewAggregate() override;

  private:
    /**
     * @brief Process the due arrivals (SyncArrivals found some).
     * @param now the time now (time steps)
     * @param last of the cells due now, the hand-over order of the last
     *        to process (SyncArrivalsUpTo)
     */
    void ProcessDueArrivals(int64_t now, uint64_t last);

    /**
     * @param now the time now (time steps)
     * @return true if a port's transmission ends now and has not been
     *         handled yet
     */
    bool IsDepartingNow(int64_t now) const;

    /// The wire into a port: its link and the index of the port's end.
    struct Wire
    {
        AtmChannel* channel; //!< the link (null: none yet)
        uint32_t end;        //!< the port's end of it
    };

    /// @return every switch, in the order of NodeList (kept until a switch
    ///         or a node comes or goes)
    static const std::vector<AtmSwitch*>& GetAll();

    /**
     * @brief Look up the wire into a port, once the port has a link.
     * @param port the port index
     * @return false if it has no link yet
     */
    bool LinkWire(uint32_t port) const;

    /**
     * @brief The cells the senders of the wires into the switch may hand
     *        over within @p delay: summed once per link timing
     *        (AtmChannel::GetTimingGeneration()) and input port.
     * @param inPort the input port of the cell that asks
     * @param delay its link's delay (time steps)
     * @return the sum of AtmChannel::MaxHandOversWithin over the wires
     */
    uint32_t GetHandOversWithin(uint32_t inPort, int64_t delay) const;

    /**
     * @brief Abort unless @p port is a port index.
     * @param port the index
     * @param field which argument
     */
    void CheckPort(uint32_t port, const char* field) const;

    /// Where a VC leaves the switch: all a cell needs (16 octets), kept by
    /// input port and arrival index, next to the other VCs of that port.
    struct Route
    {
        AtmNetDevice* out; //!< output port
        uint32_t slot;     //!< VC slot there
        uint32_t id;       //!< the route index (AddVc order)
        uint32_t outLabel; //!< the VC's label on the output link (a cache hint)
    };

    /// Where a route enters the switch (by route index).
    struct RouteStart
    {
        uint32_t inPort;       //!< input port index
        uint32_t arrivalIndex; //!< the VC's arrival index there
    };

    /// ABR: the forward direction of a backward VC (SetBackwardPair).
    struct Pair
    {
        uint32_t port{NO_PAIR}; //!< output port index of the forward direction
        uint32_t slot{0};       //!< the forward direction's slot there
    };

    /// Pair::port of a route without a forward direction.
    static constexpr uint32_t NO_PAIR = 0xffffffff;

    /**
     * @param r a route index
     * @return that route
     */
    const Route& GetRoute(uint32_t r) const;

    /**
     * @brief Offer a cell to its output port (the port behaviour first).
     * @param route the cell's route
     * @param cell the cell
     * @param now the cell's arrival time at the switch (time steps)
     * @return true if the output port queued it
     */
    bool DeliverOn(const Route& route, const AtmCell& cell, int64_t now);

    /**
     * @brief Forward's work, inlined where the switch processes its wires
     *        (ProcessDueArrivals).
     * @param inPort the port
     * @param cell the cell
     * @param arrivalIndex the index of its VC among the port's arriving
     *        VCs, if CanDefer looked it up; AtmVcTable::NOT_FOUND: look it up
     */
    void DoForwardArrival(uint32_t inPort, const AtmCell& cell, uint32_t arrivalIndex);

    /**
     * @brief Hand a cell that arrived on a port, known VC, to the fabric
     *        or its output port.
     * @param inPort the port
     * @param route the cell's route
     * @param cell the cell
     */
    void SwitchArrival(uint32_t inPort, const Route& route, const AtmCell& cell);

    /**
     * @brief Police a user-data cell at its ingress port's UPC; a discarded
     *        cell leaves the node at once, counted as a drop of its VC.
     * @param inPort the port
     * @param a the arrival index of its VC there
     * @param cell the cell (tagged CLP = 1 if the UPC says so)
     * @return false if the UPC discarded it
     */
    bool PoliceArrival(uint32_t inPort, uint32_t a, AtmCell& cell);

    /**
     * @brief Tell an ingress port's UPC the contract of an arriving VC;
     *        abort, naming the port and the VC, when it cannot be policed.
     * @param inPort the port (it has a UPC)
     * @param a the arrival index of the VC
     * @param sharing the VCs with a PCR arriving on the port (CountPolicedVcs)
     */
    void SetUpUpc(uint32_t inPort, uint32_t a, uint32_t sharing) const;

    /**
     * @param inPort a port
     * @return the VCs arriving on it whose contracts have a PCR
     */
    uint32_t CountPolicedVcs(uint32_t inPort) const;

    /**
     * @brief Switch an RM cell: OnForwardRm at its output port, or for a
     *        backward RM cell OnBackwardRm at its forward direction's port.
     * @param route the cell's route
     * @param cell the cell
     * @return true if the output port queued it
     */
    bool ForwardRm(const Route& route, const AtmCell& cell);

    Ptr<Node> m_node;                       //!< the node
    ObjectFactory m_queueFactory;           //!< output queue discs
    std::vector<Ptr<AtmNetDevice>> m_ports; //!< ports by index
    /// Per input port: the route of each arrival index.
    std::vector<std::vector<Route>> m_inRoutes;
    std::vector<RouteStart> m_routes; //!< VC translations by route index
    std::vector<Pair> m_pairs;        //!< by route, for ABR (sized on first use)
    uint64_t m_unknownVcDrops;        //!< cells with no entry
    uint64_t m_fabricDrops;           //!< cells the fabric lost
    Ptr<AtmSwitchFabric> m_fabric;    //!< null: output-buffered
    TracedCallback<const AtmCell&, uint32_t, const char*> m_traceDrop; //!< drops
    int64_t m_nextArrival;   //!< earliest arrival time on the wires (time steps)
    AtmIndexHeap m_arrivals; //!< ports whose wire has cells, earliest first cell on top
    int64_t m_arrivalTime;   //!< arrival time of the cell being switched (time steps)
    bool m_syncing;          //!< in ProcessDueArrivals

    /// Changes when a switch is aggregated to a node or disposed of: the
    /// list of switches SyncAll keeps is then looked up again.
    static uint64_t s_generation;
    mutable std::vector<Wire> m_wires; //!< by port index (a cache: LinkWire)
    uint32_t m_cellsOnWires{0};        //!< cells on the wires into the ports

    /// The cells the senders of all wires into the switch may hand over
    /// within a delay (AtmChannel::MaxHandOversWithin, summed).
    struct HandOverBound
    {
        int64_t delay{0};       //!< the delay (time steps)
        uint64_t generation{0}; //!< AtmChannel::GetTimingGeneration() when summed
        uint32_t cells{0};      //!< the sum
    };

    mutable std::vector<HandOverBound> m_handOvers; //!< by input port (GetHandOversWithin)
};

} // namespace ns3

#endif /* ATM_SWITCH_H */
