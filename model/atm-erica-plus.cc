/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-erica-plus.h"

#include "ns3/double.h"
#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmEricaPlus");

NS_OBJECT_ENSURE_REGISTERED(AtmEricaPlus);

TypeId
AtmEricaPlus::GetTypeId()
{
    static TypeId tid = TypeId("ns3::AtmEricaPlus")
                            .SetParent<AtmErica>()
                            .SetGroupName("Atm")
                            .AddConstructor<AtmEricaPlus>()
                            .AddAttribute("T0",
                                          "Target queueing delay: Q0 = T0 * capacity.",
                                          TimeValue(MicroSeconds(500)),
                                          MakeTimeAccessor(&AtmEricaPlus::m_t0),
                                          MakeTimeChecker(Seconds(0)))
                            .AddAttribute("A",
                                          "Queue control curve above Q0 (a > 1).",
                                          DoubleValue(1.15),
                                          MakeDoubleAccessor(&AtmEricaPlus::m_a),
                                          MakeDoubleChecker<double>(1))
                            .AddAttribute("B",
                                          "Queue control curve below Q0 (b >= 1).",
                                          DoubleValue(1.05),
                                          MakeDoubleAccessor(&AtmEricaPlus::m_b),
                                          MakeDoubleChecker<double>(1))
                            .AddAttribute("Qdlf",
                                          "Queue drain limit factor: f(Q) >= QDLF.",
                                          DoubleValue(0.5),
                                          MakeDoubleAccessor(&AtmEricaPlus::m_qdlf),
                                          MakeDoubleChecker<double>(0, 1));
    return tid;
}

AtmEricaPlus::AtmEricaPlus()
    : m_t0(MicroSeconds(500)),
      m_a(1.15),
      m_b(1.05),
      m_qdlf(0.5)
{
    NS_LOG_FUNCTION(this);
}

AtmEricaPlus::~AtmEricaPlus()
{
    NS_LOG_FUNCTION(this);
}

double
AtmEricaPlus::QueueControl(double queueCells, double targetCells) const
{
    if (targetCells <= 0)
    {
        return queueCells > 0 ? m_qdlf : m_b;
    }
    if (queueCells <= targetCells)
    {
        return m_b * targetCells / ((m_b - 1) * queueCells + targetCells);
    }
    return std::max(m_qdlf, m_a * targetCells / ((m_a - 1) * queueCells + targetCells));
}

double
AtmEricaPlus::GetAbrCapacity(const AtmPortState& port) const
{
    const double c = GetTargetCapacity(port);
    return QueueControl(port.queueCells, m_t0.GetSeconds() * c) * c;
}

} // namespace ns3
