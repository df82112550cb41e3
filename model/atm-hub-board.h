/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_HUB_BOARD_H
#define ATM_HUB_BOARD_H

#include "atm-cell-ring.h"
#include "atm-cell-timer.h"
#include "atm-hub-envelope.h"

#include "ns3/nstime.h"

#include <deque>
#include <vector>

namespace ns3
{

class AtmBusHub;

/**
 * @ingroup atm
 * @brief One port board of an AtmBusHub (Chong et al. §2, Fig. 1).
 *
 * Send side: the RAM holds one queue per logical destination address.
 * The fetcher moves envelopes from the RAM to the send BIC staging FIFO
 * at the fetch rate, one at a time, while the FIFO (with the envelope on
 * the bus, until its slot ends) plus the fetch under way hold fewer than
 * SendBicSize. It serves the non-empty queues round-robin (a circular
 * list; an emptied queue leaves it and rejoins at the tail); a
 * flow-controlled queue keeps its place but loses its turn, the fetch
 * opportunities a low-rate stream loses under control (Chong et al.
 * Fig. 8b). A fetch takes one fetch time and moves, at its end, the next
 * envelope of a queue not controlled then: control stops the flow at
 * once, and nothing fetched under control reaches the BIC. Per envelope
 * the work is O(1) plus the controlled queues passed over. Receive side:
 * the receive BIC (RB envelopes) is drained to the output RAM at the
 * drain rate. The control buffer holds the board's dummy envelopes. The
 * hub drives the bus and the timing constants; the board holds its
 * queues and its two processes (fetch, drain), one event per envelope
 * each.
 */
class AtmHubBoard
{
  public:
    /**
     * @brief Constructor.
     * @param hub the hub
     * @param index the board's index (its physical address)
     */
    AtmHubBoard(AtmBusHub* hub, uint32_t index);
    ~AtmHubBoard();
    AtmHubBoard(const AtmHubBoard&) = delete;
    AtmHubBoard& operator=(const AtmHubBoard&) = delete;

    /**
     * @brief Make room for RAM queues of addresses below @p n.
     * @param n the number of logical addresses in the hub
     */
    void Resize(uint32_t n);

    /**
     * @brief An envelope arrives at the send RAM.
     * @param e the envelope
     * @param ramSize the RAM's capacity in envelopes (0: unbounded)
     * @return false when the RAM is full (the envelope is not taken)
     */
    bool Enqueue(const AtmHubEnvelope& e, uint32_t ramSize);

    /**
     * @brief The control state of an address may have changed at this
     *        sender: the fetcher skips or serves its queue, and starts if
     *        it can.
     * @param address the address
     */
    void Update(uint32_t address);

    /// Start fetching an envelope if the fetcher is idle, the send BIC has
    /// room and a RAM queue is eligible.
    void TryFetch();

    /// @return whether the send BIC holds an envelope
    bool HasSendEnvelope() const;

    /**
     * @brief The head of the send BIC, which the bus transmits now: it
     *        keeps its place in the FIFO until SendDone.
     * @return the envelope
     */
    const AtmHubEnvelope& PeekSendEnvelope() const;

    /// The head of the send BIC has been transmitted: its place is free.
    void SendDone();

    /**
     * @brief Put a dummy envelope into the control buffer.
     * @param e the dummy
     */
    void PushDummy(const AtmHubEnvelope& e);

    /// @return whether the control buffer holds a dummy envelope
    bool HasDummy() const;

    /// @return the head of the control buffer, removed
    AtmHubEnvelope TakeDummy();

    /// @return dummy envelopes in the control buffer
    uint32_t GetControlBufferOccupancy() const;

    /**
     * @brief An envelope arrives from the bus at the receive BIC.
     * @param e the envelope
     * @param receiveBicSize RB
     * @return false if the receive BIC was full (the envelope is lost)
     */
    bool Receive(const AtmHubEnvelope& e, uint32_t receiveBicSize);

    /// @return Que_bic: envelopes in the receive BIC
    uint32_t GetReceiveOccupancy() const;

    /// @return envelopes in the send RAM
    uint32_t GetRamOccupancy() const;

    /**
     * @brief Count a stream's envelopes on this board (RAM, fetch, send
     *        BIC, receive BIC).
     * @param stream the stream
     * @return envelopes of it here
     */
    uint64_t CountStream(uint32_t stream) const;

    /// Cancel the board's events.
    void Dispose();

  private:
    /// A fetch time has passed: the next eligible envelope enters the send BIC.
    void FetchDone();
    /// Start draining the head of the receive BIC, if idle.
    void TryDrain();
    /// The head of the receive BIC has been drained.
    void DrainDone();

    /**
     * @brief Append an address's queue to the round-robin list.
     * @param a the address
     */
    void Link(uint32_t a);
    /**
     * @brief Remove an address's queue from the round-robin list.
     * @param a the address
     */
    void Unlink(uint32_t a);

    /// No address (list ends).
    static constexpr uint32_t NONE = 0xffffffff;

    AtmBusHub* m_hub;                              //!< the hub
    uint32_t m_index;                              //!< physical address
    std::deque<AtmCellRing<AtmHubEnvelope>> m_ram; //!< RAM queues by address
    uint32_t m_ramCount;                           //!< envelopes in the RAM
    std::vector<uint32_t> m_next;                  //!< eligible list: next
    std::vector<uint32_t> m_prev;                  //!< eligible list: previous
    std::vector<uint8_t> m_linked;                 //!< queue in the round-robin list
    std::vector<uint8_t> m_controlled;             //!< address controlled at this sender
    uint32_t m_eligible;                           //!< linked queues not controlled
    uint32_t m_cursor;                             //!< next address to fetch from
    AtmCellRing<AtmHubEnvelope> m_sendBic;         //!< send BIC staging FIFO
    bool m_fetching;                               //!< an envelope is being fetched
    bool m_idle;                                   //!< nothing was eligible: cycles stopped
    AtmCellTimer m_fetchEvent;                     //!< end of the fetch
    Time m_roomSince;                              //!< since when the send BIC has had room
    AtmCellRing<AtmHubEnvelope> m_control;         //!< control buffer (dummies)
    AtmCellRing<AtmHubEnvelope> m_receiveBic;      //!< receive BIC buffer
    AtmCellTimer m_drainEvent;                     //!< end of the drain of the head
};

} // namespace ns3

#endif /* ATM_HUB_BOARD_H */
