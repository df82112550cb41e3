/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_CHANNEL_H
#define ATM_CHANNEL_H

#include "atm-cell-ring.h"
#include "atm-cell.h"

#include "ns3/channel.h"
#include "ns3/event-impl.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

namespace ns3
{

class AtmNetDevice;

/**
 * @ingroup atm
 * @brief A point-to-point ATM link between two ports.
 *
 * Like PointToPointChannel, the channel only adds the propagation delay:
 * the sending port decides the transmission time of a cell (424 bits at its
 * cell rate), and the channel delivers the cell to the other port at
 * now + transmission time + Delay, as one event in the receiving node's
 * context. Both directions are independent (full duplex).
 */
class AtmChannel : public Channel
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmChannel();
    ~AtmChannel() override;

    /**
     * @brief Attach a port (at most two).
     * @param device the port
     */
    void Attach(Ptr<AtmNetDevice> device);

    /**
     * @brief Send a cell to the other end.
     * @param cell the cell
     * @param src the sending port
     * @param txTime its transmission time
     */
    virtual void TransmitStart(const AtmCell& cell, Ptr<AtmNetDevice> src, Time txTime);

    /**
     * @param device one end
     * @return the other end (null if not attached)
     */
    Ptr<AtmNetDevice> GetPeer(Ptr<const AtmNetDevice> device) const;

    /// @return the propagation delay
    Time GetDelay() const;

    /// @return the number of cells on the wire in both directions now
    uint32_t GetCellsInFlight() const;

    /**
     * @brief Take the link down (failure injection): until SetLinkUp(),
     *        every cell that arrives at either end is lost, dropped by the
     *        receiving port with reason LinkDown; both ports' link-change
     *        callbacks fire. The transmitters go on sending.
     */
    void SetLinkDown();

    /// @brief Bring the link up again; the link-change callbacks fire.
    void SetLinkUp();

    /// @return false between SetLinkDown() and SetLinkUp()
    bool IsLinkUp() const;

    std::size_t GetNDevices() const override;
    Ptr<NetDevice> GetDevice(std::size_t i) const override;

    /**
     * @param i 0 or 1
     * @return the port
     */
    Ptr<AtmNetDevice> GetAtmDevice(std::size_t i) const;

  protected:
    void DoDispose() override;

  private:
    /// A cell on the wire towards one end.
    struct InFlight
    {
        AtmCell cell;    //!< the cell
        int64_t arrival; //!< its arrival time (time steps), for the check
    };

    /**
     * @brief The arrival event of one direction. One object per direction
     *        is scheduled once per cell (it may be pending several times at
     *        once, and is never cancelled): no allocation per cell. Each
     *        run hands the oldest cell on the wire to its end, since a link
     *        delivers in order.
     */
    class ArrivalEvent : public EventImpl
    {
      public:
        /**
         * @param channel the channel
         * @param dst index of the receiving end
         */
        ArrivalEvent(AtmChannel* channel, uint32_t dst);

      private:
        void Notify() override;

        AtmChannel* m_channel; //!< the channel
        uint32_t m_dst;        //!< the receiving end
    };

    /**
     * @brief Hand the oldest cell on the wire to a port, at its arrival time.
     * @param dst index of the receiving end
     */
    void Deliver(uint32_t dst);

    Time m_delay;                     //!< propagation delay
    Ptr<AtmNetDevice> m_dev[2];       //!< the ends
    uint32_t m_nDevices;              //!< ends attached
    uint32_t m_inFlight;              //!< cells on the wire
    AtmCellRing<InFlight> m_wire[2];  //!< cells on the wire towards each end, oldest first
    Ptr<EventImpl> m_arrivalEvent[2]; //!< the arrival event towards each end
    bool m_up;                        //!< false while the link is down
};

} // namespace ns3

#endif /* ATM_CHANNEL_H */
