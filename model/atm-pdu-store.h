/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_PDU_STORE_H
#define ATM_PDU_STORE_H

#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <deque>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The AAL5 CPCS-PDUs of one VC whose cells may still be in the
 *        network, so that a cell carries a reference instead of 48 octets.
 *
 * The sending AAL5 entity builds each PDU into NewFrame() and stamps its
 * cells with the frame number (the cell's payload reference) and
 * consecutive sequence numbers from the frame's first one; the receiving
 * entity reads a cell's 48 octets with GetCellPayload().
 *
 * Cells of one VC arrive in the order they were sent (ATM keeps a VC's
 * cells in order), so when a cell of frame f arrives, no cell of an earlier
 * frame can arrive any more: Release(f) frees every frame before f, and,
 * once f's last cell has arrived, f itself. The frame's SDU (the packet)
 * is kept beside its PDU: once the octets of a frame's cells pass AAL5's
 * checks, the receiving entity hands up a copy of it, so that the packet's
 * uid, tags (FlowMonitor's Ipv4FlowProbeTag, say) and metadata cross the
 * network as they cross a PointToPointNetDevice. A frame whose cells were all
 * lost stays until a later frame's cell arrives. Buffers are recycled:
 * in steady state no frame costs a heap allocation.
 */
class AtmPduStore
{
  public:
    AtmPduStore();

    /**
     * @brief Start a frame.
     * @param firstSeq the sequence number its first cell will carry
     * @param sdu the CPCS-SDU the frame carries, kept with it
     * @param frame set to the frame number
     * @return the buffer to build the PDU in (a whole number of cells)
     */
    std::vector<uint8_t>& NewFrame(uint32_t firstSeq, Ptr<const Packet> sdu, uint32_t& frame);

    /**
     * @param frame a frame number
     * @return the CPCS-SDU given to NewFrame() for it; null when the frame
     *         is no longer stored
     */
    Ptr<const Packet> GetSdu(uint32_t frame) const;

    /**
     * @param frame a frame number
     * @param firstSeq a cell's sequence number
     * @param cells a number of cells
     * @return true if the frame is stored with its SDU (it was sent on this
     *         rank), the SDU is not empty (a Length of 0 is an abort) and
     *         its PDU is exactly the @p cells cells from @p firstSeq on
     */
    bool IsWholeFrame(uint32_t frame, uint32_t firstSeq, uint32_t cells) const;

    /**
     * @param frame a frame number
     * @param seq a cell's sequence number
     * @return the cell's 48 payload octets, or nullptr when the frame is
     *         no longer (or was never) stored or the cell is not in it
     */
    const uint8_t* GetCellPayload(uint32_t frame, uint32_t seq) const;

    /**
     * @brief Keep the 48 payload octets of a cell that arrived from another
     *        MPI rank, so that GetCellPayload() finds them here as it finds
     *        the octets of a frame sent on this rank.
     *
     * Cells arrive in the order they were sent, so a frame is rebuilt cell
     * by cell from the first of its cells that arrives; octets already
     * stored (a frame sent on this rank whose cells come back to it) are
     * kept as they are. The frame has no SDU: the receiving AAL5 entity
     * hands up the packet rebuilt from the octets.
     * @param frame the frame number the sending rank gave the cell
     * @param seq the cell's sequence number
     * @param payload its 48 payload octets
     */
    void Import(uint32_t frame, uint32_t seq, const uint8_t* payload);

    /**
     * @brief A cell of @p frame arrived: forget every earlier frame, and
     *        the frame itself when @p last.
     * @param frame the frame number
     * @param last whether the cell was the frame's last (AUU)
     */
    void Release(uint32_t frame, bool last);

    /// @return frames held
    uint32_t GetNFrames() const;

  private:
    /// One stored frame.
    struct Entry
    {
        uint32_t firstSeq;        //!< sequence number of its first cell
        Ptr<const Packet> sdu;    //!< the CPCS-SDU
        std::vector<uint8_t> pdu; //!< the CPCS-PDU
    };

    /**
     * @param frame a frame number
     * @return its entry, or nullptr when it is not stored
     */
    const Entry* Find(uint32_t frame) const;

    /// Free the oldest frame, keeping its buffer for reuse.
    void PopFront();

    std::deque<Entry> m_frames;                //!< frames m_base, m_base + 1, ...
    uint32_t m_base;                           //!< number of m_frames.front()
    std::vector<std::vector<uint8_t>> m_spare; //!< recycled buffers
};

} // namespace ns3

#endif /* ATM_PDU_STORE_H */
