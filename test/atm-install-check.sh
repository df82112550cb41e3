#!/usr/bin/env bash
# test/atm-install-check.sh BUILD_DIR WORK_DIR: the CTest test atm-install.
# Installs the module built in BUILD_DIR into WORK_DIR/prefix
# (cmake --install), then builds test/install/my-experiment.cc out of tree
# against it twice, as a user would: with test/install/CMakeLists.txt
# (find_package(ns3-atm), ns3-atm::atm) and with pkg-config (ns3-atm.pc),
# and runs both. Fails when a step fails or a program's run does.
set -euo pipefail

build=$1
work=$2
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/install" && pwd)
rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix

echo "== cmake --install $build --prefix $prefix"
cmake --install "$build" --prefix "$prefix" >"$work/install.log"
for f in include/ns3/atm-module.h include/ns3/atm-config.h; do
    [[ -f $prefix/$f ]] || { echo "atm-install: $f not installed" >&2; exit 1; }
done

echo "== find_package(ns3-atm): $src/CMakeLists.txt"
cmake -S "$src" -B "$work/cmake-build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$prefix" >"$work/configure.log"
cmake --build "$work/cmake-build" >"$work/build.log" || { cat "$work/build.log"; exit 1; }
"$work/cmake-build/my-experiment"

echo "== pkg-config ns3-atm"
pc=$(find "$prefix" -name ns3-atm.pc -print -quit)
[[ -n $pc ]] || { echo "atm-install: no ns3-atm.pc installed" >&2; exit 1; }
export PKG_CONFIG_PATH=$(dirname "$pc")
# shellcheck disable=SC2046 # the flags are words
${CXX:-c++} -O1 "$src/my-experiment.cc" $(pkg-config --cflags --libs ns3-atm) \
    -o "$work/my-experiment-pc"
"$work/my-experiment-pc"
echo "atm-install: both builds of my-experiment ran"
