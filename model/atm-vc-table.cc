/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-vc-table.h"

#include <algorithm>

namespace ns3
{

void
AtmVcTable::Grow()
{
    std::vector<Entry> old;
    old.swap(m_entries);
    m_entries.assign(old.empty() ? 16 : 2 * old.size(), Entry{0, 0});
    m_longestProbe = 0;
    for (const Entry& e : old)
    {
        if (e.key != 0)
        {
            m_entries[FindFree(e.key - 1)] = e;
        }
    }
}

uint32_t
AtmVcTable::FindFree(uint32_t label)
{
    const uint32_t mask = static_cast<uint32_t>(m_entries.size()) - 1;
    uint32_t i = Hash(label) & mask;
    uint32_t probe = 1;
    while (m_entries[i].key != 0)
    {
        i = (i + 1) & mask;
        ++probe;
    }
    m_longestProbe = std::max(m_longestProbe, probe);
    return i;
}

bool
AtmVcTable::Insert(uint16_t vpi, uint16_t vci, uint32_t index)
{
    const uint32_t label = Label(vpi, vci);
    if (Lookup(label) != NOT_FOUND)
    {
        return false;
    }
    if (4 * (m_size + 1) > 3 * m_entries.size())
    {
        Grow();
    }
    m_entries[FindFree(label)] = Entry{label + 1, index};
    ++m_size;
    return true;
}

bool
AtmVcTable::Contains(uint16_t vpi, uint16_t vci) const
{
    return Lookup(Label(vpi, vci)) != NOT_FOUND;
}

uint32_t
AtmVcTable::Size() const
{
    return m_size;
}

uint32_t
AtmVcTable::GetLongestProbe() const
{
    return m_longestProbe;
}

} // namespace ns3
