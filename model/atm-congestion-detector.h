/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CONGESTION_DETECTOR_H
#define ATM_CONGESTION_DETECTOR_H

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Two-threshold congestion detection of Arulambalam, Chen and Ansari,
 *        section 3, global (eq. 2) and per VC (eqs. 3-5).
 *
 * Global flag sigma(t): set when the queue Q exceeds the high threshold
 * Q_HT, kept while Q > Q_LT, cleared when Q falls below Q_LT.
 *
 * Per-VC flag sigma_vc(t): while the aggregate queue is above Q_HT, a VC
 * whose queue exceeds Q_HT / N_vc is flagged; the flag stays until the VC's
 * queue falls below Q_LT / N_vc, where N_vc is the number of VCs with cells
 * queued at that instant (eqs. 4-5).
 *
 * A threshold of zero turns detection off. The object only keeps the flags;
 * the queue disc that owns it reports every change of length.
 */
class AtmCongestionDetector
{
  public:
    AtmCongestionDetector();

    /**
     * @brief Set the thresholds (cells).
     * @param low Q_LT
     * @param high Q_HT (0 turns detection off)
     */
    void SetThresholds(uint32_t low, uint32_t high);

    /// @return Q_HT
    uint32_t GetHighThreshold() const;
    /// @return Q_LT
    uint32_t GetLowThreshold() const;

    /// @param n number of VC slots to track
    void SetVcCount(uint32_t n);

    /**
     * @brief Report the lengths after an enqueue or dequeue.
     * @param total cells in the queue
     * @param vc the VC slot whose queue changed
     * @param vcLen its queue length
     * @param activeVcs number of VCs with cells queued
     * @return true when the global flag changed
     */
    bool Update(uint32_t total, uint32_t vc, uint32_t vcLen, uint32_t activeVcs);

    /// @return true if thresholds are set (Update() does nothing otherwise)
    bool IsOn() const
    {
        return m_high != 0;
    }

    /// @return the global flag sigma(t)
    bool IsCongested() const;

    /**
     * @brief Evaluate eq. 3 for one VC now.
     * @param total cells in the queue
     * @param vc the VC slot
     * @param vcLen its queue length
     * @param activeVcs number of VCs with cells queued
     * @return sigma_vc(t)
     */
    bool IsVcCongested(uint32_t total, uint32_t vc, uint32_t vcLen, uint32_t activeVcs);

  private:
    uint32_t m_low;                //!< Q_LT
    uint32_t m_high;               //!< Q_HT
    bool m_congested;              //!< sigma(t)
    std::vector<uint8_t> m_vcFlag; //!< sigma_vc(t-) per VC slot
};

} // namespace ns3

#endif /* ATM_CONGESTION_DETECTOR_H */
