/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TRACED_DOUBLE_H
#define ATM_TRACED_DOUBLE_H

#include "ns3/callback.h"
#include "ns3/traced-callback.h"

#include <string>

namespace ns3
{

/**
 * @ingroup atm
 * @brief A double whose changes are a trace source, as ns-3's
 *        TracedValue<double> (a sink gets the old and the new value, and
 *        only a change fires it, before the value changes), which can also
 *        tell whether anything listens.
 *
 * The lazy arrival of the fast cell path must know whether a change made
 * while the switch catches up on its arrivals would be seen at the wrong
 * time (AtmPortBehaviour::IsObserved); a TracedValue cannot tell. Declared
 * with MakeTraceSourceAccessor and "ns3::TracedValueCallback::Double", as a
 * TracedValue<double> would be: a sink connects the same way.
 */
class AtmTracedDouble
{
  public:
    /// @param v the first value (no trace)
    explicit AtmTracedDouble(double v = 0)
        : m_v(v)
    {
    }

    /**
     * @brief Change the value; the sinks hear of a change.
     * @param v the new value
     * @return this
     */
    AtmTracedDouble& operator=(double v)
    {
        if (m_v != v)
        {
            m_cb(m_v, v);
            m_v = v;
        }
        return *this;
    }

    /// @return the value
    double Get() const
    {
        return m_v;
    }

    /// @return the value
    operator double() const
    {
        return m_v;
    }

    /// @return true if a sink is connected
    bool IsObserved() const
    {
        return !m_cb.IsEmpty();
    }

    /**
     * @brief Connect a sink (for the trace source accessor).
     * @param cb the sink
     */
    void ConnectWithoutContext(const CallbackBase& cb)
    {
        m_cb.ConnectWithoutContext(cb);
    }

    /**
     * @brief Connect a sink with a context (for the trace source accessor).
     * @param cb the sink
     * @param path the context
     */
    void Connect(const CallbackBase& cb, std::string path)
    {
        m_cb.Connect(cb, path);
    }

    /**
     * @brief Disconnect a sink (for the trace source accessor).
     * @param cb the sink
     */
    void DisconnectWithoutContext(const CallbackBase& cb)
    {
        m_cb.DisconnectWithoutContext(cb);
    }

    /**
     * @brief Disconnect a sink with a context (for the trace source accessor).
     * @param cb the sink
     * @param path the context
     */
    void Disconnect(const CallbackBase& cb, std::string path)
    {
        m_cb.Disconnect(cb, path);
    }

  private:
    double m_v;                          //!< the value
    TracedCallback<double, double> m_cb; //!< the sinks: old value, new value
};

} // namespace ns3

#endif /* ATM_TRACED_DOUBLE_H */
