/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CREDIT_SENDER_H
#define ATM_CREDIT_SENDER_H

#include "atm-buffer-allocation.h"
#include "atm-cell-timer.h"
#include "atm-credit-cell.h"
#include "atm-transmit-gate.h"

#include "ns3/nstime.h"
#include "ns3/traced-callback.h"

#include <vector>

namespace ns3
{

class AtmCreditReceiver;

/**
 * @ingroup atm
 * @brief The sender of Kung's Credit Update Protocol at a port: a VC sends
 *        only with credit.
 *
 * Per VC the sender counts Tx_Cnt, the data cells it transmitted, and keeps
 * the last Fwd_Cnt a credit record brought; its credit balance is eq. (1),
 *
 *     Crd_Bal = Buf_Alloc - (Tx_Cnt - Fwd_Cnt),
 *
 * and a VC whose balance is not positive is blocked in the port's queue
 * disc (it keeps its cells) until a credit record raises it again. Counts
 * are modulo 2^32 as on the wire.
 *
 * Recovery (credit_check, Kung, Blackwell, Chapman): a VC that has stayed
 * blocked for CreditCheckInterval without a credit record sends a
 * credit_check cell with its Tx_Cnt; the receiver counts the cells it never
 * received as forwarded and answers with a fresh credit record. So a lost
 * data or credit cell costs at most one interval.
 *
 * Buf_Alloc is the allocation of the link's policy (set by AtmCreditHelper)
 * or, for sender-oriented adaptation, computed here every interval by the
 * Allocation policy from the cells each VC transmitted (VU) and the cells
 * outstanding at the receiver (TQ = sum of Tx_Cnt - Fwd_Cnt).
 *
 * Link flow control (LinkCredit = Buff_Size > 0, Kung and Wang): the port
 * also counts its link Tx_Cnt, all data cells it sent, and keeps the last
 * link credit record (AtmCreditReceiver); while link Tx_Cnt has reached
 * it the whole port stops sending data cells (AtmNetDevice::SetTxBlocked),
 * so a cell leaves only with both its VC's credit and link credit. Blocked
 * for CreditCheckInterval, it sends a link credit_check record.
 *
 * Link credit alone (VcCredit false, with LinkCredit > 0): no VC is ever
 * blocked for lack of its own credit; the port stops only on the link
 * balance, so every VC of the link shares Buff_Size with no per-VC limit
 * (hop-by-hop backpressure: the head-of-line case Kung and Wang's section
 * 4 argues per-VC credit avoids). The receiver at the other end must say
 * the same (AtmCreditReceiver::VcCredit; AtmCreditHelper::SetVcCredit sets
 * both).
 */
class AtmCreditSender : public AtmTransmitGate
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * @brief Callback signature of CreditBalance.
     * @param slot the VC's transmit slot
     * @param balance Crd_Bal after the change
     */
    typedef void (*BalanceTracedCallback)(uint32_t slot, int64_t balance);

    /**
     * @brief Callback signature of LinkBlocked.
     * @param blocked true when link flow control stops the port
     */
    typedef void (*LinkBlockedTracedCallback)(bool blocked);

    /**
     * @brief Callback signature of Allocation.
     * @param slot the VC's transmit slot
     * @param bufAlloc its new Buf_Alloc
     */
    typedef void (*AllocationTracedCallback)(uint32_t slot, uint32_t bufAlloc);

    AtmCreditSender();
    ~AtmCreditSender() override;

    void AddVc(uint32_t slot) override;
    void NotifyTransmit(uint32_t slot) override;
    void ReceiveControlCell(const AtmCell& cell) override;
    bool TakeControlCell(AtmCell& cell) override;

    /**
     * @return true: credit is looked at only when a cell can start
     *         (AtmTransmitGate::CanDeferArrivals)
     */
    bool CanDeferArrivals() const override;

    /**
     * @brief With static allocation at both ends (credit then only grows
     *        with the credit records), the VC's queued cells covered by its
     *        balance and the link balance.
     * @param slot the VC's transmit slot
     * @param queued its cells queued now
     * @return cells sure to be let through
     */
    uint32_t GetSureCells(uint32_t slot, uint32_t queued) const override;

    /// Look for the receiver at the other end again when next needed.
    void NotifyPeerAccountingChanged() override;

    /**
     * @brief Read the records of a credit_check cell this sender sent.
     * @param cell the cell
     * @param records set to its records
     * @return false if the cell is not known here
     */
    bool GetSentRecords(const AtmCell& cell, AtmCreditCell::Records& records);

    /**
     * @brief The store of the credit_check cells this port sent: AtmRemoteChannel
     *        reads a cell's records from it to send them to another rank,
     *        and the receiving rank keeps them in its copy of this port.
     * @return the store
     */
    AtmCreditCell& GetSentCells();

