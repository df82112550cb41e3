/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-receive-accounting.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(AtmReceiveAccounting);

TypeId
AtmReceiveAccounting::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmReceiveAccounting").SetParent<AtmPortPlugIn>().SetGroupName("Atm");
    return tid;
}

bool
AtmReceiveAccounting::CanDeferArrivals() const
{
    return false;
}

} // namespace ns3
