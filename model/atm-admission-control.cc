/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-admission-control.h"

#include "atm-net-device.h"

#include "ns3/double.h"
#include "ns3/log.h"

#include <numeric>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmAdmissionControl");

NS_OBJECT_ENSURE_REGISTERED(AtmAdmissionControl);

TypeId
AtmAdmissionControl::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AtmAdmissionControl")
            .SetParent<Object>()
            .SetGroupName("Atm")
            .AddConstructor<AtmAdmissionControl>()
            .AddAttribute("Overbooking",
                          "The bandwidth committed to the port's VCs may reach this many times "
                          "the link's cell rate (1: no overbooking).",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&AtmAdmissionControl::m_overbooking),
                          MakeDoubleChecker<double>(0));
    return tid;
}

AtmAdmissionControl::AtmAdmissionControl()
    : m_overbooking(1.0),
      m_committed{}
{
    NS_LOG_FUNCTION(this);
}

AtmAdmissionControl::~AtmAdmissionControl()
{
    NS_LOG_FUNCTION(this);
}

Ptr<AtmAdmissionControl>
AtmAdmissionControl::Get(Ptr<AtmNetDevice> port)
{
    Ptr<AtmAdmissionControl> cac = port->GetObject<AtmAdmissionControl>();
    if (!cac)
    {
        cac = CreateObject<AtmAdmissionControl>();
        port->AggregateObject(cac);
    }
    return cac;
}

std::string
AtmAdmissionControl::Check(const AtmTrafficContract& contract, double linkCellRate) const
{
    const double rate = contract.GetCommittedRate();
    const double committed = GetCommitted();
    const double capacity = m_overbooking * linkCellRate;
    if (rate <= 0 || committed + rate <= capacity)
    {
        return "";
    }
    std::ostringstream os;
    os.precision(10);
    os << "committed " << committed << " + " << rate << " cells/s ("
       << AtmTrafficContract::GetCategoryName(contract.category) << " "
       << (contract.category == AtmServiceCategory::CBR ? "PCR"
           : contract.HasSustainedRate()                ? "SCR"
                                                        : "MCR")
       << ") exceeds Overbooking " << m_overbooking << " x the link's " << linkCellRate
       << " cells/s";
    return os.str();
}

void
AtmAdmissionControl::Admit(const AtmTrafficContract& contract)
{
    m_committed[static_cast<uint32_t>(contract.category)] += contract.GetCommittedRate();
}

void
AtmAdmissionControl::Release(const AtmTrafficContract& contract)
{
    m_committed[static_cast<uint32_t>(contract.category)] -= contract.GetCommittedRate();
}

double
AtmAdmissionControl::GetCommitted() const
{
    return std::accumulate(m_committed.begin(), m_committed.end(), 0.0);
}

double
AtmAdmissionControl::GetCommitted(AtmServiceCategory category) const
{
    return m_committed[static_cast<uint32_t>(category)];
}

} // namespace ns3
