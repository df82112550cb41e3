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
# per-hop cost over the VC counts and orders.
# Default: build/debian/examples/atm-bench, 100 1000 10000 100000 VCs,
# visited in order and in random order (ATM_BENCH_ORDERS="in random"),
# then GFC-1 with ERICA, with credit and with TCP over AAL5
# (ATM_BENCH_GFC="erica credit tcp"; empty: none), whose warm-up (0.1 s) is
# the same in the short and the long run.
# ATM_BENCH_ARGS adds arguments to every ATM run, e.g.
# "--AtmFastPath=false" for the two-event cell path, or "--load=0.9" for CBR
# sources at 90% of the link rate instead of greedy ones.
# ATM_BENCH_ENGINES="atm ns3" (the default) measures the ATM cases on the
# cell engine (ns3::AtmSimulatorImpl; figures named as atm-bench names them)
# and on ns-3's DefaultSimulatorImpl (figures prefixed "default_"); "sched"
# adds DefaultSimulatorImpl with ns3::AtmCellScheduler (prefixed "sched_").
# ATM_BENCH_SCHEDULERS="map pq" (the default) measures everything under
# ns-3's default MapScheduler and again under its PriorityQueueScheduler
# (figures prefixed "pq_"), the point-to-point chain under the same one.
#
# ATM_BENCH_CACHE=1 runs cachegrind's cache simulation instead (slower) and
# adds the data-cache misses per hop, first level (D1) and last level (LL,
# by default the host's last-level cache; ATM_BENCH_LL=size,assoc,line sets
# another, e.g. 1048576,16,64 for a 1 MiB L2): deterministic too, and what
# decides whether the per-hop cost stays flat as the VCs grow.
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

CACHE=${ATM_BENCH_CACHE:-0}
read -r -a EXTRA <<< "${ATM_BENCH_ARGS:-}"

# run <name> <simTime> <atm-bench args...> -> "instructions D1-misses LL-misses hops"
run() {
    local name=$1 t=$2
    shift 2
    if [[ $CACHE == 1 ]]; then
        local ll=()
        [[ -z ${ATM_BENCH_LL:-} ]] || ll=("--LL=$ATM_BENCH_LL")
        valgrind --tool=cachegrind --cache-sim=yes "${ll[@]}" \
            --cachegrind-out-file="$TMP/$name.out" \
            "$BIN" --simTime="$t" "$@" >"$TMP/$name.txt" 2>"$TMP/$name.err"
    else
        valgrind --tool=callgrind --callgrind-out-file="$TMP/$name.out" \
            "$BIN" --simTime="$t" "$@" >"$TMP/$name.txt" 2>"$TMP/$name.err"
    fi
    local hops
    hops=$(awk '$1 == "FIGURE" && $2 ~ /_hops$/ {print $3}' "$TMP/$name.txt")
    # callgrind: "Collected : N"; cachegrind: "I   refs: N", "D1  misses: N",
    # "LLd misses: N" (thousands separated by commas)
    awk -v hops="$hops" '
        { gsub(",", "") }
        /Collected :/ { ir = $NF }
        /I +refs:/ { ir = $(NF) }
        /D1 +misses:/ { for (i = 1; i <= NF; i++) if ($i == "misses:") d1 = $(i + 1) }
        /LLd misses:/ { for (i = 1; i <= NF; i++) if ($i == "misses:") ll = $(i + 1) }
        END { printf "%s %s %s %s\n", ir, d1 + 0, ll + 0, hops }' "$TMP/$name.err"
}

# per_hop <name> <atm-bench args...>: instructions, D1 and LL misses per hop
per_hop() {
    local name=$1
    shift
    read -r ir1 d1 l1 h1 < <(run "$name-short" "$SHORT" "$@")
    read -r ir2 d2 l2 h2 < <(run "$name-long" "$LONG" "$@")
    awk -v a="$ir1" -v b="$ir2" -v c="$d1" -v d="$d2" -v e="$l1" -v f="$l2" -v x="$h1" -v y="$h2" \
        'BEGIN { n = y - x; printf "%.0f %.2f %.2f\n", (b - a) / n, (d - c) / n, (f - e) / n }'
}

