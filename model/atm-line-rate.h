/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_LINE_RATE_H
#define ATM_LINE_RATE_H

#include "atm-cell.h"

#include "ns3/data-rate.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The rate of an ATM line and what it gives a cell: the line rate,
 *        whether the cells travel in SONET frames, and from these the cell
 *        rate and the time one cell (424 bits) takes on the wire.
 *
 * With SONET framing (STS-Nc) the cells get 26/27 of the line rate (STS-3c:
 * 149.76 of 155.52 Mb/s; STS-12c: 599.04 of 622.08). An AtmNetDevice keeps
 * one, by value, for its DataRate and SonetFraming attributes, and keeps the
 * cell time it gives for its cells.
 */
class AtmLineRate
{
  public:
    /// An OC-3c line: 155.52 Mb/s with SONET framing.
    AtmLineRate();

    /**
     * @brief Set the line rate (with SONET framing, the SONET line rate).
     * @param rate the line rate: must be positive
     * @param context the port's context, for the error message
     */
    void SetDataRate(DataRate rate, const std::string& context);

    /// @return the line rate
    DataRate GetDataRate() const
    {
        return m_rate;
    }

    /// @param sonet whether the line carries SONET framing
    void SetSonetFraming(bool sonet);

    /// @return whether the line carries SONET framing
    bool GetSonetFraming() const
    {
        return m_sonet;
    }

    /// @return cells per second on the line: its rate (26/27 of it with
    ///         SONET framing) over the 424 bits of a cell
    double GetCellRate() const
    {
        return m_cellRate;
    }

    /// @return the transmission time of one cell
    Time GetCellTime() const
    {
        return Seconds(1.0 / GetCellRate());
    }

  private:
    /// Compute the cell rate, once per change: flow control reads it per
    /// cell, and DataRate::GetBitRate() is a call into ns-3.
    void UpdateCellRate();

    DataRate m_rate;   //!< line rate
    bool m_sonet;      //!< SONET framing
    double m_cellRate; //!< cells per second (UpdateCellRate())
};

} // namespace ns3

#endif /* ATM_LINE_RATE_H */
