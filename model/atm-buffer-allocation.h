/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_BUFFER_ALLOCATION_H
#define ATM_BUFFER_ALLOCATION_H

#include "ns3/nstime.h"
#include "ns3/object.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The buffer-allocation phase of credit-based flow control (Kung,
 *        "Static vs. adaptive credit control"): how many cells of buffer
 *        (Buf_Alloc) each VC of a link gets, and after how many forwarded
 *        cells (N2) the receiver sends it a credit record.
 *
 * A policy is a subclass chosen by TypeId. Its owner, the receiver of the
 * link (receiver-oriented) or its sender (sender-oriented), asks for the
 * initial values and, every GetInterval(), hands the policy what it
 * measured over the interval in an Interval struct and gets the new
 * allocations back. The policy does arithmetic only; where the numbers
 * come from and how they reach the sender is the owner's business.
 */
class AtmBufferAllocation : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// What the owner measured over one allocation interval.
    struct Interval
    {
        uint32_t rttCells{0};             //!< RTT of the link, cell times
        uint32_t queued{0};               //!< TQ: cells of the link's VCs in the buffer now
        uint32_t bufferSize{0};           //!< Buff_Size of the shared buffer (0: none)
        std::vector<uint32_t> occupancy;  //!< cells of each VC in the buffer now
        std::vector<uint64_t> forwarded;  //!< VU per VC: cells forwarded in the interval
        std::vector<uint32_t> allocation; //!< Buf_Alloc per VC (in: old, out: new)
        std::vector<uint32_t> n2;         //!< N2 per VC (in: old, out: new)
        /// Computed at the sender (sender-oriented adaptation): the new
        /// allocations apply at once, with no round trip to reach it;
        /// queued and occupancy are then the cells sent and not yet
        /// reported forwarded (Tx_Cnt - Fwd_Cnt), forwarded the cells sent.
        bool atSender{false};

        /// Empty the per-VC vectors, keeping their storage: the owner
        /// reuses one Interval, with no allocation per interval.
        void ClearVcs()
        {
            occupancy.clear();
            forwarded.clear();
            allocation.clear();
            n2.clear();
        }
    };

    /**
     * @param rttCells RTT of the link, cell times
     * @return Buf_Alloc of a new VC
     */
    virtual uint32_t GetInitialAllocation(uint32_t rttCells) const = 0;

    /**
     * @param rttCells RTT of the link, cell times
     * @return N2 of a new VC
     */
    virtual uint32_t GetInitialN2(uint32_t rttCells) const = 0;

    /**
     * @param rtt RTT of the link
     * @return time between reallocations; zero for a static allocation
     */
    virtual Time GetInterval(Time rtt) const;

    /**
     * @brief Compute new allocations from one interval's measurements.
     * @param interval the measurements; allocation and n2 are updated
     */
    virtual void Reallocate(Interval& interval) const;

    /**
     * @return the first disagreement among the policy's attributes
     *         ("Field = value: problem"); empty when they agree (the
     *         default). The credit sender and receiver abort with it when
     *         they initialize; a scenario check asks for it before anything
     *         runs.
     */
    virtual std::string GetConfigError() const;

    /**
     * @brief Abort with GetConfigError(), if any, naming the owner.
     * @param owner the credit sender or receiver ("AtmCreditReceiver (node 1
     *        port 0)")
     */
    void CheckConfig(const std::string& owner) const;
};

} // namespace ns3

#endif /* ATM_BUFFER_ALLOCATION_H */
