#!/usr/bin/env bash
# utils/dropin.sh: proves the drop-in build for real.
#
# Gets ns-3 (Debian bookworm's ns3 source package, i.e. ns-3.37, or the
# ns-3-dev git repository named by ATM_DROPIN_NS3_DEV, or the waf-era tree
# named by ATM_DROPIN_WAF_TREE), links this repository into it as
# contrib/atm, configures only the modules atm needs, builds, runs every
# atm-* test suite with ./test.py and every example run of
# test/examples-to-run.py with ./ns3 run (./waf --run in a waf-era tree,
# ns-3.35 and older, where wscript builds the module). Run as root on
# Debian 12: it
# installs what it lacks with apt-get (and adds a bookworm deb-src entry
# when apt has none). The last line says what passed:
#
#   dropin 3.37: built OK, 6 atm suites passed, 0 failed; examples 3 passed, 0 failed
#
# and the exit status is 0 only when the build had no warning in the
# module's files and every suite and example passed. A cold run takes about
# 13 minutes on 2 idle cores (28 measured while other builds shared them),
# nearly all of it building ns-3; the unpacked, built tree is kept, so a
# later run rebuilds only the module and what changed (about 3 minutes).
#
# Environment:
#   ATM_DROPIN_DIR=/var/tmp/atm-dropin  where the ns-3 trees and logs live
#   ATM_DROPIN_NS3_DEV=<git dir>        use a clone of this ns-3-dev
#                                       repository (its HEAD) instead of 3.37
#   ATM_DROPIN_WAF_TREE=<ns-3 tree>     use this waf-era tree (e.g. ns-3.35's
#                                       release, unpacked) as it is; its own
#                                       -Werror is off (ns-3.35 does not
#                                       build warning-free with GCC 12), the
#                                       module's warnings still count
#   ATM_DROPIN_JOBS=2                   parallel build jobs
#   ATM_DROPIN_MPI=1                    the 3.37 tree with MPI (OpenMPI from
#                                       Debian; its own tree, ns-3.37-mpi):
#                                       also builds atm-distributed and runs
#                                       utils/atm-mpi-check.sh (1, 2 and 4
#                                       ranks, both engines) after the
#                                       suites; the last line then ends with
#                                       "; mpi check passed" (or "FAILED")
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
DIR=${ATM_DROPIN_DIR:-/var/tmp/atm-dropin}
DEV=${ATM_DROPIN_NS3_DEV:-}
WAF=${ATM_DROPIN_WAF_TREE:-}
JOBS=${ATM_DROPIN_JOBS:-2}
MPI=${ATM_DROPIN_MPI:-}
START=$(date +%s)
mkdir -p "$DIR/logs"

# ns-3's tools colour their output: strip that before matching it.
plain() { sed 's/\x1b\[[0-9;]*[mK]//g' "$1"; }
say() { echo "[dropin $(date +%T), $(($(date +%s) - START)) s] $*"; }
die() {
    echo "dropin: $*" >&2
    exit 1
}

