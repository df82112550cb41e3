/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_BUS_HUB_H
#define ATM_BUS_HUB_H

#include "atm-cell-timer.h"
#include "atm-hub-envelope.h"
#include "atm-switch-fabric.h"

#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <memory>
#include <string>
#include <vector>

namespace ns3
{

class AtmHubBoard;
class AtmHubFlowControl;

/**
 * @ingroup atm
 * @brief The bus-based ATM switching hub of Chong, Nagarajan and Wang as a
 *        switch fabric: port boards on a dual bus with ON/OFF flow control.
 *
 * Every port board transmits on the transmit bus, which loops back onto the
 * receive bus. The bus carries one envelope (a cell in a local header of
 * EnvelopeSize octets) per slot; access is by elevator-style polling among
 * the boards whose send BIC holds an envelope, one envelope per visit
 * (MAX = 1), pipelined so no slot is lost to arbitration. Dummy envelopes
 * have priority and are served round-robin among the boards holding them.
 * An envelope leaving the bus enters the receive BIC of the board of its
 * logical address (or is lost when it is full: ReceiveBicOverflow) and is
 * drained to the output RAM at DrainRate. Rates are of envelope bits.
 * A board's fetcher moves envelopes from its RAM queues (round-robin among
 * the eligible ones) to its send BIC at opportunities one fetch time T
 * apart (section 4: "fetch opportunities which occur periodically"); the
 * boards' fetch clocks are independent: a fetcher that had nothing to
 * fetch restarts its cycles, when it gets work, after a random delay in
 * (0, T] (FetchPhase), so released boards resume in random order.
 *
 * As a fabric of an AtmSwitch, port p is board p and each VC (route) a
 * logical address of its output port's board: a cell enters the RAM of its
 * input port's board and, after the receive BIC, goes to the output port's
 * queue disc (AtmSwitch::Deliver). For the hub studies, AddBoard,
 * AddAddress and Inject feed envelopes to boards directly (AtmHubSource).
 *
 * The flow control (an AtmHubFlowControl by type name, attribute
 * FlowControl; none by default) is told of every receive-BIC arrival and
 * departure; the sender protocol is here: a logical address is controlled
 * while it is controlled logically or its board physically, and a
 * controlled address's RAM queues are skipped by the fetchers.
 */
class AtmBusHub : public AtmSwitchFabric
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// Loss reason: the receive BIC was full.
    static constexpr const char* RECEIVE_BIC_DROP = "HubReceiveBicOverflow";
    /// Loss reason: the send RAM was full (RamSize).
    static constexpr const char* RAM_DROP = "HubRamOverflow";
    /// The address of a physical (whole-board) control message.
    static constexpr uint32_t NO_ADDRESS = 0xffffffff;
    /// The route of a study envelope (Inject): not a cell of the switch.
    static constexpr uint32_t NO_ROUTE = 0xffffffff;

    /// Where the fetch cycles of a board begin (PeriodicFetch).
    enum FetchPhase
    {
        PHASE_RANDOM = 0,    //!< after a delay uniform in (0, T] when a fetcher wakes
        PHASE_STAGGERED = 1, //!< at b T / boards + k T for board b
    };

    /// Counters of one stream.
    struct StreamStats
    {
        uint64_t injected{0};  //!< envelopes that arrived at a send RAM (or were refused)
        uint64_t delivered{0}; //!< envelopes drained from a receive BIC
        uint64_t lostBic{0};   //!< lost at a full receive BIC
        uint64_t lostRam{0};   //!< refused by a full send RAM
        double delaySum{0};    //!< sum of switching delays, s
        double delayMax{0};    //!< largest switching delay, s
    };

    /**
     * @brief Callback signature of Loss.
     * @param stream the stream
     * @param board the board where it was lost
     * @param reason RECEIVE_BIC_DROP or RAM_DROP
     */
    typedef void (*LossTracedCallback)(uint32_t stream, uint32_t board, const char* reason);
    /**
     * @brief Callback signature of Delivered.
     * @param stream the stream
     * @param delay switching delay (send RAM arrival to receive BIC departure)
     */
    typedef void (*DeliveredTracedCallback)(uint32_t stream, Time delay);
    /**
     * @brief Callback signature of Fetch.
     * @param board the sending board
     * @param stream the envelope's stream
     * @param address its logical address
     */
    typedef void (*FetchTracedCallback)(uint32_t board, uint32_t stream, uint32_t address);
    /**
     * @brief Callback signature of BusSlot.
     * @param board the board that sent in this slot
     * @param dummy whether it sent a dummy envelope
     */
    typedef void (*BusSlotTracedCallback)(uint32_t board, bool dummy);
    /**
     * @brief Callback signature of ReceiveOccupancy and ControlBuffer.
     * @param board the board
     * @param occupancy envelopes held now
     */
    typedef void (*OccupancyTracedCallback)(uint32_t board, uint32_t occupancy);
    /**
     * @brief Callback signature of Control.
     * @param board the congested board the message comes from
     * @param address the logical address controlled or released, or
     *        NO_ADDRESS for the whole board
     * @param on true: control, false: release
     */
    typedef void (*ControlTracedCallback)(uint32_t board, uint32_t address, bool on);

