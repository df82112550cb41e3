#! /usr/bin/env python3
#
# SPDX-License-Identifier: GPL-2.0-only
#
# Every class, function, parameter, return value and member of the module's
# sources is documented for Doxygen, as ns-3's doc/doxygen.warnings.report.sh
# demands of a module: Doxygen runs with EXTRACT_ALL off and every warning
# on over model/, helper/, test/ and examples/, plus the installed ns-3
# headers of the base classes the module overrides (Object, NetDevice,
# Channel, Application, Header, Trailer, TcpCongestionOps, ...), whose
# documentation the overrides inherit as they do in ns-3's own Doxygen run.
# A warning about one of the module's files fails the check.
#
# Usage: atm-doxygen-check.py <source root> <doxygen> <ns-3 include dir>
# (the directory holding ns3/object.h). Exit status 0 when no warning.

import os
import subprocess
import sys
import tempfile

BASE_HEADERS = (
    "application.h",
    "channel.h",
    "chunk.h",
    "error-model.h",
    "event-impl.h",
    "header.h",
    "net-device-queue-interface.h",
    "net-device.h",
    "object-base.h",
    "object.h",
    "simulator-impl.h",
    "simulator.h",
    "socket-factory.h",
    "socket.h",
    "tcp-congestion-ops.h",
    "tcp-socket-base.h",
    "tcp-socket-factory.h",
    "tcp-socket.h",
    "test.h",
    "trace-helper.h",
    "trace-source-accessor.h",
    "trailer.h",
)

SETTINGS = """
PROJECT_NAME = atm
EXTRACT_ALL = NO
EXTRACT_PRIVATE = YES
EXTRACT_STATIC = YES
EXTRACT_LOCAL_CLASSES = YES
EXTRACT_ANON_NSPACES = YES
INHERIT_DOCS = YES
JAVADOC_AUTOBRIEF = YES
QT_AUTOBRIEF = YES
MARKDOWN_SUPPORT = YES
BUILTIN_STL_SUPPORT = YES
QUIET = YES
WARNINGS = YES
WARN_IF_UNDOCUMENTED = YES
WARN_IF_DOC_ERROR = YES
WARN_NO_PARAMDOC = YES
WARN_FORMAT = "$file:$line: $text"
FILE_PATTERNS = *.h *.cc
RECURSIVE = NO
ENABLE_PREPROCESSING = YES
MACRO_EXPANSION = YES
EXPAND_ONLY_PREDEF = YES
PREDEFINED = NS3_ASSERT_ENABLE NS3_LOG_ENABLE DOXYGEN_SHOULD_SKIP_THIS "NS_LOG_COMPONENT_DEFINE()=1" "NS_OBJECT_ENSURE_REGISTERED()=1" "__attribute__(x)="
EXCLUDE_SYMBOLS = main
GENERATE_HTML = YES
SEARCHENGINE = NO
SOURCE_BROWSER = NO
GENERATE_LATEX = NO
GENERATE_XML = NO
HAVE_DOT = NO
CLASS_GRAPH = NO
"""


def main():
    root, doxygen, include = os.path.abspath(sys.argv[1]), sys.argv[2], os.path.abspath(sys.argv[3])
    ns3 = os.path.join(include, "ns3")
    missing = [h for h in BASE_HEADERS if not os.path.exists(os.path.join(ns3, h))]
    if missing:
        print(f"atm-doxygen-check: {ns3} lacks {' '.join(missing)}: FAIL")
        return 1
    ours = [os.path.join(root, d) for d in ("model", "helper", "test", "examples")]
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "warnings.log")
        with open(os.path.join(tmp, "Doxyfile"), "w") as conf:
            conf.write(SETTINGS)
            conf.write(f"OUTPUT_DIRECTORY = {tmp}\nWARN_LOGFILE = {log}\n")
            conf.write("INPUT = " + " ".join(ours + [os.path.join(ns3, h) for h in BASE_HEADERS]))
            conf.write("\n")
        r = subprocess.run([doxygen, "Doxyfile"], cwd=tmp, capture_output=True, text=True)
        if r.returncode != 0:
            print(r.stdout + r.stderr)
            print("atm-doxygen-check: doxygen failed: FAIL")
            return 1
        with open(log, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    prefixes = tuple(os.path.realpath(d) + os.sep for d in ours)
    warnings = sorted(
        {w for w in lines if os.path.realpath(w.split(":", 1)[0]).startswith(prefixes)}
    )
    for w in warnings:
        print(w)
    print(
        f"atm-doxygen-check: {len(warnings)} warning(s) about the module's files: "
        f"{'FAIL' if warnings else 'PASS'}"
    )
    return 1 if warnings else 0


if __name__ == "__main__":
    sys.exit(main())
