/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_AAL5_ENDPOINT_H
#define ATM_AAL5_ENDPOINT_H

#include "atm-aal5-sar.h"
#include "atm-cell.h"

#include "ns3/address.h"
#include "ns3/event-id.h"
#include "ns3/mac48-address.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <vector>

namespace ns3
{

class AtmNetDevice;
class AtmPduStore;
class AtmVc;
class NetDeviceQueue;
class Packet;

/**
 * @ingroup atm
 * @brief IP over ATM at a host port: RFC 2684 encapsulation and AAL5
 *        (ITU-T I.363.5) between ns-3's IP layer and the port's VCs.
 *
 * An AtmNetDevice of a host owns one endpoint; the device's NetDevice::Send
 * and its receive path for the VCs added here (AddTxVc(), AddRxVc()) go
 * through it.
 *
 * Sending: the IP next hop arrives as a "hardware" address naming a VC
 * (GetVcAddress(): 02:00:VPI:VCI of the VC's outgoing label, filled into
 * the host's ARP cache as permanent entries by AtmVcHelper::CreateIpPvc, a
 * static ATMARP). The packet gets its encapsulation (LLC/SNAP
 * AA-AA-03-00-00-00 + EtherType, or none with VC multiplexing), becomes a
 * CPCS-PDU and is segmented into cells queued on the VC at once. A frame
 * is refused whole (MacTxDrop, with the reason traced) when the VC's queue
 * has no room for all its cells, when no VC has that address, or when it
 * is larger than the MTU.
 *
 * Back-pressure: when a VC's queue has less room than a largest frame
 * takes, the endpoint stops the device's NetDeviceQueue (ns-3's traffic
 * control layer then holds the packets, and TCP sees a busy interface);
 * it wakes the queue when every VC has room again. The port has one
 * transmit queue, so a VC that cannot send holds the others back, as on a
 * single-queue adapter; cells of the VCs are served by the port's queue
 * disc (per-VC round-robin by default).
 *
 * Receiving: each VC has its own reassembly (AtmAal5Sar); a good frame
 * loses its encapsulation and goes up with its EtherType; a broken one is
 * discarded and counted per reason (Crc, Length, TooLong,
 * ReassemblyTimeout, Encapsulation) on the VC and in the FrameDrop trace.
 */
class AtmAal5Endpoint : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// RFC 2684 encapsulation.
    enum Encapsulation
    {
        LLC_SNAP = 0, //!< LLC/SNAP (RFC 2684 section 5.1), several protocols per VC
        VC_MUX = 1,   //!< VC multiplexing (null encapsulation, section 6.1)
    };

    /// Frame drop reason: no VC has the next hop's address.
    static constexpr const char* NO_VC_DROP = "NoVc";
    /// Frame drop reason: the packet is larger than the MTU.
    static constexpr const char* MTU_DROP = "Mtu";
    /// Frame drop reason: the VC's queue at the host has no room for the frame.
    static constexpr const char* QUEUE_FULL_DROP = "HostQueueFull";
    /// Frame drop reason: VC multiplexing carries one protocol only.
    static constexpr const char* PROTOCOL_DROP = "Protocol";
    /// Frame drop reason: the frame is not LLC/SNAP as expected.
    static constexpr const char* ENCAPSULATION_DROP = "Encapsulation";
    /// Frame drop reason: the last cell did not come in time.
    static constexpr const char* TIMEOUT_DROP = "ReassemblyTimeout";

    /**
     * @brief Callback signature of Aal5Tx and Aal5Rx.
     * @param sdu the CPCS-SDU (encapsulation included)
     * @param vpi the VPI on this link
     * @param vci the VCI on this link
     */
    typedef void (*FrameTracedCallback)(Ptr<const Packet> sdu, uint16_t vpi, uint16_t vci);

    /**
     * @brief Callback signature of FrameDrop.
     * @param vpi the VPI on this link
     * @param vci the VCI on this link
     * @param reason why
     */
    typedef void (*FrameDropTracedCallback)(uint16_t vpi, uint16_t vci, const char* reason);

    /**
     * @brief Callback signature of MacTxDrop.
     * @param packet the packet refused
     * @param reason why
     */
    typedef void (*TxDropTracedCallback)(Ptr<const Packet> packet, const char* reason);

    AtmAal5Endpoint();
    ~AtmAal5Endpoint() override;
    AtmAal5Endpoint(const AtmAal5Endpoint&) = delete;
    AtmAal5Endpoint& operator=(const AtmAal5Endpoint&) = delete;

    /**
     * @brief The device the endpoint serves (set by AtmNetDevice).
     * @param device the host port
     */
    void SetDevice(AtmNetDevice* device);

    /**
     * @brief The address that names a VC as an IP next hop.
     * @param vpi outgoing VPI
     * @param vci outgoing VCI
     * @return 02:00:VPI:VCI as a Mac48Address
     */
    static Mac48Address GetVcAddress(uint16_t vpi, uint16_t vci);

    /**
     * @brief Carry IP over a transmit VC of the device.
     * @param txSlot the VC's transmit slot at the device
     * @param vc the VC
     * @return the VC's address (for the ARP cache)
     */
    Mac48Address AddTxVc(uint32_t txSlot, Ptr<AtmVc> vc);

