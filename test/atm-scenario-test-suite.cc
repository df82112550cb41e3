/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of scenario files: every kind of error AtmScenario reports (each
// message names the file, the JSON path and the problem, and loading builds
// nothing), a valid scenario built and run by AtmScenarioHelper (measured
// rates at the oracle's, the same seed and run giving identical per-VC
// results), the results stored by AtmResultsWriter, and link flow control
// (QFC, ZQFC) set up from a scenario file.

#include "atm-test-lambda.h"
#include "atm-test-suite.h"

#include "ns3/atm-abr-gate.h"
#include "ns3/atm-abr-helper.h"
#include "ns3/atm-abr-source.h"
#include "ns3/atm-bus-hub.h"
#include "ns3/atm-config.h"
#include "ns3/atm-credit-receiver.h"
#include "ns3/atm-credit-sender.h"
#include "ns3/atm-hub-flow-control.h"
#include "ns3/atm-input-buffered-fabric.h"
#include "ns3/atm-link-fifo-fabric.h"
#include "ns3/atm-net-device.h"
#include "ns3/atm-port-behaviour.h"
#include "ns3/atm-queue-disc.h"
#include "ns3/atm-results-writer.h"
#include "ns3/atm-scenario-helper.h"
#include "ns3/atm-scenario.h"
#include "ns3/atm-switch-fabric.h"
#include "ns3/atm-switch.h"
#include "ns3/atm-tcp-reno-socket-factory.h"
#include "ns3/atm-vc.h"
#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/node-list.h"
#include "ns3/pointer.h"
#include "ns3/queue-disc.h"
#include "ns3/simulator.h"
#include "ns3/sqlite-output.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <deque>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

using namespace ns3;

namespace
{

/// A valid scenario: two switches, a 5 Mb/s trunk, a greedy and a 1 Mb/s CBR VC.
const std::string BASE = R"({
  "name": "two-switch",
  "seed": 1,
  "run": 1,
  "parameters": {"buffer": 100, "queue": "pervc"},
  "hosts": ["h1", "h2", "h3"],
  "switches": ["S1", "S2"],
  "linkDefaults": {"rate": "10Mbps", "sonet": false, "delay": "1us"},
  "links": [
    {"from": "h1", "to": "S1"},
    {"from": "h3", "to": "S1"},
    {"from": "S1", "to": "S2", "rate": "5Mbps", "buffer": "${buffer}",
     "queue": {"type": "${queue}", "attributes": {"BufferManagement": "StaticPartition"}}},
    {"from": "S2", "to": "h2"}
  ],
  "vcs": [
    {"name": "a", "group": "G", "path": ["h1", "S1", "S2", "h2"],
     "traffic": {"type": "greedy"}, "startJitter": "10us"},
    {"name": "b", "path": ["h3", "S1", "S2", "h2"],
     "traffic": {"type": "cbr", "attributes": {"Rate": "1Mbps"}}}
  ],
  "measurement": {"start": "0.01s", "stop": "0.06s"},
  "timeSeries": {"interval": "1ms", "queue": ["S1-S2"]}
})";

/**
 * A valid hub study (Chong et al.): a bus hub of 4 boards with physical
 * flow control; boards 0 and 1 send two 100 Mb/s streams each to their own
 * addresses on board 3 (drain 200 Mb/s: max-min 50 Mb/s each), board 2 a
 * silent stream there and a Poisson stream to every board's address.
 */
const std::string HUB = R"({
  "name": "hub",
  "seed": 1,
  "run": 1,
  "parameters": {"fc": "physical"},
  "hosts": [], "links": [],
  "switches": [{"name": "H", "fabric": {"type": "bus-hub", "attributes": {"DrainRate": "200Mbps"}}}],
  "vcs": [],
  "hub": {"switch": "H", "boards": 4, "addressesPerBoard": 1,
    "flowControl": {"type": "${fc}", "attributes": {"HighThreshold": 10}},
    "streams": [
      {"name": "a", "group": "G1", "boards": [0, 1], "perBoard": 2, "rate": "400Mbps", "to": {"board": 3}},
      {"name": "q", "group": "G2", "board": 2, "rate": "0Mbps", "to": {"board": 3}},
      {"name": "u", "board": 2, "rate": "40Mbps", "arrivals": "Poisson", "to": "all"}]},
  "measurement": {"start": "0.5ms", "stop": "3ms"}
})";

/**
 * BASE on input-buffered switches: S1's input buffers hold 100 cells with
 * EPD at 40, S2's the fabric's defaults (300, EPD off), and S2's input
 * buffer on the trunk 300 cells (inputBuffer at the link's "to" end).
 */
const std::string INPUT = [] {
    std::string s = BASE;
    for (const auto& [find, replace] :
         {std::make_pair(std::string(R"("switches": ["S1", "S2"])"), std::string(R"("switches": [
    {"name": "S1", "fabric": {"type": "ns3::AtmInputBufferedFabric",
                              "attributes": {"BufferSize": 100, "EpdThreshold": 40}}},
    {"name": "S2", "fabric": {"type": "ns3::AtmInputBufferedFabric"}}])")),
          std::make_pair(std::string(R"("buffer": "${buffer}",)"),
                         std::string(R"("buffer": "${buffer}", "inputBuffer": {"to": 300},)"))})
    {
        s.replace(s.find(find), find.size(), replace);
    }
    return s;
}();

/// One bad scenario: a base with one text replaced, and the error expected.
struct BadScenario
{
    std::string find;                //!< text of the base to replace
    std::string replace;             //!< by this
    std::string path;                //!< JSON path the message must name
    std::string problem;             //!< what the message must say
    const std::string* base = &BASE; //!< the valid scenario it starts from
};

/// A tcp VC of 300 000 octets from h1 to h2 through S1, whose 5 Mb/s exit
/// gives the VC 60 cells (a partition that overflows without credit);
/// flow control on every link: the parameter fc.
const std::string TCP = R"({
  "name": "tcp", "parameters": {"fc": "credit"},
  "hosts": ["h1", "h2"], "switches": ["S1"],
  "linkDefaults": {"rate": "10Mbps", "sonet": false, "delay": "10us",
                   "flowControl": {"type": "${fc}"}},
  "links": [
    {"from": "h1", "to": "S1"},
    {"from": "S1", "to": "h2", "rate": "5Mbps",
     "queue": {"type": "pervc", "attributes": {"BufferManagement": "StaticPartition",
                                                "VcLimit": 60, "MaxCells": 200}}}
  ],
  "vcs": [{"name": "t", "path": ["h1", "S1", "h2"],
           "traffic": {"type": "tcp", "mss": 1460, "window": 16384, "bytes": 300000}}],
  "measurement": {"start": "0s", "stop": "10s"},
  "timeSeries": {"interval": "10ms", "credit": ["t"]}
})";

} // namespace

/**
 * @ingroup atm-tests
 * Each bad input gives a first message "file: path: problem" (an unknown
 * node may bring more: the VCs through it), and loading builds nothing.
 */
class AtmScenarioErrorsTestCase : public TestCase
{
  public:
    AtmScenarioErrorsTestCase()
        : TestCase("every scenario error names the file, the JSON path and the problem")
    {
    }

