/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-transmit-gate.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(AtmTransmitGate);

TypeId
AtmTransmitGate::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmTransmitGate").SetParent<AtmPortPlugIn>().SetGroupName("Atm");
    return tid;
}

bool
AtmTransmitGate::CanDeferArrivals() const
{
    return false;
}

uint32_t
AtmTransmitGate::GetSureCells(uint32_t /* slot */, uint32_t /* queued */) const
{
    return 0;
}

void
AtmTransmitGate::NotifyPeerAccountingChanged()
{
}

} // namespace ns3
