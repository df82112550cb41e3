#!/usr/bin/env bash
# utils/bench-instructions.sh [atm-bench binary] [VC counts...]
#
# Instructions per cell-hop of the ATM cell path and per packet-hop of
# ns-3's PointToPointNetDevice (53-byte UDP), on atm-bench's chain of 10
# switches, counted by valgrind's callgrind: deterministic (the same figure
# on a busy or an idle machine), unlike wall-clock time. Each case runs
# twice, for a short and a longer simulated time; the difference of the
# instruction totals divided by the difference of the hop counts is the
# cost of one hop in steady state, without set-up and start-up.
#
# Prints "name value unit" lines (as atm-bench does) and the spread of the
# per-hop cost over the VC counts.
# Default: build/debian/examples/atm-bench, 100 1000 10000 100000 VCs.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN=${1:-$ROOT/build/debian/examples/atm-bench}
[[ $# -gt 0 ]] && shift
VCS=("$@")
[[ ${#VCS[@]} -gt 0 ]] || VCS=(100 1000 10000 100000)
SHORT=${ATM_BENCH_SHORT:-0.002}
LONG=${ATM_BENCH_LONG:-0.012}

command -v valgrind >/dev/null || {
    echo "bench-instructions: valgrind is needed (apt-get install valgrind)" >&2
    exit 1
}
[[ -x $BIN ]] || {
    echo "bench-instructions: no atm-bench at $BIN (build first: utils/build.sh)" >&2
    exit 1
}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# run <name> <simTime> <atm-bench args...> -> "instructions hops"
run() {
    local name=$1 t=$2
    shift 2
    valgrind --tool=callgrind --callgrind-out-file="$TMP/$name.out" \
        "$BIN" --simTime="$t" "$@" >"$TMP/$name.txt" 2>"$TMP/$name.err"
    local ir hops
    ir=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$TMP/$name.err")
    hops=$(awk '$1 == "FIGURE" && $2 ~ /_hops$/ {print $3}' "$TMP/$name.txt")
    echo "$ir $hops"
}

# per_hop <name> <atm-bench args...>: instructions per hop
per_hop() {
    local name=$1
    shift
    read -r ir1 h1 < <(run "$name-short" "$SHORT" "$@")
    read -r ir2 h2 < <(run "$name-long" "$LONG" "$@")
    awk -v a="$ir1" -v b="$ir2" -v x="$h1" -v y="$h2" 'BEGIN { printf "%.0f\n", (b - a) / (y - x) }'
}

p2p=$(per_hop p2p --atm=false)
echo "FIGURE p2p_instructions_per_hop $p2p instructions/hop"
first=
worst=0
for n in "${VCS[@]}"; do
    atm=$(per_hop "atm$n" --p2p=false --onlyVcs="$n")
    echo "FIGURE atm_${n}vcs_instructions_per_hop $atm instructions/hop"
    echo "FIGURE atm_${n}vcs_instruction_ratio_to_p2p $(awk -v a="$p2p" -v b="$atm" 'BEGIN { printf "%.1f", a / b }') x"
    [[ -n $first ]] || first=$atm
    worst=$(awk -v w="$worst" -v a="$atm" -v f="$first" 'BEGIN { d = a / f - 1; if (d < 0) d = -d; printf "%.4f", (d > w ? d : w) }')
done
echo "FIGURE atm_instructions_per_hop_spread $(awk -v w="$worst" 'BEGIN { printf "%.1f", 100 * w }') %"