  private:
    void DoRun() override
    {
        // The hub's whole streams array.
        const std::size_t from = HUB.find(R"("streams": [)");
        const std::string streams = HUB.substr(from, HUB.find(R"("to": "all"}])") + 13 - from);
        // The trunk's queue, type and attributes.
        const std::string trunkQueue =
            R"("type": "${queue}", "attributes": {"BufferManagement": "StaticPartition"})";
        const std::vector<BadScenario> cases = {
            {"\"seed\": 1,", "\"seed\": 1,,", "(top level)", "not valid JSON at line 3, column 13"},
            {"\"name\": \"two-switch\",", "", "(top level)", "missing field 'name'"},
            {"\"seed\": 1", "\"seed\": \"one\"", "seed", "must be an integer, not a string"},
            {"\"seed\": 1", "\"seed\": 0", "seed", "out of range [1, 4294967295]"},
            {"\"run\": 1,", "\"run\": 1, \"colour\": 2,", "colour", "unknown field"},
            {"\"hosts\": [\"h1\", \"h2\", \"h3\"]",
             "\"hosts\": [\"h1\", \"h2\", \"h3\", \"h3\"]",
             "hosts[3]",
             "duplicate node name 'h3'"},
            {"{\"from\": \"h1\", \"to\": \"S1\"}",
             "{\"from\": \"hx\", \"to\": \"S1\"}",
             "links[0].from",
             "unknown node 'hx'"},
            {"{\"from\": \"h1\", \"to\": \"S1\"}",
             "{\"to\": \"S1\"}",
             "links[0]",
             "missing field 'from'"},
            {"\"rate\": \"5Mbps\"", "\"rate\": \"fast\"", "links[2].rate", "not a data rate"},
            {"\"rate\": \"5Mbps\"", "\"rate\": 0", "links[2].rate", "must be positive"},
            {"\"delay\": \"1us\"",
             "\"delay\": \"-1us\"",
             "linkDefaults.delay",
             "must not be negative"},
            {"\"delay\": \"1us\"", "\"delay\": \"1 parsec\"", "linkDefaults.delay", "not a time"},
            {"\"sonet\": false",
             "\"sonet\": \"no\"",
             "linkDefaults.sonet",
             "must be true or false"},
            {"\"buffer\": 100", "\"buffer\": 0", "links[2].buffer", "out of range [1, "},
            {"\"BufferManagement\": \"StaticPartition\"",
             "\"Colour\": 1",
             "links[2].queue.attributes.Colour",
             "unknown attribute 'Colour' of ns3::AtmPerVcQueueDisc"},
            {"\"BufferManagement\": \"StaticPartition\"",
             "\"BufferManagement\": \"Random\"",
             "links[2].queue.attributes.BufferManagement",
             "not a valid value (expected one of: Shared,StaticPartition,PushOut)"},
            {"\"BufferManagement\": \"StaticPartition\"",
             "\"VcLimit\": -3",
             "links[2].queue.attributes.VcLimit",
             "not a valid value of type ns3::UintegerValue"},
            {"\"BufferManagement\": \"StaticPartition\"",
             "\"VcLimit\": 5000000000",
             "links[2].queue.attributes.VcLimit",
             "out of range for ns3::AtmPerVcQueueDisc::VcLimit"},
            {"\"BufferManagement\": \"StaticPartition\"",
             "\"VcLimit\": \"12 cells\"",
             "links[2].queue.attributes.VcLimit",
             "not a valid value"},
            {"\"rate\": \"5Mbps\"", "\"rate\": \"5 Mbps\"", "links[2].rate", "not a data rate"},
            {"\"queue\": \"pervc\"",
             "\"queue\": \"lifo\"",
             "links[2].queue.type",
             "unknown queue type 'lifo'"},
            {"\"queue\": \"pervc\"",
             "\"queue\": \"ns3::AtmGreedySource\"",
             "links[2].queue.type",
             "unknown queue type 'ns3::AtmGreedySource'"},
            {"\"hosts\": [\"h1\", \"h2\", \"h3\"]",
             "\"hosts\": [\"h1\", \"h2\", \"h3\"], "
             "\"ipQueueDisc\": {\"type\": \"ns3::AtmFifoQueueDisc\"}",
             "ipQueueDisc.type",
             "unknown ipQueueDisc type 'ns3::AtmFifoQueueDisc' (expected one of: none, fq-codel, "
             "fifo, pfifo-fast, or the TypeId of a ns3::QueueDisc subclass)"},
            {"\"hosts\": [\"h1\", \"h2\", \"h3\"]",
             "\"hosts\": [\"h1\", \"h2\", \"h3\"], "
             "\"ipQueueDisc\": {\"type\": \"fifo\", \"attributes\": {\"MaxSize\": 5}}",
             "ipQueueDisc.attributes.MaxSize",
             "= 5: not a valid value of type"},
            {"\"buffer\": \"${buffer}\",",
             "\"buffer\": \"${buffer}\", \"flowControl\": {\"type\": \"link-credit\"},",
             "links[2].flowControl",
             "missing field 'linkBuffer'"},
            {"\"buffer\": \"${buffer}\",",
             "\"buffer\": \"${buffer}\", \"flowControl\": {\"type\": \"link-credit\", "
             "\"linkBuffer\": 80, \"attributes\": {\"BufAlloc\": 80}},",
             "links[2].flowControl.attributes",
             "'link-credit' has no attributes"},
            {"\"buffer\": \"${buffer}\",",
             "\"buffer\": \"${buffer}\", \"flowControl\": {\"type\": \"link-credit\", "
             "\"linkBuffer\": 80, \"sender\": {\"VcCredit\": true}},",
             "links[2].flowControl.sender.VcCredit",
             "set from the flowControl type, its attributes and linkBuffer, not here"},
            {"\"buffer\": \"${buffer}\",",
             "\"buffer\": \"${buffer}\", \"flowControl\": {\"type\": \"zqfc\"},",
             "links[2].flowControl",
             "missing field 'linkBuffer'"},
            {"\"buffer\": \"${buffer}\",",
             "\"buffer\": \"${buffer}\", \"flowControl\": {\"type\": \"qfc\", "
             "\"linkBuffer\": 0},",
             "links[2].flowControl.linkBuffer",
             "out of range [1, 4294967295]"},
            {"\"buffer\": \"${buffer}\",",
             "\"buffer\": \"${buffer}\", \"flowControl\": {\"type\": \"none\", "
             "\"linkBuffer\": 80},",
             "links[2].flowControl.linkBuffer",
             "'none' has no link buffer"},
            {"\"buffer\": \"${buffer}\",",
             "\"buffer\": \"${buffer}\", \"flowControl\": {\"type\": \"none\", "
             "\"sender\": {}},",
             "links[2].flowControl.sender",
             "'none' has no credit sender"},
            {"\"buffer\": \"${buffer}\",",
             "\"buffer\": \"${buffer}\", \"flowControl\": {\"type\": \"zqfc\", "
             "\"linkBuffer\": 80, \"receiver\": {\"Colour\": 1}},",
             "links[2].flowControl.receiver.Colour",
             "unknown attribute 'Colour' of ns3::AtmCreditReceiver"},
            {"\"buffer\": \"${buffer}\",",
             "\"buffer\": \"${buffer}\", \"flowControl\": {\"type\": \"qfc\", "
             "\"linkBuffer\": 80, \"receiver\": {\"LinkBufferSize\": 5}},",
             "links[2].flowControl.receiver.LinkBufferSize",
             "set from the flowControl type, its attributes and linkBuffer, not here"},
            {"\"buffer\": \"${buffer}\",",
             "\"buffer\": \"${buffer}\", \"flowControl\": {\"type\": \"zqfc\", "
             "\"linkBuffer\": 80, \"attributes\": {\"IncreaseFactor\": \"fast\"}},",
             "links[2].flowControl.attributes.IncreaseFactor",
             "not a valid value"},
            {"\"buffer\": \"${buffer}\",",
             "\"buffer\": \"${buffer}\", \"flowControl\": {\"type\": \"credit\", "
             "\"attributes\": {\"Colour\": 1}},",
             "links[2].flowControl.attributes.Colour",
             "unknown attribute 'Colour' of ns3::AtmStaticAllocation"},
            {"\"switches\": [\"S1\", \"S2\"]",
             "\"switches\": [{\"name\": \"S1\", \"fabric\": {\"type\": \"crossbar\"}}, \"S2\"]",
             "switches[0].fabric.type",
             "unknown fabric type 'crossbar' (expected one of: output, bus-hub, or the TypeId"},
            {"\"switches\": [\"S1\", \"S2\"]",
             "\"switches\": [{\"name\": \"S1\", \"fabric\": {\"type\": \"bus-hub\", "
             "\"attributes\": {\"Colour\": 1}}}, \"S2\"]",
             "switches[0].fabric.attributes.Colour",
             "unknown attribute 'Colour' of ns3::AtmBusHub"},
            {"\"switches\": [\"S1\", \"S2\"]",
             "\"switches\": [{\"fabric\": {\"type\": \"bus-hub\"}}, \"S2\"]",
             "switches[0]",
             "missing field 'name'"},
            // Attributes that disagree with each other, before anything runs.
            {"\"BufferManagement\": \"StaticPartition\"",
             "\"EpdThreshold\": 150",
             "links[2]",
             "queue ns3::AtmPerVcQueueDisc: EpdThreshold = 150: exceeds MaxCells = 100"},
            {"\"BufferManagement\": \"StaticPartition\"",
             "\"VcLimit\": 101",
             "links[2]",
             "queue ns3::AtmPerVcQueueDisc: VcLimit = 101: exceeds MaxCells = 100"},
            {"\"BufferManagement\": \"StaticPartition\"",
             "\"ClpThreshold\": 101",
             "links[2]",
             "queue ns3::AtmPerVcQueueDisc: ClpThreshold = 101: exceeds MaxCells = 100"},
            // The priority discipline: its weights, and a class's discipline
            // by type name with attributes.
            {trunkQueue,
             "\"type\": \"priority\", \"attributes\": {\"ClassWeights\": \"1,0,1,1,1,1\"}",
             "links[2]",
             "queue ns3::AtmPriorityQueueDisc: ClassWeights = \"1,0,1,1,1,1\": the weight of "
             "rt-VBR is 0"},
            {trunkQueue,
             "\"type\": \"priority\", \"attributes\": {\"UbrClass\": \"ns3::AtmNoSuchDisc\"}",
             "links[2].queue.attributes.UbrClass",
             "unknown TypeId 'ns3::AtmNoSuchDisc'"},
            {trunkQueue,
             "\"type\": \"priority\", \"attributes\": {\"UbrClass\": "
             "\"ns3::AtmFifoQueueDisc[Colour=1]\"}",
             "links[2].queue.attributes.UbrClass",
             "unknown attribute 'Colour' of ns3::AtmFifoQueueDisc"},
            {trunkQueue,
             "\"type\": \"priority\", \"attributes\": {\"UbrClass\": "
             "\"ns3::AtmFifoQueueDisc[MaxCells=10|ClpThreshold=11]\"}",
             "links[2]",
             "queue ns3::AtmPriorityQueueDisc: UbrClass/ClpThreshold = 11: exceeds MaxCells = 10"},
            {"\"linkDefaults\": {",
             "\"linkDefaults\": {\"queue\": {\"type\": \"fifo\", \"attributes\": "
             "{\"HighThreshold\": 2000}}, ",
             "linkDefaults",
             "queue ns3::AtmFifoQueueDisc: HighThreshold = 2000: exceeds MaxCells = 1024"},
            {"\"switches\": [\"S1\", \"S2\"]",
             "\"switches\": [{\"name\": \"S1\", \"fabric\": {\"type\": "
             "\"ns3::AtmInputBufferedFabric\", \"attributes\": {\"BufferSize\": 50, "
             "\"EpdThreshold\": 60}}}, \"S2\"]",
             "switches[0].fabric",
             "EpdThreshold = 60: exceeds BufferSize = 50"},
            {"\"switches\": [\"S1\", \"S2\"]",
             "\"switches\": [\"S1\", {\"name\": \"S2\", \"fabric\": {\"type\": "
             "\"ns3::AtmLinkFifoFabric\", \"attributes\": {\"FifoSize\": 80, "
             "\"EpdThreshold\": 90}}}]",
             "switches[1].fabric",
             "EpdThreshold = 90: exceeds FifoSize = 80"},
            {"\"switches\": [\"S1\", \"S2\"]",
             "\"switches\": [{\"name\": \"S1\", \"fabric\": {\"type\": \"bus-hub\", "
             "\"attributes\": {\"BicSize\": 2, \"SendBicSize\": 2}}}, \"S2\"]",
             "switches[0].fabric",
             "BicSize = 2: leaves no receive BIC beside SendBicSize = 2"},
            {"\"switches\": [\"S1\", \"S2\"]",
             "\"switches\": [{\"name\": \"S1\", \"fabric\": {\"type\": \"bus-hub\", "
             "\"attributes\": {\"FetchRate\": \"0bps\"}}}, \"S2\"]",
             "switches[0].fabric",
             "FetchRate = 0bps: must be positive"},
            {"\"switches\": [\"S1\", \"S2\"]",
             "\"switches\": [\"S1\", 7]",
             "switches[1]",
             "must be a non-empty string or an object, not an integer"},
            {"{\"from\": \"S2\", \"to\": \"h2\"}",
             "{\"from\": \"S2\", \"to\": \"h2\", \"device\": {\"Colour\": 1}}",
             "links[3].device.Colour",
             "unknown attribute 'Colour' of ns3::AtmNetDevice"},
            {"{\"from\": \"S2\", \"to\": \"h2\"}",
             "{\"from\": \"S2\", \"to\": \"h2\"}, {\"from\": \"h2\", \"to\": \"S2\"}",
             "links[4]",
             "a second link between 'h2' and 'S2'"},
            {"\"path\": [\"h1\", \"S1\", \"S2\", \"h2\"]",
             "\"path\": [\"h1\", \"S1\", \"S9\", \"h2\"]",
             "vcs[0].path[2]",
             "unknown node 'S9'"},
            {"\"path\": [\"h1\", \"S1\", \"S2\", \"h2\"]",
             "\"path\": [\"h1\", \"S2\", \"h2\"]",
             "vcs[0].path[1]",
             "VC path not connected: no link between 'h1' and 'S2'"},
            {"\"path\": [\"h1\", \"S1\", \"S2\", \"h2\"]",
             "\"path\": [\"S1\", \"S2\", \"h2\"]",
             "vcs[0].path[0]",
             "'S1' is a switch"},
            {"\"path\": [\"h1\", \"S1\", \"S2\", \"h2\"]",
             "\"path\": [\"h1\", \"S1\", \"S2\", \"h2\"], \"labels\": [[0, 32], [0, 5], [0, 40]]",
             "vcs[0].labels[1][1]",
             "= 5: out of range [32, 65535]"},
            {"\"name\": \"b\"", "\"name\": \"a\"", "vcs[1].name", "duplicate VC name 'a'"},
            {"\"path\": [\"h1\", \"S1\", \"S2\", \"h2\"]",
             "\"path\": [\"h1\", \"S1\", \"S2\", \"S1\", \"h2\"]",
             "vcs[0].path[3]",
             "'S1' appears twice in the path"},
            {"{\"from\": \"S2\", \"to\": \"h2\"}",
             "{\"from\": \"S2\", \"to\": \"h2\", \"name\": \"h1-S1\"}",
             "links[3].name",
             "duplicate link name 'h1-S1'"},
            {"\"traffic\": {\"type\": \"greedy\"}",
             "\"traffic\": {\"type\": \"tcp\", \"variant\": \"TcpFoo\"}",
             "vcs[0].traffic.variant",
             "= \"TcpFoo\": not a TCP variant"},
            {"\"traffic\": {\"type\": \"greedy\"}",
             "\"traffic\": {\"type\": \"tcp\", \"window\": 70000}",
             "vcs[0].traffic.window",
             "= 70000: out of range [1, 65535]"},
            // A segment (MSS + 40 octets of IPv4 and TCP headers, 12 more with
            // timestamps) above the host ports' MTU (9180 by default).
            {"\"traffic\": {\"type\": \"greedy\"}",
             "\"traffic\": {\"type\": \"tcp\", \"mss\": 9141}",
             "vcs[0].traffic.mss",
             "= 9141: a segment with its IPv4 and TCP headers is 9181 octets, above the MTU of "
             "'h1' (AtmNetDevice's default Mtu = 9180)"},
            {"\"traffic\": {\"type\": \"greedy\"}",
             "\"traffic\": {\"type\": \"tcp\", \"mss\": 9140, \"timestamps\": true}",
             "vcs[0].traffic.mss",
             "is 9192 octets, above the MTU of 'h1'"},
            {"\"traffic\": {\"type\": \"greedy\"}",
             "\"traffic\": {\"type\": \"tcp\", \"sack\": 1}",
             "vcs[0].traffic.sack",
             "must be true or false, not an integer"},
            {"\"traffic\": {\"type\": \"greedy\"}",
             "\"traffic\": {\"type\": \"tcp\", \"reno\": 1}",
             "vcs[0].traffic.reno",
             "must be true or false, not an integer"},
            {"\"traffic\": {\"type\": \"greedy\"}",
             "\"traffic\": {\"type\": \"tcp\", \"attributes\": {\"Colour\": 1}}",
             "vcs[0].traffic.attributes.Colour",
             "unknown attribute 'Colour' of ns3::TcpSocketBase"},
            {"\"traffic\": {\"type\": \"greedy\"}",
             "\"traffic\": {\"type\": \"tcp\"}, \"labels\": [[0, 40], [0, 40], [0, 40]]",
             "vcs[0].labels",
             "not with tcp traffic"},
            {"\"traffic\": {\"type\": \"greedy\"}, \"startJitter\": \"10us\"},\n"
             "    {\"name\": \"b\", \"path\": [\"h3\", \"S1\", \"S2\", \"h2\"],\n"
             "     \"traffic\": {\"type\": \"cbr\", \"attributes\": {\"Rate\": \"1Mbps\"}}",
             "\"traffic\": {\"type\": \"tcp\"}},\n"
             "    {\"name\": \"b\", \"path\": [\"h3\", \"S1\", \"S2\", \"h2\"],\n"
             "     \"traffic\": {\"type\": \"tcp\", \"mss\": 536}",
             "vcs[1].traffic",
             "TCP settings differ from those of vcs[0].traffic"},
            {"\"traffic\": {\"type\": \"greedy\"}",
             "\"traffic\": {\"type\": \"greedy\", \"mss\": 512}",
             "vcs[0].traffic.mss",
             "only tcp traffic"},
            {"\"traffic\": {\"type\": \"greedy\"}",
             "\"traffic\": {}",
             "vcs[0].traffic",
             "missing field 'type'"},
            {"\"Rate\": \"1Mbps\"",
             "\"Rate\": true",
             "vcs[1].traffic.attributes.Rate",
             "not a valid value"},
            {"\"traffic\": {\"type\": \"greedy\"}",
             "\"traffic\": {\"type\": \"onoff\", \"attributes\": {\"OnTime\": "
             "\"ns3::Foo[Mean=1]\"}}",
             "vcs[0].traffic.attributes.OnTime",
             "unknown TypeId 'ns3::Foo'"},
            {"\"traffic\": {\"type\": \"greedy\"}",
             "\"traffic\": {\"type\": \"onoff\", \"attributes\": {\"OnTime\": "
             "\"ns3::ExponentialRandomVariable[Mean=x]\"}}",
             "vcs[0].traffic.attributes.OnTime",
             "= \"x\": not a valid value of type ns3::DoubleValue"},
            {"\"group\": \"G\"",
             "\"category\": \"GFR\"",
             "vcs[0].category",
             "'GFR': not implemented in this version"},
            {"\"group\": \"G\"",
             "\"abr\": {\"source\": {\"Nrm\": 32}}",
             "vcs[0].abr",
             "only an ABR VC (category \"ABR\") has this field"},
            {"\"group\": \"G\"",
             "\"category\": \"ABR\", \"abr\": {\"source\": {\"Colour\": 1}}",
             "vcs[0].abr.source.Colour",
             "unknown attribute 'Colour' of ns3::AtmAbrSource"},
            {"\"group\": \"G\"",
             "\"category\": \"ABR\", \"abr\": {\"destination\": {\"EfciMode\": \"Often\"}}",
             "vcs[0].abr.destination.EfciMode",
             "not a valid value (expected one of:"},
            {"\"group\": \"G\"",
             "\"category\": \"ABR\", \"abr\": {\"source\": {\"Icr\": 400000}}",
             "vcs[0].abr.source",
             "Icr = 400000: exceeds Pcr"},
            {"\"buffer\": \"${buffer}\",",
             "\"buffer\": \"${buffer}\", \"portBehaviour\": {\"type\": \"fast\"},",
             "links[2].portBehaviour.type",
             "unknown portBehaviour type 'fast' (expected one of: efci, selective, er, vccount, "
             "erica, erica-plus, or the TypeId of a ns3::AtmPortBehaviour subclass)"},
            {"\"buffer\": \"${buffer}\",",
             "\"buffer\": \"${buffer}\", \"portBehaviour\": {\"type\": \"erica\", "
             "\"attributes\": {\"TargetUtilization\": \"high\"}},",
             "links[2].portBehaviour.attributes.TargetUtilization",
             "not a valid value"},
            {"\"buffer\": \"${buffer}\",",
             "\"buffer\": \"${buffer}\", \"portBehaviour\": {\"type\": \"vccount\", "
             "\"attributes\": {\"QueueThreshold\": 10, \"DrainedThreshold\": 12}},",
             "links[2].portBehaviour",
             "DrainedThreshold = 12: exceeds QueueThreshold = 10"},
            {"\"buffer\": \"${buffer}\",",
             "\"buffer\": \"${buffer}\", \"portBehaviour\": {\"type\": \"erica\", "
             "\"attributes\": {\"TargetUtilization\": 0}},",
             "links[2].portBehaviour",
             "TargetUtilization = 0: must be positive"},
            {"\"buffer\": \"${buffer}\",",
             "\"buffer\": \"${buffer}\", \"flowControl\": {\"type\": \"zqfc\", "
             "\"linkBuffer\": 80, \"attributes\": {\"LowThreshold\": 30}},",
             "links[2].flowControl",
             "LowThreshold = 30: exceeds HighThreshold = 20"},
            {"\"group\": \"G\"",
             "\"category\": \"XBR\"",
             "vcs[0].category",
             "unknown service category 'XBR'"},
            {"\"group\": \"G\"",
             "\"pcr\": \"1Mbps\", \"mcr\": \"2Mbps\"",
             "vcs[0].mcr",
             "exceeds the VC's pcr"},
            {"\"group\": \"G\"",
             "\"category\": \"CBR\"",
             "vcs[0].pcr",
             "(CBR contract) a CBR contract needs a peak cell rate"},
            {"\"group\": \"G\"",
             "\"category\": \"rt-VBR\", \"pcr\": \"1Mbps\", \"scr\": \"2Mbps\", \"mbs\": 10",
             "vcs[0].scr",
             "(rt-VBR contract) exceeds Pcr"},
            {"\"group\": \"G\"",
             "\"mbs\": 5",
             "vcs[0].mbs",
             "(UBR contract) only a VBR contract has a maximum burst size"},
            {"\"group\": \"G\"",
             "\"category\": \"CBR\", \"pcr\": \"5000424bps\"",
             "vcs[0]",
             "refused by connection admission control on link S1-S2 from 'S1': committed 0 + "
             "5000424 bit/s (CBR) exceeds Overbooking 1 x its cell rate 5000000 bit/s"},
            {"\"group\": \"G\"",
             "\"mcr\": \"6Mbps\"",
             "vcs[0]",
             "refused by connection admission control on link"},
            {"\"startJitter\": \"10us\"",
             "\"start\": \"1s\", \"stop\": \"0.5s\"",
             "vcs[0].stop",
             "must be after start"},
            {"\"stop\": \"0.06s\"",
             "\"stop\": \"0.001s\"",
             "measurement.stop",
             "must be after measurement.start"},
            {"\"queue\": [\"S1-S2\"]",
             "\"queue\": [\"S1-S3\"]",
             "timeSeries.queue[0]",
             "unknown link \"S1-S3\""},
            {"\"queue\": [\"S1-S2\"]",
             "\"queue\": \"none\"",
             "timeSeries.queue",
             "must be \"all\" or an array of link names, not \"none\""},
            {"\"queue\": [\"S1-S2\"]",
             "\"acr\": [\"a\"]",
             "timeSeries.acr[0]",
             "no ABR VC named \"a\""},
            {"\"queue\": [\"S1-S2\"]",
             "\"credit\": [\"S1-S2\"]",
             "timeSeries.credit[0]",
             "no VC named \"S1-S2\""},
            {"\"type\": \"${queue}\"",
             "\"type\": \"${colour}\"",
             "links[2].queue.type",
             "unknown parameter 'colour'"},
            {"\"seed\": 1,",
             "\"seed\": 1, \"attributeDefaults\": {\"ns3::AtmGreedySource::Backlog\": \"x\"},",
             "attributeDefaults.ns3::AtmGreedySource::Backlog",
             "not a valid value"},
            // The hub section (bus hub studies).
            {R"("switch": "H")", R"("switch": "X")", "hub.switch", "unknown switch 'X'", &HUB},
            {R"({"name": "H", "fabric": {"type": "bus-hub", "attributes": {"DrainRate": "200Mbps"}}})",
             R"("H")",
             "hub.switch",
             "switch 'H' must have the fabric bus-hub (it has output)",
             &HUB},
            {R"("hosts": [], "links": [])",
             R"("hosts": ["h"], "links": [{"from": "h", "to": "H", "rate": "10Mbps"}])",
             "hub.switch",
             "switch 'H' is on link h-H",
             &HUB},
            {R"("boards": 4,)",
             R"("boards": 4, "colour": 1,)",
             "hub.colour",
             "unknown field",
             &HUB},
            {R"("boards": 4,)", R"("boards": 0,)", "hub.boards", "out of range [1, 4096]", &HUB},
            {R"("type": "${fc}")",
             R"("type": "turbo")",
             "hub.flowControl.type",
             "unknown hubFlowControl type 'turbo' (expected one of: none, logical, physical, "
             "hybrid, or the TypeId of a ns3::AtmHubFlowControl subclass)",
             &HUB},
            {R"("HighThreshold": 10)",
             R"("Colour": 10)",
             "hub.flowControl.attributes.Colour",
             "unknown attribute 'Colour' of ns3::AtmHubPhysicalFlowControl",
             &HUB},
            {R"("HighThreshold": 10)",
             R"("HighThreshold": 43)",
             "hub.flowControl",
             "HighThreshold = 43: is not below the receive BIC size RB = 43",
             &HUB},
            {R"("HighThreshold": 10)",
             R"("HighThreshold": 10, "LowThreshold": 11)",
             "hub.flowControl",
             "LowThreshold = 11: is above HighThreshold = 10",
             &HUB},
            {R"({"DrainRate": "200Mbps"})",
             R"({"DrainRate": "200Mbps", "BicSize": 10, "FlowControl": "ns3::AtmHubPhysicalFlowControl"})",
             "switches[0].fabric",
             "FlowControl ns3::AtmHubPhysicalFlowControl: HighThreshold = 10: is not below the "
             "receive BIC size RB = 8",
             &HUB},
            {R"({"DrainRate": "200Mbps"})",
             R"({"DrainRate": "200Mbps", "FlowControl": "ns3::AtmHubLogicalFlowControl"})",
             "hub.flowControl",
             "switch 'H' already sets its fabric's FlowControl",
             &HUB},
            {streams,
             R"("streams": 3)",
             "hub.streams",
             "must be a non-empty array of stream entries",
             &HUB},
            {streams,
             R"("streams": [])",
             "hub.streams",
             "must be a non-empty array of stream entries",
             &HUB},
            {R"("name": "q")",
             R"("name": "a")",
             "hub.streams[1].name",
             "duplicate stream name 'a'",
             &HUB},
            {R"("board": 2, "rate": "0Mbps")",
             R"("board": 9, "rate": "0Mbps")",
             "hub.streams[1].board",
             "= 9: out of range [0, 3]",
             &HUB},
            {R"("board": 2, "rate": "0Mbps")",
             R"("rate": "0Mbps")",
             "hub.streams[1]",
             "needs exactly one of 'board' and 'boards'",
             &HUB},
            {R"("board": 2, "rate": "0Mbps")",
             R"("board": 2, "boards": [2, 2], "rate": "0Mbps")",
             "hub.streams[1]",
             "needs exactly one of 'board' and 'boards'",
             &HUB},
            {R"("boards": [0, 1])",
             R"("boards": [1, 0])",
             "hub.streams[0].boards[1]",
             "= 0: out of range [1, 3]",
             &HUB},
            {R"("boards": [0, 1])",
             R"("boards": 1)",
             "hub.streams[0].boards",
             "must be [first, last], not an integer",
             &HUB},
            {R"("perBoard": 2)",
             R"("perBoard": 0)",
             "hub.streams[0].perBoard",
             "out of range [1, 4096]",
             &HUB},
            {R"("to": {"board": 3}},)",
             R"("to": {"board": 1, "step": 1}},)",
             "hub.streams[0].to",
             "its 4 streams would go past board 3 (hub.boards = 4)",
             &HUB},
            {R"("to": "all")",
             R"("to": "everywhere")",
             "hub.streams[2].to",
             "must be \"all\" or {\"board\": b, \"step\": 0 or 1}",
             &HUB},
            {R"("addressesPerBoard": 1,)",
             "",
             "hub.streams[2].to",
             "\"all\" needs hub.addressesPerBoard > 0",
             &HUB},
            {R"("perBoard": 2, "rate": "400Mbps")",
             R"("perBoard": 2, "arrivals": "Persistent", "rate": "400Mbps")",
             "hub.streams[0].rate",
             "a Persistent stream has no rate (it keeps a backlog)",
             &HUB},
            {R"("rate": "40Mbps", )", "", "hub.streams[2]", "missing field 'rate'", &HUB},
            {R"("rate": "40Mbps")",
             R"("rate": "-40Mbps")",
             "hub.streams[2].rate",
             "not a data rate",
             &HUB},
            {R"("arrivals": "Poisson")",
             R"("arrivals": "Bursty")",
             "hub.streams[2].arrivals",
             "not a valid value (expected one of:",
             &HUB},
            {R"("arrivals": "Poisson")",
             R"("arrivals": "Poisson", "attributes": {"Rate": "1Mbps"})",
             "hub.streams[2].attributes.Rate",
             "give it as the entry's 'rate'",
             &HUB},
            {R"("arrivals": "Poisson")",
             R"("arrivals": "Poisson", "attributes": {"MeanBatch": "many"})",
             "hub.streams[2].attributes.MeanBatch",
             "not a valid value of type",
             &HUB},
            // A link's inputBuffer: cells, {cells, epdThreshold}, or per end.
            {R"("inputBuffer": {"to": 300})",
             R"("inputBuffer": "many")",
             "links[2].inputBuffer",
             "must be a number of cells, {\"cells\": n, \"epdThreshold\": m} or {\"from\": "
             "..., \"to\": ...}, not a string",
             &INPUT},
            {R"("inputBuffer": {"to": 300})",
             R"("inputBuffer": 0)",
             "links[2].inputBuffer",
             "= 0: out of range [1, 4294967295]",
             &INPUT},
            {R"("inputBuffer": {"to": 300})",
             R"("inputBuffer": {"to": 2.5})",
             "links[2].inputBuffer.to",
             "must be an integer, not a number",
             &INPUT},
            {R"("inputBuffer": {"to": 300})",
             R"("inputBuffer": {"to": {"cells": 60, "epdThreshold": 61}})",
             "links[2].inputBuffer.to.epdThreshold",
             "= 61: out of range [0, 60]",
             &INPUT},
            {R"("inputBuffer": {"to": 300})",
             R"("inputBuffer": {"to": {"epdThreshold": 5}})",
             "links[2].inputBuffer.to",
             "missing field 'cells'",
             &INPUT},
            {R"("inputBuffer": {"to": 300})",
             R"("inputBuffer": {"to": {"cells": 60, "Epd": 5}})",
             "links[2].inputBuffer.to.Epd",
             "unknown field",
             &INPUT},
            {R"("inputBuffer": {"to": 300})",
             R"("inputBuffer": {"to": 300, "back": 50})",
             "links[2].inputBuffer.back",
             "unknown field",
             &INPUT},
            {R"({"from": "h1", "to": "S1"})",
             R"({"from": "h1", "to": "S1", "inputBuffer": {"from": 50}})",
             "links[0].inputBuffer.from",
             "'h1' is a host: only a switch has an input buffer",
             &INPUT},
            {R"({"from": "h1", "to": "S1"})",
             R"({"from": "h1", "to": "S1", "inputBuffer": 20})",
             "links[0].inputBuffer",
             "= 20: below the EpdThreshold (40) of switch 'S1''s fabric: give this buffer its "
             "own epdThreshold",
             &INPUT},
            {R"("delay": "1us")",
             R"("delay": "1us", "inputBuffer": -5)",
             "linkDefaults.inputBuffer",
             "= -5: out of range [1, 4294967295]",
             &INPUT},
            {R"("type": "ns3::AtmInputBufferedFabric"})",
             R"("type": "bus-hub"})",
             "links[2].inputBuffer.to",
             "link 'S1-S2': switch 'S2' has the fabric bus-hub: an input buffer of its own size "
             "needs the fabric ns3::AtmInputBufferedFabric or ns3::AtmLinkFifoFabric",
             &INPUT},
            {"\"buffer\": \"${buffer}\",",
             "\"buffer\": \"${buffer}\", \"inputBuffer\": 500,",
             "links[2].inputBuffer",
             "link 'S1-S2': switch 'S1' has the fabric output: an input buffer of its own size "
             "needs the fabric ns3::AtmInputBufferedFabric or ns3::AtmLinkFifoFabric"},
        };
        const uint32_t nodes = NodeList::GetNNodes();
        for (const BadScenario& c : cases)
        {
            std::string text = *c.base;
            const std::size_t at = text.find(c.find);
            NS_TEST_ASSERT_MSG_NE(at, std::string::npos, "the base has no '" << c.find << "'");
            text.replace(at, c.find.size(), c.replace);
            AtmScenario sc;
            const std::vector<std::string> errors = sc.LoadText(text, "bad.json");
            // The first error is the one expected (a bad node may make others).
            NS_TEST_EXPECT_MSG_GT(errors.size(), 0, "an error for " << c.replace);
            const std::string expected = "bad.json: " + c.path + ": ";
            const std::string got = errors.empty() ? "(none)" : errors.front();
            NS_TEST_EXPECT_MSG_EQ(got.substr(0, expected.size()),
                                  expected,
                                  "file and path of " << got);
            NS_TEST_EXPECT_MSG_NE(got.find(c.problem), std::string::npos, "problem in " << got);
        }
        NS_TEST_EXPECT_MSG_EQ(NodeList::GetNNodes(), nodes, "checking built nothing");

        // Parameters given from outside: a value replaces the default, an
        // unknown name is an error; the file itself may be missing.
        AtmScenario sc;
        NS_TEST_EXPECT_MSG_EQ(sc.LoadText(BASE, "ok.json", {{"buffer", "7"}}).size(), 0, "ok");
        NS_TEST_EXPECT_MSG_EQ(sc.LoadText(HUB, "hub.json").size(), 0, "the hub base is valid");
        // Admission control takes a CBR VC that fills the 5 Mb/s trunk exactly.
        std::string full = BASE;
        full.replace(full.find(R"("group": "G")"), 12, R"("category": "CBR", "pcr": "5Mbps")");
        NS_TEST_EXPECT_MSG_EQ(sc.LoadText(full, "full.json").size(), 0, "CAC at the boundary");
        NS_TEST_EXPECT_MSG_EQ(sc.LoadText(INPUT, "in.json").size(), 0, "the input base is valid");
        // The input-buffered fabric lifts its ports' MaxCells: a threshold
        // above the link's buffer is no error there (it is on BASE's switches).
        std::string lifted = INPUT;
        const std::string partition = R"("BufferManagement": "StaticPartition")";
        lifted.replace(lifted.find(partition), partition.size(), R"("EpdThreshold": 150)");
        NS_TEST_EXPECT_MSG_EQ(sc.LoadText(lifted, "in.json").size(), 0, "MaxCells lifted");
        const std::vector<std::string> unknown = sc.LoadText(BASE, "ok.json", {{"bufer", "7"}});
        NS_TEST_EXPECT_MSG_EQ(unknown.size(), 1, "one error");
        NS_TEST_EXPECT_MSG_EQ((unknown.empty() ? "" : unknown.front().substr(0, 48)),
                              "ok.json: parameters: no parameter 'bufer' to set",
                              "unknown parameter");
        const std::vector<std::string> missing = sc.Load("/nonexistent/x.json");
        NS_TEST_EXPECT_MSG_EQ(missing.size(), 1, "one error");
        NS_TEST_EXPECT_MSG_EQ((missing.empty() ? "" : missing.front()),
                              "/nonexistent/x.json: (top level): cannot open the file",
                              "missing file");
        std::vector<std::string> paramErrors;
        AtmScenario::ParseParams("a=1,b", paramErrors);
        NS_TEST_EXPECT_MSG_EQ(paramErrors.size(), 1, "malformed --params");
        const auto values =
            AtmScenario::ParseParams(R"(q=fifo,a={"x":1,"y":[1,2]},s="p,q")", paramErrors);
        NS_TEST_EXPECT_MSG_EQ(values.size(), 3, "commas inside JSON do not separate");
        NS_TEST_EXPECT_MSG_EQ(values.at("a"), R"({"x":1,"y":[1,2]})", "a JSON object");
    }
};

