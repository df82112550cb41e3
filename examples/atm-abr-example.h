/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ABR_EXAMPLE_H
#define ATM_ABR_EXAMPLE_H

/**
 * @file
 * @ingroup atm
 * What the ABR examples share: the queue of a switch port measured over a
 * window (largest and time-averaged length) and its utilization.
 */

#include "ns3/atm-module.h"
#include "ns3/core-module.h"

#include <algorithm>

namespace ns3
{

/// Queue length and utilization of one port over a measurement window.
class AtmPortMonitor
{
  public:
    /**
     * @brief Watch a port from @p start to @p stop.
     * @param port the port
     * @param start window start
     * @param stop window end
     */
    AtmPortMonitor(Ptr<AtmNetDevice> port, Time start, Time stop)
        : m_port(port),
          m_start(start),
          m_stop(stop)
    {
        port->GetQueueDisc()->TraceConnectWithoutContext(
            "CellsInQueue",
            MakeCallback(&AtmPortMonitor::Changed, this));
        Simulator::Schedule(start, &AtmPortMonitor::StartWindow, this);
        Simulator::Schedule(stop, &AtmPortMonitor::EndWindow, this);
    }

    AtmPortMonitor(const AtmPortMonitor&) = delete;
    AtmPortMonitor& operator=(const AtmPortMonitor&) = delete;

    /// @return the largest queue in the window, cells
    uint32_t GetPeak() const
    {
        return m_peak;
    }

    /// @return the time-averaged queue in the window, cells
    double GetAverage() const
    {
        return m_area / (m_stop - m_start).GetSeconds();
    }

    /// @return cells transmitted in the window over what the port could send
    double GetUtilization() const
    {
        return (m_tx1 - m_tx0) / (m_port->GetCellRate() * (m_stop - m_start).GetSeconds());
    }

  private:
    /**
     * @brief The queue changed.
     * @param newValue cells now
     */
    void Changed(uint32_t /* oldValue */, uint32_t newValue)
    {
        const Time now = Simulator::Now();
        if (now > m_start && m_lastChange < m_stop)
        {
            m_area +=
                m_last * (std::min(now, m_stop) - std::max(m_lastChange, m_start)).GetSeconds();
        }
        if (now >= m_start && now <= m_stop)
        {
            m_peak = std::max(m_peak, newValue);
        }
        m_lastChange = now;
        m_last = newValue;
    }

    /// The window starts: cells transmitted so far; the peak from now on.
    void StartWindow()
    {
        m_tx0 = m_port->GetCellsTransmitted();
        m_peak = m_last;
    }

    /// The window ends: cells transmitted so far; the integral is closed.
    void EndWindow()
    {
        m_tx1 = m_port->GetCellsTransmitted();
        Changed(m_last, m_last);
    }

    Ptr<AtmNetDevice> m_port; //!< the port
    Time m_start;             //!< window start
    Time m_stop;              //!< window end
    Time m_lastChange;        //!< last change
    uint32_t m_last{0};       //!< queue since then
    uint32_t m_peak{0};       //!< largest in the window
    double m_area{0};         //!< cells x s in the window
    uint64_t m_tx0{0};        //!< cells sent at the start
    uint64_t m_tx1{0};        //!< cells sent at the end
};

} // namespace ns3

#endif /* ATM_ABR_EXAMPLE_H */
