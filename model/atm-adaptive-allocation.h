/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ADAPTIVE_ALLOCATION_H
#define ATM_ADAPTIVE_ALLOCATION_H

#include "atm-buffer-allocation.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief Adaptive buffer allocation by relative bandwidth usage (Kung,
 *        eqs. 3-5; Kung and Chang): every allocation interval (at least one
 *        RTT) each VC of the link gets
 *
 *        Buf_Alloc = (M/2 - TQ - N) * VU/TU,   N2 = Buf_Alloc/4,
 *
 *        VU being the cells the VC forwarded in the interval, TU those of
 *        all N active VCs (VU > 0), TQ the cells of the link's VCs in the
 *        buffer now and M the buffer (default 4 RTT + 2 N, eq. 5).
 *
 * Floors and ceilings (the paper leaves them to [13]): Buf_Alloc is
 * rounded down and is at least MinAllocation (1: every VC keeps one cell,
 * which the no-loss argument assumes) and at most M/2; an inactive VC
 * (VU = 0) gets MinAllocation; N2 is Buf_Alloc/4 rounded down, at least 1.
 * When M/2 - TQ - N is not positive every VC gets MinAllocation.
 *
 * The same arithmetic serves both places the paper puts it: at the
 * receiver (receiver-oriented, the pool being the buffer the link's VCs
 * share at the receiving node) and at the sender (sender-oriented: VU is
 * what the sender transmitted, TQ its outstanding cells at the receiver).
 */
class AtmAdaptiveAllocation : public AtmBufferAllocation
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmAdaptiveAllocation();

    uint32_t GetInitialAllocation(uint32_t rttCells) const override;
    uint32_t GetInitialN2(uint32_t rttCells) const override;
    Time GetInterval(Time rtt) const override;
    void Reallocate(Interval& interval) const override;
    /// @return InitialAllocation below MinAllocation, else empty
    std::string GetConfigError() const override;

  private:
    uint32_t m_bufferSize;    //!< M (0: 4 RTT + 2 N)
    Time m_interval;          //!< allocation interval (0: one RTT)
    uint32_t m_initial;       //!< Buf_Alloc of a new VC
    uint32_t m_minAllocation; //!< floor of Buf_Alloc
};

} // namespace ns3

#endif /* ATM_ADAPTIVE_ALLOCATION_H */
