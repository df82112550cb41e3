/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_HUB_FLOW_CONTROL_H
#define ATM_HUB_FLOW_CONTROL_H

#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

#include <string>
#include <vector>

namespace ns3
{

class AtmBusHub;

/**
 * @ingroup atm
 * @brief The receiver protocol of the ON/OFF flow control of a bus hub
 *        (Chong et al. §3): the part the three schemes share.
 *
 * The hub tells it of every envelope arriving at a receive BIC and of
 * every departure from one, with the occupancy Que_bic after the event.
 * A subclass decides on arrival what to control (NotifyArrival); the
 * departure rule is common: below LowThreshold (LTH) with Flow Control ON,
 * Release() and Flow Control = OFF. Control goes out at once as an
 * out-of-band message (AtmBusHub::SignalControl); release goes through a
 * dummy envelope the congested board sends to itself
 * (AtmBusHub::SendDummy), whose receipt makes the release message.
 * The sender protocol (who is controlled) lives in the hub.
 */
class AtmHubFlowControl : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// In which order the logical addresses of one release resume.
    enum ResumeOrder
    {
        RESUME_RANDOM = 0,  //!< a random permutation (the paper's default)
        RESUME_ADDRESS = 1, //!< ascending logical address (board order)
    };

    AtmHubFlowControl();
    ~AtmHubFlowControl() override;
    AtmHubFlowControl(const AtmHubFlowControl&) = delete;
    AtmHubFlowControl& operator=(const AtmHubFlowControl&) = delete;

    /**
     * @brief Attach to a hub (which has checked the thresholds against its
     *        receive BICs: AtmBusHub::GetConfigError).
     * @param hub the hub (it owns this object)
     */
    void Attach(AtmBusHub* hub);

    /**
     * @param receiveBicSize RB, envelopes
     * @return the first threshold that does not fit a receive BIC of RB
     *         envelopes ("Field = value: problem"; LTH above HTH, HTH not
     *         below RB); empty when they fit. The hub aborts with it when
     *         it starts; a scenario check asks for it before anything runs.
     */
    virtual std::string GetConfigError(uint32_t receiveBicSize) const;

    /**
     * @brief An envelope arrived at the receive BIC of a board (also one
     *        that found it full).
     * @param board the receiving board
     * @param address the envelope's logical address
     * @param occupancy Que_bic after the arrival
     */
    virtual void NotifyArrival(uint32_t board, uint32_t address, uint32_t occupancy) = 0;

    /**
     * @brief An envelope left the receive BIC of a board.
     * @param board the board
     * @param occupancy Que_bic after the departure
     */
    void NotifyDeparture(uint32_t board, uint32_t occupancy);

    /**
     * @param board a board
     * @return its receiver's Flow Control flag
     */
    bool IsOn(uint32_t board) const;

    /**
     * @brief Use fixed random streams.
     * @param stream first stream index
     * @return the number of streams used
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoDispose() override;

    /**
     * @brief Deactivate flow control of a congested board (the occupancy
     *        fell below LTH).
     * @param board the board
     */
    virtual void Release(uint32_t board) = 0;

    /**
     * @brief Flow Control = ON at a board.
     * @param board the board
     */
    void SetOn(uint32_t board);

    /**
     * @brief Control a logical address at every sender, unless it is
     *        controlled already; it joins the board's list Log_cntrl.
     * @param board the congested board
     * @param address the address
     */
    void ControlAddress(uint32_t board, uint32_t address);

    /**
     * @brief Control every logical address of a board at every sender,
     *        unless it is so controlled already.
     * @param board the congested board
     */
    void ControlBoard(uint32_t board);

    /**
     * @brief Release each address of Log_cntrl with its own dummy envelope,
     *        in the ResumeOrder; the list empties.
     * @param board the board
     */
    void ReleaseAddresses(uint32_t board);

    /**
     * @brief Release the whole board (its physical and logical controls)
     *        with one dummy envelope; Log_cntrl empties.
     * @param board the board
     */
    void ReleaseBoard(uint32_t board);

    uint32_t m_lth; //!< LTH, envelopes
    uint32_t m_hth; //!< HTH, envelopes

  private:
    /**
     * @brief Grow the per-board state to hold @p board.
     * @param board a board index
     */
    void Reach(uint32_t board);

    /// The receiver state of one board.
    struct Receiver
    {
        bool on{false};                   //!< Flow Control
        bool physical{false};             //!< its board address is controlled
        std::vector<uint32_t> controlled; //!< Log_cntrl
    };

    AtmBusHub* m_hub;                     //!< the hub
    ResumeOrder m_order;                  //!< release order of Log_cntrl
    std::vector<Receiver> m_receivers;    //!< per board
    std::vector<uint8_t> m_listed;        //!< per address: in some Log_cntrl
    Ptr<UniformRandomVariable> m_uniform; //!< random resume order
};

} // namespace ns3

#endif /* ATM_HUB_FLOW_CONTROL_H */
