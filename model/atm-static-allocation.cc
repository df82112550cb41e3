/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-static-allocation.h"

#include "ns3/uinteger.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(AtmStaticAllocation);

TypeId
AtmStaticAllocation::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmStaticAllocation")
            .SetParent<AtmBufferAllocation>()
            .SetGroupName("Atm")
            .AddConstructor<AtmStaticAllocation>()
            .AddAttribute("BufAlloc",
                          "Cells of buffer per VC (0: RTT + N2, the link's round trip in cell "
                          "times plus N2).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmStaticAllocation::m_bufAlloc),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("N2",
                          "The receiver sends a credit record after every N2 cells forwarded.",
                          UintegerValue(10),
                          MakeUintegerAccessor(&AtmStaticAllocation::m_n2),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

AtmStaticAllocation::AtmStaticAllocation()
    : m_bufAlloc(0),
      m_n2(10)
{
}

uint32_t
AtmStaticAllocation::GetInitialAllocation(uint32_t rttCells) const
{
    return m_bufAlloc > 0 ? m_bufAlloc : rttCells + m_n2;
}

uint32_t
AtmStaticAllocation::GetInitialN2(uint32_t /* rttCells */) const
{
    return m_n2;
}

} // namespace ns3