# measure_all <scheduler prefix> <atm-bench arguments choosing the scheduler...>:
# every figure, the point-to-point chain and the ATM cases under one
# scheduler (the same for both, so that the ratios compare like with like),
# the ATM cases on each engine of ATM_BENCH_ENGINES.
measure_all() {
    local P=$1
    shift
    local SCHED=("$@")
    read -r p2p p2pd1 p2pll < <(per_hop "${P}p2p" --atm=false "${SCHED[@]}")
    echo "FIGURE ${P}p2p_instructions_per_hop $p2p instructions/hop"
    if [[ $CACHE == 1 ]]; then
        echo "FIGURE ${P}p2p_d1_misses_per_hop $p2pd1 misses/hop"
        echo "FIGURE ${P}p2p_ll_misses_per_hop $p2pll misses/hop"
    fi
    read -r -a ENGINES <<< "${ATM_BENCH_ENGINES-atm ns3}"
    for engine in "${ENGINES[@]}"; do
        case $engine in
        atm) measure_atm "$P" --engine=atm "${SCHED[@]}" ;;
        ns3) measure_atm "${P}default_" --engine=ns3 "${SCHED[@]}" ;;
        sched) measure_atm "${P}sched_" --engine=sched "${SCHED[@]}" ;;
        *)
            echo "bench-instructions: ATM_BENCH_ENGINES: $engine: not atm, ns3 or sched" >&2
            exit 2
            ;;
        esac
    done
}

# measure_atm <figure prefix> <atm-bench arguments choosing engine and scheduler...>:
# the ATM cases, against the point-to-point figure $p2p.
measure_atm() {
    local S=$1
    shift
    local SCHED=("$@")
    # report <figure prefix> <instructions> <D1> <LL>
    report() {
        if [[ $CACHE == 1 ]]; then
            echo "FIGURE ${S}${1}d1_misses_per_hop $3 misses/hop"
            echo "FIGURE ${S}${1}ll_misses_per_hop $4 misses/hop"
        fi
        echo "FIGURE ${S}${1}instructions_per_hop $2 instructions/hop"
        echo "FIGURE ${S}${1}instruction_ratio_to_p2p $(awk -v a="$p2p" -v b="$2" 'BEGIN { printf "%.1f", a / b }') x"
    }

    read -r -a ORDERS <<< "${ATM_BENCH_ORDERS-in random}"
    first=
    worst=0
    for n in "${VCS[@]}"; do
        for order in "${ORDERS[@]}"; do
            # atm-bench's names: atm_<n>vcs_... in order, atm_random_<n>vcs_... in random order
            prefix=atm_${n}vcs_
            [[ $order == in ]] || prefix=atm_${order}_${n}vcs_
            read -r atm d1 ll < <(per_hop "${S}atm$n$order" --p2p=false --onlyVcs="$n" --order="$order" "${SCHED[@]}" "${EXTRA[@]}")
            report "$prefix" "$atm" "$d1" "$ll"
            [[ -n $first ]] || first=$atm
            worst=$(awk -v w="$worst" -v a="$atm" -v f="$first" 'BEGIN { d = a / f - 1; if (d < 0) d = -d; printf "%.4f", (d > w ? d : w) }')
        done
    done
    echo "FIGURE ${S}atm_instructions_per_hop_spread $(awk -v w="$worst" 'BEGIN { printf "%.1f", 100 * w }') %"

    read -r -a GFC <<< "${ATM_BENCH_GFC-erica credit tcp}"
    for scheme in "${GFC[@]}"; do
        # against the point-to-point chain above (the ratio compares a hop's cost only)
        read -r atm d1 ll < <(per_hop "${S}gfc$scheme" --case=gfc --gfc="$scheme" --idleVcs=0 "${SCHED[@]}" "${EXTRA[@]}")
        report "gfc_${scheme}_" "$atm" "$d1" "$ll"
    done
}

# ns-3's default MapScheduler (figures as named above), then, with
# ATM_BENCH_SCHEDULERS="map pq" (the default), ns-3's PriorityQueueScheduler
# for both the point-to-point and the ATM runs (figures prefixed "pq_"): a
# binary heap in one vector, no allocation per event.
read -r -a SCHEDULERS <<< "${ATM_BENCH_SCHEDULERS-map pq}"
for sched in "${SCHEDULERS[@]}"; do
    case $sched in
    map) measure_all "" ;;
    pq) measure_all pq_ --SchedulerType=ns3::PriorityQueueScheduler ;;
    *)
        echo "bench-instructions: ATM_BENCH_SCHEDULERS: $sched: not map or pq" >&2
        exit 2
        ;;
    esac
done
