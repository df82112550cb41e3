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
# PacketSink received.
#
# Usage: atm-pcap-check.py <atm-tcp-creditnet binary> <tshark binary>
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


def main():
    example, tshark_bin = sys.argv[1], sys.argv[2]
    failures = []
    with tempfile.TemporaryDirectory() as work:
        out = subprocess.run(
            [
                example,
                "--config=a",
                "--modes=ubr",
                "--warmup=0.1",
                "--duration=0.2",
                "--vcBuffer=5000",
                "--pcap=1",
            ],
            cwd=work,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
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
            rows = tshark(
                tshark_bin,
                ["-r", f, "-T", "fields", "-E", "separator=,"]
                + ["-e", "frame.protocols", "-e", "atm.aal", "-e", "atm.traffic_type"]
                + ["-e", "atm.vci", "-e", "atm.channel", "-e", "tcp.len"],
            )
            bad = [r for r in rows if not r.startswith("atm:llc:ip:tcp")]
            if not rows or bad:
                failures.append(
                    "%s: %d frames, %d not atm:llc:ip:tcp (%s)"
                    % (name, len(rows), len(bad), bad[:3])
                )
                continue
            malformed = tshark(tshark_bin, ["-r", f, "-Y", "_ws.malformed"])
            if malformed:
                failures.append("%s: %d malformed frames" % (name, len(malformed)))
            print("%s: %d frames decode as ATM/LLC/IPv4/TCP" % (name, len(rows)))
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
    for f in failures:
        print("FAIL: " + f)
    print("atm-pcap-check: %s" % ("FAIL" if failures else "PASS"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
