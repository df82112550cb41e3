/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_NET_DEVICE_H
#define ATM_NET_DEVICE_H

#include "atm-cell-event.h"
#include "atm-cell.h"
#include "atm-lazy-arrival.h"
#include "atm-line-rate.h"
#include "atm-net-device-base.h"
#include "atm-port-flow-control.h"
#include "atm-port-vcs.h"
#include "atm-vc-table.h"

#include "ns3/callback.h"
#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/traced-callback.h"

#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class AtmAal5Endpoint;
class AtmChannel;
class AtmPortBehaviour;
struct AtmPortState;
class AtmQueueDisc;
class AtmReceiveAccounting;
class AtmTransmitGate;
class AtmSwitch;
class AtmUpc;
class AtmVc;
class ErrorModel;

/**
 * @ingroup atm
 * @brief One ATM port: a cell transmitter and receiver on an AtmChannel.
 *
 * Transmission follows PointToPointNetDevice: the port is READY or BUSY;
 * when READY and its AtmQueueDisc hands out a cell, it goes BUSY for one
 * cell time (424 bits at the cell rate) and the channel delivers the cell at
 * the other end after that time plus the propagation delay. So a cell costs
 * two simulator events per hop: the end of its transmission and its
 * arrival.
 *
 * The line rate is the DataRate attribute; with SonetFraming the cells get
 * 26/27 of it (STS-3c: 149.76 of 155.52 Mb/s; STS-12c: 599.04 of 622.08).
 *
 * Transmit side: each VC through the port has a dense slot (AddTxVc) with
 * its outgoing VPI/VCI, stamped into the header as the cell is queued.
 * Receive side: a port of an AtmSwitch hands every cell to the switch; a
 * host port looks the label up among its receive VCs (AddRxVc) and delivers
 * the cell to the VC's receive callback. A cell of an unknown VC is dropped
 * and counted (reason UnknownVc).
 *
 * A host port with an AtmAal5Endpoint (SetAal5Endpoint) is also an IP
 * interface; that side, and the rest of the NetDevice API, is
 * AtmNetDeviceBase.
 */