# --------------------------------------------------------------- packages
need=()
for p in g++ cmake make python3 dpkg-dev xz-utils ${DEV:+git} ${MPI:+openmpi-bin libopenmpi-dev}; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || need+=("$p")
done
if ((${#need[@]})); then
    say "installing ${need[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}"
fi

# --------------------------------------------------------------- ns-3 tree
if [[ -n $WAF ]]; then
    TREE=$(cd "$WAF" && pwd -P)
    [[ -x $TREE/waf && -f $TREE/VERSION ]] || die "$TREE is no waf-era ns-3 tree (no ./waf and VERSION)"
    LABEL=$(cat "$TREE/VERSION")
elif [[ -n $DEV ]]; then
    LABEL=dev
    TREE=$DIR/ns-3-dev
    if [[ ! -d $TREE/.git ]]; then
        say "cloning $DEV into $TREE"
        git clone -q "$DEV" "$TREE"
    fi
    # contrib/atm is our symbolic link, not part of ns-3-dev.
    grep -qsx /contrib/atm "$TREE/.git/info/exclude" || echo /contrib/atm >>"$TREE/.git/info/exclude"
else
    LABEL=3.37${MPI:+-mpi}
    TREE=$DIR/ns-3.37${MPI:+-mpi}
    if [[ ! -x $TREE/ns3 ]]; then
        if ! apt-cache showsrc ns3 2>/dev/null | grep -q '^Version: 3\.37'; then
            say "adding a deb-src entry for bookworm"
            cat >/etc/apt/sources.list.d/atm-dropin-src.sources <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
            apt-get update -qq
        fi
        say "apt-get source ns3 into $DIR/src"
        rm -rf "$DIR/src" && mkdir -p "$DIR/src"
        (cd "$DIR/src" && apt-get source -qq ns3) >"$DIR/logs/source.log" 2>&1 ||
            die "apt-get source ns3 failed: $DIR/logs/source.log"
        # The Debian package keeps the upstream tree in ns3-3.37/ns-3.37.
        mv "$DIR"/src/ns3-3.37*/ns-3.37 "$TREE"
        rm -rf "$DIR/src"
    fi
fi
[[ -n $WAF || -x $TREE/ns3 ]] || die "$TREE is no ns-3 tree with ./ns3"
[[ -x $TREE/test.py ]] || die "$TREE is no ns-3 tree with ./test.py"
[[ ! -e $TREE/contrib/atm || -L $TREE/contrib/atm ]] || die "$TREE/contrib/atm exists and is no symbolic link"
ln -sfn "$REPO" "$TREE/contrib/atm"
LOGS=$DIR/logs/$LABEL
mkdir -p "$LOGS"
say "ns-3 $LABEL in $TREE, contrib/atm -> $REPO"

# --------------------------------------------------------------- build
# The module is always compiled afresh, so that every run sees all of its
# warnings. ./ns3 build would run one job on 2 cores (it takes nproc - 1).
say "configure"
if [[ -n $WAF ]]; then
    # point-to-point: atm-bench's comparison; tap-bridge: atm-tap-bridge.
    (cd "$TREE" && ./waf configure -d debug --enable-examples --enable-tests --disable-python \
        --disable-werror --enable-modules=atm,point-to-point,tap-bridge) \
        >"$LOGS/configure.log" 2>&1 || die "configure failed: $LOGS/configure.log"
    [[ ! -d $TREE/build/contrib/atm ]] || find "$TREE/build/contrib/atm" -name '*.o' -delete
    build() { (cd "$TREE" && ./waf build -j "$JOBS"); }
else
    # csma: ns-3 bug, see README.md ("In an ns-3 tree").
    (cd "$TREE" && ./ns3 configure --enable-examples --enable-tests \
        ${MPI:+--enable-mpi} --enable-modules=atm,csma${MPI:+,mpi}) \
        >"$LOGS/configure.log" 2>&1 || die "configure failed: $LOGS/configure.log"
    [[ ! -d $TREE/cmake-cache/contrib/atm ]] || find "$TREE/cmake-cache/contrib/atm" -name '*.o' -delete
    build() { cmake --build "$TREE/cmake-cache" -j "$JOBS"; }
fi
say "build with $JOBS jobs"
build >"$LOGS/build.log" 2>&1 ||
    {
        tail -n 30 "$LOGS/build.log"
        die "build failed: $LOGS/build.log"
    }
# Warnings that the module's files cause: the warning line, or the lines
# before it that lead there ("In file included from", "required from"),
# name a file of contrib/atm.
warnings=$(plain "$LOGS/build.log" | awk '
    /warning:/ { if ((ctx $0) ~ /contrib\/atm\//) print; ctx = ""; next }
    /^\[/ { next }
    /^In file included from/ { ctx = $0; next }
    { ctx = ctx $0 }' | sort -u)
nwarn=$(printf '%s' "$warnings" | grep -c . || true)
[[ -z $warnings ]] || echo "$warnings"
say "built; $nwarn warning(s) in the module's files"

# --------------------------------------------------------------- suites
suites=$(grep -hozP 'TestSuite\s*\(\s*"\Katm-[^"]*' "$REPO"/test/*.cc | tr '\0' '\n' | sort -u || true)
[[ -n $suites ]] || die "no TestSuite(\"atm-...\" in $REPO/test"
sp=0 sf=0
for s in $suites; do
    if (cd "$TREE" && ./test.py -n --suite="$s") >"$LOGS/suite-$s.log" 2>&1 &&
        plain "$LOGS/suite-$s.log" | grep -q "PASS: TestSuite $s\$"; then
        sp=$((sp + 1))
        say "suite $s: PASS"
    else
        sf=$((sf + 1))
        say "suite $s: FAIL ($LOGS/suite-$s.log)"
    fi
done

# --------------------------------------------------------------- examples
# The runs test.py makes: cpp_examples entries whose do_run condition holds.
runs=$(python3 - "$REPO/test/examples-to-run.py" <<'EOF'
import sys
names = {}
exec(open(sys.argv[1]).read(), names)
for run, do_run, _ in names["cpp_examples"]:
    if eval(do_run, {"ENABLE_EXAMPLES": True, "ENABLE_TESTS": True}):
        print(run)
EOF
)
ep=0 ef=0 i=0
mkdir -p "$DIR/run"
while IFS= read -r run; do
    i=$((i + 1))
    if [[ -n $WAF ]]; then
        runner=(./waf --run "$run" --cwd="$DIR/run")
    else
        runner=(./ns3 run --no-build --cwd="$DIR/run" "$run")
    fi
    if (cd "$TREE" && "${runner[@]}") >"$LOGS/example-$i.log" 2>&1; then
        ep=$((ep + 1))
        say "example '$run': PASS"
    else
        ef=$((ef + 1))
        say "example '$run': FAIL ($LOGS/example-$i.log)"
    fi
done <<<"$runs"

# --------------------------------------------------------------- MPI
mpi="" mf=0
if [[ -n $MPI ]]; then
    bin=$(find "$TREE/build/contrib/atm/examples" -name 'ns3*-atm-distributed-*' -type f | head -n 1)
    if [[ -z $bin ]]; then
        mpi="; mpi check FAILED (no atm-distributed: was MPI found? $LOGS/configure.log)"
        mf=1
    elif bash "$REPO/utils/atm-mpi-check.sh" "$bin" 2 4 >"$LOGS/mpi-check.log" 2>&1; then
        mpi="; mpi check passed"
        say "atm-mpi-check: $(tail -n 1 "$LOGS/mpi-check.log")"
    else
        grep -v '^ok' "$LOGS/mpi-check.log" | tail -n 20
        mpi="; mpi check FAILED ($LOGS/mpi-check.log)"
        mf=1
    fi
fi

built="built OK"
((nwarn == 0)) || built="built with $nwarn warning(s)"
say "done"
echo "dropin $LABEL: $built, $sp atm suites passed, $sf failed; examples $ep passed, $ef failed$mpi"
((nwarn == 0 && sf == 0 && ef == 0 && mf == 0))
