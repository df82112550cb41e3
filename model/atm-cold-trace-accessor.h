/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_COLD_TRACE_ACCESSOR_H
#define ATM_COLD_TRACE_ACCESSOR_H

#include "atm-trace-source-accessor.h"

#include "ns3/abort.h"
#include "ns3/trace-source-accessor.h"

namespace ns3
{

/**
 * @ingroup atm
 * @brief The accessor of a trace source kept in the cold part of an
 *        object: connecting a sink makes the cold part, so that an object
 *        nobody listens to carries one pointer instead of the callbacks.
 *
 * The owner has a type Owner::Cold holding the trace source and a method
 * `Owner::Cold& GetCold()` that makes it on first use; it names this
 * template a friend when they are private. Used by AtmVc, AtmAbrSource and
 * AtmAbrDestination, whose idle instances (thousands per port) are the
 * memory of a large network.
 *
 * @tparam Owner the class with the trace source
 * @tparam T the trace source's type (a TracedCallback)
 */
template <typename Owner, typename T>
class AtmColdTraceAccessor : public TraceSourceAccessor
{
  public:
    /// @param source the trace source in Owner::Cold
    explicit AtmColdTraceAccessor(T Owner::Cold::* source)
        : m_source(source)
    {
    }

    bool ConnectWithoutContext(ObjectBase* obj, const CallbackBase& cb) const override
    {
        AtmTraceSourceAccessor::BeforeConnect();
        Get(obj).ConnectWithoutContext(cb);
        return AtmTraceSourceAccessor::AfterChange(true);
    }

    bool Connect(ObjectBase* obj, std::string context, const CallbackBase& cb) const override
    {
        AtmTraceSourceAccessor::BeforeConnect();
        Get(obj).Connect(cb, context);
        return AtmTraceSourceAccessor::AfterChange(true);
    }

    bool DisconnectWithoutContext(ObjectBase* obj, const CallbackBase& cb) const override
    {
        Get(obj).DisconnectWithoutContext(cb);
        return AtmTraceSourceAccessor::AfterChange(true);
    }

    bool Disconnect(ObjectBase* obj, std::string context, const CallbackBase& cb) const override
    {
        Get(obj).Disconnect(cb, context);
        return AtmTraceSourceAccessor::AfterChange(true);
    }

  private:
    /**
     * @param obj the owner
     * @return its trace source (the cold part made if need be)
     */
    T& Get(ObjectBase* obj) const
    {
        auto owner = dynamic_cast<Owner*>(obj);
        NS_ABORT_MSG_IF(!owner,
                        "AtmColdTraceAccessor: the object is not a "
                            << Owner::GetTypeId().GetName());
        return owner->GetCold().*m_source;
    }

    T Owner::Cold::* m_source; //!< the trace source
};

/**
 * @ingroup atm
 * @param source a trace source in Owner::Cold (its type, Cold, is deduced,
 *        so that a private Cold can be named by its owner alone)
 * @return its accessor, for TypeId::AddTraceSource
 */
template <typename Owner, typename Cold, typename T>
Ptr<const TraceSourceAccessor>
MakeAtmColdTraceAccessor(T Cold::* source)
{
    return Ptr<const TraceSourceAccessor>(new AtmColdTraceAccessor<Owner, T>(source), false);
}

} // namespace ns3

#endif /* ATM_COLD_TRACE_ACCESSOR_H */
