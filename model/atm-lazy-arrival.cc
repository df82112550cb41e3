/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-lazy-arrival.h"

#include "atm-net-device.h"
#include "atm-port-behaviour.h"
#include "atm-queue-disc.h"
#include "atm-receive-accounting.h"
#include "atm-transmit-gate.h"
#include "atm-upc.h"
#include "atm-vc.h"

namespace ns3
{

namespace
{
/// NoteConfigChange's count (file-local: read per cell without the GOT).
uint64_t g_configChanges = 0;
} // namespace

void
AtmLazyArrival::NoteConfigChange()
{
    ++g_configChanges;
}

inline void
AtmLazyArrival::Update(const AtmNetDevice& port) const
{
    if (m_generation != g_configChanges)
    {
        Decide(port);
    }
}

void
AtmLazyArrival::Decide(const AtmNetDevice& port) const
{
    m_generation = g_configChanges;
    const AtmPortFlowControl& fc = port.m_flowControl;
    // A UPC discard is a drop of the VC: not delayed when the VC's Drop
    // trace or the UPC's traces have a sink.
    const AtmUpc* upc = fc.PeekUpc();
    const AtmReceiveAccounting* accounting = fc.PeekReceiveAccounting();
    m_rxDeferrable = !port.m_rxErrorModel &&
                     (!upc || (!upc->IsObserved() && !AtmVc::IsAnyDropObserved())) &&
                     (!accounting || accounting->CanDeferArrivals()) && port.m_phyRxEnd.IsEmpty() &&
                     port.m_traceDrop.IsEmpty();
    const AtmTransmitGate* gate = fc.PeekTransmitGate();
    m_gateHolds = gate && !gate->CanDeferArrivals();
    const AtmPortBehaviour* behaviour = fc.PeekPortBehaviour();
    const AtmQueueDisc* queue = PeekPointer(port.m_queue);
    m_enqueueObserved = !queue || queue->IsObserved() || queue->CanDropQueued() ||
                        (behaviour && behaviour->IsObserved());
}

bool
AtmLazyArrival::CanDeferArrivals(const AtmNetDevice& port) const
{
    Update(port);
    return m_rxDeferrable;
}

// Flattened: the two tests are per cell, and the inliner's choice moved
// with unrelated changes of the caller (AtmSwitch::CanDefer): about 24
// instructions per hop on the chain when both were calls.
[[gnu::flatten]] bool
AtmLazyArrival::CanQueueLater(const AtmNetDevice& port, int64_t t, uint32_t slot) const
{
    return IsSendingAt(port, t, slot) && !IsEnqueueObserved(port, slot);
}

bool
AtmLazyArrival::IsSendingAt(const AtmNetDevice& port, int64_t t, uint32_t slot) const
{
    AtmTransmitGate* const gate = port.m_flowControl.PeekTransmitGate();
    if (port.m_txState != AtmNetDevice::BUSY || port.m_txBlocked)
    {
        return false;
    }
    if (gate)
    {
        // The gate may hold queued cells back: the cell on the wire keeps
        // the port sending, and the cells of the VC the gate is sure to
        // let through when the queue serves VCs apart.
        Update(port);
        if (m_gateHolds)
        {
            return false;
        }
        const uint32_t sure = port.m_queue->ServesVcsApart()
                                  ? gate->GetSureCells(slot, port.m_queue->GetVcCells(slot))
                                  : 0;
        return port.m_txEnd + static_cast<int64_t>(sure) * port.m_cellSteps >= t;
    }
    return port.m_txEnd + static_cast<int64_t>(port.m_queue->GetNCells()) * port.m_cellSteps >= t;
}

bool
AtmLazyArrival::IsEnqueueObserved(const AtmNetDevice& port, uint32_t slot) const
{
    Update(port);
    if (m_enqueueObserved)
    {
        return true;
    }
    // The VC's own object only if some VC's drops are listened to: in a
    // large network it is the one line of the hop nothing else reads.
    if (!AtmVc::IsAnyDropObserved())
    {
        return false;
    }
    const AtmPortVcs& vcs = port.m_vcs;
    const AtmVc* vc = slot < vcs.GetNTxVcs() ? vcs.PeekTxVc(slot) : nullptr;
    return vc && vc->IsDropObserved();
}

} // namespace ns3
