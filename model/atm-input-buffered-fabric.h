/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_INPUT_BUFFERED_FABRIC_H
#define ATM_INPUT_BUFFERED_FABRIC_H

#include "atm-frame-discard.h"
#include "atm-switch-fabric.h"

#include "ns3/traced-callback.h"

#include <vector>

namespace ns3
{

class AtmNetDevice;

/**
 * @ingroup atm
 * @brief The input-buffered switch of Kung and Wang (section 3.1, Figs.
 *        1a, 3a, 4a, 10): one shared buffer per input link, no loss at the
 *        outputs.
 *
 * The cells of every VC arriving on an input link share that link's input
 * buffer of BufferSize (`Buff_Size`) cells; a user-data cell that arrives
 * while the buffer is full is dropped at the entrance (InputBufferFull),
 * whichever output it was going to. An internal flow control hands a cell
 * to its output port only when the output link can send it, so nothing is
 * ever dropped at an output; each output port serves the VCs with data
 * (and credit) round-robin (Fig. 2's caption).
 *
 * How it is modelled: the cells wait in per-VC queues at the output port
 * (AtmPerVcQueueDisc, whose round-robin among VCs with data and credit is
 * the output port's scheduler of the paper), but they occupy their input
 * link's buffer from arrival until they leave the output port, dropped or
 * sent (AtmNetDevice::GetCellsInNode, the same count CreditNet's credit
 * receiver keeps). Where a cell waits changes nothing the model can see:
 * with per-VC round-robin at the output, the order in which the output link
 * sends is the one an input-buffered switch with per-VC input queues and
 * ideal internal flow control gives, and the buffer that fills and drops is
 * the input link's. The output queue discs must therefore not drop: the
 * fabric raises their MaxCells to the largest value when a port is added,
 * and counts any output drop (GetNOutputDrops) so a test can insist on none.
 *
 * With link flow control on an input link (AtmCreditHelper::SetLinkBufferSize
 * = Buff_Size, Kung and Wang section 3.2; plain QFC or ZQFC), the upstream
 * port sends a cell only with link credit, so the buffer never overflows;
 * without it (Fig. 4a without ZQFC) the slow outputs' cells fill the shared
 * buffer and every VC of the link loses cells.
 *
 * Only user-data cells are counted and dropped here (as by credit flow
 * control); OAM and RM cells pass. Frame discard at the input buffer
 * (AtmFrameDiscard): EpdThreshold refuses a frame whose first cell finds
 * the shared buffer holding at least that many cells (reason Epd), Ppd
 * drops the rest of a frame one of whose cells found it full (Ppd); every
 * drop here goes through AtmSwitch::DropInFabric with its reason.
 */
class AtmInputBufferedFabric : public AtmSwitchFabric
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// Drop reason: the input link's shared buffer was full.
    static constexpr const char* INPUT_BUFFER_DROP = "InputBufferFull";

    /**
     * @brief Callback signature of InputOccupancy.
     * @param port the input port
     * @param cells its buffer's occupancy after an arrival was admitted
     */
    typedef void (*OccupancyTracedCallback)(uint32_t port, uint32_t cells);

    AtmInputBufferedFabric();
    ~AtmInputBufferedFabric() override;

    /// @return EpdThreshold above BufferSize, or empty
    std::string GetConfigError() const override;
    void NotifyPortAdded(uint32_t port) override;
    void NotifyVcAdded(uint32_t route, uint32_t inPort, uint32_t outPort) override;
    void Transfer(uint32_t route, uint32_t inPort, uint32_t outPort, const AtmCell& cell) override;

    /**
     * @brief Give one input port's buffer its own size (e.g. Fig. 4's
     *        buffers A and B of 960 cells among 50-cell ones).
     * @param port the input port (it must exist)
     * @param cells Buff_Size, at least 1
     */
    void SetBufferSize(uint32_t port, uint32_t cells);

    /**
     * @brief Give one input port's buffer its own EPD threshold (with its
     *        own BufferSize; call after SetBufferSize).
     * @param port the input port (it must exist)
     * @param cells EPD threshold, at most its BufferSize (0: EPD off)
     */
    void SetEpdThreshold(uint32_t port, uint32_t cells);

    /**
     * @param port an input port
     * @return its Buff_Size
     */
    uint32_t GetBufferSize(uint32_t port) const;

    /**
     * @param port an input port
     * @return its EPD threshold, cells (0: EPD off)
     */
    uint32_t GetEpdThreshold(uint32_t port) const;

    /**
     * @param port an input port
     * @return the most cells its buffer ever held
     */
    uint32_t GetMaxOccupancy(uint32_t port) const;

    /**
     * @param port an input port
     * @return cells dropped at its buffer's entrance (full, EPD or PPD)
     */
    uint64_t GetNInputDrops(uint32_t port) const;

    /// @return cells an output queue disc dropped (none, if configured right)
    uint64_t GetNOutputDrops() const;

  private:
    /// Per input port.
    struct Input
    {
        AtmNetDevice* port{nullptr}; //!< the input port (the switch owns it)
        uint32_t size{0};            //!< Buff_Size
        uint32_t epdThreshold{0};    //!< EPD threshold, cells (0: off)
        uint32_t max{0};             //!< high-water mark
        uint64_t dropped{0};         //!< cells dropped at the entrance
    };

    uint32_t m_bufferSize;                               //!< default Buff_Size
    uint32_t m_epdThreshold;                             //!< EPD threshold, cells (0: off)
    bool m_ppd;                                          //!< Partial Packet Discard on
    AtmFrameDiscard m_frames;                            //!< EPD/PPD state per route
    std::vector<Input> m_inputs;                         //!< by port index
    uint64_t m_outputDrops;                              //!< drops at the outputs
    TracedCallback<uint32_t, uint32_t> m_traceOccupancy; //!< admitted arrival
};

} // namespace ns3

#endif /* ATM_INPUT_BUFFERED_FABRIC_H */
