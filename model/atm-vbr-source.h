/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_VBR_SOURCE_H
#define ATM_VBR_SOURCE_H

#include "atm-cell-source.h"
#include "atm-compat.h"
#include "atm-gcra.h"

#include "ns3/random-variable-stream.h"

#include <string>

namespace ns3
{

/**
 * @ingroup atm
 * @brief On-off VBR source that conforms to its PCR, SCR and MBS by
 *        construction (ATM Forum TM 4.0 section 4.4.2).
 *
 * Bursts of 1 to Mbs cells (BurstSize, uniform on 1..Mbs by default) go
 * at the peak rate: cells ceil(1/Pcr) time steps apart. A burst starts
 * only when all its cells conform to the source's own GCRA(1/Scr, BT),
 * BT = (Mbs - 1)(1/Scr - 1/Pcr): at the earliest
 * TAT - BT + (b - 1)(1/Scr - 1/Pcr) for a burst of b cells. The source
 * keeps the strictest whole-step rounding of the contract (increments
 * rounded up, BT down), so its cells conform to GCRA(1/Pcr, 0) and
 * GCRA(1/Scr, BT) however a policer rounds them to steps (only the last
 * cell of a full burst may wait the few steps, fewer than Mbs, that the
 * rounding costs).
 *
 * MeanRate sets the long-run rate. Burst n is due X_n after burst n - 1
 * was due, X_n exponential with mean (cells of burst n - 1) / MeanRate,
 * and starts at the latest of its due time, the SCR bucket's time for it
 * and 1/Pcr after the last cell. As MeanRate <= Scr, the lag behind the
 * due times stays finite and the rate is MeanRate; MeanRate 0: every
 * burst as soon as it conforms (the rate is Scr).
 */
class AtmVbrSource : public AtmCellSource
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmVbrSource();
    ~AtmVbrSource() override;

    /**
     * @brief Assign fixed random variable stream numbers.
     * @param stream first stream index
     * @return number of streams used
     */
    int64_t AssignStreams(int64_t stream) ATM_APPLICATION_ASSIGN_STREAMS_OVERRIDE;

    /**
     * @return the first attribute that is wrong, as "Field = value:
     *         problem" (empty when all are sound): a PCR or SCR that is
     *         not positive, SCR above PCR, an MBS of 0, MeanRate above SCR
     */
    std::string GetConfigError() const;

  protected:
    void DoDispose() override;

  private:
    void DoStartSending() override;
    void DoStopSending() override;
    /// Send a cell and schedule the next one.
    void Tick();
    /**
     * @brief Begin a new burst: draw its size and find its first cell's time.
     * @param earliest the earliest time step the PCR allows
     * @return the time step of the burst's first cell
     */
    int64_t StartBurst(int64_t earliest);
    /// @return the number of cells of a new burst, in [1, Mbs]
    uint32_t DrawBurst();

    double m_pcr;                          //!< peak cell rate, cells/s
    double m_scr;                          //!< sustainable cell rate, cells/s
    uint32_t m_mbs;                        //!< maximum burst size, cells
    double m_meanRate;                     //!< long-run rate, cells/s (0: as SCR allows)
    Ptr<RandomVariableStream> m_burstSize; //!< cells of a burst (null: uniform on 1..Mbs)
    Ptr<UniformRandomVariable> m_uniform;  //!< the default burst size
    Ptr<ExponentialRandomVariable> m_gap;  //!< due-time gaps, mean 1
    AtmCellTimer m_timer;                  //!< the next cell
    AtmGcra m_scrGcra;                     //!< GCRA(1/SCR, BT) of the cells sent
    int64_t m_pcrStep;                     //!< 1/PCR, time steps, rounded up
    int64_t m_scrStep;                     //!< 1/SCR, time steps, rounded up
    int64_t m_lastCell;                    //!< time step of the last cell sent
    bool m_sentAny;                        //!< a cell was sent (m_lastCell is set)
    int64_t m_due;                         //!< time step the current burst was due
    uint32_t m_burst;                      //!< cells of the current burst
    uint32_t m_burstLeft;                  //!< cells of it still to send
};

} // namespace ns3

#endif /* ATM_VBR_SOURCE_H */
