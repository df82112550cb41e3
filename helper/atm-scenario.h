/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ATM_SCENARIO_H
#define ATM_SCENARIO_H

#include "atm-tcp-settings.h"

#include "ns3/atm-max-min-oracle.h"
#include "ns3/atm-traffic-contract.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * @ingroup atm
 * @brief An experiment described by a scenario file (JSON): nodes, links,
 *        VCs, traffic, measurement window, seed and run number.
 *
 * Load() reads and checks a file completely before anything is built: it
 * returns every error found, each naming the file, the JSON path and the
 * problem ("gfc1.json: vcs[4].path[2]: no link between S3 and S5"); an
 * empty list means the scenario is valid and AtmScenarioHelper can build
 * and run it. The schema is documented in doc/atm.rst ("Scenario files");
 * every field is declared once, in helper/atm-scenario-schema.cc, which
 * both the loader's checks and GetJsonSchema() read.
 *
 * Type names of queue discs, traffic and flow-control schemes come from a
 * table (short name -> ns-3 TypeId); a full TypeId name ("ns3::...") of a
 * registered subclass works too. Every attribute is set by name with its
 * ns-3 string form, and checked against the TypeId (unknown attribute,
 * value that does not parse or is out of range) at load time.
 */
class AtmScenario
{
  public:
    /// An ns-3 object to create: its TypeId name and attributes (name, value).
    struct Component
    {
        std::string kind;                                            //!< short name ("pervc")
        std::string typeId;                                          //!< TypeId name
        std::vector<std::pair<std::string, std::string>> attributes; //!< set by name
    };

    /// A link between two nodes.
    struct Link
    {
        std::string name;         //!< its name ("S1-S2" by default)
        std::string from;         //!< one node
        std::string to;           //!< the other
        Component device;         //!< attributes of both AtmNetDevices (typeId unused)
        Component channel;        //!< attributes of the AtmChannel (typeId unused)
        Component queue;          //!< queue disc of the link's switch ports
        Component flowControl;    //!< flow-control scheme ("none": none)
        uint32_t linkBuffer = 0;  //!< link flow control: Buff_Size, cells (0: none)
        bool vcCredit = true;     //!< per-VC credit with it (false: link-credit, link alone)
        Component creditSender;   //!< attributes of its AtmCreditSenders (typeId unused)
        Component creditReceiver; //!< attributes of its AtmCreditReceivers (typeId unused)
        Component portBehaviour;  //!< ABR port behaviour of its switch ports (kind empty: none)
        Component upc;            //!< UPC at a switch end facing a host (typeId empty: none)

        /// The shared input buffer at one end (input-buffered fabric, Buff_Size).
        struct InputBuffer
        {
            uint32_t cells = 0;        //!< Buff_Size, cells (0: the fabric's BufferSize)
            bool epdSet = false;       //!< epdThreshold given (else the fabric's EpdThreshold)
            uint32_t epdThreshold = 0; //!< EPD threshold, cells (0: EPD off)
        };

        InputBuffer inputBuffer[2]; //!< the input buffers at from ([0]) and at to ([1])
    };

    /// A VPI/VCI pair.
    typedef std::pair<uint16_t, uint16_t> Label;

    /// A virtual circuit and its traffic.
    struct Vc
    {
        std::string name;              //!< unique name
        std::string group;             //!< group for reports (may be empty)
        std::string category;          //!< service category (UBR, CBR, ...)
        std::vector<std::string> path; //!< host, switches..., host
        std::vector<Label> labels;     //!< one per link, or empty (chosen)
        uint32_t weight = 1;           //!< round-robin weight (and fairness weight)
        double pcr = std::numeric_limits<double>::infinity(); //!< peak rate, bit/s
        double mcr = 0;                                       //!< minimum rate, bit/s
        std::optional<AtmTrafficContract> contract; //!< its traffic contract, if it has parameters
        Component traffic;                          //!< its source
        AtmTcpSettings tcp;       //!< the TCP of "tcp" traffic (traffic.attributes: more)
        uint64_t tcpBytes = 0;    //!< octets a "tcp" transfer sends (0: without end)
        Component abrSource;      //!< ABR: attributes of its AtmAbrSources
        Component abrDestination; //!< ABR: attributes of its AtmAbrDestinations
        Time start;               //!< source start
        Time startJitter;         //!< start + U(0, jitter)
        Time stop;                //!< source stop
    };

