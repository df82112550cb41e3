/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_GCRA_H
#define ATM_GCRA_H

#include <cstdint>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The Generic Cell Rate Algorithm GCRA(I, L) of ATM Forum TM 4.0
 *        section 4.4.1 and ITU-T I.371 annex A, in either of its two
 *        equivalent forms.
 *
 * - Virtual scheduling: the theoretical arrival time TAT starts at the
 *   first cell's arrival. A cell arriving at t_a < TAT - L does not
 *   conform; otherwise TAT = max(t_a, TAT) + I.
 * - Continuous-state leaky bucket: a bucket of content X drains one unit
 *   per unit of time; X' = max(0, X - (t_a - LCT)). A cell with X' > L
 *   does not conform; otherwise X = X' + I and LCT = t_a.
 *
 * Both give the same verdict on every cell (TAT = LCT + X); the tests
 * check it on random streams. A non-conforming cell leaves the state as it
 * was. Times are in ns-3 time steps, exactly: a cell exactly at TAT - L
 * conforms, one step earlier does not.
 *
 * GCRA(1/PCR, CDVT) polices the peak cell rate; for VBR, GCRA(1/SCR,
 * BT + CDVT) the sustainable rate beside it (a "dual leaky bucket").
 */
class AtmGcra
{
  public:
    /// The two forms of the algorithm (TM 4.0 figure 4-1).
    enum Form
    {
        VIRTUAL_SCHEDULING, //!< the theoretical arrival time
        LEAKY_BUCKET,       //!< the continuous-state leaky bucket
    };

    /// An unset GCRA: every cell conforms.
    AtmGcra();

    /**
     * @param increment I, the cell interval of the policed rate (time steps, > 0)
     * @param limit L, the tolerance (time steps, >= 0)
     * @param form which form to run
     */
    AtmGcra(int64_t increment, int64_t limit, Form form = VIRTUAL_SCHEDULING);

    /**
     * @brief The increment I of a rate, as the UPC and the sources'
     *        shapers take it (one rounding, so that a shaped cell conforms
     *        at the UPC exactly).
     * @param cellRate a rate, cells/s (> 0)
     * @return 1 / rate in time steps
     */
    static int64_t IncrementOf(double cellRate);

    /// @return true if set with an increment (a rate is policed)
    bool IsSet() const;

    /**
     * @param t a cell's arrival time (time steps, not before the last
     *        conforming cell)
     * @return true if a cell at @p t would conform (the state is not changed)
     */
    bool Conforms(int64_t t) const;

    /**
     * @brief Record a conforming cell at @p t (after Conforms(t)).
     * @param t its arrival time
     */
    void Update(int64_t t);

    /**
     * @brief A cell arrives: the verdict, and the state updated if it conforms.
     * @param t its arrival time
     * @return true if it conforms
     */
    bool Arrive(int64_t t);

    /**
     * @return the earliest time a cell conforms from now on (TAT - L; the
     *         smallest time step before any cell): when a shaper may send
     */
    int64_t GetEarliestConformingTime() const;

    /// @return I (time steps)
    int64_t GetIncrement() const;
    /// @return L (time steps)
    int64_t GetLimit() const;

  private:
    int64_t m_increment; //!< I
    int64_t m_limit;     //!< L
    Form m_form;         //!< which state is kept
    bool m_started;      //!< a conforming cell was seen
    int64_t m_tat;       //!< virtual scheduling: TAT
    int64_t m_lct;       //!< leaky bucket: last conformance time
    int64_t m_bucket;    //!< leaky bucket: X, after the cell at LCT
};

} // namespace ns3

#endif /* ATM_GCRA_H */
