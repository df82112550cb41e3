/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TRACE_SOURCE_H
#define ATM_TRACE_SOURCE_H

#include "atm-cell-source.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Trace-driven VBR source: the frames of a frame-size trace
 *        (video), each segmented into cells sent at the peak rate.
 *
 * The trace file holds one frame size in octets per line; '#' starts a
 * comment, blank lines are skipped (ReadTrace). Frame n (counted from 0
 * since the start, across loops) is due n / FrameRate after the source
 * starts. Its ceil(size / 48) cells (ceil((size + 8) / 48) with Aal5, the
 * cells of an AAL5 CPCS-PDU) go 1/Pcr apart (rounded up to the time step)
 * from its due time, or, when the frame before has not finished by then,
 * from 1/Pcr after that frame's last cell: a frame that does not fit in a
 * frame time delays the next, and the source catches up on the due times
 * when the frames get smaller. A frame of 0 cells sends nothing. At the
 * end of the trace the source starts it again (Loop) or stops.
 *
 * The file is read once, when TraceFile is set; the cells go from a vector
 * of cell counts, with no allocation per cell or per frame.
 */
class AtmTraceSource : public AtmCellSource
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmTraceSource();
    ~AtmTraceSource() override;

    /**
     * @brief Read a frame-size trace: one frame size in octets per line (a
     *        whole number, 0 to 4294967295), '#' to the end of a line a
     *        comment, blank lines skipped.
     * @param path the file
     * @param sizes set to the frame sizes, in order (empty on an error)
     * @return empty if the file was read; otherwise the error, naming the
     *         file and, for a bad line, its number and text
     */
    static std::string ReadTrace(const std::string& path, std::vector<uint32_t>& sizes);

    /**
     * @return the first attribute that is wrong, as "Field = value:
     *         problem" (empty when all are sound): no TraceFile, a
     *         FrameRate or Pcr that is not positive
     */
    std::string GetConfigError() const;

    /// @return the frame sizes read from TraceFile, octets
    const std::vector<uint32_t>& GetFrameSizes() const;

    /// @return frames whose first cell was sent (loops included)
    uint64_t GetFramesSent() const;

  protected:
    void DoDispose() override;

  private:
    void DoStartSending() override;
    void DoStopSending() override;
    /// Send a cell and schedule the next one.
    void Tick();
    /**
     * @brief Move to the next frame that has cells.
     * @return false at the end of the trace without Loop
     */
    bool NextFrame();
    /**
     * @param n a frame's number since the start
     * @return its due time step
     */
    int64_t DueTime(uint64_t n) const;
    /**
     * @param path the trace file: read now (aborts if it is malformed)
     */
    void SetTraceFile(const std::string& path);
    /// @return the trace file
    std::string GetTraceFile() const;

    std::string m_traceFile;       //!< the trace file
    std::vector<uint32_t> m_sizes; //!< frame sizes, octets
    std::vector<uint32_t> m_cells; //!< cells of each frame (at start)
    double m_frameRate;            //!< frames/s
    double m_pcr;                  //!< peak cell rate, cells/s
    bool m_loop;                   //!< start the trace again at its end
    bool m_aal5;                   //!< count the cells of AAL5 CPCS-PDUs
    AtmCellTimer m_timer;          //!< the next cell
    int64_t m_pcrStep;             //!< 1/PCR, time steps, rounded up
    int64_t m_start;               //!< time step of the start
    int64_t m_lastCell;            //!< time step of the last cell sent
    bool m_sentAny;                //!< a cell was sent (m_lastCell is set)
    std::size_t m_frame;           //!< the current frame's index in the trace
    uint64_t m_frameNo;            //!< the current frame's number since the start
    uint32_t m_cellsLeft;          //!< cells of the current frame still to send
    uint64_t m_framesSent;         //!< frames whose first cell was sent
};

} // namespace ns3

#endif /* ATM_TRACE_SOURCE_H */
