/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_POISSON_SOURCE_H
#define ATM_POISSON_SOURCE_H

#include "atm-cell-source.h"
#include "atm-compat.h"

#include "ns3/data-rate.h"
#include "ns3/random-variable-stream.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief Poisson cell arrivals: exponential gaps with mean 424 bits / Rate.
 */
class AtmPoissonSource : public AtmCellSource
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmPoissonSource();
    ~AtmPoissonSource() override;

    /**
     * @brief Assign a fixed random variable stream number.
     * @param stream first stream index
     * @return number of streams used
     */
    int64_t AssignStreams(int64_t stream) ATM_APPLICATION_ASSIGN_STREAMS_OVERRIDE;

  protected:
    void DoDispose() override;

  private:
    Time GetNextInterval() override;
    /// @param rate the mean rate
    void SetRate(DataRate rate);
    /// @return the mean rate
    DataRate GetRate() const;

    DataRate m_rate;                      //!< mean rate
    Ptr<ExponentialRandomVariable> m_gap; //!< gaps, in seconds
};

} // namespace ns3

#endif /* ATM_POISSON_SOURCE_H */
