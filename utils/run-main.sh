#!/usr/bin/env bash
# utils/run-main.sh [atm-gfc arguments...]
# Installs missing dependencies, builds the module against Debian's ns-3
# (build/debian) and runs the atm-gfc example in results/, so that every file
# it writes lands there; its console output goes to results/atm-gfc.log.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

bash utils/build.sh debian
mkdir -p results
# GFC-1 without flow control, per-VC round-robin and single FIFO.
for q in pervc fifo; do
    echo "run-main: build/debian/examples/atm-gfc --queue=$q --output=atm-gfc-$q.csv $*  (in results/)"
    (cd results && "$ROOT/build/debian/examples/atm-gfc" --queue=$q --output=atm-gfc-$q.csv "$@") \
        2>&1 | tee results/atm-gfc-$q.log
done
echo "run-main: outputs in $ROOT/results"
