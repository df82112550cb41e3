#!/usr/bin/env bash
# Installs everything this module needs to build, test and run on Debian 12,
# as root (or through sudo when it exists), non-interactively:
#   - Debian packages: ns-3.37 (libns3-dev + what its CMake package needs),
#     the toolchain, python3 + venv + matplotlib + jsonschema (the scenario
#     schema test) + sphinx (the documentation test), nlohmann-json, tshark,
#     tcmalloc (the allocator of the reproduction's runs);
#   - PyPI's ns3 wheel (the second ns-3 to build against) in a venv at
#     build/ns3-wheel/venv, with pinned tools beside it (below).
# Idempotent: when everything is there it only checks (about a second).
# With --fuzz it also installs Debian's clang 14 and its runtime libraries
# (libFuzzer, sanitizers) for utils/fuzz.sh; with --coverage, gcovr in the
# venv for utils/coverage.sh; the normal path does neither.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
NS3_WHEEL_VERSION=${NS3_WHEEL_VERSION:-3.44.post0}
VENV=$ROOT/build/ns3-wheel/venv

DEB_PACKAGES=(
    ca-certificates
    cmake
    doxygen
    g++
    libgsl-dev
    libns3-dev
    libpython3-dev
    libsqlite3-dev
    libtcmalloc-minimal4
    libxml2-dev
    make
    nlohmann-json3-dev
    ns3
    pkg-config
    python3
    python3-jsonschema
    python3-matplotlib
    python3-sphinx
    python3-venv
    tshark
)

EXTRA_VENV_TOOLS=()
case ${1:-} in
--fuzz) DEB_PACKAGES+=(clang-14 libclang-rt-14-dev) ;;
--coverage) EXTRA_VENV_TOOLS+=(gcovr==8.8) ;;
esac

log() { echo "[install-deps] $*"; }

as_root() {
    if [[ $(id -u) -eq 0 ]]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        echo "install-deps: not root and no sudo: cannot run '$*'" >&2
        exit 1
    fi
}

missing=()
for p in "${DEB_PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${db:Status-Status}\n' "$p" 2>/dev/null | grep -qx installed; then
        missing+=("$p")
    fi
done
if [[ ${#missing[@]} -gt 0 ]]; then
    log "apt-get install ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
        -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold "${missing[@]}"
else
    log "Debian packages: all ${#DEB_PACKAGES[@]} present"
fi

# PyPI's ns3 wheel: headers + libraries + a CMake package; --no-deps: its
# dependency, cppyy, comes pinned with the tools below.
if compgen -G "$VENV/lib/python3*/site-packages/ns3-$NS3_WHEEL_VERSION.dist-info" >/dev/null; then
    log "ns3 wheel $NS3_WHEEL_VERSION: present in $VENV"
else
    log "ns3 wheel $NS3_WHEEL_VERSION -> $VENV"
    # Debian's python3 on purpose: another python3 earlier in PATH (pyenv, ...)
    # would make a venv whose site-packages path differs.
    [[ -x $VENV/bin/python ]] || /usr/bin/python3 -m venv "$VENV"
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check --no-deps "ns3==$NS3_WHEEL_VERSION"
fi
# Pinned in the same venv: ns-3's code-style tools (the atm-style and
# atm-clang-tidy tests): clang-format 20 for C++ (the oldest ns-3-dev's
# check-style accepts), clang-tidy 22 (the version of ns-3's CI linting
# job), black and isort for Python; and cppyy, the version the wheel
# requires, for ns-3's Python bindings (the atm-python test; about 90 s the
# first time: it compiles its C++ part).
VENV_TOOLS=(clang-format==20.1.8 clang-tidy==22.1.8 black==26.10.1 isort==9.0.2 cppyy==3.5.0
    "${EXTRA_VENV_TOOLS[@]}")
have=$("$VENV/bin/python" -m pip freeze --disable-pip-version-check 2>/dev/null || true)
need=()
for t in "${VENV_TOOLS[@]}"; do
    grep -qix "$t" <<<"$have" || need+=("$t")
done
if [[ ${#need[@]} -gt 0 ]]; then
    log "tools ${need[*]} -> $VENV"
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check "${need[@]}"
else
    log "tools: ${VENV_TOOLS[*]} present"
fi
W=$(compgen -G "$VENV/lib/python3*/site-packages/ns3" | head -n 1)
[[ -f $W/lib64/cmake/ns3/ns3Config.cmake ]] || {
    echo "install-deps: no CMake package in the ns3 wheel ($W/lib64/cmake/ns3)" >&2
    exit 1
}
log "ns3 wheel prefix: $W"
