#!/usr/bin/env python3
"""Mutation check of the module's test suites.

Each mutant of test/atm_mutants.py is one plausible programming error in a
mechanism (a threshold compared with > instead of >=, a counter never
decremented, a wrong factor of a paper's equation). For each, this script
applies the error to a copy of the sources, rebuilds the test runner and
runs the suites: a mutant is killed when a suite fails, or takes five
times as long as without it (at least --timeout seconds): it hung. The
suites named for the mutant run first; a mutant they miss runs against
every other suite but atm-fingerprint, then against
atm-fingerprint, the regression suite that compares whole paper runs
with recorded digests and so notices nearly any change of behaviour
without saying what is wrong. A mutant only atm-fingerprint or no suite
kills is a gap in the mechanism tests, and the script exits 1.

Usage: python3 utils/atm-mutants.py [--only ID ...] [--list]
           [--check] [--dir build/mutants] [--timeout 30] [--jobs 2]

The copy and its build (Debian's ns-3.37, Release without LTO, the test
runner only) live in --dir and are reused: a later run rebuilds only what
changed. Not part of CI, but for --check (CTest's atm-mutants-list: every
mutant still applies).
"""

import argparse
import concurrent.futures
import filecmp
import glob
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REGRESSION_SUITE = "atm-fingerprint"
# What the copy needs; build outputs, results and git stay behind.
SKIP = {"build", "results", ".git", "__pycache__"}


def load_mutants():
    ns = {}
    path = os.path.join(ROOT, "test", "atm_mutants.py")
    with open(path, encoding="utf-8") as f:
        exec(compile(f.read(), path, "exec"), ns)
    return ns["MUTANTS"]


def known_suites():
    """The suite names of test/*.cc, in file order."""
    names = []
    for path in sorted(glob.glob(os.path.join(ROOT, "test", "*.cc"))):
        with open(path, encoding="utf-8") as f:
            names += re.findall(r'TestSuite\(\s*"([^"]+)"', f.read())
    return names


def check_mutants(mutants, suites):
    """One clear error per bad entry: a stale or ambiguous snippet, an
    unknown suite, a repeated id."""
    errors = []
    seen = set()
    for m in mutants:
        mid = m.get("id", "?")
        for field in ("id", "file", "old", "new", "suites", "why"):
            if field not in m:
                errors.append("mutant %s: field '%s' is missing" % (mid, field))
        if mid in seen:
            errors.append("mutant %s: id used twice" % mid)
        seen.add(mid)
        path = os.path.join(ROOT, m.get("file", ""))
        if not os.path.isfile(path):
            errors.append("mutant %s: file '%s' does not exist" % (mid, m.get("file")))
            continue
        with open(path, encoding="utf-8") as f:
            n = f.read().count(m.get("old", ""))
        if n != 1:
            errors.append(
                "mutant %s: 'old' occurs %d times in %s (must be exactly once): %r"
                % (mid, n, m["file"], m.get("old"))
            )
        if m.get("old") == m.get("new"):
            errors.append("mutant %s: 'new' equals 'old'" % mid)
        if REGRESSION_SUITE in m.get("suites", []):
            errors.append(
                "mutant %s: suites names %s, which catches nearly any change; name the "
                "suites that check the mechanism" % (mid, REGRESSION_SUITE)
            )
        for s in m.get("suites", []):
            if s not in suites:
                errors.append("mutant %s: suite '%s' does not exist" % (mid, s))
    return errors


def sync_tree(src, dst):
    """Copy src to dst, writing only files whose bytes differ, so that the
    build in the copy rebuilds only what changed since the last run."""
    for dirpath, dirnames, filenames in os.walk(src):
        dirnames[:] = [d for d in dirnames if d not in SKIP]
        rel = os.path.relpath(dirpath, src)
        os.makedirs(os.path.join(dst, rel), exist_ok=True)
        for name in filenames:
            a = os.path.join(dirpath, name)
            b = os.path.join(dst, rel, name)
            if not os.path.exists(b) or not filecmp.cmp(a, b, shallow=False):
                shutil.copy(a, b)  # mtime now: the build sees the change


