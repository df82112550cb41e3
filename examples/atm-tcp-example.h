/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_TCP_EXAMPLE_H
#define ATM_TCP_EXAMPLE_H

/**
 * @file
 * @ingroup atm
 * What the TCP-over-ATM examples share. The TCP settings (AtmTcpSettings)
 * and the bulk transfer with its counters (AtmTcpTransfer) are in the
 * module's helpers now, where scenario files reach them too.
 */

#include "ns3/applications-module.h"
#include "ns3/atm-tcp-settings.h"
#include "ns3/atm-tcp-transfer.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"

#endif /* ATM_TCP_EXAMPLE_H */
