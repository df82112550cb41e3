/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-frame-discard.h"

namespace ns3
{

void
AtmFrameDiscard::AddVc(uint32_t vc)
{
    if (vc >= m_vcs.size())
    {
        m_vcs.resize(vc + 1);
    }
}

bool
AtmFrameDiscard::Damaged(State& s, bool ppd)
{
    if (!ppd || !s.midFrame)
    {
        return false;
    }
    s.discard = DISCARD_BUT_LAST;
    return true;
}

} // namespace ns3
