/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_STATIC_ALLOCATION_H
#define ATM_STATIC_ALLOCATION_H

#include "atm-buffer-allocation.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief Static credit control (Kung): a fixed Buf_Alloc for the lifetime
 *        of every VC, by default RTT + N2, which by eq. (2) lets one VC
 *        alone use the whole link; a fixed N2.
 */
class AtmStaticAllocation : public AtmBufferAllocation
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmStaticAllocation();

    uint32_t GetInitialAllocation(uint32_t rttCells) const override;
    uint32_t GetInitialN2(uint32_t rttCells) const override;

  private:
    uint32_t m_bufAlloc; //!< Buf_Alloc (0: RTT + N2)
    uint32_t m_n2;       //!< N2
};

} // namespace ns3

#endif /* ATM_STATIC_ALLOCATION_H */
