/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "atm-scenario-schema.h"

#include <map>

namespace ns3
{

namespace
{

/// The short type names of scenario files. Adding a queue disc, source or
/// flow-control scheme is one line here: its name and TypeId (its
/// attributes are then set by name, from the file).
const std::vector<AtmScenarioTypeName> TYPE_NAMES = {
    {"queue", "fifo", "ns3::AtmFifoQueueDisc", ""},
    {"queue", "pervc", "ns3::AtmPerVcQueueDisc", ""},
    {"queue", "priority", "ns3::AtmPriorityQueueDisc", ""},
    {"traffic", "block", "ns3::AtmBlockSource", ""},
    {"traffic", "cbr", "ns3::AtmCbrSource", ""},
    {"traffic", "greedy", "ns3::AtmGreedySource", ""},
    {"traffic", "onoff", "ns3::AtmOnOffSource", ""},
    {"traffic", "poisson", "ns3::AtmPoissonSource", ""},
    {"traffic", "tcp", "ns3::TcpSocketBase", ""},
    {"traffic", "trace", "ns3::AtmTraceSource", ""},
    {"traffic", "vbr", "ns3::AtmVbrSource", ""},
    {"flowControl", "none", "", ""},
    {"flowControl", "credit", "ns3::AtmStaticAllocation", ""},
    {"flowControl", "credit-adaptive", "ns3::AtmAdaptiveAllocation", ""},
    {"flowControl", "qfc", "ns3::AtmStaticAllocation", ""},
    {"flowControl", "zqfc", "ns3::AtmZqfcAllocation", ""},
    {"flowControl", "link-credit", "", ""},
    {"fabric", "output", "", ""},
    {"fabric", "bus-hub", "ns3::AtmBusHub", ""},
    {"hubFlowControl", "none", "", ""},
    {"hubFlowControl", "logical", "ns3::AtmHubLogicalFlowControl", ""},
    {"hubFlowControl", "physical", "ns3::AtmHubPhysicalFlowControl", ""},
    {"hubFlowControl", "hybrid", "ns3::AtmHubHybridFlowControl", ""},
    {"portBehaviour", "efci", "ns3::AtmEfciMarking", ""},
    {"portBehaviour", "selective", "ns3::AtmSelectiveMarking", ""},
    {"portBehaviour", "er", "ns3::AtmIterativeEr", ""},
    {"portBehaviour", "vccount", "ns3::AtmVcCountingEr", ""},
    {"portBehaviour", "erica", "ns3::AtmErica", ""},
    {"portBehaviour", "erica-plus", "ns3::AtmEricaPlus", ""},
    {"upc", "gcra", "ns3::AtmGcraUpc", ""},
    {"ipQueueDisc", "none", "", ""},
    {"ipQueueDisc", "fq-codel", "ns3::FqCoDelQueueDisc", ""},
    {"ipQueueDisc", "fifo", "ns3::FifoQueueDisc", ""},
    {"ipQueueDisc", "pfifo-fast", "ns3::PfifoFastQueueDisc", ""},
};

/// The base TypeId of each kind: a full TypeId name must be a subclass.
const std::map<std::string, std::string> KIND_BASE = {
    {"queue", "ns3::AtmQueueDisc"},
    {"traffic", "ns3::AtmCellSource"},
    {"flowControl", "ns3::AtmBufferAllocation"},
    {"portBehaviour", "ns3::AtmPortBehaviour"},
    {"fabric", "ns3::AtmSwitchFabric"},
    {"hubFlowControl", "ns3::AtmHubFlowControl"},
    {"upc", "ns3::AtmUpc"},
    {"ipQueueDisc", "ns3::QueueDisc"},
};

constexpr bool REQUIRED = true;       //!< a field an object must have
constexpr bool OPTIONAL = false;      //!< a field an object may have
constexpr uint64_t U32 = 0xffffffffU; //!< the largest 32-bit count

/**
 * @param kind what kind of value
 * @param expect what it must be, for messages ("" : from the kind)
 * @return a type of that kind
 */
AtmScenarioType
Make(AtmScenarioType::Kind kind, const std::string& expect = "")
{
    AtmScenarioType t;
    t.kind = kind;
    t.expect = expect;
    return t;
}

/// @return a string
AtmScenarioType
String()
{
    return Make(AtmScenarioType::STRING);
}

/**
 * @param expect what it names, for messages ("a node name")
 * @return a non-empty string
 */
AtmScenarioType
Name(const std::string& expect = "a non-empty string")
{
    AtmScenarioType t = Make(AtmScenarioType::STRING, expect);
    t.nonEmpty = true;
    return t;
}

/**
 * @param values the strings allowed
 * @param noun what a value names, for messages ("service category")
 * @param later values of a later version (an error says so)
 * @return one of the strings
 */
AtmScenarioType
Enum(const std::vector<std::string>& values,
     const std::string& noun,
     const std::vector<std::string>& later = {})
{
    AtmScenarioType t = Make(AtmScenarioType::STRING);
    t.values = values;
    t.noun = noun;
    t.later = later;
    return t;
}

/// @return true or false
AtmScenarioType
Boolean()
{
    return Make(AtmScenarioType::BOOLEAN);
}

/**
 * @param min the least value
 * @param max the largest value
 * @return an integer in [min, max]
 */
AtmScenarioType
Integer(uint64_t min, uint64_t max)
{
    AtmScenarioType t = Make(AtmScenarioType::INTEGER);
    t.min = min;
    t.max = max;
    return t;
}

/// @return a time, not negative
AtmScenarioType
Duration()
{
    return Make(AtmScenarioType::TIME);
}

/**
 * @param zeroOk whether 0 is allowed
 * @return a data rate, positive (or zero when allowed)
 */
AtmScenarioType
Rate(bool zeroOk = false)
{
    AtmScenarioType t = Make(AtmScenarioType::RATE);
    t.zeroOk = zeroOk;
    return t;
}

/// @return an ns-3 attribute value (string, number or boolean)
AtmScenarioType
AttrValue()
{
    return Make(AtmScenarioType::VALUE);
}

/// @return any value
AtmScenarioType
Any()
{
    return Make(AtmScenarioType::ANY);
}

/**
 * @param id its name in the JSON Schema's $defs ("" : inline)
 * @param description what it is
 * @param fields its fields
 * @return an object of these fields and no other
 */
AtmScenarioType
ObjectOf(const std::string& id,
         const std::string& description,
         const std::vector<AtmScenarioField>& fields)
{
    AtmScenarioType t = Make(AtmScenarioType::OBJECT);
    t.id = id;
    t.description = description;
    t.fields = fields;
    return t;
}

/**
 * @param item the type of each value
 * @param expect what it must be, for messages
 * @return an object of any names
 */
AtmScenarioType
Map(const AtmScenarioType& item, const std::string& expect = "an object")
{
    AtmScenarioType t = Make(AtmScenarioType::MAP, expect);
    t.items = {item};
    return t;
}

/**
 * @param item the type of each element
 * @param expect what it must be, for messages
 * @param minItems the fewest elements
 * @return an array
 */
AtmScenarioType
Array(const AtmScenarioType& item, const std::string& expect, uint64_t minItems = 0)
{
    AtmScenarioType t = Make(AtmScenarioType::ARRAY, expect);
    t.items = {item};
    t.min = minItems;
    return t;
}

/**
 * @param items the type of each element, in order
 * @param expect what it must be, for messages
 * @return an array of exactly these elements
 */
AtmScenarioType
Tuple(const std::vector<AtmScenarioType>& items, const std::string& expect)
{
    AtmScenarioType t = Make(AtmScenarioType::ARRAY, expect);
    t.items = items;
    t.min = items.size();
    t.max = items.size();
    return t;
}

/**
 * @param alternatives the types a value may have
 * @param expect what it must be, for messages
 * @return a value of one of them
 */
AtmScenarioType
AnyOf(const std::vector<AtmScenarioType>& alternatives, const std::string& expect)
{
    AtmScenarioType t = Make(AtmScenarioType::ANY_OF, expect);
    t.items = alternatives;
    return t;
}

/// @return an object of ns-3 attribute names and values
AtmScenarioType
Attributes()
{
    return Map(AttrValue(), "an object of attribute names and values");
}

/**
 * @param kind the kind of its type names (also its name in the JSON Schema's $defs)
 * @param description what it is
 * @param extra its further fields
 * @return {"type": ..., "attributes": {...}} and the extra fields
 */
AtmScenarioType
Component(const std::string& kind,
          const std::string& description,
          const std::vector<AtmScenarioField>& extra = {})
{
    AtmScenarioType type = Make(AtmScenarioType::STRING);
    type.typeKind = kind;
    std::vector<AtmScenarioField> fields = {
        {"type",
         type,
         REQUIRED,
         "A " + kind + " type: a short name, or the TypeId of a " + KIND_BASE.at(kind) +
             " subclass"},
        {"attributes",
         Attributes(),
         OPTIONAL,
         "Attributes of the type's ns-3 object, by name, in their ns-3 string form (or a "
         "number or boolean)"},
    };
    fields.insert(fields.end(), extra.begin(), extra.end());
    return ObjectOf(kind, description, fields);
}

/// @return a switch: a name, or {"name": ..., "fabric": ...}
AtmScenarioType
SwitchType()
{
    return AnyOf({Name(),
                  ObjectOf("switch",
                           "A switch with its fabric",
                           {{"name", Name(), REQUIRED, "Its name"},
                            {"fabric", Component("fabric", "Its switch fabric"), OPTIONAL, ""}})},
                 "a non-empty string or an object");
}

/// @return a link's inputBuffer: cells, {cells, epdThreshold}, or one of these per end
AtmScenarioType
InputBufferType()
{
    const AtmScenarioType end = ObjectOf("inputBufferEnd",
                                         "The input buffer at one switch end",
                                         {{"cells", Integer(1, U32), REQUIRED, "Buff_Size, cells"},
                                          {"epdThreshold",
                                           Integer(0, U32),
                                           OPTIONAL,
                                           "EPD threshold, cells, at most cells (0: off)"}});
    const AtmScenarioType oneEnd =
        AnyOf({Integer(1, U32), end}, "a number of cells or {\"cells\": n, \"epdThreshold\": m}");
    AtmScenarioType ends = ObjectOf("inputBufferEnds",
                                    "The input buffers of the link's two ends, each its own",
                                    {{"from", oneEnd, OPTIONAL, "At the link's from end"},
                                     {"to", oneEnd, OPTIONAL, "At the link's to end"}});
    ends.min = 1;
    return AnyOf({Integer(1, U32), end, ends},
                 "a number of cells, {\"cells\": n, \"epdThreshold\": m} or {\"from\": ..., "
                 "\"to\": ...}");
}

/// @return the fields of a link that linkDefaults may give too
std::vector<AtmScenarioField>
LinkFields()
{
    const AtmScenarioType attributes = Attributes();
    return {
        {"rate",
         Rate(),
         OPTIONAL,
         "Bit rate: bit/s, or an ns-3 DataRate (\"155.52Mbps\"); required in the link or in "
         "linkDefaults"},
        {"sonet", Boolean(), OPTIONAL, "SONET framing: cells at 26/27 of the rate (default true)"},
        {"delay", Duration(), OPTIONAL, "Propagation delay: seconds, or a string with a unit"},
        {"buffer", Integer(1, U32), OPTIONAL, "MaxCells of the queue disc of its switch ports"},
        {"queue", Component("queue", "The queue disc of its switch ports"), OPTIONAL, ""},
        {"flowControl",
         Component("flowControl",
                   "Credit-based flow control on the link (\"none\": none)",
                   {{"linkBuffer",
                     Integer(1, U32),
                     OPTIONAL,
                     "Link flow control: Buff_Size, cells (required by qfc, zqfc, link-credit)"},
                    {"sender", attributes, OPTIONAL, "Attributes of its AtmCreditSenders"},
                    {"receiver", attributes, OPTIONAL, "Attributes of its AtmCreditReceivers"}}),
         OPTIONAL,
         ""},
        {"inputBuffer",
         InputBufferType(),
         OPTIONAL,
         "The shared input buffer (Buff_Size) at the link's switch ends: needs the fabric "
         "ns3::AtmInputBufferedFabric or ns3::AtmLinkFifoFabric"},
        {"portBehaviour",
         Component("portBehaviour", "The ABR port behaviour of its switch ports"),
         OPTIONAL,
         ""},
        {"upc",
         Component("upc",
                   "Usage parameter control where it enters a switch from a host (the "
                   "network's ingress)"),
         OPTIONAL,
         ""},
        {"device", attributes, OPTIONAL, "Attributes of both its AtmNetDevices"},
        {"channel", attributes, OPTIONAL, "Attributes of its AtmChannel"},
    };
}

/// @return a link
AtmScenarioType
LinkType()
{
    std::vector<AtmScenarioField> fields = {
        {"name", String(), OPTIONAL, "Its name (default: from-to)"},
        {"from", String(), REQUIRED, "One end: a host or switch name"},
        {"to", String(), REQUIRED, "The other end"},
    };
    const std::vector<AtmScenarioField> common = LinkFields();
    fields.insert(fields.end(), common.begin(), common.end());
    return ObjectOf("link", "A link between two nodes", fields);
}

/// @return a VC
AtmScenarioType
VcType()
{
    const AtmScenarioType traffic = Component(
        "traffic",
        "The VC's source",
        {{"variant", String(), OPTIONAL, "tcp: the TCP variant (\"TcpNewReno\")"},
         {"window", Integer(1, 65535), OPTIONAL, "tcp: the receive window, octets"},
         {"mss", Integer(1, 65495), OPTIONAL, "tcp: the maximum segment size, octets"},
         {"bytes", Integer(0, UINT64_MAX), OPTIONAL, "tcp: octets to send (0: without end)"},
         {"sack", Boolean(), OPTIONAL, "tcp: selective acknowledgements"},
         {"timestamps", Boolean(), OPTIONAL, "tcp: the timestamp option"},
         {"reno", Boolean(), OPTIONAL, "tcp: Reno's fast recovery (AtmTcpRenoSocket)"}});
    const AtmScenarioType abr =
        ObjectOf("",
                 "",
                 {{"source", Attributes(), OPTIONAL, "Attributes of its AtmAbrSources"},
                  {"destination", Attributes(), OPTIONAL, "Attributes of its AtmAbrDestinations"}});
    return ObjectOf(
        "vc",
        "A virtual circuit and its traffic",
        {{"name", String(), REQUIRED, "Its name, unique"},
         {"group", String(), OPTIONAL, "A group for reports"},
         {"category",
          Enum({"UBR", "CBR", "rt-VBR", "nrt-VBR", "ABR"}, "service category", {"GFR"}),
          OPTIONAL,
          "Its service category (default UBR)"},
         {"path",
          Array(String(), "an array of at least two node names (host, switches..., host)", 2),
          REQUIRED,
          "Its nodes: a host, the switches, a host"},
         {"labels",
          Array(Tuple({Integer(0, 4095), Integer(32, 65535)}, "a [VPI, VCI] pair"),
                "an array of [VPI, VCI] pairs, one per link of the path"),
          OPTIONAL,
          "Its [VPI, VCI] on each link of the path (default: chosen)"},
         {"weight",
          Integer(1, U32),
          OPTIONAL,
          "Its round-robin weight, and its weight under fairness \"weighted\""},
         {"pcr", Rate(), OPTIONAL, "Peak cell rate, as a bit rate"},
         {"mcr", Rate(true), OPTIONAL, "Minimum cell rate, as a bit rate"},
         {"scr", Rate(), OPTIONAL, "VBR: sustainable cell rate, as a bit rate"},
         {"mbs", Integer(1, U32), OPTIONAL, "VBR: maximum burst size, cells"},
         {"cdvt", Duration(), OPTIONAL, "Cell delay variation tolerance of its contract"},
         {"tagging",
          Boolean(),
          OPTIONAL,
          "VBR.3: cells beyond the SCR are tagged CLP = 1, not discarded"},
         {"traffic", traffic, REQUIRED, ""},
         {"start", Duration(), OPTIONAL, "When its source starts"},
         {"startJitter", Duration(), OPTIONAL, "Start plus a uniform random delay up to this"},
         {"stop", Duration(), OPTIONAL, "When its source stops"},
         {"abr", abr, OPTIONAL, "ABR VCs: attributes of the end systems"}});
}

/// @return the measurement window
AtmScenarioType
MeasurementType()
{
    return ObjectOf("",
                    "The measurement window",
                    {{"start", Duration(), REQUIRED, "Start of the measurement window"},
                     {"stop", Duration(), REQUIRED, "End of the measurement window"},
                     {"end", Duration(), OPTIONAL, "End of the simulation (default: stop)"}});
}

/// @return the time series
AtmScenarioType
TimeSeriesType()
{
    return ObjectOf(
        "",
        "Time series sampled during the run",
        {{"interval", Duration(), REQUIRED, "Sampling interval, positive"},
         {"queue",
          AnyOf({Enum({"all"}, "link"), Array(String(), "an array of link names")},
                "\"all\" or an array of link names"),
          OPTIONAL,
          "Links whose queue lengths are sampled"},
         {"acr", Array(String(), "an array of ABR VC names"), OPTIONAL, "ABR VCs: ACR sampled"},
         {"credit",
          Array(String(), "an array of VC names"),
          OPTIONAL,
          "VCs whose credit balance (Crd_Bal) is sampled"},
         {"goodput",
          Array(String(), "an array of tcp VC names"),
          OPTIONAL,
          "tcp VCs whose goodput is sampled"}});
}

/// @return the hub section
AtmScenarioType
HubType()
{
    const AtmScenarioType to =
        AnyOf({Enum({"all"}, "destination"),
               ObjectOf("",
                        "",
                        {{"board", Integer(0, 4095), REQUIRED, "The first destination board"},
                         {"step", Integer(0, 1), OPTIONAL, "Board step between streams"}})},
              "\"all\" or {\"board\": b, \"step\": 0 or 1}");
    AtmScenarioType stream = ObjectOf(
        "stream",
        "Study streams of the hub: AtmHubSources feeding boards directly",
        {{"name", String(), REQUIRED, "Its name, unique (several streams: name.k)"},
         {"group", String(), OPTIONAL, "A group for reports"},
         {"board", Integer(0, 4095), OPTIONAL, "The sending board"},
         {"boards",
          Tuple({Integer(0, 4095), Integer(0, 4095)}, "[first, last]"),
          OPTIONAL,
          "The sending boards, [first, last]"},
         {"perBoard", Integer(1, 4096), OPTIONAL, "Streams per sending board"},
         {"rate",
          Rate(true),
          OPTIONAL,
          "The entry's total rate, split evenly (required unless arrivals is Persistent)"},
         {"arrivals", AttrValue(), OPTIONAL, "ns3::AtmHubSource::Arrivals (default Poisson)"},
         {"attributes", Attributes(), OPTIONAL, "Further attributes of each AtmHubSource"},
         {"to",
          to,
          REQUIRED,
          "Destinations: \"all\" (every address of addressesPerBoard), or a new address on "
          "board + k x step for stream k"}});
    stream.exactlyOne = {{"board", "boards"}};
    return ObjectOf(
        "hub",
        "A bus hub switch and its study streams (Chong, Nagarajan and Wang)",
        {{"switch", String(), REQUIRED, "The switch, of fabric bus-hub"},
         {"boards", Integer(1, 4096), REQUIRED, "Boards of the hub"},
         {"addressesPerBoard",
          Integer(0, 4096),
          OPTIONAL,
          "Logical addresses made on every board first"},
         {"flowControl", Component("hubFlowControl", "The hub's flow control"), OPTIONAL, ""},
         {"streams",
          Array(stream, "a non-empty array of stream entries", 1),
          REQUIRED,
          "The traffic"}});
}

/// @return the backbone section
AtmScenarioType
BackboneType()
{
    // A VC template: a VC without name, path and labels, and how many.
    AtmScenarioType vc = VcType();
    vc.id = "backboneVcs";
    vc.description = "VCs between random switches of the backbone, all alike";
    std::vector<AtmScenarioField> fields = {
        {"name", Name(), REQUIRED, "The VCs' names: this, then 1, 2, ... (\"ubr1\")"},
        {"count", Integer(0, 10000000), REQUIRED, "How many"}};
    for (const AtmScenarioField& f : vc.fields)
    {
        if (f.name != "name" && f.name != "path" && f.name != "labels")
        {
            fields.push_back(f);
        }
    }
    vc.fields = fields;
    const AtmScenarioType links =
        ObjectOf("backboneLinks", "Fields of one kind of the backbone's links", LinkFields());
    return ObjectOf(
        "backbone",
        "A national backbone (AtmBackbone): metro rings of switches, their gateways joined "
        "by trunks, a host on every switch, and VCs between random switches",
        {{"rings", Integer(1, 4096), REQUIRED, "Metro rings"},
         {"ringSize", Integer(1, 4096), REQUIRED, "Switches per ring (R1S1, R1S2, ...)"},
         {"trunkDelay",
          Tuple({Duration(), Duration()}, "[shortest, longest]"),
          REQUIRED,
          "The trunks' delays, spread evenly from the shortest to the longest"},
         {"seed",
          Integer(1, U32),
          OPTIONAL,
          "Seed of the VCs' end switches (default 1); the run's seed does not move them"},
         {"ring", links, OPTIONAL, "Fields of the ring links"},
         {"trunk", links, OPTIONAL, "Fields of the trunks (not delay: trunkDelay gives it)"},
         {"access", links, OPTIONAL, "Fields of each host's link to its switch"},
         {"vcs",
          Array(vc, "a non-empty array of VC templates", 1),
          REQUIRED,
          "The VCs, by template: a tcp VC gets a host pair of its own"}});
}

/// @return the names "fairness" takes
std::vector<std::string>
FairnessNames()
{
    std::vector<std::string> names;
    for (const auto& entry : AtmScenarioSchema::GetFairnessCriteria())
    {
        names.push_back(entry.first);
    }
    return names;
}

/// @return the declaration of a whole scenario file
AtmScenarioType
MakeRoot()
{
    return ObjectOf(
        "",
        "",
        {{"$schema", String(), OPTIONAL, "The JSON Schema of this file, for editors (ignored)"},
         {"name", String(), REQUIRED, "The scenario's name, stored with its results"},
         {"description", String(), OPTIONAL, "What it is"},
         {"seed", Integer(1, U32), OPTIONAL, "RNG seed (default 1; --seed overrides)"},
         {"run", Integer(0, UINT64_MAX), OPTIONAL, "RNG run number (default 1; --run overrides)"},
         {"fairness",
          Enum(FairnessNames(), "fairness criterion"),
          OPTIONAL,
          "The TM 4.0 fairness criterion of the VCs' ideal rates (AtmMaxMinOracle; default "
          "max-of-mcr-or-share); weighted shares by each VC's weight"},
         {"ideal",
          ObjectOf("",
                   "",
                   {{"utilization",
                     AttrValue(),
                     OPTIONAL,
                     "A number in (0, 1]: the ideal rates share this part of each link (an "
                     "explicit-rate scheme's TargetUtilization; default 1)"},
                    {"dataFraction",
                     AttrValue(),
                     OPTIONAL,
                     "A number in (0, 1]: the part of a VC's cells that are data, by which its "
                     "ideal rate is scaled (ABR: (Nrm - 1) / Nrm; default 1)"}}),
          OPTIONAL,
          "What the ideal rates are of: the oracle's rates (in cells, MCRs and PCRs "
          "included) of utilization x each link, times dataFraction"},
         {"parameters",
          Map(Any()),
          OPTIONAL,
          "Parameters and their defaults (--params overrides): \"${name}\" as a whole string "
          "becomes the value, inside a string its text"},
         {"attributeDefaults",
          Map(AttrValue()),
          OPTIONAL,
          "ns-3 attribute defaults, \"ns3::Type::Attribute\": value"},
         {"hosts", Array(Name(), "an array of node names"), REQUIRED, "The hosts"},
         {"ipQueueDisc",
          Component("ipQueueDisc",
                    "The root queue disc of ns-3's traffic control layer on the ATM ports of "
                    "hosts with an IP stack (the hosts of tcp VCs): none, to send IP packets "
                    "straight to the AAL5 endpoint, whose per-VC queue is then the host's only "
                    "one; default: ns-3's own (fq-codel, which Ipv4AddressHelper installs)"),
          OPTIONAL,
          ""},
         {"switches",
          Array(SwitchType(), "an array of node names"),
          REQUIRED,
          "The switches: names, or {\"name\": ..., \"fabric\": ...}"},
         {"linkDefaults",
          ObjectOf("linkDefaults", "Fields every link has unless it gives its own", LinkFields()),
          OPTIONAL,
          ""},
         {"links", Array(LinkType(), "an array"), REQUIRED, "The links"},
         {"vcs",
          Array(VcType(), "an array of VCs"),
          REQUIRED,
          "The VCs (empty only with a hub or a backbone)"},
         {"measurement", MeasurementType(), REQUIRED, ""},
         {"timeSeries", TimeSeriesType(), OPTIONAL, ""},
         {"hub", HubType(), OPTIONAL, ""},
         {"backbone", BackboneType(), OPTIONAL, ""}});
}

} // namespace

const AtmScenarioField*
AtmScenarioType::GetField(const std::string& name) const
{
    for (const AtmScenarioField& f : fields)
    {
        if (f.name == name)
        {
            return &f;
        }
    }
    return nullptr;
}

std::string
AtmScenarioType::GetExpect() const
{
    if (!expect.empty())
    {
        return expect;
    }
    switch (kind)
    {
    case STRING:
        return nonEmpty ? "a non-empty string" : "a string";
    case BOOLEAN:
        return "true or false";
    case INTEGER:
        return "an integer";
    case VALUE:
        return "a string, number or boolean";
    case OBJECT:
    case MAP:
        return "an object";
    case ARRAY:
        return "an array";
    default:
        return "a valid value";
    }
}

const AtmScenarioType&
AtmScenarioSchema::GetRoot()
{
    static const AtmScenarioType root = MakeRoot();
    return root;
}

const std::vector<AtmScenarioTypeName>&
AtmScenarioSchema::GetTypeNames()
{
    return TYPE_NAMES;
}

const std::vector<std::pair<std::string, AtmMaxMinOracle::Criterion>>&
AtmScenarioSchema::GetFairnessCriteria()
{
    static const std::vector<std::pair<std::string, AtmMaxMinOracle::Criterion>> criteria = {
        {"max-of-mcr-or-share", AtmMaxMinOracle::MAX_OF_MCR_OR_SHARE},
        {"max-min", AtmMaxMinOracle::MAX_MIN},
        {"mcr-plus-equal-share", AtmMaxMinOracle::MCR_PLUS_EQUAL_SHARE},
        {"proportional-to-mcr", AtmMaxMinOracle::PROPORTIONAL_TO_MCR},
        {"weighted", AtmMaxMinOracle::WEIGHTED}};
    return criteria;
}

std::string
AtmScenarioSchema::GetBaseTypeId(const std::string& kind)
{
    const auto base = KIND_BASE.find(kind);
    return base == KIND_BASE.end() ? "" : base->second;
}

} // namespace ns3
