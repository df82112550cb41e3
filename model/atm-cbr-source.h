/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CBR_SOURCE_H
#define ATM_CBR_SOURCE_H

#include "atm-cell-source.h"

#include "ns3/data-rate.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief Constant bit rate: one cell every 424 bits at Rate.
 */
class AtmCbrSource : public AtmCellSource
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmCbrSource();
    ~AtmCbrSource() override;

  private:
    Time GetNextInterval() override;
    /// @param rate the cell rate as a bit rate of 53-octet cells
    void SetRate(DataRate rate);
    /// @return the rate
    DataRate GetRate() const;

    DataRate m_rate; //!< cell rate, in bits of whole cells
};

} // namespace ns3

#endif /* ATM_CBR_SOURCE_H */
