/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-buffer-allocation.h"

#include "ns3/abort.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(AtmBufferAllocation);

TypeId
AtmBufferAllocation::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmBufferAllocation").SetParent<Object>().SetGroupName("Atm");
    return tid;
}

Time
AtmBufferAllocation::GetInterval(Time /* rtt */) const
{
    return Time(0);
}

void
AtmBufferAllocation::Reallocate(Interval& /* interval */) const
{
}

std::string
AtmBufferAllocation::GetConfigError() const
{
    return "";
}

void
AtmBufferAllocation::CheckConfig(const std::string& owner) const
{
    const std::string error = GetConfigError();
    NS_ABORT_MSG_IF(!error.empty(),
                    owner << ": Allocation " << GetInstanceTypeId().GetName() << ": " << error);
}

} // namespace ns3
