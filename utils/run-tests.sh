#!/usr/bin/env bash
# utils/run-tests.sh: the whole check, as CI runs it (.ci/run).
# Installs missing dependencies, builds the module standalone against both
# ns-3 installs (Debian's 3.37 -> build/debian, PyPI's 3.44 wheel ->
# build/wheel), runs every test suite with CTest in each, and ends with one
# line "N passed, N failed" summed over both builds (a build that fails
# counts as one failure). Exit status 0 only when nothing failed.
# ATM_BUILDS="debian wheel" selects builds; ATM_CTEST_JOBS (default 2).
# The tests that check the sources rather than a build (style, clang-tidy,
# the docs, the mutants list, the campaign tool's tests: ATM_SOURCE_CHECKS)
# run in the first build only, which keeps CI within 30 minutes.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

bash utils/install-deps.sh

total_pass=0
total_fail=0
summary=()
source_checks=ON
for variant in ${ATM_BUILDS:-debian wheel}; do
    echo "===== $variant: build"
    t0=$(date +%s)
    checks=$source_checks
    source_checks=OFF
    if ! ATM_SKIP_DEPS=1 bash utils/build.sh "$variant" "-DATM_SOURCE_CHECKS=$checks"; then
        summary+=("$variant: BUILD FAILED")
        total_fail=$((total_fail + 1))
        continue
    fi
    t1=$(date +%s)
    echo "===== $variant: ctest"
    log=$ROOT/build/$variant/ctest.log
    set +e
    (cd "build/$variant" && ctest --output-on-failure -j "${ATM_CTEST_JOBS:-2}") 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
    set -e
    t2=$(date +%s)
    line=$(grep -E '[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -n 1 || true)
    if [[ $line =~ ([0-9]+)\ tests?\ failed\ out\ of\ ([0-9]+) ]]; then
        failed=${BASH_REMATCH[1]}
        total=${BASH_REMATCH[2]}
        passed=$((total - failed))
    else
        # No tests found, or ctest died: count it as a failure.
        failed=1
        passed=0
    fi
    if [[ $rc -ne 0 && $failed -eq 0 ]]; then
        failed=1
    fi
    total_pass=$((total_pass + passed))
    total_fail=$((total_fail + failed))
    summary+=("$variant: $passed passed, $failed failed (build $((t1 - t0)) s, tests $((t2 - t1)) s)")
done

echo "===== summary"
for s in "${summary[@]}"; do
    echo "$s"
done
echo "$total_pass passed, $total_fail failed"
[[ $total_fail -eq 0 ]]
