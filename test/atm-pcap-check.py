#! /usr/bin/env python3
#
# SPDX-License-Identifier: GPL-2.0-only
#
# The pcap files of IP over ATM decode in tshark: runs atm-tcp-creditnet
# (configuration a, a loss-free buffer) with --pcap, then checks with tshark
# that every frame of every file decodes as ATM -> LLC/SNAP -> IPv4 -> TCP
# with no malformed packet, that every SunATM pseudo-header says AAL5, LLC
# multiplexing, the VC's one VCI and the direction of the data, and that the
# TCP payload octets of the frames received by host B add up to what its
# PacketSink received. Then runs atm-flow-monitor over IPv6 with --pcap and
# checks that every frame of the three hosts' files decodes as ATM ->
# LLC/SNAP -> IPv6 -> TCP or UDP, none malformed, and that host C's file
# holds as many received UDP frames as FlowMonitor counted received. In
# every file, each IPv4, TCP and UDP checksum passes Wireshark's validation.
#
# Usage: atm-pcap-check.py <atm-tcp-creditnet binary> <tshark binary>
#                          <atm-flow-monitor binary>
# Exit status 0 when every check passes.

import glob
import os
import re
import subprocess
import sys
import tempfile


def tshark(binary, args):
    out = subprocess.run([binary] + args, check=True, capture_output=True, text=True).stdout
    return [line for line in out.splitlines() if line.strip()]


def run(example, args, work):
    """Run an example in a directory and return what it printed."""
    return subprocess.run(
        [example] + args, cwd=work, check=True, capture_output=True, text=True
    ).stdout


def decode(tshark_bin, f, fields, pattern, what, failures, options=()):
    """The fields tshark gives for each frame of pcap file f (one line each,
    comma-separated, frame.protocols first), when every frame's protocols
    match the regular expression pattern; otherwise None. A frame that does
    not match, or a malformed one, is a failure ('what' names the protocols
    wanted). options: more tshark options, used for both reads."""
    name = os.path.basename(f)
    options = list(options)
    rows = tshark(
        tshark_bin,
        ["-r", f]
        + options
        + ["-T", "fields", "-E", "separator=,"]
        + [a for field in ["frame.protocols"] + fields for a in ("-e", field)],
    )
    bad = [r for r in rows if not re.match(pattern, r)]
    if not rows or bad:
        failures.append(
            "%s: %d frames, %d not %s (%s)" % (name, len(rows), len(bad), what, bad[:3])
        )
        return None
    malformed = tshark(tshark_bin, ["-r", f] + options + ["-Y", "_ws.malformed"])
    if malformed:
        failures.append("%s: %d malformed frames" % (name, len(malformed)))
    check_checksums(tshark_bin, f, options, failures)
    print("%s: %d frames decode as %s" % (name, len(rows), what))
    return rows


# Wireshark's checksum validation, on for IPv4, TCP and UDP (it is off by
# default); a checksum's status is then 1 (good) or 0 (bad).
VALIDATE = [a for proto in ("ip", "tcp", "udp") for a in ("-o", "%s.check_checksum:TRUE" % proto)]


def check_checksums(tshark_bin, f, options, failures):
    """Every IPv4 header, TCP segment and UDP datagram of pcap file f passes
    Wireshark's checksum validation (ns-3 writes them only with its
    ChecksumEnabled global value on; otherwise each is 0, a bad one)."""
    name = os.path.basename(f)
    protos = ("ip", "tcp", "udp")
    fields = [a for proto in protos for a in ("-e", "%s.checksum.status" % proto)]
    rows = tshark(
        tshark_bin,
        ["-r", f] + list(options) + VALIDATE + ["-T", "fields", "-E", "separator=,"] + fields,
    )
    # One line per frame: each protocol's status, empty where it has none.
    statuses = [row.split(",") for row in rows]
    for k, proto in enumerate(protos):
        present = [s[k] for s in statuses if len(s) > k and s[k]]
        good = present.count("1")
        if good != len(present):
            failures.append(
                "%s: %d of %d %s checksums fail Wireshark's validation"
                % (name, len(present) - good, len(present), proto)
            )
        elif present:
            print("%s: %d %s checksums good" % (name, len(present), proto))


