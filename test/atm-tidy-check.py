#! /usr/bin/env python3
#
# SPDX-License-Identifier: GPL-2.0-only
#
# The module passes ns-3's clang-tidy checks: clang-tidy, with the checks
# of the module's .clang-tidy (ns-3-dev's list) and clang's own compiler
# warnings for the build's flags, over every translation unit of the module
# in a build's compile_commands.json, and over the module's own headers
# those units include. Any warning or error fails, as in ns-3's CI
# code-linting job. utils/install-deps.sh installs the pinned
# clang-tidy.
#
# Usage: atm-tidy-check.py <source root> <build dir> <clang-tidy> [<jobs>]
# Prints each finding; exit status 0 when there is none.

import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

MODULE_DIRS = ("model", "helper", "test", "examples")


def module_units(root, build):
    """The module's source files in the build's compilation database."""
    with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as f:
        entries = json.load(f)
    prefixes = tuple(os.path.join(root, d) + os.sep for d in MODULE_DIRS)
    files = {os.path.realpath(e["file"]) for e in entries}
    return sorted(f for f in files if f.startswith(prefixes))


def header_filter(root):
    """The module's headers, by their own path or a build's ns3/ link to them."""
    dirs = "|".join(MODULE_DIRS)
    return f"^({re.escape(root)}/({dirs})/.*|.*/include/ns3/atm-[^/]*)\\.h$"


def tidy(clang_tidy, root, build, unit):
    r = subprocess.run(
        [
            clang_tidy,
            "-p",
            build,
            "--config-file=" + os.path.join(root, ".clang-tidy"),
            # and clang's own warnings for the build's -Wall -Wextra, as a
            # clang build shows them (ns-3's CI builds with clang too)
            "--checks=clang-diagnostic-*",
            "--header-filter=" + header_filter(root),
            "--quiet",
            unit,
        ],
        capture_output=True,
        text=True,
    )
    findings = [
        line
        for line in r.stdout.splitlines()
        if re.search(r"(warning|error): ", line) and "file not found" not in line
    ]
    if r.returncode != 0 and not findings:
        findings.append(f"{unit}: clang-tidy exited with {r.returncode}: {r.stderr.strip()}")
    return findings


def own_path(finding):
    """A finding with its file named by its real path (not a build's ns3/ link)."""
    path, sep, rest = finding.partition(":")
    return os.path.realpath(path) + sep + rest if sep else finding


def main():
    root = os.path.realpath(sys.argv[1])
    build, clang_tidy = sys.argv[2], sys.argv[3]
    jobs = int(sys.argv[4]) if len(sys.argv) > 4 else 2
    units = module_units(root, build)
    if not units:
        print(f"atm-tidy-check: no module sources in {build}/compile_commands.json")
        return 1
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(lambda u: tidy(clang_tidy, root, build, u), units))
    # A header's finding repeats for every unit that includes it, and under
    # both of its paths: report it once, by its own path.
    # A compiler warning placed in a system header (libstdc++ 12 calls the
    # get_temporary_buffer C++17 deprecates) is not the module's.
    findings = sorted({own_path(f) for r in results for f in r})
    findings = [f for f in findings if f.startswith(root + os.sep)]
    for f in findings:
        print(f)
    print(f"atm-tidy-check: {len(units)} translation units, {len(findings)} finding(s)")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
