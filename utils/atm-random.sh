#!/usr/bin/env bash
# utils/atm-random.sh [COUNT] [SEED]
#
# Randomized invariants in their thousands: runs COUNT (default 2000)
# random small networks (examples/atm-random.cc, AtmRandomNetwork) with run
# numbers 1..COUNT, split over ATM_JOBS (default 2) processes, each network
# twice in its process (--twice: byte-identical results required), then
# runs the first 100 again in a separate process and compares the output
# byte for byte (determinism across processes). Every invariant violation
# is printed; exit status 0 only without any. Uses build/debian (make it
# with utils/build.sh) or the build directory in ATM_BUILD_DIR.
# ATM_RANDOM_ALIGNED=1 draws the networks' times on a grid of cell times
# (atm-random --aligned=1), where many events coincide.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
COUNT=${1:-2000}
SEED=${2:-1}
JOBS=${ATM_JOBS:-2}
ALIGNED=--aligned=${ATM_RANDOM_ALIGNED:-0}
BIN=${ATM_BUILD_DIR:-$ROOT/build/debian}/examples/atm-random
[[ -x $BIN ]] || {
    echo "atm-random.sh: no $BIN: build first (bash utils/build.sh debian)" >&2
    exit 1
}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

t0=$(date +%s)
per=$(((COUNT + JOBS - 1) / JOBS))
pids=()
for ((j = 0; j < JOBS; ++j)); do
    first=$((1 + j * per))
    n=$((COUNT - j * per < per ? COUNT - j * per : per))
    [[ $n -gt 0 ]] || continue
    "$BIN" --seed="$SEED" --first="$first" --count="$n" --twice=1 "$ALIGNED" \
        >"$OUT/part-$j.txt" 2>&1 &
    pids+=($!)
done
status=0
for p in "${pids[@]}"; do
    wait "$p" || status=1
done
first100=$((COUNT < 100 ? COUNT : 100))
"$BIN" --seed="$SEED" --first=1 --count="$first100" "$ALIGNED" >"$OUT/again-a.txt" 2>&1 || status=1
"$BIN" --seed="$SEED" --first=1 --count="$first100" "$ALIGNED" >"$OUT/again-b.txt" 2>&1 || status=1
t1=$(date +%s)

cat "$OUT"/part-*.txt | grep -E 'VIOLATED|^  ' || true
if cmp -s "$OUT/again-a.txt" "$OUT/again-b.txt"; then
    cross="identical"
else
    cross="DIFFERENT"
    status=1
fi
runs=$(cat "$OUT"/part-*.txt | grep -c '^run ' || true)
bad=$(cat "$OUT"/part-*.txt | grep -c 'VIOLATED' || true)
checks=$(cat "$OUT"/part-*.txt | sed -n 's/.* \([0-9]*\) invariant checks.*/\1/p' | awk '{s += $1} END {print s + 0}')
cells=$(cat "$OUT"/part-*.txt | sed -n 's/.* \([0-9]*\) cells sent.*/\1/p' | awk '{s += $1} END {print s + 0}')
echo "atm-random: $runs networks (seed $SEED${ATM_RANDOM_ALIGNED:+, aligned=$ATM_RANDOM_ALIGNED}), $bad with a violation, $checks invariant checks, $cells cells sent; each run twice in-process: identical unless listed; two processes, runs 1-$first100: $cross; $((t1 - t0)) s"
exit $status
