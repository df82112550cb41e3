#!/usr/bin/env bash
# utils/atm-mpi-check.sh ATM_DISTRIBUTED_BINARY [RANKS...]
#
# The distributed runs against the single process, exactly: runs
# examples/atm-distributed (built only where ns-3 has its mpi module) as one
# process and with mpirun on each of RANKS (default 2 4) processes, under
# both of ns-3's distributed engines (granted time window, null messages),
# each rank with its cell events in a cell calendar (AtmCellScheduler, the
# programs' default on ranks; the single process of atm-distributed keeps
# ns-3's MapScheduler, atm-scenario's runs on the cell engine), and
# compares the per-VC lines (cells sent, received, dropped, AAL5 frames
# received and discarded, throughput) and the per-TCP lines (octets
# received) byte for byte. The cases:
#   - GFC-1 with credit flow control and without (cells lost at full
#     per-VC buffers), the benchmark chain with credit;
#   - ABR: GFC-1 under ERICA, the chain under the iterative MACR scheme
#     with switches given to ranks in turn (a VC leaves a rank and comes
#     back);
#   - TCP over IP over AAL5, whose frames' cells cross ranks with their
#     real payload: UBR with EPD on the chain, the same with switches in
#     turn (a frame crosses ranks at every trunk), TCP over ABR (ERICA) on
#     GFC-1, and TCP with credit where the 1000th cell over the middle
#     trunk is lost: the single process must discard exactly one frame,
#     and every distributed run the same one;
#   - the backbone (4 rings of 4 switches, trunks of 1 to 20 ms, cut by
#     AtmRankHelper) with greedy UBR, ABR (ERICA) and TCP VCs;
#   - random networks (ATM_MPI_RANDOM_RUNS, default 12, run numbers from
#     1): each draws its scheme (no flow control, credit, five ABR
#     schemes), sources, link errors and outages.
# Every run: no rank may still hold more AAL5 frames of one VC at the end
# than the single process (a rank must free the frames whose cells it
# handed to another).
# Then scenario files through examples/atm-scenario (next to
# atm-distributed), switches given to ranks by AtmRankHelper (a host goes
# with its switch): GFC-1 without and with credit, GFC-1 under ABR with
# queue and ACR series, TCP over ABR with goodput series, Reno TCPs with
# credit, Kung and Wang's hot spot under PQFC, TCP with ZQFC and its goodput
# series, the service categories (CBR, VBR, ABR, UBR, priority queues), and
# the backbone file (4 rings of 4 switches, UBR, ABR and TCP VCs); the printed
# VC and port tables, the cell-departure fingerprint of every port (each
# taken on its port's rank) and every row of the SQLite database but the
# run's wall time and events (vc_metrics, vc_drops, link_metrics,
# timeseries) must be the single process's.
# Then the bad cases on 2 ranks: a link between ranks without delay,
# ranks whose VC tables differ, and a scenario file with a bus hub, each
# must stop with its message.
# Prints one line per case and the speed of each run; exit status 0 only
# when every distributed run printed exactly the single process's lines
# and every bad case stopped with its message.
#
# Build: an ns-3 tree configured with MPI (doc/atm.rst, "Distributed
# simulation"), e.g.
#   ./ns3 configure --enable-mpi --enable-examples --enable-tests \
#       --enable-modules=atm,mpi,csma
#   ./ns3 build atm-distributed
#   contrib/atm/utils/atm-mpi-check.sh build/contrib/atm/examples/ns3.37-atm-distributed-default
# MPIRUN (default: mpirun) and MPIRUN_FLAGS (default, for OpenMPI:
# --oversubscribe, and --allow-run-as-root when run as root) are used as given.
set -uo pipefail

