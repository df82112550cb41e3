/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-trace-source-accessor.h"

#include "atm-net-device.h"
#include "atm-switch.h"

namespace ns3
{

AtmTraceSourceAccessor::AtmTraceSourceAccessor(Ptr<const TraceSourceAccessor> inner)
    : m_inner(inner)
{
}

void
AtmTraceSourceAccessor::BeforeConnect()
{
    AtmSwitch::UndeferAll();
}

bool
AtmTraceSourceAccessor::AfterChange(bool connected)
{
    AtmLazyArrival::NoteConfigChange();
    return connected;
}

bool
AtmTraceSourceAccessor::ConnectWithoutContext(ObjectBase* obj, const CallbackBase& cb) const
{
    BeforeConnect();
    return AfterChange(m_inner->ConnectWithoutContext(obj, cb));
}

bool
AtmTraceSourceAccessor::Connect(ObjectBase* obj, std::string context, const CallbackBase& cb) const
{
    BeforeConnect();
    return AfterChange(m_inner->Connect(obj, context, cb));
}

bool
AtmTraceSourceAccessor::DisconnectWithoutContext(ObjectBase* obj, const CallbackBase& cb) const
{
    return AfterChange(m_inner->DisconnectWithoutContext(obj, cb));
}

bool
AtmTraceSourceAccessor::Disconnect(ObjectBase* obj,
                                   std::string context,
                                   const CallbackBase& cb) const
{
    return AfterChange(m_inner->Disconnect(obj, context, cb));
}

} // namespace ns3
