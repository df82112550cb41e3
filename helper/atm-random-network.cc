/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-random-network.h"

#include "atm-abr-helper.h"
#include "atm-cell-source-helper.h"
#include "atm-credit-helper.h"
#include "atm-helper.h"
#include "atm-switch-helper.h"
#include "atm-vc-helper.h"

#include "ns3/atm-channel.h"
#include "ns3/atm-credit-receiver.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-on-off-source.h"
#include "ns3/atm-queue-disc.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-vc.h"
#include "ns3/data-rate.h"
#include "ns3/enum.h"
#include "ns3/error-model.h"
#include "ns3/log.h"
#include "ns3/node-container.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <sstream>
#include <tuple>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AtmRandomNetwork");

namespace
{

/// The schemes drawn from, one per network.
const char* const SCHEMES[] = {"none-fifo",
                               "none-pervc",
                               "credit-static",
                               "credit-adaptive",
                               "abr-efci",
                               "abr-selective",
                               "abr-iterative",
                               "abr-vccount",
                               "abr-erica"};

/// The grid of SetAligned(true): an OC-3c cell time (53 octets at 149.76
/// Mb/s of cells, as AtmNetDevice rounds it), in nanoseconds.
constexpr int64_t CELL_NS = 2831;

/// OC-3c's cell rate (b/s): SetAligned(true)'s CBR rates are it divided by 1 to 8.
constexpr uint64_t OC3_CELL_RATE = 149760000;

/// The line rates of SetAligned(true): OC-3c, OC-1 and their halves.
const uint64_t ALIGNED_RATES[] = {155520000, 77760000, 51840000, 25920000};

/// The ABR port behaviours, in the order of the abr- schemes above.
const char* const ABR_BEHAVIOURS[] = {"ns3::AtmEfciMarking",
                                      "ns3::AtmSelectiveMarking",
                                      "ns3::AtmIterativeEr",
                                      "ns3::AtmVcCountingEr",
                                      "ns3::AtmErica"};

} // namespace

AtmRandomNetwork::AtmRandomNetwork()
{
    NS_LOG_FUNCTION(this);
}

AtmRandomNetwork::~AtmRandomNetwork() = default;

void
AtmRandomNetwork::SetRanks(uint32_t ranks)
{
    NS_ABORT_MSG_IF(ranks == 0, "AtmRandomNetwork: ranks = 0: at least 1");
    m_ranks = ranks;
}

void
AtmRandomNetwork::SetAligned(bool aligned)
{
    m_aligned = aligned;
}

std::vector<Ptr<AtmVc>>
AtmRandomNetwork::GetVcs() const
{
    std::vector<Ptr<AtmVc>> vcs;
    vcs.reserve(m_vcs.size());
    for (const VcInfo& v : m_vcs)
    {
        vcs.push_back(v.vc);
    }
    return vcs;
}

