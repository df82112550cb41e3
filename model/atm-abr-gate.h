/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ABR_GATE_H
#define ATM_ABR_GATE_H

#include "atm-abr-destination.h"
#include "atm-abr-source.h"
#include "atm-cell-ring.h"
#include "atm-cell-timer.h"
#include "atm-transmit-gate.h"

#include "ns3/traced-callback.h"

#include <vector>

namespace ns3
{

class AtmVc;

/**
 * @ingroup atm
 * @brief The ABR end systems of a host port, as its transmit gate (plug
 *        point 1): source pacing at ACR, RM cells, destination turnaround.
 *
 * Each ABR connection end at the port (AddAbrVc) is a transmit slot paced
 * by an AtmAbrSource and an incoming label whose forward RM cells an
 * AtmAbrDestination turns around. Other slots of the port are not touched.
 *
 * Pacing: an ABR slot stays blocked in the port's queue disc. At the
 * source's GetNextSendTime() the gate asks OnTransmitOpportunity() which
 * cell goes: a data cell is released by unblocking the slot for exactly
 * one cell (blocked again when the port takes it, NotifyTransmit); a
 * forward, out-of-rate or backward RM cell is handed to the port as a
 * control cell. The port sends control cells before any data cell and the
 * slot is blocked while one waits, so an in-rate RM cell leaves in its
 * place among the VC's data cells. A VC with nothing to send has no event:
 * the queue disc's Enqueue trace wakes it, and a backward RM cell that
 * raises ACR brings its next cell forward. Every cell sent clears EFCI
 * (rule 12): the gate never sets it and RM cells are made fresh.
 *
 * Receive side (AtmNetDevice hands RM cells of a host port to its gate):
 * DIR = 1 goes to the source (OnBackwardRm), DIR = 0 to the destination,
 * whose backward RM cell goes back on the connection's transmit slot: in
 * rate (the source's "haveBrm", rule 3b) while the source is sending, at
 * once when it is idle. A turned-around cell still waiting when the next
 * forward RM cell arrives is replaced by the new one (TM 4.0 destination
 * behaviour 3c), traced (BrmReplaced). Data cells arriving on the
 * connection (PhyRxEnd of the port) give the destination its EFCI state.
 *
 * The gate listens to the Enqueue trace of the port's queue disc as it is
 * at the first AddAbrVc(): set the queue disc before the ABR connections.
 *
 * RM cells are counted as sent on their VC (AtmVc::NotifySent) when the
 * port takes them, so per VC, cells sent = received + dropped + queued +
 * on the wire holds for data and RM cells together.
 */
class AtmAbrGate : public AtmTransmitGate
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmAbrGate();
    ~AtmAbrGate() override;
    AtmAbrGate(const AtmAbrGate&) = delete;
    AtmAbrGate& operator=(const AtmAbrGate&) = delete;

    /**
     * @brief Callback signature of BrmReplaced.
     * @param slot the connection's transmit slot
     */
    typedef void (*SlotTracedCallback)(uint32_t slot);

    void AddVc(uint32_t slot) override;
    void NotifyTransmit(uint32_t slot) override;
    void ReceiveControlCell(const AtmCell& cell) override;
    bool TakeControlCell(AtmCell& cell) override;

    /**
     * @brief Make a transmit VC of the port an ABR connection end; the
     *        source is started now and the slot blocked.
     * @param slot the transmit slot (the connection's forward VC)
     * @param rxVpi incoming VPI of the connection's other direction
     * @param rxVci incoming VCI of the connection's other direction
     * @param source the source end system of the slot
     * @param destination the destination end system of the other direction
     */
    void AddAbrVc(uint32_t slot,
                  uint16_t rxVpi,
                  uint16_t rxVci,
                  Ptr<AtmAbrSource> source,
                  Ptr<AtmAbrDestination> destination);

