/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests that each bad configuration stops the program with one clear fatal
// error naming the object, the field and the value. NS_FATAL_ERROR aborts
// the process, so each case builds what is valid in this process, then
// forks: the child does only the one bad action with its stderr in a pipe
// and leaves with _exit(0) if it was not stopped; the parent checks that
// the child died and reads the message.

#include "atm-test-lambda.h"
#include "atm-test-suite.h"

#include "ns3/application-container.h"
#include "ns3/atm-aal5-endpoint.h"
#include "ns3/atm-abr-helper.h"
#include "ns3/atm-abr-source.h"
#include "ns3/atm-bus-hub.h"
#include "ns3/atm-cell-source-helper.h"
#include "ns3/atm-channel.h"
#include "ns3/atm-credit-helper.h"
#include "ns3/atm-erica.h"
#include "ns3/atm-fifo-queue-disc.h"
#include "ns3/atm-gcra-upc.h"
#include "ns3/atm-helper.h"
#include "ns3/atm-hub-hybrid-flow-control.h"
#include "ns3/atm-hub-logical-flow-control.h"
#include "ns3/atm-input-buffered-fabric.h"
#include "ns3/atm-max-min-oracle.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-rank-helper.h"
#include "ns3/atm-receive-accounting.h"
#include "ns3/atm-scenario-command-line.h"
#include "ns3/atm-switch-helper.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/atm-transmit-gate.h"
#include "ns3/atm-vc-counting-er.h"
#include "ns3/atm-vc-helper.h"
#include "ns3/atm-vc.h"
#include "ns3/boolean.h"
#include "ns3/command-line.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv6-address-helper.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/pointer.h"
#include "ns3/scheduler.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cstdio>
#include <fcntl.h>
#include <functional>
#include <iostream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{

/// A VPI/VCI pair.
typedef std::pair<uint16_t, uint16_t> Label;

/// What a bad configuration does, set up in the parent.
struct BadCase
{
    std::function<void()> action;   //!< the one bad action, run in the child
    std::vector<std::string> words; //!< what the message must say
};

/// How the child ended.
struct ChildEnd
{
    bool abnormal;    //!< killed by a signal or exited non-zero
    std::string err;  //!< its stderr
    std::string what; //!< how it ended, for messages
};

/**
 * Run an action in a child process and collect its stderr.
 * @param action the action
 * @return how the child ended
 */
ChildEnd
RunInChild(const std::function<void()>& action)
{
    ChildEnd end{false, "", "fork failed"};
    int fds[2];
    if (pipe(fds) != 0)
    {
        end.what = "pipe failed";
        return end;
    }
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    const pid_t pid = fork();
    if (pid < 0)
    {
        close(fds[0]);
        close(fds[1]);
        return end;
    }
    if (pid == 0)
    {
        // Child: stderr to the pipe, stdout nowhere, no core file, a time
        // limit; then the one bad action only.
        close(fds[0]);
        dup2(fds[1], STDERR_FILENO);
        close(fds[1]);
        const int null = open("/dev/null", O_WRONLY);
        if (null >= 0)
        {
            dup2(null, STDOUT_FILENO);
            close(null);
        }
        struct rlimit noCore = {0, 0};
        setrlimit(RLIMIT_CORE, &noCore);
        alarm(20);
        try
        {
            action();
        }
        catch (...)
        {
            _exit(3);
        }
        _exit(0);
    }
    close(fds[1]);
    char buf[4096];
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof(buf))) > 0)
    {
        end.err.append(buf, static_cast<std::size_t>(n));
    }
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (WIFSIGNALED(status))
    {
        end.abnormal = true;
        end.what = "killed by signal " + std::to_string(WTERMSIG(status));
    }
    else if (WIFEXITED(status))
    {
        end.abnormal = WEXITSTATUS(status) != 0;
        end.what = "exited with status " + std::to_string(WEXITSTATUS(status));
    }
    return end;
}

/**
 * Count the occurrences of a string.
 * @param text where
 * @param s what
 * @return how many times
 */
uint32_t
Count(const std::string& text, const std::string& s)
{
    uint32_t n = 0;
    for (auto p = text.find(s); p != std::string::npos; p = text.find(s, p + 1))
    {
        ++n;
    }
    return n;
}

/**
 * The message part of an ns-3 fatal error: what is between msg=" and the
 * next ", (NS_ABORT_MSG_IF also prints its condition, which must not count).
 * @param err the stderr of the child
 * @return the message, or "" if there is none
 */
std::string
FatalMessage(const std::string& err)
{
    const std::string open = "msg=\"";
    const auto b = err.find(open);
    if (b == std::string::npos)
    {
        return "";
    }
    const auto e = err.find("\", ", b + open.size());
    return err.substr(b + open.size(),
                      e == std::string::npos ? std::string::npos : e - b - open.size());
}

/// Host 0 - host 1.
struct TwoHosts
{
    NodeContainer nodes;    //!< the hosts
    Ptr<AtmNetDevice> dev0; //!< host 0's port

    TwoHosts()
    {
        nodes.Create(2);
        AtmHelper atm;
        NetDeviceContainer d = atm.Install(nodes.Get(0), nodes.Get(1));
        dev0 = DynamicCast<AtmNetDevice>(d.Get(0));
    }
};

/**
 * An IP PVC between two hosts with no IP version in common: both have a
 * stack, host 0's port an IPv4 address, host 1's port an IPv6 address or
 * none. The message names host 1's port, and host 0's as the one with
 * addresses.
 * @param ipv6AtHost1 whether host 1's port has an IPv6 address
 * @return the case
 */
