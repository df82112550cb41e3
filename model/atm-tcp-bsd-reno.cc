/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-tcp-bsd-reno.h"

#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmTcpBsdReno");
NS_OBJECT_ENSURE_REGISTERED(AtmTcpBsdReno);

TypeId
AtmTcpBsdReno::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmTcpBsdReno")
                            .SetParent<TcpNewReno>()
                            .SetGroupName("Atm")
                            .AddConstructor<AtmTcpBsdReno>();
    return tid;
}

std::string
AtmTcpBsdReno::GetName() const
{
    return "AtmTcpBsdReno";
}

void
AtmTcpBsdReno::IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    NS_LOG_FUNCTION(this << tcb << segmentsAcked);
    if (segmentsAcked == 0)
    {
        return;
    }
    // tcp_input(): once per ACK of new data, however much it acknowledges.
    const uint32_t cw = tcb->m_cWnd;
    uint32_t incr = tcb->m_segmentSize;
    if (cw > tcb->m_ssThresh)
    {
        incr = incr * incr / cw + incr / 8;
    }
    // BSD also keeps cwnd below the largest window it can be offered
    // (TCP_MAXWIN << snd_scale); ns-3 sends min(cwnd, rwnd), so that bound
    // changes nothing here and is left out (it would wrongly cap a scaled
    // window).
    tcb->m_cWnd = cw + incr;
    NS_LOG_INFO("cwnd " << cw << " -> " << tcb->m_cWnd << ", ssthresh " << tcb->m_ssThresh);
}

uint32_t
AtmTcpBsdReno::GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight)
{
    NS_LOG_FUNCTION(this << tcb << bytesInFlight);
    // tcp_timers() / tcp_input(): half the window, in whole segments, at least two.
    const uint32_t win = std::max<uint32_t>(bytesInFlight / 2 / tcb->m_segmentSize, 2);
    return win * tcb->m_segmentSize;
}

Ptr<TcpCongestionOps>
AtmTcpBsdReno::Fork()
{
    return CopyObject<AtmTcpBsdReno>(this);
}

} // namespace ns3
