/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ZQFC_ALLOCATION_H
#define ATM_ZQFC_ALLOCATION_H

#include "atm-buffer-allocation.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief Zero Queueing Flow Control (Kung and Wang, section 5): the
 *        receiver adapts each VC's Buf_Alloc to its queue occupancy so
 *        that, in the steady state, no VC occupies the link's shared
 *        buffer and link flow control never has to act.
 *
 * Every Period (default 2 Link_RTT):
 *
 * - Rule 1: if the free space of the shared buffer, Buff_Size - TQ, is
 *   below Link_RTT, every VC whose occupancy q is above HighThreshold has
 *   its allocation multiplied by f = max(MinDecreaseFactor, HighThreshold
 *   / q), a factor between 0.5 and 1 inversely proportional to q (1 at the
 *   threshold, 0.5 from twice the threshold on); rounded down, at least
 *   MinAllocation.
 * - Rule 2: every VC whose occupancy is below LowThreshold (whatever the
 *   free space: an idle VC must regain its allocation) has it multiplied by
 *   IncreaseFactor (1.01), rounded up so that it grows by at least one
 *   cell, up to Link_RTT.
 *
 * VCs between the thresholds keep their allocation. A VC starts with
 * Link_RTT. The paper's Link_RTT is the credit a VC needs to run at the
 * full link rate; in this model that is the link's RTT in cell times plus
 * N2 (a credit record returns after N2 departures), the default of
 * LinkRtt, as AtmStaticAllocation's default BufAlloc. The policy needs the size of the shared
 * buffer, so it runs only on a link with link flow control (AtmCreditReceiver's LinkBufferSize).
 * Plain QFC (PQFC) is AtmStaticAllocation with BufAlloc = Link_RTT on the same link flow control:
 * no new code.
 */
class AtmZqfcAllocation : public AtmBufferAllocation
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmZqfcAllocation();

    uint32_t GetInitialAllocation(uint32_t rttCells) const override;
    uint32_t GetInitialN2(uint32_t rttCells) const override;
    Time GetInterval(Time rtt) const override;
    void Reallocate(Interval& interval) const override;
    /// @return LowThreshold above HighThreshold, or MinAllocation above a set LinkRtt
    std::string GetConfigError() const override;

    /**
     * @param rttCells RTT of the link, cell times
     * @return Link_RTT: the LinkRtt attribute, or @p rttCells + N2 when it
     *         is 0 (what a VC needs to send at the full link rate)
     */
    uint32_t GetLinkRtt(uint32_t rttCells) const;

  private:
    uint32_t m_linkRtt;       //!< Link_RTT in cells (0: the link's RTT)
    Time m_period;            //!< adaptation period (0: 2 Link_RTT)
    uint32_t m_high;          //!< high threshold, cells
    uint32_t m_low;           //!< low threshold, cells
    double m_increase;        //!< rule 2 factor
    double m_minDecrease;     //!< smallest rule 1 factor
    uint32_t m_minAllocation; //!< floor of Buf_Alloc
    uint32_t m_n2;            //!< N2
};

} // namespace ns3

#endif /* ATM_ZQFC_ALLOCATION_H */
