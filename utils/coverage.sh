#!/usr/bin/env bash
# utils/coverage.sh: line coverage of the module's model/ and helper/ code
# by its tests, as ns-3's --enable-gcov gives for ns-3 itself.
#
# Builds build/coverage (Debian's ns-3.37, ATM_COVERAGE: --coverage -O0),
# runs every CTest test but the lint ones (style, clang-tidy, doxygen,
# Python bindings) and the EXTENSIVE suites, and reports with gcovr:
# one line per file on stdout and in build/coverage/coverage.txt, each
# line's counts in build/coverage/html/index.html. Ends with the line
# "coverage: L of N lines (P%) in model/ and helper/". About 6 minutes on
# 2 cores. gcovr (pinned) goes into the wheel's venv the first time
# (utils/install-deps.sh --coverage).
# Not part of CI: a report, not a check.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

if [[ ${ATM_SKIP_DEPS:-0} != 1 ]]; then
    bash utils/install-deps.sh --coverage
fi
VENV=$ROOT/build/ns3-wheel/venv

ATM_SKIP_DEPS=1 bash utils/build.sh coverage
BUILD=$ROOT/build/coverage
# Counts from earlier runs would add up: start from zero.
find "$BUILD" -name '*.gcda' -delete
(cd "$BUILD" && ctest -j "${ATM_CTEST_JOBS:-2}" --output-on-failure \
    -E 'atm-style|atm-clang-tidy|atm-doxygen|atm-python|-extensive$')

mkdir -p "$BUILD/html"
"$VENV/bin/gcovr" --root "$ROOT" --filter 'model/' --filter 'helper/' \
    --txt "$BUILD/coverage.txt" --html-details "$BUILD/html/index.html" \
    --json-summary "$BUILD/coverage.json" "$BUILD"
cat "$BUILD/coverage.txt"
python3 - "$BUILD/coverage.json" <<'EOF'
import json, sys
s = json.load(open(sys.argv[1]))
print("coverage: %d of %d lines (%.1f%%) in model/ and helper/"
      % (s["line_covered"], s["line_total"], s["line_percent"]))
EOF