def check_ipv6(example, tshark_bin, failures):
    """atm-flow-monitor --ipv6=1 --pcap=1: IPv6 over LLC/SNAP in tshark."""
    with tempfile.TemporaryDirectory() as work:
        out = run(example, ["--ipv6=1", "--pcap=1", "--duration=0.3"], work)
        m = re.search(r"^flow \d+ \(UDP .*\): tx \d+, rx (\d+),", out, re.M)
        if not m:
            failures.append("atm-flow-monitor: no UDP flow in its output")
            return
        udp_received = int(m.group(1))
        files = sorted(glob.glob(os.path.join(work, "atm-flow-monitor-*.pcap")))
        if len(files) != 3:
            failures.append("atm-flow-monitor: expected 3 pcap files, found %d" % len(files))
            return
        # BulkSend's payload to port 5000 is zeros: decode it as data, not as
        # the protocol Wireshark registers on that port.
        as_data = ["-d", "tcp.port==5000,data"]
        for f in files:
            rows = decode(
                tshark_bin,
                f,
                ["atm.channel"],
                r"atm:llc:ipv6:(tcp|udp)(:data)?,",
                "atm:llc:ipv6:tcp|udp",
                failures,
                as_data,
            )
            if rows is None:
                continue
            name = os.path.basename(f)
            if name == "atm-flow-monitor-2-0.pcap":  # host C
                udp_in = sum(
                    1 for r in rows if r.startswith("atm:llc:ipv6:udp") and r.endswith(",1")
                )
                print("UDP frames host C received: %d; FlowMonitor: %d" % (udp_in, udp_received))
                if udp_in != udp_received or udp_in == 0:
                    failures.append(
                        "%s: %d UDP frames received, FlowMonitor counted %d"
                        % (name, udp_in, udp_received)
                    )


def main():
    example, tshark_bin = sys.argv[1], sys.argv[2]
    failures = []
    with tempfile.TemporaryDirectory() as work:
        out = run(
            example,
            [
                "--config=a",
                "--modes=ubr",
                "--warmup=0.1",
                "--duration=0.2",
                "--vcBuffer=5000",
                "--pcap=1",
            ],
            work,
        )
        m = re.search(r"^delivered config=a mode=ubr bytes=(\d+) ", out, re.M)
        if not m:
            print("atm-pcap-check: no 'delivered' line in the example's output")
            return 1
        delivered = int(m.group(1))
        files = sorted(glob.glob(os.path.join(work, "atm-tcp-creditnet-a-ubr-*.pcap")))
        if len(files) != 2:
            print("atm-pcap-check: expected 2 pcap files, found %d" % len(files))
            return 1
        total = 0  # TCP payload octets host B received (its file, channel 1)
        frames = 0
        for f in files:
            name = os.path.basename(f)
            # Host A (node 0) transmits the data segments (channel 0 of the
            # SunATM pseudo-header), host B (node 1) receives them (channel 1).
            data_channel = "0" if name.endswith("-a-ubr-0-0.pcap") else "1"
            rows = decode(
                tshark_bin,
                f,
                ["atm.aal", "atm.traffic_type", "atm.vci", "atm.channel", "tcp.len"],
                "atm:llc:ip:tcp",
                "atm:llc:ip:tcp",
                failures,
            )
            if rows is None:
                continue
            # Every pseudo-header: AAL5 (Wireshark's number 4), LLC
            # multiplexed (1), one VCI, data segments on the data channel.
            vcis = set()
            for row in rows:
                _, aal, traffic, vci, channel, length = row.split(",")
                vcis.add(vci)
                ok_channel = int(length) == 0 or channel == data_channel
                if aal != "4" or traffic != "1" or not ok_channel:
                    failures.append(
                        "%s: pseudo-header aal=%s traffic=%s channel=%s (tcp.len %s): want "
                        "aal=4 traffic=1, data on channel %s"
                        % (name, aal, traffic, channel, length, data_channel)
                    )
                    break
                if data_channel == "1" and channel == "1" and int(length) > 0:
                    total += int(length)
                    frames += 1
            if len(vcis) != 1 or int(min(vcis)) < 32:
                failures.append("%s: VCIs %s: want one VC's, 32 or above" % (name, sorted(vcis)))
        print(
            "TCP payload received in the pcap: %d octets in %d frames; sink: %d octets"
            % (total, frames, delivered)
        )
        if total != delivered or delivered == 0:
            failures.append("payload %d != sink %d" % (total, delivered))
    check_ipv6(sys.argv[3], tshark_bin, failures)
    for f in failures:
        print("FAIL: " + f)
    print("atm-pcap-check: %s" % ("FAIL" if failures else "PASS"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
