/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-vc-table.h"

namespace ns3
{

void
AtmVcTable::Grow()
{
    std::vector<Entry> old;
    old.swap(m_entries);
    m_entries.assign(old.empty() ? 16 : 2 * old.size(), Entry{0, 0});
    const uint32_t mask = static_cast<uint32_t>(m_entries.size()) - 1;
    for (const Entry& e : old)
    {
        if (e.key != 0)
        {
            uint32_t i = Hash(e.key - 1) & mask;
            while (m_entries[i].key != 0)
            {
                i = (i + 1) & mask;
            }
            m_entries[i] = e;
        }
    }
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
    const uint32_t mask = static_cast<uint32_t>(m_entries.size()) - 1;
    uint32_t i = Hash(label) & mask;
    while (m_entries[i].key != 0)
    {
        i = (i + 1) & mask;
    }
    m_entries[i] = Entry{label + 1, index};
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

} // namespace ns3
