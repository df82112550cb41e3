/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-traffic-contract.h"

#include <array>
#include <sstream>

namespace ns3
{

namespace
{

/// The names of the categories, in enum order.
constexpr std::array<const char*, ATM_N_SERVICE_CATEGORIES> CATEGORY_NAMES =
    {"CBR", "rt-VBR", "nrt-VBR", "ABR", "GFR", "UBR"};

/**
 * @param field a field name
 * @param value its value
 * @param problem what is wrong
 * @return "field = value: problem"
 */
template <typename T>
std::string
FieldError(const std::string& field, const T& value, const std::string& problem)
{
    std::ostringstream os;
    os << field << " = " << value << ": " << problem;
    return os.str();
}

} // namespace

std::string
AtmTrafficContract::GetCategoryName(AtmServiceCategory category)
{
    return CATEGORY_NAMES.at(static_cast<uint32_t>(category));
}

bool
AtmTrafficContract::ParseCategory(const std::string& name, AtmServiceCategory& category)
{
    for (uint32_t c = 0; c < ATM_N_SERVICE_CATEGORIES; ++c)
    {
        if (name == CATEGORY_NAMES[c])
        {
            category = static_cast<AtmServiceCategory>(c);
            return true;
        }
    }
    return false;
}

bool
AtmTrafficContract::HasSustainedRate() const
{
    return category == AtmServiceCategory::RT_VBR || category == AtmServiceCategory::NRT_VBR;
}

Time
AtmTrafficContract::GetBurstTolerance() const
{
    if (!HasSustainedRate() || scr <= 0 || pcr <= 0 || mbs == 0)
    {
        return Time(0);
    }
    return Seconds((mbs - 1) * (1.0 / scr - 1.0 / pcr));
}

double
AtmTrafficContract::GetCommittedRate() const
{
    switch (category)
    {
    case AtmServiceCategory::CBR:
        return pcr;
    case AtmServiceCategory::RT_VBR:
    case AtmServiceCategory::NRT_VBR:
        return scr;
    case AtmServiceCategory::ABR:
    case AtmServiceCategory::GFR:
        return mcr;
    case AtmServiceCategory::UBR:
        break;
    }
    return 0;
}

std::string
AtmTrafficContract::GetConfigError() const
{
    const std::string name = GetCategoryName(category);
    if (pcr < 0)
    {
        return FieldError("Pcr", pcr, "must not be negative");
    }
    if (cdvt.IsStrictlyNegative())
    {
        return FieldError("Cdvt", cdvt.As(Time::US), "must not be negative");
    }
    if (category != AtmServiceCategory::UBR && pcr == 0)
    {
        return FieldError("Pcr", pcr, "a " + name + " contract needs a peak cell rate");
    }
    if (HasSustainedRate())
    {
        if (scr <= 0)
        {
            return FieldError("Scr", scr, "a " + name + " contract needs a sustainable cell rate");
        }
        if (scr > pcr)
        {
            return FieldError("Scr",
                              scr,
                              "exceeds Pcr = " + std::to_string(pcr) + " (TM 4.0 section 4.4.2)");
        }
        if (mbs == 0)
        {
            return FieldError("Mbs",
                              mbs,
                              "a " + name + " contract needs a burst of at least 1 cell");
        }
    }
    else
    {
        if (scr != 0)
        {
            return FieldError("Scr", scr, "only a VBR contract has a sustainable cell rate");
        }
        if (mbs != 0)
        {
            return FieldError("Mbs", mbs, "only a VBR contract has a maximum burst size");
        }
        if (tagging)
        {
            return FieldError("Tagging", "true", "only a VBR contract tags (VBR.3)");
        }
    }
    const bool hasMcr = category == AtmServiceCategory::ABR || category == AtmServiceCategory::GFR;
    if (!hasMcr && mcr != 0)
    {
        return FieldError("Mcr", mcr, "only an ABR or GFR contract has a minimum cell rate");
    }
    if (mcr < 0)
    {
        return FieldError("Mcr", mcr, "must not be negative");
    }
    if (hasMcr && mcr > pcr)
    {
        return FieldError("Mcr", mcr, "exceeds Pcr = " + std::to_string(pcr));
    }
    return "";
}

} // namespace ns3