/**
 * @ingroup atm-tests
 * BASE built and run: the CBR VC is limited by its own rate (1 Mb/s), the
 * greedy one gets the rest of the 5 Mb/s trunk (4 Mb/s); per-VC
 * round-robin delivers both within 2%. The same seed and run give
 * identical per-VC results; the results land in the database.
 */
class AtmScenarioRunTestCase : public TestCase
{
  public:
    AtmScenarioRunTestCase()
        : TestCase("a scenario runs, meets its oracle, repeats exactly and is stored")
    {
    }

  private:
    /**
     * @brief Keep the delay of a cell received in BASE's measurement window.
     * @param delays the delays so far (time steps)
     * @param delay the cell's delay
     */
    static void KeepDelay(std::vector<int64_t>* delays, const AtmCell& /* cell */, Time delay)
    {
        const Time now = Simulator::Now();
        if (now >= MilliSeconds(10) && now < MilliSeconds(60))
        {
            delays->push_back(delay.GetTimeStep());
        }
    }

    /**
     * @param text a scenario
     * @param params parameter values
     * @param delays if not null, every VC's delays in the window, by VC, as
     *        its Rx trace gives them
     * @return the results of one run
     */
    AtmRunResults RunOnce(const std::string& text,
                          const std::map<std::string, std::string>& params,
                          std::vector<std::vector<int64_t>>* delays = nullptr)
    {
        AtmScenario sc;
        const std::vector<std::string> errors = sc.LoadText(text, "base.json", params);
        NS_TEST_EXPECT_MSG_EQ(errors.size(), 0, (errors.empty() ? "" : errors.front()));
        AtmScenarioHelper helper;
        helper.Build(sc, sc.GetSeed(), sc.GetRun());
        if (delays)
        {
            delays->resize(sc.GetVcs().size());
            for (std::size_t i = 0; i < sc.GetVcs().size(); ++i)
            {
                helper.GetVc(sc.GetVcs()[i].name)
                    ->TraceConnectWithoutContext("Rx",
                                                 MakeBoundCallback(&KeepDelay, &(*delays)[i]));
            }
        }
        helper.Run(false);
        AtmRunResults r = helper.GetResults("k");
        Simulator::Destroy();
        return r;
    }