void
AtmRandomNetwork::Build()
{
    NS_LOG_FUNCTION(this);
    Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
    u->SetStream(0);
    int64_t stream = 1; // the sources' and error models' streams

    const uint32_t nSwitches = u->GetInteger(1, 4);
    const uint32_t s = u->GetInteger(0, std::size(SCHEMES) - 1);
    m_scheme = SCHEMES[s];
    const bool credit = m_scheme.rfind("credit-", 0) == 0;
    const bool abr = m_scheme.rfind("abr-", 0) == 0;
    std::ostringstream desc;
    desc << m_scheme << " switches=" << nSwitches << (m_aligned ? " aligned" : "");
    // A line rate: drawn from [lo, hi], or one of the grid's (SetAligned).
    auto lineRate = [&](double lo, double hi) {
        return m_aligned ? DataRate(ALIGNED_RATES[u->GetInteger(0, std::size(ALIGNED_RATES) - 1)])
                         : DataRate(static_cast<uint64_t>(u->GetValue(lo, hi)));
    };
    // A time: whole microseconds in [lo, hi], or whole cell times in
    // [cellsLo, cellsHi] (SetAligned).
    auto when = [&](uint32_t lo, uint32_t hi, uint32_t cellsLo, uint32_t cellsHi) {
        return m_aligned ? NanoSeconds(CELL_NS * u->GetInteger(cellsLo, cellsHi))
                         : MicroSeconds(u->GetInteger(lo, hi));
    };

    NodeContainer switches;
    for (uint32_t k = 0; k < nSwitches; ++k)
    {
        switches.Add(CreateObject<Node>(k % m_ranks));
    }
    AtmSwitchHelper sw;
    uint32_t n2 = 0;
    if (credit)
    {
        // Each port holds exactly its VCs' allocations (at most 6 VCs).
        m_bufAlloc = u->GetInteger(5, 40);
        n2 = u->GetInteger(1, m_bufAlloc);
        const uint32_t room = (m_scheme == "credit-adaptive") ? 100000 : m_bufAlloc;
        sw.SetQueueDisc("ns3::AtmPerVcQueueDisc",
                        "BufferManagement",
                        StringValue("StaticPartition"),
                        "VcLimit",
                        UintegerValue(room),
                        "MaxCells",
                        UintegerValue(8 * room));
        desc << " bufAlloc=" << m_bufAlloc << " n2=" << n2;
    }
    else
    {
        const bool fifo = (m_scheme == "none-fifo") || u->GetValue() < 0.5;
        const uint32_t maxCells = u->GetInteger(abr ? 100 : 10, abr ? 2000 : 400);
        const uint32_t high = u->GetInteger(2, maxCells / 2);
        sw.SetQueueDisc(fifo ? "ns3::AtmFifoQueueDisc" : "ns3::AtmPerVcQueueDisc",
                        "MaxCells",
                        UintegerValue(maxCells),
                        "HighThreshold",
                        UintegerValue(abr ? high : 0),
                        "LowThreshold",
                        UintegerValue(abr ? high / 2 : 0));
        desc << (fifo ? " fifo" : " pervc") << " maxCells=" << maxCells;
    }
    sw.Install(switches);

    AtmHelper atm;
    auto link = [&](Ptr<Node> a, Ptr<Node> b) {
        atm.SetChannelAttribute("Delay", TimeValue(when(1, 50, 0, 12)));
        NetDeviceContainer d = atm.Install(a, b);
        for (uint32_t i = 0; i < 2; ++i)
        {
            m_ports.push_back(DynamicCast<AtmNetDevice>(d.Get(i)));
        }
        return d;
    };
    for (uint32_t i = 0; i + 1 < nSwitches; ++i)
    {
        NetDeviceContainer d = link(switches.Get(i), switches.Get(i + 1));
        for (uint32_t k = 0; k < 2; ++k)
        {
            DynamicCast<AtmNetDevice>(d.Get(k))->SetDataRate(lineRate(10e6, 155e6));
        }
    }

    AtmAbrHelper abrHelper;
    if (abr)
    {
        abrHelper.SetPortBehaviour(ABR_BEHAVIOURS[s - 4]);
    }
    const uint32_t nVcs = u->GetInteger(1, 6);
    m_stop = MilliSeconds(u->GetInteger(2, 8));
    desc << " vcs=" << nVcs << " stop=" << m_stop.GetMilliSeconds() << "ms";
    for (uint32_t v = 0; v < nVcs; ++v)
    {
        const uint32_t from = u->GetInteger(0, nSwitches - 1);
        const uint32_t to = u->GetInteger(from, nSwitches - 1);
        NodeContainer path(CreateObject<Node>(switches.Get(from)->GetSystemId()));
        link(path.Get(0), switches.Get(from));
        for (uint32_t k = from; k <= to; ++k)
        {
            path.Add(switches.Get(k));
        }
        Ptr<Node> dst = CreateObject<Node>(switches.Get(to)->GetSystemId());
        NetDeviceContainer last = link(switches.Get(to), dst);
        DynamicCast<AtmNetDevice>(last.Get(0))->SetDataRate(lineRate(5e6, 155e6));
        path.Add(dst);
        const std::string name = "vc" + std::to_string(v);
        Ptr<AtmVc> vc;
        Ptr<AtmVc> back;
        if (abr)
        {
            std::tie(vc, back) = abrHelper.Create(path, name);
        }
        else
        {
            vc = AtmVcHelper().Create(path, name);
        }
        VcInfo info{vc, {}};
        for (uint32_t h = 0; h < vc->GetNHops(); ++h)
        {
            info.channels.push_back(DynamicCast<AtmChannel>(vc->GetHopDevice(h)->GetChannel()));
        }
        m_vcs.push_back(info);
        if (back)
        {
            m_vcs.push_back(VcInfo{back, {info.channels.rbegin(), info.channels.rend()}});
        }

        const uint32_t kind = u->GetInteger(0, 2);
        ApplicationContainer a;
        if (kind == 0)
        {
            a = AtmCellSourceHelper("ns3::AtmGreedySource").Install(vc);
            desc << " " << name << "=greedy";
        }
        else if (kind == 1)
        {
            const auto rate = m_aligned ? OC3_CELL_RATE / u->GetInteger(1, 8)
                                        : static_cast<uint64_t>(u->GetValue(1e6, 100e6));
            AtmCellSourceHelper cbr("ns3::AtmCbrSource");
            cbr.SetAttribute("Rate", DataRateValue(DataRate(rate)));
            a = cbr.Install(vc);
            desc << " " << name << "=cbr:" << rate;
        }
        else
        {
            a = AtmCellSourceHelper("ns3::AtmOnOffSource").Install(vc);
            stream += DynamicCast<AtmOnOffSource>(a.Get(0))->AssignStreams(stream);
            desc << " " << name << "=onoff";
        }
        a.Start(when(0, 100, 0, 3));
        a.Stop(m_stop);
    }
    if (abr)
    {
        abrHelper.InstallPortBehaviour(switches);
    }
    if (credit)
    {
        AtmCreditHelper ch;
        if (m_scheme == "credit-adaptive")
        {
            ch.SetAllocation("ns3::AtmAdaptiveAllocation");
        }
        else
        {
            ch.SetAllocation("ns3::AtmStaticAllocation",
                             "BufAlloc",
                             UintegerValue(m_bufAlloc),
                             "N2",
                             UintegerValue(n2));
        }
        ch.InstallAll();
    }
    // Link errors on some links: cells lost as HEC errors.
    if (u->GetValue() < 0.3)
    {
        for (const auto& port : m_ports)
        {
            if (u->GetValue() < 0.3)
            {
                Ptr<RateErrorModel> em = CreateObject<RateErrorModel>();
                em->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
                em->SetRate(u->GetValue(1e-4, 1e-2));
                stream += em->AssignStreams(stream);
                port->SetAttribute("ReceiveErrorModel", PointerValue(em));
                desc << " errors@" << port->GetNode()->GetId() << "/" << port->GetIfIndex();
            }
        }
    }
    // A link going down and up again on some networks.
    if (u->GetValue() < 0.2)
    {
        Ptr<AtmNetDevice> port = m_ports[u->GetInteger(0, m_ports.size() - 1)];
        Ptr<AtmChannel> ch = DynamicCast<AtmChannel>(port->GetChannel());
        const Time down = MicroSeconds(u->GetInteger(100, m_stop.GetMicroSeconds()));
        const Time up = down + MicroSeconds(u->GetInteger(10, 2000));
        Simulator::Schedule(down, &AtmChannel::SetLinkDown, ch);
        Simulator::Schedule(up, &AtmChannel::SetLinkUp, ch);
        desc << " down@" << port->GetNode()->GetId() << "/" << port->GetIfIndex() << ":"
             << down.GetMicroSeconds() << "-" << up.GetMicroSeconds() << "us";
    }
    m_end = m_stop + MilliSeconds(40);
    m_sample = when(20, 200, 7, 70);
    m_description = desc.str();
}

