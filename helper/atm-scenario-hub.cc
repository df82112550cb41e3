/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-scenario-hub.h"

#include "ns3/atm-hub-flow-control.h"
#include "ns3/atm-max-min-oracle.h"
#include "ns3/data-rate.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/string.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmScenarioHub");

void
AtmScenarioHub::Build(const AtmScenario::Hub& section,
                      Ptr<AtmBusHub> hub,
                      Time stop,
                      int64_t& stream)
{
    NS_LOG_FUNCTION(this << section.sw);
    m_switch = section.sw;
    m_hub = hub;
    if (!section.flowControl.typeId.empty())
    {
        ObjectFactory f(section.flowControl.typeId);
        for (const auto& [name, value] : section.flowControl.attributes)
        {
            f.Set(name, StringValue(value));
        }
        hub->SetFlowControl(f.Create<AtmHubFlowControl>());
    }
    stream += hub->AssignStreams(stream);
    while (hub->GetNBoards() < section.boards)
    {
        hub->AddBoard();
    }
    std::vector<uint32_t> all;
    for (uint32_t b = 0; b < section.boards; ++b)
    {
        for (uint32_t k = 0; k < section.addressesPerBoard; ++k)
        {
            all.push_back(hub->AddAddress(b));
        }
    }
    for (const AtmScenario::HubStreams& e : section.streams)
    {
        AddStreams(e, all, stop, stream);
    }
}

void
AtmScenarioHub::AddStreams(const AtmScenario::HubStreams& e,
                           const std::vector<uint32_t>& all,
                           Time stop,
                           int64_t& stream)
{
    const uint32_t count = (e.lastBoard - e.firstBoard + 1) * e.perBoard;
    const bool persistent =
        std::any_of(e.source.attributes.begin(), e.source.attributes.end(), [](const auto& a) {
            return a.first == "Arrivals" && a.second == "Persistent";
        });
    uint32_t k = 0;
    for (uint32_t b = e.firstBoard; b <= e.lastBoard; ++b)
    {
        for (uint32_t j = 0; j < e.perBoard; ++j, ++k)
        {
            AtmRunResults::HubStream o;
            o.name = count == 1 ? e.name : e.name + "." + std::to_string(k);
            o.group = e.group;
            o.board = b;
            o.rateBps = e.rateBps / count;
            std::vector<uint32_t> dest = all;
            if (!e.toAll)
            {
                o.toBoard = e.toBoard + k * e.toStep;
                dest = {m_hub->AddAddress(static_cast<uint32_t>(o.toBoard))};
            }
            const auto id = static_cast<uint32_t>(m_streams.size());
            m_streams.push_back(o);
            m_hasSource.push_back(0);
            if (o.rateBps <= 0 && !persistent)
            {
                continue; // a silent stream: its address exists, no source
            }
            Ptr<AtmHubSource> src = CreateObject<AtmHubSource>();
            if (o.rateBps > 0)
            {
                src->SetAttribute("Rate", DataRateValue(DataRate(uint64_t(o.rateBps))));
            }
            for (const auto& [name, value] : e.source.attributes)
            {
                src->SetAttribute(name, StringValue(value));
            }
            m_hasSource.back() = 1;
            src->Setup(m_hub, b, id, dest);
            stream += src->AssignStreams(stream);
            src->Run(Seconds(0), stop);
            m_sources.push_back(src);
        }
    }
}

void
AtmScenarioHub::ReadCounters(uint32_t end)
{
    if (!m_hub)
    {
        return;
    }
    for (uint32_t s = 0; s < m_streams.size(); ++s)
    {
        m_counters[end].push_back(m_hub->GetStreamStats(s));
    }
    m_dataSlots[end] = m_hub->GetDataSlots();
    m_dummySlots[end] = m_hub->GetDummySlots();
}

void
AtmScenarioHub::OpenWindow()
{
    ReadCounters(0);
}

