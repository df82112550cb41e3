/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-fifo-queue-disc.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmFifoQueueDisc");

NS_OBJECT_ENSURE_REGISTERED(AtmFifoQueueDisc);

TypeId
AtmFifoQueueDisc::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmFifoQueueDisc")
                            .SetParent<AtmQueueDisc>()
                            .SetGroupName("Atm")
                            .AddConstructor<AtmFifoQueueDisc>();
    return tid;
}

AtmFifoQueueDisc::AtmFifoQueueDisc()
{
    NS_LOG_FUNCTION(this);
}

AtmFifoQueueDisc::~AtmFifoQueueDisc()
{
    NS_LOG_FUNCTION(this);
}

bool
AtmFifoQueueDisc::DoEnqueue(const AtmCell& cell, uint32_t slot)
{
    if (GetNCells() >= GetMaxCells())
    {
        DropBeforeEnqueue(cell, slot, OVERFLOW_DROP);
        return false;
    }
    m_queue.PushBack(Entry{cell, slot});
    return true;
}

bool
AtmFifoQueueDisc::DoDequeue(AtmCell& cell, uint32_t& slot)
{
    if (m_queue.Empty() || IsVcBlocked(m_queue.Front().slot))
    {
        return false;
    }
    const Entry e = m_queue.PopFront();
    cell = e.cell;
    slot = e.slot;
    return true;
}

bool
AtmFifoQueueDisc::DoCanPassStraight() const
{
    // Empty (CanPassStraight): a cell queued now is the one handed out next.
    return true;
}

} // namespace ns3