    /**
     * @param slot a transmit slot
     * @return its ABR source, or null when the slot is not ABR
     */
    Ptr<AtmAbrSource> GetSource(uint32_t slot) const;

    /**
     * @param slot a transmit slot
     * @return the destination paired with it, or null
     */
    Ptr<AtmAbrDestination> GetDestination(uint32_t slot) const;

    /// @return the number of ABR connections (AddAbrVc calls) of the port
    uint32_t GetNConnections() const;

    /**
     * @param c a connection, numbered in the order AddAbrVc added them
     * @return its source end system (SourceList attribute)
     */
    Ptr<AtmAbrSource> GetConnectionSource(uint32_t c) const;

    /**
     * @param c a connection, numbered in the order AddAbrVc added them
     * @return its destination end system (DestinationList attribute)
     */
    Ptr<AtmAbrDestination> GetConnectionDestination(uint32_t c) const;

    /// @return RM cells sent (forward, out-of-rate and backward)
    uint64_t GetNRmSent() const;
    /// @return turned-around cells replaced by a newer one before they went
    uint64_t GetNBrmReplaced() const;

  protected:
    void DoInitialize() override;
    void DoDispose() override;

  private:
    /// Where a connection's source is.
    enum State : uint8_t
    {
        IDLE = 0,     //!< nothing to send, no event
        WAITING = 1,  //!< an event at the next send time
        RELEASED = 2, //!< the slot is open for one data cell
    };

    /// One ABR connection end.
    struct Conn
    {
        uint32_t slot;               //!< transmit slot
        State state;                 //!< pacing state
        bool brmPending;             //!< a turned-around cell waits (in rate)
        Ptr<AtmAbrSource> source;    //!< source end system
        Ptr<AtmAbrDestination> dest; //!< destination end system
        AtmVc* vc;                   //!< the slot's VC (counters), may be null
        AtmCell brm;                 //!< that cell
    };

    /// A control cell waiting for the port.
    struct Control
    {
        AtmCell cell;  //!< the cell, labelled
        uint32_t conn; //!< its connection
    };

    /**
     * @brief The source may send: ask it which cell, and do it.
     * @param c the connection index
     */
    void Opportunity(uint32_t c);

    /**
     * @brief Schedule the next opportunity at the source's next send time.
     * @param c the connection index
     */
    void ScheduleNext(uint32_t c);

    /**
     * @brief Hand a control cell to the port.
     * @param c the connection index
     * @param cell the cell (its label is set here)
     */
    void PushControl(uint32_t c, AtmCell cell);

    /**
     * @brief A cell was queued at the port (queue disc Enqueue trace).
     * @param cell the cell
     * @param slot its slot
     */
    void CellQueued(const AtmCell& cell, uint32_t slot);

    /**
     * @brief A cell arrived on the port (PhyRxEnd trace): EFCI state.
     * @param cell the cell
     */
    void CellReceived(const AtmCell& cell);

    /**
     * @brief The connection whose incoming VC carried a cell.
     * @param cell the cell
     * @return the connection, or NONE
     */
    uint32_t FindConnection(const AtmCell& cell) const;

    static constexpr uint32_t NONE = 0xffffffff; //!< slot without ABR

    std::vector<Conn> m_conns;              //!< connections
    std::vector<AtmCellTimer> m_timers;     //!< next transmit opportunity, by connection
    std::vector<uint32_t> m_connOf;         //!< transmit slot -> connection or NONE
    std::vector<uint32_t> m_connOfArrival;  //!< port's arriving-VC index -> connection or NONE
    AtmCellRing<Control> m_control;         //!< control cells for the port
    bool m_connected;                       //!< traces of the port connected
    uint64_t m_nRmSent;                     //!< RM cells sent
    uint64_t m_nBrmReplaced;                //!< turned-around cells replaced
    TracedCallback<uint32_t> m_brmReplaced; //!< turned-around cell replaced
};

} // namespace ns3

#endif /* ATM_ABR_GATE_H */
