/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-adaptive-allocation.h"

#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(AtmAdaptiveAllocation);

TypeId
AtmAdaptiveAllocation::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmAdaptiveAllocation")
            .SetParent<AtmBufferAllocation>()
            .SetGroupName("Atm")
            .AddConstructor<AtmAdaptiveAllocation>()
            .AddAttribute("BufferSize",
                          "M, the cells the link's VCs share (0: 4 RTT + 2 N, Kung eq. 5).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmAdaptiveAllocation::m_bufferSize),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Interval",
                          "Allocation interval (0: one RTT of the link; never less than that).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&AtmAdaptiveAllocation::m_interval),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("InitialAllocation",
                          "Buf_Alloc of a VC before its first reallocation.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&AtmAdaptiveAllocation::m_initial),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("MinAllocation",
                          "Floor of Buf_Alloc: what an idle VC keeps.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&AtmAdaptiveAllocation::m_minAllocation),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

AtmAdaptiveAllocation::AtmAdaptiveAllocation()
    : m_bufferSize(0),
      m_interval(0),
      m_initial(1),
      m_minAllocation(1)
{
}

uint32_t
AtmAdaptiveAllocation::GetInitialAllocation(uint32_t /* rttCells */) const
{
    return m_initial;
}

uint32_t
AtmAdaptiveAllocation::GetInitialN2(uint32_t /* rttCells */) const
{
    return std::max<uint32_t>(1, m_initial / 4);
}

Time
AtmAdaptiveAllocation::GetInterval(Time rtt) const
{
    return std::max(m_interval, rtt);
}

void
AtmAdaptiveAllocation::Reallocate(Interval& in) const
{
    const auto nVcs = static_cast<uint32_t>(in.forwarded.size());
    uint64_t tu = 0;
    uint32_t active = 0;
    for (uint64_t vu : in.forwarded)
    {
        tu += vu;
        active += (vu > 0);
    }
    const int64_t m = m_bufferSize > 0 ? m_bufferSize : 4 * int64_t{in.rttCells} + 2 * nVcs;
    // Eq. (3) halves M for the round trip a receiver's new allocation takes
    // to reach the sender; at the sender it applies at once (Kung: the
    // minimum buffer is RTT sender-oriented, 2 RTT receiver-oriented), and
    // TQ, the cells sent and not reported forwarded, already counts the
    // cells in flight.
    const int64_t pool = in.atSender ? m : m / 2;
    const int64_t share = pool - int64_t{in.queued} - active; // M/2 (or M) - TQ - N
    for (uint32_t v = 0; v < nVcs; ++v)
    {
        uint64_t alloc = m_minAllocation;
        if (share > 0 && in.forwarded[v] > 0)
        {
            alloc = static_cast<uint64_t>(share) * in.forwarded[v] / tu; // eq. 3
            alloc = std::clamp<uint64_t>(alloc,
                                         m_minAllocation,
                                         std::max<uint64_t>(pool, m_minAllocation));
        }
        in.allocation[v] = static_cast<uint32_t>(alloc);
        in.n2[v] = std::max<uint32_t>(1, in.allocation[v] / 4); // eq. 4
    }
}

std::string
AtmAdaptiveAllocation::GetConfigError() const
{
    if (m_initial < m_minAllocation)
    {
        return "InitialAllocation = " + std::to_string(m_initial) +
               ": is below MinAllocation = " + std::to_string(m_minAllocation);
    }
    return "";
}

} // namespace ns3