    void DoRun() override
    {
        const AtmRunResults r = RunOnce(BASE, {});
        NS_TEST_ASSERT_MSG_EQ(r.vcs.size(), 2, "two VCs");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.vcs[0].idealBps, 4e6, 1, "greedy VC: the rest of the trunk");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.vcs[1].idealBps, 1e6, 1, "CBR VC: its own rate");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.vcs[0].ratio, 1.0, 0.02, "greedy VC at its max-min rate");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.vcs[1].ratio, 1.0, 0.02, "CBR VC at its max-min rate");
        NS_TEST_EXPECT_MSG_EQ_TOL(r.jain, 1.0, 0.001, "fair");
        NS_TEST_EXPECT_MSG_EQ(r.vcs[1].dropped, 0, "the CBR VC loses nothing");
        NS_TEST_EXPECT_MSG_GT(r.vcs[0].drops.at("VcLimit"), 0, "the greedy VC overflows its share");
        NS_TEST_EXPECT_MSG_GT(r.vcs[0].delayP99, r.vcs[0].delayP50, "a delay distribution");
        // The trunk is busy all the time, its queue full of the greedy VC's cells.
        bool trunk = false;
        for (const AtmRunResults::Link& l : r.links)
        {
            if (l.from == "S1" && l.to == "S2")
            {
                trunk = true;
                NS_TEST_EXPECT_MSG_EQ_TOL(l.utilization, 1.0, 0.001, "trunk utilization");
                NS_TEST_EXPECT_MSG_GT(l.queueMean, 40, "trunk queue");
                NS_TEST_EXPECT_MSG_LT_OR_EQ(l.queueMax, 100, "buffer");
            }
        }
        NS_TEST_EXPECT_MSG_EQ(trunk, true, "the trunk S1->S2 is measured");
        // 1 ms samples of both directions of S1-S2, from 0 to 59 ms.
        NS_TEST_EXPECT_MSG_EQ(r.samples.size(), 2 * 60, "queue samples");

        // Again, with every cell's delay kept: the same results, and the
        // delay figures those of the cells' own delays sorted.
        std::vector<std::vector<int64_t>> delays;
        const AtmRunResults again = RunOnce(BASE, {}, &delays);
        for (std::size_t i = 0; i < r.vcs.size(); ++i)
        {
            const AtmRunResults::Vc& v = again.vcs[i];
            NS_TEST_EXPECT_MSG_EQ(v.windowCells, r.vcs[i].windowCells, "same cells");
            NS_TEST_EXPECT_MSG_EQ(v.dropped, r.vcs[i].dropped, "same drops");
            NS_TEST_EXPECT_MSG_EQ(v.delayMean, r.vcs[i].delayMean, "same delays");
            std::vector<int64_t>& d = delays[i];
            NS_TEST_ASSERT_MSG_EQ(d.size(), v.windowCells, v.name << ": the window's cells");
            std::sort(d.begin(), d.end());
            auto seconds = [](int64_t steps) { return TimeStep(steps).GetSeconds(); };
            auto pct = [&d, &seconds](double p) {
                return seconds(d[static_cast<std::size_t>(std::ceil(p * d.size())) - 1]);
            };
            double sum = 0;
            for (int64_t x : d)
            {
                sum += seconds(x);
            }
            NS_TEST_EXPECT_MSG_EQ(v.delayMean, sum / d.size(), v.name << ": mean delay");
            NS_TEST_EXPECT_MSG_EQ(v.delayP50, pct(0.5), v.name << ": median delay");
            NS_TEST_EXPECT_MSG_EQ(v.delayP95, pct(0.95), v.name << ": 95th percentile");
            NS_TEST_EXPECT_MSG_EQ(v.delayP99, pct(0.99), v.name << ": 99th percentile");
            NS_TEST_EXPECT_MSG_EQ(v.delayMin, seconds(d.front()), v.name << ": smallest delay");
            NS_TEST_EXPECT_MSG_EQ(v.delayMax, seconds(d.back()), v.name << ": largest delay");
        }
        NS_TEST_EXPECT_MSG_GT(delays[0].size(), 100, "many cells of the greedy VC");
        // A FIFO (which has no BufferManagement) instead.
        std::string fifoText = BASE;
        const std::string perVcOnly = R"("attributes": {"BufferManagement": "StaticPartition"})";
        fifoText.replace(fifoText.find(perVcOnly), perVcOnly.size(), R"("attributes": {})");
        const AtmRunResults fifo = RunOnce(fifoText, {{"queue", "fifo"}, {"buffer", "50"}});
        NS_TEST_EXPECT_MSG_EQ(fifo.vcs[0].drops.count("VcLimit"), 0, "a FIFO has no VC limit");
        NS_TEST_EXPECT_MSG_GT(fifo.vcs[0].drops.count("Overflow"), 0, "it overflows");
        for (const AtmRunResults::Link& l : fifo.links)
        {
            NS_TEST_EXPECT_MSG_LT_OR_EQ(l.queueMax, 50, "buffer set by the parameter");
        }

        const std::string db = CreateTempDirFilename("results.db");
        std::remove(db.c_str());
        {
            AtmResultsWriter w(db);
            w.Write(r);
            w.Write(r); // the same key again replaces the run
        }
        Ptr<SQLiteOutput> out = AtmResultsWriter::Open(db);
        for (const auto& [table, rows] :
             std::vector<std::pair<std::string, int>>{{"runs", 1},
                                                      {"vc_metrics", 2},
                                                      {"link_metrics", 8},
                                                      {"timeseries", 2 * 60}})
        {
            sqlite3_stmt* stmt = nullptr;
            NS_TEST_ASSERT_MSG_EQ(out->SpinPrepare(&stmt, "SELECT COUNT(*) FROM " + table + ";"),
                                  true,
                                  table);
            NS_TEST_EXPECT_MSG_EQ(SQLiteOutput::SpinStep(stmt), SQLITE_ROW, table);
            NS_TEST_EXPECT_MSG_EQ(out->RetrieveColumn<int>(stmt, 0), rows, "rows in " << table);
            SQLiteOutput::SpinFinalize(stmt);
        }
        // Texts bound from temporaries are stored whole (SQLiteOutput::Bind
        // alone would keep a pointer to the destroyed string).
        sqlite3_stmt* stmt = nullptr;
        NS_TEST_ASSERT_MSG_EQ(
            out->SpinPrepare(&stmt, "SELECT key, revision, ns3_version FROM runs;"),
            true,
            "runs");
        NS_TEST_ASSERT_MSG_EQ(SQLiteOutput::SpinStep(stmt), SQLITE_ROW, "one run");
        auto text = [stmt](int column) {
            const unsigned char* t = sqlite3_column_text(stmt, column);
            return t ? std::string(reinterpret_cast<const char*>(t)) : std::string("(null)");
        };
        NS_TEST_EXPECT_MSG_EQ(text(0), r.key, "key");
        NS_TEST_EXPECT_MSG_EQ(text(1), AtmResultsWriter::GetRevision(), "revision");
        NS_TEST_EXPECT_MSG_EQ(text(2), AtmResultsWriter::GetNs3Version(), "ns-3 version");
        SQLiteOutput::SpinFinalize(stmt);
    }
};

/**
 * @ingroup atm-tests
 * AtmScenarioHelper::DelayLog, folding every 1, 3 and 64 delays and never:
 * its counts, expanded, are exactly the delays added, sorted, with one
 * entry per distinct delay; with many repeats, and with none.
 */
class AtmScenarioDelayLogTestCase : public TestCase
{
  public:
    AtmScenarioDelayLogTestCase()
        : TestCase("a VC's delay log holds every delay, one count per distinct delay")
    {
    }

