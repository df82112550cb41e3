#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Write the seed corpus of the fuzz targets (test/fuzz/corpus/<target>/).

usage: atm-fuzz-seeds.py OUT_DIR PCAP...

Seeds come from real traces: pcap files of DLT_SUNATM (the files the
module's examples write, e.g. atm-tcp-creditnet --pcap=1, and the SunATM /
OAM files of tcpdump's test suite); a record of another link type is taken
as raw octets. Each record gives
  cell:   its 53-octet cell (header from the SunATM VPI/VCI, HEC computed,
          payload = the first 48 octets) and the first 53 octets as they are;
  aal5:   its AAL5 CPCS-PDU as a cell stream (mode 0) and its SDU with 0
          and 1 bit errors (mode 1);
  rm:     the first 48 octets, and an RM payload with its CRC-10;
  credit: the first 48 octets;
plus hand-made RM and credit payloads. The scenario seeds are the files of
examples/scenarios. The input formats are those of
test/fuzz/atm-fuzz-checks.h. Deterministic: the same pcaps give the same
files.
"""

import hashlib
import os
import shutil
import struct
import sys

RECORDS_PER_FILE = 3
MAX_SDU = 65535


def hec(header4):
    reg = 0
    for octet in header4:
        for b in range(7, -1, -1):
            top = ((reg >> 7) & 1) ^ ((octet >> b) & 1)
            reg = (reg << 1) & 0xFF
            if top:
                reg ^= 0x07
    return reg ^ 0x55


def crc10_payload(payload):
    """CRC-10 of the 374 message bits of a 48-octet OAM/RM payload."""
    reg = 0
    bits = []
    for octet in payload[:46]:
        bits += [(octet >> b) & 1 for b in range(7, -1, -1)]
    bits += [(payload[46] >> b) & 1 for b in range(7, 1, -1)]
    for bit in bits:
        top = ((reg >> 9) & 1) ^ bit
        reg = (reg << 1) & 0x3FF
        if top:
            reg ^= 0x233
    return reg


def crc32_aal5(data):
    reg = 0xFFFFFFFF
    for octet in data:
        reg ^= octet << 24
        for _ in range(8):
            reg = ((reg << 1) ^ 0x04C11DB7) if reg & 0x80000000 else (reg << 1)
            reg &= 0xFFFFFFFF
    return reg ^ 0xFFFFFFFF


def cpcs_pdu(sdu, uu=0):
    pad = (-(len(sdu) + 8)) % 48
    body = bytes(sdu) + bytes(pad) + bytes([uu, 0]) + struct.pack(">H", len(sdu))
    return body + struct.pack(">I", crc32_aal5(body))


def cell(vpi, vci, pti, payload):
    h = struct.pack(">I", ((vpi & 0xFF) << 20) | ((vci & 0xFFFF) << 4) | ((pti & 7) << 1))
    return h + bytes([hec(h)]) + bytes(payload[:48]).ljust(48, b"\0")


def rm_payload(er_code, ccr_code, dir_bit):
    body = bytes([1, 0x80 if dir_bit else 0]) + struct.pack(">HHH", er_code, ccr_code, 0)
    body = body.ljust(16, b"\0") + bytes([0x6A]) * 30 + b"\0\0"
    crc = crc10_payload(body)
    return body[:46] + bytes([crc >> 8, crc & 0xFF])


def pcap_records(path):
    data = open(path, "rb").read()
    magic = struct.unpack("<I", data[:4])[0]
    endian = "<" if magic in (0xA1B2C3D4, 0xA1B23C4D) else ">"
    linktype = struct.unpack(endian + "I", data[20:24])[0] & 0x0FFFFFFF
    off = 24
    while off + 16 <= len(data):
        incl = struct.unpack(endian + "I", data[off + 8 : off + 12])[0]
        rec = data[off + 16 : off + 16 + incl]
        off += 16 + incl
        yield linktype, rec


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    out = sys.argv[1]
    pcaps = sys.argv[2:]
    files = {}

    def add(target, name, octets):
        files.setdefault(target, {})[name] = bytes(octets)

    for path in pcaps:
        stem = os.path.splitext(os.path.basename(path))[0]
        for i, (linktype, rec) in enumerate(pcap_records(path)):
            if i >= RECORDS_PER_FILE:
                break
            name = "%s-%d" % (stem, i)
            if linktype == 123 and len(rec) >= 4:
                vpi, vci = rec[1], struct.unpack(">H", rec[2:4])[0]
                sdu = rec[4 : 4 + MAX_SDU]
            else:
                vpi, vci, sdu = 0, 32, rec
            pti = 5 if vci in (3, 4) else 0
            add("cell", name, bytes([0]) + cell(vpi, vci, pti, sdu))
            add("cell", name + "-raw", bytes([0]) + rec[:53])
            add("rm", name, sdu[:48])
            add("credit", name, sdu[:48])
            if not sdu:
                continue
            pdu = cpcs_pdu(sdu)
            stream = bytearray([0])
            for k in range(0, len(pdu), 48):
                stream.append(1 if k + 48 == len(pdu) else 0)
                stream += pdu[k : k + 48]
            add("aal5", name + "-cells", stream)
            add("aal5", name + "-sdu", bytes([1, 0, 0, 0, 0, 0]) + sdu)
            add("aal5", name + "-sdu-1err", bytes([1, 1, 0, 9, 0, 0]) + sdu)
    # Hand-made: RM cells forward and backward, whole cells with an idle
    # header and a credit header, credit payloads with 1 and 6 records.
    add("rm", "frm", rm_payload(0x4000 | (20 << 9) | 100, 0x4000 | (18 << 9), False))
    add("rm", "brm", rm_payload(0x4000 | (12 << 9) | 5, 0x4000 | (12 << 9), True))
    add("cell", "rm-cell", bytes([0]) + cell(1, 40, 6, rm_payload(0x4000 | (20 << 9), 0, False)))
    idle = b"\0\0\0\x01"
    add("cell", "idle", bytes([0]) + idle + bytes([hec(idle)]) + bytes(48))
    add("cell", "credit-nni", bytes([1]) + cell(0, 31, 0, struct.pack(">HHI", 0, 40, 1234)))
    add("credit", "one-record", struct.pack(">HHI", 0, 40, 1234).ljust(48, b"\0"))
    add(
        "credit",
        "six-records",
        b"".join(struct.pack(">HHI", 1, 32 + k, 0xFFFFFFF0 + k) for k in range(6)),
    )
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    scen = os.path.join(root, "examples", "scenarios")
    for f in sorted(os.listdir(scen)):
        if f.endswith(".json"):
            add("scenario", f, open(os.path.join(scen, f), "rb").read())

    for target, named in sorted(files.items()):
        d = os.path.join(out, target)
        if os.path.isdir(d):
            shutil.rmtree(d)
        os.makedirs(d)
        seen = set()
        for name, octets in sorted(named.items()):
            digest = hashlib.sha1(octets).hexdigest()
            if digest in seen:
                continue
            seen.add(digest)
            with open(os.path.join(d, name), "wb") as fh:
                fh.write(octets)
        print("%s: %d seeds" % (target, len(seen)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
