/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ERICA_PLUS_H
#define ATM_ERICA_PLUS_H

#include "atm-erica.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief ERICA+ (Jain et al., ATM Forum 96-1172 §6): ERICA whose ABR
 *        capacity follows the queue, so that the link runs full with a
 *        small, bounded queue.
 *
 * With C = TargetUtilization * cell rate (1.0 for Jain's ERICA+), the
 * target queue Q0 = T0 * C cells and Q the port's queue at the end of the
 * interval:
 *
 *     f(Q) = b * Q0 / ((b - 1) * Q + Q0)                 Q <= Q0  (1 .. b)
 *     f(Q) = max(QDLF, a * Q0 / ((a - 1) * Q + Q0))      Q >  Q0  (QDLF .. 1)
 *     ABR capacity = f(Q) * C
 *
 * Everything else is ERICA.
 */
class AtmEricaPlus : public AtmErica
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmEricaPlus();
    ~AtmEricaPlus() override;

    /**
     * @brief The queue control function.
     * @param queueCells Q, cells
     * @param targetCells Q0, cells
     * @return f(Q)
     */
    double QueueControl(double queueCells, double targetCells) const;

  protected:
    double GetAbrCapacity(const AtmPortState& port) const override;

  private:
    Time m_t0;     //!< target queueing delay
    double m_a;    //!< curve above Q0
    double m_b;    //!< curve below Q0
    double m_qdlf; //!< queue drain limit factor
};

} // namespace ns3

#endif /* ATM_ERICA_PLUS_H */
