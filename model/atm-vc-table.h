/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_VC_TABLE_H
#define ATM_VC_TABLE_H

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The VPI/VCI label table of one port: label -> a dense index.
 *
 * Used for the input side of every port (label -> arrival index, which a
 * switch maps to its VC entry), for the receive side of host ports (label ->
 * endpoint) and to refuse a label already in use on the transmit side of a
 * port.
 *
 * A flat open-addressing table (linear probing, load at most 3/4: 8 octets
 * per entry, 10.7-21.3 octets per label) whose
 * hash keeps consecutive VCIs in consecutive entries: lookup is O(1) and,
 * for labels handed out in order, touches memory in order. The hash is
 * VPI * 65 535 + VCI: the VCIs 32 and up of one VPI end just before the
 * next VPI's begin, so labels handed out in order (AtmVcHelper) never
 * collide, and, the factor being odd, VPIs with one VCI each spread over
 * the whole table.
 */
class AtmVcTable
{
  public:
    /// Lookup result for an unknown label.
    static constexpr uint32_t NOT_FOUND = 0xffffffff;

    /**
     * @param vpi virtual path identifier
     * @param vci virtual channel identifier
     * @return the 28-bit label
     */
    static uint32_t Label(uint16_t vpi, uint16_t vci)
    {
        return (static_cast<uint32_t>(vpi) << 16) | vci;
    }

    /**
     * @brief Add a label.
     * @param vpi virtual path identifier
     * @param vci virtual channel identifier
     * @param index what it maps to
     * @return false if the label is already in use (nothing is changed)
     */
    bool Insert(uint16_t vpi, uint16_t vci, uint32_t index);

    /**
     * @brief Bring the place where Lookup(label) starts into the cache (a hint).
     * @param label a label from AtmCell::GetLabel()
     */
    void Prefetch(uint32_t label) const
    {
        if (!m_entries.empty())
        {
            __builtin_prefetch(&m_entries[Hash(label) & (m_entries.size() - 1)]);
        }
    }

    /**
     * @param label a label from AtmCell::GetLabel()
     * @return its index, or NOT_FOUND
     */
    uint32_t Lookup(uint32_t label) const
    {
        if (m_entries.empty())
        {
            return NOT_FOUND;
        }
        const uint32_t mask = static_cast<uint32_t>(m_entries.size()) - 1;
        for (uint32_t i = Hash(label) & mask;; i = (i + 1) & mask)
        {
            const Entry& e = m_entries[i];
            if (e.key == label + 1)
            {
                return e.index;
            }
            if (e.key == 0)
            {
                return NOT_FOUND;
            }
        }
    }

    /**
     * @param vpi virtual path identifier
     * @param vci virtual channel identifier
     * @return true if the label is in use
     */
    bool Contains(uint16_t vpi, uint16_t vci) const;

    /// @return the number of labels
    uint32_t Size() const;

    /// @return the most entries an Insert() looked at to find a free one
    ///         since the table last grew (1: no label collided)
    uint32_t GetLongestProbe() const;

  private:
    /// One table entry.
    struct Entry
    {
        uint32_t key;   //!< label + 1, or 0 when empty
        uint32_t index; //!< what the label maps to
    };

    /**
     * @param label a label
     * @return its hash: VPI * 65 535 + VCI
     */
    static uint32_t Hash(uint32_t label)
    {
        return label - (label >> 16);
    }

    /// Double the table.
    void Grow();

    /**
     * @brief The entry where a label not in the table goes; notes the probe.
     * @param label the label
     * @return the first free entry from the label's hash on
     */
    uint32_t FindFree(uint32_t label);

    std::vector<Entry> m_entries; //!< power-of-two sized
    uint32_t m_size{0};           //!< labels held
    uint32_t m_longestProbe{0};   //!< see GetLongestProbe()
};

} // namespace ns3

#endif /* ATM_VC_TABLE_H */
