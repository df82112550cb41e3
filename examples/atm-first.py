#
# SPDX-License-Identifier: GPL-2.0-only
#

"""A first ATM network with ns-3's TCP over it, from Python.

The same program as examples/atm-first.cc, printing the same lines:

    hostA --OC-3c--+
                   switch --trunkRate-- hostC
    hostB --OC-3c--+

Two bulk TCP transfers, A to C and B to C, each over an IP PVC (AAL5,
LLC/SNAP), share the switch's port towards C: a per-VC queue disc
(round-robin; each VC has half the buffer, EPD in each half), so the two
TCPs get equal shares of the trunk (B starts 50 ms after A). Printed per
VC: TCP goodput, cells sent, received and dropped (by reason), frames
sent and received; then the trunk's goodput against its TCP capacity and
Jain's index of the two goodputs. Exit status 1 if a VC's cells are not
conserved: sent - received - dropped - queued must be cells still on the
wires of its path (0 up to what the wires hold).

Inside an ns-3 tree configured with --enable-python-bindings, ns-3's
``ns`` package loads the atm module with the others. With PyPI's ns3
wheel and a standalone build of the module, set ATM_BUILD_DIR to that
build (utils/build.sh wheel: build/wheel) and run with the wheel's Python:

    ATM_BUILD_DIR=build/wheel build/ns3-wheel/venv/bin/python \\
        examples/atm-first.py --trunkRate=50Mbps --duration=2
"""

import argparse
import os
import sys

try:
    from ns import ns
except ModuleNotFoundError:
    raise SystemExit(
        "Error: ns3 Python module not found;"
        " Python bindings may not be enabled"
        " or your PYTHONPATH might not be properly configured"
    )


def find_in_ns3_tree():
    """contrib/atm's library and include directory in the ns-3 tree whose
    bindings are loaded, or None. ns-3.37's ``ns`` package loads the
    modules of src/ only (later releases load contrib/ too); its tree's
    lock file says whether the atm module was built and where."""
    import glob

    import ns as ns_package

    lock = ns_package.find_ns3_lock() if hasattr(ns_package, "find_ns3_lock") else None
    if not lock:
        return None
    values = {}
    with open(lock) as f:
        exec(f.read(), {}, values)  # as ns-3's own ns/__init__.py reads it
    if "ns3-atm" not in values.get("NS3_ENABLED_CONTRIBUTED_MODULES", []):
        return None
    out_dir = values["out_dir"]
    libraries = {
        os.path.realpath(x)
        for x in glob.glob(os.path.join(out_dir, "lib", "libns3*-atm*.so"))
        if "-test" not in os.path.basename(x)
    }
    if len(libraries) != 1:
        return None
    return libraries.pop(), os.path.join(out_dir, "include")


def load_atm_module():
    """Make ns.Atm* available: already there in an ns-3 tree (from ns-3.38 on),
    else the tree's contrib/atm (ns-3.37), else ATM_BUILD_DIR's."""
    if hasattr(ns, "AtmHelper"):
        return
    found = find_in_ns3_tree()
    if found:
        library, include = found
    else:
        build = os.environ.get("ATM_BUILD_DIR")
        if not build:
            raise SystemExit(
                "Error: the atm module is not among ns-3's Python modules;"
                " set ATM_BUILD_DIR to the module's standalone build directory"
            )
        library, include = os.path.join(build, "libns3-atm.so"), os.path.join(build, "include")
        if not os.path.exists(library):
            raise SystemExit("Error: ATM_BUILD_DIR=%s holds no libns3-atm.so" % build)
    ns.cppyy.add_include_path(include)
    ns.cppyy.include("ns3/atm-module.h")
    ns.cppyy.load_library(library)


