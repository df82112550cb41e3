/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-abr-destination.h"

#include "atm-compat.h"
#include "atm-rm-cell.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/trace-source-accessor.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmAbrDestination");

NS_OBJECT_ENSURE_REGISTERED(AtmAbrDestination);

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
                            MakeTraceSourceAccessor(&AtmAbrDestination::m_turnaround),
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
    m_turnaround(brm);
    return brm;
}

bool
AtmAbrDestination::GetEfciState() const
{
    return m_efci;
}

} // namespace ns3