BadCase
IpPvcWithoutCommonVersion(bool ipv6AtHost1)
{
    TwoHosts t;
    InternetStackHelper().Install(t.nodes);
    Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(NetDeviceContainer(t.dev0));
    Ptr<AtmNetDevice> dev1 = DynamicCast<AtmNetDevice>(t.nodes.Get(1)->GetDevice(0));
    if (ipv6AtHost1)
    {
        Ipv6AddressHelper("2001:db8::", Ipv6Prefix(64)).Assign(NetDeviceContainer(dev1));
    }
    return BadCase{[t]() {
                       AtmVcHelper vcHelper;
                       vcHelper.CreateIpPvc(t.nodes, "ip");
                   },
                   {"AtmVcHelper::CreateIpPvc",
                    "ip",
                    dev1->GetContext(),
                    "no IP address of a version",
                    "that " + t.dev0->GetContext() + " has",
                    "assign addresses"}};
}

/**
 * Host 0 - switch - host 1, the switch's queue discs from @p swHelper.
 * @param swHelper the switch helper
 * @return the nodes
 */
NodeContainer
OneSwitch(const AtmSwitchHelper& swHelper)
{
    NodeContainer nodes;
    nodes.Create(3);
    swHelper.Install(nodes.Get(1));
    AtmHelper atm;
    atm.Install(nodes.Get(0), nodes.Get(1));
    atm.Install(nodes.Get(1), nodes.Get(2));
    return nodes;
}

/**
 * "node N" for a node.
 * @param n the node
 * @return the words
 */
std::string
NodeWords(Ptr<Node> n)
{
    return "node " + std::to_string(n->GetId());
}

/**
 * Link credit alone (VcCredit false) on the link into the switch of
 * OneSwitch, checked when the switch's credit receiver initializes.
 * @param credit the rest of the flow control
 * @param words what the message must say besides the receiver and VcCredit
 * @return the bad case
 */
BadCase
LinkCreditAloneAtReceiver(AtmCreditHelper credit, const std::string& words)
{
    NodeContainer nodes = OneSwitch(AtmSwitchHelper());
    credit.SetVcCredit(false);
    Ptr<AtmNetDevice> receiver = DynamicCast<AtmNetDevice>(nodes.Get(1)->GetDevice(0));
    credit.Install(receiver);
    Ptr<AtmReceiveAccounting> accounting = receiver->GetReceiveAccounting();
    return BadCase{[accounting]() { accounting->Initialize(); },
                   {"AtmCreditReceiver", receiver->GetContext(), "VcCredit = false", words}};
}

} // namespace

/**
 * @ingroup atm-tests
 * One bad configuration: the child must die with exactly one fatal error
 * whose message holds every expected word.
 */
class AtmFatalErrorTestCase : public TestCase
{
  public:
    /**
     * @param name what is wrong
     * @param setup builds the valid part here and returns the bad action
     *        and the words its message must hold
     */
    AtmFatalErrorTestCase(std::string name, std::function<BadCase()> setup)
        : TestCase("Fatal error: " + name),
          m_setup(std::move(setup))
    {
    }

  private:
    void DoRun() override
    {
        const BadCase bad = m_setup();
        const ChildEnd end = RunInChild(bad.action);
        NS_TEST_EXPECT_MSG_EQ(end.abnormal,
                              true,
                              "the bad configuration was not stopped (" << end.what << ")");
        NS_TEST_EXPECT_MSG_EQ(Count(end.err, "msg=\""), 1, "one fatal error; stderr: " << end.err);
        const std::string msg = FatalMessage(end.err);
        for (const auto& w : bad.words)
        {
            NS_TEST_EXPECT_MSG_NE(msg.find(w),
                                  std::string::npos,
                                  "the message names '" << w << "': " << msg);
        }
        Simulator::Destroy();
    }

    std::function<BadCase()> m_setup; //!< the case
};

/**
 * @ingroup atm-tests
 * The command line of atm-scenario: each mistake gets one error naming the
 * option and the value, before anything is loaded or run.
 */
class AtmScenarioCommandLineTestCase : public TestCase
{
  public:
    AtmScenarioCommandLineTestCase()
        : TestCase("atm-scenario's command line: one error per mistake, before the run")
    {
    }

  private:
    /**
     * @brief Check one command line.
     * @param args the arguments after the program's name
     * @param words what the one error must say (empty: no error)
     */
    void Expect(std::vector<std::string> args, const std::vector<std::string>& words)
    {
        args.insert(args.begin(), "atm-scenario");
        std::vector<char*> argv;
        argv.reserve(args.size());
        for (std::string& a : args)
        {
            argv.push_back(a.data());
        }
        const int argc = static_cast<int>(argv.size());
        AtmScenarioCommandLine options;
        CommandLine cmd("atm-scenario");
        options.AddTo(cmd);
        std::vector<std::string> errors = AtmScenarioCommandLine::CheckArguments(argc, argv.data());
        if (errors.empty())
        {
            cmd.Parse(argc, argv.data());
            errors = options.Check();
        }
        const std::size_t expected = words.empty() ? 0 : 1;
        const std::string first = errors.empty() ? "" : errors.front();
        NS_TEST_EXPECT_MSG_EQ(errors.size(), expected, args[1] << ": " << first);
        for (const std::string& w : words)
        {
            NS_TEST_EXPECT_MSG_NE(first.find(w),
                                  std::string::npos,
                                  "the error names '" << w << "'");
        }
    }

