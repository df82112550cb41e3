#!/usr/bin/env bash
# utils/build.sh [debian|wheel|asan|coverage] [extra cmake arguments...]
#
# Configures and builds the module standalone against an installed ns-3:
#   debian  Debian's libns3-dev (ns-3.37)          -> build/debian
#   wheel   PyPI's ns3 wheel (3.44), in the venv    -> build/wheel
#           that utils/install-deps.sh makes
#   asan    Debian's ns-3.37, the module, examples   -> build/asan
#           and tests with AddressSanitizer +
#           UndefinedBehaviorSanitizer (ATM_SANITIZE)
#   coverage  Debian's ns-3.37, instrumented for    -> build/coverage
#           gcov (ATM_COVERAGE; utils/coverage.sh)
# Installs missing dependencies first (utils/install-deps.sh) unless
# ATM_SKIP_DEPS=1. ATM_BUILD_JOBS (default 2) sets the parallel jobs.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
variant=${1:-debian}
[[ $# -gt 0 ]] && shift

if [[ ${ATM_SKIP_DEPS:-0} != 1 ]]; then
    bash "$ROOT/utils/install-deps.sh"
fi

args=()
case $variant in
debian) ;;
asan) args+=(-DATM_SANITIZE=ON) ;;
coverage) args+=(-DATM_COVERAGE=ON) ;;
wheel)
    W=$(compgen -G "$ROOT/build/ns3-wheel/venv/lib/python3*/site-packages/ns3" | head -n 1 || true)
    if [[ -z $W ]]; then
        echo "build.sh: no ns3 wheel under build/ns3-wheel/venv: run utils/install-deps.sh" >&2
        exit 1
    fi
    args+=("-DNS3_WHEEL_DIR=$W")
    ;;
*)
    echo "usage: $0 [debian|wheel|asan|coverage] [cmake arguments...]" >&2
    exit 2
    ;;
esac

BUILD=$ROOT/build/$variant
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release "${args[@]}" "$@"
cmake --build "$BUILD" -j "${ATM_BUILD_JOBS:-2}"
echo "build.sh: $variant build ready in $BUILD"
