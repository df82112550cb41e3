/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cell-source.h"

#include "atm-cell.h"
#include "atm-net-device.h"
#include "atm-vc.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCellSource");

NS_OBJECT_ENSURE_REGISTERED(AtmCellSource);

TypeId
AtmCellSource::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmCellSource").SetParent<Application>().SetGroupName("Atm");
    return tid;
}

AtmCellSource::AtmCellSource()
    : m_slot(0),
      m_seq(0),
      m_sent(0)
{
    NS_LOG_FUNCTION(this);
    m_next.SetFunction(&AtmCellSource::Tick, this);
}

AtmCellSource::~AtmCellSource()
{
    NS_LOG_FUNCTION(this);
}

void
AtmCellSource::DoDispose()
{
    m_vc = nullptr;
    m_device = nullptr;
    Application::DoDispose();
}

void
AtmCellSource::SetVc(Ptr<AtmVc> vc)
{
    NS_ABORT_MSG_IF(!vc || vc->GetNHops() == 0,
                    GetInstanceTypeId().GetName() << ": VC has no source port");
    m_vc = vc;
    m_device = vc->GetHopDevice(0);
    m_slot = vc->GetHopSlot(0);
}

Ptr<AtmVc>
AtmCellSource::GetVc() const
{
    return m_vc;
}

Ptr<AtmNetDevice>
AtmCellSource::GetDevice() const
{
    return m_device;
}

uint32_t
AtmCellSource::GetSlot() const
{
    return m_slot;
}

uint64_t
AtmCellSource::GetCellsSent() const
{
    return m_sent;
}

bool
AtmCellSource::SendOneCell()
{
    ++m_sent;
    m_vc->NotifySent();
    return m_device->SendCell(m_slot, AtmCell::MakeData(0, 0, m_seq++, Simulator::Now()));
}

void
AtmCellSource::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_vc,
                    GetInstanceTypeId().GetName() << " on node " << GetNode()->GetId()
                                                  << ": no VC (use AtmCellSourceHelper)");
    DoStartSending();
}

void
AtmCellSource::StopApplication()
{
    NS_LOG_FUNCTION(this);
    DoStopSending();
}

void
AtmCellSource::DoStartSending()
{
    Tick();
}

void
AtmCellSource::DoStopSending()
{
    m_next.Cancel();
}

Time
AtmCellSource::GetNextInterval()
{
    NS_FATAL_ERROR(GetInstanceTypeId().GetName() << " defines no sending interval");
    return Time(0);
}

void
AtmCellSource::Tick()
{
    SendOneCell();
    m_next.Schedule(GetNextInterval());
}

} // namespace ns3
