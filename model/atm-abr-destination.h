/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ABR_DESTINATION_H
#define ATM_ABR_DESTINATION_H

#include "atm-cell.h"

#include "ns3/object.h"

#include <memory>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The ABR destination end system of ATM Forum TM 4.0 (section
 *        5.10.5) as described by Arulambalam, Chen and Ansari §2.1.
 *
 * It keeps the EFCI state of the connection from the data cells it
 * receives (OnDataCell()) and turns each forward RM cell around
 * (TurnAround()): DIR = 1, CI = 1 when the EFCI state is set (the state is
 * then cleared), and, when the destination itself cannot take more
 * (attribute SupportedRate), ER lowered to what it can take. Every other
 * field is returned as it came.
 *
 * EfciMode chooses what the EFCI state is: LastCell (TM 4.0: the EFCI bit
 * of the last data cell received) or SinceLastRm (Arulambalam's wording: an
 * EFCI bit seen on any data cell since the last turned-around RM cell).
 */
class AtmAbrDestination : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmAbrDestination();
    ~AtmAbrDestination() override;
    AtmAbrDestination(const AtmAbrDestination&) = delete;
    AtmAbrDestination& operator=(const AtmAbrDestination&) = delete;

    /// What the EFCI state remembers.
    enum EfciMode
    {
        LAST_CELL = 0,     //!< the EFCI bit of the last data cell (TM 4.0)
        SINCE_LAST_RM = 1, //!< any EFCI bit since the last turned-around RM cell
    };

    /**
     * @brief Callback signature of Turnaround.
     * @param brm the backward RM cell made
     */
    typedef void (*TurnaroundTracedCallback)(const AtmCell& brm);

    /**
     * @brief A data cell of the VC arrived.
     * @param data the cell
     */
    void OnDataCell(const AtmCell& data);

    /**
     * @brief Turn a forward RM cell around.
     * @param frm the forward RM cell
     * @return the backward RM cell to send back on the VC
     */
    AtmCell TurnAround(const AtmCell& frm);

    /// @return the EFCI state
    bool GetEfciState() const;

  private:
    EfciMode m_mode;        //!< what the EFCI state remembers
    double m_supportedRate; //!< ER ceiling, cells/s (0: none)
    bool m_efci;            //!< the EFCI state

    /// The trace source (Turnaround): made when a sink connects, so that
    /// an idle connection does not carry it.
    struct Cold;

    /// Connects to the trace source of the cold part (makes it).
    template <typename Owner, typename T>
    friend class AtmColdTraceAccessor;

    /// @return the cold part, made on first use
    Cold& GetCold();

    std::unique_ptr<Cold> m_cold; //!< the trace source, or null
};

} // namespace ns3

#endif /* ATM_ABR_DESTINATION_H */