    AtmBusHub();
    ~AtmBusHub() override;
    AtmBusHub(const AtmBusHub&) = delete;
    AtmBusHub& operator=(const AtmBusHub&) = delete;

    /**
     * @return BicSize not above SendBicSize, a rate of 0, a FlowControl
     *         that names no AtmHubFlowControl, or the flow control's
     *         thresholds that do not fit the receive BIC
     *         (AtmHubFlowControl::GetConfigError); empty when all agree
     */
    std::string GetConfigError() const override;

    /**
     * @brief Use a flow control object instead of the FlowControl type name.
     * @param fc the flow control (null: none)
     */
    void SetFlowControl(Ptr<AtmHubFlowControl> fc);

    /// @return the flow control (made from FlowControl on first use), or null
    Ptr<AtmHubFlowControl> GetFlowControl();

    /// @return a new board's index (its physical address)
    uint32_t AddBoard();

    /**
     * @brief Define a logical address at a board.
     * @param board the board (Log_map of it gains the address)
     * @return the address
     */
    uint32_t AddAddress(uint32_t board);

    /// @return the number of boards
    uint32_t GetNBoards() const;

    /// @return the number of logical addresses
    uint32_t GetNAddresses() const;

    /**
     * @param address a logical address
     * @return the board it belongs to
     */
    uint32_t GetBoardOf(uint32_t address) const;

    /**
     * @brief A study envelope arrives at a board's send RAM.
     * @param board the sending board
     * @param address its logical destination
     * @param stream the stream it is counted to
     */
    void Inject(uint32_t board, uint32_t address, uint32_t stream);

    void NotifyPortAdded(uint32_t port) override;
    void NotifyVcAdded(uint32_t route, uint32_t inPort, uint32_t outPort) override;
    void Transfer(uint32_t route, uint32_t inPort, uint32_t outPort, const AtmCell& cell) override;

    /**
     * @brief Flow control message (out of band, at once): control or
     *        release a logical address, or a whole board, at every sender.
     * @param board the congested board
     * @param address the address, or NO_ADDRESS for the board
     * @param on control (true) or release (false)
     */
    void SignalControl(uint32_t board, uint32_t address, bool on);

    /**
     * @brief A congested board queues a dummy envelope to itself; its
     *        receipt releases @p address (NO_ADDRESS: the whole board).
     * @param board the board
     * @param address the address to release
     */
    void SendDummy(uint32_t board, uint32_t address);

    /**
     * @param address a logical address
     * @return whether senders may not fetch envelopes for it
     */
    bool IsControlled(uint32_t address) const;

    /// @return SendBicSize, envelopes
    uint32_t GetSendBicSize() const;
    /// @return RB = BicSize - SendBicSize, envelopes
    uint32_t GetReceiveBicSize() const;
    /// @return bits of an envelope on the bus
    uint32_t GetEnvelopeBits() const;
    /// @return the time to fetch one envelope
    Time GetFetchTime() const;
    /**
     * @param board a board
     * @param roomSince since when its send BIC has had room
     * @return the time from now to the end of a fetch it starts now: the
     *         fetch time, or with PeriodicFetch the end of the fetch cycle
     *         that began at the board's last opportunity if the BIC had room
     *         then, else of the one beginning at its next opportunity
     */
    Time GetFetchDelay(uint32_t board, Time roomSince) const;
    /**
     * @brief The fetcher of a board had nothing eligible and now has work:
     *        with PeriodicFetch and FetchPhase Random, its next opportunity
     *        comes after a delay uniform in (0, T].
     * @param board the board
     */
    void WakeFetcher(uint32_t board);
    /// @return the time to drain one envelope
    Time GetDrainTime() const;
    /// @return the time of one bus slot
    Time GetSlotTime() const;

    /**
     * @brief The fetcher of a board took an envelope from its RAM (called
     *        by AtmHubBoard).
     * @param board the board
     * @param e the envelope
     */
    void NotifyFetch(uint32_t board, const AtmHubEnvelope& e);

    /// A send BIC received an envelope (called by AtmHubBoard).
    void NotifySendReady();

    /**
     * @brief An envelope left a receive BIC (called by AtmHubBoard).
     * @param board the board
     * @param e the envelope
     * @param occupancy Que_bic after it left
     */
    void NotifyDrained(uint32_t board, const AtmHubEnvelope& e, uint32_t occupancy);

    /// @return the number of streams seen
    uint32_t GetNStreams() const;
    /**
     * @param stream a stream
     * @return its counters
     */
    const StreamStats& GetStreamStats(uint32_t stream) const;
    /**
     * @brief Count a stream's envelopes now in the hub by walking every
     *        queue (independent of the counters).
     * @param stream the stream
     * @return envelopes in RAMs, fetchers, BICs and on the bus
     */
    uint64_t CountInHub(uint32_t stream) const;

