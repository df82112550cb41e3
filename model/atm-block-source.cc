/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-block-source.h"

#include "atm-cell.h"
#include "atm-trace-source-accessor.h"
#include "atm-vc.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmBlockSource");

NS_OBJECT_ENSURE_REGISTERED(AtmBlockSource);

TypeId
AtmBlockSource::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmBlockSource")
            .SetParent<AtmCellSource>()
            .SetGroupName("Atm")
            .AddConstructor<AtmBlockSource>()
            .AddAttribute("BlockSize",
                          "Cells per block (Roberts: 100 kB of payload = 2084 cells).",
                          UintegerValue(2084),
                          MakeUintegerAccessor(&AtmBlockSource::m_blockSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("ThinkTime",
                          "Seconds between a block's last cell arriving and the next block.",
                          StringValue("ns3::ExponentialRandomVariable[Mean=0.01]"),
                          MakePointerAccessor(&AtmBlockSource::m_think),
                          MakePointerChecker<RandomVariableStream>())
            .AddTraceSource("BlockDone",
                            "The last cell of a block reached the destination.",
                            MakeAtmTraceSourceAccessor(&AtmBlockSource::m_blockDoneTrace),
                            "ns3::AtmBlockSource::BlockDoneTracedCallback");
    return tid;
}

AtmBlockSource::AtmBlockSource()
    : m_blockSize(2084),
      m_connected(false),
      m_running(false),
      m_inBlock(false),
      m_blockEnd(0),
      m_blocksDone(0)
{
    NS_LOG_FUNCTION(this);
    m_nextBlock.SetFunction(&AtmBlockSource::StartBlock, this);
}

AtmBlockSource::~AtmBlockSource()
{
    NS_LOG_FUNCTION(this);
}

void
AtmBlockSource::DoDispose()
{
    m_nextBlock.Cancel();
    m_think = nullptr;
    AtmCellSource::DoDispose();
}

int64_t
AtmBlockSource::AssignStreams(int64_t stream)
{
    m_think->SetStream(stream);
    return 1;
}

uint64_t
AtmBlockSource::GetBlocksDone() const
{
    return m_blocksDone;
}

void
AtmBlockSource::DoStartSending()
{
    NS_LOG_FUNCTION(this);
    if (!m_connected)
    {
        GetVc()->TraceConnectWithoutContext("Rx", MakeCallback(&AtmBlockSource::Received, this));
        m_connected = true;
    }
    m_running = true;
    if (!m_inBlock)
    {
        m_nextBlock.Schedule(Seconds(m_think->GetValue()));
    }
}

void
AtmBlockSource::DoStopSending()
{
    NS_LOG_FUNCTION(this);
    m_running = false;
    m_nextBlock.Cancel();
}

void
AtmBlockSource::StartBlock()
{
    NS_LOG_FUNCTION(this);
    m_inBlock = true;
    m_blockStart = Simulator::Now();
    for (uint32_t k = 0; k < m_blockSize; ++k)
    {
        SendOneCell();
    }
    // Cells are numbered from 0 in sending order: the block's last is
    // GetCellsSent() - 1.
    m_blockEnd = GetCellsSent();
}

void
AtmBlockSource::Received(const AtmCell& cell, Time /* delay */)
{
    if (!m_inBlock || !cell.IsData() || static_cast<uint64_t>(cell.GetSequence()) + 1 != m_blockEnd)
    {
        return;
    }
    NS_LOG_FUNCTION(this << cell.GetSequence());
    m_inBlock = false;
    ++m_blocksDone;
    m_blockDoneTrace(Simulator::Now() - m_blockStart);
    if (m_running)
    {
        m_nextBlock.Schedule(Seconds(m_think->GetValue()));
    }
}

} // namespace ns3