    /// Study streams of a bus hub (Chong et al. §4): AtmHubSources that
    /// feed boards directly, one entry of the file's hub.streams.
    struct HubStreams
    {
        std::string name;        //!< entry name (a stream: name, or name.k of several)
        std::string group;       //!< group for reports (may be empty)
        uint32_t firstBoard = 0; //!< first sending board
        uint32_t lastBoard = 0;  //!< last sending board
        uint32_t perBoard = 1;   //!< streams per sending board (N)
        double rateBps = 0;      //!< the entry's total rate, split evenly (0: silent or persistent)
        Component source;        //!< attributes of each AtmHubSource (Arrivals, ...)
        bool toAll = false;      //!< each stream to every address of addressesPerBoard
        uint32_t toBoard = 0;    //!< else: stream k a new address on toBoard + k x toStep
        uint32_t toStep = 0;     //!< see toBoard
    };

    /// The hub section: a switch whose fabric is an AtmBusHub, and its streams.
    struct Hub
    {
        std::string sw;                  //!< the switch ("": no hub section)
        uint32_t boards = 0;             //!< boards of the hub
        uint32_t addressesPerBoard = 0;  //!< logical addresses made on every board first
        Component flowControl;           //!< AtmHubFlowControl (typeId empty: none)
        std::vector<HubStreams> streams; //!< the traffic
    };

    /**
     * @brief Read and check a scenario file.
     * @param file the file
     * @param params values of the file's parameters that replace their
     *        defaults (name -> value; a value is taken as JSON when it parses
     *        as JSON, as a string otherwise)
     * @return every error found; empty when the scenario is valid
     */
    std::vector<std::string> Load(const std::string& file,
                                  const std::map<std::string, std::string>& params = {});

    /**
     * @brief Check a scenario given as text.
     * @param text the JSON text
     * @param file the name to give in error messages
     * @param params as for Load()
     * @return every error found
     */
    std::vector<std::string> LoadText(const std::string& text,
                                      const std::string& file,
                                      const std::map<std::string, std::string>& params = {});

    /**
     * @brief Parse "a=1,b=fifo,c={"x":1,"y":2}" into parameter values.
     * @param text comma-separated name=value pairs (commas inside JSON
     *        brackets and strings do not separate)
     * @param errors where to add a malformed pair
     * @return the values
     */
    static std::map<std::string, std::string> ParseParams(const std::string& text,
                                                          std::vector<std::string>& errors);

    /**
     * @brief The JSON Schema (draft 2020-12) of scenario files, made from
     *        the declaration the loader checks files against (every object,
     *        field, type, range and type name; a "${parameter}" allowed
     *        wherever it may stand). The loader checks more than the schema
     *        can say: that nodes, links and VCs fit together, TypeIds and
     *        their attribute values. examples/scenarios/atm-scenario.schema.json
     *        is its text (atm-scenario --print-schema).
     * @return the schema, as indented JSON text
     */
    static std::string GetJsonSchema();

