/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-abr-destination.h"

#include "atm-cold-trace-accessor.h"
#include "atm-compat.h"
#include "atm-rm-cell.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/traced-callback.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmAbrDestination");

NS_OBJECT_ENSURE_REGISTERED(AtmAbrDestination);

/// The trace source of an ABR destination, made when a sink connects.
struct AtmAbrDestination::Cold
{
    TracedCallback<const AtmCell&> turnaround; //!< backward RM cell made
};

TypeId
AtmAbrDestination::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmAbrDestination")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddConstructor<AtmAbrDestination>()
            .AddAttribute("EfciMode",
                          "LastCell: CI from the EFCI bit of the last data cell (TM 4.0); "
                          "SinceLastRm: from any EFCI bit since the last turned-around RM cell.",
                          EnumValue(LAST_CELL),
                          AtmMakeEnumAccessor<EfciMode>(&AtmAbrDestination::m_mode),
                          MakeEnumChecker(LAST_CELL, "LastCell", SINCE_LAST_RM, "SinceLastRm"))
            .AddAttribute("SupportedRate",
                          "Rate the destination can take, cells/s: ER is lowered to it "
                          "(0: no limit).",
                          DoubleValue(0),
                          MakeDoubleAccessor(&AtmAbrDestination::m_supportedRate),
                          MakeDoubleChecker<double>(0))
            .AddTraceSource("Turnaround",
                            "A forward RM cell was turned into a backward one.",
                            MakeAtmColdTraceAccessor<AtmAbrDestination>(&Cold::turnaround),
                            "ns3::AtmAbrDestination::TurnaroundTracedCallback");
    return tid;
}

AtmAbrDestination::AtmAbrDestination()
    : m_mode(LAST_CELL),
      m_supportedRate(0),
      m_efci(false)
{
    NS_LOG_FUNCTION(this);
}

AtmAbrDestination::~AtmAbrDestination()
{
    NS_LOG_FUNCTION(this);
}

AtmAbrDestination::Cold&
AtmAbrDestination::GetCold()
{
    if (!m_cold)
    {
        m_cold = std::make_unique<Cold>();
    }
    return *m_cold;
}

void
AtmAbrDestination::OnDataCell(const AtmCell& data)
{
    if (m_mode == LAST_CELL)
    {
        m_efci = data.GetEfci();
    }
    else
    {
        m_efci = m_efci || data.GetEfci();
    }
}

AtmCell
AtmAbrDestination::TurnAround(const AtmCell& frm)
{
    NS_LOG_FUNCTION(this);
    NS_ASSERT_MSG(AtmRmCell::IsRm(frm) && !AtmRmCell::GetDir(frm),
                  "AtmAbrDestination::TurnAround: not a forward RM cell: " << frm);
    AtmCell brm = frm;
    AtmRmCell::SetDir(brm, true);
    if (m_efci)
    {
        AtmRmCell::SetCi(brm, true);
        m_efci = false;
    }
    if (m_supportedRate > 0)
    {
        AtmRmCell::LowerEr(brm, m_supportedRate);
    }
    if (m_cold)
    {
        m_cold->turnaround(brm);
    }
    return brm;
}

bool
AtmAbrDestination::GetEfciState() const
{
    return m_efci;
}

} // namespace ns3