class AtmNetDevice : public AtmNetDeviceBase
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// Header format on this link.
    enum InterfaceType
    {
        UNI, //!< user-network interface: GFC and 8-bit VPI
        NNI, //!< network-node interface: 12-bit VPI
    };

    /// Drop reason: no VC for the cell's label.
    static constexpr const char* UNKNOWN_VC_DROP = "UnknownVc";
    /// Drop reason: the receive error model corrupted the cell's header.
    static constexpr const char* HEC_DROP = "HecError";
    /// Drop reason: the cell arrived while its link was down (AtmChannel::SetLinkDown).
    static constexpr const char* LINK_DOWN_DROP = "LinkDown";
    /// Drop reason: a credit (or, at a host, RM) cell reached a port without flow control.
    static constexpr const char* NO_FLOW_CONTROL_DROP = "NoFlowControl";

    /**
     * @brief Callback signature of cell traces.
     * @param cell the cell
     */
    typedef void (*CellTracedCallback)(const AtmCell& cell);

    /**
     * @brief Callback signature of Drop.
     * @param cell the cell
     * @param reason why
     */
    typedef void (*DropTracedCallback)(const AtmCell& cell, const char* reason);

    /// Receive callback of a VC ending at this port.
    typedef AtmPortVcs::CellReceiveCallback CellReceiveCallback;

    AtmNetDevice();
    ~AtmNetDevice() override;
    AtmNetDevice(const AtmNetDevice&) = delete;
    AtmNetDevice& operator=(const AtmNetDevice&) = delete;

    /**
     * @brief Attach to a link.
     * @param channel the link
     * @return true
     */
    bool Attach(Ptr<AtmChannel> channel);

    /**
     * @brief Use this queue disc for the transmit side; existing VC slots are
     *        added to it (it must be empty).
     * @param queue the queue disc
     */
    void SetQueueDisc(Ptr<AtmQueueDisc> queue);
    /// @return the queue disc
    Ptr<AtmQueueDisc> GetQueueDisc() const;

    /// @return the output queue disc (no reference taken)
    AtmQueueDisc* PeekQueueDisc() const
    {
        return PeekPointer(m_queue);
    }

    /// @param rate the line rate
    void SetDataRate(DataRate rate);

    /**
     * @brief Set the model that corrupts received cells (attribute
     *        ReceiveErrorModel), as PointToPointNetDevice does.
     * @param model the error model; null for none
     */
    void SetReceiveErrorModel(Ptr<ErrorModel> model);

    /// @return the receive error model (null: none)
    Ptr<ErrorModel> GetReceiveErrorModel() const;

    /// @return the line rate
    DataRate GetDataRate() const
    {
        return m_line.GetDataRate();
    }

    /// @return cells per second this port transmits when busy
    double GetCellRate() const
    {
        return m_line.GetCellRate();
    }

    /// @return the transmission time of one cell
    Time GetCellTime() const
    {
        return m_cellTime;
    }

    /// @return UNI or NNI
    InterfaceType GetInterfaceType() const
    {
        return m_interface;
    }

    /**
     * @brief Make the port hand received cells to a switch.
     * @param sw the switch
     * @param port this port's index in the switch
     */
    void SetSwitch(AtmSwitch* sw, uint32_t port);

    /// @return the port index in its switch
    uint32_t GetSwitchPort() const
    {
        return m_switchPort;
    }

    /// @return the id of the port's node (its events' context), without
    ///         the calls of GetNode()->GetId()
    uint32_t GetNodeId() const
    {
        return m_nodeId;
    }

    /// @return the switch of the port's node, or null (no reference taken)
    AtmSwitch* PeekSwitch() const
    {
        return m_switch;
    }

    /// Let the port's switch, if any, process the cells due there by now
    /// (AtmSwitch::SyncArrivals): for readers of the switch's state.
    void SyncSwitch() const;

    /// @return the link, or null (no reference taken)
    AtmChannel* PeekChannel() const
    {
        return PeekPointer(m_channel);
    }

    /**
     * @brief Lazy arrival, the receiving side: may cells arriving here
     *        wait on the wire? (AtmLazyArrival::CanDeferArrivals)
     * @return true if they may
     */
    bool CanDeferArrivals() const
    {
        return m_lazy.CanDeferArrivals(*this);
    }

    /// @return true if a receive accounting (credit receiver) is attached
    bool HasReceiveAccounting() const
    {
        return m_flowControl.PeekReceiveAccounting() != nullptr;
    }

    /**
     * @brief Lazy arrival, the output side: may a cell for VC @p slot that
     *        arrives at time @p t be queued then, though nothing runs here
     *        until the port's next event? (AtmLazyArrival::CanQueueLater)
     * @param t a time (time steps)
     * @param slot the transmit slot of the VC the cell will be queued for
     * @return true if it may
     */
    bool CanQueueLater(int64_t t, uint32_t slot) const
    {
        return m_lazy.CanQueueLater(*this, t, slot);
    }

    /**
     * @param now the time now (time steps)
     * @return true if the transmission that ends now has not been handled
     */
    bool IsDepartingAt(int64_t now) const
    {
        return m_txState == BUSY && m_txEnd == now;
    }

    /**
     * @brief Add a VC to the transmit side.
     * @param vpi outgoing virtual path identifier
     * @param vci outgoing virtual channel identifier
     * @param vc the VC (its counters), may be null
     * @param weight its round-robin weight
     * @return the slot
     */
    uint32_t AddTxVc(uint16_t vpi, uint16_t vci, Ptr<AtmVc> vc, uint32_t weight = 1);

    /// @return the number of transmit slots
    uint32_t GetNTxVcs() const
    {
        return m_vcs.GetNTxVcs();
    }

    /**
     * @param vpi outgoing virtual path identifier
     * @param vci outgoing virtual channel identifier
     * @return true if a transmit VC of this port uses the label
     */
    bool IsTxLabelInUse(uint16_t vpi, uint16_t vci) const
    {
        return m_vcs.IsTxLabelInUse(vpi, vci);
    }

    /**
     * @param slot a transmit slot
     * @return its VC (may be null)
     */
    Ptr<AtmVc> GetTxVc(uint32_t slot) const
    {
        return m_vcs.GetTxVc(slot);
    }

    /**
     * @param slot a transmit slot
     * @return its VC (may be null), without a reference
     */
    AtmVc* PeekTxVc(uint32_t slot) const
    {
        return m_vcs.PeekTxVc(slot);
    }

    /**
     * @param slot a transmit slot
     * @return its outgoing VPI and VCI
     */
    std::pair<uint16_t, uint16_t> GetTxLabel(uint32_t slot) const
    {
        return m_vcs.GetTxLabel(slot);
    }

    /**
     * @param vpi outgoing VPI
     * @param vci outgoing VCI
     * @return the transmit slot with that label, or AtmVcTable::NOT_FOUND
     */
    uint32_t GetTxSlot(uint16_t vpi, uint16_t vci) const
    {
        return m_vcs.GetTxSlot(vpi, vci);
    }

    /**
     * @brief Register a VC that arrives on this port (a switch's table entry
     *        or a host's receive VC) for the receive accounting.
     * @param vpi incoming VPI
     * @param vci incoming VCI
     * @return its arrival index (0, 1, 2, ...)
     */
    uint32_t AddArrivingVc(uint16_t vpi, uint16_t vci);

    /**
     * @param vpi incoming VPI
     * @param vci incoming VCI
     * @return the arrival index of the VC with that label, or
     *         AtmVcTable::NOT_FOUND
     */
    uint32_t GetArrivingIndex(uint16_t vpi, uint16_t vci) const
    {
        return m_vcs.GetArrivingIndex(vpi, vci);
    }

    /// @return the number of VCs arriving on this port
    uint32_t GetNArrivingVcs() const
    {
        return m_vcs.GetNArrivingVcs();
    }

    /**
     * @param index an arrival index
     * @return the VC's incoming VPI and VCI
     */
    std::pair<uint16_t, uint16_t> GetArrivingLabel(uint32_t index) const
    {
        return m_vcs.GetArrivingLabel(index);
    }

    /// @return the device at the other end of the link, or null
    Ptr<AtmNetDevice> GetPeer() const;

    /**
     * @return the round-trip time of the link in cell times of this port:
     *         twice the propagation delay plus one cell time each way,
     *         rounded up (the RTT of Kung's eqs. 2-6)
     */
    uint32_t GetLinkRttCells() const;

    /**
     * @brief Say where the cells of a transmit VC arrived at this node, so
     *        that their departure reaches that port's receive accounting.
     * @param slot the transmit slot
     * @param port the port they arrived on
     * @param index their arrival index there
     */
    void SetTxVcArrival(uint32_t slot, AtmNetDevice* port, uint32_t index)
    {
        m_vcs.SetTxVcArrival(slot, port, index);
    }

    /**
     * @brief A user-data cell of an arriving VC arrived at the node.
     * @param index the arrival index
     */
    void NotifyArrival(uint32_t index)
    {
        m_flowControl.NotifyArrival(index);
    }

    /**
     * @brief A user-data cell of an arriving VC left the node.
     * @param index the arrival index
     */
    void NotifyDeparture(uint32_t index)
    {
        m_flowControl.NotifyDeparture(index);
    }

    /**
     * @return the user-data cells that arrived on this port and are still
     *         in the node (wherever they wait), CreditNet's input-port count
     */
    uint32_t GetCellsInNode() const;

    /**
     * @brief Use a transmit gate (flow-control plug point 1); the existing
     *        transmit VCs are added to it.
     * @param gate the gate
     */
    void SetTransmitGate(Ptr<AtmTransmitGate> gate);
    /// @return the transmit gate, or null
    Ptr<AtmTransmitGate> GetTransmitGate() const;

    /**
     * @brief Use a receive accounting (flow-control plug point 2); the
     *        existing arriving VCs are added to it.
     * @param accounting the receive accounting
     */
    void SetReceiveAccounting(Ptr<AtmReceiveAccounting> accounting);
    /// @return the receive accounting, or null
    Ptr<AtmReceiveAccounting> GetReceiveAccounting() const;

    /**
     * @brief A plug-in has a control cell to send: the port asks the gate,
     *        then the accounting, for control cells before it takes the next
     *        data cell, until neither has one.
     */
    void WantControlSlot();

    /// @return control (credit) cells transmitted
    uint64_t GetControlCellsTransmitted() const
    {
        return m_nControlTx;
    }

    /**
     * @brief Use a port behaviour (flow-control plug point 3: EFCI
     *        marking, explicit rate) on the cells this port transmits. The
     *        port calls OnDataDeparture; its switch calls the other hooks.
     * @param behaviour the behaviour, or null for none
     */
    void SetPortBehaviour(Ptr<AtmPortBehaviour> behaviour);
    /// @return the port behaviour, or null
    Ptr<AtmPortBehaviour> GetPortBehaviour() const;

    /// @return the port behaviour, or null (no reference taken: fast path)
    AtmPortBehaviour* PeekPortBehaviour() const
    {
        return m_flowControl.PeekPortBehaviour();
    }

    /**
     * @brief Police the cells arriving on this switch port against their
     *        VCs' traffic contracts (usage parameter control at a
     *        network's ingress, TM 4.0 section 4.5). Set before the
     *        simulation starts: the switch sets the VCs up in it then.
     * @param upc the UPC, or null for none
     */
    void SetUpc(Ptr<AtmUpc> upc);
    /// @return the usage parameter control, or null
    Ptr<AtmUpc> GetUpc() const;

    /// @return the usage parameter control, or null (no reference taken: fast path)
    AtmUpc* PeekUpc() const
    {
        return m_flowControl.PeekUpc();
    }

    /**
     * @param slot a transmit slot
     * @return the port's state for a port-behaviour hook on that VC, now
     */
    AtmPortState GetPortState(uint32_t slot) const;

    /**
     * @param slot a transmit slot
     * @param now the time of the event the hook reacts to
     * @return the port's state for a port-behaviour hook on that VC
     */
    AtmPortState GetPortState(uint32_t slot, Time now) const;

    /**
     * @brief Make this (host) port an IP interface: NetDevice::Send and
     *        the VCs the endpoint takes go through AAL5.
     * @param endpoint the AAL5 endpoint
     */
    void SetAal5Endpoint(Ptr<AtmAal5Endpoint> endpoint);

    /**
     * @brief Queue a cell of a VC for transmission.
     *
     * The cell's VPI/VCI and header format are set from the slot.
     * @param slot the VC's transmit slot
     * @param cell the cell
     * @return false if the queue disc dropped it
     */
    bool SendCell(uint32_t slot, AtmCell cell);

    /**
     * @brief Queue a cell that arrived at @p now (a switch processing a
     *        lazy arrival, see AtmSwitch::SyncArrivals).
     * @param slot the VC's transmit slot
     * @param cell the cell
     * @param now its arrival time (time steps): the time now if the port
     *        is idle (a lazy arrival waits only while its output port sends)
     * @return false if the queue disc dropped it
     */
    bool SendCell(uint32_t slot, AtmCell cell, int64_t now);

    /**
     * @brief Set a callback run each time a cell of the VC is taken for
     *        transmission (a greedy source refills its queue from it).
     * @param slot the transmit slot
     * @param cb the callback
     * @param state what the callback reads first (64 octets from there),
     *        or null: a cache hint, brought in when the queue disc says the
     *        VC is served next (AtmQueueDisc::PeekNextVc)
     */
    void SetTxVcDequeueCallback(uint32_t slot, Callback<void> cb, const void* state = nullptr);

    /**
     * @brief Stop or resume serving a VC (a transmit gate).
     * @param slot the transmit slot
     * @param blocked true to stop
     */
    void SetTxVcBlocked(uint32_t slot, bool blocked);

    /**
     * @brief Stop or resume sending cells of the queue disc altogether
     *        (link flow control: no link credit); control cells of the
     *        plug-ins still go.
     * @param blocked true to stop
     */
    void SetTxBlocked(bool blocked);

    /**
     * @brief Add a VC that ends at this port.
     * @param vpi incoming virtual path identifier
     * @param vci incoming virtual channel identifier
     * @param vc the VC (its counters), may be null
     * @return the receive slot
     */
    uint32_t AddRxVc(uint16_t vpi, uint16_t vci, Ptr<AtmVc> vc);

    /**
     * @param slot a receive slot
     * @param cb what to call with each cell of that VC
     */
    void SetRxVcCallback(uint32_t slot, CellReceiveCallback cb)
    {
        m_vcs.SetRxVcCallback(slot, cb);
    }

    /**
     * @brief A cell arrives from the link (called by AtmChannel at a host
     *        port; a switch takes the cells on its wires itself, with
     *        TakeArrival).
     * @param cell the cell
     */
    void Receive(const AtmCell& cell);

    /**
     * @brief The port's own part of an arrival, before the cell's VC is
     *        looked at: a cell is dropped if the link is down or the receive
     *        error model corrupts it, counted and traced (PhyRxEnd), and a
     *        credit cell goes to the flow control. A switch processing its
     *        wires calls it, then switches the cell itself.
     * @param cell the cell
     * @return true if the cell goes on to its VC (at a switch: is switched)
     *
     * Inline where a switch processes its wires: on a link that is up,
     * with no error model, a data or RM cell is only counted and traced.
     */
    bool TakeArrival(const AtmCell& cell)
    {
        if (!m_rxUnchecked && !PassesReceiveChecks(cell))
        {
            return false;
        }
        ++m_nRx;
        m_phyRxEnd(cell);
        if (cell.GetKind() == AtmCell::CREDIT)
        {
            TakeCreditCell(cell);
            return false;
        }
        return true;
    }

    /**
     * @brief Decide again whether TakeArrival() can skip its checks: when
     *        the port is attached, its error model is set, or its link goes
     *        down or up (AtmChannel, before NotifyLinkChange()).
     */
    void UpdateReceiveChecks();

    /**
     * @brief A cell was put on the wire to this port: bring what its
     *        arrival will read into the cache, a cell time before (a hint;
     *        nothing in the model changes). On a host port, the counters of
     *        its VC; on a switch port, the VC's route (AtmSwitch::PrepareArrival).
     *        Called by AtmChannel.
     * @param cell the cell
     * @return on a switch port, the index of the cell's VC among the port's
     *         arriving VCs (AtmVcTable::NOT_FOUND if not looked up)
     */
    uint32_t PrefetchArrival(const AtmCell& cell) const;

    /**
     * @brief Bring the state of a transmit VC slot into the cache, before
     *        a cell of it is queued (a hint).
     * @param slot the VC slot
     */
    void PrefetchTxVc(uint32_t slot) const;

    /**
     * @brief Bring into the cache where the port at the other end of this
     *        port's link will look up a label (a hint: a cell with that
     *        label will go out of this port soon).
     * @param label the outgoing label (AtmVcTable::Label)
     */
    void PrefetchPeerLabel(uint32_t label) const
    {
        if (m_peer)
        {
            m_peer->m_vcs.PrefetchArriving(label);
        }
    }

    /**
     * @brief Count and trace a cell lost at this port.
     * @param cell the cell
     * @param reason why
     */
    void DropCell(const AtmCell& cell, const char* reason);

    /**
     * @param cell a cell arriving on this port
     * @return the VC the cell's label belongs to here (the switch's table
     *         on a switch port, the receive VCs on a host port), or null
     *         when the label is not set up on this port
     */
    AtmVc* FindArrivingVc(const AtmCell& cell) const;

    /// @return cells transmitted
    uint64_t GetCellsTransmitted() const;
    /// @return cells received from the link
    uint64_t GetCellsReceived() const;
    /// @return the channel as an AtmChannel
    Ptr<AtmChannel> GetAtmChannel() const;

    // NetDevice (the rest is AtmNetDeviceBase)
    void SetIfIndex(const uint32_t index) override;
    Ptr<Channel> GetChannel() const override;
    bool IsLinkUp() const override;
    void SetNode(Ptr<Node> node) override;

  protected:
    void DoInitialize() override;
    void DoDispose() override;

  private:
    /// It reads the transmitter and the configuration of the port.
    friend class AtmLazyArrival;

    /**
     * @brief TakeArrival()'s checks when the link may be down or an error
     *        model is set: a cell that fails one is dropped.
     * @param cell the arriving cell
     * @return true if the cell passed both
     */
    bool PassesReceiveChecks(const AtmCell& cell);

    /**
     * @brief A credit cell arrived: to the flow control, or dropped if the
     *        port has none.
     * @param cell the credit cell
     */
    void TakeCreditCell(const AtmCell& cell);

    /// Start sending the next cell, if the port is idle and one is eligible.
    void TransmitStart();
    /**
     * @brief TransmitStart, when the caller knows the time.
     * @param now the time now (time steps)
     */
    void TransmitStart(int64_t now);
    /**
     * @brief Send m_txCell, just taken from the queue disc for @p slot:
     *        the port behaviour, the wire, the gate and the VC's dequeue
     *        hook.
     * @param slot its transmit slot
     * @param now the time now (time steps)
     */
    void Launch(uint32_t slot, int64_t now);
    /**
     * @brief Put m_txCell on the wire: BUSY for one cell time.
     * @param now the time now (time steps)
     */
    void StartOnWire(int64_t now);
    /// The cell on the wire has been sent.
    void TransmitComplete();
    /// The other end of the link, or its receive accounting, changed:
    /// tell the transmit gate (AtmTransmitGate::NotifyPeerAccountingChanged).
    void NotifyPeerAccountingChanged() const;

    /**
     * @brief The end-of-transmission event: one object per port,
     *        scheduled again for every cell (no allocation per cell).
     */
    class TransmitCompleteEvent : public AtmCellEvent
    {
      public:
        /// @param device the port
        explicit TransmitCompleteEvent(AtmNetDevice* device);

      private:
        void Notify() override;

        AtmNetDevice* m_device; //!< the port
    };

    /**
     * @brief A queue disc dropped a cell.
     * @param cell the cell
     * @param slot its VC slot
     * @param reason why
     * @param queued the cell had been queued (counted alike)
     */
    void QueueDrop(const AtmCell& cell, uint32_t slot, const char* reason, bool queued);
    /// Recompute the cell time from the rate and framing.
    void UpdateCellTime();
    /**
     * @param sonet whether the line carries SONET framing
     */
    void SetSonetFraming(bool sonet);

    /// @return whether the line carries SONET framing
    bool GetSonetFraming() const
    {
        return m_line.GetSonetFraming();
    }

    /// Transmitter state, as in PointToPointNetDevice.
    enum TxState
    {
        READY, //!< idle
        BUSY,  //!< a cell is on the wire
    };

    /**
     * @brief A data cell of a transmit VC left this node.
     * @param slot the VC's transmit slot
     */
    void Departed(uint32_t slot);

    Ptr<AtmChannel> m_channel;        //!< the link
    AtmNetDevice* m_peer{nullptr};    //!< the port at its other end (both attached)
    Ptr<AtmQueueDisc> m_queue;        //!< transmit queue disc
    AtmPortFlowControl m_flowControl; //!< the flow-control plug-ins
    AtmSwitch* m_switch{nullptr};     //!< switch of the node, if any
    uint32_t m_switchPort{0};         //!< index in the switch
    InterfaceType m_interface{UNI};   //!< UNI or NNI
    AtmLineRate m_line;               //!< line rate and SONET framing
    Time m_cellTime;                  //!< one cell on the wire (from m_line)
    TxState m_txState{READY};         //!< transmitter
    bool m_controlWanted{false};      //!< a plug-in has a control cell
    bool m_txBlocked{false};          //!< SetTxBlocked: the queue disc waits
    bool m_straight{false}; //!< fast cell path: a cell may pass an empty queue straight to the wire
    uint64_t m_nControlTx{0};            //!< control cells transmitted
    AtmCell m_txCell;                    //!< cell on the wire
    Ptr<AtmCellEvent> m_txCompleteEvent; //!< reused end-of-transmission event
    int64_t m_txEnd{0};                  //!< end of this transmission, time steps
    int64_t m_cellSteps{0};              //!< m_cellTime in time steps
    uint32_t m_nodeId{0};                //!< the node's id (event context)
    uint64_t m_nTx{0};                   //!< cells transmitted
    uint64_t m_nRx{0};                   //!< cells received
    bool m_rxUnchecked{false};      //!< link up and no error model: TakeArrival() checks nothing
    Ptr<ErrorModel> m_rxErrorModel; //!< receive error model
    Ptr<Packet> m_errorProbe;       //!< reused 53-octet packet shown to the error model
    AtmPortVcs m_vcs;               //!< the VCs through the port
    AtmLazyArrival m_lazy;          //!< the port's side of lazy arrival

    TracedCallback<const AtmCell&> m_phyTxBegin;             //!< cell starts on the wire
    TracedCallback<const AtmCell&> m_phyTxEnd;               //!< cell sent
    TracedCallback<const AtmCell&> m_phyRxEnd;               //!< cell received
    TracedCallback<const AtmCell&, const char*> m_traceDrop; //!< cell lost here
};

} // namespace ns3

#endif /* ATM_NET_DEVICE_H */
