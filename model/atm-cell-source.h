/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CELL_SOURCE_H
#define ATM_CELL_SOURCE_H

#include "atm-cell-timer.h"
#include "atm-gcra.h"

#include "ns3/application.h"
#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <vector>

namespace ns3
{

class AtmVc;
class AtmNetDevice;

/**
 * @ingroup atm
 * @brief Base of the cell-level traffic sources of one VC (no AAL, no IP).
 *
 * A source is installed on the VC's source node (AtmCellSourceHelper) and
 * hands cells to the source port with AtmNetDevice::SendCell(), each
 * stamped with its creation time and a per-VC sequence number. Timed
 * sources (CBR, on-off, Poisson) implement GetNextInterval(); the greedy
 * source overrides DoStartSending() instead.
 *
 * In a distributed run a source whose node belongs to another rank
 * (Node::GetSystemId() != Simulator::GetSystemId()) does not start: every
 * rank may install the same sources, as in one process, and only the
 * node's own rank sends.
 */
class AtmCellSource : public Application
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmCellSource();
    ~AtmCellSource() override;

    /**
     * @brief Bind the source to its VC.
     * @param vc the VC (its source port and slot are hop 0)
     */
    void SetVc(Ptr<AtmVc> vc);
    /// @return the VC
    Ptr<AtmVc> GetVc() const;

    /// @return cells handed to the port (accepted or dropped there)
    uint64_t GetCellsSent() const;

    /// @return cells the shaper holds now (Shaping)
    uint32_t GetCellsShaped() const;

  protected:
    void DoDispose() override;

    /**
     * @brief Create and hand one cell to the port.
     * @return false if the source queue dropped it
     */
    bool SendOneCell();

    /// Begin sending (default: the timed loop of GetNextInterval()).
    virtual void DoStartSending();
    /// Stop sending.
    virtual void DoStopSending();

    /**
     * @brief Time from this cell to the next (timed sources).
     * @return the interval
     */
    virtual Time GetNextInterval();

    /**
     * @brief The time a 53-octet cell takes at @p rate: the gap between the
     *        cells of a timed source sending at that rate. Worked out again
     *        only when @p rate differs from the last call's (and first at
     *        the first cell, when the time resolution is fixed): DataRate's
     *        division of 128-bit numbers costs about 730 instructions.
     * @param rate a bit rate of whole cells
     * @return the gap
     */
    Time GetCellGap(const DataRate& rate);

    /// @return the source port
    Ptr<AtmNetDevice> GetDevice() const;
    /// @return the VC's slot at the source port
    uint32_t GetSlot() const;

    /**
     * @return where the fields SendOneCell() touches begin (40 octets,
     *         the last of this class, followed by a subclass's own): a
     *         cache hint for AtmNetDevice::SetTxVcDequeueCallback
     */
    const void* GetCellState() const
    {
        return &m_vc;
    }

  private:
    void StartApplication() override;
    void StopApplication() override;
    /// Send a cell and schedule the next one.
    void Tick();

    /**
     * @brief Hand a cell made at @p created to the port (and to the shaper's
     *        GCRAs when shaping).
     * @param created its creation time
     * @return false if the source queue dropped it
     */
    bool HandOver(Time created);

    /// The shaper: send the oldest held cell, arm for the next.
    void ReleaseShaped();

    /// @return the earliest time (time steps) the next cell conforms
    int64_t GetShapedTime() const;

    /// Set up the shaper's GCRAs from the VC's contract (Shaping).
    void SetUpShaper();

    bool m_shaping;           //!< hold cells until they conform (attribute)
    AtmGcra m_peak;           //!< the shaper's GCRA(1/PCR, 0)
    AtmGcra m_sustained;      //!< the shaper's GCRA(1/SCR, BT), VBR only
    std::vector<Time> m_held; //!< creation times of the held cells (a ring)
    std::size_t m_heldHead;   //!< oldest held cell in m_held
    uint32_t m_heldCells;     //!< cells held
    AtmCellTimer m_shaper;    //!< releases the next held cell

    AtmCellTimer m_next; //!< next cell of a timed source
    DataRate m_gapRate;  //!< the rate m_gap is for (GetCellGap)
    Time m_gap;          //!< a cell's time at m_gapRate (0: not worked out)
    // What every cell touches (SendOneCell), together (GetCellState()).
    Ptr<AtmVc> m_vc;            //!< the VC
    Ptr<AtmNetDevice> m_device; //!< source port
    uint32_t m_slot;            //!< slot at the source port
    uint32_t m_seq;             //!< next sequence number
    uint64_t m_sent;            //!< cells handed in
};

} // namespace ns3

#endif /* ATM_CELL_SOURCE_H */
