/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-zqfc-allocation.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(AtmZqfcAllocation);

TypeId
AtmZqfcAllocation::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmZqfcAllocation")
            .SetParent<AtmBufferAllocation>()
            .SetGroupName("Atm")
            .AddConstructor<AtmZqfcAllocation>()
            .AddAttribute("LinkRtt",
                          "Link_RTT, cells: the allocation of a new or idle VC, the most rule 2 "
                          "gives (0: the link's RTT in cell times of its sender plus N2, the "
                          "credit a VC needs to send at the full link rate).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmZqfcAllocation::m_linkRtt),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Period",
                          "Time between adaptations (0: twice the link's RTT).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&AtmZqfcAllocation::m_period),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("HighThreshold",
                          "Rule 1 cuts the allocation of a VC with more cells than this.",
                          UintegerValue(20),
                          MakeUintegerAccessor(&AtmZqfcAllocation::m_high),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("LowThreshold",
                          "Rule 2 raises the allocation of a VC with fewer cells than this.",
                          UintegerValue(5),
                          MakeUintegerAccessor(&AtmZqfcAllocation::m_low),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("IncreaseFactor",
                          "Rule 2 multiplies the allocation by this (rounded up).",
                          DoubleValue(1.01),
                          MakeDoubleAccessor(&AtmZqfcAllocation::m_increase),
                          MakeDoubleChecker<double>(1.0))
            .AddAttribute("MinDecreaseFactor",
                          "Smallest rule 1 factor; the factor is HighThreshold / occupancy, "
                          "not below this.",
                          DoubleValue(0.5),
                          MakeDoubleAccessor(&AtmZqfcAllocation::m_minDecrease),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("MinAllocation",
                          "Floor of Buf_Alloc.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&AtmZqfcAllocation::m_minAllocation),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("N2",
                          "The receiver sends a credit record after every N2 cells forwarded.",
                          UintegerValue(10),
                          MakeUintegerAccessor(&AtmZqfcAllocation::m_n2),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

AtmZqfcAllocation::AtmZqfcAllocation()
    : m_linkRtt(0),
      m_period(0),
      m_high(20),
      m_low(5),
      m_increase(1.01),
      m_minDecrease(0.5),
      m_minAllocation(1),
      m_n2(10)
{
}

uint32_t
AtmZqfcAllocation::GetLinkRtt(uint32_t rttCells) const
{
    return m_linkRtt > 0 ? m_linkRtt : rttCells + m_n2;
}

uint32_t
AtmZqfcAllocation::GetInitialAllocation(uint32_t rttCells) const
{
    return std::max(GetLinkRtt(rttCells), m_minAllocation);
}

uint32_t
AtmZqfcAllocation::GetInitialN2(uint32_t /* rttCells */) const
{
    return m_n2;
}

Time
AtmZqfcAllocation::GetInterval(Time rtt) const
{
    if (m_period.IsStrictlyPositive())
    {
        return m_period;
    }
    return 2 * rtt;
}

void
AtmZqfcAllocation::Reallocate(Interval& in) const
{
    NS_ABORT_MSG_IF(in.bufferSize == 0,
                    "AtmZqfcAllocation: the link has no shared buffer size (set "
                    "AtmCreditReceiver::LinkBufferSize, link flow control)");
    const uint32_t linkRtt = GetLinkRtt(in.rttCells);
    const bool pressed = int64_t{in.bufferSize} - in.queued < int64_t{linkRtt};
    for (std::size_t v = 0; v < in.allocation.size(); ++v)
    {
        const uint32_t q = in.occupancy[v];
        uint32_t& alloc = in.allocation[v];
        if (pressed && q > m_high)
        {
            // Rule 1: f in [MinDecreaseFactor, 1], inversely proportional to q.
            const double f = std::max(m_minDecrease, double(m_high) / q);
            alloc = std::max(m_minAllocation, static_cast<uint32_t>(std::floor(alloc * f)));
        }
        else if (q < m_low && alloc < linkRtt)
        {
            // Rule 2: x IncreaseFactor, at least one cell more, up to Link_RTT.
            const auto up = static_cast<uint32_t>(std::ceil(alloc * m_increase - 1e-9));
            alloc = std::min(linkRtt, std::max(alloc + 1, up));
        }
        in.n2[v] = m_n2;
    }
}

std::string
AtmZqfcAllocation::GetConfigError() const
{
    if (m_low > m_high)
    {
        return "LowThreshold = " + std::to_string(m_low) +
               ": exceeds HighThreshold = " + std::to_string(m_high);
    }
    if (m_linkRtt > 0 && m_minAllocation > m_linkRtt)
    {
        return "MinAllocation = " + std::to_string(m_minAllocation) +
               ": exceeds LinkRtt = " + std::to_string(m_linkRtt);
    }
    return "";
}

} // namespace ns3
