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
 * columns give (Kung Table 1; the GFC-1 rates of ATM Forum 94-0557); with
 * MCRs it is the generalized max-min allocation (each flow gets the larger
 * of its MCR and its max-min share of what the MCRs leave), the "MCR or
 * max-min share, whichever is larger" criterion of ATM Forum TM 4.0.
 */
class AtmMaxMinOracle
{
  public:
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
     * @return the flow index
     */
    uint32_t AddFlow(const std::vector<uint32_t>& links,
                     double limit = std::numeric_limits<double>::infinity(),
                     double minimum = 0);

    /**
     * @brief The max-min fair rates. Aborts when the MCRs of the flows
     *        crossing a link exceed its capacity.
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

  private:
    /// A flow.
    struct Flow
    {
        std::vector<uint32_t> links; //!< links crossed
        double limit;                //!< own limit (PCR)
        double minimum;              //!< minimum rate (MCR)
    };

    std::vector<double> m_capacity; //!< per link
    std::vector<Flow> m_flows;      //!< flows
};

} // namespace ns3

#endif /* ATM_MAX_MIN_ORACLE_H */
