/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_UPC_H
#define ATM_UPC_H

#include "atm-cell.h"
#include "atm-traffic-contract.h"

#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <string>

namespace ns3
{

/**
 * @ingroup atm
 * @brief Usage parameter control (ATM Forum TM 4.0 section 4.5, ITU-T
 *        I.371 section 7.2): the policing plug point of a switch's ingress
 *        port, where cells of the VCs arriving on the port are checked
 *        against their traffic contracts.
 *
 * The switch tells the UPC each arriving VC's contract (AddVc(), indexed
 * by the VC's arrival index at the port) and hands it every user-data
 * cell before switching it (Police()). A conforming cell passes; a
 * non-conforming one is discarded (counted as a drop of the VC with the
 * reason DISCARD_DROP, and traced on UpcDiscard) or, where the contract
 * says so, tagged CLP = 1 and passed (traced on UpcTag). RM, OAM and
 * credit cells are not policed. A scheme is a subclass chosen by TypeId
 * name (AtmGcraUpc: the GCRA conformance definitions of TM 4.0).
 */
class AtmUpc : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmUpc();
    ~AtmUpc() override;

    /// Drop reason of a cell the UPC discards.
    static constexpr const char* DISCARD_DROP = "UpcDiscard";

    /// What Police() decided for a cell.
    enum Verdict : uint8_t
    {
        PASS,    //!< conforming: passes as it is
        TAG,     //!< tagged CLP = 1, passes
        DISCARD, //!< non-conforming: discarded
    };

    /**
     * @brief Callback signature of UpcDiscard and UpcTag.
     * @param cell the cell (as it arrived)
     * @param index the arrival index of its VC at the port
     */
    typedef void (*CellTracedCallback)(const AtmCell& cell, uint32_t index);

    /**
     * @brief Set up the policing of an arriving VC (again: replaces it).
     * @param index its arrival index at the port
     * @param contract its traffic contract
     * @param linkCellRate the cell rate of the port's link, cells/s
     * @param sharing the VCs the UPC polices on the port's link with this one
     * @return the first reason the contract cannot be policed here, as
     *         "Field = value: problem" (empty when it can); the switch
     *         aborts with it, naming the port and the VC
     */
    std::string AddVc(uint32_t index,
                      const AtmTrafficContract& contract,
                      double linkCellRate,
                      uint32_t sharing);

    /**
     * @param index an arrival index
     * @return true if AddVc() set it up
     */
    bool HasVc(uint32_t index) const;

    /**
     * @brief Police a user-data cell: count it, trace a tag or a discard,
     *        set CLP = 1 on a tagged cell.
     * @param cell the cell (CLP set when tagged)
     * @param index the arrival index of its VC (set up with AddVc())
     * @param now its arrival time (time steps)
     * @return the verdict
     */
    Verdict Police(AtmCell& cell, uint32_t index, int64_t now);

    /// @return true if anything listens to UpcDiscard or UpcTag
    bool IsObserved() const;

    /// @return cells that passed unchanged
    uint64_t GetNPassed() const;
    /// @return cells tagged CLP = 1
    uint64_t GetNTagged() const;
    /// @return cells discarded
    uint64_t GetNDiscarded() const;

  protected:
    /**
     * @brief Set up a VC (AddVc() after the common checks).
     * @param index its arrival index
     * @param contract its contract (sound: GetConfigError() is empty)
     * @param linkCellRate the link's cell rate, cells/s
     * @param sharing the VCs policed on the link with this one
     * @return as AddVc()
     */
    virtual std::string DoAddVc(uint32_t index,
                                const AtmTrafficContract& contract,
                                double linkCellRate,
                                uint32_t sharing) = 0;

    /**
     * @param index an arrival index
     * @return true if DoAddVc() set it up
     */
    virtual bool DoHasVc(uint32_t index) const = 0;

    /**
     * @brief The verdict on a cell, the scheme's state updated.
     * @param cell the cell
     * @param index its VC's arrival index
     * @param now its arrival time (time steps)
     * @return the verdict (Police() does the tagging)
     */
    virtual Verdict DoPolice(const AtmCell& cell, uint32_t index, int64_t now) = 0;

  private:
    uint64_t m_passed;                                  //!< cells passed
    uint64_t m_tagged;                                  //!< cells tagged
    uint64_t m_discarded;                               //!< cells discarded
    TracedCallback<const AtmCell&, uint32_t> m_discard; //!< UpcDiscard
    TracedCallback<const AtmCell&, uint32_t> m_tag;     //!< UpcTag
};

} // namespace ns3

#endif /* ATM_UPC_H */
