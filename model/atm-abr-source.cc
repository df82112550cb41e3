/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-abr-source.h"

#include "atm-cold-trace-accessor.h"
#include "atm-compat.h"
#include "atm-rm-cell.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/traced-callback.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmAbrSource");

NS_OBJECT_ENSURE_REGISTERED(AtmAbrSource);

/// The trace sources of an ABR source, made when a sink connects.
struct AtmAbrSource::Cold
{
    TracedCallback<double, double> acr;                 //!< ACR changed (old, new)
    TracedCallback<const AtmCell&, double> frmSent;     //!< forward RM cell sent
    TracedCallback<const AtmCell&, double> brmReceived; //!< backward RM cell received
};

TypeId
AtmAbrSource::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmAbrSource")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddConstructor<AtmAbrSource>()
            .AddAttribute("Pcr",
                          "Peak cell rate, cells/s (default: OC-3c, 149.76 Mb/s / 424 bits).",
                          DoubleValue(149.76e6 / 424),
                          MakeDoubleAccessor(&AtmAbrSource::m_pcr),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("Mcr",
                          "Minimum cell rate, cells/s.",
                          DoubleValue(0),
                          MakeDoubleAccessor(&AtmAbrSource::m_mcr),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("Icr",
                          "Initial cell rate, cells/s (0: PCR, TM 4.0's default).",
                          DoubleValue(0),
                          MakeDoubleAccessor(&AtmAbrSource::m_icr),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("Tbe",
                          "Transient buffer exposure, cells (ICR <= TBE/FRTT, CRM = TBE/Nrm).",
                          DoubleValue(16777215),
                          MakeDoubleAccessor(&AtmAbrSource::m_tbe),
                          MakeDoubleChecker<double>(1))
            .AddAttribute("Frtt",
                          "Fixed round-trip time (0: ICR not limited by TBE/FRTT).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&AtmAbrSource::m_frtt),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("Nrm",
                          "At most Nrm - 1 cells between forward RM cells.",
                          UintegerValue(32),
                          MakeUintegerAccessor(&AtmAbrSource::m_nrm),
                          MakeUintegerChecker<uint32_t>(2, 256))
            .AddAttribute("Mrm",
                          "At least Mrm cells between forward RM cells sent after Trm.",
                          UintegerValue(2),
                          MakeUintegerAccessor(&AtmAbrSource::m_mrm),
                          MakeUintegerChecker<uint32_t>(1, 256))
            .AddAttribute("Trm",
                          "Upper bound on the time between forward RM cells.",
                          TimeValue(MilliSeconds(100)),
                          MakeTimeAccessor(&AtmAbrSource::m_trm),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("Adtf",
                          "ACR decrease time factor (use-it-or-lose-it, rule 5).",
                          TimeValue(MilliSeconds(500)),
                          MakeTimeAccessor(&AtmAbrSource::m_adtf),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("Rif",
                          "Rate increase factor: ACR += RIF * PCR on CI = NI = 0.",
                          DoubleValue(1.0 / 16),
                          MakeDoubleAccessor(&AtmAbrSource::m_rif),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("Rdf",
                          "Rate decrease factor: ACR -= ACR * RDF on CI = 1 (Tm40).",
                          DoubleValue(1.0 / 16),
                          MakeDoubleAccessor(&AtmAbrSource::m_rdf),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("Cdf",
                          "Cutoff decrease factor (rule 6); 0 turns rule 6 off.",
                          DoubleValue(1.0 / 16),
                          MakeDoubleAccessor(&AtmAbrSource::m_cdf),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute(
                "Tcr",
                "Tagged cell rate, cells/s: out-of-rate forward RM cells while ACR < TCR.",
                DoubleValue(10),
                MakeDoubleAccessor(&AtmAbrSource::m_tcr),
                MakeDoubleChecker<double>(0))
            .AddAttribute("Crm",
                          "Forward RM cells without a backward one before rule 6 "
                          "(0: ceil(TBE / Nrm)).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&AtmAbrSource::m_crmAttr),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Parameterization",
                          "Tm40: RIF*PCR up, ACR*RDF down. NrmRdf (pre-TM 4.0 drafts, "
                          "Arulambalam eq. 1): Air*Nrm (or RIF*PCR) up, ACR*Nrm/RdfDivisor down.",
                          EnumValue(TM40),
                          AtmMakeEnumAccessor<Parameterization>(&AtmAbrSource::m_param),
                          MakeEnumChecker(TM40, "Tm40", NRM_RDF, "NrmRdf"))
            .AddAttribute("Air",
                          "NrmRdf only: additive increase rate, cells/s per cell sent "
                          "(ACR += Air * Nrm); 0: RIF * PCR.",
                          DoubleValue(0),
                          MakeDoubleAccessor(&AtmAbrSource::m_air),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("RdfDivisor",
                          "NrmRdf only: ACR -= ACR * Nrm / RdfDivisor on CI = 1.",
                          DoubleValue(256),
                          MakeDoubleAccessor(&AtmAbrSource::m_rdfDivisor),
                          MakeDoubleChecker<double>(1))
            .AddTraceSource("Acr",
                            "Allowed cell rate, cells/s.",
                            MakeAtmColdTraceAccessor<AtmAbrSource>(&Cold::acr),
                            "ns3::TracedValueCallback::Double")
            .AddTraceSource("FrmSent",
                            "A forward RM cell was sent (cell, ACR).",
                            MakeAtmColdTraceAccessor<AtmAbrSource>(&Cold::frmSent),
                            "ns3::AtmAbrSource::RmTracedCallback")
            .AddTraceSource("BrmReceived",
                            "A backward RM cell was received (cell, ACR after it).",
                            MakeAtmColdTraceAccessor<AtmAbrSource>(&Cold::brmReceived),
                            "ns3::AtmAbrSource::RmTracedCallback");
    return tid;
}

AtmAbrSource::AtmAbrSource()
    : m_acr(0),
      m_icrEff(0),
      m_crm(0),
      m_cellsSinceFrm(0),
      m_unack(0),
      m_started(false),
      m_firstSent(false),
      m_brmSinceFrm(false)
{
    NS_LOG_FUNCTION(this);
}

AtmAbrSource::~AtmAbrSource()
{
    NS_LOG_FUNCTION(this);
}

AtmAbrSource::Cold&
AtmAbrSource::GetCold()
{
    if (!m_cold)
    {
        m_cold = std::make_unique<Cold>();
    }
    return *m_cold;
}

void
AtmAbrSource::SetAcr(double acr)
{
    const double old = m_acr;
    m_acr = acr;
    // Read at every transmit opportunity; computed here, once per change.
    m_acrGap = acr > 0 ? Seconds(1.0 / acr) : Time();
    if (m_cold && old != acr)
    {
        m_cold->acr(old, acr);
    }
}

std::string
AtmAbrSource::GetConfigError() const
{
    std::ostringstream os;
    const double icr = m_icr > 0 ? m_icr : m_pcr;
    if (m_pcr <= 0)
    {
        os << "Pcr = " << m_pcr << ": must be positive";
    }
    else if (m_mcr > m_pcr)
    {
        os << "Mcr = " << m_mcr << ": exceeds Pcr = " << m_pcr;
    }
    else if (icr > m_pcr)
    {
        os << "Icr = " << m_icr << ": exceeds Pcr = " << m_pcr;
    }
    else if (m_icr > 0 && m_icr < m_mcr)
    {
        os << "Icr = " << m_icr << ": is below Mcr = " << m_mcr;
    }
    else if (!m_trm.IsStrictlyPositive())
    {
        os << "Trm = " << m_trm.As(Time::MS) << ": must be positive";
    }
    else if (!m_adtf.IsStrictlyPositive())
    {
        os << "Adtf = " << m_adtf.As(Time::MS) << ": must be positive";
    }
    else if (m_param == NRM_RDF && m_rdfDivisor < m_nrm)
    {
        os << "RdfDivisor = " << m_rdfDivisor << ": is below Nrm = " << m_nrm
           << ": a decrease of ACR * Nrm / RdfDivisor would exceed ACR";
    }
    return os.str();
}

void
AtmAbrSource::Start(Time now, const std::string& context)
{
    NS_LOG_FUNCTION(this << now << context);
    if (const std::string error = GetConfigError(); !error.empty())
    {
        NS_FATAL_ERROR(GetInstanceTypeId().GetName() << " (" << context << "): " << error);
    }
    const double icr = m_icr > 0 ? m_icr : m_pcr;
    m_icrEff = icr;
    if (m_frtt.IsStrictlyPositive())
    {
        m_icrEff = std::min(m_icrEff, m_tbe / m_frtt.GetSeconds());
    }
    m_icrEff = std::max(m_icrEff, m_mcr);
    m_crm = m_crmAttr > 0 ? m_crmAttr : static_cast<uint32_t>(std::ceil(m_tbe / m_nrm));
    SetAcr(m_icrEff);
    m_started = true;
    m_firstSent = false;
    m_lastSend = now;
    m_lastInRate = now;
    m_lastFrm = now;
    m_cellsSinceFrm = 0;
    m_brmSinceFrm = false;
    m_unack = 0;
}

Time
AtmAbrSource::GetNextInRateTime() const
{
    if (m_acr <= 0)
    {
        return Time::Max();
    }
    return m_lastInRate + m_acrGap;
}

Time
AtmAbrSource::GetNextSendTime() const
{
    NS_ASSERT_MSG(m_started, "AtmAbrSource: Start() was not called");
    if (!m_firstSent)
    {
        return m_lastSend;
    }
    const Time inRate = GetNextInRateTime();
    if (m_acr >= m_tcr || m_tcr <= 0)
    {
        return inRate;
    }
    return std::min(inRate, m_lastSend + Seconds(1.0 / m_tcr));
}

AtmAbrSource::CellType
AtmAbrSource::OnTransmitOpportunity(Time now, bool haveData, bool haveBrm, AtmCell& rmOut)
{
    // No NS_LOG_FUNCTION: this runs for every cell of the connection.
    NS_ASSERT_MSG(m_started, "AtmAbrSource: Start() was not called");
    if (m_firstSent && m_acr < m_tcr && now < GetNextInRateTime())
    {
        // Rule 11: not yet time for an in-rate cell; an out-of-rate forward
        // RM cell, CLP = 1, counted by none of rules 3-6.
        if (!haveData && !haveBrm)
        {
            return NONE;
        }
        FillForwardRm(rmOut);
        rmOut.SetClp(true);
        m_lastSend = now;
        if (m_cold)
        {
            m_cold->frmSent(rmOut, m_acr);
        }
        return OUT_OF_RATE_RM;
    }
    CellType type = NONE;
    if (!m_firstSent)
    {
        // Rule 2: the first cell is an in-rate forward RM cell.
        type = (haveData || haveBrm) ? FORWARD_RM : NONE;
    }
    else if ((m_cellsSinceFrm >= m_mrm && now - m_lastFrm >= m_trm) || m_cellsSinceFrm >= m_nrm - 1)
    {
        type = FORWARD_RM; // rule 3a
    }
    else if (haveBrm && (!m_brmSinceFrm || !haveData))
    {
        type = BACKWARD_RM; // rule 3b
    }
    else if (haveData)
    {
        type = DATA; // rule 3c
    }
    if (type == FORWARD_RM)
    {
        BeforeForwardRm(now);
        FillForwardRm(rmOut);
        m_firstSent = true;
        m_lastFrm = now;
        m_cellsSinceFrm = 0;
        m_brmSinceFrm = false;
        ++m_unack;
    }
    else if (type != NONE)
    {
        ++m_cellsSinceFrm;
        m_brmSinceFrm = m_brmSinceFrm || type == BACKWARD_RM;
    }
    if (type != NONE)
    {
        m_lastSend = now;
        m_lastInRate = now;
    }
    if (type == FORWARD_RM)
    {
        if (m_cold)
        {
            m_cold->frmSent(rmOut, m_acr);
        }
    }
    return type;
}

void
AtmAbrSource::BeforeForwardRm(Time now)
{
    // Rule 5: use it or lose it.
    if (m_firstSent && now - m_lastFrm > m_adtf && m_acr > m_icrEff)
    {
        NS_LOG_LOGIC("ADTF: ACR " << m_acr << " -> ICR " << m_icrEff);
        SetAcr(m_icrEff);
    }
    // Rule 6: no backward RM cells are coming back.
    if (m_unack >= m_crm && m_cdf > 0)
    {
        const double acr = m_acr;
        SetAcr(std::max(m_mcr, acr - acr * m_cdf));
        NS_LOG_LOGIC("CRM reached: ACR -> " << m_acr);
    }
}

void
AtmAbrSource::FillForwardRm(AtmCell& rmOut) const
{
    // Rules 7 and 10.
    const uint16_t vpi = rmOut.GetVpi();
    const uint16_t vci = rmOut.GetVci();
    rmOut = AtmRmCell::Make(vpi, vci);
    AtmRmCell::SetEr(rmOut, m_pcr);
    AtmRmCell::SetCcr(rmOut, m_acr);
    AtmRmCell::SetMcr(rmOut, m_mcr);
}

double
AtmAbrSource::Decrease() const
{
    if (m_param == NRM_RDF)
    {
        return m_acr * m_nrm / m_rdfDivisor;
    }
    return m_acr * m_rdf;
}

double
AtmAbrSource::Increase() const
{
    if (m_param == NRM_RDF && m_air > 0)
    {
        return m_air * m_nrm;
    }
    return m_rif * m_pcr;
}

void
AtmAbrSource::OnBackwardRm(const AtmCell& brm, Time now)
{
    NS_LOG_FUNCTION(this << now);
    NS_ASSERT_MSG(m_started, "AtmAbrSource: Start() was not called");
    double acr = m_acr;
    if (AtmRmCell::GetCi(brm))
    {
        acr = std::max(m_mcr, acr - Decrease()); // rule 8, CI = 1
    }
    else if (!AtmRmCell::GetNi(brm))
    {
        acr = std::min(m_pcr, acr + Increase()); // rule 8, CI = NI = 0
    }
    acr = std::max(std::min(acr, AtmRmCell::GetEr(brm)), m_mcr); // rule 9
    SetAcr(acr);
    if (!AtmRmCell::GetBn(brm))
    {
        m_unack = 0; // rule 6 counts from here
    }
    if (m_cold)
    {
        m_cold->brmReceived(brm, acr);
    }
}

double
AtmAbrSource::GetAcr() const
{
    return m_acr;
}

double
AtmAbrSource::GetEffectiveIcr() const
{
    return m_icrEff;
}

uint32_t
AtmAbrSource::GetCrm() const
{
    return m_crm;
}

uint32_t
AtmAbrSource::GetUnacknowledged() const
{
    return m_unack;
}

} // namespace ns3