void
AtmRandomNetwork::Violation(const std::string& what)
{
    NS_LOG_FUNCTION(this << what);
    if (m_violations.size() < 20)
    {
        std::ostringstream os;
        os << "t=" << Simulator::Now().GetNanoSeconds() << "ns " << what;
        m_violations.push_back(os.str());
    }
}

void
AtmRandomNetwork::Check(bool final)
{
    AtmSwitch::SyncAll(); // what is due at the switches has arrived
    for (const auto& info : m_vcs)
    {
        const Ptr<AtmVc>& vc = info.vc;
        uint64_t onWire = 0;
        for (const auto& ch : info.channels)
        {
            onWire += ch->GetCellsInFlight();
        }
        const uint64_t sent = vc->GetCellsSent();
        const uint64_t accounted =
            vc->GetCellsReceived() + vc->GetCellsDropped() + vc->GetCellsQueued();
        ++m_checks;
        if (accounted > sent || sent - accounted > onWire)
        {
            std::ostringstream os;
            os << vc->GetName() << ": sent " << sent << " received " << vc->GetCellsReceived()
               << " dropped " << vc->GetCellsDropped() << " queued " << vc->GetCellsQueued()
               << " on the wire at most " << onWire;
            Violation(os.str());
        }
        if (final && m_scheme.rfind("credit-", 0) == 0)
        {
            for (const auto& [reason, n] : vc->GetDropsByReason())
            {
                if (n > 0 && reason != AtmNetDevice::HEC_DROP &&
                    reason != AtmNetDevice::LINK_DOWN_DROP)
                {
                    Violation(vc->GetName() + ": " + std::to_string(n) + " cells lost (" + reason +
                              ") under credit");
                }
            }
        }
    }
    for (const auto& port : m_ports)
    {
        Ptr<AtmQueueDisc> q = port->GetQueueDisc();
        ++m_checks;
        if (q->GetNCells() > q->GetMaxCells() || q->GetMaxCellsSeen() > q->GetMaxCells())
        {
            Violation(q->GetContext() + ": above MaxCells");
        }
        Ptr<AtmCreditReceiver> rx = DynamicCast<AtmCreditReceiver>(port->GetReceiveAccounting());
        if (!final || !rx || port->GetNArrivingVcs() == 0)
        {
            continue;
        }
        if (m_scheme == "credit-adaptive")
        {
            const uint32_t m = 4 * port->GetPeer()->GetLinkRttCells() + 2 * port->GetNArrivingVcs();
            if (rx->GetMaxTotalOccupancy() > m)
            {
                Violation(q->GetContext() + ": link occupancy " +
                          std::to_string(rx->GetMaxTotalOccupancy()) + " above M " +
                          std::to_string(m));
            }
        }
        else
        {
            for (uint32_t k = 0; k < port->GetNArrivingVcs(); ++k)
            {
                if (rx->GetMaxOccupancy(k) > m_bufAlloc)
                {
                    Violation(q->GetContext() + ": VC occupancy " +
                              std::to_string(rx->GetMaxOccupancy(k)) + " above Buf_Alloc " +
                              std::to_string(m_bufAlloc));
                }
            }
        }
    }
    if (!final && Simulator::Now() + m_sample < m_end)
    {
        Simulator::Schedule(m_sample, &AtmRandomNetwork::Check, this, false);
    }
}

