/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_HUB_BOARD_H
#define ATM_HUB_BOARD_H

#include "atm-cell-ring.h"
#include "atm-hub-envelope.h"

#include "ns3/event-id.h"

#include <deque>
#include <vector>

namespace ns3
{

class AtmBusHub;

/**
 * @ingroup atm
 * @brief One port board of an AtmBusHub (Chong et al. §2, Fig. 1).
 *
 * Send side: the RAM holds one queue per logical destination address;
 * the fetcher moves envelopes from the RAM queues that are not empty and
 * not flow-controlled (the eligible list, served round-robin, O(1) per
 * envelope) to the send BIC staging FIFO at the fetch rate, one at a
 * time, while the FIFO (with the envelope on the bus, until its slot
 * ends) plus the envelope being fetched hold fewer than SendBicSize. Receive side: the receive BIC
 * buffer (RB envelopes) is drained to the output RAM at the drain rate. The control buffer holds
 * the board's dummy envelopes. The hub drives the bus and the timing
 * constants; the board holds its queues and its two processes (fetch,
 * drain), each one event per envelope.
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
     * @brief The control state of an address changed at this sender: its
     *        RAM queue joins or leaves the eligible list; the fetcher is
     *        started if it can.
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
    /// The fetch of m_fetched ends: it enters the send BIC.
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
    std::vector<uint8_t> m_linked;                 //!< address in the eligible list
    uint32_t m_cursor;                             //!< next address to fetch from
    AtmCellRing<AtmHubEnvelope> m_sendBic;         //!< send BIC staging FIFO
    bool m_fetching;                               //!< an envelope is being fetched
    AtmHubEnvelope m_fetched;                      //!< the envelope being fetched
    EventId m_fetchEvent;                          //!< end of the fetch
    AtmCellRing<AtmHubEnvelope> m_control;         //!< control buffer (dummies)
    AtmCellRing<AtmHubEnvelope> m_receiveBic;      //!< receive BIC buffer
    EventId m_drainEvent;                          //!< end of the drain of the head
};

} // namespace ns3

#endif /* ATM_HUB_BOARD_H */