  private:
    void DoRun() override
    {
        for (const std::size_t foldAt :
             {std::size_t{1}, std::size_t{3}, std::size_t{64}, std::size_t{1} << 20})
        {
            for (const int64_t range : {int64_t{7}, int64_t{1} << 40})
            {
                const std::string what =
                    "fold at " + std::to_string(foldAt) + ", range " + std::to_string(range) + ": ";
                AtmScenarioHelper::DelayLog log(foldAt);
                std::vector<int64_t> added;
                uint64_t x = 12345;
                for (int i = 0; i < 1000; ++i)
                {
                    x = x * 6364136223846793005ULL + 1442695040888963407ULL; // an LCG
                    const auto delay =
                        static_cast<int64_t>((x >> 20) % static_cast<uint64_t>(range));
                    log.Add(delay);
                    added.push_back(delay);
                }
                NS_TEST_EXPECT_MSG_EQ(log.GetNCells(), added.size(), what + "cells");
                std::sort(added.begin(), added.end());
                std::vector<int64_t> expanded;
                const std::vector<std::pair<int64_t, uint64_t>>& counts = log.GetCounts();
                for (std::size_t i = 0; i < counts.size(); ++i)
                {
                    if (i > 0)
                    {
                        NS_TEST_EXPECT_MSG_LT(counts[i - 1].first,
                                              counts[i].first,
                                              what + "one entry per delay, in order");
                    }
                    expanded.insert(expanded.end(), counts[i].second, counts[i].first);
                }
                NS_TEST_EXPECT_MSG_EQ((expanded == added), true, what + "every delay, sorted");
                const auto distinct = static_cast<std::size_t>(
                    std::unique(added.begin(), added.end()) - added.begin());
                NS_TEST_EXPECT_MSG_EQ(counts.size(), distinct, what + "distinct delays");
                NS_TEST_EXPECT_MSG_EQ(log.GetNCells(), 1000, what + "cells, after the counts");
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * The atm-scenario test suite.
 */
/**
 * @ingroup atm-tests
 * A scenario with a TCP VC: h1 -10 Mb/s- S1 -5 Mb/s- h2, one bulk transfer
 * of exactly 300000 octets. With credit on both links the transfer loses
 * no cell, retransmits nothing and delivers every octet; the ports with
 * credit report a credit-cell overhead, and the forward VC conserves its
 * cells. Without flow control a 60-cell VC partition overflows: cells are
 * dropped (counted by reason) and TCP retransmits, and still delivers
 * every octet.
 */
class AtmScenarioTcpTestCase : public TestCase
{
  public:
    AtmScenarioTcpTestCase()
        : TestCase("a tcp VC carries a bulk transfer over AAL5, with and without credit")
    {
    }

  private:
    void DoRun() override
    {
        const std::string& text = TCP;
        for (const std::string fc : {"credit", "none"})
        {
            // With credit (no loss: no recovery to differ) the TCP has
            // Reno's fast recovery (AtmTcpRenoSocket, made by the factory
            // on its host).
            std::string file = text;
            if (fc == "credit")
            {
                const std::string find = R"("bytes": 300000)";
                file.replace(file.find(find), find.size(), R"("bytes": 300000, "reno": true)");
            }
            AtmScenario sc;
            const std::vector<std::string> errors = sc.LoadText(file, "tcp.json", {{"fc", fc}});
            NS_TEST_ASSERT_MSG_EQ(errors.size(), 0, (errors.empty() ? "" : errors.front()));
            AtmScenarioHelper helper;
            helper.Build(sc, 1, 1);
            NS_TEST_EXPECT_MSG_EQ(
                (helper.GetNode("h1")->GetObject<AtmTcpRenoSocketFactory>() != nullptr),
                (fc == "credit"),
                fc + ": the sender's host makes Reno sockets if reno is set");
            helper.Run(false);
            const AtmRunResults r = helper.GetResults(fc);
            Simulator::Destroy();
            NS_TEST_ASSERT_MSG_EQ(r.vcs.size(), 1, "one VC reported: the forward one");
            const AtmRunResults::Vc& v = r.vcs[0];
            NS_TEST_EXPECT_MSG_EQ_TOL(v.goodputBps * 10 / 8, 300000, 1e-6, fc + ": every octet");
            NS_TEST_EXPECT_MSG_EQ(v.sent, v.received + v.dropped + v.queued, fc + ": conserved");
            NS_TEST_EXPECT_MSG_EQ(v.windowCells, v.received, fc + ": all cells in the window");
            std::map<std::string, std::vector<double>> balance;
            std::map<std::string, std::vector<double>> allocation;
            for (const AtmRunResults::Sample& s : r.samples)
            {
                (s.series == "credit" ? balance : allocation)[s.object].push_back(s.value);
            }
            if (fc == "credit")
            {
                // Crd_Bal of the data VC at both hops, 10 ms apart over 10 s.
                NS_TEST_EXPECT_MSG_EQ(balance.size(), 2, "credit: two hops sampled");
                for (const std::string hop : {"t@h1->S1", "t@S1->h2"})
                {
                    const std::vector<double>& b = balance[hop];
                    NS_TEST_EXPECT_MSG_EQ(b.size(), 1000, hop);
                    NS_TEST_EXPECT_MSG_GT_OR_EQ(*std::min_element(b.begin(), b.end()),
                                                0,
                                                hop + ": never below zero");
                    NS_TEST_EXPECT_MSG_LT(*std::min_element(b.begin(), b.end()),
                                          *std::max_element(b.begin(), b.end()),
                                          hop + ": the balance moves");
                    // Static allocation: Buf_Alloc sampled alike, constant,
                    // never below the balance.
                    const std::vector<double>& a = allocation[hop];
                    NS_TEST_EXPECT_MSG_EQ(a.size(), 1000, hop + ": Buf_Alloc samples");
                    NS_TEST_EXPECT_MSG_EQ(*std::min_element(a.begin(), a.end()),
                                          *std::max_element(a.begin(), a.end()),
                                          hop + ": static Buf_Alloc");
                    NS_TEST_EXPECT_MSG_LT_OR_EQ(*std::max_element(b.begin(), b.end()),
                                                a.front(),
                                                hop + ": Crd_Bal <= Buf_Alloc");
                }
                NS_TEST_EXPECT_MSG_EQ(v.dropped, 0, "credit: no cell lost");
                NS_TEST_EXPECT_MSG_EQ(v.tcpRetransmissions, 0, "credit: nothing retransmitted");
                for (const AtmRunResults::Link& l : r.links)
                {
                    // Credit cells go upstream: S1 -> h1 for the data, h2 -> S1 and
                    // h1 -> S1 for the ACKs' VC.
                    NS_TEST_EXPECT_MSG_GT(l.creditOverhead, 0, l.from + "->" + l.to);
                    NS_TEST_EXPECT_MSG_LT(l.creditOverhead, 1, l.from + "->" + l.to);
                }
            }
            else
            {
                NS_TEST_EXPECT_MSG_EQ(balance.size(), 0, "no credit: no balance to sample");
                NS_TEST_EXPECT_MSG_GT(v.dropped, 0, "no credit: the VC partition overflows");
                NS_TEST_EXPECT_MSG_EQ(v.drops.at("VcLimit"), v.dropped, "counted by reason");
                NS_TEST_EXPECT_MSG_GT(v.tcpRetransmissions, 0, "no credit: TCP retransmits");
                for (const AtmRunResults::Link& l : r.links)
                {
                    NS_TEST_EXPECT_MSG_EQ(l.creditOverhead, -1, "no credit: no overhead");
                }
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * ipQueueDisc, the root queue disc of the IP hosts' ports: ns-3's default
 * (FqCoDel, from Ipv4AddressHelper) when the file names none; none at all
 * with "none"; the one named, with its attributes, otherwise. The AAL5
 * endpoint's per-VC queue never stops the port here, so a root queue disc
 * never holds a packet: a transfer that loses cells in the network (a VC
 * partition overflows) has the same cells, delays and retransmissions
 * with each.
 */
class AtmScenarioIpQueueDiscTestCase : public TestCase
{
  public:
    AtmScenarioIpQueueDiscTestCase()
        : TestCase("ipQueueDisc sets the IP hosts' root queue disc; none sends straight to AAL5")
    {
    }

  private:
    void DoRun() override
    {
        // The field, the root queue disc each host's port then has ("" for
        // none), and its MaxSize ("" when not a FifoQueueDisc).
        const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
            {"", "ns3::FqCoDelQueueDisc", ""},
            {R"("ipQueueDisc": {"type": "none"},)", "", ""},
            {R"("ipQueueDisc": {"type": "fifo", "attributes": {"MaxSize": "7p"}},)",
             "ns3::FifoQueueDisc",
             "7p"},
        };
        std::vector<AtmRunResults::Vc> results;
        for (const auto& [field, root, maxSize] : cases)
        {
            // TCP without flow control: cells lost at S1, segments sent again.
            std::string file = TCP;
            const std::string after = R"("parameters": {"fc": "credit"},)";
            file.insert(file.find(after) + after.size(), field);
            AtmScenario sc;
            const std::vector<std::string> errors =
                sc.LoadText(file, "ipqd.json", {{"fc", "none"}});
            NS_TEST_ASSERT_MSG_EQ(errors.size(), 0, (errors.empty() ? "" : errors.front()));
            AtmScenarioHelper helper;
            helper.Build(sc, 1, 1);
            for (const std::string host : {"h1", "h2"})
            {
                Ptr<Node> node = helper.GetNode(host);
                uint32_t atmPorts = 0;
                for (uint32_t i = 0; i < node->GetNDevices(); ++i)
                {
                    Ptr<NetDevice> port = node->GetDevice(i);
                    if (!DynamicCast<AtmNetDevice>(port))
                    {
                        continue;
                    }
                    ++atmPorts;
                    Ptr<QueueDisc> q =
                        node->GetObject<TrafficControlLayer>()->GetRootQueueDiscOnDevice(port);
                    NS_TEST_EXPECT_MSG_EQ((q ? q->GetInstanceTypeId().GetName() : ""),
                                          root,
                                          host + ", " + field + ": the root queue disc");
                    if (!maxSize.empty() && q)
                    {
                        NS_TEST_EXPECT_MSG_EQ(q->GetMaxSize(),
                                              QueueSize(maxSize),
                                              host + ": its attributes set");
                    }
                }
                NS_TEST_EXPECT_MSG_EQ(atmPorts, 1, host + ": one ATM port, checked above");
            }
            helper.Run(false);
            const AtmRunResults r = helper.GetResults("ipqd");
            Simulator::Destroy();
            NS_TEST_ASSERT_MSG_EQ(r.vcs.size(), 1, "one VC reported");
            results.push_back(r.vcs[0]);
        }
        const AtmRunResults::Vc& d = results.front();
        NS_TEST_EXPECT_MSG_EQ_TOL(d.goodputBps * 10 / 8, 300000, 1e-6, "every octet");
        NS_TEST_EXPECT_MSG_GT(d.tcpRetransmissions, 0, "cells lost, segments sent again");
        for (std::size_t k = 1; k < results.size(); ++k)
        {
            const AtmRunResults::Vc& v = results[k];
            const std::string what = std::get<0>(cases[k]) + " as the default: ";
            NS_TEST_EXPECT_MSG_EQ(v.sent, d.sent, what + "cells sent");
            NS_TEST_EXPECT_MSG_EQ(v.received, d.received, what + "cells received");
            NS_TEST_EXPECT_MSG_EQ(v.dropped, d.dropped, what + "cells dropped");
            NS_TEST_EXPECT_MSG_EQ(v.delayMean, d.delayMean, what + "mean delay");
            NS_TEST_EXPECT_MSG_EQ(v.delayMax, d.delayMax, what + "largest delay");
            NS_TEST_EXPECT_MSG_EQ(v.tcpRetransmissions, d.tcpRetransmissions, what + "retransmits");
        }
    }
};

/**
 * @ingroup atm-tests
 * BASE with VC a an ABR connection and ERICA on the trunk's switch ports:
 * the ACR of a is sampled every 1 ms (70 samples), always positive and at
 * most the PCR, and it moves (the switch's explicit rate reaches the
 * source through the backward RM cells); the VC conserves its cells once
 * the queues have drained.
 */
class AtmScenarioAbrTestCase : public TestCase
{
  public:
    AtmScenarioAbrTestCase()
        : TestCase("an ABR VC with a switch scheme by type name, its ACR sampled")
    {
    }

  private:
    void DoRun() override
    {
        std::string text = BASE;
        for (const auto& [find, replace] : std::vector<std::pair<std::string, std::string>>{
                 {R"("group": "G")", R"("group": "G", "category": "ABR")"},
                 {R"("buffer": "${buffer}",)",
                  R"("buffer": "${buffer}", "portBehaviour": {"type": "erica"},)"},
                 {R"("queue": ["S1-S2"])", R"("queue": ["S1-S2"], "acr": ["a"])"},
                 {R"("stop": "0.06s")", R"("stop": "0.06s", "end": "0.07s")"}})
        {
            text.replace(text.find(find), find.size(), replace);
        }
        AtmScenario sc;
        const std::vector<std::string> errors = sc.LoadText(text, "abr.json");
        NS_TEST_ASSERT_MSG_EQ(errors.size(), 0, (errors.empty() ? "" : errors.front()));
        AtmScenarioHelper helper;
        helper.Build(sc, 1, 1);
        helper.Run(false);
        const AtmRunResults r = helper.GetResults("abr");
        Simulator::Destroy();
        std::vector<double> acr;
        for (const AtmRunResults::Sample& s : r.samples)
        {
            if (s.series == "acr")
            {
                NS_TEST_EXPECT_MSG_EQ(s.object, "a", "the VC named in timeSeries.acr");
                acr.push_back(s.value);
            }
        }
        NS_TEST_ASSERT_MSG_EQ(acr.size(), 70, "1 ms samples from 0 to 69 ms");
        for (double a : acr)
        {
            NS_TEST_EXPECT_MSG_GT(a, 0, "a positive ACR");
            NS_TEST_EXPECT_MSG_LT_OR_EQ(a, 149.76e6 / 424 * (1 + 1e-9), "at most the default PCR");
        }
        NS_TEST_EXPECT_MSG_NE(*std::min_element(acr.begin(), acr.end()),
                              *std::max_element(acr.begin(), acr.end()),
                              "the ACR moves");
        const AtmRunResults::Vc& a = r.vcs[0];
        NS_TEST_EXPECT_MSG_EQ(a.sent, a.received + a.dropped + a.queued, "VC a conserves cells");
        NS_TEST_EXPECT_MSG_GT(a.windowCells, 0, "VC a delivers");

        // The VC's pcr and mcr become its source's, the file's fairness
        // the switch scheme's; abr.source attributes win over the VC's.
        for (const bool own : {false, true})
        {
            std::string withMcr = text;
            withMcr.replace(withMcr.find(R"("name": "two-switch",)"),
                            std::string(R"("name": "two-switch",)").size(),
                            R"("name": "two-switch", "fairness": "mcr-plus-equal-share",)");
            withMcr.replace(withMcr.find(R"("category": "ABR")"),
                            std::string(R"("category": "ABR")").size(),
                            own ? R"("category": "ABR", "pcr": "4Mbps", "mcr": "1Mbps",
                                     "abr": {"source": {"Mcr": 1000}})"
                                : R"("category": "ABR", "pcr": "4Mbps", "mcr": "1Mbps")");
            AtmScenario scm;
            const std::vector<std::string> e = scm.LoadText(withMcr, "abr.json");
            NS_TEST_ASSERT_MSG_EQ(e.size(), 0, (e.empty() ? "" : e.front()));
            AtmScenarioHelper built;
            built.Build(scm, 1, 1);
            Ptr<AtmVc> vc = built.GetVc("a");
            Ptr<AtmAbrSource> src =
                AtmAbrHelper::GetGate(vc->GetHopDevice(0))->GetSource(vc->GetHopSlot(0));
            DoubleValue pcr;
            DoubleValue mcr;
            src->GetAttribute("Pcr", pcr);
            src->GetAttribute("Mcr", mcr);
            NS_TEST_EXPECT_MSG_EQ_TOL(pcr.Get(), 4e6 / 424, 1e-6, "the VC's pcr is its source's");
            NS_TEST_EXPECT_MSG_EQ_TOL(mcr.Get(),
                                      (own ? 1000.0 : 1e6 / 424),
                                      1e-6,
                                      (own ? "abr.source's Mcr wins" : "the VC's mcr"));
            Ptr<AtmPortBehaviour> scheme =
                DynamicCast<AtmNetDevice>(vc->GetHopDevice(1))->GetPortBehaviour();
            NS_TEST_ASSERT_MSG_NE(scheme, nullptr, "a scheme on S1's port");
            StringValue fairness;
            scheme->GetAttribute("Fairness", fairness);
            NS_TEST_EXPECT_MSG_EQ(fairness.Get(), "McrPlusEqualShare", "the file's fairness");
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup atm-tests
 * TCP over ABR from a scenario file (a tcp VC of category ABR): two TCPs
 * share a 10 Mb/s trunk whose switch ports run ERICA at a target
 * utilization of 0.9. As ABR each TCP's IP PVC leaves its host at the ACR
 * ERICA grants, and so does the reverse PVC of its ACKs (one VC per host
 * port: no second VC made for the backward RM cells); the ACRs settle at
 * 0.9 of the trunk's cell rate shared in two, each TCP carries 0.9 of its
 * max-min share in cells (data and RM) and the switch loses nothing. As
 * UBR the same TCPs overflow the trunk's queue.
 */
class AtmScenarioTcpAbrTestCase : public TestCase
{
  public:
    AtmScenarioTcpAbrTestCase()
        : TestCase("a tcp VC of category ABR: its frames and ACKs leave at ACR, ERICA shares")
    {
    }

  private:
    void DoRun() override
    {
        const std::string text = R"({
          "name": "tcp-abr", "parameters": {"category": "ABR"},
          "hosts": ["h1", "h2", "h3", "h4"], "switches": ["S1", "S2"],
          "linkDefaults": {"rate": "100Mbps", "delay": "10us",
                           "queue": {"type": "fifo",
                                     "attributes": {"MaxCells": 400, "EpdThreshold": 300}},
                           "portBehaviour": {"type": "erica",
                                             "attributes": {"TargetUtilization": 0.9}}},
          "links": [
            {"from": "h1", "to": "S1"}, {"from": "h3", "to": "S1"},
            {"from": "S1", "to": "S2", "name": "trunk", "rate": "10Mbps", "delay": "500us"},
            {"from": "S2", "to": "h2"}, {"from": "S2", "to": "h4"}
          ],
          "vcs": [
            {"name": "t", "path": ["h1", "S1", "S2", "h2"], "category": "${category}",
             "traffic": {"type": "tcp", "mss": 1460, "window": 32768}},
            {"name": "u", "path": ["h3", "S1", "S2", "h4"], "category": "${category}",
             "traffic": {"type": "tcp", "mss": 1460, "window": 32768}, "start": "5ms"}
          ],
          "measurement": {"start": "0.5s", "stop": "1.5s"},
          "timeSeries": {"interval": "10ms"}
        })";
        const double target = 0.9;
        const double nrm = 32; // every Nrm-th in-rate cell is a forward RM cell
        for (const std::string category : {"ABR", "UBR"})
        {
            AtmScenario sc;
            const std::vector<std::string> errors =
                sc.LoadText(text, "tcp-abr.json", {{"category", category}});
            NS_TEST_ASSERT_MSG_EQ(errors.size(), 0, (errors.empty() ? "" : errors.front()));
            AtmScenarioHelper helper;
            helper.Build(sc, 1, 1);
            std::vector<Ptr<AtmNetDevice>> receivers;
            for (const std::string host : {"h2", "h4"})
            {
                Ptr<Node> node = helper.GetNode(host);
                for (uint32_t i = 0; i < node->GetNDevices(); ++i)
                {
                    if (auto port = DynamicCast<AtmNetDevice>(node->GetDevice(i)))
                    {
                        receivers.push_back(port);
                    }
                }
            }
            // The ACR of each TCP's source, sampled in the window.
            std::vector<Ptr<AtmAbrSource>> sources;
            std::vector<double> acrSum(2, 0);
            int samples = 0;
            if (category == "ABR")
            {
                for (const std::string name : {"t", "u"})
                {
                    Ptr<AtmVc> vc = helper.GetVc(name);
                    sources.push_back(
                        AtmAbrHelper::GetGate(vc->GetHopDevice(0))->GetSource(vc->GetHopSlot(0)));
                }
                for (int k = 0; k < 100; ++k)
                {
                    atmtest::Schedule(Seconds(0.5 + 0.01 * k), [&]() {
                        for (std::size_t i = 0; i < sources.size(); ++i)
                        {
                            acrSum[i] += sources[i]->GetAcr();
                        }
                        ++samples;
                    });
                }
            }
            helper.Run(false);
            for (Ptr<AtmNetDevice> port : receivers)
            {
                // The ACKs' IP PVC is the host's only VC, and ABR with it.
                NS_TEST_EXPECT_MSG_EQ(port->GetNTxVcs(), 1, port->GetContext() + ": one VC");
                Ptr<AtmAbrGate> gate = DynamicCast<AtmAbrGate>(port->GetTransmitGate());
                NS_TEST_EXPECT_MSG_EQ((gate && gate->GetSource(0)),
                                      (category == "ABR"),
                                      port->GetContext() + ": the ACKs leave at ACR if ABR");
            }
            const AtmRunResults r = helper.GetResults(category);
            Simulator::Destroy();
            NS_TEST_ASSERT_MSG_EQ(r.vcs.size(), 2, category + ": the two TCP VCs reported");
            uint64_t dropped = 0;
            for (const AtmRunResults::Vc& v : r.vcs)
            {
                dropped += v.dropped;
            }
            if (category == "UBR")
            {
                NS_TEST_EXPECT_MSG_GT(dropped, 0, "UBR: the TCPs overflow the trunk's queue");
                continue;
            }
            NS_TEST_EXPECT_MSG_EQ(dropped, 0, "ABR: no cell lost");
            double trunkCellRate = 0;
            for (const AtmRunResults::Link& l : r.links)
            {
                if (l.from == "S1" && l.to == "S2")
                {
                    trunkCellRate = l.cellRateBps / 424;
                }
            }
            NS_TEST_ASSERT_MSG_GT(trunkCellRate, 0, "the trunk is reported");
            NS_TEST_ASSERT_MSG_EQ(samples, 100, "ACR sampled every 10 ms in the window");
            for (std::size_t i = 0; i < r.vcs.size(); ++i)
            {
                const AtmRunResults::Vc& v = r.vcs[i];
                NS_TEST_EXPECT_MSG_EQ(v.tcpRetransmissions, 0, v.name + ": nothing resent");
                NS_TEST_EXPECT_MSG_EQ_TOL(acrSum[i] / samples / (target * trunkCellRate / 2),
                                          1,
                                          0.05,
                                          v.name + ": mean ACR at ERICA's fair share");
                // Data cells, plus one forward RM cell every Nrm - 1.
                NS_TEST_EXPECT_MSG_EQ_TOL(v.ratio * nrm / (nrm - 1),
                                          target,
                                          0.03,
                                          v.name + ": cells at 0.9 of the max-min share");
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * The backbone section (examples/scenarios/backbone.json, scaled down to 3
 * rings of 4 switches): the switches, hosts and links it makes (ring
 * links, the three trunks with delays spread from the shortest to the
 * longest, a host link per switch and two per TCP VC), the VCs of each
 * template named and grouped in order, each path a host, then switches
 * joined by links, then a host, with as few hops as the test's own
 * breadth-first search finds; the same file gives the same paths, another
 * seed other ones; and errors in the section, or in a VC made from it,
 * are reported once, naming the section's entry.
 */
class AtmScenarioBackboneTestCase : public TestCase
{
  public:
    AtmScenarioBackboneTestCase()
        : TestCase("backbone section: rings, trunks, hosts and fewest-hop VCs")
    {
    }

  private:
    /// @return the small backbone's parameters
    static std::map<std::string, std::string> Small()
    {
        return {{"rings", "3"},
                {"ringSize", "4"},
                {"ubr", "5"},
                {"abr", "3"},
                {"tcp", "2"},
                {"shortestTrunk", "2ms"},
                {"longestTrunk", "6ms"}};
    }

    void DoRun() override
    {
        const std::string file = std::string(ATM_SOURCE_DIR) + "/examples/scenarios/backbone.json";
        AtmScenario sc;
        std::vector<std::string> errors = sc.Load(file, Small());
        NS_TEST_ASSERT_MSG_EQ(errors.size(), 0, (errors.empty() ? "" : errors.front()));
        NS_TEST_EXPECT_MSG_EQ(sc.GetSwitches().size(), 12, "3 rings of 4 switches");
        NS_TEST_EXPECT_MSG_EQ(sc.GetSwitches()[5], "R2S2", "switch 2 of ring 2");
        NS_TEST_EXPECT_MSG_EQ(sc.GetHosts().size(), 12 + 4, "a host per switch, 2 per TCP VC");
        // 12 ring links, 3 trunks, 12 host links, 4 TCP host links.
        NS_TEST_ASSERT_MSG_EQ(sc.GetLinks().size(), 31, "links");
        std::map<std::string, std::set<std::string>> adjacent;
        std::vector<std::pair<std::string, Time>> trunkDelays;
        for (const AtmScenario::Link& l : sc.GetLinks())
        {
            adjacent[l.from].insert(l.to);
            adjacent[l.to].insert(l.from);
            for (const auto& [name, value] : l.channel.attributes)
            {
                if (name == "Delay" && l.from.find('.') == std::string::npos &&
                    l.from.substr(0, 2) != l.to.substr(0, 2))
                {
                    trunkDelays.emplace_back(l.name, Time(value));
                }
            }
        }
        const std::vector<std::pair<std::string, Time>> expected = {{"R1S1-R2S1", MilliSeconds(2)},
                                                                    {"R2S1-R3S1", MilliSeconds(4)},
                                                                    {"R3S1-R1S1", MilliSeconds(6)}};
        NS_TEST_EXPECT_MSG_EQ((trunkDelays == expected), true, "the trunks and their delays");
        NS_TEST_EXPECT_MSG_EQ(adjacent["R1S2"].size(), 3, "two ring neighbours and a host");

        const std::vector<AtmScenario::Vc>& vcs = sc.GetVcs();
        NS_TEST_ASSERT_MSG_EQ(vcs.size(), 10, "5 + 3 + 2 VCs");
        const std::vector<std::string> names =
            {"ubr1", "ubr2", "ubr3", "ubr4", "ubr5", "abr1", "abr2", "abr3", "tcp1", "tcp2"};
        for (std::size_t i = 0; i < vcs.size(); ++i)
        {
            const AtmScenario::Vc& v = vcs[i];
            NS_TEST_EXPECT_MSG_EQ(v.name, names[i], "VC " << i);
            NS_TEST_EXPECT_MSG_EQ(v.group, names[i].substr(0, 3), v.name << ": group");
            NS_TEST_EXPECT_MSG_EQ(v.category, (i >= 5 && i < 8 ? "ABR" : "UBR"), v.name);
            const std::string& src = v.path.front();
            const std::string& dst = v.path.back();
            const std::string first = v.path[1];
            const std::string last = v.path[v.path.size() - 2];
            NS_TEST_EXPECT_MSG_EQ(src,
                                  (v.traffic.kind == "tcp" ? v.name + ".src" : first + ".h"),
                                  v.name << ": its source host");
            NS_TEST_EXPECT_MSG_EQ(dst,
                                  (v.traffic.kind == "tcp" ? v.name + ".dst" : last + ".h"),
                                  v.name << ": its destination host");
            NS_TEST_EXPECT_MSG_NE(first, last, v.name << ": two distinct switches");
            for (std::size_t k = 1; k + 2 < v.path.size(); ++k)
            {
                NS_TEST_EXPECT_MSG_EQ(adjacent[v.path[k]].count(v.path[k + 1]),
                                      1,
                                      v.name << ": " << v.path[k] << " to " << v.path[k + 1]);
            }
            // The fewest hops between its switches, by breadth-first search.
            std::map<std::string, uint32_t> hops{{first, 0}};
            std::deque<std::string> queue{first};
            while (!queue.empty())
            {
                const std::string x = queue.front();
                queue.pop_front();
                for (const std::string& y : adjacent[x])
                {
                    if (y[0] == 'R' && y.find('.') == std::string::npos && !hops.count(y))
                    {
                        hops[y] = hops[x] + 1;
                        queue.push_back(y);
                    }
                }
            }
            NS_TEST_EXPECT_MSG_EQ(v.path.size() - 3, hops[last], v.name << ": fewest hops");
        }

        // The same file, the same VCs; another seed, others.
        AtmScenario again;
        again.Load(file, Small());
        AtmScenario other;
        const std::string text = [&file]() {
            std::ifstream in(file);
            std::ostringstream os;
            os << in.rdbuf();
            return os.str();
        }();
        std::string reseeded = text;
        const std::string at = "\"backbone\": {";
        reseeded.replace(reseeded.find(at), at.size(), at + "\"seed\": 2,");
        errors = other.LoadText(reseeded, "seed2.json", Small());
        NS_TEST_ASSERT_MSG_EQ(errors.size(), 0, (errors.empty() ? "" : errors.front()));
        uint32_t same = 0;
        uint32_t moved = 0;
        for (std::size_t i = 0; i < vcs.size(); ++i)
        {
            same += again.GetVcs()[i].path == vcs[i].path ? 1 : 0;
            moved += other.GetVcs()[i].path != vcs[i].path ? 1 : 0;
        }
        NS_TEST_EXPECT_MSG_EQ(same, vcs.size(), "the same paths from the same file");
        NS_TEST_EXPECT_MSG_GT(moved, 0, "seed 2 draws other end points");

        // Errors: once each, naming the section's entry.
        const std::vector<std::pair<std::map<std::string, std::string>, std::string>> bads = {
            {{{"shortestTrunk", "9ms"}},
             "backbone.trunkDelay: the longest, \"6ms\", is below the shortest, \"9ms\""},
            {{{"rings", "1"}, {"ringSize", "1"}},
             "backbone: rings x ringSize = 1: the backbone needs at least 2 switches"},
        };
        for (const auto& [changes, message] : bads)
        {
            std::map<std::string, std::string> p = Small();
            for (const auto& [name, value] : changes)
            {
                p[name] = value;
            }
            AtmScenario bad;
            errors = bad.Load(file, p);
            NS_TEST_ASSERT_MSG_EQ(errors.size(), 1, message);
            NS_TEST_EXPECT_MSG_EQ(errors[0], file + ": " + message, "the message");
        }
        std::string badTemplate = text;
        const std::string tcp = "\"mss\": 1460";
        badTemplate.replace(badTemplate.find(tcp), tcp.size(), "\"mss\": 1460, \"window\": 0");
        AtmScenario bad;
        errors = bad.LoadText(badTemplate, "bad.json", Small());
        NS_TEST_ASSERT_MSG_EQ(errors.size(), 1, "a bad template: one error");
        NS_TEST_EXPECT_MSG_EQ(errors[0].rfind("bad.json: backbone.vcs[2].traffic.window: ", 0),
                              0,
                              errors[0]);
        std::string badAttribute = text;
        const std::string greedy = "\"type\": \"greedy\"";
        badAttribute.replace(badAttribute.find(greedy),
                             greedy.size(),
                             greedy + ", \"attributes\": {\"Backlog\": \"x\"}");
        errors = bad.LoadText(badAttribute, "bad.json", Small());
        NS_TEST_ASSERT_MSG_EQ(errors.size(), 1, "a bad attribute of 5 VCs: one error");
        NS_TEST_EXPECT_MSG_EQ(errors[0].rfind("bad.json: backbone.vcs[0].traffic.attributes", 0),
                              0,
                              errors[0]);
    }
};

/**
 * @ingroup atm-tests
 * A scenario given to two ranks (AtmScenarioHelper::SetRanks), run here
 * in one process, which is rank 0: the small backbone's nodes go to both
 * ranks, the same way in a second build, a host on its switch's rank;
 * some greedy VCs run between
 * ranks, but a block source's VC never (its source learns of its block's
 * end at the destination at once); only the applications of rank 0's
 * nodes run (its cell sources and TCP senders send, rank 1's make no
 * cell), and GetResults() without MPI gives this rank's own part.
 */
class AtmScenarioRanksTestCase : public TestCase
{
  public:
    AtmScenarioRanksTestCase()
        : TestCase("a scenario on two ranks: the cut, and only this rank's sources run")
    {
    }

  private:
    void DoRun() override
    {
        const std::map<std::string, std::string> params = {{"rings", "3"},
                                                           {"ringSize", "4"},
                                                           {"ubr", "20"},
                                                           {"abr", "10"},
                                                           {"tcp", "4"},
                                                           {"start", "5ms"},
                                                           {"stop", "10ms"}};
        AtmScenario sc;
        const std::vector<std::string> errors =
            sc.Load(std::string(ATM_SOURCE_DIR) + "/examples/scenarios/backbone.json", params);
        NS_TEST_ASSERT_MSG_EQ(errors.size(), 0, (errors.empty() ? "" : errors.front()));
        std::map<std::string, uint32_t> first;
        // A block source's VC has its two hosts on one rank; greedy ones need not.
        const std::string file = std::string(ATM_SOURCE_DIR) + "/examples/scenarios/backbone.json";
        std::ifstream in(file);
        std::ostringstream text;
        text << in.rdbuf();
        std::string blocks = text.str();
        const std::string greedy = "\"type\": \"greedy\"";
        blocks.replace(blocks.find(greedy), greedy.size(), "\"type\": \"block\"");
        AtmScenario withBlocks;
        NS_TEST_ASSERT_MSG_EQ(withBlocks.LoadText(blocks, "blocks.json", params).size(), 0, "");
        for (const AtmScenario* s : {&sc, &withBlocks})
        {
            AtmScenarioHelper helper;
            helper.SetRanks(2);
            helper.Build(*s, 1, 1);
            uint32_t split = 0;
            for (const AtmScenario::Vc& v : s->GetVcs())
            {
                const bool apart = helper.GetNode(v.path.front())->GetSystemId() !=
                                   helper.GetNode(v.path.back())->GetSystemId();
                split += apart && v.group == "ubr" ? 1 : 0;
                const std::size_t n = v.path.size();
                for (const auto& [host, sw] : {std::make_pair(v.path[0], v.path[1]),
                                               std::make_pair(v.path[n - 1], v.path[n - 2])})
                {
                    NS_TEST_EXPECT_MSG_EQ(helper.GetNode(host)->GetSystemId(),
                                          helper.GetNode(sw)->GetSystemId(),
                                          host << " on the rank of its switch " << sw);
                }
            }
            NS_TEST_EXPECT_MSG_EQ((split > 0),
                                  (s == &sc),
                                  (s == &sc ? "greedy" : "block")
                                      << " VCs with hosts apart: " << split);
            Simulator::Destroy();
        }
        for (int build = 0; build < 2; ++build)
        {
            AtmScenarioHelper helper;
            helper.SetRanks(2);
            helper.Build(sc, 1, 1);
            NS_TEST_EXPECT_MSG_NE(helper.GetRankDescription().find("links cut"),
                                  std::string::npos,
                                  helper.GetRankDescription());
            std::set<uint32_t> used;
            for (const auto* names : {&sc.GetHosts(), &sc.GetSwitches()})
            {
                for (const std::string& n : *names)
                {
                    const uint32_t rank = helper.GetNode(n)->GetSystemId();
                    used.insert(rank);
                    if (build == 0)
                    {
                        first[n] = rank;
                    }
                    NS_TEST_EXPECT_MSG_EQ(rank, first[n], n << ": the same rank again");
                }
            }
            NS_TEST_EXPECT_MSG_EQ(used.size(), 2, "both ranks have nodes");
            if (build == 1)
            {
                Simulator::Destroy();
                break;
            }
            helper.Run(false);
            const AtmRunResults r = helper.GetResults("ranks");
            Simulator::Destroy();
            uint32_t silent = 0;
            uint32_t sending = 0;
            for (const AtmRunResults::Vc& v : r.vcs)
            {
                const bool local = first.at(v.src) == 0;
                if (local)
                {
                    NS_TEST_EXPECT_MSG_GT(v.sent, 0, v.name << " from rank 0 sends");
                    ++sending;
                }
                else
                {
                    NS_TEST_EXPECT_MSG_EQ(v.sent, 0, v.name << " from rank 1 is silent");
                    ++silent;
                }
            }
            NS_TEST_EXPECT_MSG_GT(silent * sending, 0, "VCs from both ranks");
        }
    }
};

/**
 * @ingroup atm-tests
 * Link flow control from a scenario file: examples/scenarios/zqfc-fig2.json
 * (Kung and Wang's Fig. 2 hot spot) under PQFC on every link, and with ZQFC
 * or link credit alone (Buff_Size 2 Link_RTT, where PQFC would no longer
 * stop the link) on (S0, S1) only. The link (S0, S1) gets what the file says (the policy
 * by type, Buff_Size at S1's receiver and as S0's link credit, LinkN2), the
 * other links keep PQFC's static allocation; S1 never holds more than
 * Buff_Size cells of the link, nothing is lost, and the rates are the
 * paper's: VC2 1/3 and the link 2/3 under PQFC, VC2 2/3 and the link full
 * with ZQFC, and the hot spot again with link credit alone.
 */
class AtmScenarioQfcTestCase : public TestCase
{
  public:
    AtmScenarioQfcTestCase()
        : TestCase("qfc, zqfc and link-credit flow control from a scenario file (Kung-Wang "
                   "Fig. 2)")
    {
    }

  private:
    void DoRun() override
    {
        const std::string file = std::string(ATM_SOURCE_DIR) + "/examples/scenarios/zqfc-fig2.json";
        const std::string zqfc = R"({"LinkRtt":80,"N2":10})";
        // Scheme of (S0, S1), Buff_Size, LinkN2, VC2's share, link (S0, S1).
        const std::vector<std::tuple<std::string, uint32_t, uint32_t, double, double>> runs = {
            {"qfc", 80, 10, 1.0 / 3, 2.0 / 3},
            {"zqfc", 100, 5, 2.0 / 3, 1.0},
            {"link-credit", 160, 10, 1.0 / 3, 2.0 / 3},
        };
        for (const auto& [scheme, buffer, linkN2, vc2, link] : runs)
        {
            std::map<std::string, std::string> params = {{"buffer", std::to_string(buffer)},
                                                         {"n2", std::to_string(linkN2)},
                                                         {"start", "20ms"},
                                                         {"stop", "60ms"}};
            if (scheme != "qfc")
            {
                params["s01_fc"] = scheme;
                params["s01_fc_attributes"] = scheme == "zqfc" ? zqfc : "{}";
            }
            AtmScenario sc;
            const std::vector<std::string> errors = sc.Load(file, params);
            NS_TEST_ASSERT_MSG_EQ(errors.size(), 0, (errors.empty() ? "" : errors.front()));
            AtmScenarioHelper helper;
            helper.Build(sc, 1, 1);
            // S1's port on (S0, S1) and on the link from cross host x1a.
            Ptr<AtmCreditReceiver> trunk;
            Ptr<AtmCreditReceiver> cross;
            Ptr<Node> s1 = helper.GetNode("S1");
            for (uint32_t i = 0; i < s1->GetNDevices(); ++i)
            {
                Ptr<AtmNetDevice> d = DynamicCast<AtmNetDevice>(s1->GetDevice(i));
                Ptr<AtmCreditReceiver> r =
                    DynamicCast<AtmCreditReceiver>(d->GetReceiveAccounting());
                NS_TEST_ASSERT_MSG_NE(r, nullptr, "credit on every link");
                if (d->GetPeer()->GetNode() == helper.GetNode("S0"))
                {
                    trunk = r;
                    Ptr<AtmCreditSender> s =
                        DynamicCast<AtmCreditSender>(d->GetPeer()->GetTransmitGate());
                    NS_TEST_ASSERT_MSG_NE(s, nullptr, scheme + ": S0 sends with credit");
                    UintegerValue credit;
                    s->GetAttribute("LinkCredit", credit);
                    NS_TEST_EXPECT_MSG_EQ(credit.Get(), buffer, scheme + ": S0's link credit");
                    BooleanValue vcCredit;
                    s->GetAttribute("VcCredit", vcCredit);
                    NS_TEST_EXPECT_MSG_EQ(vcCredit.Get(),
                                          (scheme != "link-credit"),
                                          scheme + ": S0's VC credit");
                }
                else if (d->GetPeer()->GetNode() == helper.GetNode("x1a"))
                {
                    cross = r;
                }
            }
            NS_TEST_ASSERT_MSG_NE(trunk, nullptr, "S1 has a port on (S0, S1)");
            NS_TEST_ASSERT_MSG_NE(cross, nullptr, "S1 has a port toward x1a");
            UintegerValue value;
            trunk->GetAttribute("LinkBufferSize", value);
            NS_TEST_EXPECT_MSG_EQ(value.Get(), buffer, scheme + ": Buff_Size at S1");
            trunk->GetAttribute("LinkN2", value);
            NS_TEST_EXPECT_MSG_EQ(value.Get(), linkN2, scheme + ": LinkN2 at S1");
            NS_TEST_EXPECT_MSG_EQ(trunk->HasVcCredit(),
                                  (scheme != "link-credit"),
                                  scheme + ": VC credit at S1");
            NS_TEST_EXPECT_MSG_EQ(cross->HasVcCredit(), true, scheme + ": PQFC elsewhere");
            PointerValue policy;
            trunk->GetAttribute("Allocation", policy);
            NS_TEST_EXPECT_MSG_EQ(
                policy.Get<Object>()->GetInstanceTypeId().GetName(),
                (scheme == "zqfc" ? "ns3::AtmZqfcAllocation" : "ns3::AtmStaticAllocation"),
                scheme + ": the policy of (S0, S1)");
            cross->GetAttribute("Allocation", policy);
            NS_TEST_EXPECT_MSG_EQ(policy.Get<Object>()->GetInstanceTypeId().GetName(),
                                  "ns3::AtmStaticAllocation",
                                  scheme + ": PQFC on the other links");
            helper.Run(false);
            NS_TEST_EXPECT_MSG_LT_OR_EQ(trunk->GetMaxTotalOccupancy(),
                                        buffer,
                                        scheme + ": S1 holds at most Buff_Size");
            const AtmRunResults r = helper.GetResults(scheme);
            Simulator::Destroy();
            double linkRate = 0;
            double used = 0;
            for (const AtmRunResults::Link& l : r.links)
            {
                if (l.link == "S0-S1" && l.from == "S0")
                {
                    linkRate = l.cellRateBps;
                    used = l.utilization;
                }
            }
            NS_TEST_ASSERT_MSG_GT(linkRate, 0, "the link (S0, S1) is reported");
            NS_TEST_EXPECT_MSG_EQ_TOL(used, link, 0.01, scheme + ": (S0, S1) utilization");
            for (const AtmRunResults::Vc& v : r.vcs)
            {
                NS_TEST_EXPECT_MSG_EQ(v.dropped, 0, scheme + ": nothing lost on " + v.name);
                if (v.name == "vc2")
                {
                    NS_TEST_EXPECT_MSG_EQ_TOL(v.throughputBps / linkRate,
                                              vc2,
                                              0.01,
                                              scheme + ": VC2's share");
                }
            }
        }
    }
};

/**
 * @ingroup atm-tests
 * A switch names its fabric by type with attributes: BASE with S1 a bus
 * hub (AtmBusHub, a 20 Mb/s bus) and S2 output-buffered. S1 gets that
 * fabric with that bus rate, S2 none; both VCs deliver and, after 40 ms
 * to drain (cells inside a hub's boards are not in cells_queued), conserve
 * their cells.
 */
class AtmScenarioFabricTestCase : public TestCase
{
  public:
    AtmScenarioFabricTestCase()
        : TestCase("a switch names its fabric (bus hub) by type with attributes")
    {
    }

  private:
    void DoRun() override
    {
        std::string text = BASE;
        const std::string stop = R"("stop": "0.06s")";
        text.replace(text.find(stop), stop.size(), R"("stop": "0.06s", "end": "0.1s")");
        const std::string find = R"("switches": ["S1", "S2"])";
        text.replace(text.find(find),
                     find.size(),
                     R"("switches": [{"name": "S1", "fabric": {"type": "bus-hub",
                         "attributes": {"BusRate": "20Mbps"}}}, {"name": "S2"}])");
        AtmScenario sc;
        const std::vector<std::string> errors = sc.LoadText(text, "hub.json");
        NS_TEST_ASSERT_MSG_EQ(errors.size(), 0, (errors.empty() ? "" : errors.front()));
        AtmScenarioHelper helper;
        helper.Build(sc, 1, 1);
        Ptr<AtmSwitchFabric> hub = helper.GetNode("S1")->GetObject<AtmSwitch>()->GetFabric();
        NS_TEST_ASSERT_MSG_NE(hub, nullptr, "S1 has a fabric");
        NS_TEST_EXPECT_MSG_EQ(hub->GetInstanceTypeId().GetName(), "ns3::AtmBusHub", "its type");
        DataRateValue bus;
        hub->GetAttribute("BusRate", bus);
        NS_TEST_EXPECT_MSG_EQ(bus.Get(), DataRate("20Mbps"), "its attribute");
        NS_TEST_EXPECT_MSG_EQ(helper.GetNode("S2")->GetObject<AtmSwitch>()->GetFabric(),
                              nullptr,
                              "S2 output-buffered");
        helper.Run(false);
        const AtmRunResults r = helper.GetResults("hub");
        Simulator::Destroy();
        for (const AtmRunResults::Vc& v : r.vcs)
        {
            NS_TEST_EXPECT_MSG_GT(v.windowCells, 0, v.name + " delivers through the hub");
            NS_TEST_EXPECT_MSG_EQ(v.sent, v.received + v.dropped + v.queued, v.name + " conserves");
        }
    }
};

/**
 * @ingroup atm-tests
 * A link's inputBuffer gives the buffer at that end of an input-buffered
 * switch (Kung and Wang's Fig. 4 (a) buffer X), or the link FIFO of a
 * link-FIFO switch (Fig. 3 (b)), its own size and EPD threshold: INPUT
 * with 60 cells at S1's input from h1 (the whole-link form: its only
 * switch end) and, on the trunk, 70 cells without EPD at S1 (from) and 300
 * with EPD at 250 at S2 (to); then the same with S1 a link-FIFO switch
 * (FifoSize 100, EPD at 40). The fabric reports exactly these, the other
 * inputs keep the fabric's attributes, and greedy VC a, arriving from h1
 * at 10 Mb/s for a 5 Mb/s trunk, fills S1's buffer or FIFO on h1 to
 * exactly 60 cells and loses cells there. The input-buffered fabric's
 * output queues never drop (MaxCells lifted although the trunk's buffer
 * is 100).
 */
class AtmScenarioInputBufferTestCase : public TestCase
{
  public:
    AtmScenarioInputBufferTestCase()
        : TestCase("a link's inputBuffer sizes the input buffer or link FIFO at each end")
    {
    }

  private:
    void DoRun() override
    {
        for (const bool fifo : {false, true})
        {
            Check(fifo);
        }
    }

    /**
     * @brief Build, inspect and run INPUT with the inputBuffer fields.
     * @param fifo S1 a link-FIFO switch (else input-buffered)
     */
    void Check(bool fifo)
    {
        const std::string s1Input = R"({"type": "ns3::AtmInputBufferedFabric",
                              "attributes": {"BufferSize": 100, "EpdThreshold": 40}})";
        std::string text = INPUT;
        for (const auto& [find, replace] :
             {std::make_pair(std::string(R"({"from": "h1", "to": "S1"})"),
                             std::string(R"({"from": "h1", "to": "S1", "inputBuffer": 60})")),
              std::make_pair(
                  std::string(R"("inputBuffer": {"to": 300})"),
                  std::string(R"("inputBuffer": {"from": {"cells": 70, "epdThreshold": 0},
                                       "to": {"cells": 300, "epdThreshold": 250}})")),
              std::make_pair(s1Input,
                             fifo ? std::string(R"({"type": "ns3::AtmLinkFifoFabric",
                        "attributes": {"FifoSize": 100, "EpdThreshold": 40}})")
                                  : s1Input)})
        {
            NS_TEST_ASSERT_MSG_NE(text.find(find), std::string::npos, "INPUT has " << find);
            text.replace(text.find(find), find.size(), replace);
        }
        const std::string what = fifo ? "link FIFO: " : "input buffer: ";
        AtmScenario sc;
        const std::vector<std::string> errors = sc.LoadText(text, "input.json");
        NS_TEST_ASSERT_MSG_EQ(errors.size(), 0, (errors.empty() ? "" : errors.front()));
        AtmScenarioHelper helper;
        helper.Build(sc, 1, 1);
        // Switch, the node at the far end of its input link, size, EPD threshold.
        const std::vector<std::tuple<std::string, std::string, uint32_t, uint32_t>> inputs = {
            {"S1", "h1", 60, 40},
            {"S1", "h3", 100, 40},
            {"S1", "S2", 70, 0},
            {"S2", "S1", 300, 250},
            {"S2", "h2", 300, 0},
        };
        Ptr<AtmSwitch> s1 = helper.GetNode("S1")->GetObject<AtmSwitch>();
        Ptr<AtmInputBufferedFabric> s1Buffer = DynamicCast<AtmInputBufferedFabric>(s1->GetFabric());
        Ptr<AtmLinkFifoFabric> s1Fifo = DynamicCast<AtmLinkFifoFabric>(s1->GetFabric());
        NS_TEST_ASSERT_MSG_EQ((fifo ? bool(s1Fifo) : bool(s1Buffer)), true, what + "S1's fabric");
        uint32_t fromH1 = 0;
        for (const auto& [sw, peer, cells, epd] : inputs)
        {
            Ptr<AtmSwitch> s = helper.GetNode(sw)->GetObject<AtmSwitch>();
            Ptr<AtmInputBufferedFabric> f = DynamicCast<AtmInputBufferedFabric>(s->GetFabric());
            const bool isFifo = fifo && sw == "S1";
            NS_TEST_ASSERT_MSG_EQ(bool(f), !isFifo, what + sw + "'s fabric");
            bool found = false;
            for (uint32_t p = 0; p < s->GetNPorts(); ++p)
            {
                Ptr<AtmNetDevice> d = s->GetPort(p);
                if (d->GetPeer()->GetNode() != helper.GetNode(peer))
                {
                    continue;
                }
                found = true;
                fromH1 = sw == "S1" && peer == "h1" ? p : fromH1;
                NS_TEST_EXPECT_MSG_EQ((isFifo ? s1Fifo->GetFifoSize(p) : f->GetBufferSize(p)),
                                      cells,
                                      what + sw + " from " + peer);
                NS_TEST_EXPECT_MSG_EQ((isFifo ? s1Fifo->GetEpdThreshold(p) : f->GetEpdThreshold(p)),
                                      epd,
                                      what + sw + " from " + peer + ": EPD");
                if (!isFifo)
                {
                    UintegerValue maxCells;
                    d->GetQueueDisc()->GetAttribute("MaxCells", maxCells);
                    NS_TEST_EXPECT_MSG_EQ(maxCells.Get(),
                                          std::numeric_limits<uint32_t>::max(),
                                          what + sw + " to " + peer + ": the output never drops");
                }
            }
            NS_TEST_EXPECT_MSG_EQ(found, true, what + sw + " has a port from " + peer);
        }
        helper.Run(false);
        NS_TEST_EXPECT_MSG_EQ(
            (fifo ? s1Fifo->GetMaxFifoLength(fromH1) : s1Buffer->GetMaxOccupancy(fromH1)),
            60,
            what + "S1's on h1 fills to 60");
        NS_TEST_EXPECT_MSG_GT(
            (fifo ? s1Fifo->GetNFifoDrops(fromH1) : s1Buffer->GetNInputDrops(fromH1)),
            0,
            what + "and drops there");
        NS_TEST_EXPECT_MSG_EQ((fifo ? 0 : s1Buffer->GetNOutputDrops()),
                              0,
                              what + "nothing lost at S1's outputs");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * The hub section builds the hub's boards, addresses, flow control and
 * study streams; the results hold the hub's bus use and each stream's
 * counters, conserved, with the max-min shares of fetch and drain.
 */
class AtmScenarioHubTestCase : public TestCase
{
  public:
    AtmScenarioHubTestCase()
        : TestCase("a hub section runs Chong et al.'s study streams and reports them")
    {
    }

  private:
    void DoRun() override
    {
        AtmScenario sc;
        const std::vector<std::string> errors = sc.LoadText(HUB, "hub.json");
        NS_TEST_ASSERT_MSG_EQ(errors.size(), 0, (errors.empty() ? "" : errors.front()));
        AtmScenarioHelper helper;
        helper.Build(sc, 1, 1);
        Ptr<AtmBusHub> hub =
            DynamicCast<AtmBusHub>(helper.GetNode("H")->GetObject<AtmSwitch>()->GetFabric());
        NS_TEST_ASSERT_MSG_NE(hub, nullptr, "H is a bus hub");
        NS_TEST_EXPECT_MSG_EQ(hub->GetNBoards(), 4, "boards");
        // 4 (addressesPerBoard) + 4 streams of a + q, each its own address on board 3.
        NS_TEST_EXPECT_MSG_EQ(hub->GetNAddresses(), 9, "addresses");
        for (uint32_t a = 4; a < 9; ++a)
        {
            NS_TEST_EXPECT_MSG_EQ(hub->GetBoardOf(a), 3, "stream address " << a << " on board 3");
        }
        NS_TEST_ASSERT_MSG_NE(hub->GetFlowControl(), nullptr, "flow control");
        NS_TEST_EXPECT_MSG_EQ(hub->GetFlowControl()->GetInstanceTypeId().GetName(),
                              "ns3::AtmHubPhysicalFlowControl",
                              "by short name");
        UintegerValue hth;
        hub->GetFlowControl()->GetAttribute("HighThreshold", hth);
        NS_TEST_EXPECT_MSG_EQ(hth.Get(), 10, "its attribute");
        helper.Run(false);
        const AtmRunResults r = helper.GetResults("hub");
        NS_TEST_ASSERT_MSG_EQ(r.hubs.size(), 1, "one hub");
        NS_TEST_ASSERT_MSG_EQ(r.hubStreams.size(), 6, "a.0-a.3, q, u");
        const std::vector<std::string> names = {"a.0", "a.1", "a.2", "a.3", "q", "u"};
        const std::vector<uint32_t> boards = {0, 0, 1, 1, 2, 2};
        const double window = 2.5e-3;
        uint64_t injected = 0;
        uint64_t delivered = 0;
        uint64_t lost = 0;
        for (uint32_t s = 0; s < 6; ++s)
        {
            const AtmRunResults::HubStream& o = r.hubStreams[s];
            NS_TEST_EXPECT_MSG_EQ(o.name, names[s], "name");
            NS_TEST_EXPECT_MSG_EQ(o.board, boards[s], o.name + " board");
            NS_TEST_EXPECT_MSG_EQ(o.toBoard, (s < 5 ? 3 : -1), o.name + " destination");
            // Whole-run conservation per stream: injected = delivered + lost + in the hub.
            const AtmBusHub::StreamStats& st = hub->GetStreamStats(s);
            NS_TEST_EXPECT_MSG_EQ(st.injected,
                                  st.delivered + st.lostBic + st.lostRam + hub->CountInHub(s),
                                  o.name + " conserved");
            NS_TEST_EXPECT_MSG_EQ(o.goodputBps,
                                  o.delivered * double(hub->GetEnvelopeBits()) / window,
                                  o.name + " goodput");
            injected += o.injected;
            delivered += o.delivered;
            lost += o.lostBic + o.lostRam;
        }
        for (uint32_t s = 0; s < 4; ++s)
        {
            // 100 Mb/s offered each; board 3 drains 200 Mb/s: 50 each.
            NS_TEST_EXPECT_MSG_EQ_TOL(r.hubStreams[s].rateBps, 100e6, 1e-3, "split rate");
            NS_TEST_EXPECT_MSG_EQ_TOL(r.hubStreams[s].idealBps, 50e6, 1e-3, "max-min");
            NS_TEST_EXPECT_MSG_GT(r.hubStreams[s].delivered, 0, "delivers");
            // Physical control: B - HTH = 33 covers the 4 x 2 + 1 in transit.
            NS_TEST_EXPECT_MSG_EQ(r.hubStreams[s].lostBic, 0, "no loss");
        }
        NS_TEST_EXPECT_MSG_EQ(r.hubStreams[4].injected, 0, "q is silent");
        NS_TEST_EXPECT_MSG_EQ(r.hubStreams[4].idealBps, 0, "its share");
        NS_TEST_EXPECT_MSG_GT(r.hubStreams[5].injected, 0, "u sends");
        NS_TEST_EXPECT_MSG_EQ(r.hubStreams[5].idealBps, -1, "u has no single path");
        const AtmRunResults::Hub& h = r.hubs[0];
        NS_TEST_EXPECT_MSG_EQ(h.hub, "H", "hub name");
        NS_TEST_EXPECT_MSG_EQ(h.boards, 4, "boards");
        NS_TEST_EXPECT_MSG_EQ(h.streams, 6, "streams");
        NS_TEST_EXPECT_MSG_EQ(h.injected, injected, "sums");
        NS_TEST_EXPECT_MSG_EQ(h.delivered, delivered, "sums");
        NS_TEST_EXPECT_MSG_EQ(h.lost, lost, "sums");
        NS_TEST_EXPECT_MSG_GT(h.dummySlots, 0, "board 3 congested: releases by dummy");
        NS_TEST_EXPECT_MSG_EQ(h.dummyBps,
                              h.dummySlots * double(hub->GetEnvelopeBits()) / window,
                              "dummy bandwidth");
        NS_TEST_EXPECT_MSG_EQ(h.controlBufferMax, 1, "one dummy per physical release");
        NS_TEST_EXPECT_MSG_EQ_TOL(h.utilization, h.busBps / 4e9, 1e-12, "of the 4 Gb/s bus");
        // Board 3 drains about 200 Mb/s for a, plus u's quarter.
        NS_TEST_EXPECT_MSG_GT(h.busBps, 190e6, "the bus carries the drain");
        Simulator::Destroy();
    }
};

/**
 * @ingroup atm-tests
 * A scenario's "fairness": the ideal rates its results hold are
 * AtmMaxMinOracle's under that TM 4.0 criterion, with the VCs' MCRs and
 * weights; an unknown criterion is one error naming the field.
 */
class AtmScenarioFairnessTestCase : public TestCase
{
  public:
    AtmScenarioFairnessTestCase()
        : TestCase("fairness: the VCs' ideal rates under each TM 4.0 criterion")
    {
    }

  private:
    void DoRun() override
    {
        // Three greedy VCs with MCRs 10, 30 and 80 Mb/s (weights 1, 2, 3)
        // over a 150 Mb/s trunk (no SONET framing: its cell rate is
        // 150 Mb/s of cells); the oracle's rates by hand, as in
        // atm-max-min-oracle.
        const std::string text = R"({
  "name": "fairness", "parameters": {"fairness": "max-min"}, "fairness": "${fairness}",
  "hosts": ["h1", "h2", "h3", "h4"], "switches": ["S"],
  "linkDefaults": {"rate": "155.52Mbps", "sonet": false},
  "links": [{"from": "h1", "to": "S"}, {"from": "h2", "to": "S"}, {"from": "h3", "to": "S"},
            {"from": "S", "to": "h4", "rate": "150Mbps"}],
  "vcs": [
    {"name": "a", "path": ["h1", "S", "h4"], "mcr": "10Mbps", "traffic": {"type": "greedy"}},
    {"name": "b", "path": ["h2", "S", "h4"], "mcr": "30Mbps", "weight": 2,
     "traffic": {"type": "greedy"}},
    {"name": "c", "path": ["h3", "S", "h4"], "mcr": "80Mbps", "weight": 3,
     "traffic": {"type": "greedy"}}],
  "measurement": {"start": "1ms", "stop": "2ms"}
})";
        const std::map<std::string, std::vector<double>> expected = {
            {"max-of-mcr-or-share", {35, 35, 80}},
            {"max-min", {50, 50, 50}},
            {"mcr-plus-equal-share", {20, 40, 90}},
            {"proportional-to-mcr", {12.5, 37.5, 100}},
            {"weighted", {15, 40, 95}}};
        for (const auto& [fairness, mbps] : expected)
        {
            AtmScenario sc;
            const std::vector<std::string> errors =
                sc.LoadText(text, "fairness.json", {{"fairness", fairness}});
            NS_TEST_ASSERT_MSG_EQ(errors.empty(), true, (errors.empty() ? "" : errors.front()));
            AtmScenarioHelper helper;
            helper.Build(sc, 1, 1);
            const AtmRunResults r = helper.GetResults(fairness);
            for (std::size_t i = 0; i < 3; ++i)
            {
                NS_TEST_EXPECT_MSG_EQ_TOL(r.vcs[i].idealBps,
                                          mbps[i] * 1e6,
                                          1,
                                          fairness << ": VC " << r.vcs[i].name);
            }
            Simulator::Destroy();
        }
        // "ideal": of 0.8 x the trunk (120 Mb/s, just the MCRs under MCR
        // plus equal share), times 0.5.
        {
            std::string scaled = text;
            scaled.replace(scaled.find("{\"fairness\": \"max-min\"}"),
                           std::string("{\"fairness\": \"max-min\"}").size(),
                           "{\"fairness\": \"max-min\", \"u\": 1}");
            scaled.replace(scaled.find("\"fairness\": \"${fairness}\""),
                           std::string("\"fairness\": \"${fairness}\"").size(),
                           "\"fairness\": \"mcr-plus-equal-share\", \"ideal\": "
                           "{\"utilization\": \"${u}\", \"dataFraction\": 0.5}");
            AtmScenario sc;
            std::vector<std::string> errors =
                sc.LoadText(scaled, "fairness.json", {{"u", "\"0.8\""}});
            NS_TEST_ASSERT_MSG_EQ(errors.empty(), true, (errors.empty() ? "" : errors.front()));
            AtmScenarioHelper helper;
            helper.Build(sc, 1, 1);
            const AtmRunResults r = helper.GetResults("ideal");
            const double want[] = {5, 15, 40};
            for (std::size_t i = 0; i < 3; ++i)
            {
                NS_TEST_EXPECT_MSG_EQ_TOL(r.vcs[i].idealBps, want[i] * 1e6, 1, "ideal: VC " << i);
            }
            Simulator::Destroy();
            errors = AtmScenario().LoadText(scaled, "fairness.json", {{"u", "0"}});
            NS_TEST_ASSERT_MSG_EQ(errors.size(), 1, "one error");
            NS_TEST_EXPECT_MSG_EQ(
                errors[0],
                "fairness.json: ideal.utilization: must be a number in (0, 1], not 0",
                errors[0]);
        }
        AtmScenario sc;
        const std::vector<std::string> errors =
            sc.LoadText(text, "fairness.json", {{"fairness", "\"fairest\""}});
        NS_TEST_ASSERT_MSG_EQ(errors.size(), 1, "one error");
        NS_TEST_EXPECT_MSG_NE(errors[0].find("fairness.json: fairness: "),
                              std::string::npos,
                              errors[0]);
        NS_TEST_EXPECT_MSG_NE(errors[0].find("fairest"), std::string::npos, errors[0]);
    }
};

/**
 * @ingroup atm-tests
 * The JSON Schema shipped beside the scenario files is the one the loader's
 * declaration makes (AtmScenario::GetJsonSchema()), so that editors check
 * files as the loader does. After a change to the declaration
 * (helper/atm-scenario-schema.cc) or to its JSON Schema
 * (helper/atm-scenario-json-schema.cc), regenerate the file:
 *   build/debian/examples/atm-scenario --print-schema \
 *       > examples/scenarios/atm-scenario.schema.json
 * A "$schema" field naming it is allowed in a scenario file.
 */
class AtmScenarioSchemaFileTestCase : public TestCase
{
  public:
    AtmScenarioSchemaFileTestCase()
        : TestCase("the shipped atm-scenario.schema.json is the JSON Schema the code makes")
    {
    }

  private:
    void DoRun() override
    {
        const std::string file =
            std::string(ATM_SOURCE_DIR) + "/examples/scenarios/atm-scenario.schema.json";
        std::ifstream in(file);
        NS_TEST_ASSERT_MSG_EQ(in.is_open(), true, "cannot read " << file);
        std::ostringstream shipped;
        shipped << in.rdbuf();
        const std::string made = AtmScenario::GetJsonSchema();
        // The first line that differs, for the message.
        std::istringstream a(shipped.str());
        std::istringstream b(made);
        std::string la;
        std::string lb;
        int line = 1;
        while (std::getline(a, la) && std::getline(b, lb) && la == lb)
        {
            ++line;
        }
        NS_TEST_EXPECT_MSG_EQ((shipped.str() == made),
                              true,
                              file << " differs from atm-scenario --print-schema at line " << line
                                   << ": regenerate it (see this test's comment)");
        const std::string opening = "{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/";
        NS_TEST_EXPECT_MSG_EQ((made.rfind(opening, 0) == 0), true, "draft 2020-12, named first");

        std::string text = BASE;
        text.insert(1, R"("$schema": "atm-scenario.schema.json",)");
        AtmScenario sc;
        const std::vector<std::string> errors = sc.LoadText(text, "schema.json");
        NS_TEST_EXPECT_MSG_EQ(errors.size(), 0, (errors.empty() ? "" : errors.front()));
    }
};

/**
 * @ingroup atm-tests
 * The atm-scenario test suite.
 */
class AtmScenarioTestSuite : public atmtest::IsolatedTestSuite
{
  public:
    AtmScenarioTestSuite()
        : IsolatedTestSuite("atm-scenario", Type::UNIT)
    {
        AddTestCase(new AtmScenarioErrorsTestCase);
        AddTestCase(new AtmScenarioRunTestCase);
        AddTestCase(new AtmScenarioDelayLogTestCase);
        AddTestCase(new AtmScenarioTcpTestCase);
        AddTestCase(new AtmScenarioIpQueueDiscTestCase);
        AddTestCase(new AtmScenarioAbrTestCase);
        AddTestCase(new AtmScenarioTcpAbrTestCase);
        AddTestCase(new AtmScenarioQfcTestCase);
        AddTestCase(new AtmScenarioFabricTestCase);
        AddTestCase(new AtmScenarioInputBufferTestCase);
        AddTestCase(new AtmScenarioHubTestCase);
        AddTestCase(new AtmScenarioFairnessTestCase);
        AddTestCase(new AtmScenarioSchemaFileTestCase);
        AddTestCase(new AtmScenarioBackboneTestCase);
        AddTestCase(new AtmScenarioRanksTestCase);
    }
};

static AtmScenarioTestSuite g_atmScenarioTestSuite; //!< the suite
