/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_BLOCK_SOURCE_H
#define ATM_BLOCK_SOURCE_H

#include "atm-cell-source.h"
#include "atm-cell-timer.h"
#include "atm-compat.h"

#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

namespace ns3
{

class AtmCell;

/**
 * @ingroup atm
 * @brief Block transfers one after another (Roberts, "Performance of
 *        Explicit Rate Flow Control in ATM Networks", Figs. 1-4): a block
 *        of BlockSize cells is queued at once; when its last cell reaches
 *        the destination, the source thinks for a ThinkTime draw and
 *        queues the next. The first block starts after a ThinkTime draw,
 *        so VCs start at random phases.
 *
 * The transfer time of a block runs from its queueing to the arrival of
 * its last cell (Roberts' "block transfer time"); BlockDone reports it.
 */
class AtmBlockSource : public AtmCellSource
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmBlockSource();
    ~AtmBlockSource() override;

    /**
     * @brief Assign a fixed random variable stream number.
     * @param stream first stream index
     * @return number of streams used
     */
    int64_t AssignStreams(int64_t stream) ATM_APPLICATION_ASSIGN_STREAMS_OVERRIDE;

    /// @return blocks whose last cell arrived
    uint64_t GetBlocksDone() const;

    /**
     * @brief Callback signature of BlockDone.
     * @param transferTime from the block's queueing to its last cell's arrival
     */
    typedef void (*BlockDoneTracedCallback)(Time transferTime);

  protected:
    void DoDispose() override;

  private:
    void DoStartSending() override;
    void DoStopSending() override;
    /// Queue a block.
    void StartBlock();
    /**
     * @brief A cell of the VC reached the destination.
     * @param cell the cell
     * @param delay its delay
     */
    void Received(const AtmCell& cell, Time delay);

    uint32_t m_blockSize;                  //!< cells per block
    Ptr<RandomVariableStream> m_think;     //!< think time, s
    bool m_connected;                      //!< Received() is connected to the VC
    bool m_running;                        //!< between start and stop
    bool m_inBlock;                        //!< a block is under way
    uint64_t m_blockEnd;                   //!< cells sent after the block's last
    Time m_blockStart;                     //!< when the current block was queued
    uint64_t m_blocksDone;                 //!< blocks completed
    AtmCellTimer m_nextBlock;              //!< the next block's start
    TracedCallback<Time> m_blockDoneTrace; //!< BlockDone
};

} // namespace ns3

#endif /* ATM_BLOCK_SOURCE_H */
