/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_LINK_FIFO_FABRIC_H
#define ATM_LINK_FIFO_FABRIC_H

#include "atm-cell-ring.h"
#include "atm-frame-discard.h"
#include "atm-switch-fabric.h"

#include "ns3/traced-callback.h"

#include <deque>
#include <memory>
#include <vector>

namespace ns3
{

class AtmNetDevice;

/**
 * @ingroup atm
 * @brief An output-buffered switch with a dedicated link FIFO per input
 *        port (Kung and Wang section 5.2, Fig. 3 (b)).
 *
 * Each input link ends in a FIFO of FifoSize cells (`Link_RTT` in the
 * paper: "part of the link hardware"). A user-data cell moves from the head
 * of its FIFO into its output port's buffer only when that buffer has room
 * for it (AtmQueueDisc::GetVcRoom), so the output buffers never overflow;
 * a head that cannot move blocks the cells behind it, whatever their
 * output (a FIFO). The FIFO is what the link's flow control covers: a
 * cell counts as gone from the receiving port (Fwd_Cnt, link Fwd_Cnt, the
 * credit it returns upstream) when it leaves the FIFO, not when it leaves
 * the output port, so VC and link credit (ZQFC's Buff_Size = FifoSize)
 * size the FIFO and the output buffers are the switch's own business. A
 * cell that arrives at a full FIFO (no link flow control) is dropped there,
 * LinkFifoFull. Frame discard at the FIFO (AtmFrameDiscard): EpdThreshold
 * refuses a frame whose first cell finds at least that many cells in the
 * FIFO (reason Epd), Ppd drops the rest of a frame one of whose cells found
 * it full (Ppd). Cells other than user data (RM, OAM) bypass the FIFO.
 *
 * Blocked heads wait for their output port to start sending a cell; the FIFOs
 * waiting on one output are served in the order they started waiting (a
 * ring per output: no allocation per cell once it has grown).
 * The fabric moves cells only at arrivals and at output departures: no
 * event of its own.
 */
class AtmLinkFifoFabric : public AtmSwitchFabric
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// Drop reason: the input link's FIFO was full.
    static constexpr const char* LINK_FIFO_DROP = "LinkFifoFull";

    /**
     * @brief Callback signature of FifoLength.
     * @param port the input port
     * @param cells cells in its FIFO now
     */
    typedef void (*LengthTracedCallback)(uint32_t port, uint32_t cells);

    AtmLinkFifoFabric();
    ~AtmLinkFifoFabric() override;

    /// @return EpdThreshold above FifoSize, or empty
    std::string GetConfigError() const override;
    void NotifyPortAdded(uint32_t port) override;
    void NotifyVcAdded(uint32_t route, uint32_t inPort, uint32_t outPort) override;
    void Transfer(uint32_t route, uint32_t inPort, uint32_t outPort, const AtmCell& cell) override;

    /**
     * @brief Give one input port's link FIFO its own size.
     * @param port the input port (it must exist)
     * @param cells FifoSize, at least 1
     */
    void SetFifoSize(uint32_t port, uint32_t cells);

    /**
     * @brief Give one input port's link FIFO its own EPD threshold (call
     *        after SetFifoSize).
     * @param port the input port (it must exist)
     * @param cells EPD threshold, at most its FifoSize (0: EPD off)
     */
    void SetEpdThreshold(uint32_t port, uint32_t cells);

    /**
     * @param port an input port
     * @return its FifoSize
     */
    uint32_t GetFifoSize(uint32_t port) const;

    /**
     * @param port an input port
     * @return its EPD threshold, cells (0: EPD off)
     */
    uint32_t GetEpdThreshold(uint32_t port) const;

    /**
     * @param port an input port
     * @return cells in its FIFO now
     */
    uint32_t GetFifoLength(uint32_t port) const;

    /**
     * @param port an input port
     * @return the most cells its FIFO ever held
     */
    uint32_t GetMaxFifoLength(uint32_t port) const;

    /**
     * @param port an input port
     * @return cells dropped at its FIFO (full, EPD or PPD)
     */
    uint64_t GetNFifoDrops(uint32_t port) const;

  protected:
    void DoDispose() override;

  private:
    /// A cell waiting in a link FIFO.
    struct Waiting
    {
        AtmCell cell;     //!< the cell (incoming label)
        uint32_t route;   //!< its route
        uint32_t outPort; //!< its output port
    };

    /// Per input port.
    struct Input
    {
        AtmNetDevice* port{nullptr}; //!< the input port (the switch owns it)
        AtmCellRing<Waiting> fifo;   //!< the link FIFO
        uint32_t size{0};            //!< its FifoSize
        uint32_t epdThreshold{0};    //!< its EPD threshold, cells (0: off)
        uint32_t max{0};             //!< high-water mark
        uint64_t dropped{0};         //!< cells dropped at the entrance
        bool waiting{false};         //!< its head waits for an output
    };

    /// Hears an output port start sending.
    struct OutputHook
    {
        AtmLinkFifoFabric* fabric; //!< the fabric
        uint32_t port;             //!< the output port

        /**
         * @brief The output port started sending a cell it took from its
         *        buffer: there is room again.
         * @param cell the cell
         */
        void Sending(const AtmCell& cell) const;
    };

    /**
     * @param w a waiting cell
     * @return whether its output buffer has room for it now
     */
    bool HasRoom(const Waiting& w) const;

    /**
     * @brief Hand a cell to its output port; it leaves the link FIFO (the
     *        input port's accounting hears of it).
     * @param w the cell
     */
    void Move(const Waiting& w);

    /**
     * @brief Move cells from the head of an input's FIFO while they fit;
     *        if the head does not, queue the input on its output.
     * @param inPort the input port
     */
    void Drain(uint32_t inPort);

    /**
     * @brief An output port has room: let the FIFOs waiting on it move.
     * @param outPort the output port
     */
    void Pump(uint32_t outPort);

    uint32_t m_fifoSize;                              //!< default FifoSize
    uint32_t m_epdThreshold;                          //!< default EPD threshold, cells (0: off)
    bool m_ppd;                                       //!< Partial Packet Discard on
    AtmFrameDiscard m_frames;                         //!< EPD/PPD state per route
    std::deque<Input> m_inputs;                       //!< by port index (rings do not move)
    std::deque<AtmCellRing<uint32_t>> m_waitingOn;    //!< by output: inputs waiting, oldest first
    std::vector<uint8_t> m_pumping;                   //!< by output: Pump is running
    std::vector<std::unique_ptr<OutputHook>> m_hooks; //!< by output port
    TracedCallback<uint32_t, uint32_t> m_traceLength; //!< FIFO length changed
};

} // namespace ns3

#endif /* ATM_LINK_FIFO_FABRIC_H */
