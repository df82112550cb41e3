/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_MAX_MIN_ORACLE_H
#define ATM_MAX_MIN_ORACLE_H

#include <cstdint>
#include <limits>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The max-min fair rates of a set of flows over capacitated links
 *        (progressive filling / water-filling), with per-flow rate limits
 *        (PCR) and minimum rates (MCR).
 *
 * A water level rises from zero; every flow runs at the level or at its own
 * MCR, whichever is larger, and never above its limit. A link that fills
 * freezes the flows crossing it, and a flow that meets its limit freezes
 * too. Without MCRs this is the allocation the papers' "max-min rate"
 * columns give (Kung Table 1; the GFC-1 rates of ATM Forum 94-0557).
 *
 * With MCRs, ATM Forum TM 4.0 (section 5.2) lists several fairness
 * criteria, each a Criterion here; all of them fill progressively, each
 * flow's rate a function of one rising level t, until a link fills or the
 * flow meets its limit:
 * - MAX_OF_MCR_OR_SHARE (the default): max(MCR, t), the larger of its MCR
 *   and its max-min share;
 * - MAX_MIN: t, the MCRs playing no part;
 * - MCR_PLUS_EQUAL_SHARE: MCR + t, an equal share of what the MCRs leave;
 * - PROPORTIONAL_TO_MCR: MCR x t, shares in proportion to the MCRs (a flow
 *   with MCR 0 gets none);
 * - WEIGHTED: MCR + w x t, what the MCRs leave shared in proportion to
 *   each flow's weight w (Vandalore, Fahmy, Jain et al., "General weighted
 *   fairness", ATM Forum 98-0408; equal weights give MCR_PLUS_EQUAL_SHARE,
 *   weights equal to the MCRs give PROPORTIONAL_TO_MCR).
 * Where a flow's rate starts at its MCR, the MCRs of the flows over a link
 * must fit its capacity (Solve() stops otherwise); under MAX_MIN and
 * PROPORTIONAL_TO_MCR they need not.
 */
class AtmMaxMinOracle
{
  public:
    /// TM 4.0's fairness criteria (see the class description).
    enum Criterion
    {
        MAX_OF_MCR_OR_SHARE,  //!< max(MCR, max-min share)
        MAX_MIN,              //!< max-min, MCRs ignored
        MCR_PLUS_EQUAL_SHARE, //!< MCR plus an equal share of the rest
        PROPORTIONAL_TO_MCR,  //!< in proportion to the MCRs
        WEIGHTED,             //!< MCR plus a share of the rest in proportion to a weight
    };

    /// @param criterion the fairness criterion
    explicit AtmMaxMinOracle(Criterion criterion = MAX_OF_MCR_OR_SHARE);

    /**
     * @brief Add a link.
     * @param capacity its capacity (any unit, the same for all)
     * @return the link index
     */
    uint32_t AddLink(double capacity);

    /**
     * @brief Add a flow.
     * @param links the links it crosses
     * @param limit its own rate limit (peak rate), infinite by default
     * @param minimum its minimum rate (MCR, at most @p limit), 0 by default
     * @param weight its weight under WEIGHTED (positive), 1 by default
     * @return the flow index
     */
    uint32_t AddFlow(const std::vector<uint32_t>& links,
                     double limit = std::numeric_limits<double>::infinity(),
                     double minimum = 0,
                     double weight = 1);

    /**
     * @brief The fair rates under the criterion. Aborts when a flow's rate
     *        starts at its MCR and the MCRs of the flows crossing a link
     *        exceed its capacity.
     * @return the rate of every flow, by flow index
     */
    std::vector<double> Solve() const;

    /**
     * @brief The CAB number of a link (Kung and Wang, section 7.1): the
     *        most that all flows over it can get together, subject to the
     *        rest of the network (their max-min rates with this link's
     *        capacity lifted), divided by its capacity.
     * @param link the link
     * @return the CAB number (a link no flow crosses: 0)
     */
    double GetCabNumber(uint32_t link) const;

    /**
     * @brief Jain's fairness index of measured/ideal ratios.
     * @param x the values
     * @return (sum x)^2 / (n sum x^2)
     */
    static double JainIndex(const std::vector<double>& x);

    /**
     * @brief A flow's rate at level 0 under a criterion (the t-independent
     *        part of its rate; under MAX_OF_MCR_OR_SHARE its MCR, where it
     *        is held until the level reaches it).
     * @param criterion the criterion
     * @param minimum the flow's MCR
     * @return the base rate
     */
    static double GetBase(Criterion criterion, double minimum);
    /**
     * @brief How fast a flow's rate rises with the level once it rises.
     * @param criterion the criterion
     * @param minimum the flow's MCR
     * @param weight the flow's weight (WEIGHTED)
     * @return the slope
     */
    static double GetSlope(Criterion criterion, double minimum, double weight);

  private:
    /// A flow.
    struct Flow
    {
        std::vector<uint32_t> links; //!< links crossed
        double limit;                //!< own limit (PCR)
        double minimum;              //!< minimum rate (MCR)
        double weight;               //!< weight (WEIGHTED)
    };

    /**
     * @param f a flow
     * @return its rate at level 0 under the criterion
     */
    double GetBase(const Flow& f) const;
    /**
     * @param f a flow
     * @return how fast its rate rises with the level once it rises
     */
    double GetSlope(const Flow& f) const;

    Criterion m_criterion; //!< the fairness criterion

    std::vector<double> m_capacity; //!< per link
    std::vector<Flow> m_flows;      //!< flows
};

} // namespace ns3

#endif /* ATM_MAX_MIN_ORACLE_H */
