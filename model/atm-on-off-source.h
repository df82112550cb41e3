/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ON_OFF_SOURCE_H
#define ATM_ON_OFF_SOURCE_H

#include "atm-cell-source.h"
#include "atm-compat.h"

#include "ns3/data-rate.h"
#include "ns3/random-variable-stream.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief On-off source: bursts at PeakRate for OnTime, silent for OffTime.
 *
 * OnTime and OffTime are random variables, exponential by default; give a
 * ParetoRandomVariable for heavy-tailed bursts. A burst carries
 * max(1, round(OnTime * PeakRate / 424 bits)) cells at the peak rate.
 */
class AtmOnOffSource : public AtmCellSource
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmOnOffSource();
    ~AtmOnOffSource() override;

    /**
     * @brief Assign fixed random variable stream numbers.
     * @param stream first stream index
     * @return number of streams used
     */
    int64_t AssignStreams(int64_t stream) ATM_APPLICATION_ASSIGN_STREAMS_OVERRIDE;

  protected:
    void DoDispose() override;

  private:
    Time GetNextInterval() override;
    void DoStartSending() override;
    /// @param rate the peak rate
    void SetPeakRate(DataRate rate);
    /// @return the peak rate
    DataRate GetPeakRate() const;
    /// @return the number of cells of a new burst
    uint64_t DrawBurst();

    DataRate m_peakRate;                 //!< rate during a burst
    Ptr<RandomVariableStream> m_onTime;  //!< burst length, seconds
    Ptr<RandomVariableStream> m_offTime; //!< silence length, seconds
    uint64_t m_burstLeft;                //!< cells left in this burst
};

} // namespace ns3

#endif /* ATM_ON_OFF_SOURCE_H */