void
AtmScenarioHub::CloseWindow()
{
    ReadCounters(1);
}

std::vector<double>
AtmScenarioHub::MaxMinShares() const
{
    DataRateValue fetch;
    DataRateValue drain;
    m_hub->GetAttribute("FetchRate", fetch);
    m_hub->GetAttribute("DrainRate", drain);
    // Each stream to one board crosses its board's fetch (FR) and its
    // destination's drain (DR), limited by its own rate.
    AtmMaxMinOracle oracle;
    std::vector<uint32_t> fetchLink;
    std::vector<uint32_t> drainLink;
    for (uint32_t b = 0; b < m_hub->GetNBoards(); ++b)
    {
        fetchLink.push_back(oracle.AddLink(fetch.Get().GetBitRate()));
        drainLink.push_back(oracle.AddLink(drain.Get().GetBitRate()));
    }
    std::vector<int64_t> flowOf;
    for (std::size_t s = 0; s < m_streams.size(); ++s)
    {
        const AtmRunResults::HubStream& o = m_streams[s];
        flowOf.push_back(-1);
        if (o.toBoard >= 0 && m_hasSource[s])
        {
            flowOf.back() =
                oracle.AddFlow({fetchLink[o.board], drainLink[o.toBoard]},
                               o.rateBps > 0 ? o.rateBps : std::numeric_limits<double>::infinity());
        }
    }
    const std::vector<double> ideal = oracle.Solve();
    std::vector<double> shares;
    shares.reserve(m_streams.size());
    for (std::size_t s = 0; s < m_streams.size(); ++s)
    {
        // A silent stream's share is 0; a stream to every board has none.
        shares.push_back(flowOf[s] >= 0 ? ideal[flowOf[s]] : (m_streams[s].toBoard < 0 ? -1 : 0));
    }
    return shares;
}

void
AtmScenarioHub::AddResults(AtmRunResults& r, double window) const
{
    if (!m_hub || m_counters[1].size() != m_streams.size())
    {
        return;
    }
    const double bits = m_hub->GetEnvelopeBits();
    DataRateValue bus;
    m_hub->GetAttribute("BusRate", bus);
    const std::vector<double> shares = MaxMinShares();
    AtmRunResults::Hub h;
    h.hub = m_switch;
    h.boards = m_hub->GetNBoards();
    h.streams = m_streams.size();
    for (uint32_t s = 0; s < m_streams.size(); ++s)
    {
        AtmRunResults::HubStream o = m_streams[s];
        const AtmBusHub::StreamStats& a = m_counters[0][s];
        const AtmBusHub::StreamStats& b = m_counters[1][s];
        o.injected = b.injected - a.injected;
        o.delivered = b.delivered - a.delivered;
        o.lostBic = b.lostBic - a.lostBic;
        o.lostRam = b.lostRam - a.lostRam;
        o.goodputBps = o.delivered * bits / window;
        o.idealBps = shares[s];
        o.loss = double(o.lostBic + o.lostRam) / std::max<uint64_t>(1, o.injected);
        o.delayMean = o.delivered ? (b.delaySum - a.delaySum) / o.delivered : 0;
        o.delayMax = b.delayMax;
        h.injected += o.injected;
        h.delivered += o.delivered;
        h.lost += o.lostBic + o.lostRam;
        r.hubStreams.push_back(o);
    }
    h.busBps = (m_dataSlots[1] - m_dataSlots[0]) * bits / window;
    h.utilization = h.busBps / bus.Get().GetBitRate();
    h.dummySlots = m_dummySlots[1] - m_dummySlots[0];
    h.dummyBps = h.dummySlots * bits / window;
    for (uint32_t b = 0; b < h.boards; ++b)
    {
        h.controlBufferMax = std::max(h.controlBufferMax, m_hub->GetMaxControlBuffer(b));
    }
    h.loss = double(h.lost) / std::max<uint64_t>(1, h.injected);
    r.hubs.push_back(h);
}

} // namespace ns3