    /**
     * @param slot a transmit slot
     * @return Crd_Bal of the VC (no meaning with VcCredit false: no VC
     *         record comes back; see GetLinkBalance)
     */
    int64_t GetBalance(uint32_t slot) const;
    /**
     * @param slot a transmit slot
     * @return Buf_Alloc of the VC at the sender
     */
    uint32_t GetAllocation(uint32_t slot) const;
    /**
     * @param slot a transmit slot
     * @return Tx_Cnt of the VC
     */
    uint32_t GetTxCount(uint32_t slot) const;
    /// @return link credit balance: Buff_Size - (link Tx_Cnt - link Fwd_Cnt)
    int64_t GetLinkBalance() const;
    /// @return true while link flow control stops the port
    bool IsLinkBlocked() const;
    /// @return credit_check cells sent
    uint64_t GetNCreditChecks() const;
    /// @return credit records received
    uint64_t GetNRecordsReceived() const;

  protected:
    void DoDispose() override;
    void DoInitialize() override;

  private:
    /// Per-VC state (24 octets; Tx_Cnt at the start of an allocation
    /// interval is kept apart, only by ports that reallocate).
    struct Vc
    {
        Time lastCredit;          //!< last credit record (or block) time
        uint32_t txCnt{0};        //!< Tx_Cnt
        uint32_t fwdCnt{0};       //!< last Fwd_Cnt received
        uint32_t alloc{0};        //!< Buf_Alloc
        bool blocked{false};      //!< blocked for lack of credit
        bool checkPending{false}; //!< a credit_check record waits to be sent
        bool listed{false};       //!< in m_blocked (until a check finds it unblocked)
    };

    /**
     * @brief Block or unblock a VC from its balance.
     * @param slot the VC
     */
    void Update(uint32_t slot);
    /**
     * @brief A VC ran out of credit: stop it, and check on it later.
     * @param slot the VC
     */
    [[gnu::noinline]] void Block(uint32_t slot);
    /**
     * @brief A VC has credit again: let it send.
     * @param slot the VC
     */
    [[gnu::noinline]] void Unblock(uint32_t slot);
    /// Block or unblock the port from the link balance.
    void UpdateLink();
    /// Send a link credit_check record if still blocked.
    void CheckLink();
    /// Send credit_check records for VCs blocked too long.
    void CheckBlocked();
    /// Sender-oriented reallocation.
    void Reallocate();
    /**
     * @return the credit receiver at the other end of the link, or null
     *         (looked up once, again after NotifyPeerAccountingChanged)
     */
    AtmCreditReceiver* PeekPeerReceiver() const;

    Ptr<AtmBufferAllocation> m_allocation; //!< sender-oriented policy, or null
    uint32_t m_bufAlloc;                   //!< Buf_Alloc of new VCs
    uint32_t m_linkCredit;                 //!< Buff_Size (0: no link flow control)
    bool m_vcCredit;                       //!< per-VC credit (false: link credit alone)
    uint32_t m_linkTx;                     //!< link Tx_Cnt
    uint32_t m_linkLimit;                  //!< last link record: link Fwd_Cnt + Buff_Size
    bool m_linkBlocked;                    //!< stopped by link flow control
    bool m_linkCheckPending;               //!< a link credit_check record waits
    AtmCellTimer m_linkCheckEvent;         //!< next link credit_check
    Time m_checkInterval;                  //!< credit_check interval (0: 4 RTT)
    std::vector<Vc> m_vcs;                 //!< by transmit slot
    std::vector<uint32_t> m_txAtInterval;  //!< by slot: Tx_Cnt at the interval start (Reallocate)
    std::vector<uint32_t> m_blocked;       //!< slots blocked for lack of credit, each once
    std::vector<uint32_t> m_checks;        //!< slots with a credit_check to send
    AtmCreditCell m_sent;                  //!< credit_check cells sent
    mutable Ptr<AtmCreditReceiver> m_peerReceiver;        //!< PeekPeerReceiver's answer
    mutable bool m_peerFound{false};                      //!< m_peerReceiver holds it
    AtmCellTimer m_checkEvent;                            //!< next credit_check scan
    AtmCellTimer m_allocEvent;                            //!< next reallocation
    uint64_t m_nChecks;                                   //!< credit_check cells sent
    uint64_t m_nRecords;                                  //!< credit records received
    TracedCallback<uint32_t, int64_t> m_traceBalance;     //!< Crd_Bal changed
    TracedCallback<uint32_t, uint32_t> m_traceAllocation; //!< sender-oriented reallocation
    TracedCallback<bool> m_traceLinkBlocked;              //!< link flow control stopped/resumed

    /// Reallocate's input, reused: no allocation per interval.
    AtmBufferAllocation::Interval m_interval;
};

} // namespace ns3

#endif /* ATM_CREDIT_SENDER_H */
