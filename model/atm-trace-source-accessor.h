/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TRACE_SOURCE_ACCESSOR_H
#define ATM_TRACE_SOURCE_ACCESSOR_H

#include "ns3/ptr.h"
#include "ns3/trace-source-accessor.h"

#include <string>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The accessor of the module's trace sources: before a sink
 *        connects, every cell a switch holds on a wire without an arrival
 *        event (lazy arrival, AtmSwitch::CanDefer, which decided that
 *        nothing listened) gets one (AtmSwitch::UndeferAll), so a sink
 *        connected during the run hears each cell at its own arrival time,
 *        as on the two-event path, and none that arrived before it came.
 *
 * MakeAtmTraceSourceAccessor() wraps ns-3's MakeTraceSourceAccessor();
 * AtmColdTraceAccessor calls BeforeConnect() itself. Disconnecting needs
 * no UndeferAll: a cell handed over while a sink listens has its event.
 * Both then call AfterChange(): what the ports decided for lazy arrival
 * from their traces' sinks is decided again.
 */
class AtmTraceSourceAccessor : public TraceSourceAccessor
{
  public:
    /// @param inner the accessor that connects the sink
    explicit AtmTraceSourceAccessor(Ptr<const TraceSourceAccessor> inner);

    /// What every connection of a sink to the module's traces does first.
    static void BeforeConnect();

    /**
     * @brief What every connection or disconnection of a sink does last:
     *        the ports decide again what lazy arrival may do
     *        (AtmLazyArrival::NoteConfigChange).
     * @param connected what the connection returned
     * @return @p connected
     */
    static bool AfterChange(bool connected);

    bool ConnectWithoutContext(ObjectBase* obj, const CallbackBase& cb) const override;
    bool Connect(ObjectBase* obj, std::string context, const CallbackBase& cb) const override;
    bool DisconnectWithoutContext(ObjectBase* obj, const CallbackBase& cb) const override;
    bool Disconnect(ObjectBase* obj, std::string context, const CallbackBase& cb) const override;

  private:
    Ptr<const TraceSourceAccessor> m_inner; //!< the accessor that connects
};

/**
 * @ingroup atm
 * @brief MakeTraceSourceAccessor() for the module's trace sources (see
 *        AtmTraceSourceAccessor).
 * @tparam T the member (or getter) of the trace source
 * @param a the member
 * @return the accessor
 */
template <typename T>
Ptr<const TraceSourceAccessor>
MakeAtmTraceSourceAccessor(T a)
{
    return Create<AtmTraceSourceAccessor>(MakeTraceSourceAccessor(a));
}

} // namespace ns3

#endif /* ATM_TRACE_SOURCE_ACCESSOR_H */
