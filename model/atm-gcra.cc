/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-gcra.h"

#include "ns3/abort.h"
#include "ns3/nstime.h"

#include <algorithm>
#include <limits>

namespace ns3
{

AtmGcra::AtmGcra()
    : m_increment(0),
      m_limit(0),
      m_form(VIRTUAL_SCHEDULING),
      m_started(false),
      m_tat(0),
      m_lct(0),
      m_bucket(0)
{
}

AtmGcra::AtmGcra(int64_t increment, int64_t limit, Form form)
    : m_increment(increment),
      m_limit(limit),
      m_form(form),
      m_started(false),
      m_tat(0),
      m_lct(0),
      m_bucket(0)
{
    NS_ABORT_MSG_IF(increment <= 0,
                    "AtmGcra: increment I = " << increment << " time steps: must be positive");
    NS_ABORT_MSG_IF(limit < 0,
                    "AtmGcra: limit L = " << limit << " time steps: must not be negative");
}

int64_t
AtmGcra::IncrementOf(double cellRate)
{
    return Seconds(1.0 / cellRate).GetTimeStep();
}

bool
AtmGcra::IsSet() const
{
    return m_increment > 0;
}

bool
AtmGcra::Conforms(int64_t t) const
{
    if (!m_started || m_increment == 0)
    {
        return true;
    }
    if (m_form == VIRTUAL_SCHEDULING)
    {
        return t >= m_tat - m_limit;
    }
    const int64_t drained = std::max<int64_t>(0, m_bucket - (t - m_lct));
    return drained <= m_limit;
}

void
AtmGcra::Update(int64_t t)
{
    if (m_increment == 0)
    {
        return;
    }
    if (m_form == VIRTUAL_SCHEDULING)
    {
        m_tat = (m_started ? std::max(t, m_tat) : t) + m_increment;
    }
    else
    {
        const int64_t drained = m_started ? std::max<int64_t>(0, m_bucket - (t - m_lct)) : 0;
        m_bucket = drained + m_increment;
        m_lct = t;
    }
    m_started = true;
}

bool
AtmGcra::Arrive(int64_t t)
{
    if (!Conforms(t))
    {
        return false;
    }
    Update(t);
    return true;
}

int64_t
AtmGcra::GetEarliestConformingTime() const
{
    if (!m_started || m_increment == 0)
    {
        return std::numeric_limits<int64_t>::min();
    }
    const int64_t tat = m_form == VIRTUAL_SCHEDULING ? m_tat : m_lct + m_bucket;
    return tat - m_limit;
}

int64_t
AtmGcra::GetIncrement() const
{
    return m_increment;
}

int64_t
AtmGcra::GetLimit() const
{
    return m_limit;
}

} // namespace ns3
