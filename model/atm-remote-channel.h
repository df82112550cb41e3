/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_REMOTE_CHANNEL_H
#define ATM_REMOTE_CHANNEL_H

#include "atm-channel.h"

#include "ns3/packet.h"
#include "ns3/traced-callback.h"

namespace ns3
{

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
 * it does on an AtmChannel. AAL5 payloads (IP over ATM) are referenced by
 * the cells, not carried: an AAL5 VC across ranks is not supported.
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
     * @brief As AtmChannel::MaxArrivalsWithin, where a cell from another
     *        rank reaches the wire only when it arrives: any cell arriving
     *        within the horizon may already be on its way.
     * @param dst index of the end
     * @param horizon time steps from now
     * @return at most that many cells
     */
    uint32_t MaxArrivalsWithin(uint32_t dst, int64_t horizon) const override;

    /**
     * @brief Give each port a receiver for the MPI messages of this link
     *        (an ns3::MpiReceiver aggregated to the device, as ns-3's
     *        distributed simulators look for it).
     */
    void ConnectRanks();

    /**
     * @brief The 53 octets of a cell as it leaves a port.
     * @param cell the cell
     * @param src the sending port (the store of its credit cells' records)
     * @param out 53 octets
     */
    static void Encode(const AtmCell& cell, Ptr<AtmNetDevice> src, uint8_t* out);

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

    TracedCallback<const AtmCell&> m_rankTx;    //!< a cell left for another rank
    TracedCallback<const AtmCell&> m_ghostCell; //!< a copy of a remote port sent a cell
};

} // namespace ns3

#endif /* ATM_REMOTE_CHANNEL_H */