def build(build_dir, jobs, log):
    r = subprocess.run(
        ["cmake", "--build", build_dir, "--target", "atm-test-runner", "-j", str(jobs)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    with open(log, "w", encoding="utf-8") as f:
        f.write(r.stdout)
    return r.returncode == 0


def run_suite(runner, suite, tempdir, timeout):
    """True when the suite passes within timeout seconds."""
    os.makedirs(tempdir, exist_ok=True)
    try:
        r = subprocess.run(
            [runner, "--suite=" + suite, "--tempdir=" + tempdir],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=timeout,
            cwd=tempdir,
        )
    except subprocess.TimeoutExpired:
        return False
    return r.returncode == 0


class Suites:
    """Runs suites, each with a time limit: a suite that takes much longer
    than without a mutant has hung (a mutant can make a loop endless)."""

    def __init__(self, runner, tempdir, jobs):
        self.runner = runner
        self.tempdir = tempdir
        self.jobs = jobs
        self.limit = {}  # suite -> seconds

    def baseline(self, suites, floor):
        """Time every suite without a mutant; the first failing one, or
        None. Each suite's limit becomes five times its time, at least
        floor seconds."""

        def timed(s):
            start = time.time()
            ok = run_suite(self.runner, s, os.path.join(self.tempdir, s), None)
            self.limit[s] = max(floor, 5 * (time.time() - start))
            return ok

        return self._first_failing(suites, timed)

    def first_failing(self, suites):
        """The first of suites (in their order) that fails or hangs, or None."""
        return self._first_failing(
            suites,
            lambda s: run_suite(self.runner, s, os.path.join(self.tempdir, s), self.limit[s]),
        )

    def _first_failing(self, suites, passes):
        """Run passes(suite) on jobs suites at a time; the first of suites
        (in their order) for which it is false, or None."""
        with concurrent.futures.ThreadPoolExecutor(max_workers=self.jobs) as pool:
            passed = list(pool.map(passes, suites))
        return next((s for s, ok in zip(suites, passed) if not ok), None)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", nargs="+", metavar="ID", help="run these mutants only")
    ap.add_argument("--list", action="store_true", help="list the mutants and exit")
    ap.add_argument(
        "--check",
        action="store_true",
        help="only check that every mutant still applies (each snippet once, known suites)",
    )
    ap.add_argument("--dir", default=os.path.join(ROOT, "build", "mutants"))
    ap.add_argument(
        "--timeout",
        type=float,
        default=30,
        help="least seconds a suite may take before it counts as hung (default 30; "
        "otherwise five times its time without a mutant)",
    )
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("ATM_BUILD_JOBS", "2")))
    args = ap.parse_args()

    mutants = load_mutants()
    if args.list:
        for m in mutants:
            print("%-32s %-40s %s" % (m["id"], m["file"], m["why"]))
        return 0
    if args.only:
        unknown = set(args.only) - {m["id"] for m in mutants}
        if unknown:
            sys.exit("atm-mutants: no mutant with id %s" % ", ".join(sorted(unknown)))
        mutants = [m for m in mutants if m["id"] in args.only]
    suites = known_suites()
    errors = check_mutants(mutants, set(suites))
    if errors:
        sys.exit("\n".join("atm-mutants: " + e for e in errors))
    if args.check:
        print("atm-mutants: %d mutants apply, each to one place" % len(mutants))
        return 0

    src = os.path.join(args.dir, "src")
    bld = os.path.join(args.dir, "build")
    tmp = os.path.join(args.dir, "testing")
    logs = os.path.join(args.dir, "logs")
    os.makedirs(logs, exist_ok=True)
    sync_tree(ROOT, src)
    if not os.path.exists(os.path.join(bld, "CMakeCache.txt")):
        r = subprocess.run(
            ["cmake", "-S", src, "-B", bld, "-DCMAKE_BUILD_TYPE=Release", "-DATM_LTO=OFF"],
            stdout=subprocess.DEVNULL,
        )
        if r.returncode != 0:
            shutil.rmtree(bld)
            sys.exit(
                "atm-mutants: cmake cannot configure %s against Debian's ns-3 (see above); "
                "bash utils/install-deps.sh installs it" % src
            )
    runner = os.path.join(bld, "atm-test-runner")
    if not build(bld, args.jobs, os.path.join(logs, "baseline.log")):
        sys.exit("atm-mutants: the unmutated tree does not build: see %s/baseline.log" % logs)
    print("atm-mutants: baseline: the %d suites without a mutant" % len(suites), flush=True)
    run = Suites(runner, tmp, args.jobs)
    broken = run.baseline(suites, args.timeout)
    if broken:
        sys.exit("atm-mutants: suite %s fails without any mutant: fix it first" % broken)

    results = []
    for m in mutants:
        path = os.path.join(src, m["file"])
        with open(path, encoding="utf-8") as f:
            original = f.read()
        start = time.time()
        with open(path, "w", encoding="utf-8") as f:
            f.write(original.replace(m["old"], m["new"], 1))
        try:
            if not build(bld, args.jobs, os.path.join(logs, m["id"] + ".log")):
                verdict = "DOES NOT COMPILE (%s)" % os.path.join(logs, m["id"] + ".log")
            else:
                killer = run.first_failing(m["suites"])
                if killer:
                    verdict = "killed by " + killer
                else:
                    others = [s for s in suites if s not in m["suites"] and s != REGRESSION_SUITE]
                    killer = run.first_failing(others)
                    if killer:
                        verdict = "killed by %s (not by %s)" % (killer, ", ".join(m["suites"]))
                    elif run.first_failing([REGRESSION_SUITE]):
                        verdict = "ONLY %s" % REGRESSION_SUITE
                    else:
                        verdict = "SURVIVED"
        finally:
            with open(path, "w", encoding="utf-8") as f:
                f.write(original)
        results.append((m, verdict))
        print("%-32s %-46s %5.0f s" % (m["id"], verdict, time.time() - start), flush=True)

    killed = sum(1 for _, v in results if v.startswith("killed"))
    weak = [m["id"] for m, v in results if v in ("SURVIVED", "ONLY " + REGRESSION_SUITE)]
    bad = [m["id"] for m, v in results if v.startswith("DOES NOT")]
    print(
        "atm-mutants: %d of %d mutants killed by the mechanism suites; %d missed (%s); "
        "%d do not compile (%s)"
        % (
            killed,
            len(results),
            len(weak),
            " ".join(weak) or "none",
            len(bad),
            " ".join(bad) or "none",
        )
    )
    return 1 if weak or bad else 0


if __name__ == "__main__":
    sys.exit(main())