    /// @return bus slots that carried data envelopes
    uint64_t GetDataSlots() const;
    /// @return bus slots that carried dummy envelopes
    uint64_t GetDummySlots() const;
    /**
     * @param board a board
     * @return the most dummy envelopes its control buffer held
     */
    uint32_t GetMaxControlBuffer(uint32_t board) const;
    /**
     * @param board a board
     * @return Que_bic now
     */
    uint32_t GetReceiveOccupancy(uint32_t board) const;

    /**
     * @brief Use fixed random streams (the fetch phases, the flow control's
     *        resume order).
     * @param stream first stream index
     * @return the number of streams used
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * @brief Check the configuration, compute the timing and attach the
     *        flow control, once (done by the first envelope too).
     */
    void Start();

  protected:
    void DoDispose() override;

  private:
    /**
     * @return a new flow control of the FlowControl type, or null when it
     *         is empty or names no AtmHubFlowControl
     */
    Ptr<AtmHubFlowControl> CreateNamedFlowControl() const;

    /**
     * @brief Put an envelope into a board's send RAM.
     * @param board the board
     * @param e the envelope
     */
    void Accept(uint32_t board, const AtmHubEnvelope& e);
    /// Start a bus slot if the bus is idle.
    void Kick();
    /// Choose the next envelope and start its slot, or go idle.
    void StartSlot();
    /// The envelope on the bus reaches the receive bus.
    void EndSlot();
    /// @return the next board by elevator polling, or -1
    int32_t NextPolled();
    /// @return the next board with a dummy envelope, round-robin, or -1
    int32_t NextDummyBoard();
    /**
     * @brief Recompute the eligibility of an address at every sender.
     * @param address the address
     */
    void UpdateSenders(uint32_t address);
    /**
     * @brief Count a loss and hand a switch cell back to the switch.
     * @param board where
     * @param e the envelope
     * @param reason why
     */
    void Lose(uint32_t board, const AtmHubEnvelope& e, const char* reason);
    /**
     * @param stream a stream
     * @return its counters, grown as needed
     */
    StreamStats& Stats(uint32_t stream);

    DataRate m_busRate;                         //!< bus rate
    DataRate m_fetchRate;                       //!< FR
    DataRate m_drainRate;                       //!< DR
    uint32_t m_envelopeSize;                    //!< octets per envelope
    uint32_t m_sendBicSize;                     //!< send BIC, envelopes
    uint32_t m_bicSize;                         //!< B, envelopes
    uint32_t m_ramSize;                         //!< RAM per board, envelopes (0: unbounded)
    bool m_periodicFetch;                       //!< PeriodicFetch
    FetchPhase m_fetchPhase;                    //!< FetchPhase
    Ptr<UniformRandomVariable> m_phaseVariable; //!< Random fetch phases
    std::vector<int64_t> m_phase;               //!< board -> a Random opportunity (time step)
    std::string m_flowControlType;              //!< FlowControl type name
    Ptr<AtmHubFlowControl> m_fc;                //!< flow control (null: none)
    bool m_started;                             //!< Start() done
    Time m_slot;                                //!< bus slot
    Time m_fetchTime;                           //!< fetch time of an envelope
    Time m_drainTime;                           //!< drain time of an envelope
    std::vector<std::unique_ptr<AtmHubBoard>> m_boards; //!< port boards
    std::vector<uint32_t> m_boardOf;                    //!< address -> board
    std::vector<std::vector<uint32_t>> m_logMap;        //!< board -> its addresses (Log_map)
    std::vector<uint8_t> m_logicalCtrl;                 //!< address controlled logically
    std::vector<uint8_t> m_physicalCtrl;                //!< board controlled physically
    std::vector<uint32_t> m_routeAddress;               //!< switch route -> address
    bool m_busy;                                        //!< a slot is under way
    AtmHubEnvelope m_onBus;                             //!< the envelope in the slot
    uint32_t m_onBusBoard;                              //!< its sender
    AtmCellTimer m_slotEvent;                           //!< end of the slot
    int32_t m_pollPos;                                  //!< last board polled
    bool m_pollUp;                                      //!< polling direction
    uint32_t m_dummyCursor;                             //!< last board served a dummy
    uint32_t m_dummies;                                 //!< dummies waiting, all boards
    std::vector<StreamStats> m_stats;                   //!< per stream
    std::vector<uint32_t> m_maxControl;                 //!< per board: largest control buffer
    uint64_t m_dataSlots;                               //!< slots with data
    uint64_t m_dummySlots;                              //!< slots with dummies

    TracedCallback<uint32_t, uint32_t, const char*> m_traceLoss; //!< Loss
    TracedCallback<uint32_t, Time> m_traceDelivered;             //!< Delivered
    TracedCallback<uint32_t, uint32_t, uint32_t> m_traceFetch;   //!< Fetch
    TracedCallback<uint32_t, bool> m_traceBusSlot;               //!< BusSlot
    TracedCallback<uint32_t, uint32_t> m_traceReceiveOccupancy;  //!< ReceiveOccupancy
    TracedCallback<uint32_t, uint32_t> m_traceControlBuffer;     //!< ControlBuffer
    TracedCallback<uint32_t, uint32_t, bool> m_traceControl;     //!< Control
};

} // namespace ns3

#endif /* ATM_BUS_HUB_H */
