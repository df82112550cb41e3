/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cell-source-helper.h"

#include "atm-helper.h"

#include "ns3/atm-cell-source.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-vc.h"
#include "ns3/node.h"

namespace ns3
{

AtmCellSourceHelper::AtmCellSourceHelper(const std::string& type)
{
    m_factory.SetTypeId(AtmHelper::LookupType("AtmCellSourceHelper", type, "ns3::AtmCellSource"));
}

void
AtmCellSourceHelper::SetAttribute(const std::string& name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

ApplicationContainer
AtmCellSourceHelper::Install(Ptr<AtmVc> vc) const
{
    Ptr<AtmCellSource> app = m_factory.Create<AtmCellSource>();
    app->SetVc(vc);
    vc->GetHopDevice(0)->GetNode()->AddApplication(app);
    return ApplicationContainer(app);
}

ApplicationContainer
AtmCellSourceHelper::Install(const std::vector<Ptr<AtmVc>>& vcs) const
{
    ApplicationContainer apps;
    for (const auto& vc : vcs)
    {
        apps.Add(Install(vc));
    }
    return apps;
}

} // namespace ns3
