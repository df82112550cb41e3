#!/usr/bin/env bash
# utils/run-main.sh [reproduce options...]
# Installs missing dependencies, builds the module against Debian's ns-3
# (build/debian) and runs the reproduction in quick mode
# (utils/atm_experiments.py reproduce --fresh; quick is its default): every VALIDATION.md
# row implemented so far (the others listed as not implemented) and the
# GFC-1 baseline, into results/: atm.db (SQLite), figures/*.png|pdf and
# report.md, which it prints. A failed check is a result: it is counted in
# the report and the last line, and the exit status stays 0 (reproduce
# itself exits 3 then); any error exits non-zero.
# Extra arguments go to reproduce, e.g. --full (the papers' run lengths).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

bash utils/build.sh debian
# Debian's python3 has python3-matplotlib; another python3 first in PATH may not.
PY=/usr/bin/python3
[[ -x $PY ]] || PY=python3
echo "run-main: $PY utils/atm_experiments.py reproduce --fresh --out results $*"
set +e
"$PY" utils/atm_experiments.py --binary build/debian/examples/atm-scenario \
    reproduce --fresh --out results "$@"
rc=$?
set -e
if [[ $rc -eq 3 ]]; then
    echo "run-main: report written to results/report.md; $(tail -n 1 results/report.md)"
    exit 0
fi
[[ $rc -eq 0 ]] && echo "run-main: report written to results/report.md; every check passed"
exit $rc
