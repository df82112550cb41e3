/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * A real host's TCP over the simulated ATM network, through ns-3's
 * TapBridge in real time (Kung and Wang, Appendix A: their simulator ran
 * NetBSD's TCP through tunnel interfaces).
 *
 *   Linux host (tap "atmtap0", 10.1.1.1) == ghost node -- switch -- sink node (10.1.1.2)
 *
 * The ghost node's ATM port is bridged to a tap device in ConfigureLocal
 * mode: the tap takes the port's MAC and IP address, and frames the host
 * writes to it leave on the port's AAL5 endpoint. IP reaches a VC through
 * the ARP cache (static ATMARP, AtmVcHelper::CreateIpPvc); the host's own
 * ARP cannot resolve over ATM, so the example gives the host a permanent
 * ARP entry mapping 10.1.1.2 to the VC's address (02:00:VPI:VCI) once the
 * tap exists. A thread of this program then opens a kernel TCP socket to
 * the ns-3 PacketSink on the far node and sends --bytes octets; the
 * simulator runs in real time (RealtimeSimulatorImpl, checksums on) until
 * the sink has them all or --timeout seconds pass. The trunk runs at
 * --trunkMbps with per-VC queues and --buffer cells, so the host's TCP
 * meets a real ATM bottleneck (cells lost at the switch cost whole
 * segments: watch the retransmissions with ss -ti or tcpdump -i atmtap0).
 *
 * It needs /dev/net/tun, the right to create a tap device (root or
 * CAP_NET_ADMIN) and ns-3's tap-creator where the tap-bridge library looks
 * for it: packaged ns-3 builds (Debian's libns3-dev, the PyPI wheel) have
 * the absolute path of the machine they were built on compiled in, so
 * there the example offers --linkTapCreator=1 (a link from that path to the
 * installed program); in an ns-3 tree (drop-in build) it works as it is.
 * Without any of these it says which and exits 0 (skipped). Prints the
 * octets sent and received and the goodput; exits 1 if the sink did not get
 * them all.
 *
 * Usage: sudo ./atm-tap-bridge [--bytes=2000000] [--trunkMbps=20]
 *        [--buffer=500] [--timeout=30] [--linkTapCreator=1]
 */

#include "ns3/applications-module.h"
#include "ns3/atm-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/tap-bridge-module.h"

#include <arpa/inet.h>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iostream>
#include <iterator>
#include <net/if.h>
#include <net/if_arp.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("AtmTapBridge");

namespace
{

const char* const TAP_NAME = "atmtap0"; //!< the tap device
const uint16_t PORT = 5000;             //!< the sink's TCP port

/**
 * Why this machine cannot run the example ("" if it can).
 * @return the reason
 */
std::string
WhyNot()
{
    const int fd = open("/dev/net/tun", O_RDWR);
    if (fd < 0)
    {
        return std::string("cannot open /dev/net/tun (") + std::strerror(errno) + ")";
    }
    close(fd);
    if (geteuid() != 0)
    {
        return "creating a tap device needs root (or CAP_NET_ADMIN): run it with sudo";
    }
    return "";
}

/**
 * The tap-bridge library this program loaded.
 * @return its path ("" if none)
 */
std::string
TapBridgeLibrary()
{
    std::ifstream maps("/proc/self/maps");
    std::string line;
    while (std::getline(maps, line))
    {
        const auto slash = line.find('/');
        const std::string path = slash == std::string::npos ? "" : line.substr(slash);
        const std::string file = path.substr(path.rfind('/') + 1);
        if (file.find("tap-bridge") != std::string::npos && file.find(".so") != std::string::npos)
        {
            return path;
        }
    }
    return "";
}

/**
 * The tap-creator program TapBridge will start: the name compiled into the
 * library (TAP_CREATOR). A packaged ns-3 (Debian's, the PyPI wheel) has
 * the absolute path of the machine it was built on there.
 * @param library the tap-bridge library
 * @return that name ("" if not found)
 */
std::string
CompiledTapCreator(const std::string& library)
{
    std::ifstream lib(library, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(lib)),
                            std::istreambuf_iterator<char>());
    const std::string tail = "-tap-creator";
    for (auto end = bytes.find(tail + '\0'); end != std::string::npos;
         end = bytes.find(tail + '\0', end + 1))
    {
        auto begin = bytes.rfind('\0', end);
        begin = begin == std::string::npos ? 0 : begin + 1;
        const std::string name = bytes.substr(begin, end + tail.size() - begin);
        if (name.find("ns3") != std::string::npos)
        {
            return name;
        }
    }
    return "";
}

/**
 * A tap-creator installed beside the library (Debian: /usr/libexec/ns3;
 * the wheel: `<prefix>/libexec/ns3`; an ns-3 tree: build/src/tap-bridge).
 * @param library the tap-bridge library
 * @param name the program's file name
 * @return its path ("" if none)
 */
std::string
InstalledTapCreator(const std::string& library, const std::string& name)
{
    const std::string dir = library.substr(0, library.rfind('/'));
    for (const std::string& d : {dir + "/../libexec/ns3",
                                 dir + "/../../libexec/ns3",
                                 dir + "/../src/tap-bridge",
                                 std::string("/usr/libexec/ns3")})
    {
        const std::string p = d + "/" + name;
        if (access(p.c_str(), X_OK) == 0)
        {
            return p;
        }
    }
    return "";
}

/**
 * Make sure TapBridge can start its tap-creator.
 * @param link create the compiled-in path as a link to the installed
 *        program if it is missing
 * @return why it cannot ("" if it can)
 */
std::string
CheckTapCreator(bool link)
{
    const std::string library = TapBridgeLibrary();
    const std::string compiled = CompiledTapCreator(library);
    if (compiled.empty() || compiled[0] != '/' || access(compiled.c_str(), X_OK) == 0)
    {
        return ""; // found on the PATH (an ns-3 tree sets it) or where compiled
    }
    const std::string name = compiled.substr(compiled.rfind('/') + 1);
    const std::string installed = InstalledTapCreator(library, name);
    if (link && !installed.empty())
    {
        const std::string dir = compiled.substr(0, compiled.rfind('/'));
        const std::string mk = "mkdir -p '" + dir + "'";
        if (std::system(mk.c_str()) == 0 && symlink(installed.c_str(), compiled.c_str()) == 0)
        {
            // The program finds ns-3's libraries (the wheel's are not on the
            // system's path) where this program found tap-bridge.
            const char* old = std::getenv("LD_LIBRARY_PATH");
            const std::string libs = library.substr(0, library.rfind('/')) +
                                     (old ? std::string(":") + old : std::string());
            setenv("LD_LIBRARY_PATH", libs.c_str(), 1);
            std::cout << "atm-tap-bridge: linked " << compiled << " -> " << installed << std::endl;
            return "";
        }
        return "could not link " + compiled + " to " + installed + ": " + std::strerror(errno);
    }
    return "this ns-3 (" + library + ") starts tap-creator from " + compiled +
           ", the path it was built in, which does not exist here" +
           (installed.empty() ? std::string()
                              : "; the program is at " + installed +
                                    ": rerun with --linkTapCreator=1 to link it there") +
           " (in an ns-3 tree, the drop-in build, it works as it is)";
}

/**
 * Give the host a permanent ARP entry on the tap: ip -> mac.
 * @param ip the peer's address
 * @param mac its VC address
 * @return false (with errno) if the kernel refused
 */
bool
AddHostArpEntry(Ipv4Address ip, Mac48Address mac)
{
    struct arpreq req;
    std::memset(&req, 0, sizeof(req));
    auto* pa = reinterpret_cast<struct sockaddr_in*>(&req.arp_pa);
    pa->sin_family = AF_INET;
    pa->sin_addr.s_addr = htonl(ip.Get());
    req.arp_ha.sa_family = ARPHRD_ETHER;
    mac.CopyTo(reinterpret_cast<uint8_t*>(req.arp_ha.sa_data));
    req.arp_flags = ATF_PERM | ATF_COM;
    std::strncpy(req.arp_dev, TAP_NAME, sizeof(req.arp_dev) - 1);
    const int s = socket(AF_INET, SOCK_DGRAM, 0);
    const bool ok = s >= 0 && ioctl(s, SIOCSARP, &req) == 0;
    if (s >= 0)
    {
        close(s);
    }
    return ok;
}

/// What the host's sending thread did.
struct HostSender
{
    std::atomic<bool> done{false}; //!< the thread has finished
    std::atomic<uint64_t> sent{0}; //!< octets the kernel accepted
    std::string error;             //!< why it stopped early ("" if it did not)

    /**
     * Wait for the tap, add the ARP entry, connect and send.
     * @param peer the sink's address
     * @param vcAddress the VC's address for the ARP entry
     * @param bytes how many octets
     */
    void Run(Ipv4Address peer, Mac48Address vcAddress, uint64_t bytes)
    {
        for (int i = 0; i < 100 && if_nametoindex(TAP_NAME) == 0; ++i)
        {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        if (if_nametoindex(TAP_NAME) == 0)
        {
            Fail("the tap device did not appear");
            return;
        }
        if (!AddHostArpEntry(peer, vcAddress))
        {
            Fail(std::string("ARP entry refused: ") + std::strerror(errno));
            return;
        }
        const int s = socket(AF_INET, SOCK_STREAM, 0);
        struct sockaddr_in to;
        std::memset(&to, 0, sizeof(to));
        to.sin_family = AF_INET;
        to.sin_port = htons(PORT);
        to.sin_addr.s_addr = htonl(peer.Get());
        if (s < 0 || connect(s, reinterpret_cast<struct sockaddr*>(&to), sizeof(to)) != 0)
        {
            Fail(std::string("connect: ") + std::strerror(errno));
            if (s >= 0)
            {
                close(s);
            }
            return;
        }
        std::vector<char> chunk(16384, 'a');
        while (sent < bytes)
        {
            const size_t n = std::min<uint64_t>(chunk.size(), bytes - sent);
            const ssize_t w = send(s, chunk.data(), n, 0);
            if (w <= 0)
            {
                Fail(std::string("send: ") + std::strerror(errno));
                break;
            }
            sent += w;
        }
        shutdown(s, SHUT_WR);
        close(s);
        done = true;
    }

    /**
     * Stop with a reason.
     * @param why the reason
     */
    void Fail(const std::string& why)
    {
        error = why;
        done = true;
    }
};

/// When to end the run: the sink has every octet, or the host gave up.
struct Finish
{
    Ptr<PacketSink> sink;   //!< the simulated receiver
    const HostSender* host; //!< the host's sender
    uint64_t bytes;         //!< octets the host sends
    Time finished;          //!< when the run ended (zero until then)
};

/**
 * Checks every 100 ms of simulated time whether the run is over.
 * @param f the condition and its result
 */
void
CheckFinished(Finish* f)
{
    if (f->sink->GetTotalRx() >= f->bytes || (f->host->done && !f->host->error.empty()))
    {
        f->finished = Simulator::Now();
        Simulator::Stop();
        return;
    }
    Simulator::Schedule(MilliSeconds(100), &CheckFinished, f);
}

} // namespace

int
main(int argc, char* argv[])
{
    uint64_t bytes = 2000000;
    double trunkMbps = 20;
    uint32_t buffer = 500;
    double timeout = 30;
    bool linkTapCreator = false;
    CommandLine cmd(__FILE__);
    cmd.AddValue("linkTapCreator",
                 "If this ns-3's tap-creator path does not exist, link it to the installed one",
                 linkTapCreator);
    cmd.AddValue("bytes", "Octets the host's TCP sends", bytes);
    cmd.AddValue("trunkMbps", "Line rate of the switch's link to the sink, Mb/s", trunkMbps);
    cmd.AddValue("buffer", "Cells of the switch's output buffer", buffer);
    cmd.AddValue("timeout", "Give up after this many (real) seconds", timeout);
    cmd.Parse(argc, argv);
    NS_ABORT_MSG_IF(trunkMbps <= 0,
                    "atm-tap-bridge: --trunkMbps = " << trunkMbps << ": must be positive");
    NS_ABORT_MSG_IF(bytes == 0, "atm-tap-bridge: --bytes = 0: nothing to send");

    const std::string why = WhyNot();
    if (!why.empty())
    {
        std::cout << "atm-tap-bridge: skipped: " << why << std::endl;
        return 0;
    }

    const std::string noCreator = CheckTapCreator(linkTapCreator);
    if (!noCreator.empty())
    {
        std::cout << "atm-tap-bridge: skipped: " << noCreator << std::endl;
        return 0;
    }
    GlobalValue::Bind("SimulatorImplementationType", StringValue("ns3::RealtimeSimulatorImpl"));
    GlobalValue::Bind("ChecksumEnabled", BooleanValue(true));

    NodeContainer nodes; // ghost, switch, sink
    nodes.Create(3);
    AtmSwitchHelper sw;
    sw.SetQueueDisc("ns3::AtmPerVcQueueDisc", "MaxCells", UintegerValue(buffer));
    sw.Install(nodes.Get(1));
    AtmHelper atm;
    atm.SetChannelAttribute("Delay", TimeValue(MilliSeconds(1)));
    NetDeviceContainer hostDevs;
    hostDevs.Add(atm.Install(nodes.Get(0), nodes.Get(1)).Get(0));
    NetDeviceContainer trunk = atm.Install(nodes.Get(1), nodes.Get(2));
    DynamicCast<AtmNetDevice>(trunk.Get(0))->SetDataRate(DataRate(trunkMbps * 1e6));
    hostDevs.Add(trunk.Get(1));

    InternetStackHelper stack;
    stack.Install(nodes.Get(0));
    stack.Install(nodes.Get(2));
    Ipv4AddressHelper addresses("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer ifaces = addresses.Assign(hostDevs);
    const auto vcs = AtmVcHelper().CreateIpPvc(nodes, "tap");
    const Ptr<AtmNetDevice> ghostPort = DynamicCast<AtmNetDevice>(hostDevs.Get(0));
    const auto label = ghostPort->GetTxLabel(vcs.first->GetHopSlot(0));
    const Mac48Address vcAddress = AtmAal5Endpoint::GetVcAddress(label.first, label.second);

    PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), PORT));
    ApplicationContainer sinkApp = sinkHelper.Install(nodes.Get(2));
    sinkApp.Start(Seconds(0));
    Ptr<PacketSink> sink = DynamicCast<PacketSink>(sinkApp.Get(0));

    TapBridgeHelper tap;
    tap.SetAttribute("Mode", StringValue("ConfigureLocal"));
    tap.SetAttribute("DeviceName", StringValue(TAP_NAME));
    tap.Install(nodes.Get(0), ghostPort);

    HostSender host;
    const Ipv4Address peer = ifaces.GetAddress(1);
    std::thread sender(&HostSender::Run, &host, peer, vcAddress, bytes);

    // Stop when the sink has every octet, the host gave up, or at the timeout.
    Finish finish{sink, &host, bytes, Time()};
    Simulator::Schedule(MilliSeconds(100), &CheckFinished, &finish);
    Simulator::Stop(Seconds(timeout));
    Simulator::Run();
    sender.join();

    const uint64_t rx = sink->GetTotalRx();
    std::cout << "atm-tap-bridge: the host's kernel TCP sent " << host.sent << " octets over "
              << TAP_NAME << " to " << peer << " (VC " << label.first << "/" << label.second << ", "
              << vcAddress << "); the ns-3 sink received " << rx;
    if (rx > 0 && !finish.finished.IsZero())
    {
        std::cout << " in " << finish.finished.GetSeconds() << " s, "
                  << rx * 8 / finish.finished.GetSeconds() / 1e6 << " Mb/s";
    }
    std::cout << std::endl;
    if (!host.error.empty())
    {
        std::cout << "atm-tap-bridge: the host stopped: " << host.error << std::endl;
    }
    std::cout << "tap=ok bytes=" << bytes << " sent=" << host.sent << " received=" << rx
              << " complete=" << (rx == bytes ? 1 : 0) << std::endl;
    Simulator::Destroy();
    return rx == bytes ? 0 : 1;
}
