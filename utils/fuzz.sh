#!/usr/bin/env bash
# utils/fuzz.sh [RUNS] [TARGET...]
#
# Builds the module's libFuzzer targets with Debian's clang, AddressSanitizer
# and UndefinedBehaviorSanitizer (build/fuzz, -DATM_FUZZ=ON) and runs each
# for RUNS inputs (default 1000000): aal5, cell, credit, rm, scenario (all
# by default; test/fuzz/atm-fuzz-checks.h says what each checks). Each
# starts from its seed corpus (test/fuzz/corpus/<target>, made by
# utils/atm-fuzz-seeds.py from the examples' and tcpdump's pcaps) plus what
# earlier runs found (build/fuzz/corpus/<target>). A crash, leak, UB, hang
# (-timeout, 10 s) or failed check leaves its input in
# build/fuzz/findings/<target>/: fix the bug, then copy the input to
# test/fuzz/regressions/<target>/, where the atm-fuzz test suite replays it
# in every build. Ends with one line per target: executions, seconds,
# findings. Exit status 0 only without findings.
# ATM_FUZZ_MAX_TIME=S stops each target after S seconds even if RUNS are
# not reached (the summary says how many ran).
# Needs clang-14 and libclang-rt-14-dev (bash utils/install-deps.sh --fuzz).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUNS=${1:-1000000}
[[ $# -gt 0 ]] && shift
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(aal5 cell credit rm scenario)

CXX=${ATM_FUZZ_CXX:-$(command -v clang++-14 || command -v clang++ || true)}
if [[ -z $CXX ]]; then
    echo "fuzz.sh: no clang++: run 'bash utils/install-deps.sh --fuzz' (clang-14, libclang-rt-14-dev)" >&2
    exit 1
fi
BUILD=$ROOT/build/fuzz
# The compiler only on the first configure: naming it again (another
# spelling of the same path) makes CMake wipe the cache and rebuild all.
compiler=()
[[ -f $BUILD/CMakeCache.txt ]] || compiler=(-DCMAKE_CXX_COMPILER="$CXX")
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo "${compiler[@]}" \
    -DATM_FUZZ=ON >"$BUILD.configure.log" 2>&1 || {
    cat "$BUILD.configure.log" >&2
    exit 1
}
cmake --build "$BUILD" -j "${ATM_BUILD_JOBS:-2}" --target "${targets[@]/#/atm-fuzz-}"

declare -A MAX_LEN=([aal5]=8192 [cell]=54 [credit]=48 [rm]=48 [scenario]=4096)
summary=()
status=0
for t in "${targets[@]}"; do
    work=$BUILD/corpus/$t
    findings=$BUILD/findings/$t
    mkdir -p "$work" "$findings"
    log=$BUILD/fuzz-$t.log
    echo "===== atm-fuzz-$t: $RUNS inputs"
    t0=$(date +%s)
    set +e
    ASAN_OPTIONS=detect_leaks=1:strict_string_checks=1 \
        UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$BUILD/atm-fuzz-$t" -runs="$RUNS" -max_len="${MAX_LEN[$t]}" -timeout=10 \
        -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$findings/" \
        ${ATM_FUZZ_MAX_TIME:+-max_total_time="$ATM_FUZZ_MAX_TIME"} \
        "$work" "$ROOT/test/fuzz/corpus/$t" >"$log" 2>&1
    rc=$?
    set -e
    t1=$(date +%s)
    execs=$(grep -E '^stat::number_of_executed_units:' "$log" | awk '{print $2}' | tail -n 1)
    nfound=$(find "$findings" -type f | wc -l)
    if [[ $rc -ne 0 || $nfound -ne 0 ]]; then
        status=1
        tail -n 30 "$log"
    fi
    summary+=("atm-fuzz-$t: ${execs:-?} executions in $((t1 - t0)) s, exit $rc, findings $nfound ($findings)")
done
echo "===== fuzz summary"
printf '%s\n' "${summary[@]}"
exit $status