def to_address(socket_address):
    """The ns3::Address of an InetSocketAddress: its ConvertTo(), public from
    ns-3.38 on; ns-3.37's bindings give ns.addressFromInetSocketAddress."""
    if hasattr(socket_address, "ConvertTo"):
        return socket_address.ConvertTo()
    return ns.addressFromInetSocketAddress(socket_address)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--trunkRate", default="50Mbps", help="line rate of the switch's port towards host C"
    )
    parser.add_argument(
        "--duration", type=float, default=2, help="seconds the run lasts after 0.1 s"
    )
    parser.add_argument(
        "--maxCells",
        type=int,
        default=2000,
        help="cells the switch port's per-VC queue disc holds (half for each VC)",
    )
    parser.add_argument(
        "--epdThreshold", type=int, default=700, help="EPD threshold of each VC's half (cells)"
    )
    parser.add_argument("--segmentSize", type=int, default=1460, help="TCP MSS (octets)")
    args = parser.parse_args(argv[1:])
    load_atm_module()

    # NewReno on every ns-3 version (3.37's default; later ones default to CUBIC)
    ns.Config.SetDefault(
        "ns3::TcpL4Protocol::SocketType", ns.TypeIdValue(ns.TcpNewReno.GetTypeId())
    )
    ns.Config.SetDefault("ns3::TcpSocket::SegmentSize", ns.UintegerValue(args.segmentSize))

    hosts = ns.NodeContainer()
    hosts.Create(3)
    sw = ns.NodeContainer()
    sw.Create(1)
    switch_helper = ns.AtmSwitchHelper()
    switch_helper.SetQueueDisc(
        "ns3::AtmPerVcQueueDisc",
        "MaxCells",
        ns.UintegerValue(args.maxCells),
        "BufferManagement",
        ns.StringValue("StaticPartition"),
        "EpdThreshold",
        ns.UintegerValue(args.epdThreshold),
    )
    switch_helper.Install(sw)

    atm = ns.AtmHelper()  # OC-3c
    delay = ns.MicroSeconds(100)
    atm.SetChannelAttribute("Delay", ns.TimeValue(delay))
    a = atm.Install(hosts.Get(0), sw.Get(0))
    b = atm.Install(hosts.Get(1), sw.Get(0))
    atm.SetDeviceAttribute("DataRate", ns.DataRateValue(ns.DataRate(args.trunkRate)))
    c = atm.Install(sw.Get(0), hosts.Get(2))

    ns.InternetStackHelper().Install(hosts)
    host_ports = ns.NetDeviceContainer()
    host_ports.Add(a.Get(0))
    host_ports.Add(b.Get(0))
    host_ports.Add(c.Get(1))
    addresses = ns.Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(host_ports)

    vc_helper = ns.AtmVcHelper()
    names = ["A to C", "B to C"]
    starts = [ns.Seconds(0.1), ns.Seconds(0.15)]  # B starts 50 ms later
    stop = ns.Seconds(0.1 + args.duration)
    vcs = []
    sinks = ns.ApplicationContainer()
    for i in range(2):
        path = ns.NodeContainer()
        for node in (hosts.Get(i), sw.Get(0), hosts.Get(2)):
            path.Add(node)
        vcs.append(vc_helper.CreateIpPvc(path).first)
        port = 5000 + i
        bulk = ns.BulkSendHelper(
            "ns3::TcpSocketFactory",
            to_address(ns.InetSocketAddress(addresses.GetAddress(2), port)),
        )
        sender = bulk.Install(hosts.Get(i))
        sender.Start(starts[i])
        sender.Stop(stop)
        sink = ns.PacketSinkHelper(
            "ns3::TcpSocketFactory",
            to_address(ns.InetSocketAddress(ns.Ipv4Address.GetAny(), port)),
        )
        sinks.Add(sink.Install(hosts.Get(2)))

    ns.Simulator.Stop(stop)
    ns.Simulator.Run()

    # The trunk's TCP capacity: its cell rate times the MSS per frame's
    # cells (a segment with IPv4, TCP and timestamp headers, 52 octets, and
    # LLC/SNAP, 8, becomes an AAL5 CPCS-PDU of whole cells).
    trunk = c.Get(0).GetObject[ns.AtmNetDevice]()
    frame_cells = ns.AtmAal5Sar.GetNCells(args.segmentSize + 52 + 8)
    capacity = trunk.GetCellRate() * args.segmentSize * 8 / frame_cells / 1e6
    total = 0
    goodputs = []
    conserved = True
    for i, vc in enumerate(vcs):
        received = sinks.Get(i).GetObject[ns.PacketSink]().GetTotalRx()
        on_wires = vc.GetCellsSent() - (
            vc.GetCellsReceived() + vc.GetCellsDropped() + vc.GetCellsQueued()
        )
        # what the wires of the path hold, plus one per port
        wire_cells = sum(
            int(delay.GetSeconds() * vc.GetHopDevice(h).GetCellRate()) + 2
            for h in range(vc.GetNHops())
        )
        if on_wires < 0 or on_wires > wire_cells:
            print(
                "%s: cells not conserved: %d on the wires, where they hold %d"
                % (names[i], on_wires, wire_cells),
                file=sys.stderr,
            )
            conserved = False
        goodput = received * 8 / (stop - starts[i]).GetSeconds() / 1e6
        total += received
        goodputs.append(goodput)
        print(
            "%s: %.3f Mb/s TCP goodput; cells sent %d, received %d, dropped %d;"
            " frames sent %d, received %d"
            % (
                names[i],
                goodput,
                vc.GetCellsSent(),
                vc.GetCellsReceived(),
                vc.GetCellsDropped(),
                vc.GetFramesSent(),
                vc.GetFramesReceived(),
            )
        )
        for reason, cells in vc.GetDropsByReason():
            print("  dropped (%s): %d cells" % (reason, cells))
    trunk_goodput = total * 8 / (stop - starts[0]).GetSeconds() / 1e6
    print(
        "trunk: %.3f of %.3f Mb/s TCP capacity (%.1f%%); Jain's fairness index %.4f"
        % (
            trunk_goodput,
            capacity,
            100 * trunk_goodput / capacity,
            ns.AtmMaxMinOracle.JainIndex(goodputs),
        )
    )
    ns.Simulator.Destroy()
    return 0 if conserved else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
