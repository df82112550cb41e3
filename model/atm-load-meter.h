/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_LOAD_METER_H
#define ATM_LOAD_METER_H

#include "ns3/nstime.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The load-measurement interval of the explicit-rate schemes that
 *        count VCs (Roberts' VC counting, "recomputed every millisecond or
 *        so"; ERICA's averaging interval).
 *
 * Counts the cells arriving at a port and the VCs they belong to over
 * intervals of a given length, and keeps the last CCR (and, for the
 * fairness criteria, the MCR and the VC's weight) seen on each VC's
 * forward RM cells. An interval closes at the first event at or after its
 * end; the input rate and the active VCs of the last closed interval are
 * then available until the next one closes. Cost: O(1) per cell, O(active
 * VCs) per interval.
 */
class AtmLoadMeter
{
  public:
    AtmLoadMeter();

    /**
     * @brief Close the current interval if it has ended.
     * @param now the time
     * @param interval the length of an interval (> 0)
     * @return true when an interval closed
     */
    bool Poll(Time now, Time interval);

    /**
     * @brief A cell of a VC arrived (after Poll()).
     * @param slot its VC slot
     */
    void Count(uint32_t slot);

    /**
     * @brief A cell of a higher service category than ABR (CBR, VBR)
     *        arrived (after Poll()): load that ABR cannot have.
     */
    void CountHigher();

    /// @return cells/s of the higher categories over the last closed interval
    double GetHigherRate() const;

    /**
     * @brief Remember the CCR of a VC's forward RM cell.
     * @param slot its VC slot
     * @param ccr the CCR, cells/s
     */
    void SetCcr(uint32_t slot, double ccr);

    /**
     * @param slot a VC slot
     * @return its last CCR, or -1 when none was seen
     */
    double GetCcr(uint32_t slot) const;

    /**
     * @brief Remember the MCR of a VC's forward RM cell, and the VC's
     *        weight at the port.
     * @param slot its VC slot
     * @param mcr the MCR, cells/s
     * @param weight its weight
     */
    void SetMinimum(uint32_t slot, double mcr, double weight);

    /**
     * @param slot a VC slot
     * @return its last MCR (0 when none was seen)
     */
    double GetMcr(uint32_t slot) const;

    /**
     * @param slot a VC slot
     * @return its weight (1 when none was seen)
     */
    double GetWeight(uint32_t slot) const;

    /// @return true once an interval has closed
    bool HasMeasurement() const;
    /// @return cells/s over the last closed interval
    double GetInputRate() const;
    /// @return the VCs that sent a cell in the last closed interval
    const std::vector<uint32_t>& GetActiveVcs() const;

  private:
    /**
     * @brief Make room for a slot.
     * @param slot a VC slot
     */
    void Grow(uint32_t slot);

    Time m_start;           //!< start of the current interval
    bool m_running;         //!< an interval is open
    bool m_measured;        //!< an interval has closed
    uint64_t m_epoch;       //!< number of the current interval (from 1)
    uint64_t m_cells;       //!< cells in the current interval
    double m_rate;          //!< rate of the last closed interval
    uint64_t m_higherCells; //!< higher-category cells in the current interval
    double m_higherRate;    //!< their rate in the last closed interval

    /// What the meter keeps of a VC's forward RM cells.
    struct VcRates
    {
        double ccr{-1};   //!< last CCR (-1: none)
        double mcr{0};    //!< last MCR
        double weight{1}; //!< weight at the port
    };

    std::vector<uint64_t> m_seen;    //!< per slot: last interval with a cell
    std::vector<VcRates> m_rates;    //!< per slot: from its forward RM cells
    std::vector<uint32_t> m_current; //!< VCs seen in the current interval
    std::vector<uint32_t> m_active;  //!< VCs seen in the last closed interval
};

} // namespace ns3

#endif /* ATM_LOAD_METER_H */