    /// @return the scenario's name
    const std::string& GetName() const;
    /// @return the file it was read from
    const std::string& GetFile() const;
    /// @return the scenario after parameter substitution, as compact JSON
    const std::string& GetResolvedText() const;
    /// @return the parameters and their values, as compact JSON
    const std::string& GetParamsText() const;
    /// @return the seed
    uint32_t GetSeed() const;
    /// @return the run number
    uint64_t GetRun() const;
    /// @return the fairness criterion of the VCs' ideal rates ("fairness")
    AtmMaxMinOracle::Criterion GetFairness() const;
    /// @return the part of each link the ideal rates share ("ideal")
    double GetIdealUtilization() const;
    /// @return the part of a VC's cells its ideal rate counts ("ideal")
    double GetIdealDataFraction() const;
    /// @return the host names
    const std::vector<std::string>& GetHosts() const;
    /**
     * @return the root queue disc of the IP hosts' ATM ports ("ipQueueDisc";
     *         kind empty: ns-3's default, typeId empty: none)
     */
    const Component& GetIpQueueDisc() const;
    /// @return the switch names
    const std::vector<std::string>& GetSwitches() const;
    /**
     * @param sw a switch name
     * @return its fabric (typeId empty: output-buffered, the default)
     */
    Component GetFabric(const std::string& sw) const;
    /// @return the links
    const std::vector<Link>& GetLinks() const;
    /// @return the VCs
    const std::vector<Vc>& GetVcs() const;
    /// @return the hub section (sw empty: none)
    const Hub& GetHub() const;
    /// @return ns-3 attribute defaults to set (full name, value)
    const std::vector<std::pair<std::string, std::string>>& GetDefaults() const;
    /// @return start of the measurement window
    Time GetMeasureStart() const;
    /// @return end of the measurement window
    Time GetMeasureStop() const;
    /// @return end of the simulation
    Time GetEnd() const;
    /// @return sampling interval of the time series (zero: none)
    Time GetSeriesInterval() const;
    /// @return names of the links whose queue lengths are sampled
    const std::vector<std::string>& GetQueueSeries() const;
    /// @return names of the ABR VCs whose ACR is sampled
    const std::vector<std::string>& GetAcrSeries() const;
    /// @return names of the VCs whose credit balance (Crd_Bal) is sampled
    const std::vector<std::string>& GetCreditSeries() const;
    /// @return names of the tcp VCs whose goodput per interval is sampled
    const std::vector<std::string>& GetGoodputSeries() const;

  private:
    // The loader's section parsers fill the scenario (atm-scenario-*-parser.h).
    friend class AtmScenarioNodesParser;
    friend class AtmScenarioVcsParser;
    friend class AtmScenarioMeasurementParser;
    friend class AtmScenarioHubParser;

    std::string m_name;     //!< scenario name
    std::string m_file;     //!< file name
    std::string m_resolved; //!< resolved JSON
    std::string m_params;   //!< parameters, JSON
    uint32_t m_seed = 1;    //!< RNG seed
    uint64_t m_run = 1;     //!< RNG run
    AtmMaxMinOracle::Criterion m_fairness = AtmMaxMinOracle::MAX_OF_MCR_OR_SHARE; //!< criterion
    double m_idealUtilization = 1;                               //!< "ideal": utilization
    double m_idealDataFraction = 1;                              //!< "ideal": dataFraction
    std::vector<std::string> m_hosts;                            //!< hosts
    Component m_ipQueueDisc;                                     //!< IP hosts' root queue disc
    std::vector<std::string> m_switches;                         //!< switches
    std::map<std::string, Component> m_fabrics;                  //!< switch -> fabric
    std::vector<Link> m_links;                                   //!< links
    std::vector<Vc> m_vcs;                                       //!< VCs
    Hub m_hub;                                                   //!< hub section
    std::vector<std::pair<std::string, std::string>> m_defaults; //!< Config defaults
    Time m_measureStart;                                         //!< window start
    Time m_measureStop;                                          //!< window end
    Time m_end;                                                  //!< simulation end
    Time m_seriesInterval;                                       //!< sampling interval
    std::vector<std::string> m_queueSeries;                      //!< sampled links
    std::vector<std::string> m_acrSeries;                        //!< sampled ABR VCs
    std::vector<std::string> m_creditSeries;                     //!< VCs: sampled Crd_Bal
    std::vector<std::string> m_goodputSeries;                    //!< tcp VCs: sampled goodput
};

} // namespace ns3

#endif /* ATM_SCENARIO_H */
