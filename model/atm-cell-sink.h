/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CELL_SINK_H
#define ATM_CELL_SINK_H

#include "atm-cell.h"

#include "ns3/application.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

namespace ns3
{

class AtmVc;

/**
 * @ingroup atm
 * @brief Receives the cells of one VC and measures throughput, delay and
 *        loss between its start and stop times (the measurement window).
 *
 * Loss is read from the sequence numbers the sources stamp: ATM keeps cell
 * order on a VC, so every gap is a cell lost on the way.
 */
class AtmCellSink : public Application
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmCellSink();
    ~AtmCellSink() override;

    /**
     * @brief Bind the sink to the receiving end of a VC.
     * @param vc the VC
     */
    void SetVc(Ptr<AtmVc> vc);

    /// @return cells received in the window
    uint64_t GetCellsReceived() const;
    /// @return cells missing (sequence gaps) in the window
    uint64_t GetCellsLost() const;
    /// @return cells received out of order (should stay 0 on ATM)
    uint64_t GetCellsMisordered() const;
    /// @return cell rate over the window, in cells/s
    double GetCellRate() const;
    /// @return throughput over the window, counting the 424 bits of each cell, in bit/s
    double GetThroughput() const;
    /// @return mean delay of the cells received in the window
    Time GetMeanDelay() const;
    /// @return largest delay in the window
    Time GetMaxDelay() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /**
     * @brief A cell of the VC arrived.
     * @param cell the cell
     */
    void Receive(const AtmCell& cell);
    /// @return the length of the window so far
    Time GetWindow() const;

    Ptr<AtmVc> m_vc;                          //!< the VC
    bool m_running;                           //!< inside the window
    Time m_start;                             //!< window start
    Time m_stop;                              //!< window end (or zero while open)
    uint64_t m_received;                      //!< cells in the window
    uint64_t m_lost;                          //!< sequence gaps in the window
    uint64_t m_misordered;                    //!< cells older than the last one
    bool m_haveSeq;                           //!< a sequence number has been seen
    uint32_t m_nextSeq;                       //!< next expected sequence number
    int64_t m_delaySum;                       //!< sum of delays, time steps
    int64_t m_delayMax;                       //!< largest delay, time steps
    TracedCallback<const AtmCell&> m_traceRx; //!< every cell received
};

} // namespace ns3

#endif /* ATM_CELL_SINK_H */