BIN=${1:-}
[[ -n $BIN && -x $BIN ]] || {
    echo "usage: atm-mpi-check.sh ATM_DISTRIBUTED_BINARY [RANKS...]" >&2
    exit 2
}
shift
RANKS=("$@")
[[ ${#RANKS[@]} -gt 0 ]] || RANKS=(2 4)
MPIRUN=${MPIRUN:-mpirun}
command -v "$MPIRUN" >/dev/null || {
    echo "atm-mpi-check.sh: no $MPIRUN (Debian: apt install openmpi-bin)" >&2
    exit 2
}
if [[ -z ${MPIRUN_FLAGS+x} ]]; then
    MPIRUN_FLAGS="--oversubscribe"
    [[ $(id -u) -eq 0 ]] && MPIRUN_FLAGS+=" --allow-run-as-root"
fi
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

cases=(
    "gfc1 --topology=gfc1"
    "gfc1-loss --topology=gfc1 --control=none"
    "chain --topology=chain --switches=8 --vcs=200"
    "gfc1-erica --topology=gfc1 --control=abr"
    "chain-iterative --topology=chain --switches=6 --vcs=20 --control=abr --scheme=ns3::AtmIterativeEr --assign=alternate"
    "tcp-ubr --topology=chain --switches=4 --vcs=4 --traffic=tcp --control=none"
    "tcp-alternate --topology=chain --switches=6 --vcs=3 --traffic=tcp --control=none --assign=alternate"
    "tcp-erica --topology=gfc1 --traffic=tcp --control=abr"
    "tcp-lost-cell --topology=chain --switches=4 --vcs=2 --traffic=tcp --dropCell=1000"
    "backbone-mix --topology=backbone --rings=4 --ringSize=4 --vcs=40 --traffic=mix --tcpVcs=4 --control=none --warmup=0.05 --measure=0.05"
)
# Random networks (AtmRandomNetwork; switch k on rank k mod ranks): every
# scheme, link errors and outages, drawn from the run number.
for r in $(seq 1 "${ATM_MPI_RANDOM_RUNS:-12}"); do
    cases+=("random-$r --topology=random --RngRun=$r")
done
# The frames the single process must discard, where a case says so.
declare -A expect_frames_dropped=([tcp-lost-cell]=1)
failed=0

# run TAG WHAT COMMAND...: run COMMAND into $OUT/TAG.txt, keep its VC lines in
# $OUT/TAG.vc and its speed in $speed; on failure print WHAT and the error.
run() {
    local tag=$1 what=$2
    shift 2
    if ! "$@" >"$OUT/$tag.txt" 2>"$OUT/$tag.err"; then
        echo "FAIL $what failed:"
        tail -n 5 "$OUT/$tag.err"
        failed=1
        return 1
    fi
    grep -E '^(vc|tcp) ' "$OUT/$tag.txt" >"$OUT/$tag.vc"
    speed=$(awk '/^cell_hops_per_s/ {print $2}' "$OUT/$tag.txt")
    held=$(awk '/^frames_held_max/ {print $2}' "$OUT/$tag.txt")
}

# compare NAME TAG RANKS ENGINE WHAT...: the run TAG's lines against NAME's
# single process: "ok" with WHAT, or "FAIL" with the first differences.
compare() {
    local name=$1 tag=$2 n=$3 engine=$4
    shift 4
    if cmp -s "$OUT/$name-1.vc" "$OUT/$tag.vc"; then
        echo "ok   $name: $n ranks (nullmsg=$engine) = 1 process: $(wc -l <"$OUT/$tag.vc") $*"
    else
        echo "FAIL $name: $n ranks (nullmsg=$engine) differ from 1 process:"
        diff "$OUT/$name-1.vc" "$OUT/$tag.vc" | head -n 10
        failed=1
    fi
}

for c in "${cases[@]}"; do
    name=${c%% *}
    args=${c#* }
    # shellcheck disable=SC2086
    # One process with ns-3's MapScheduler, the ranks with the programs'
    # default AtmCellScheduler: the comparison covers both.
    run "$name-1" "$name: the single process" "$BIN" $args --SchedulerType=ns3::MapScheduler ||
        continue
    speed1=$speed
    held1=$held
    lost=$(awk '/^vc / {s += $8} END {print s + 0}' "$OUT/$name-1.vc")
    frames_lost=$(awk '/^vc / {s += $12} END {print s + 0}' "$OUT/$name-1.vc")
    want=${expect_frames_dropped[$name]:-}
    if [[ -n $want && $frames_lost -ne $want ]]; then
        echo "FAIL $name: the single process discarded $frames_lost AAL5 frame(s), not $want"
        failed=1
    fi
    for engine in 0 1; do
        for n in "${RANKS[@]}"; do
            tag=$name-$n-$engine
            # shellcheck disable=SC2086
            run "$tag" "$name, $n ranks, nullmsg=$engine: mpirun" \
                "$MPIRUN" $MPIRUN_FLAGS -np "$n" "$BIN" $args --nullmsg=$engine || continue
            # A rank frees the AAL5 frames it handed to another: no rank
            # holds more of a VC's frames than the single process, whose
            # frames are those not yet received.
            if [[ ${held:-0} -gt ${held1:-0} ]]; then
                echo "FAIL $name: $n ranks (nullmsg=$engine): a rank still holds $held AAL5" \
                    "frames of one VC, the single process $held1"
                failed=1
            fi
            compare "$name" "$tag" "$n" "$engine" "lines," \
                "$lost cells lost, $frames_lost frames discarded; cell-hops/s $speed (1 process: $speed1)"
        done
    done
done
# Scenario files on ranks against one process: the printed tables (after
# the run's header) and the SQLite rows.
SCENARIO_BIN=${BIN/atm-distributed/atm-scenario}
SCENARIOS=$(cd "$(dirname "$0")/../examples/scenarios" && pwd)
UTILS=$(cd "$(dirname "$0")" && pwd)
[[ -x $SCENARIO_BIN ]] || {
    echo "FAIL no $SCENARIO_BIN beside $BIN"
    failed=1
}
scenario_cases=(
    "sc-gfc1 gfc1.json start=0.02s,stop=0.1s,end=0.1s"
    "sc-gfc1-credit gfc1.json start=0.02s,stop=0.1s,end=0.1s,flow_control=credit"
    "sc-gfc1-abr gfc1-abr.json start=0.02s,stop=0.1s,end=0.1s"
    "sc-abr-tcp abr-tcp.json start=0.1s,stop=0.3s"
    "sc-creditnet-b creditnet-b.json start=0.05s,stop=0.15s"
    "sc-zqfc-fig2 zqfc-fig2.json start=20ms,stop=60ms"
    "sc-zqfc-tcp-fig5 zqfc-tcp-fig5.json start=0.1s,stop=0.3s"
    "sc-multiservice multiservice.json start=0.1s,stop=0.3s"
    "sc-backbone backbone.json rings=4,ringSize=4,ubr=40,abr=40,tcp=4,start=0.02s,stop=0.05s"
)
# run_scenario TAG WHAT COMMAND...: as run, for atm-scenario with --db.
run_scenario() {
    local tag=$1 what=$2
    shift 2
    if ! "$@" --db="$OUT/$tag.db" >"$OUT/$tag.txt" 2>"$OUT/$tag.err"; then
        echo "FAIL $what failed:"
        tail -n 5 "$OUT/$tag.err"
        failed=1
        return 1
    fi
    sed -n '/^$/,$p' "$OUT/$tag.txt" | grep -v '^results stored' >"$OUT/$tag.vc"
    python3 "$UTILS/atm-db-rows.py" "$OUT/$tag.db" >>"$OUT/$tag.vc"
    cut=$(grep -o 'AtmRankHelper: .*' "$OUT/$tag.txt" || true)
}
for c in "${scenario_cases[@]}"; do
    [[ -x $SCENARIO_BIN ]] || break
    read -r name file params <<<"$c"
    args=(--scenario="$SCENARIOS/$file" --params="$params" --fingerprint)
    run_scenario "$name-1" "$name: the single process" "$SCENARIO_BIN" "${args[@]}" || continue
    for engine in 0 1; do
        impl=ns3::DistributedSimulatorImpl
        [[ $engine -eq 1 ]] && impl=ns3::NullMessageSimulatorImpl
        for n in "${RANKS[@]}"; do
            tag=$name-$n-$engine
            # shellcheck disable=SC2086
            run_scenario "$tag" "$name, $n ranks, nullmsg=$engine: mpirun" \
                "$MPIRUN" $MPIRUN_FLAGS -np "$n" "$SCENARIO_BIN" "${args[@]}" \
                --SimulatorImplementationType=$impl || continue
            compare "$name" "$tag" "$n" "$engine" "lines and rows, $(grep -o 'fingerprint.*' \
                "$OUT/$tag.txt"); $cut"
        done
    done
done

# The bad cases, on 2 ranks: each must stop with its message.
bad=(
    "zero-delay|AtmRemoteChannel .*a link between ranks needs a positive propagation delay|--topology=chain --switches=4 --vcs=2 --delayUs=0"
    "vc-tables-differ|has no VC with that label on rank 1: every rank must create the same VCs|--topology=chain --switches=4 --vcs=3 --traffic=tcp --omitVcOnRank=1"
    "scenario-hub|a hub section runs in one process only|--scenario=$SCENARIOS/hub-c1.json"
)
for b in "${bad[@]}"; do
    IFS='|' read -r name message args <<<"$b"
    bin=$BIN
    [[ $name == scenario-* ]] && bin=$SCENARIO_BIN
    # shellcheck disable=SC2086
    if "$MPIRUN" $MPIRUN_FLAGS -np 2 "$bin" $args >"$OUT/$name.txt" 2>"$OUT/$name.err"; then
        echo "FAIL $name: 2 ranks ran to the end"
        failed=1
    elif grep -Eq "$message" "$OUT/$name.err" "$OUT/$name.txt"; then
        echo "ok   $name: stopped with: $(grep -Eho "$message" "$OUT/$name.err" "$OUT/$name.txt" | head -n 1)"
    else
        echo "FAIL $name: stopped without the message '$message':"
        tail -n 5 "$OUT/$name.err"
        failed=1
    fi
done

if [[ $failed -eq 0 ]]; then
    echo "atm-mpi-check: every distributed run equals the single process"
else
    echo "atm-mpi-check: FAILED"
fi
exit $failed
