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
# profile). utils/install-deps.sh installs the pinned tools. It also keeps
# the C++ buildable by wscript in ns-3.35, the last waf release, which no CI
# run builds: no lambda handed to Simulator::Schedule or to a Callback
# constructor (test/atm-test-lambda.h has the forms every release takes), and
# no more than one argument bound by one MakeCallback or Bind.
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


def code_only(text):
    """text with comments, string and character literals blanked out (same length)."""
    pattern = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
    return pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def call_args(code, open_paren):
    """The top-level arguments of the call whose '(' is at open_paren."""
    args, depth, start = [], 0, open_paren + 1
    for i in range(open_paren, len(code)):
        c = code[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return args + [code[start:i].strip()]
        elif c == "," and depth == 1:
            args.append(code[start:i].strip())
            start = i + 1
    return args


def waf_era_unsafe(files):
    lambda_arg = {"Schedule": 1, "ScheduleNow": 0, "ScheduleWithContext": 2, "ScheduleDestroy": 0}
    bad = []
    for f in files:
        if os.path.basename(f) == "atm-test-lambda.h":
            continue
        with open(f, encoding="utf-8") as text:
            code = code_only(text.read())
        for m in re.finditer(
            r"\bSimulator::(Schedule\w*)\s*\(|\b(MakeCallback)\s*\(|\)\s*\.(Bind)\s*\(", code
        ):
            args = call_args(code, m.end() - 1)
            name = m.group(1) or m.group(2) or m.group(3)
            k = lambda_arg.get(name)
            if k is not None and len(args) > k and args[k].startswith("["):
                fix = "atmtest::Schedule" if name == "Schedule" else "a function"
                why = f"a lambda handed to Simulator::{name} (use {fix})"
            elif name == "MakeCallback" and len(args) > 2:
                why = "MakeCallback binding arguments (bind each with .Bind(x))"
            elif name == "Bind" and len(args) > 1:
                why = "Bind of several arguments (bind each with .Bind(x))"
            else:
                continue
            line = code.count("\n", 0, m.start()) + 1
            bad.append(f"{f}:{line}: {why}: ns-3.35 does not take it")
        for m in re.finditer(r"(?<!\w)Callback\s*<", code):
            depth, i = 0, m.end() - 1
            while True:
                depth += {"<": 1, ">": -1}.get(code[i], 0)
                if depth == 0:
                    break
                i += 1
            if re.match(r"\s*(\w+\s*)?[({]\s*\[", code[i + 1 :]):
                line = code.count("\n", 0, m.start()) + 1
                bad.append(
                    f"{f}:{line}: a Callback built from a lambda (use atmtest::MakeLambdaCallback): "
                    "ns-3.35 does not take it"
                )
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
    problems += waf_era_unsafe(cxx)
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
