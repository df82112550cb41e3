/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_REMOTE_CHANNEL_H
#define ATM_REMOTE_CHANNEL_H

#include "atm-channel.h"

#include "ns3/packet.h"
#include "ns3/traced-callback.h"

#include <string>
#include <vector>

namespace ns3
{

class AtmVc;

/**
 * @ingroup atm
 * @brief An ATM link whose two ports live on different MPI ranks.
 *
 * The counterpart of ns-3's PointToPointRemoteChannel for ns-3's
 * distributed simulators (DistributedSimulatorImpl, NullMessageSimulatorImpl):
 * a cell sent by the local port leaves as its real 53 octets
 * (AtmCell::Serialize; a credit cell with its six records in the payload,
 * AtmCreditCell::Serialize) in an MPI message to the rank of the other
 * port, which receives it at now + transmission time + Delay, the same
 * time as on an AtmChannel. The propagation delay is the lookahead of the
 * distributed simulator, so it must be positive. AtmHelper::Install makes
 * one when MPI is enabled and the two nodes have different system ids.
 *
 * Every rank builds the whole topology (ns-3's MPI model): a port whose
 * node belongs to another rank is that rank's port's inactive copy here.
 * Cells such a copy sends (its timers run on every rank) are not sent:
 * they are counted by the trace GhostCell, never delivered.
 *
 * On the receiving rank, the records of a credit cell are kept in the copy
 * of the sending port's credit store, so the receiving port reads them as
 * it does on an AtmChannel.
 *
 * A cell of an AAL5 frame (IP over ATM) carries its 48 payload octets for
 * real, the octets of the CPCS-PDU, followed by the 16-octet body the model
 * keeps with every data cell (creation time, sequence number, frame
 * number): a message of AAL5_MESSAGE_SIZE octets. The receiving rank keeps
 * the octets in its copy of the VC's AtmPduStore (Import), so the frame is
 * reassembled there from the cells that arrive, and the AAL5 entity hands
 * up the packet rebuilt from them. Within a rank the cells still refer to
 * the stored frame. A VC's frames on a rank are freed by the last of their
 * users there: the receiving AAL5 entity, or the last port that hands the
 * VC's cells to another rank.
 *
 * Every rank must create the same VCs: a cell whose label the receiving
 * port does not know stops the run with a message naming the port, the
 * label and both ranks.
 */
class AtmRemoteChannel : public AtmChannel
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmRemoteChannel();
    ~AtmRemoteChannel() override;

    void TransmitStart(const AtmCell& cell, AtmNetDevice* src, const Time& txTime) override;

    /**
     * @brief Hand a cell over at the end of its transmission when both
     *        ends are on this rank (AtmChannel::TransmitEnd); a cell for
     *        another rank went at its start.
     * @param cell the cell
     * @param src the sending port
     * @param now the time now (time steps)
     */
    void TransmitEnd(const AtmCell& cell, const AtmNetDevice* src, int64_t now) override;

    /**
     * @brief As AtmChannel::MaxHandOversWithin, where a cell from another
     *        rank reaches the wire only when it arrives: any cell arriving
     *        within the horizon may already be on its way.
     * @param dst index of the end
     * @param horizon time steps from now
     * @return at most that many cells
     */
    uint32_t MaxHandOversWithin(uint32_t dst, int64_t horizon) const override;

    /**
     * @brief Give each port a receiver for the MPI messages of this link
     *        (an ns3::MpiReceiver aggregated to the device, as ns-3's
     *        distributed simulators look for it).
     */
    void ConnectRanks();

    /// Octets of the message of an AAL5 cell: the cell, then its body.
    static constexpr uint32_t AAL5_MESSAGE_SIZE = AtmCell::SIZE + AtmCell::BODY_SIZE;

    /**
     * @brief The message of a cell as it leaves a port: its 53 octets (an
     *        AAL5 cell's with its real payload, then its body).
     * @param cell the cell
     * @param src the sending port (the store of its credit cells' records,
     *        its VCs' frames)
     * @param slot a data cell's transmit slot at @p src (its VC's frames),
     *        else AtmVcTable::NOT_FOUND
     * @param out AAL5_MESSAGE_SIZE octets
     * @return the octets of the message: AtmCell::SIZE or AAL5_MESSAGE_SIZE
     */
    static uint32_t Encode(const AtmCell& cell, Ptr<AtmNetDevice> src, uint32_t slot, uint8_t* out);

    /**
     * @brief Decode a cell that arrived from another rank and hand it to
     *        its port.
     * @param dst the receiving port
     * @param packet the cell's 53 octets
     */
    static void ReceiveFromRank(Ptr<AtmNetDevice> dst, Ptr<Packet> packet);

    /**
     * TracedCallback signature for a cell.
     * @param cell the cell
     */
    typedef void (*CellTracedCallback)(const AtmCell& cell);

  private:
    /// @brief Stop with a message when the propagation delay is not positive.
    void CheckDelay() const;

    /**
     * @brief Free the frames of an AAL5 cell's VC up to the cell's, if no
     *        user on this rank needs them after @p src.
     * @param cell the cell just sent to the other rank
     * @param src the sending port
     * @param slot the cell's transmit slot there
     */
    void ReleaseFrames(const AtmCell& cell, AtmNetDevice* src, uint32_t slot);

    /**
     * @param vc a VC
     * @param src one of its transmitting ports, on this rank
     * @return true if @p src is the last port of @p vc on this rank and the
     *         VC ends on another rank
     */
    static bool IsLastExit(const AtmVc& vc, const AtmNetDevice* src);

    /**
     * @param dst the receiving port
     * @param cell a cell whose label it does not know
     * @return the error message
     */
    static std::string DescribeUnknownVc(Ptr<AtmNetDevice> dst, const AtmCell& cell);

    /// What ReleaseFrames() decided for a transmit slot.
    enum Frees : uint8_t
    {
        UNKNOWN = 0, //!< not decided yet
        YES = 1,     //!< the port frees the frames
        NO = 2,      //!< a later user on this rank does
    };

    std::vector<uint8_t> m_freesFrames[2]; //!< per end, per transmit slot: Frees

    TracedCallback<const AtmCell&> m_rankTx;    //!< a cell left for another rank
    TracedCallback<const AtmCell&> m_ghostCell; //!< a copy of a remote port sent a cell
};

} // namespace ns3

#endif /* ATM_REMOTE_CHANNEL_H */
