/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_ABR_SOURCE_H
#define ATM_ABR_SOURCE_H

#include "atm-cell.h"

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <memory>
#include <string>

namespace ns3
{

/**
 * @ingroup atm
 * @brief The ABR source end system of ATM Forum TM 4.0 (section 5.10.4,
 *        source behaviours 1-11 and 13), as a state machine without
 *        simulator events.
 *
 * The owner (the transmit gate of a host port) asks GetNextSendTime() when
 * the VC may send its next in-rate cell, and at that time calls
 * OnTransmitOpportunity(), which says which cell goes (a forward RM cell,
 * a backward RM cell waiting to be turned around, or data) and fills the
 * forward RM cell. Each backward RM cell that comes back is given to
 * OnBackwardRm(). Rates are in cells/s.
 *
 * - ACR starts at ICR (limited to TBE/FRTT when FRTT is set) and stays in
 *   [MCR, PCR] (rules 1-2); the first cell is a forward RM cell.
 * - The next in-rate cell is a forward RM cell when Nrm - 1 cells went since
 *   the last one, or at least Mrm cells and Trm (rule 3a); a waiting
 *   backward RM cell goes next when none went since the last forward RM
 *   cell or there is no data (rule 3b); otherwise data (rule 3c).
 * - Before a forward RM cell: use-it-or-lose-it, ACR = ICR if more than ADTF
 *   passed since the last one and ACR > ICR (rule 5); then, if CRM forward
 *   RM cells went since the last backward RM cell with BN = 0, ACR -=
 *   ACR * CDF, not below MCR (rule 6). The cell carries CCR = ACR,
 *   ER = PCR, MCR, DIR = BN = CI = NI = 0 (rules 7, 10).
 * - On a backward RM cell, eq. (1) of Arulambalam, Chen and Ansari (rules
 *   8-9): CI = 1: ACR -= decrease; CI = NI = 0: ACR += increase, not above
 *   PCR; then ACR = max(min(ACR, ER), MCR).
 *
 * Two parameterizations of the increase and decrease (attribute
 * Parameterization):
 * - Tm40 (default): increase RIF * PCR, decrease ACR * RDF, RIF and RDF
 *   fractions (TM 4.0; Roberts' "RDF = 1/16, AIR = 1/64" are these fractions,
 *   his AIR being RIF).
 * - NrmRdf (ATM Forum drafts before TM 4.0, Arulambalam eq. (1) and Table 1):
 *   decrease ACR * Nrm / RdfDivisor (RdfDivisor = 256 with Nrm = 32 is 1/8),
 *   increase Air * Nrm when Air > 0 (Air in cells/s per cell sent), else
 *   RIF * PCR as eq. (1) writes it.
 *
 * While ACR < TCR the source also sends out-of-rate forward RM cells (CLP =
 * 1, not counted by rules 3-6) at TCR between its in-rate cells (rule 11),
 * so that a VC whose ACR fell to 0 hears about a rate increase. Rule 12
 * (EFCI reset on every cell sent) is left to the port.
 */
class AtmAbrSource : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    AtmAbrSource();
    ~AtmAbrSource() override;
    AtmAbrSource(const AtmAbrSource&) = delete;
    AtmAbrSource& operator=(const AtmAbrSource&) = delete;

    /// How increase and decrease are parameterized.
    enum Parameterization
    {
        TM40,    //!< RIF * PCR and ACR * RDF (TM 4.0)
        NRM_RDF, //!< Air * Nrm (or RIF * PCR) and ACR * Nrm / RdfDivisor (drafts)
    };

    /// What the next in-rate cell is.
    enum CellType
    {
        NONE = 0,           //!< nothing to send
        FORWARD_RM = 1,     //!< an in-rate forward RM cell (filled in)
        BACKWARD_RM = 2,    //!< the waiting backward RM cell
        DATA = 3,           //!< a data cell
        OUT_OF_RATE_RM = 4, //!< an out-of-rate forward RM cell, CLP = 1 (rule 11)
    };

    /**
     * @brief Callback signature of FrmSent and BrmReceived.
     * @param cell the RM cell
     * @param acr ACR after the cell was handled, cells/s
     */
    typedef void (*RmTracedCallback)(const AtmCell& cell, double acr);

    /**
     * @return the first disagreement among the parameters, as "Field =
     *         value: problem" (a zero PCR, MCR or ICR above PCR, ICR below
     *         MCR, a zero Trm or ADTF, an RdfDivisor below Nrm); empty when
     *         they agree. Start() aborts with it; a scenario check asks for
     *         it before anything runs.
     */
    std::string GetConfigError() const;

    /**
     * @brief Connection set-up: check the parameters, ACR = ICR, the first
     *        cell will be a forward RM cell.
     * @param now the time
     * @param context where the source sits, for the message if the
     *        parameters disagree ("node 0 VC 0/42")
     */
    void Start(Time now, const std::string& context = "unattached");

