# -*- Mode: python; py-indent-offset: 4; indent-tabs-mode: nil; coding: utf-8; -*-
#
# Build of the atm module for waf-era ns-3 trees (ns-3.35 and older), as
# contrib/atm or src/atm. ns-3.36 and newer use CMakeLists.txt instead.
#
# The file lists are read from CMakeLists.txt (its set(atm_...) lists at the
# top), so that both builds always list the same files.

import os
import re


def _cmake_list(bld, name):
    # bld.path: this module's directory while waf runs this file's build().
    path = os.path.join(bld.path.abspath(), "CMakeLists.txt")
    with open(path) as f:
        text = f.read()
    m = re.search(r"^set\(%s\s+([^)]*)\)" % re.escape(name), text, re.M)
    if not m:
        raise RuntimeError("atm wscript: no set(%s ...) in %s" % (name, path))
    return [w for w in m.group(1).split() if not w.startswith("#")]


def _version_defines(bld):
    # "3.35" -> ATM_NS3_VERSION_MAJOR=3, ATM_NS3_VERSION_MINOR=35 (as the
    # CMake builds define them); "3-dev" counts as minor 999.
    version = str(bld.env["VERSION"] or "")
    m = re.match(r"(\d+)\.(\d+)", version) or re.match(r"(\d+)-dev", version)
    if not m:
        bld.fatal("atm wscript: cannot parse the ns-3 version %r" % version)
    minor = m.group(2) if m.lastindex == 2 else "999"
    return ["ATM_NS3_VERSION_MAJOR=" + m.group(1), "ATM_NS3_VERSION_MINOR=" + minor]


def build(bld):
    defines = _version_defines(bld)

    # Distributed simulation only where the tree has MPI and its mpi module.
    mpi = bool(bld.env["ENABLE_MPI"] and "ns3-mpi" in bld.env["NS3_ENABLED_MODULES"])
    bld.env["ATM_HAVE_MPI"] = mpi  # examples/wscript builds atm-distributed on it
    if mpi:
        defines = defines + ["ATM_HAVE_MPI=1"]
    deps = ["core", "network", "internet", "applications", "stats"] + (["mpi"] if mpi else [])
    module = bld.create_ns3_module("atm", deps)
    module.source = _cmake_list(bld, "atm_source_files")
    if mpi:
        module.source += _cmake_list(bld, "atm_mpi_source_files")
    module.env.append_value("DEFINES", defines)

    module_test = bld.create_ns3_module_test_library("atm")
    module_test.source = _cmake_list(bld, "atm_test_sources")
    module_test.env.append_value("DEFINES", defines)

    headers = bld(features="ns3header")
    headers.module = "atm"
    headers.source = _cmake_list(bld, "atm_header_files")
    if mpi:
        headers.source += _cmake_list(bld, "atm_mpi_header_files")

    if bld.env.ENABLE_EXAMPLES:
        bld.recurse("examples")
