/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_FRAME_DISCARD_H
#define ATM_FRAME_DISCARD_H

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Early and Partial Packet Discard (Romanow and Floyd) on the AAL5
 *        frames of the VCs of one buffer.
 *
 * The frame-discard state machine every buffer that drops user-data cells
 * shares: a switch port's queue disc (AtmQueueDisc) and the buffers where
 * cells wait inside a switch fabric (the input buffer of
 * AtmInputBufferedFabric, the link FIFO of AtmLinkFifoFabric). Per VC it
 * knows whether the VC is in the middle of a frame (the last user-data cell
 * seen did not end one) and what to do with the rest of the frame:
 *
 * - EPD: at a frame's first cell, if the buffer space of the VC holds at
 *   least the EPD threshold, the whole frame is refused, through its last
 *   cell (reason EPD_DROP).
 * - PPD: once a cell of a frame was dropped for another reason (a full
 *   buffer), the rest of the frame is dropped but its last cell, which is
 *   offered so that the receiver finds the frame's end (reason PPD_DROP).
 *
 * The owner counts and traces the drops (its drop trace with the reason);
 * this class only decides. No allocation per cell: the state is one
 * octet per VC, in a vector grown by AddVc() or in the owner's own record.
 */
class AtmFrameDiscard
{
  public:
    /// Drop reason: a cell of a frame refused whole by Early Packet Discard.
    static constexpr const char* EPD_DROP = "Epd";
    /// Drop reason: a cell of a frame already damaged, by Partial Packet Discard.
    static constexpr const char* PPD_DROP = "Ppd";

    /// The decision on an arriving user-data cell.
    struct Verdict
    {
        const char* drop; //!< EPD_DROP or PPD_DROP: drop it with this reason; null: offer it
        bool started;     //!< EPD began refusing a frame with this cell
    };

    /**
     * One VC's state, one octet: kept here by VC index (AddVc), or by an
     * owner in a per-VC record of its own, which the static functions
     * below take (AtmQueueDisc: the VC's cells are counted in the same
     * cache line).
     */
    struct State
    {
        uint8_t midFrame : 1; //!< the last user-data cell seen did not end a frame
        uint8_t discard : 2;  //!< Discard for the rest of the frame

        State()
            : midFrame(0),
              discard(KEEP)
        {
        }
    };

    /**
     * @brief Make room for the state of VC index vc (and every index below).
     * @param vc a VC index of the owner (slot, route)
     */
    void AddVc(uint32_t vc);

    /**
     * @brief Decide on an arriving user-data cell of a VC.
     * @param vc the VC's index
     * @param last the cell ends its AAL5 frame (AUU set)
     * @param epdThreshold EPD threshold in cells (0: EPD off)
     * @param occupancy callable returning the cells the VC's buffer space
     *        holds before this cell; called only at a frame's first cell
     *        with EPD on
     * @return the verdict
     */
    template <typename Occupancy>
    Verdict Arrive(uint32_t vc, bool last, uint32_t epdThreshold, Occupancy occupancy)
    {
        return Arrive(m_vcs[vc], last, epdThreshold, occupancy);
    }

    /**
     * @brief Arrive() on a VC's state kept by the owner.
     * @param s the VC's state
     * @param last the cell ends its AAL5 frame (AUU set)
     * @param epdThreshold EPD threshold in cells (0: EPD off)
     * @param occupancy as for Arrive() by index
     * @return the verdict
     */
    template <typename Occupancy>
    static Verdict Arrive(State& s, bool last, uint32_t epdThreshold, Occupancy occupancy)
    {
        const bool first = !s.midFrame;
        s.midFrame = !last;
        switch (s.discard)
        {
        case DISCARD_ALL:
            s.discard = last ? KEEP : DISCARD_ALL;
            return {EPD_DROP, false}; // through the last cell
        case DISCARD_BUT_LAST:
            s.discard = last ? KEEP : DISCARD_BUT_LAST;
            return {last ? nullptr : PPD_DROP, false}; // the last cell is offered
        default:
            break;
        }
        if (first && epdThreshold > 0 && occupancy() >= epdThreshold)
        {
            s.discard = last ? KEEP : DISCARD_ALL;
            return {EPD_DROP, true};
        }
        return {nullptr, false};
    }

    /**
     * @brief Arrive() for the common case, inline: a cell of a frame that
     *        is kept, when no EPD decision is due (EPD off, or not the
     *        frame's first cell). Then it notes the cell, as Arrive() would
     *        with the verdict "offer it", and returns true; otherwise it
     *        changes nothing and Arrive() must decide.
     * @param s the VC's state
     * @param last the cell ends its AAL5 frame (AUU set)
     * @param epdThreshold EPD threshold in cells (0: EPD off)
     * @return true if the cell is offered and noted
     */
    static bool PassThrough(State& s, bool last, uint32_t epdThreshold)
    {
        if (s.discard != KEEP || (!s.midFrame && epdThreshold > 0))
        {
            return false;
        }
        s.midFrame = !last;
        return true;
    }

    /**
     * @brief The cell Arrive() offered was dropped anyway (buffer full):
     *        with PPD, drop the rest of its frame but the last cell.
     * @param vc the VC's index
     * @param ppd Partial Packet Discard on
     * @return true when PPD began discarding the frame
     */
    bool Damaged(uint32_t vc, bool ppd)
    {
        return Damaged(m_vcs[vc], ppd);
    }

    /**
     * @brief Damaged() on a VC's state kept by the owner.
     * @param s the VC's state
     * @param ppd Partial Packet Discard on
     * @return true when PPD began discarding the frame
     */
    static bool Damaged(State& s, bool ppd);

  private:
    /// What to do with the rest of a VC's frame.
    enum Discard : uint8_t
    {
        KEEP = 0,             //!< offer every cell
        DISCARD_ALL = 1,      //!< EPD: drop up to and including the last cell
        DISCARD_BUT_LAST = 2, //!< PPD: drop up to the last cell, offer that one
    };

    std::vector<State> m_vcs; //!< by VC index
};

} // namespace ns3

#endif /* ATM_FRAME_DISCARD_H */
