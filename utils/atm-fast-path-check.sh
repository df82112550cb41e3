#!/usr/bin/env bash
# utils/atm-fast-path-check.sh [examples directory]
#
# The full equality check of the cell paths (issues #12 and #46): every
# example of test/examples-to-run.py but the benchmark, every scenario file
# of examples/scenarios at its defaults (atm-scenario's report, the
# fingerprint of every port's departures and every row it stores in SQLite
# but the run's wall-clock time and event count), and the randomized
# networks of atm-random (per-VC results of each), drawn freely and with
# --aligned (times on a grid of cell times: many events at one instant,
# where the order of same-time events shows), run four times: on the
# two-event path (--AtmFastPath=false) and on the fast path (lazy arrival),
# both on ns-3's DefaultSimulatorImpl, on the cell engine
# (ns3::AtmSimulatorImpl, the examples' default), and on DefaultSimulatorImpl
# with ns3::AtmCellScheduler (the ranks' Scheduler); their outputs must be
# byte-identical, but for lines that report wall-clock time or event
# counts. The atm-fast-path test suite checks a representative set in CI;
# this script is the whole set (about ten minutes).
# Default: build/debian/examples. ATM_RANDOM_RUNS (default 200) and
# ATM_ALIGNED_RUNS (default 2000) set how many random networks of each kind
# are compared.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DIR=$(cd "${1:-$ROOT/build/debian/examples}" && pwd)
RUNS=${ATM_RANDOM_RUNS:-200}
ALIGNED=${ATM_ALIGNED_RUNS:-2000}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Lines that may differ between two runs of the same simulation.
volatile='wall|seconds of CPU|events|ns/hop|hops/s|s/run|elapsed'

mapfile -t examples < <(python3 - "$ROOT/test/examples-to-run.py" <<'EOF'
import sys
ns = {}
exec(open(sys.argv[1]).read(), ns)
for name, _run, _valgrind in ns["cpp_examples"]:
    if not name.startswith("atm-bench"):
        print(name)
EOF
)

failed=0
# The examples write their pcap and trace files into a scratch folder.
mkdir "$TMP/run"
cd "$TMP/run"
default=--SimulatorImplementationType=ns3::DefaultSimulatorImpl
engine=--SimulatorImplementationType=ns3::AtmSimulatorImpl
scheduler=--SchedulerType=ns3::AtmCellScheduler
# One path: its output without the volatile lines, then the rows of
# $TMP/run.db when the command wrote one; a run that fails counts in
# $TMP/errors (the same error on the four paths is no proof).
run_path() { # output file, command...
    local out=$1 rc=0
    shift
    rm -f "$TMP/run.db"
    "$@" > "$TMP/raw" 2>&1 || rc=$?
    grep -Ev "$volatile" "$TMP/raw" > "$out" || true
    if [[ $rc -ne 0 ]]; then
        echo "exit status $rc: $*" >> "$TMP/errors"
    fi
    if [[ -f $TMP/run.db ]]; then
        python3 "$ROOT/utils/atm-db-rows.py" "$TMP/run.db" >> "$out"
    fi
}
compare() { # label, command...
    local label=$1
    shift
    rm -f "$TMP/errors"
    run_path "$TMP/slow" "$@" --AtmFastPath=false "$default"
    run_path "$TMP/fast" "$@" --AtmFastPath=true "$default"
    run_path "$TMP/engine" "$@" --AtmFastPath=true "$engine"
    run_path "$TMP/sched" "$@" --AtmFastPath=true "$default" "$scheduler"
    if [[ -f $TMP/errors ]]; then
        echo "FAIL  $label"
        head -4 "$TMP/errors"
        tail -5 "$TMP/slow"
        failed=$((failed + 1))
    elif cmp -s "$TMP/slow" "$TMP/fast" && cmp -s "$TMP/slow" "$TMP/engine" &&
        cmp -s "$TMP/slow" "$TMP/sched"; then
        echo "same  $label ($(wc -l < "$TMP/fast") lines)"
    else
        echo "DIFF  $label"
        diff "$TMP/slow" "$TMP/fast" | head -10 || true
        diff "$TMP/slow" "$TMP/engine" | head -10 || true
        diff "$TMP/slow" "$TMP/sched" | head -10 || true
        failed=$((failed + 1))
    fi
}

for e in "${examples[@]}"; do
    read -r -a words <<< "$e"
    compare "$e" "$DIR/${words[0]}" "${words[@]:1}"
done
scenarios=()
for f in "$ROOT"/examples/scenarios/*.json; do
    case $(basename "$f") in
        atm-scenario.schema.json | reproduce.json) continue ;;
    esac
    scenarios+=("$f")
    compare "atm-scenario $(basename "$f")" "$DIR/atm-scenario" --scenario="$f" --fingerprint \
        --db="$TMP/run.db"
done
compare "atm-random: $RUNS networks" "$DIR/atm-random" --seed=13 --count="$RUNS" --verbose=1
compare "atm-random --aligned: $ALIGNED networks" "$DIR/atm-random" --seed=13 --count="$ALIGNED" \
    --verbose=1 --aligned=1

total=$((${#examples[@]} + ${#scenarios[@]} + 2))
if [[ $failed -gt 0 ]]; then
    echo "atm-fast-path-check: $failed of $total comparisons differ or failed"
    exit 1
fi
echo "atm-fast-path-check: all $total comparisons byte-identical on the four paths" \
    "(${#examples[@]} examples, ${#scenarios[@]} scenario files, $RUNS random networks," \
    "$ALIGNED on the grid)"