    /**
     * @brief Take the cells of a receive VC of the device.
     * @param rxSlot the VC's receive slot at the device
     * @param vpi its incoming VPI
     * @param vci its incoming VCI
     * @param vc the VC
     */
    void AddRxVc(uint32_t rxSlot, uint16_t vpi, uint16_t vci, Ptr<AtmVc> vc);

    /**
     * @brief Send a packet (NetDevice::Send of the device).
     * @param packet the packet
     * @param dest the VC address of the next hop
     * @param protocol the EtherType
     * @return true if its cells were queued
     */
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocol);

    /// @return the VCs that carry IP from this port (AddTxVc), in slot order
    std::vector<Ptr<AtmVc>> GetIpVcs() const;

    /// @return the largest CPCS-SDU the device's MTU allows, in cells
    uint32_t GetMaxFrameCells() const;

    /// @return frames sent
    uint64_t GetFramesSent() const;
    /// @return frames delivered up
    uint64_t GetFramesReceived() const;
    /// @return frames refused on the send side
    uint64_t GetTxDrops() const;

  protected:
    void DoDispose() override;

  private:
    /// A VC that carries IP from this port.
    struct TxVc
    {
        AtmVc* vc{nullptr}; //!< the VC (kept alive by the device)
        uint16_t vpi{0};    //!< outgoing VPI
        uint16_t vci{0};    //!< outgoing VCI
        bool full{false};   //!< its queue could not take a largest frame
    };

    /// A VC whose frames end at this port.
    struct RxVc
    {
        AtmVc* vc{nullptr};     //!< the VC (kept alive by the device)
        uint16_t vpi{0};        //!< incoming VPI
        uint16_t vci{0};        //!< incoming VCI
        AtmAal5Sar sar;         //!< reassembly
        Time frameStart;        //!< arrival of the frame's first cell
        uint32_t firstFrame{0}; //!< stored frame (payload reference) of its first cell
        EventId timer;          //!< reassembly timeout check
        uint32_t heldFrame{0};  //!< stored frame of the cells held back from the SAR
        uint32_t heldSeq{0};    //!< sequence number of the first of them
        uint32_t held{0};       //!< how many (ReceiveCell)
    };

    /**
     * @brief A cell of a receive VC arrived.
     * @param index the VC's index in m_rx
     * @param cell the cell
     */
    void ReceiveCell(uint32_t index, const AtmCell& cell);

    /**
     * @brief Give the SAR the cells held back from it, in order.
     * @param r the VC
     * @param store its stored frames
     */
    void PushHeld(RxVc& r, const AtmPduStore& store);

    /**
     * @brief Hand a good frame up.
     * @param r the VC
     * @param sent the SDU the source gave (AtmPduStore::GetSdu) when the
     *        frame's octets are its octets, else null
     */
    void Deliver(RxVc& r, Ptr<const Packet> sent);

    /**
     * @brief Discard a frame.
     * @param r the VC
     * @param reason why
     */
    void DropFrame(RxVc& r, const char* reason);

    /**
     * @brief The reassembly timer of a VC fired.
     * @param index the VC's index in m_rx
     */
    void CheckTimeout(uint32_t index);

    /**
     * @brief Refuse a packet on the send side.
     * @param packet the packet
     * @param reason why
     * @return false
     */
    bool TxDrop(Ptr<const Packet> packet, const char* reason);

    /**
     * @brief A cell of an IP VC left the queue: wake the device queue when
     *        every VC has room for a largest frame again.
     */
    void CellDequeued();

    /// @return the device's transmit queue, if it has a NetDeviceQueueInterface
    Ptr<NetDeviceQueue> GetTxQueue();

    AtmNetDevice* m_device;            //!< the host port
    Encapsulation m_encapsulation;     //!< RFC 2684 encapsulation
    uint16_t m_vcMuxProtocol;          //!< EtherType of VC-multiplexed frames
    Time m_reassemblyTimeout;          //!< reassembly timer
    std::vector<TxVc> m_tx;            //!< by device transmit slot
    std::vector<RxVc> m_rx;            //!< receive VCs
    std::vector<uint32_t> m_fullSlots; //!< transmit slots whose queue is full
    Ptr<NetDeviceQueue> m_txQueue;     //!< the device's transmit queue
    bool m_txQueueLooked;              //!< m_txQueue was looked up
    uint64_t m_framesSent;             //!< frames sent
    uint64_t m_framesReceived;         //!< frames delivered
    uint64_t m_txDrops;                //!< frames refused

    TracedCallback<Ptr<const Packet>> m_macTx;                      //!< packet accepted
    TracedCallback<Ptr<const Packet>, const char*> m_macTxDrop;     //!< packet refused
    TracedCallback<Ptr<const Packet>> m_macRx;                      //!< packet delivered
    TracedCallback<Ptr<const Packet>, uint16_t, uint16_t> m_aal5Tx; //!< CPCS-SDU sent
    TracedCallback<Ptr<const Packet>, uint16_t, uint16_t> m_aal5Rx; //!< CPCS-SDU received
    TracedCallback<uint16_t, uint16_t, const char*> m_frameDrop;    //!< frame discarded
};

} // namespace ns3

#endif /* ATM_AAL5_ENDPOINT_H */
