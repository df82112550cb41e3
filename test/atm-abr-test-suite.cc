/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of ABR wired into the network (AtmAbrGate at the hosts, port
// behaviours at the switches, AtmAbrHelper): pacing at exactly ACR with an
// in-rate forward RM cell every Nrm cells in order with the data, CI from
// EFCI end to end, backward RM cells stamped by their forward port's
// behaviour and never raised, convergence to the max-min rates on a
// parking lot, and per-VC conservation with ABR cells lost.

#include "atm-test-lambda.h"
#include "atm-test-networks.h"
#include "atm-test-suite.h"
#include "atm-test-trace-paths.h"

#include "ns3/application-container.h"
#include "ns3/atm-abr-destination.h"
#include "ns3/atm-abr-gate.h"
#include "ns3/atm-abr-helper.h"
#include "ns3/atm-abr-source.h"
#include "ns3/atm-cell-sink.h"
#include "ns3/atm-cell-source-helper.h"
#include "ns3/atm-compat.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-max-min-oracle.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-port-behaviour.h"
#include "ns3/atm-queue-disc.h"
#include "ns3/atm-rm-cell.h"
#include "ns3/atm-switch-helper.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/atm-vc-helper.h"
#include "ns3/atm-vc.h"
#include "ns3/boolean.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/node-container.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

using namespace ns3;
using atmtest::Greedy;

namespace
{

/**
 * A chain host - switches - host, every link @p rates[i] Mb/s of cells
 * (no SONET framing), 10 us of delay; switch ports FIFO of @p buffer cells.
 */
struct Chain
{
    NodeContainer nodes;                 //!< host, switches, host
    std::vector<Ptr<AtmNetDevice>> out;  //!< transmitting port of each link, forward
    std::vector<Ptr<AtmNetDevice>> back; //!< transmitting port of each link, backward

    /**
     * @param rates link rates, Mb/s
     * @param buffer switch buffer, cells
     * @param highThreshold Q_HT of the switch ports (0: default)
     */
    Chain(const std::vector<double>& rates, uint32_t buffer, uint32_t highThreshold = 0)
    {
        const auto n = static_cast<uint32_t>(rates.size()) + 1;
        nodes.Create(n);
        AtmSwitchHelper sw;
        if (highThreshold > 0)
        {
            sw.SetQueueDisc("ns3::AtmFifoQueueDisc",
                            "MaxCells",
                            UintegerValue(buffer),
                            "HighThreshold",
                            UintegerValue(highThreshold),
                            "LowThreshold",
                            UintegerValue(highThreshold / 2));
        }
        else
        {
            sw.SetQueueDisc("ns3::AtmFifoQueueDisc", "MaxCells", UintegerValue(buffer));
        }
        for (uint32_t i = 1; i + 1 < n; ++i)
        {
            sw.Install(nodes.Get(i));
        }
        AtmHelper atm;
        atm.SetDeviceAttribute("SonetFraming", BooleanValue(false));
        atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(10)));
        for (uint32_t i = 0; i + 1 < n; ++i)
        {
            atm.SetDeviceAttribute("DataRate", DataRateValue(DataRate(rates[i] * 1e6)));
            NetDeviceContainer d = atm.Install(nodes.Get(i), nodes.Get(i + 1));
            out.push_back(DynamicCast<AtmNetDevice>(d.Get(0)));
            back.push_back(DynamicCast<AtmNetDevice>(d.Get(1)));
        }
    }
};

/**
 * Conservation of one VC: cells sent = received + dropped + queued (nothing
 * on the wire after the drain).
 * @param vc the VC
 * @return true if it holds
 */
bool
Conserved(Ptr<AtmVc> vc)
{
    return vc->GetCellsSent() ==
           vc->GetCellsReceived() + vc->GetCellsDropped() + vc->GetCellsQueued();
}

/**
 * ABR sources with PCR 80 000 cells/s (exact in the rate format) on a
 * 149.76 Mb/s link: a cell every 12.5 us at PCR.
 * @param icr their ICR, cells/s
 * @return the helper
 */
AtmAbrHelper
Abr80k(double icr)
{
    AtmAbrHelper abr;
    abr.SetSourceAttribute("Pcr", DoubleValue(80000));
    abr.SetSourceAttribute("Icr", DoubleValue(icr));
    return abr;
}

} // namespace

/**
 * @ingroup atm-tests
 * The gate paces a VC at exactly ACR: ICR = PCR = 80 000 cells/s (exact in the rate format) on a
 * 149.76 Mb/s host link, every in-rate cell 12.5 us after the previous one,
 * the first and then every 32nd an FRM (Nrm = 32: 31 cells between), the
 * data cells in sequence at the destination with the FRMs in their places.
 */
class AtmAbrPacingTestCase : public TestCase
{
  public:
    AtmAbrPacingTestCase()
        : TestCase("ABR gate paces at exactly ACR with an in-rate FRM every Nrm cells, in order")
    {
    }

