#! /usr/bin/env python3
#
# SPDX-License-Identifier: GPL-2.0-only
#
# The module follows ns-3's code style: every C++ file as ns-3's
# .clang-format lays it out (clang-format 20, the oldest version ns-3-dev's
# utils/check-style-clang-format.py accepts), no #include "ns3/..." of a
# header in the including file's own directory (ns-3's rule: same-module
# headers are included without the prefix), and every Python file as black
# and isort format it with ns-3's settings (line length 100, isort's black
# profile). utils/install-deps.sh installs the pinned tools.
#
# Usage: atm-style-check.py <source root> <clang-format> [<black> <isort>]
# Prints each file that differs and how to fix it; exit status 0 when none.

import os
import re
import subprocess
import sys

CXX_DIRS = ("model", "helper", "test", "examples")
PY_DIRS = ("utils", "test")
SKIP_DIRS = {"build", "__pycache__", ".git"}


def files_under(root, dirs, suffixes):
    found = []
    for d in dirs:
        for base, subdirs, names in os.walk(os.path.join(root, d)):
            subdirs[:] = sorted(s for s in subdirs if s not in SKIP_DIRS)
            found += [os.path.join(base, n) for n in sorted(names) if n.endswith(suffixes)]
    return found


def misformatted_cxx(clang_format, files):
    bad = []
    for f in files:
        r = subprocess.run([clang_format, "--dry-run", "--Werror", f], capture_output=True)
        if r.returncode != 0:
            bad.append(f)
    return bad


def prefixed_local_includes(files):
    include = re.compile(r'^\s*#\s*include\s+"ns3/([^"]+)"')
    bad = []
    for f in files:
        here = os.path.dirname(f)
        with open(f, encoding="utf-8") as text:
            for n, line in enumerate(text, 1):
                m = include.match(line)
                if m and os.path.exists(os.path.join(here, m.group(1))):
                    bad.append(f'{f}:{n}: #include "ns3/{m.group(1)}" of a header beside it')
    return bad


def main():
    root, clang_format = sys.argv[1], sys.argv[2]
    black, isort = (sys.argv[3], sys.argv[4]) if len(sys.argv) > 4 else (None, None)
    cxx = files_under(root, CXX_DIRS, (".cc", ".h"))
    problems = []
    for f in misformatted_cxx(clang_format, cxx):
        problems.append(
            f"{f}: not as ns-3's .clang-format lays it out (fix: {clang_format} -i {f})"
        )
    problems += prefixed_local_includes(cxx)
    checked = f"{len(cxx)} C++ files"
    if black:
        py = files_under(root, PY_DIRS, (".py",))
        r = subprocess.run(
            [black, "--check", "--quiet", "--line-length", "100"] + py, capture_output=True
        )
        if r.returncode != 0:
            problems.append(f"black: Python files to reformat (fix: {black} --line-length 100 ...)")
        r = subprocess.run(
            [isort, "--check-only", "--quiet", "--profile", "black", "--line-length", "100"] + py,
            capture_output=True,
            text=True,
        )
        if r.returncode != 0:
            problems.append("isort: " + (r.stdout + r.stderr).strip())
        checked += f", {len(py)} Python files"
    for p in problems:
        print(p)
    print(f"atm-style-check: {checked}: {'FAIL' if problems else 'PASS'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
