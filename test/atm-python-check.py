#! /usr/bin/env python3
#
# SPDX-License-Identifier: GPL-2.0-only
#

"""The module from Python: examples/atm-first.py (ns-3's Python bindings,
cppyy, with this build's libns3-atm) must print exactly what its C++ twin
examples/atm-first prints, for the default arguments and for another set;
and every class and struct the module's headers declare must resolve in
Python, each with a GetTypeId() giving its own ns-3 type name.

    atm-python-check.py PYTHON BUILD_DIR ATM_FIRST_EXE ATM_FIRST_PY

PYTHON is the interpreter of PyPI's ns3 wheel with cppyy. Exit status 0
when every pair of outputs is identical and has the expected lines.
"""

import glob
import os
import re
import subprocess
import sys

ARGUMENT_SETS = [
    [],
    [
        "--trunkRate=20Mbps",
        "--duration=1",
        "--segmentSize=4000",
        "--maxCells=1000",
        "--epdThreshold=400",
    ],
]

# What each run prints: one line per VC, its drops by reason, the trunk.
VC_LINE = re.compile(
    r"^[AB] to C: [0-9.]+ Mb/s TCP goodput; cells sent \d+, received \d+, dropped \d+;"
    r" frames sent \d+, received \d+$"
)
TRUNK_LINE = re.compile(
    r"^trunk: [0-9.]+ of [0-9.]+ Mb/s TCP capacity \([0-9.]+%\); Jain's fairness index [0-9.]+$"
)


def run(command, env=None):
    """Run a command; its stdout, or exit with its stderr's tail."""
    p = subprocess.run(command, capture_output=True, text=True, env=env, timeout=600)
    if p.returncode != 0:
        print("FAIL: %s exited %d" % (" ".join(command), p.returncode))
        print("\n".join(p.stderr.splitlines()[-20:]))
        sys.exit(1)
    return p.stdout


# Run by PYTHON: load the module as atm-first.py does, resolve each class
# named on the command line, print "name typeid-or-dash" per class.
RESOLVE = """
import runpy, sys
first = runpy.run_path(sys.argv[1])
first["load_atm_module"]()
ns = first["ns"]
for name in sys.argv[2:]:
    try:
        cls = getattr(ns, name)
        tid = cls.GetTypeId().GetName() if hasattr(cls, "GetTypeId") else "-"
    except Exception as e:  # reported, not fatal: the check lists every failure
        tid = "!" + type(e).__name__
    print(name, tid)
"""


def module_classes(source, build):
    """The Atm* classes and structs declared at namespace scope in the headers
    that the build's ns3/atm-module.h includes (those of model/ and helper/)."""
    with open(os.path.join(build, "include", "ns3", "atm-module.h")) as f:
        # '#include "ns3/x.h"' (standalone builds), '#include <ns3/x.h>' (ns-3's)
        included = re.findall(r'^\s*#include ["<]ns3/(atm-[\w-]+\.h)[">]', f.read(), re.M)
    names = set()
    for h in included:
        for d in ("model", "helper"):
            path = os.path.join(source, d, h)
            if os.path.exists(path):
                with open(path) as f:
                    names.update(re.findall(r"^(?:class|struct) (Atm\w+)\b[^;]*$", f.read(), re.M))
    return sorted(names)


def check_classes(python, build, script, env):
    """Every module class resolves from Python; an Object's TypeId names it."""
    source = os.path.dirname(os.path.dirname(os.path.abspath(script)))
    names = module_classes(source, build)
    if not names:
        print("FAIL classes: none found through %s/include/ns3/atm-module.h" % build)
        return 1
    out = run([python, "-c", RESOLVE, script] + names, env)
    seen = dict(line.split(" ", 1) for line in out.splitlines() if " " in line)
    failed = [n for n in names if n not in seen]
    failed += [n for n in names if seen.get(n, "-") not in ("-", "ns3::" + n)]
    objects = sum(1 for n in names if seen.get(n) == "ns3::" + n)
    if failed:
        print("FAIL classes: not resolved, or another TypeId: %s" % ", ".join(failed))
        return 1
    print("ok classes: %d resolve from Python, %d with their own TypeId" % (len(names), objects))
    return 0


def main(argv):
    if len(argv) != 5:
        print(__doc__)
        return 2
    python, build, exe, script = argv[1:]
    env = dict(os.environ, ATM_BUILD_DIR=build)
    failed = 0
    for args in ARGUMENT_SETS:
        label = " ".join(args) or "(defaults)"
        cpp = run([exe] + args)
        py = run([python, script] + args, env)
        lines = cpp.splitlines()
        shape_ok = (
            sum(1 for x in lines if VC_LINE.match(x)) == 2
            and len(lines) >= 3
            and TRUNK_LINE.match(lines[-1]) is not None
        )
        if not shape_ok:
            print("FAIL %s: the C++ example's output is not the expected lines:\n%s" % (label, cpp))
            failed += 1
        elif py != cpp:
            print("FAIL %s: Python and C++ differ\n--- C++\n%s--- Python\n%s" % (label, cpp, py))
            failed += 1
        else:
            print("ok %s: Python = C++, %d lines; %s" % (label, len(lines), lines[-1]))
    failed += check_classes(python, build, script, env)
    print("%d argument set(s) and the classes, %d failed" % (len(ARGUMENT_SETS), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