    void DoRun() override
    {
        const std::string file = std::string(ATM_SOURCE_DIR) + "/examples/scenarios/gfc1.json";
        const std::string scenario = "--scenario=" + file;
        Expect({scenario}, {});
        Expect({scenario, "--seed=0", "--run=7", "--params=queue=fifo,buffer=500"}, {});
        Expect({"--scenario="}, {"atm-scenario: --scenario: no scenario file given"});
        Expect({"--quiet=1"}, {"--scenario: no scenario file given"});
        Expect({"--scenario=" + std::string(ATM_SOURCE_DIR)},
               {"--scenario = " + std::string(ATM_SOURCE_DIR), "a directory"});
        Expect({scenario, "--db=/nonexistent-atm-dir/results.db"},
               {"--db = /nonexistent-atm-dir/results.db", "no directory /nonexistent-atm-dir"});
        Expect({scenario, "--db=" + std::string(ATM_SOURCE_DIR)},
               {"--db = ", "a directory, not a database file"});
        Expect({scenario, "--seed=-1"}, {"--seed = -1", "not a seed", "4294967295"});
        Expect({scenario, "--seed=4294967296"}, {"--seed = 4294967296", "not a seed"});
        Expect({scenario, "--run=x"}, {"--run = x", "not a run number"});
        Expect({scenario, "--params=queue=fifo", "--params=buffer=500"},
               {"--params given twice ('--params=queue=fifo' and '--params=buffer=500')",
                "one --params=a=1,b=2"});
        Expect({scenario, "--params=queue"}, {"--params: 'queue': expected name=value"});
    }
};

/**
 * @ingroup atm-tests
 * The atm-errors test suite.
 */
class AtmErrorsTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmErrorsTestSuite()
        : IsolatedTestSuite("atm-errors", Type::UNIT)
    {
        AddTestCase(new AtmScenarioCommandLineTestCase);
        AddTestCase(new AtmFatalErrorTestCase("a VC through nodes that are not linked", []() {
            // host 0 - switch, but no link from the switch to host 1.
            NodeContainer nodes;
            nodes.Create(3);
            AtmSwitchHelper sw;
            sw.Install(nodes.Get(1));
            AtmHelper atm;
            atm.Install(nodes.Get(0), nodes.Get(1));
            const std::string words =
                "no ATM link from " + NodeWords(nodes.Get(1)) + " to " + NodeWords(nodes.Get(2));
            return BadCase{[nodes]() {
                               AtmVcHelper vcHelper;
                               vcHelper.Create(nodes, "lost");
                           },
                           {"AtmVcHelper", "lost", words}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a VPI and VCI already in use on a port", []() {
            TwoHosts t;
            AtmVcHelper first;
            first.Create(t.nodes, {Label(1, 100)});
            return BadCase{
                [t]() {
                    AtmVcHelper second;
                    second.Create(t.nodes, {Label(1, 100)});
                },
                {"AtmNetDevice", NodeWords(t.nodes.Get(0)), "VPI/VCI = 1/100", "already in use"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a UPC on a host port", []() {
            TwoHosts t;
            return BadCase{[t]() { t.dev0->SetUpc(CreateObject<AtmGcraUpc>()); },
                           {"AtmNetDevice",
                            NodeWords(t.nodes.Get(0)),
                            "Upc: only a switch port polices arriving cells"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a UPC set once the simulation runs", []() {
            NodeContainer nodes = OneSwitch(AtmSwitchHelper());
            Ptr<AtmNetDevice> port =
                DynamicCast<AtmNetDevice>(nodes.Get(1)->GetDevice(0)); // the switch's
            atmtest::Schedule(MicroSeconds(1),
                              [port]() { port->SetUpc(CreateObject<AtmGcraUpc>()); });
            return BadCase{[]() { Simulator::Run(); },
                           {"AtmNetDevice",
                            NodeWords(nodes.Get(1)),
                            "Upc is set before the simulation starts"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a queue disc replaced while it holds cells", []() {
            TwoHosts t;
            const uint32_t slot = t.dev0->AddTxVc(0, 100, nullptr);
            Ptr<AtmNetDevice> dev = t.dev0;
            // The first cell goes on the wire, the second waits in the queue.
            atmtest::Schedule(MicroSeconds(1), [dev, slot]() {
                dev->SendCell(slot, AtmCell());
                dev->SendCell(slot, AtmCell());
                dev->SetQueueDisc(CreateObject<AtmFifoQueueDisc>());
            });
            return BadCase{[]() { Simulator::Run(); },
                           {"AtmNetDevice",
                            NodeWords(t.nodes.Get(0)),
                            "QueueDisc cannot be replaced while it holds cells"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a queue disc with another port's VCs", []() {
            TwoHosts t;
            Ptr<AtmQueueDisc> used = CreateObject<AtmFifoQueueDisc>();
            used->AddVc(0, 1);
            used->AddVc(1, 1);
            return BadCase{[t, used]() { t.dev0->SetQueueDisc(used); },
                           {"AtmNetDevice",
                            NodeWords(t.nodes.Get(0)),
                            "QueueDisc already has 2 VCs of another port"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a dequeue callback for a missing slot", []() {
            TwoHosts t;
            t.dev0->AddTxVc(0, 100, nullptr);
            return BadCase{[t]() { t.dev0->SetTxVcDequeueCallback(3, Callback<void>()); },
                           {"AtmNetDevice",
                            NodeWords(t.nodes.Get(0)),
                            "transmit slot = 3",
                            "no such VC slot (the port has 1)"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a rank helper's link to a node not added", []() {
            return BadCase{[]() {
                               AtmRankHelper ranks;
                               ranks.AddNode();
                               ranks.AddLink(0, 3, MicroSeconds(100));
                           },
                           {"AtmRankHelper", "link 0 (0 - 3)", "node 3 was not added"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a zero DataRate on a device", []() {
            TwoHosts t;
            return BadCase{[t]() { t.dev0->SetAttribute("DataRate", DataRateValue(DataRate(0))); },
                           {"AtmNetDevice", NodeWords(t.nodes.Get(0)), "DataRate = 0bps"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a zero Rate on a CBR source", []() {
            TwoHosts t;
            AtmVcHelper vcHelper;
            Ptr<AtmVc> vc = vcHelper.Create(t.nodes);
            return BadCase{[vc]() {
                               AtmCellSourceHelper cbr("ns3::AtmCbrSource");
                               cbr.SetAttribute("Rate", DataRateValue(DataRate(0)));
                               cbr.Install(vc);
                           },
                           {"AtmCbrSource", "Rate = 0bps"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a VBR source with SCR above PCR", []() {
            TwoHosts t;
            AtmVcHelper vcHelper;
            Ptr<AtmVc> vc = vcHelper.Create(t.nodes);
            // Checked when the source starts.
            return BadCase{[vc]() {
                               AtmCellSourceHelper vbr("ns3::AtmVbrSource");
                               vbr.SetAttribute("Pcr", DoubleValue(1000));
                               vbr.SetAttribute("Scr", DoubleValue(2000));
                               vbr.Install(vc).Start(Seconds(0));
                               Simulator::Run();
                           },
                           {"AtmVbrSource", NodeWords(t.nodes.Get(0)), "Scr = 2000", "Pcr = 1000"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a trace source with a missing trace file", []() {
            TwoHosts t;
            AtmVcHelper vcHelper;
            Ptr<AtmVc> vc = vcHelper.Create(t.nodes);
            const std::string file = "/nonexistent/atm-video.txt";
            return BadCase{[vc, file]() {
                               AtmCellSourceHelper trace("ns3::AtmTraceSource");
                               trace.SetAttribute("TraceFile", StringValue(file));
                               trace.Install(vc);
                           },
                           {"AtmTraceSource", "TraceFile = " + file, "cannot be opened"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a VBR contract with SCR above PCR", []() {
            return BadCase{[]() {
                               AtmTrafficContract c;
                               c.category = AtmServiceCategory::RT_VBR;
                               c.pcr = 1000;
                               c.scr = 2000;
                               c.mbs = 10;
                               AtmVcHelper().SetContract(c);
                           },
                           {"AtmVcHelper", "rt-VBR contract", "Scr = 2000", "exceeds Pcr"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a CBR VC that does not fit its link (CAC)", []() {
            TwoHosts t;
            return BadCase{[t]() {
                               AtmTrafficContract c;
                               c.category = AtmServiceCategory::CBR;
                               c.pcr = 1e6; // OC-3c carries 353 208 cells/s
                               AtmVcHelper vcs;
                               vcs.SetContract(c);
                               vcs.Create(t.nodes, "big");
                           },
                           {"VC big (CBR)",
                            "refused by connection admission control",
                            NodeWords(t.nodes.Get(0)),
                            "committed 0 + 1000000 cells/s (CBR PCR)"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a contract the UPC cannot police", []() {
            NodeContainer nodes;
            nodes.Create(3);
            AtmSwitchHelper().Install(nodes.Get(1));
            AtmHelper atm;
            NetDeviceContainer in = atm.Install(nodes.Get(0), nodes.Get(1));
            atm.Install(nodes.Get(1), nodes.Get(2));
            DynamicCast<AtmNetDevice>(in.Get(1))->SetAttribute(
                "Upc",
                PointerValue(CreateObject<AtmGcraUpc>()));
            AtmTrafficContract c;
            c.category = AtmServiceCategory::CBR;
            c.pcr = 1000;
            AtmVcHelper vcs;
            vcs.SetContract(c);
            vcs.Create(nodes, "a");
            vcs.Create(nodes, "b");
            return BadCase{[]() { Simulator::Run(); },
                           {"usage parameter control of VC a (CBR)",
                            "Cdvt = +0us: below the cell time of the link",
                            "which 2 policed VCs share"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("HighThreshold above MaxCells", []() {
            AtmSwitchHelper sw;
            sw.SetQueueDisc("ns3::AtmFifoQueueDisc",
                            "MaxCells",
                            UintegerValue(1000),
                            "HighThreshold",
                            UintegerValue(2000));
            NodeContainer nodes = OneSwitch(sw);
            // Checked when the simulation starts.
            return BadCase{[]() { Simulator::Run(); },
                           {"AtmFifoQueueDisc",
                            NodeWords(nodes.Get(1)),
                            "HighThreshold = 2000",
                            "MaxCells = 1000"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("LowThreshold above HighThreshold", []() {
            AtmSwitchHelper sw;
            sw.SetQueueDisc("ns3::AtmFifoQueueDisc",
                            "MaxCells",
                            UintegerValue(1000),
                            "HighThreshold",
                            UintegerValue(100),
                            "LowThreshold",
                            UintegerValue(200));
            NodeContainer nodes = OneSwitch(sw);
            return BadCase{[]() { Simulator::Run(); },
                           {"AtmFifoQueueDisc",
                            NodeWords(nodes.Get(1)),
                            "LowThreshold = 200",
                            "HighThreshold = 100"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("VcLimit above MaxCells", []() {
            AtmSwitchHelper sw;
            sw.SetQueueDisc("ns3::AtmPerVcQueueDisc",
                            "MaxCells",
                            UintegerValue(100),
                            "BufferManagement",
                            StringValue("StaticPartition"),
                            "VcLimit",
                            UintegerValue(500));
            NodeContainer nodes = OneSwitch(sw);
            return BadCase{
                []() { Simulator::Run(); },
                {"AtmPerVcQueueDisc", NodeWords(nodes.Get(1)), "VcLimit = 500", "MaxCells = 100"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("EpdThreshold above MaxCells", []() {
            AtmSwitchHelper sw;
            sw.SetQueueDisc("ns3::AtmFifoQueueDisc",
                            "MaxCells",
                            UintegerValue(1000),
                            "EpdThreshold",
                            UintegerValue(1001));
            NodeContainer nodes = OneSwitch(sw);
            return BadCase{[]() { Simulator::Run(); },
                           {"AtmFifoQueueDisc",
                            NodeWords(nodes.Get(1)),
                            "EpdThreshold = 1001",
                            "MaxCells = 1000"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("an IP PVC to a host without an IP address",
                                              []() { return IpPvcWithoutCommonVersion(false); }));
        AddTestCase(new AtmFatalErrorTestCase("an IP PVC from an IPv4 host to an IPv6 host",
                                              []() { return IpPvcWithoutCommonVersion(true); }));

        AddTestCase(new AtmFatalErrorTestCase("an AAL5 endpoint on a switch port", []() {
            AtmSwitchHelper swHelper;
            NodeContainer nodes = OneSwitch(swHelper);
            Ptr<AtmNetDevice> port = DynamicCast<AtmNetDevice>(nodes.Get(1)->GetDevice(0));
            return BadCase{[port]() { port->SetAal5Endpoint(CreateObject<AtmAal5Endpoint>()); },
                           {"AtmNetDevice", port->GetContext(), "switch port", "AAL5"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a VC weight of zero", []() {
            return BadCase{[]() {
                               AtmVcHelper vcHelper;
                               vcHelper.SetWeight(0);
                           },
                           {"AtmVcHelper", "weight = 0"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a third device on one link", []() {
            TwoHosts t;
            return BadCase{[t]() {
                               Ptr<AtmNetDevice> third = CreateObject<AtmNetDevice>();
                               t.dev0->GetAtmChannel()->Attach(third);
                           },
                           {"AtmChannel", "third device", "two ports"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a link delay shortened with cells on it", []() {
            TwoHosts t;
            t.dev0->GetAtmChannel()->SetAttribute("Delay", TimeValue(MilliSeconds(1)));
            Ptr<AtmVc> vc = AtmVcHelper().Create(t.nodes);
            AtmCellSourceHelper("ns3::AtmGreedySource").Install(vc).Start(Seconds(0));
            Ptr<AtmChannel> channel = t.dev0->GetAtmChannel();
            atmtest::Schedule(MicroSeconds(100), [channel]() {
                channel->SetAttribute("Delay", TimeValue(MicroSeconds(10)));
            });
            Simulator::Stop(MilliSeconds(2));
            return BadCase{[]() { Simulator::Run(); }, {"AtmChannel", "Delay = +10", "overtake"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a VCI below 32", []() {
            TwoHosts t;
            return BadCase{[t]() {
                               AtmVcHelper vcHelper;
                               vcHelper.Create(t.nodes, {Label(0, 5)});
                           },
                           {"AtmNetDevice", NodeWords(t.nodes.Get(0)), "VCI = 5", "reserved"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a VPI above 255 on a UNI port", []() {
            TwoHosts t;
            return BadCase{[t]() {
                               AtmVcHelper vcHelper;
                               vcHelper.Create(t.nodes, {Label(300, 40)});
                           },
                           {"AtmNetDevice", NodeWords(t.nodes.Get(0)), "VPI = 300", "255", "UNI"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a switch port that does not exist", []() {
            AtmSwitchHelper swHelper;
            NodeContainer nodes = OneSwitch(swHelper);
            Ptr<AtmSwitch> sw = nodes.Get(1)->GetObject<AtmSwitch>();
            return BadCase{
                [sw]() { sw->AddVc(99, 0, 40, 0, 0, 41, nullptr); },
                {"AtmSwitch", NodeWords(nodes.Get(1)), "input port = 99", "no such port"}};
        }));

        AddTestCase(
            new AtmFatalErrorTestCase("an input buffer on a port that does not exist", []() {
                AtmSwitchHelper swHelper;
                swHelper.SetFabric("ns3::AtmInputBufferedFabric");
                NodeContainer nodes = OneSwitch(swHelper);
                Ptr<AtmInputBufferedFabric> f = DynamicCast<AtmInputBufferedFabric>(
                    nodes.Get(1)->GetObject<AtmSwitch>()->GetFabric());
                return BadCase{[f]() { f->SetBufferSize(99, 10); },
                               {"AtmInputBufferedFabric",
                                NodeWords(nodes.Get(1)),
                                "port = 99",
                                "no such port"}};
            }));

        AddTestCase(new AtmFatalErrorTestCase("an input buffer of zero cells", []() {
            AtmSwitchHelper swHelper;
            swHelper.SetFabric("ns3::AtmInputBufferedFabric");
            NodeContainer nodes = OneSwitch(swHelper);
            Ptr<AtmInputBufferedFabric> f = DynamicCast<AtmInputBufferedFabric>(
                nodes.Get(1)->GetObject<AtmSwitch>()->GetFabric());
            return BadCase{[f]() { f->SetBufferSize(1, 0); },
                           {"AtmInputBufferedFabric", NodeWords(nodes.Get(1)), "BufferSize = 0"}};
        }));

        // Attributes of a plug-in that disagree, checked when its owner
        // initializes (AtmPortBehaviour, AtmBufferAllocation and
        // AtmHubFlowControl GetConfigError()).
        AddTestCase(new AtmFatalErrorTestCase(
            "a VC-counting DrainedThreshold above its "
            "QueueThreshold",
            []() {
                NodeContainer nodes = OneSwitch(AtmSwitchHelper());
                Ptr<AtmNetDevice> port = DynamicCast<AtmNetDevice>(nodes.Get(1)->GetDevice(1));
                port->SetPortBehaviour(
                    CreateObjectWithAttributes<AtmVcCountingEr>("QueueThreshold",
                                                                UintegerValue(10),
                                                                "DrainedThreshold",
                                                                UintegerValue(12)));
                return BadCase{[port]() { port->Initialize(); },
                               {"AtmNetDevice",
                                port->GetContext(),
                                "PortBehaviour ns3::AtmVcCountingEr",
                                "DrainedThreshold = 12",
                                "exceeds QueueThreshold = 10"}};
            }));

        AddTestCase(new AtmFatalErrorTestCase("an ERICA measurement interval of zero", []() {
            NodeContainer nodes = OneSwitch(AtmSwitchHelper());
            Ptr<AtmNetDevice> port = DynamicCast<AtmNetDevice>(nodes.Get(1)->GetDevice(1));
            port->Initialize();
            Ptr<AtmErica> erica =
                CreateObjectWithAttributes<AtmErica>("Interval", TimeValue(Seconds(0)));
            return BadCase{[port, erica]() { port->SetPortBehaviour(erica); },
                           {"AtmNetDevice",
                            port->GetContext(),
                            "PortBehaviour ns3::AtmErica",
                            "Interval = +0",
                            "must be positive"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a ZQFC LowThreshold above its HighThreshold", []() {
            NodeContainer nodes = OneSwitch(AtmSwitchHelper());
            AtmCreditHelper credit;
            credit.SetAllocation("ns3::AtmZqfcAllocation",
                                 "LowThreshold",
                                 UintegerValue(30),
                                 "HighThreshold",
                                 UintegerValue(20));
            credit.SetLinkBufferSize(300);
            Ptr<AtmNetDevice> receiver = DynamicCast<AtmNetDevice>(nodes.Get(1)->GetDevice(0));
            credit.Install(receiver);
            return BadCase{[receiver]() { receiver->Initialize(); },
                           {"AtmCreditReceiver",
                            receiver->GetContext(),
                            "Allocation ns3::AtmZqfcAllocation",
                            "LowThreshold = 30",
                            "exceeds HighThreshold = 20"}};
        }));

        // The max-min oracle's inputs (the experiments' reference rates).
        AddTestCase(new AtmFatalErrorTestCase("a max-min oracle link of zero capacity", []() {
            return BadCase{[]() { AtmMaxMinOracle().AddLink(0); },
                           {"AtmMaxMinOracle", "link 0", "capacity = 0", "must be positive"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a max-min oracle flow over a missing link", []() {
            return BadCase{[]() {
                               AtmMaxMinOracle o;
                               o.AddLink(10);
                               o.AddFlow({0, 1});
                           },
                           {"AtmMaxMinOracle", "flow 0", "link = 1", "no such link"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a max-min oracle minimum above its limit", []() {
            return BadCase{[]() {
                               AtmMaxMinOracle o;
                               o.AddLink(10);
                               o.AddFlow({0}, 2.0, 3.0);
                           },
                           {"AtmMaxMinOracle", "flow 0", "minimum = 3", "limit = 2"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("max-min oracle minimums above a capacity", []() {
            return BadCase{[]() {
                               AtmMaxMinOracle o;
                               o.AddLink(20);
                               o.AddLink(10);
                               o.AddFlow({0, 1}, 100, 4.0);
                               o.AddFlow({1}, 100, 8.0);
                               o.Solve();
                           },
                           {"AtmMaxMinOracle", "link 1", "add up to 12", "capacity = 10"}};
        }));

        // Link credit alone (VcCredit false), checked when each end initializes.
        AddTestCase(new AtmFatalErrorTestCase("link credit alone without a link buffer", []() {
            return LinkCreditAloneAtReceiver(AtmCreditHelper(), "LinkBufferSize = 0");
        }));

        AddTestCase(new AtmFatalErrorTestCase("ZQFC with link credit alone", []() {
            AtmCreditHelper zqfc;
            zqfc.SetAllocation("ns3::AtmZqfcAllocation");
            zqfc.SetLinkBufferSize(300);
            return LinkCreditAloneAtReceiver(zqfc, "Allocation = ns3::AtmZqfcAllocation");
        }));

        AddTestCase(new AtmFatalErrorTestCase("credit ends that disagree on VcCredit", []() {
            NodeContainer nodes = OneSwitch(AtmSwitchHelper());
            AtmCreditHelper credit;
            credit.SetLinkBufferSize(300);
            credit.SetSenderAttribute("VcCredit", BooleanValue(false));
            Ptr<AtmNetDevice> sender = DynamicCast<AtmNetDevice>(nodes.Get(0)->GetDevice(0));
            credit.Install(sender);
            Ptr<AtmTransmitGate> gate = sender->GetTransmitGate();
            return BadCase{
                [gate]() { gate->Initialize(); },
                {"AtmCreditSender",
                 sender->GetContext(),
                 "VcCredit = false",
                 "the receiver's (" + sender->GetPeer()->GetContext() + ") VcCredit = true"}};
        }));

        AddTestCase(
            new AtmFatalErrorTestCase("a hub HighThreshold not below the receive BIC", []() {
                Ptr<AtmBusHub> hub = CreateObjectWithAttributes<AtmBusHub>(
                    "BicSize",
                    UintegerValue(12),
                    "FlowControl",
                    StringValue("ns3::AtmHubPhysicalFlowControl"));
                return BadCase{[hub]() { hub->Start(); },
                               {"AtmBusHub",
                                "FlowControl ns3::AtmHubPhysicalFlowControl",
                                "HighThreshold = 10",
                                "RB = 10"}};
            }));

        AddTestCase(new AtmFatalErrorTestCase("a hub LowThreshold above its HighThreshold", []() {
            Ptr<AtmBusHub> hub = CreateObject<AtmBusHub>();
            hub->SetFlowControl(
                CreateObjectWithAttributes<AtmHubLogicalFlowControl>("LowThreshold",
                                                                     UintegerValue(8),
                                                                     "HighThreshold",
                                                                     UintegerValue(6)));
            return BadCase{[hub]() { hub->Start(); },
                           {"AtmBusHub",
                            "FlowControl ns3::AtmHubLogicalFlowControl",
                            "LowThreshold = 8",
                            "is above HighThreshold = 6"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("a hub TopThreshold below its HighThreshold", []() {
            Ptr<AtmBusHub> hub = CreateObject<AtmBusHub>();
            hub->SetFlowControl(
                CreateObjectWithAttributes<AtmHubHybridFlowControl>("HighThreshold",
                                                                    UintegerValue(10),
                                                                    "TopThreshold",
                                                                    UintegerValue(8)));
            return BadCase{[hub]() { hub->Start(); },
                           {"AtmBusHub",
                            "FlowControl ns3::AtmHubHybridFlowControl",
                            "TopThreshold = 8",
                            "is not in [HighThreshold = 10, RB ="}};
        }));

        // ABR source parameters, checked when the connection starts.
        struct AbrCase
        {
            const char* name;  //!< what is wrong
            const char* field; //!< the attribute set
            double value;      //!< its bad value
            const char* words; //!< what the message says about it
        };

        const AbrCase abr[] = {
            {"an ABR source with MCR above PCR", "Mcr", 400000, "exceeds Pcr"},
            {"an ABR source with ICR above PCR", "Icr", 400000, "exceeds Pcr"},
            {"an ABR source with a zero PCR", "Pcr", 0, "must be positive"},
            {"an ABR source with RDF divisor below Nrm", "RdfDivisor", 16, "is below Nrm"}};
        for (const AbrCase& c : abr)
        {
            AddTestCase(new AtmFatalErrorTestCase(c.name, [c]() {
                Ptr<AtmAbrSource> s = CreateObject<AtmAbrSource>();
                s->SetAttribute("Pcr", DoubleValue(353207));
                if (std::string(c.field) == "RdfDivisor")
                {
                    s->SetAttribute("Parameterization", StringValue("NrmRdf"));
                }
                s->SetAttribute(c.field, DoubleValue(c.value));
                return BadCase{[s]() { s->Start(Seconds(0), "node 0 VC 0/42"); },
                               {"AtmAbrSource", "node 0 VC 0/42", c.field, c.words}};
            }));
        }

        AddTestCase(new AtmFatalErrorTestCase("an ABR source set up with MCR above PCR", []() {
            NodeContainer nodes = OneSwitch(AtmSwitchHelper());
            return BadCase{[nodes]() {
                               AtmAbrHelper abr;
                               abr.SetSourceAttribute("Pcr", DoubleValue(1000));
                               abr.SetSourceAttribute("Mcr", DoubleValue(2000));
                               abr.Create(nodes, "c");
                           },
                           {"AtmAbrSource", NodeWords(nodes.Get(0)), "VC 0/32", "Mcr = 2000"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("ABR on a host port with credit flow control", []() {
            NodeContainer nodes = OneSwitch(AtmSwitchHelper());
            AtmVcHelper vcHelper;
            Ptr<AtmVc> vc = vcHelper.Create(nodes, "credit");
            AtmCreditHelper().Install(vc);
            return BadCase{
                [nodes]() { AtmAbrHelper().Create(nodes, "abr"); },
                {"AtmAbrHelper", NodeWords(nodes.Get(0)), "TransmitGate = ns3::AtmCreditSender"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("an ABR connection of two unrelated VCs", []() {
            NodeContainer nodes = OneSwitch(AtmSwitchHelper());
            AtmVcHelper vcHelper;
            Ptr<AtmVc> a = vcHelper.Create(nodes, "a");
            Ptr<AtmVc> b = vcHelper.Create(nodes, "b");
            return BadCase{[a, b]() { AtmAbrHelper().Install(a, b); },
                           {"AtmAbrHelper", "a", "b", "reverse"}};
        }));

        // A misspelled TypeId, or one of the wrong kind, in each helper that
        // takes one: checked when the helper is told, not when it creates.
        struct TypeCase
        {
            const char* where;                       //!< the helper's method
            const char* type;                        //!< the bad name
            const char* words;                       //!< what is wrong with it
            const char* fit;                         //!< a type the message lists
            std::function<void(const char*)> action; //!< tells the helper
        };

        const TypeCase types[] = {
            {"AtmCellSourceHelper",
             "ns3::AtmCbrSorce",
             "no such TypeId",
             "ns3::AtmCbrSource",
             [](const char* t) { AtmCellSourceHelper{t}; }},
            {"AtmSwitchHelper::SetQueueDisc",
             "ns3::AtmFifoQueue",
             "no such TypeId",
             "ns3::AtmFifoQueueDisc",
             [](const char* t) { AtmSwitchHelper().SetQueueDisc(t); }},
            {"AtmSwitchHelper::SetQueueDisc",
             "ns3::AtmErica",
             "not a ns3::AtmQueueDisc",
             "ns3::AtmPerVcQueueDisc",
             [](const char* t) { AtmSwitchHelper().SetQueueDisc(t); }},
            {"AtmSwitchHelper::SetFabric",
             "ns3::AtmBusHubb",
             "no such TypeId",
             "ns3::AtmBusHub",
             [](const char* t) { AtmSwitchHelper().SetFabric(t); }},
            {"AtmAbrHelper::SetPortBehaviour",
             "ns3::Erica",
             "no such TypeId",
             "ns3::AtmErica",
             [](const char* t) { AtmAbrHelper().SetPortBehaviour(t); }},
            {"AtmCreditHelper::SetAllocation",
             "ns3::AtmStaticAlloc",
             "no such TypeId",
             "ns3::AtmAdaptiveAllocation",
             [](const char* t) { AtmCreditHelper().SetAllocation(t); }},
            {"AtmHelper::SetQueueDisc",
             "ns3::AtmCbrSource",
             "not a ns3::AtmQueueDisc",
             "ns3::AtmFifoQueueDisc",
             [](const char* t) { AtmHelper().SetQueueDisc(t); }},
        };
        for (const TypeCase& c : types)
        {
            AddTestCase(new AtmFatalErrorTestCase(
                std::string(c.where) + " told " + c.type + " (" + c.words + ")",
                [c]() {
                    return BadCase{
                        [c]() { c.action(c.type); },
                        {c.where, std::string("type = ") + c.type + ": ", c.words, c.fit}};
                }));
        }

        AddTestCase(new AtmFatalErrorTestCase("a max-min oracle weight of zero", []() {
            return BadCase{[]() {
                               AtmMaxMinOracle o(AtmMaxMinOracle::WEIGHTED);
                               o.AddLink(10);
                               o.AddFlow({0}, 5.0, 1.0, 0.0);
                           },
                           {"AtmMaxMinOracle", "flow 0", "weight = 0", "must be positive"}};
        }));

        AddTestCase(
            new AtmFatalErrorTestCase("port behaviours for a switch with no port yet", []() {
                NodeContainer sw;
                sw.Create(1);
                AtmSwitchHelper().Install(sw);
                return BadCase{
                    [sw]() { AtmAbrHelper().InstallPortBehaviour(sw); },
                    {"AtmAbrHelper::InstallPortBehaviour", NodeWords(sw.Get(0)), "no port"}};
            }));

        AddTestCase(new AtmFatalErrorTestCase("a second IP PVC between the same two hosts", []() {
            NodeContainer nodes = OneSwitch(AtmSwitchHelper());
            NodeContainer hosts(nodes.Get(0), nodes.Get(2));
            InternetStackHelper().Install(hosts);
            NetDeviceContainer ports(nodes.Get(0)->GetDevice(0), nodes.Get(2)->GetDevice(0));
            Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(ports);
            AtmVcHelper vcHelper;
            vcHelper.CreateIpPvc(nodes, "first");
            const std::string host = DynamicCast<AtmNetDevice>(ports.Get(0))->GetContext();
            return BadCase{[nodes]() {
                               AtmVcHelper second;
                               second.CreateIpPvc(nodes, "second");
                           },
                           {"AtmVcHelper::CreateIpPvc", "second", host, "already (first>)"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("credit on a host port that has ABR", []() {
            NodeContainer nodes = OneSwitch(AtmSwitchHelper());
            Ptr<AtmVc> vc = AtmAbrHelper().Create(nodes, "abr").first;
            return BadCase{
                [vc]() { AtmCreditHelper().Install(vc); },
                {"AtmCreditHelper", NodeWords(nodes.Get(0)), "TransmitGate = ns3::AtmAbrGate"}};
        }));

        AddTestCase(new AtmFatalErrorTestCase("AtmCellScheduler over a non-Scheduler", []() {
            return BadCase{
                []() {
                    ObjectFactory f("ns3::AtmCellScheduler");
                    f.Set("OtherEvents", TypeIdValue(AtmSwitch::GetTypeId()));
                    f.Create<Scheduler>();
                },
                {"AtmCellScheduler", "OtherEvents = ns3::AtmSwitch", "not another Scheduler"}};
        }));
    }
};

static AtmErrorsTestSuite g_atmErrorsTestSuite; //!< the suite
