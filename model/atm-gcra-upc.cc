/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-gcra-upc.h"

#include "atm-compat.h"

#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/nstime.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmGcraUpc");

NS_OBJECT_ENSURE_REGISTERED(AtmGcraUpc);

TypeId
AtmGcraUpc::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmGcraUpc")
            .SetParent<AtmUpc>()
            .SetGroupName("Atm")
            .AddConstructor<AtmGcraUpc>()
            .AddAttribute("Form",
                          "Which of the two equivalent forms of the GCRA runs (TM 4.0 figure "
                          "4-1): the virtual scheduling algorithm or the continuous-state "
                          "leaky bucket.",
                          EnumValue(AtmGcra::VIRTUAL_SCHEDULING),
                          AtmMakeEnumAccessor<AtmGcra::Form>(&AtmGcraUpc::m_form),
                          MakeEnumChecker(AtmGcra::VIRTUAL_SCHEDULING,
                                          "VirtualScheduling",
                                          AtmGcra::LEAKY_BUCKET,
                                          "LeakyBucket"));
    return tid;
}

AtmGcraUpc::AtmGcraUpc()
    : m_form(AtmGcra::VIRTUAL_SCHEDULING)
{
    NS_LOG_FUNCTION(this);
}

AtmGcraUpc::~AtmGcraUpc()
{
    NS_LOG_FUNCTION(this);
}

std::string
AtmGcraUpc::DoAddVc(uint32_t index,
                    const AtmTrafficContract& contract,
                    double linkCellRate,
                    uint32_t sharing)
{
    if (index >= m_vcs.size())
    {
        m_vcs.resize(index + 1);
    }
    Vc& vc = m_vcs[index];
    vc = Vc();
    vc.set = true;
    if (contract.pcr <= 0)
    {
        return ""; // UBR without a PCR: not policed
    }
    std::ostringstream os;
    if (contract.pcr > linkCellRate)
    {
        os << "Pcr = " << contract.pcr << ": above the cell rate of the link, " << linkCellRate
           << " cells/s";
        return os.str();
    }
    const Time cellTime = Seconds(1.0 / linkCellRate);
    if (sharing > 1 && contract.cdvt < cellTime)
    {
        os << "Cdvt = " << contract.cdvt.As(Time::US) << ": below the cell time of the link, "
           << cellTime.As(Time::US) << ", which " << sharing
           << " policed VCs share: a conforming cell that waits behind another VC's would be "
              "discarded";
        return os.str();
    }
    vc.peak = AtmGcra(AtmGcra::IncrementOf(contract.pcr), contract.cdvt.GetTimeStep(), m_form);
    if (contract.HasSustainedRate())
    {
        vc.sustained = AtmGcra(AtmGcra::IncrementOf(contract.scr),
                               (contract.GetBurstTolerance() + contract.cdvt).GetTimeStep(),
                               m_form);
        vc.tagging = contract.tagging;
    }
    return "";
}

bool
AtmGcraUpc::DoHasVc(uint32_t index) const
{
    return index < m_vcs.size() && m_vcs[index].set;
}

AtmUpc::Verdict
AtmGcraUpc::DoPolice(const AtmCell& cell, uint32_t index, int64_t now)
{
    Vc& vc = m_vcs[index];
    if (!vc.peak.Conforms(now))
    {
        return DISCARD;
    }
    // The SCR counts every cell (VBR.1), or only CLP = 0 cells (VBR.3).
    const bool counted = vc.sustained.IsSet() && !(vc.tagging && cell.GetClp());
    if (counted && !vc.sustained.Conforms(now))
    {
        if (!vc.tagging)
        {
            return DISCARD;
        }
        vc.peak.Update(now);
        return TAG;
    }
    vc.peak.Update(now);
    if (counted)
    {
        vc.sustained.Update(now);
    }
    return PASS;
}

} // namespace ns3
