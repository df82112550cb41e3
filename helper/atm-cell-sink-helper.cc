/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-cell-sink-helper.h"

#include "ns3/atm-cell-sink.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-vc.h"
#include "ns3/node.h"

namespace ns3
{

ApplicationContainer
AtmCellSinkHelper::Install(Ptr<AtmVc> vc) const
{
    Ptr<AtmCellSink> sink = CreateObject<AtmCellSink>();
    sink->SetVc(vc);
    vc->GetDestinationDevice()->GetNode()->AddApplication(sink);
    return ApplicationContainer(sink);
}

ApplicationContainer
AtmCellSinkHelper::Install(const std::vector<Ptr<AtmVc>>& vcs) const
{
    ApplicationContainer apps;
    for (const auto& vc : vcs)
    {
        apps.Add(Install(vc));
    }
    return apps;
}

} // namespace ns3
