/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-buffer-allocation.h"

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

} // namespace ns3