    /**
     * @return the earliest time of the next cell: the last in-rate cell plus
     *         1/ACR, or sooner the last cell plus 1/TCR while ACR < TCR
     */
    Time GetNextSendTime() const;

    /**
     * @brief An in-rate cell may go now: decide which (rule 3).
     *
     * For FORWARD_RM, rules 5-7 and 10 have been applied and @p rmOut holds
     * the RM fields (body, PTI 6); the caller sets the label. Every cell
     * other than NONE is counted as sent now and paces the next one.
     * @param now the time
     * @param haveData whether a data cell waits
     * @param haveBrm whether a backward RM cell waits to be turned around
     * @param rmOut the forward RM cell, for FORWARD_RM
     * @return the cell to send
     */
    CellType OnTransmitOpportunity(Time now, bool haveData, bool haveBrm, AtmCell& rmOut);

    /**
     * @brief A backward RM cell of this VC arrived (rules 8-9).
     * @param brm the cell
     * @param now the time
     */
    void OnBackwardRm(const AtmCell& brm, Time now);

    /// @return ACR, cells/s
    double GetAcr() const;
    /// @return ICR in use: min(ICR, TBE/FRTT), cells/s (after Start())
    double GetEffectiveIcr() const;
    /// @return CRM in use (after Start())
    uint32_t GetCrm() const;
    /// @return forward RM cells sent since the last backward RM cell with BN = 0
    uint32_t GetUnacknowledged() const;

  private:
    /**
     * @brief Rule 10: fill a forward RM cell (label kept).
     * @param rmOut the cell
     */
    void FillForwardRm(AtmCell& rmOut) const;

    /**
     * @brief Rules 5-7: adjust ACR before an in-rate forward RM cell.
     * @param now the time
     */
    void BeforeForwardRm(Time now);

    /**
     * @return when the next in-rate cell may go (Time::Max() when ACR = 0)
     */
    Time GetNextInRateTime() const;

    /// @return the ACR decrease on CI = 1 (rule 8)
    double Decrease() const;
    /// @return the ACR increase on CI = NI = 0 (rule 8)
    double Increase() const;

    double m_pcr;             //!< peak cell rate
    double m_mcr;             //!< minimum cell rate
    double m_icr;             //!< initial cell rate (attribute)
    double m_tbe;             //!< transient buffer exposure, cells
    Time m_frtt;              //!< fixed round-trip time (0: no ICR limit)
    uint32_t m_nrm;           //!< cells per forward RM cell
    uint32_t m_mrm;           //!< cells between RM cells at least, with Trm
    Time m_trm;               //!< upper bound on the time between forward RM cells
    Time m_adtf;              //!< ACR decrease time factor
    double m_rif;             //!< rate increase factor
    double m_rdf;             //!< rate decrease factor
    double m_cdf;             //!< cutoff decrease factor
    double m_tcr;             //!< tagged cell rate (out-of-rate RM cells)
    uint32_t m_crmAttr;       //!< CRM attribute (0: ceil(TBE / Nrm))
    Parameterization m_param; //!< parameterization
    double m_air;             //!< additive increase rate (NrmRdf)
    double m_rdfDivisor;      //!< RDF divisor (NrmRdf)

    double m_acr;             //!< allowed cell rate (set through SetAcr())
    Time m_acrGap;            //!< 1 / ACR while ACR > 0, kept by SetAcr()
    double m_icrEff;          //!< ICR in use
    Time m_lastSend;          //!< last cell, in rate or not
    Time m_lastInRate;        //!< last in-rate cell
    Time m_lastFrm;           //!< last in-rate forward RM cell
    uint32_t m_crm;           //!< CRM in use
    uint32_t m_cellsSinceFrm; //!< in-rate cells since the last forward RM cell
    uint32_t m_unack;         //!< forward RM cells since a BN = 0 backward RM cell
    bool m_started;           //!< Start() was called
    bool m_firstSent;         //!< the first forward RM cell went
    bool m_brmSinceFrm;       //!< a backward RM cell went since the last forward RM cell

    /// The trace sources (Acr, FrmSent, BrmReceived): made when a sink
    /// connects, so that an idle connection does not carry them.
    struct Cold;

    /// Connects to a trace source of the cold part (makes it).
    template <typename Owner, typename T>
    friend class AtmColdTraceAccessor;

    /// @return the cold part, made on first use
    Cold& GetCold();

    /**
     * @brief Set ACR; the Acr trace source fires when it changes.
     * @param acr the new allowed cell rate, cells/s
     */
    void SetAcr(double acr);

    std::unique_ptr<Cold> m_cold; //!< the trace sources, or null
};

} // namespace ns3

#endif /* ATM_ABR_SOURCE_H */
