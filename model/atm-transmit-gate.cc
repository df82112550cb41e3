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

} // namespace ns3
