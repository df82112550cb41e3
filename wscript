# -*- Mode: python; py-indent-offset: 4; indent-tabs-mode: nil; coding: utf-8; -*-
#
# Build of the atm module for waf-era ns-3 trees (ns-3.35 and older), as
# contrib/atm or src/atm: the library, the test suites and the examples.
# ns-3.36 and newer use CMakeLists.txt instead.
# Tried on ns-3.35 (utils/dropin.sh with ATM_DROPIN_WAF_TREE).
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


def _ns3_version(bld):
    # "3.35" -> ("3", "35"); "3-dev" counts as minor 999 (as CMakeLists.txt).
    version = str(bld.env["VERSION"] or "")
    m = re.match(r"(\d+)\.(\d+)", version) or re.match(r"(\d+)-dev", version)
    if not m:
        bld.fatal("atm wscript: cannot parse the ns-3 version %r" % version)
    return m.group(1), (m.group(2) if m.lastindex == 2 else "999")


def _write_config_header(bld):
    # build/ns3/atm-config.h from model/atm-config.h.in, where the ns3header
    # feature puts the module's other headers (CMakeLists.txt does the same).
    major, minor = _ns3_version(bld)
    template = os.path.join(bld.path.abspath(), "model", "atm-config.h.in")
    with open(template) as f:
        text = f.read().replace("@atm_ns3_MAJOR@", major).replace("@atm_ns3_MINOR@", minor)
    node = bld.bldnode.make_node("ns3")
    node.mkdir()
    node = node.make_node("atm-config.h")
    if not os.path.exists(node.abspath()) or node.read() != text:
        node.write(text)


def build(bld):
    _write_config_header(bld)

    # Distributed simulation only where the tree has MPI and its mpi module.
    mpi = bool(bld.env["ENABLE_MPI"] and "ns3-mpi" in bld.env["NS3_ENABLED_MODULES"])
    bld.env["ATM_HAVE_MPI"] = mpi  # examples/wscript builds atm-distributed on it
    defines = ["ATM_HAVE_MPI=1"] if mpi else []
    deps = ["core", "network", "internet", "applications", "stats", "traffic-control"] + (["mpi"] if mpi else [])
    module = bld.create_ns3_module("atm", deps)
    module.source = _cmake_list(bld, "atm_source_files")
    if mpi:
        module.source += _cmake_list(bld, "atm_mpi_source_files")
    module.env.append_value("DEFINES", defines)

    # The test suites, run by ./test.py as in any module. ATM_SOURCE_DIR: the
    # suites read the scenario files and recorded digests from the sources.
    if bld.env.ENABLE_TESTS:
        tests = bld.create_ns3_module_test_library("atm")
        tests.source = _cmake_list(bld, "atm_test_sources")
        tests.env.append_value("DEFINES", defines + ['ATM_SOURCE_DIR="%s"' % bld.path.abspath()])

    headers = bld(features="ns3header")
    headers.module = "atm"
    headers.source = _cmake_list(bld, "atm_header_files")
    if mpi:
        headers.source += _cmake_list(bld, "atm_mpi_header_files")

    if bld.env.ENABLE_EXAMPLES:
        bld.recurse("examples")
