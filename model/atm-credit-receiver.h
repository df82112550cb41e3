/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CREDIT_RECEIVER_H
#define ATM_CREDIT_RECEIVER_H

#include "atm-buffer-allocation.h"
#include "atm-cell-timer.h"
#include "atm-credit-cell.h"
#include "atm-receive-accounting.h"

#include "ns3/traced-callback.h"

#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The receiver of Kung's Credit Update Protocol at a port.
 *
 * Per VC arriving on the port it counts Fwd_Cnt, the cells that left the
 * node (forwarded on whichever output port held them, dropped, or
 * delivered), and after every N2 of them queues a credit record for the
 * sender; up to six records share one credit cell, sent upstream on the
 * reverse direction of the link ahead of that direction's data cells.
 * By default a credit cell goes as soon as the port can send one, so it
 * carries the records queued during one cell time: about one when the
 * reverse direction is busy. With RecordHoldTime > 0 records wait for
 * others to share their cell (Kung: "packing up to 6 credits in each
 * transmitted credit cell" keeps the credit overhead to a few percent):
 * the cell goes when six records wait or the oldest has waited
 * RecordHoldTime (records left over when more than six waited keep that
 * oldest's deadline: sooner, never later); a VC's record that waits takes
 * the newest Fwd_Cnt.
 *
 * The buffer-allocation policy (Allocation: static by default) gives each
 * VC its Buf_Alloc and N2. With an adaptive policy the receiver
 * reallocates every interval from the cells each VC forwarded (VU) and the
 * cells of the link's VCs in the node (TQ), and the new allocation reaches
 * the sender only through the credit records: a record carries
 * Fwd_Cnt + (Buf_Alloc - BaseAlloc), so that the sender's eq. (1) with its
 * fixed BaseAlloc gives the balance of the new allocation.
 *
 * A credit_check cell (Tx_Cnt of a VC) finds the cells lost on the link:
 * Tx_Cnt - Rx_Cnt cells are counted as received and forwarded, and a credit
 * record answers at once.
 *
 * Link flow control (Kung and Wang, section 3.2; QFC): with LinkBufferSize
 * = Buff_Size > 0 the VCs of the link share a buffer of Buff_Size cells,
 * however far their allocations over-subscribe it. The receiver counts the
 * link's Fwd_Cnt (cells of all its VCs that left the node) and after every
 * LinkN2 of them sends a link credit record in the same credit cells: a
 * record whose label is the credit cells' own, VPI 0 / VCI 31 (no user VC
 * has it), carrying link Fwd_Cnt + Buff_Size; the sender
 * (AtmCreditSender::LinkCredit) sends no data cell while its link Tx_Cnt
 * has reached it. A link credit_check record (same label, link Tx_Cnt)
 * recovers cells lost on the link as for a VC.
 *
 * Link credit alone (VcCredit false, with LinkBufferSize > 0): the
 * receiver sends link records only, no VC record and no reallocation; the
 * VCs share Buff_Size with no limit of their own (the sender's VcCredit
 * must be false too).
 */
class AtmCreditReceiver : public AtmReceiveAccounting
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * @brief Callback signature of Occupancy.
     * @param index the VC's arrival index
     * @param cells its cells in the node now
     */
    typedef void (*OccupancyTracedCallback)(uint32_t index, uint32_t cells);

    /**
     * @brief Callback signature of Allocation.
     * @param index the VC's arrival index
     * @param bufAlloc its new Buf_Alloc
     * @param n2 its new N2
     */
    typedef void (*AllocationTracedCallback)(uint32_t index, uint32_t bufAlloc, uint32_t n2);

    AtmCreditReceiver();
    ~AtmCreditReceiver() override;

    void AddVc(uint32_t index) override;
    void NotifyArrival(uint32_t index) override;
    void NotifyDeparture(uint32_t index) override;
    void ReceiveControlCell(const AtmCell& cell) override;
    bool TakeControlCell(AtmCell& cell) override;

    /**
     * @return true unless something listens to Occupancy: the readers of
     *         the counts and the reallocation let the switch catch up first
     *         (AtmReceiveAccounting::CanDeferArrivals)
     */
    bool CanDeferArrivals() const override;

    /// @return true if the allocation policy reallocates from time to time
    ///         (the allocations, and so the credit, may then shrink)
    bool Reallocates() const;

    /**
     * @brief Read the records of a credit cell this receiver sent.
     * @param cell the cell
     * @param records set to its records
     * @return false if the cell is not known here
     */
    bool GetSentRecords(const AtmCell& cell, AtmCreditCell::Records& records);

    /**
     * @brief The store of the credit cells this port sent: AtmRemoteChannel
     *        reads a cell's records from it to send them to another rank,
     *        and the receiving rank keeps them in its copy of this port.
     * @return the store
     */
    AtmCreditCell& GetSentCells();

    /**
     * @brief Look at the records of a credit cell this receiver sent,
     *        leaving them for the sender.
     * @param cell the cell
     * @param records set to its records
     * @return false if the cell is not known here
     */
    bool PeekSentRecords(const AtmCell& cell, AtmCreditCell::Records& records) const;

    /// @return the allocation policy
    Ptr<AtmBufferAllocation> GetAllocationPolicy() const;
    /// @return the allocation the sender starts from (its BufAlloc)
    uint32_t GetBaseAllocation() const;
    /**
     * @param index an arrival index
     * @return the VC's Buf_Alloc
     */
    uint32_t GetAllocation(uint32_t index) const;
    /**
     * @param index an arrival index
     * @return the VC's N2
     */
    uint32_t GetN2(uint32_t index) const;
    /**
     * @param index an arrival index
     * @return the VC's cells in the node now
     */
    uint32_t GetOccupancy(uint32_t index) const;
    /**
     * @param index an arrival index
     * @return the most cells the VC ever had in the node
     */
    uint32_t GetMaxOccupancy(uint32_t index) const;
    /**
     * @param index an arrival index
     * @return Fwd_Cnt of the VC
     */
    uint32_t GetFwdCount(uint32_t index) const;
    /// @return cells of the link's VCs in the node now (TQ)
    uint32_t GetTotalOccupancy() const;
    /// @return the most cells the link's VCs ever had in the node at once
    uint32_t GetMaxTotalOccupancy() const;
    /// @return Buff_Size of link flow control (0: none)
    uint32_t GetLinkBufferSize() const;
    /// @return false when link credit alone flows (no per-VC records)
    bool HasVcCredit() const;
    /// @return link Fwd_Cnt: cells of the link's VCs that left the node
    uint32_t GetLinkFwdCount() const;
    /// @return credit cells sent
    uint64_t GetNCreditCells() const;
    /// @return credit records sent
    uint64_t GetNRecordsSent() const;
    /// @return cells found lost by credit_check
    uint64_t GetNLostRecovered() const;

  protected:
    void DoDispose() override;
    void DoInitialize() override;

  private:
    /// Let the port's switch count the cells due by now (lazy arrival)
    /// before the counts are read.
    void SyncPort() const;

    /// Per-VC state (32 octets; Fwd_Cnt at the start of an allocation
    /// interval is kept apart, only by ports that reallocate).
    struct Vc
    {
        uint32_t rxCnt{0};        //!< cells received
        uint32_t fwdCnt{0};       //!< Fwd_Cnt
        uint32_t sinceRecord{0};  //!< cells forwarded since the last record
        uint32_t occupancy{0};    //!< cells in the node
        uint32_t maxOccupancy{0}; //!< high-water mark
        uint32_t alloc{0};        //!< Buf_Alloc
        uint32_t n2{1};           //!< N2
        bool pending{false};      //!< a record waits to be sent
    };

    /**
     * @brief Queue a credit record for a VC.
     * @param index the VC
     */
    void QueueRecord(uint32_t index);
    /// Queue a link credit record.
    void QueueLinkRecord();
    /// @return records waiting to be sent (the link's included)
    std::size_t GetNPendingRecords() const;
    /// A record was added: note when, if it is the oldest, and
    /// SendWhenDue().
    void RecordAdded();
    /// @return true if the waiting records may go now (six of them, or
    ///         the oldest has waited RecordHoldTime)
    bool RecordsDue() const;
    /// Ask the port for a slot if records wait and are due, or else set a
    /// timer (one at a time) for when the oldest will be.
    void SendWhenDue();
    /// Receiver-oriented reallocation.
    void Reallocate();
    /// @return the link's RTT in cell times of its sender (the peer port)
    uint32_t GetRttCells() const;

    Ptr<AtmBufferAllocation> m_allocation; //!< the policy
    uint32_t m_base;                       //!< the sender's Buf_Alloc
    std::vector<Vc> m_vcs;                 //!< by arrival index
    std::vector<uint32_t> m_fwdAtInterval; //!< by index: Fwd_Cnt at the interval start (Reallocate)
    std::vector<uint32_t> m_pending;       //!< VCs with a record to send, oldest first
    std::size_t m_pendingHead;             //!< first unsent entry of m_pending
    uint32_t m_total;                      //!< TQ
    uint32_t m_maxTotal;                   //!< high-water mark of TQ
    uint32_t m_linkBuffer;                 //!< Buff_Size (0: no link flow control)
    bool m_vcCredit;                       //!< per-VC records (false: link credit alone)
    uint32_t m_linkN2;                     //!< link record after this many departures
    uint32_t m_linkRx;                     //!< link Rx_Cnt
    uint32_t m_linkFwd;                    //!< link Fwd_Cnt
    uint32_t m_linkSince;                  //!< departures since the last link record
    bool m_linkPending;                    //!< a link record waits to be sent
    Time m_hold;                           //!< RecordHoldTime
    Time m_oldest;                         //!< when the oldest waiting record was queued (kept for
                                           //!< the records a full cell left over)
    AtmCellTimer m_holdEvent;              //!< end of the oldest record's hold
    AtmCreditCell m_sent;                  //!< credit cells sent
    AtmCellTimer m_allocEvent;             //!< next reallocation
    uint64_t m_nCells;                     //!< credit cells sent
    uint64_t m_nRecords;                   //!< credit records sent
    uint64_t m_nLost;                      //!< cells found lost by credit_check
    TracedCallback<uint32_t, uint32_t> m_traceOccupancy;            //!< occupancy changed
    TracedCallback<uint32_t, uint32_t, uint32_t> m_traceAllocation; //!< reallocated

    /// Reallocate's input, reused: no allocation per interval.
    AtmBufferAllocation::Interval m_interval;
};

} // namespace ns3

#endif /* ATM_CREDIT_RECEIVER_H */
