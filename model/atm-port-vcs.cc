/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-port-vcs.h"

#include "atm-net-device.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmPortVcs");

AtmPortVcs::AtmPortVcs() = default;

AtmPortVcs::~AtmPortVcs() = default;

void
AtmPortVcs::CheckVpi(uint16_t vpi, const char* what, const AtmNetDevice& port)
{
    const bool nni = port.GetInterfaceType() == AtmNetDevice::NNI;
    const uint16_t max = nni ? 4095 : 255;
    NS_ABORT_MSG_IF(vpi > max,
                    "AtmNetDevice (" << port.GetContext() << "): " << what << " VPI = " << vpi
                                     << ": above " << max << " on a " << (nni ? "NNI" : "UNI")
                                     << " link");
}

uint32_t
AtmPortVcs::AddTxVc(uint16_t vpi, uint16_t vci, Ptr<AtmVc> vc, const AtmNetDevice& port)
{
    NS_LOG_FUNCTION(this << vpi << vci << vc);
    CheckVpi(vpi, "outgoing", port);
    NS_ABORT_MSG_IF(vci < 32,
                    "AtmNetDevice (" << port.GetContext() << "): outgoing VCI = " << vci
                                     << ": VCIs 0-31 are reserved (ITU-T I.361)");
    const auto slot = static_cast<uint32_t>(m_txVcs.size());
    const bool added = m_txLabels.Insert(vpi, vci, slot);
    NS_ABORT_MSG_IF(!added,
                    "AtmNetDevice (" << port.GetContext() << "): outgoing VPI/VCI = " << vpi << "/"
                                     << vci << ": already in use on this port");
    m_txVcs.push_back(TxVc{vpi, vci, 0, nullptr});
    m_txVcRefs.push_back(vc);
    return slot;
}

bool
AtmPortVcs::IsTxLabelInUse(uint16_t vpi, uint16_t vci) const
{
    return m_txLabels.Contains(vpi, vci);
}

Ptr<AtmVc>
AtmPortVcs::GetTxVc(uint32_t slot) const
{
    return m_txVcRefs.at(slot);
}

std::pair<uint16_t, uint16_t>
AtmPortVcs::GetTxLabel(uint32_t slot) const
{
    const TxVc& t = m_txVcs.at(slot);
    return {t.vpi, t.vci};
}

uint32_t
AtmPortVcs::GetTxSlot(uint16_t vpi, uint16_t vci) const
{
    return m_txLabels.Lookup(AtmVcTable::Label(vpi, vci));
}

void
AtmPortVcs::SetTxVcArrival(uint32_t slot, AtmNetDevice* port, uint32_t index)
{
    TxVc& t = m_txVcs.at(slot);
    t.arrivalPort = port;
    t.arrivalIndex = index;
}

void
AtmPortVcs::SetDequeueCallback(uint32_t slot,
                               Callback<void> cb,
                               const void* state,
                               const AtmNetDevice& port)
{
    NS_ABORT_MSG_IF(slot >= GetNTxVcs(),
                    "AtmNetDevice (" << port.GetContext() << "): transmit slot = " << slot
                                     << ": no such VC slot (the port has " << GetNTxVcs() << ")");
    if (slot >= m_onDequeue.size())
    {
        m_onDequeue.resize(slot + 1);
        m_onDequeueHints.resize(slot + 1);
    }
    m_onDequeue[slot] = cb;
    m_onDequeueHints[slot] = DequeueHint{PeekPointer(cb.GetImpl()), state};
}

uint32_t
AtmPortVcs::AddArrivingVc(uint16_t vpi, uint16_t vci, const AtmNetDevice& port)
{
    NS_LOG_FUNCTION(this << vpi << vci);
    const auto index = static_cast<uint32_t>(m_arrivingVcs.size());
    const bool added = m_arrivingLabels.Insert(vpi, vci, index);
    NS_ABORT_MSG_IF(!added,
                    "AtmNetDevice (" << port.GetContext() << "): incoming VPI/VCI = " << vpi << "/"
                                     << vci << ": already in use on this port");
    m_arrivingVcs.emplace_back(vpi, vci);
    return index;
}

uint32_t
AtmPortVcs::GetArrivingIndex(uint16_t vpi, uint16_t vci) const
{
    return m_arrivingLabels.Lookup(AtmVcTable::Label(vpi, vci));
}

std::pair<uint16_t, uint16_t>
AtmPortVcs::GetArrivingLabel(uint32_t index) const
{
    return m_arrivingVcs.at(index);
}

void
AtmPortVcs::AddRxVc(Ptr<AtmVc> vc)
{
    NS_LOG_FUNCTION(this << vc);
    // A host's receive VCs are its arriving VCs: one label table, one index.
    NS_ASSERT(m_rxVcs.size() + 1 == m_arrivingVcs.size());
    m_rxVcs.push_back(RxVc{vc, CellReceiveCallback()});
}

void
AtmPortVcs::SetRxVcCallback(uint32_t slot, CellReceiveCallback cb)
{
    m_rxVcs.at(slot).cb = cb;
}

void
AtmPortVcs::ShrinkToFit()
{
    m_txVcs.shrink_to_fit();
    m_txVcRefs.shrink_to_fit();
    m_arrivingVcs.shrink_to_fit();
    m_rxVcs.shrink_to_fit();
}

void
AtmPortVcs::Clear()
{
    m_txVcs.clear();
    m_txVcRefs.clear();
    m_onDequeue.clear();
    m_onDequeueHints.clear();
    m_rxVcs.clear();
}

} // namespace ns3
