/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cell-source.h"

#include "atm-cell.h"
#include "atm-net-device.h"
#include "atm-simulator-impl.h"
#include "atm-vc.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmCellSource");

NS_OBJECT_ENSURE_REGISTERED(AtmCellSource);

TypeId
AtmCellSource::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmCellSource")
            .SetParent<Application>()
            .SetGroupName("Atm")
            .AddAttribute("Shaping",
                          "Hold each cell until it conforms to the VC's traffic contract "
                          "(GCRA(1/PCR, CDVT), and GCRA(1/SCR, BT + CDVT) for VBR): the "
                          "source's cells then pass the network's UPC.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&AtmCellSource::m_shaping),
                          MakeBooleanChecker());
    return tid;
}

AtmCellSource::AtmCellSource()
    : m_shaping(false),
      m_heldHead(0),
      m_heldCells(0),
      m_slot(0),
      m_seq(0),
      m_sent(0)
{
    NS_LOG_FUNCTION(this);
    m_next.SetFunction(&AtmCellSource::Tick, this);
    m_shaper.SetFunction(&AtmCellSource::ReleaseShaped, this);
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

uint32_t
AtmCellSource::GetCellsShaped() const
{
    return m_heldCells;
}

bool
AtmCellSource::SendOneCell()
{
    if (!m_shaping)
    {
        return HandOver(AtmSimulatorImpl::CurrentTime());
    }
    const int64_t now = AtmSimulatorImpl::CurrentTimeStep();
    if (m_heldCells == 0 && GetShapedTime() <= now)
    {
        return HandOver(AtmSimulatorImpl::CurrentTime());
    }
    // Held, in order, in a ring that grows to the largest backlog seen.
    if (m_heldCells == m_held.size())
    {
        std::vector<Time> grown(std::max<std::size_t>(8, 2 * m_held.size()));
        for (uint32_t i = 0; i < m_heldCells; ++i)
        {
            grown[i] = m_held[(m_heldHead + i) % m_held.size()];
        }
        m_held.swap(grown);
        m_heldHead = 0;
    }
    m_held[(m_heldHead + m_heldCells) % m_held.size()] = AtmSimulatorImpl::CurrentTime();
    if (m_heldCells++ == 0)
    {
        m_shaper.Schedule(TimeStep(GetShapedTime() - now));
    }
    return true;
}

bool
AtmCellSource::HandOver(Time created)
{
    if (m_shaping)
    {
        const int64_t now = AtmSimulatorImpl::CurrentTimeStep();
        m_peak.Update(now);
        m_sustained.Update(now);
    }
    ++m_sent;
    m_vc->NotifySent();
    return m_device->SendCell(m_slot, AtmCell::MakeData(0, 0, m_seq++, created));
}

int64_t
AtmCellSource::GetShapedTime() const
{
    return std::max(m_peak.GetEarliestConformingTime(), m_sustained.GetEarliestConformingTime());
}

void
AtmCellSource::ReleaseShaped()
{
    const Time created = m_held[m_heldHead];
    m_heldHead = (m_heldHead + 1) % m_held.size();
    --m_heldCells;
    HandOver(created);
    if (m_heldCells > 0)
    {
        const int64_t now = AtmSimulatorImpl::CurrentTimeStep();
        m_shaper.Schedule(TimeStep(std::max<int64_t>(0, GetShapedTime() - now)));
    }
}

void
AtmCellSource::SetUpShaper()
{
    const AtmTrafficContract c = m_vc->GetContract();
    NS_ABORT_MSG_IF(c.pcr <= 0,
                    GetInstanceTypeId().GetName()
                        << " on node " << GetNode()->GetId() << " (VC " << m_vc->GetName()
                        << "): Shaping = true: the VC's contract has no PCR to shape to");
    // The UPC's increments (AtmGcraUpc), and no use of the CDVT: cells
    // leave 1/PCR apart at least, the SCR's bucket within BT, and the CDVT
    // is left for the delay variation on the way to the UPC.
    m_peak = AtmGcra(AtmGcra::IncrementOf(c.pcr), 0);
    m_sustained = c.HasSustainedRate()
                      ? AtmGcra(AtmGcra::IncrementOf(c.scr), c.GetBurstTolerance().GetTimeStep())
                      : AtmGcra();
}

void
AtmCellSource::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_vc,
                    GetInstanceTypeId().GetName() << " on node " << GetNode()->GetId()
                                                  << ": no VC (use AtmCellSourceHelper)");
    if (GetNode()->GetSystemId() != Simulator::GetSystemId())
    {
        // A distributed run: the node is another rank's, whose copy sends.
        return;
    }
    if (m_shaping)
    {
        SetUpShaper();
    }
    DoStartSending();
}

void
AtmCellSource::StopApplication()
{
    NS_LOG_FUNCTION(this);
    DoStopSending();
    // Cells the shaper still holds never reach the VC (not counted as sent).
    m_shaper.Cancel();
    m_heldCells = 0;
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

Time
AtmCellSource::GetCellGap(const DataRate& rate)
{
    if (m_gap.IsZero() || rate != m_gapRate)
    {
        m_gapRate = rate;
        m_gap = rate.CalculateBytesTxTime(AtmCell::SIZE);
    }
    return m_gap;
}

void
AtmCellSource::Tick()
{
    SendOneCell();
    m_next.Schedule(GetNextInterval());
}

} // namespace ns3