  private:
    void DoRun() override
    {
        Chain net({149.76, 149.76}, 1000);
        auto [fwd, bwd] = Abr80k(80000).Create(net.nodes, "c");
        Greedy(fwd, MicroSeconds(3), MilliSeconds(20));

        std::vector<std::pair<Time, AtmCell>> sent;
        net.out[0]->TraceConnectWithoutContext(
            "PhyTxBegin",
            MakeCallback(+[](std::vector<std::pair<Time, AtmCell>>* v, const AtmCell& c) {
                v->emplace_back(Simulator::Now(), c);
            }).Bind(&sent));
        std::vector<AtmCell> received;
        Ptr<AtmNetDevice> dst = fwd->GetDestinationDevice();
        dst->TraceConnectWithoutContext(
            "PhyRxEnd",
            MakeCallback(+[](std::vector<AtmCell>* v, const AtmCell& c) {
                v->push_back(c);
            }).Bind(&received));
        Simulator::Stop(MilliSeconds(30));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_GT(sent.size(), 1500, "about 1600 cells in 20 ms");
        NS_TEST_EXPECT_MSG_EQ(sent[0].first, MicroSeconds(3), "the first cell at the start");
        bool spacing = true;
        bool pattern = true;
        for (size_t i = 0; i < sent.size(); ++i)
        {
            if (i > 0 && sent[i].first - sent[i - 1].first != NanoSeconds(12500))
            {
                spacing = false;
            }
            const bool frm = AtmRmCell::IsRm(sent[i].second) && !AtmRmCell::GetDir(sent[i].second);
            if (frm != (i % 32 == 0) || (!frm && !sent[i].second.IsData()))
            {
                pattern = false;
            }
        }
        NS_TEST_EXPECT_MSG_EQ(spacing, true, "every cell 1/ACR = 12.5 us after the last");
        NS_TEST_EXPECT_MSG_EQ(pattern, true, "FRM, 31 data cells, FRM, ... (Nrm = 32)");

        // At the destination: the same order, data in sequence.
        size_t k = 0;
        uint32_t nextSeq = 0;
        bool order = true;
        for (const AtmCell& c : received)
        {
            const bool frm = AtmRmCell::IsRm(c);
            if (frm != (k % 32 == 0) || (c.IsData() && c.GetSequence() != nextSeq++))
            {
                order = false;
            }
            ++k;
        }
        NS_TEST_EXPECT_MSG_EQ(order, true, "FRMs in place among in-sequence data cells");
        Ptr<AtmAbrSource> src = AtmAbrHelper::GetGate(net.out[0])->GetSource(0);
        NS_TEST_EXPECT_MSG_EQ_TOL(src->GetAcr(), 80000, 1e-9, "ACR stays at PCR");
        NS_TEST_EXPECT_MSG_EQ(Conserved(fwd), true, "forward VC conserved");
        NS_TEST_EXPECT_MSG_EQ(Conserved(bwd), true, "backward VC conserved");
        NS_TEST_EXPECT_MSG_GT(bwd->GetCellsReceived(), 45, "BRMs came back on the backward VC");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Two events of the gate that pacing alone does not show.
 *
 * A backward RM cell that raises ACR reschedules the waiting VC at once:
 * ICR 1 000 cells/s (a cell every ms), PCR 80 000, RIF 1 (Tm40: ACR +=
 * PCR); the first cell, an FRM, comes back as a BRM about 50 us later,
 * ACR becomes PCR, and the second cell leaves the moment the BRM arrives
 * (its in-rate time, 12.5 us after the first, has passed), not 1 ms after
 * the first.
 *
 * A turned-around cell the source has not sent when the next FRM turns
 * around is replaced (TM 4.0 destination behaviour 3c): both directions
 * greedy at 80 000 cells/s, the backward source with Nrm 128, so its one
 * BRM per own FRM interval (rule 3b) cannot keep up with an FRM every 32
 * forward cells. Every turnaround is either received by the forward
 * source or replaced; the gate's count equals its BrmReplaced trace.
 */
class AtmAbrGateEventsTestCase : public TestCase
{
  public:
    AtmAbrGateEventsTestCase()
        : TestCase("ABR gate: a BRM raising ACR reschedules the next cell at once; turned-around "
                   "cells not sent in time are replaced, counted and traced")
    {
    }

  private:
    void DoRun() override
    {
        {
            Chain net({149.76, 149.76}, 1000);
            AtmAbrHelper abr = Abr80k(1000);
            abr.SetSourceAttribute("Rif", DoubleValue(1));
            auto [fwd, bwd] = abr.Create(net.nodes, "c");
            Greedy(fwd, MicroSeconds(3), MilliSeconds(5));
            std::vector<Time> sent;
            net.out[0]->TraceConnectWithoutContext(
                "PhyTxBegin",
                MakeCallback(+[](std::vector<Time>* v, const AtmCell&) {
                    v->push_back(Simulator::Now());
                }).Bind(&sent));
            Ptr<AtmAbrSource> src = AtmAbrHelper::GetGate(net.out[0])->GetSource(0);
            std::vector<std::pair<Time, double>> brms;
            src->TraceConnectWithoutContext(
                "BrmReceived",
                MakeCallback(+[](std::vector<std::pair<Time, double>>* v,
                                 const AtmCell&,
                                 double acr) {
                    v->emplace_back(Simulator::Now(), acr);
                }).Bind(&brms));
            Simulator::Stop(MilliSeconds(2));
            Simulator::Run();
            NS_TEST_ASSERT_MSG_GT(brms.size(), 0, "a BRM came back");
            NS_TEST_ASSERT_MSG_GT(sent.size(), 2, "cells sent");
            NS_TEST_EXPECT_MSG_EQ(sent[0], MicroSeconds(3), "the first cell (FRM) at the start");
            NS_TEST_EXPECT_MSG_LT(brms[0].first, MicroSeconds(100), "the first BRM within 100 us");
            NS_TEST_EXPECT_MSG_EQ_TOL(brms[0].second, 80000, 1e-9, "ACR raised to PCR");
            NS_TEST_EXPECT_MSG_EQ(sent[1], brms[0].first, "the second cell leaves with the BRM");
            NS_TEST_EXPECT_MSG_EQ(sent[2] - sent[1], NanoSeconds(12500), "then 1/ACR apart");
            Simulator::Destroy();
        }
        {
            Chain net({149.76, 149.76}, 1000);
            auto [fwd, bwd] = Abr80k(80000).Create(net.nodes, "c");
            Ptr<AtmAbrGate> far = AtmAbrHelper::GetGate(bwd->GetHopDevice(0));
            far->GetSource(bwd->GetHopSlot(0))->SetAttribute("Nrm", UintegerValue(128));
            Greedy(fwd, MicroSeconds(3), MilliSeconds(100));
            Greedy(bwd, MicroSeconds(5), MilliSeconds(100));
            uint64_t turnarounds = 0;
            far->GetDestination(bwd->GetHopSlot(0))
                ->TraceConnectWithoutContext(
                    "Turnaround",
                    MakeCallback(+[](uint64_t* n, const AtmCell&) { ++*n; }).Bind(&turnarounds));
            uint64_t replaced = 0;
            far->TraceConnectWithoutContext("BrmReplaced", MakeCallback(+[](uint64_t* n, uint32_t) {
                                                               ++*n;
                                                           }).Bind(&replaced));
            uint64_t received = 0;
            AtmAbrHelper::GetGate(net.out[0])
                ->GetSource(0)
                ->TraceConnectWithoutContext("BrmReceived",
                                             MakeCallback(+[](uint64_t* n, const AtmCell&, double) {
                                                 ++*n;
                                             }).Bind(&received));
            Simulator::Stop(MilliSeconds(110)); // both sides drained
            Simulator::Run();
            NS_TEST_EXPECT_MSG_GT(turnarounds, 240, "about 250 FRMs turned around");
            NS_TEST_EXPECT_MSG_GT(replaced, turnarounds / 2, "most replaced (Nrm 128 against 32)");
            NS_TEST_EXPECT_MSG_EQ(far->GetNBrmReplaced(), replaced, "count = trace");
            NS_TEST_EXPECT_MSG_EQ(received + replaced, turnarounds, "each sent back or replaced");
            NS_TEST_EXPECT_MSG_EQ(Conserved(fwd) && Conserved(bwd), true, "VCs conserved");
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup atm-tests
 * CI from EFCI end to end: a 150 Mb/s host into a 50 Mb/s trunk whose
 * port marks EFCI (AtmEfciMarking, Q_HT 20). The destination returns CI = 1
 * after marked cells, and the source cuts ACR by exactly RDF (1/16) at
 * each; without marking no BRM carries CI.
 */
class AtmAbrEfciTestCase : public TestCase
{
  public:
    /// @param marking whether the trunk port marks EFCI
    AtmAbrEfciTestCase(bool marking)
        : TestCase(marking ? "ABR: EFCI at a congested port comes back as CI, ACR -= ACR * RDF"
                           : "ABR: without marking no BRM carries CI"),
          m_marking(marking)
    {
    }

  private:
    void DoRun() override
    {
        Chain net({150, 50, 150}, 1000, 20);
        AtmAbrHelper abr;
        abr.SetSourceAttribute("Pcr", DoubleValue(150e6 / 424));
        abr.SetSourceAttribute("Rif", DoubleValue(1.0 / 64));
        abr.SetPortBehaviour("ns3::AtmEfciMarking");
        if (m_marking)
        {
            abr.InstallPortBehaviour(net.out[1]);
        }
        auto [fwd, bwd] = abr.Create(net.nodes, "c");
        Greedy(fwd, Seconds(0), MilliSeconds(20));
        Ptr<AtmAbrSource> src = AtmAbrHelper::GetGate(net.out[0])->GetSource(0);

        struct Seen
        {
            uint32_t ci = 0;
            uint32_t noCi = 0;
            bool exact = true;
            double prev = 0;
        } seen;

        seen.prev = src->GetAcr();
        src->TraceConnectWithoutContext(
            "BrmReceived",
            MakeCallback(+[](Seen* s, double pcr, const AtmCell& brm, double acr) {
                const double er = AtmRmCell::GetEr(brm);
                double expect = 0;
                if (AtmRmCell::GetCi(brm))
                {
                    ++s->ci;
                    expect = std::min(s->prev * (1 - 1.0 / 16), er);
                }
                else
                {
                    ++s->noCi;
                    expect = std::min({pcr, s->prev + pcr / 64, er});
                }
                s->exact = s->exact && std::abs(acr - expect) < 1e-6;
                s->prev = acr;
            })
                .Bind(&seen)
                .Bind(150e6 / 424));
        uint32_t efci = 0;
        fwd->GetDestinationDevice()->TraceConnectWithoutContext(
            "PhyRxEnd",
            MakeCallback(+[](uint32_t* n, const AtmCell& c) {
                *n += c.IsData() && c.GetEfci();
            }).Bind(&efci));
        Simulator::Stop(MilliSeconds(40));
        Simulator::Run();
        if (m_marking)
        {
            NS_TEST_EXPECT_MSG_GT(efci, 0, "marked data cells reach the destination");
            NS_TEST_EXPECT_MSG_GT(seen.ci, 10, "BRMs with CI = 1");
            NS_TEST_EXPECT_MSG_GT(seen.noCi, 5, "and without (ci " << seen.ci << ")");
        }
        else
        {
            NS_TEST_EXPECT_MSG_EQ(efci, 0, "no EFCI without marking");
            NS_TEST_EXPECT_MSG_EQ(seen.ci, 0, "no CI without marking");
            NS_TEST_EXPECT_MSG_GT(seen.noCi, 100, "BRMs came back");
        }
        NS_TEST_EXPECT_MSG_EQ(seen.exact, true, "eq. (1) at every BRM");
        NS_TEST_EXPECT_MSG_EQ(Conserved(fwd), true, "forward VC conserved");
        NS_TEST_EXPECT_MSG_EQ(Conserved(bwd), true, "backward VC conserved");
        Simulator::Destroy();
    }

    bool m_marking; //!< trunk port marks EFCI
};

/**
 * @ingroup atm-tests
 * A port behaviour that stamps a fixed ER on backward RM cells and records
 * which port and slot it was called for.
 */
class FixedErBehaviour : public AtmPortBehaviour
{
  public:
    /**
     * @param er the rate to stamp, cells/s
     */
    explicit FixedErBehaviour(double er)
        : m_er(er)
    {
    }

    void OnBackwardRm(AtmCell& brm, uint32_t slot, const AtmPortState& port) override
    {
        ++calls;
        slots.push_back(slot);
        cellRate = port.cellRate;
        StampEr(brm, slot, m_er);
    }

    void OnForwardRm(AtmCell& frm, uint32_t /* slot */, const AtmPortState& /* port */) override
    {
        ++forward;
        maxFrmEr = std::max(maxFrmEr, AtmRmCell::GetEr(frm));
    }

    uint32_t calls{0};           //!< OnBackwardRm calls
    uint32_t forward{0};         //!< OnForwardRm calls
    std::vector<uint32_t> slots; //!< slots given
    double cellRate{0};          //!< port cell rate given
    double maxFrmEr{0};          //!< largest FRM ER seen

  private:
    double m_er; //!< stamped rate
};

/**
 * @ingroup atm-tests
 * BRM pairing: two switches; the forward ports stamp 50 000 and 80 000
 * cells/s, the backward ports 10 000 (they must never be asked). Every
 * BRM reaches the source with ER = the rate format's 50 000 (the smaller:
 * never raised by the second switch), each forward hook is called with
 * the forward VC's slot and its own cell rate, and ACR settles at that ER.
 */
class AtmAbrPairingTestCase : public TestCase
{
  public:
    AtmAbrPairingTestCase()
        : TestCase("ABR: BRMs meet their forward port's behaviour; ER never raised end to end")
    {
    }

  private:
    void DoRun() override
    {
        Chain net({150, 100, 150}, 1000);
        // A second VC through the same ports first, so that slots differ,
        // and before it a plain VC each way, so that a host port's
        // arriving-VC index is not the gate's connection number.
        AtmAbrHelper abr;
        NodeContainer reverse;
        for (uint32_t i = net.nodes.GetN(); i-- > 0;)
        {
            reverse.Add(net.nodes.Get(i));
        }
        abr.GetVcHelper().Create(net.nodes, "plain");
        abr.GetVcHelper().Create(reverse, "plain-back");
        abr.Create(net.nodes, "other");
        auto [fwd, bwd] = abr.Create(net.nodes, "c");
        Ptr<FixedErBehaviour> f1 = CreateObject<FixedErBehaviour>(50000);
        Ptr<FixedErBehaviour> f2 = CreateObject<FixedErBehaviour>(80000);
        Ptr<FixedErBehaviour> b1 = CreateObject<FixedErBehaviour>(10000);
        Ptr<FixedErBehaviour> b2 = CreateObject<FixedErBehaviour>(10000);
        net.out[1]->SetPortBehaviour(f1);
        net.out[2]->SetPortBehaviour(f2);
        net.back[0]->SetPortBehaviour(b1);
        net.back[1]->SetPortBehaviour(b2);
        Greedy(fwd, Seconds(0), MilliSeconds(30));
        Ptr<AtmAbrSource> src = AtmAbrHelper::GetGate(net.out[0])->GetSource(fwd->GetHopSlot(0));

        struct Ers
        {
            uint32_t n = 0;
            bool allMin = true;
        } ers;

        const double expect = AtmRmCell::GetEr([] {
            AtmCell c = AtmRmCell::Make(0, 32);
            AtmRmCell::SetEr(c, 50000);
            return c;
        }());
        src->TraceConnectWithoutContext(
            "BrmReceived",
            MakeCallback(+[](Ers* e, double x, const AtmCell& brm, double) {
                ++e->n;
                e->allMin = e->allMin && AtmRmCell::GetEr(brm) == x;
            })
                .Bind(&ers)
                .Bind(expect));
        Simulator::Stop(MilliSeconds(35));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_GT(ers.n, 40, "BRMs came back");
        NS_TEST_EXPECT_MSG_EQ(ers.allMin, true, "every BRM with ER = min of the stamps");
        NS_TEST_EXPECT_MSG_EQ(f1->calls, ers.n, "switch 1's forward port saw every BRM");
        NS_TEST_EXPECT_MSG_EQ(f2->calls, ers.n, "switch 2's forward port saw every BRM");
        NS_TEST_EXPECT_MSG_EQ(b1->calls + b2->calls, 0, "backward ports never asked");
        NS_TEST_EXPECT_MSG_GT(f1->forward, 40, "FRMs crossed the forward ports");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(f1->maxFrmEr, 150e6 / 424, "FRM ER = PCR at most");
        bool slotOk = true;
        for (uint32_t s : f1->slots)
        {
            slotOk = slotOk && s == fwd->GetHopSlot(1);
        }
        for (uint32_t s : f2->slots)
        {
            slotOk = slotOk && s == fwd->GetHopSlot(2);
        }
        NS_TEST_EXPECT_MSG_EQ(slotOk, true, "hooks get the forward VC's slot at their port");
        NS_TEST_EXPECT_MSG_EQ(f1->cellRate, net.out[1]->GetCellRate(), "and their port's state");
        NS_TEST_EXPECT_MSG_EQ(src->GetAcr(), expect, "ACR = the stamped ER");
        Simulator::Destroy();
    }
};

namespace
{

/// @return a switch helper whose ports are FIFOs of 2000 cells
AtmSwitchHelper
FifoSwitches()
{
    AtmSwitchHelper swHelper;
    swHelper.SetQueueDisc("ns3::AtmFifoQueueDisc", "MaxCells", UintegerValue(2000));
    return swHelper;
}

/**
 * Switches linked in a chain by 100 Mb/s links (no SONET, 20 us).
 * @param sw the switch nodes
 * @param swHelper what makes them switches (their ports' queue discs)
 * @return the link helper, set for 150 Mb/s host links
 */
AtmHelper
SwitchChain(const NodeContainer& sw, const AtmSwitchHelper& swHelper = FifoSwitches())
{
    swHelper.Install(sw);
    AtmHelper atm;
    atm.SetDeviceAttribute("SonetFraming", BooleanValue(false));
    atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(20)));
    atm.SetDeviceAttribute("DataRate", DataRateValue(DataRate(100e6)));
    for (uint32_t i = 0; i + 1 < sw.GetN(); ++i)
    {
        atm.Install(sw.Get(i), sw.Get(i + 1));
    }
    atm.SetDeviceAttribute("DataRate", DataRateValue(DataRate(150e6)));
    return atm;
}

/**
 * A new host on each side of a link between two switches, linked to them.
 * @param atm the link helper (host links)
 * @param from the switch of the first host
 * @param to the switch of the second host
 * @return host, from, to, host
 */
NodeContainer
HostPath(AtmHelper& atm, Ptr<Node> from, Ptr<Node> to)
{
    NodeContainer path(CreateObject<Node>(), from, to, CreateObject<Node>());
    atm.Install(path.Get(0), from);
    atm.Install(to, path.Get(3));
    return path;
}

/**
 * A VC with a CBR contract at @p rate and a CBR source at that rate on it,
 * sending until 200 ms.
 * @param path its nodes
 * @param rate its rate, counting 424 bits a cell
 * @return the VC
 */
Ptr<AtmVc>
CbrVc(const NodeContainer& path, DataRate rate)
{
    AtmTrafficContract c;
    c.category = AtmServiceCategory::CBR;
    c.pcr = rate.GetBitRate() / 424.0;
    AtmVcHelper vcHelper;
    vcHelper.SetContract(c);
    Ptr<AtmVc> vc = vcHelper.Create(path, "cbr");
    AtmCellSourceHelper source("ns3::AtmCbrSource");
    source.SetAttribute("Rate", DataRateValue(rate));
    source.Install(vc).Stop(MilliSeconds(200));
    return vc;
}

/**
 * ABR sources that start at 10 Mb/s and may reach 150 Mb/s at once (RIF 1),
 * and a port behaviour.
 * @param scheme the port behaviour's TypeId name
 * @param utilization its TargetUtilization (0: a scheme without one)
 * @return the helper
 */
AtmAbrHelper
FastAbr(const std::string& scheme, double utilization)
{
    AtmAbrHelper abr;
    abr.SetSourceAttribute("Pcr", DoubleValue(150e6 / 424));
    abr.SetSourceAttribute("Icr", DoubleValue(10e6 / 424));
    abr.SetSourceAttribute("Rif", DoubleValue(1));
    if (utilization > 0)
    {
        abr.SetPortBehaviour(scheme, "TargetUtilization", DoubleValue(utilization));
    }
    else
    {
        abr.SetPortBehaviour(scheme);
    }
    return abr;
}

/**
 * Measure each VC's cell rate at its destination from 160 to 200 ms.
 * @param vcs the VCs
 * @param rate set to the rates, cells/s, at 200 ms (outlives the run)
 */
void
MeasureRates(const std::vector<Ptr<AtmVc>>& vcs, std::vector<double>& rate)
{
    auto at = std::make_shared<std::vector<uint64_t>>(vcs.size());
    atmtest::Schedule(MilliSeconds(160), [vcs, at]() {
        for (size_t i = 0; i < vcs.size(); ++i)
        {
            (*at)[i] = vcs[i]->GetCellsReceived();
        }
    });
    atmtest::Schedule(MilliSeconds(200), [vcs, at, &rate]() {
        for (size_t i = 0; i < vcs.size(); ++i)
        {
            rate[i] = (vcs[i]->GetCellsReceived() - (*at)[i]) / 0.04;
        }
    });
}

} // namespace

/**
 * @ingroup atm-tests
 * Convergence to max-min on a parking lot: S1 -L1- S2 -L2- S3, L1 = L2 =
 * 100 Mb/s of cells, hosts at 150 Mb/s. VC A crosses L1 and L2, B only
 * L1, C1 and C2 only L2. Max-min: A = C1 = C2 = L/3, B = 2L/3. Each VC's
 * cell rate (data + FRM, what ACR counts) at its destination over the last
 * 40 ms within the tolerance of its max-min rate. (ERICA with a target
 * utilization u settles inside its delta band, z up to 1 + Delta, which
 * with u = 0.95 is about the whole link.)
 */
class AtmAbrMaxMinTestCase : public TestCase
{
  public:
    /**
     * @param scheme the port behaviour
     * @param utilization its TargetUtilization
     * @param tolerance relative tolerance on each VC's rate
     * @param fairness its Fairness ("": max-min, no MCRs)
     */
    AtmAbrMaxMinTestCase(const std::string& scheme,
                         double utilization,
                         double tolerance,
                         const std::string& fairness = "")
        : TestCase("ABR: " + scheme + " reaches the " +
                   (fairness.empty() ? std::string("max-min") : fairness) +
                   " rates on a parking lot" + (fairness.empty() ? "" : " with MCRs")),
          m_scheme(scheme),
          m_utilization(utilization),
          m_tolerance(tolerance),
          m_fairness(fairness)
    {
    }

  private:
    void DoRun() override
    {
        const double link = 100e6 / 424;
        NodeContainer sw;
        sw.Create(3);
        AtmHelper atm = SwitchChain(sw);
        AtmAbrHelper abr = FastAbr(m_scheme, m_utilization);
        // With a criterion: MCRs of 20, 10, 30 and 5 Mb/s and weights 1, 2,
        // 3, 1, against the oracle under the same criterion. ERICA settles
        // inside its Delta band, each link filled to between U and all of
        // it: each VC's rate is then at least (1 - tolerance) x its rate
        // with links of U x rate, at most (1 + tolerance) x its rate with
        // whole links.
        AtmMaxMinOracle::Criterion criterion = AtmMaxMinOracle::MAX_MIN;
        if (!m_fairness.empty())
        {
            abr.SetPortBehaviourAttribute("Fairness", StringValue(m_fairness));
            AtmEnumValue<AtmMaxMinOracle::Criterion> value;
            Ptr<AtmPortBehaviour> probe =
                ObjectFactory(m_scheme, "Fairness", StringValue(m_fairness))
                    .Create<AtmPortBehaviour>();
            probe->GetAttribute("Fairness", value);
            criterion = static_cast<AtmMaxMinOracle::Criterion>(value.Get());
        }
        AtmMaxMinOracle oracle(criterion);
        oracle.AddLink(link);
        oracle.AddLink(link);
        AtmMaxMinOracle target(criterion);
        target.AddLink(m_utilization * link);
        target.AddLink(m_utilization * link);

        struct Flow
        {
            uint32_t from;
            uint32_t to;
            double mcr;    //!< Mb/s
            double weight; //!< weight
        };

        const Flow flows[] = {{0, 2, 20, 1}, {0, 1, 10, 2}, {1, 2, 30, 3}, {1, 2, 5, 1}};
        std::vector<Ptr<AtmVc>> vcs;
        std::vector<Ptr<AtmVc>> all;
        for (const Flow& f : flows)
        {
            Ptr<Node> a = CreateObject<Node>();
            Ptr<Node> b = CreateObject<Node>();
            atm.Install(a, sw.Get(f.from));
            atm.Install(sw.Get(f.to), b);
            NodeContainer path(a);
            std::vector<uint32_t> links;
            for (uint32_t s = f.from; s <= f.to; ++s)
            {
                path.Add(sw.Get(s));
                if (s < f.to)
                {
                    links.push_back(s);
                }
            }
            path.Add(b);
            const double mcr = m_fairness.empty() ? 0 : f.mcr * 1e6 / 424;
            abr.SetSourceAttribute("Mcr", DoubleValue(mcr));
            abr.SetSourceAttribute("Icr", DoubleValue(std::max(10e6 / 424, mcr)));
            abr.GetVcHelper().SetWeight(m_fairness.empty() ? 1 : f.weight);
            auto [fwd, bwd] = abr.Create(path);
            vcs.push_back(fwd);
            all.push_back(fwd);
            all.push_back(bwd);
            oracle.AddFlow(links, 150e6 / 424, mcr, m_fairness.empty() ? 1 : f.weight);
            target.AddFlow(links, 150e6 / 424, mcr, m_fairness.empty() ? 1 : f.weight);
            Greedy(fwd, Seconds(0), MilliSeconds(200));
        }
        abr.InstallPortBehaviour(sw);
        const std::vector<double> ideal = oracle.Solve();
        const std::vector<double> low = target.Solve();
        std::vector<double> rate(vcs.size());
        MeasureRates(vcs, rate);
        Simulator::Stop(Seconds(0.3));
        Simulator::Run();
        for (size_t i = 0; i < vcs.size(); ++i)
        {
            if (m_fairness.empty())
            {
                NS_TEST_EXPECT_MSG_EQ_TOL(rate[i] / ideal[i],
                                          1.0,
                                          m_tolerance,
                                          "VC " << i << " cell rate " << rate[i] << " vs max-min "
                                                << ideal[i]);
                continue;
            }
            NS_TEST_EXPECT_MSG_GT_OR_EQ(rate[i],
                                        (1 - m_tolerance) * low[i],
                                        "VC " << i << " vs its rate with links of U x rate");
            NS_TEST_EXPECT_MSG_LT_OR_EQ(rate[i],
                                        (1 + m_tolerance) * ideal[i],
                                        "VC " << i << " vs its rate with whole links");
        }
        for (const auto& vc : all)
        {
            NS_TEST_EXPECT_MSG_EQ(Conserved(vc), true, "VC " << vc->GetName() << " conserved");
        }
        Simulator::Destroy();
    }

    std::string m_scheme;   //!< port behaviour
    double m_utilization;   //!< its target utilization
    double m_tolerance;     //!< relative tolerance
    std::string m_fairness; //!< its Fairness, or empty
};

/**
 * @ingroup atm-tests
 * ABR on what is left: one 100 Mb/s bottleneck carries a 30 Mb/s CBR VC
 * (a CBR contract) and three greedy ABR VCs. The ER scheme measures the
 * CBR load and leaves it out of ABR's capacity: each ABR VC settles within
 * 5 % of (U x rate - CBR) / 3, and the CBR VC loses nothing. Without the
 * subtraction each would get U x rate / 3, 49 % more.
 */
class AtmAbrLeftoverTestCase : public TestCase
{
  public:
    /**
     * @param scheme the port behaviour
     * @param utilization its TargetUtilization
     */
    AtmAbrLeftoverTestCase(const std::string& scheme, double utilization)
        : TestCase("ABR: " + scheme + " shares what a CBR VC leaves of the link"),
          m_scheme(scheme),
          m_utilization(utilization)
    {
    }

  private:
    void DoRun() override
    {
        const double link = 100e6 / 424;
        const double cbrRate = 30e6 / 424;
        NodeContainer sw;
        sw.Create(2);
        AtmHelper atm = SwitchChain(sw);
        AtmAbrHelper abr = FastAbr(m_scheme, m_utilization);
        Ptr<AtmVc> cbr = CbrVc(HostPath(atm, sw.Get(0), sw.Get(1)), DataRate(30e6));
        std::vector<Ptr<AtmVc>> vcs;
        for (uint32_t i = 0; i < 3; ++i)
        {
            vcs.push_back(abr.Create(HostPath(atm, sw.Get(0), sw.Get(1))).first);
            Greedy(vcs.back(), Seconds(0), MilliSeconds(200));
        }
        abr.InstallPortBehaviour(sw);
        const double share = (m_utilization * link - cbrRate) / vcs.size();
        std::vector<double> rate(vcs.size());
        MeasureRates(vcs, rate);
        Simulator::Stop(Seconds(0.3));
        Simulator::Run();
        for (size_t i = 0; i < vcs.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(rate[i] / share,
                                      1.0,
                                      0.05,
                                      "ABR VC " << i << " cell rate " << rate[i]
                                                << " vs (U x rate - CBR) / n = " << share);
        }
        NS_TEST_EXPECT_MSG_EQ(cbr->GetCellsDropped(), 0, "the CBR VC lost no cell");
        NS_TEST_EXPECT_MSG_EQ(cbr->GetCellsSent(), cbr->GetCellsReceived(), "CBR conserved");
        Simulator::Destroy();
    }

    std::string m_scheme; //!< port behaviour
    double m_utilization; //!< its target utilization
};

/**
 * @ingroup atm-tests
 * A MACR scheme at a priority port: a 100 Mb/s trunk of strict-priority
 * ports (CBR > ABR > UBR; the ABR class a FIFO with Q_HT 100, Q_LT 50)
 * carries a 30 Mb/s CBR VC, three greedy ABR VCs under iterative ER and a
 * greedy UBR VC whose backlog fills the UBR class. The scheme sees the ABR
 * class's queue, so the ABR VCs together fill at least 95 % of what the CBR
 * VC leaves (measured: 99.99 %, each VC 0.97 to 1.03 of an equal share),
 * none under 85 % of its share; read from the whole port's queue (UBR's
 * backlog) one of them got 725 cells/s, held near MRF x MACR.
 */
class AtmAbrMacrPriorityTestCase : public TestCase
{
  public:
    AtmAbrMacrPriorityTestCase()
        : TestCase("ABR: iterative ER at a priority port shares what CBR leaves, above UBR")
    {
    }

  private:
    void DoRun() override
    {
        const double link = 100e6 / 424;
        const double cbrRate = 30e6 / 424;
        NodeContainer sw;
        sw.Create(2);
        AtmSwitchHelper swHelper;
        swHelper.SetQueueDisc(
            "ns3::AtmPriorityQueueDisc",
            "MaxCells",
            UintegerValue(5000),
            "AbrClass",
            StringValue("ns3::AtmFifoQueueDisc[MaxCells=1000|HighThreshold=100|LowThreshold=50]"),
            "UbrClass",
            StringValue("ns3::AtmPerVcQueueDisc[MaxCells=2000]"));
        AtmHelper atm = SwitchChain(sw, swHelper);
        AtmAbrHelper abr = FastAbr("ns3::AtmIterativeEr", 0);
        CbrVc(HostPath(atm, sw.Get(0), sw.Get(1)), DataRate(30e6));
        std::vector<Ptr<AtmVc>> vcs;
        for (uint32_t i = 0; i < 3; ++i)
        {
            vcs.push_back(abr.Create(HostPath(atm, sw.Get(0), sw.Get(1))).first);
            Greedy(vcs.back(), Seconds(0), MilliSeconds(200));
        }
        Greedy(AtmVcHelper().Create(HostPath(atm, sw.Get(0), sw.Get(1)), "ubr"),
               Seconds(0),
               MilliSeconds(200));
        abr.InstallPortBehaviour(sw);
        std::vector<double> rate(vcs.size());
        MeasureRates(vcs, rate);
        Simulator::Stop(Seconds(0.3));
        Simulator::Run();
        const double leftover = link - cbrRate;
        double sum = 0;
        for (size_t i = 0; i < vcs.size(); ++i)
        {
            sum += rate[i];
            NS_TEST_EXPECT_MSG_GT(rate[i],
                                  0.85 * leftover / vcs.size(),
                                  "ABR VC " << i << " cell rate " << rate[i]);
        }
        NS_TEST_EXPECT_MSG_GT(sum, 0.95 * leftover, "ABR's share of the leftover " << leftover);
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * Conservation with ABR cells lost: ICR = PCR into a 50-cell FIFO of a
 * trunk at one third of the host rate, no port behaviour: data and RM
 * cells overflow, every loss is counted on its VC with its reason, and per
 * VC sent = received + dropped + queued.
 */
class AtmAbrConservationTestCase : public TestCase
{
  public:
    AtmAbrConservationTestCase()
        : TestCase("ABR: data and RM cells lost at a full port are counted; VCs conserved")
    {
    }

  private:
    void DoRun() override
    {
        Chain net({150, 50, 150}, 50);
        AtmAbrHelper abr;
        abr.SetSourceAttribute("Pcr", DoubleValue(150e6 / 424));
        auto [fwd, bwd] = abr.Create(net.nodes, "c");
        auto [fwd2, bwd2] = abr.Create(net.nodes, "d");
        Greedy(fwd, Seconds(0), MilliSeconds(10));
        Greedy(fwd2, Seconds(0), MilliSeconds(10));
        uint32_t rmDropped = 0;
        net.out[1]->TraceConnectWithoutContext(
            "Drop",
            MakeCallback(+[](uint32_t* n, const AtmCell& c, const char*) {
                *n += AtmRmCell::IsRm(c);
            }).Bind(&rmDropped));
        Simulator::Stop(MilliSeconds(40));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_GT(fwd->GetCellsDropped(AtmQueueDisc::OVERFLOW_DROP),
                              0,
                              "cells overflowed");
        NS_TEST_EXPECT_MSG_GT(rmDropped, 0, "RM cells among them");
        NS_TEST_EXPECT_MSG_EQ(fwd->GetCellsDropped() + fwd2->GetCellsDropped(),
                              net.out[1]->GetQueueDisc()->GetNDropped(),
                              "every loss counted on its VC");
        for (const auto& vc : {fwd, bwd, fwd2, bwd2})
        {
            NS_TEST_EXPECT_MSG_EQ(Conserved(vc), true, "VC " << vc->GetName() << " conserved");
        }
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * TCP over an ABR connection: a BulkSend of 3 MB from a 150 Mb/s host
 * through a switch whose 50 Mb/s output port (VC counting, 300 cells of
 * buffer, less than one TCP window) leads to the receiver. The host's AAL5
 * frames leave at ACR (every in-rate cell at least 1/ACR after the one
 * before), which settles at the port's share (about 117 925
 * cells/s less the BRMs of the ACKs' direction), the transfer arrives
 * whole and no cell is lost; without ABR the same port overflows.
 */
class AtmAbrTcpTestCase : public TestCase
{
    /// The host port's in-rate cells against the source's ACR.
    struct Pacing
    {
        double acr{0};      //!< ACR now
        double acrMax{0};   //!< largest ACR since the last in-rate cell
        Time last;          //!< when it was sent
        bool any{false};    //!< one was sent
        uint64_t frames{0}; //!< AAL5 frames (last cells) sent
        uint64_t early{0};  //!< in-rate cells sooner than 1/acrMax

        /**
         * @brief ACR changed.
         * @param now the new ACR
         */
        void Acr(double /* old */, double now)
        {
            acr = now;
            acrMax = std::max(acrMax, now);
        }

        /**
         * @brief The host port starts sending a cell.
         * @param cell the cell
         */
        void Sent(const AtmCell& cell)
        {
            if (cell.GetClp())
            {
                return; // out of rate (rule 11)
            }
            const Time now = Simulator::Now();
            // One nanosecond of slack for the time resolution.
            if (any && (now - last + NanoSeconds(1)).GetSeconds() * acrMax < 1.0)
            {
                ++early;
            }
            frames += cell.IsData() && (cell.GetPti() & 1); // AAL5 end of frame
            any = true;
            last = now;
            acrMax = acr;
        }
    };

  public:
    /// @param abr whether the connection is ABR
    explicit AtmAbrTcpTestCase(bool abr)
        : TestCase(abr ? "ABR: TCP over AAL5 paced at ACR, no cell lost"
                       : "ABR: (reference) the same TCP without ABR loses cells"),
          m_abr(abr)
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(3);
        AtmSwitchHelper sw;
        sw.SetQueueDisc("ns3::AtmFifoQueueDisc", "MaxCells", UintegerValue(300));
        sw.Install(nodes.Get(1));
        AtmHelper atm;
        atm.SetDeviceAttribute("SonetFraming", BooleanValue(false));
        atm.SetChannelAttribute("Delay", TimeValue(MicroSeconds(10)));
        atm.SetDeviceAttribute("DataRate", DataRateValue(DataRate(150e6)));
        NetDeviceContainer l1 = atm.Install(nodes.Get(0), nodes.Get(1));
        atm.SetDeviceAttribute("DataRate", DataRateValue(DataRate(50e6)));
        NetDeviceContainer l2 = atm.Install(nodes.Get(1), nodes.Get(2));
        NodeContainer hosts(nodes.Get(0), nodes.Get(2));
        InternetStackHelper stack;
        stack.Install(hosts);
        Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
        Ipv4InterfaceContainer ifaces = addresses.Assign(NetDeviceContainer(l1.Get(0), l2.Get(1)));
        AtmAbrHelper abr;
        abr.SetSourceAttribute("Pcr", DoubleValue(150e6 / 424));
        abr.SetSourceAttribute("Icr", DoubleValue(10e6 / 424));
        abr.SetSourceAttribute("Rif", DoubleValue(1));
        abr.SetPortBehaviour("ns3::AtmVcCountingEr");
        std::pair<Ptr<AtmVc>, Ptr<AtmVc>> vcs;
        if (m_abr)
        {
            vcs = abr.CreateIp(nodes, "tcp");
            abr.InstallPortBehaviour(NodeContainer(nodes.Get(1)));
        }
        else
        {
            vcs = abr.GetVcHelper().CreateIpPvc(nodes, "tcp");
        }
        const uint64_t bytes = 3000000;
        BulkSendHelper source("ns3::TcpSocketFactory",
                              InetSocketAddress(ifaces.GetAddress(1), 5000));
        source.SetAttribute("MaxBytes", UintegerValue(bytes));
        source.SetAttribute("SendSize", UintegerValue(9140));
        source.Install(nodes.Get(0)).Start(MilliSeconds(1));
        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), 5000));
        Ptr<PacketSink> sink = DynamicCast<PacketSink>(sinkHelper.Install(nodes.Get(2)).Get(0));
        // Every in-rate cell (CLP 0: data, FRM, turned-around BRM) the host
        // port sends on the connection leaves at least 1/ACR after the one
        // before, ACR being the largest it held in between.
        Pacing pacing;
        if (m_abr)
        {
            Ptr<AtmNetDevice> host = DynamicCast<AtmNetDevice>(l1.Get(0));
            Ptr<AtmAbrSource> src =
                AtmAbrHelper::GetGate(host)->GetSource(vcs.first->GetHopSlot(0));
            pacing.acr = src->GetAcr();
            pacing.acrMax = pacing.acr;
            src->TraceConnectWithoutContext("Acr", MakeCallback(&Pacing::Acr, &pacing));
            host->TraceConnectWithoutContext("PhyTxBegin", MakeCallback(&Pacing::Sent, &pacing));
        }
        Simulator::Stop(Seconds(2));
        Simulator::Run();
        Ptr<AtmNetDevice> bottleneck = DynamicCast<AtmNetDevice>(l2.Get(0));
        const uint64_t lost = bottleneck->GetQueueDisc()->GetNDropped();
        if (m_abr)
        {
            NS_TEST_EXPECT_MSG_EQ(sink->GetTotalRx(), bytes, "the whole transfer arrived");
            NS_TEST_EXPECT_MSG_EQ(lost, 0, "no cell lost at the 50 Mb/s port");
            Ptr<AtmAbrSource> src = AtmAbrHelper::GetGate(DynamicCast<AtmNetDevice>(l1.Get(0)))
                                        ->GetSource(vcs.first->GetHopSlot(0));
            NS_TEST_EXPECT_MSG_LT(src->GetAcr(), 50e6 / 424, "ACR at most the port's rate");
            NS_TEST_EXPECT_MSG_GT(src->GetAcr(), 0.8 * 50e6 / 424, "and near its share");
            NS_TEST_EXPECT_MSG_GT(pacing.frames, 300, "the frames' cells went through the gate");
            NS_TEST_EXPECT_MSG_EQ(pacing.early, 0, "no in-rate cell sent faster than ACR");
            NS_TEST_EXPECT_MSG_EQ(Conserved(vcs.first), true, "forward VC conserved");
            NS_TEST_EXPECT_MSG_EQ(Conserved(vcs.second), true, "backward VC conserved");
        }
        else
        {
            NS_TEST_EXPECT_MSG_GT(lost, 0, "cells lost without ABR");
        }
        Simulator::Destroy();
    }

    bool m_abr; //!< ABR on
};

/**
 * @ingroup atm-tests
 * The ABR end systems by Config path, as ns-3 users trace them: a host
 * port's gate is .../$ns3::AtmNetDevice/TransmitGate, its connections'
 * sources and destinations its SourceList and DestinationList, and Acr,
 * FrmSent and Turnaround fire there, with that context, exactly as on the
 * objects (a connection's two hosts: one of each per host).
 */
class AtmAbrConfigPathTestCase : public TestCase
{
  public:
    AtmAbrConfigPathTestCase()
        : TestCase("Config paths reach the ABR sources and destinations and their traces")
    {
    }

  private:
    void DoRun() override
    {
        Chain net({149.76, 149.76}, 1000);
        auto [fwd, bwd] = Abr80k(1000).Create(net.nodes, "c");
        const std::string gate = "/TransmitGate/$ns3::AtmAbrGate";
        const std::string any = "/NodeList/*/DeviceList/*/$ns3::AtmNetDevice" + gate;
        atmtest::TracePaths<double, double> acr(any + "/SourceList/*", "Acr");
        atmtest::TracePaths<const AtmCell&, double> frm(any + "/SourceList/*", "FrmSent");
        atmtest::TracePaths<const AtmCell&> turnaround(any + "/DestinationList/*", "Turnaround");
        NS_TEST_EXPECT_MSG_EQ(acr.GetNMatches(), 2, "a source at each host");
        NS_TEST_EXPECT_MSG_EQ(turnaround.GetNMatches(), 2, "a destination at each host");
        for (const Ptr<AtmNetDevice>& host : {net.out.front(), net.back.back()})
        {
            const Ptr<AtmAbrGate> g = AtmAbrHelper::GetGate(host);
            NS_TEST_ASSERT_MSG_EQ(g->GetNConnections(), 1, "one connection per host");
            const std::string path = atmtest::DevicePath(host) + gate;
            NS_TEST_EXPECT_MSG_EQ(
                acr.ConnectObject(g->GetConnectionSource(0), path + "/SourceList/0"),
                true,
                path);
            frm.ConnectObject(g->GetConnectionSource(0), path + "/SourceList/0");
            NS_TEST_EXPECT_MSG_EQ(turnaround.ConnectObject(g->GetConnectionDestination(0),
                                                           path + "/DestinationList/0"),
                                  true,
                                  path);
        }
        acr.ConnectByPath();
        frm.ConnectByPath();
        turnaround.ConnectByPath();
        Greedy(fwd, MicroSeconds(3), MilliSeconds(5));
        Greedy(bwd, MicroSeconds(3), MilliSeconds(5));
        Simulator::Stop(MilliSeconds(10));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(acr.byObject.size(), 2, "both sources changed ACR");
        NS_TEST_EXPECT_MSG_EQ(frm.byObject.size(), 2, "both sources sent FRMs");
        NS_TEST_EXPECT_MSG_EQ(turnaround.byObject.size(), 2, "both destinations turned FRMs");
        NS_TEST_EXPECT_MSG_EQ((acr.byPath == acr.byObject), true, "Acr");
        NS_TEST_EXPECT_MSG_EQ((frm.byPath == frm.byObject), true, "FrmSent");
        NS_TEST_EXPECT_MSG_EQ((turnaround.byPath == turnaround.byObject), true, "Turnaround");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * The suite.
 */
class AtmAbrTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmAbrTestSuite()
        : IsolatedTestSuite("atm-abr", Type::UNIT)
    {
        AddTestCase(new AtmAbrPacingTestCase);
        AddTestCase(new AtmAbrGateEventsTestCase);
        AddTestCase(new AtmAbrEfciTestCase(true));
        AddTestCase(new AtmAbrEfciTestCase(false));
        AddTestCase(new AtmAbrPairingTestCase);
        AddTestCase(new AtmAbrMaxMinTestCase("ns3::AtmVcCountingEr", 1.0, 0.03));
        AddTestCase(new AtmAbrMaxMinTestCase("ns3::AtmErica", 0.95, 0.05));
        for (const char* fairness :
             {"MaxOfMcrOrShare", "McrPlusEqualShare", "ProportionalToMcr", "Weighted"})
        {
            AddTestCase(new AtmAbrMaxMinTestCase("ns3::AtmVcCountingEr", 1.0, 0.03, fairness));
            AddTestCase(new AtmAbrMaxMinTestCase("ns3::AtmErica", 0.95, 0.05, fairness));
        }
        AddTestCase(new AtmAbrLeftoverTestCase("ns3::AtmErica", 0.9));
        AddTestCase(new AtmAbrLeftoverTestCase("ns3::AtmVcCountingEr", 0.9));
        AddTestCase(new AtmAbrMacrPriorityTestCase);
        AddTestCase(new AtmAbrConservationTestCase);
        AddTestCase(new AtmAbrTcpTestCase(true));
        AddTestCase(new AtmAbrTcpTestCase(false));
        AddTestCase(new AtmAbrConfigPathTestCase);
    }
};

static AtmAbrTestSuite g_atmAbrTestSuite; //!< the suite