void
AtmRandomNetwork::Run()
{
    NS_LOG_FUNCTION(this);
    if (m_ranks > 1)
    {
        Simulator::Stop(m_end); // each rank sees only its part: nothing to check
        Simulator::Run();
        return;
    }
    Simulator::Schedule(m_sample, &AtmRandomNetwork::Check, this, false);
    Simulator::Stop(m_end);
    Simulator::Run();
    Check(true);
}

std::string
AtmRandomNetwork::GetDescription() const
{
    return m_description;
}

std::string
AtmRandomNetwork::GetResults() const
{
    std::ostringstream os;
    for (const auto& info : m_vcs)
    {
        const Ptr<AtmVc>& vc = info.vc;
        os << vc->GetName() << " sent=" << vc->GetCellsSent()
           << " received=" << vc->GetCellsReceived() << " queued=" << vc->GetCellsQueued();
        for (const auto& [reason, n] : vc->GetDropsByReason())
        {
            os << " " << reason << "=" << n;
        }
        os << " delay_ns=" << vc->GetMeanDelay().GetNanoSeconds() << "/"
           << vc->GetMaxDelay().GetNanoSeconds() << "\n";
    }
    return os.str();
}

const std::vector<std::string>&
AtmRandomNetwork::GetViolations() const
{
    return m_violations;
}

const std::string&
AtmRandomNetwork::GetScheme() const
{
    return m_scheme;
}

uint64_t
AtmRandomNetwork::GetCellsSent() const
{
    uint64_t n = 0;
    for (const auto& info : m_vcs)
    {
        n += info.vc->GetCellsSent();
    }
    return n;
}

uint64_t
AtmRandomNetwork::GetNChecks() const
{
    return m_checks;
}

} // namespace ns3
