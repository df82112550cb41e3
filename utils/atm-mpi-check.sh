#!/usr/bin/env bash
# utils/atm-mpi-check.sh ATM_DISTRIBUTED_BINARY [RANKS...]
#
# The distributed runs against the single process, exactly: runs
# examples/atm-distributed (built only where ns-3 has its mpi module) as one
# process and with mpirun on each of RANKS (default 2 4) processes, for
# GFC-1 with credit flow control and without (cells lost at full per-VC
# buffers, about 90% of what the sources offer), and the benchmark chain
# with credit, under both of ns-3's distributed
# engines (granted time window, null messages), and compares the per-VC
# lines (cells sent, received, dropped, throughput) byte for byte. Prints
# one line per case and the speed of each run; exit status 0 only when
# every distributed run printed exactly the single process's VC lines.
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
    "gfc1-loss --topology=gfc1 --credit=0"
    "chain --topology=chain --switches=8 --vcs=200"
)
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
    grep '^vc ' "$OUT/$tag.txt" >"$OUT/$tag.vc"
    speed=$(awk '/^cell_hops_per_s/ {print $2}' "$OUT/$tag.txt")
}

for c in "${cases[@]}"; do
    name=${c%% *}
    args=${c#* }
    # shellcheck disable=SC2086
    run "$name-1" "$name: the single process" "$BIN" $args || continue
    speed1=$speed
    lost=$(awk '/^vc / {s += $8} END {print s + 0}' "$OUT/$name-1.vc")
    for engine in 0 1; do
        for n in "${RANKS[@]}"; do
            tag=$name-$n-$engine
            # shellcheck disable=SC2086
            run "$tag" "$name, $n ranks, nullmsg=$engine: mpirun" \
                "$MPIRUN" $MPIRUN_FLAGS -np "$n" "$BIN" $args --nullmsg=$engine || continue
            if cmp -s "$OUT/$name-1.vc" "$OUT/$tag.vc"; then
                echo "ok   $name: $n ranks (nullmsg=$engine) = 1 process: $(wc -l <"$OUT/$tag.vc") VCs," \
                    "$lost cells lost; cell-hops/s $speed (1 process: $speed1)"
            else
                echo "FAIL $name: $n ranks (nullmsg=$engine) differ from 1 process:"
                diff "$OUT/$name-1.vc" "$OUT/$tag.vc" | head -n 10
                failed=1
            fi
        done
    done
done
if [[ $failed -eq 0 ]]; then
    echo "atm-mpi-check: every distributed run equals the single process"
else
    echo "atm-mpi-check: FAILED"
fi
exit $failed
