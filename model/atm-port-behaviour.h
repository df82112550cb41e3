/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_PORT_BEHAVIOUR_H
#define ATM_PORT_BEHAVIOUR_H

#include "atm-cell.h"
#include "atm-traffic-contract.h"

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <string>

namespace ns3
{

class AtmQueueDisc;

/**
 * @ingroup atm
 * @brief What a port behaviour sees of its output port when a hook is
 *        called: filled by the port for each call, by hand in tests.
 *
 * The VC fields are those of the hook's VC slot at this port (for a
 * backward RM cell: the slot of the VC's forward direction at this port).
 */
struct AtmPortState
{
    Time now;                //!< the time
    double cellRate{0};      //!< the port's cell rate, cells/s
    uint32_t queueCells{0};  //!< cells queued at the port, every VC
    uint32_t activeVcs{0};   //!< VCs with cells queued
    bool congested{false};   //!< two-threshold global flag sigma(t) (eq. 2)
    uint32_t vcCells{0};     //!< cells of the hook's VC queued
    bool vcCongested{false}; //!< two-threshold per-VC flag sigma_vc(t) (eqs. 3-5)
    AtmServiceCategory category{AtmServiceCategory::ABR}; //!< the hook's VC's category
    double vcWeight{1}; //!< the hook's VC's weight (AtmVcHelper::SetWeight)

    /**
     * @brief The state of an output port as its queue disc has it, for a
     *        hook on one VC slot (what a port passes to its behaviour).
     * @param queue the port's queue disc
     * @param slot the VC slot (a slot the disc does not know gives zero VC fields)
     * @param cellRate the port's cell rate, cells/s
     * @param now the time
     * @return the state
     */
    static AtmPortState FromQueueDisc(AtmQueueDisc& queue,
                                      uint32_t slot,
                                      double cellRate,
                                      Time now);
};

/**
 * @ingroup atm
 * @brief The "port behaviour" plug point: what an ATM switch output port
 *        does to the ABR cells crossing it (EFCI marking, CI/NI marking,
 *        explicit-rate stamping).
 *
 * Like ns-3's TcpCongestionOps, a narrow interface with the state passed
 * in: each hook gets the cell (which it may modify), the VC slot at the
 * port and an AtmPortState. The port calls
 * - OnDataArrival() when a data cell of slot v is queued at the port,
 * - OnDataDeparture() when it leaves the port (is transmitted),
 * - OnForwardRm() when a forward RM cell of v crosses the port,
 * - OnBackwardRm() when a backward RM cell of the same VC passes through
 *   the switch on its way back to the source (its state is that of v's
 *   forward output port, where the congestion is).
 * Every hook does nothing by default. A scheme is one subclass chosen by
 * TypeId name. ER is only ever lowered (StampEr()), never raised.
 *
 * The port builds an AtmPortState for each call of a hook, so a scheme
 * that does not override OnDataDeparture() should not pay for it per cell:
 * the default notes, when first called, that it does nothing, and the port
 * calls it no more (HasDataDepartureHook()). An override must not call the
 * default. (Building the state evaluates the VC's congestion flag, whose
 * hysteresis remembers it; at a departure the queue has just evaluated it
 * in the same state, so leaving the call out changes nothing.)
 */
class AtmPortBehaviour : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmPortBehaviour();
    ~AtmPortBehaviour() override;
    AtmPortBehaviour(const AtmPortBehaviour&) = delete;
    AtmPortBehaviour& operator=(const AtmPortBehaviour&) = delete;

    /**
     * @brief Callback signature of ErStamped.
     * @param slot the VC slot
     * @param oldEr ER before, cells/s
     * @param newEr ER after, cells/s
     */
    typedef void (*ErTracedCallback)(uint32_t slot, double oldEr, double newEr);

    /**
     * @brief Callback signature of Marked.
     * @param slot the VC slot
     * @param what "EFCI", "CI" or "NI"
     */
    typedef void (*MarkTracedCallback)(uint32_t slot, const char* what);

    /**
     * @brief A data cell of slot v is queued at the port.
     * @param cell the cell
     * @param slot its VC slot
     * @param port the port's state
     */
    virtual void OnDataArrival(AtmCell& cell, uint32_t slot, const AtmPortState& port);

    /**
     * @brief A data cell of slot v leaves the port.
     * @param cell the cell
     * @param slot its VC slot
     * @param port the port's state
     */
    virtual void OnDataDeparture(AtmCell& cell, uint32_t slot, const AtmPortState& port);

    /// @return false once the default OnDataDeparture(), which does nothing, has run
    bool HasDataDepartureHook() const
    {
        return m_dataDepartureHook;
    }

    /**
     * @brief A forward RM cell of slot v crosses the port.
     * @param frm the cell
     * @param slot its VC slot
     * @param port the port's state
     */
    virtual void OnForwardRm(AtmCell& frm, uint32_t slot, const AtmPortState& port);

    /**
     * @brief A backward RM cell of the VC whose forward slot at this port is
     *        v passes back through the switch.
     * @param brm the cell
     * @param slot the VC's forward slot at this port
     * @param port this (forward) port's state
     */
    virtual void OnBackwardRm(AtmCell& brm, uint32_t slot, const AtmPortState& port);

    /**
     * @return true if anything listens to what OnDataArrival fires (the
     *         lazy arrival of the fast cell path must then not delay it); a
     *         behaviour with a traced variable of its own keeps it in an
     *         AtmTracedDouble, which can tell, and adds it here
     */
    virtual bool IsObserved() const;

    /**
     * @return the first disagreement among the attributes ("Field = value:
     *         problem"); empty when they agree (the default). The port
     *         aborts with it when it initializes the behaviour; a scenario
     *         check asks for it before anything runs.
     */
    virtual std::string GetConfigError() const;

  protected:
    /**
     * @brief ER = min(ER, rate), traced when lowered.
     * @param rm an RM cell
     * @param slot its VC slot
     * @param rate the rate this port can support, cells/s
     * @return true when ER was lowered
     */
    bool StampEr(AtmCell& rm, uint32_t slot, double rate);

    /**
     * @brief Set the EFCI bit of a data cell, traced.
     * @param data the cell
     * @param slot its VC slot
     */
    void MarkEfci(AtmCell& data, uint32_t slot);

    /**
     * @brief Set CI (or NI) of an RM cell, traced.
     * @param rm the cell
     * @param slot its VC slot
     * @param ni true for NI, false for CI
     */
    void MarkRm(AtmCell& rm, uint32_t slot, bool ni);

  private:
    TracedCallback<uint32_t, double, double> m_erStamped; //!< ER lowered
    TracedCallback<uint32_t, const char*> m_marked;       //!< EFCI/CI/NI set
    bool m_dataDepartureHook{true};                       //!< OnDataDeparture may do something
};

} // namespace ns3

#endif /* ATM_PORT_BEHAVIOUR_H */
