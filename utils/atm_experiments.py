#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Campaigns of ATM scenario runs: run, sweep, export/merge, report, plot, reproduce.

Runs examples/atm-scenario on scenario files (examples/scenarios/*.json),
keeps every run in one SQLite database (schema: doc/atm.rst, "SQLite
results"), and turns a database into tables, figures and the reproduction
report. Standard library and matplotlib only.

  atm_experiments.py run examples/scenarios/gfc1.json --db results/atm.db
  atm_experiments.py sweep examples/scenarios/gfc1.json --grid queue=pervc,fifo \\
      --runs 1-5 --db results/atm.db --jobs 2
  atm_experiments.py export ... --out-dir campaign/  (one command line and
      database per run, for a Slurm job array or GNU parallel), then
  atm_experiments.py merge results/atm.db campaign/runs/*.db
  atm_experiments.py report results/atm.db
  atm_experiments.py plot results/atm.db --kind group-bars --scenario gfc1 --out fig
  atm_experiments.py plot results/atm.db --kind queue --scenario gfc1 \
      --params queue=fifo --run 2 --out q   (also acr, credit, allocation, goodput)
  atm_experiments.py reproduce [--quick | --full] --out results

A run is identified by its key: scenario file stem, the parameter values
given (sorted JSON), seed and run number. A sweep or reproduce skips every
run whose key is already in the database (resume).
"""

import argparse
import concurrent.futures
import csv
import ctypes.util
import itertools
import json
import multiprocessing
import os
import shlex
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "examples" / "scenarios"
REGISTRY = SCENARIOS / "reproduce.json"
# The time series a scenario file's timeSeries section records, which
# 'plot --kind' draws for one run: name -> what it is.
RUN_SERIES = {
    "queue": "queue length of a link direction (cells)",
    "acr": "an ABR source's allowed cell rate (cells/s)",
    "credit": "a VC's credit balance Crd_Bal at a hop (cells)",
    "allocation": "its buffer allocation Buf_Alloc (cells)",
    "goodput": "a TCP VC's goodput (bit/s)",
}
DEFAULT_BINARY = ROOT / "build" / "debian" / "examples" / "atm-scenario"
TABLES = (
    "runs",
    "vc_metrics",
    "vc_drops",
    "link_metrics",
    "timeseries",
    "hub_metrics",
    "hub_streams",
)


class RunSpec:
    """One run: a scenario file, parameter values, seed and run number."""

    def __init__(self, scenario, params=None, seed=None, run=None):
        self.scenario = Path(scenario).resolve()
        self.params = dict(params or {})
        self.seed = seed
        self.run = run

    @property
    def key(self):
        """The run's key in the database (no white space: ns-3's CommandLine
        keeps a string option's first word only)."""
        params = json.dumps(self.params, sort_keys=True, separators=(",", ":"))
        key = f"{self.scenario.stem}|{params}|seed={self.seed or 'file'}|run={self.run or 'file'}"
        return "".join("%20" if c.isspace() else c for c in key)

    def argv(self, binary, db):
        """Command line of the run, storing into db."""
        args = [
            str(binary),
            f"--scenario={self.scenario}",
            f"--key={self.key}",
            f"--db={db}",
            "--quiet=1",
        ]
        if self.params:
            args.append(
                "--params="
                + ",".join(
                    f"{k}={v if isinstance(v, str) else json.dumps(v, separators=(',', ':'))}"
                    for k, v in sorted(self.params.items())
                )
            )
        if self.seed:
            args.append(f"--seed={self.seed}")
        if self.run:
            args.append(f"--run={self.run}")
        return args


def binary_path(given=None):
    """The atm-scenario program: --binary, $ATM_SCENARIO_BIN or the debian build."""
    path = Path(given or os.environ.get("ATM_SCENARIO_BIN") or DEFAULT_BINARY)
    if not path.exists():
        sys.exit(
            f"atm_experiments: no atm-scenario program at {path} "
            "(build with utils/build.sh debian, or give --binary)"
        )
    return path


# The allocators program_env preloads by name: the library find_library looks for.
ALLOCATORS = {"tcmalloc": "tcmalloc_minimal", "jemalloc": "jemalloc"}


def program_env(malloc=None, base=None):
    """The environment of the simulation programs a campaign runs: base (default
    this process's) with the allocator malloc (default $ATM_MALLOC, else
    "tcmalloc") preloaded. "tcmalloc" is gperftools' tcmalloc_minimal (Debian's
    libtcmalloc-minimal4, which utils/install-deps.sh installs), "jemalloc"
    jemalloc, each where it is installed; "system" is the C library's malloc,
    anything else the path of an allocator library. The results are the same
    with any of them (a run depends on no address). ns-3's TCP/IP allocates
    per packet: on a TCP run tcmalloc takes 8% fewer instructions than
    glibc's malloc and about 7% less CPU time (doc/atm-validation.rst). A
    base that already preloads something (a leak checker, say) is left as
    it is."""
    env = dict(os.environ if base is None else base)
    choice = malloc or env.get("ATM_MALLOC") or "tcmalloc"
    if choice == "system" or env.get("LD_PRELOAD"):
        return env
    if choice in ALLOCATORS:
        lib = ctypes.util.find_library(ALLOCATORS[choice])
        if lib:
            env["LD_PRELOAD"] = lib
        return env
    if not Path(choice).is_file():
        sys.exit(
            f"atm_experiments: allocator '{choice}' (--malloc, $ATM_MALLOC): no such "
            "library (tcmalloc, jemalloc, system or the path of a library)"
        )
    env["LD_PRELOAD"] = str(Path(choice).resolve())
    return env


def parse_values(text):
    """'a,b,c' or '1-5' (integers) into a list; JSON values where they parse."""
    if "-" in text and all(p.isdigit() for p in text.split("-", 1)):
        lo, hi = (int(p) for p in text.split("-", 1))
        return list(range(lo, hi + 1))
    return [parse_value(v) for v in split_top(text)]


def parse_value(text):
    """A JSON value if the text is one, else the text."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def parse_assignments(pairs):
    """['NAME=VALUE', ...] (the repeatable --params option) into a dict,
    each value JSON where it parses."""
    return {k: parse_value(v) for k, v in (p.split("=", 1) for p in pairs or [])}


def split_top(text):
    """Split at commas outside JSON brackets and strings."""
    items, depth, quoted, cur = [], 0, False, ""
    for c in text:
        quoted = not quoted if c == '"' else quoted
        if not quoted:
            depth += (c in "[{") - (c in "]}")
        if c == "," and depth == 0 and not quoted:
            items.append(cur)
            cur = ""
        else:
            cur += c
    return items + [cur]


def expand(scenario, fixed=None, grid=None, lists=None, seeds=None, runs=None):
    """The runs of a sweep: a grid (every combination) or a list of parameter
    sets, each with every seed and run number."""
    fixed = dict(fixed or {})
    if lists:
        sets = [dict(fixed, **s) for s in lists]
    else:
        names = sorted(grid or {})
        sets = [
            dict(fixed, **dict(zip(names, combo)))
            for combo in itertools.product(*(grid[n] for n in names))
        ]
    return [
        RunSpec(scenario, p, s, r)
        for p in sets
        for s in (seeds or [None])
        for r in (runs or [None])
    ]


# ------------------------------------------------------------------ database


def connect(db):
    """Open (and create the directory of) a results database, with the SQL
    function cab(run_id, from, to) (see run_cab)."""
    Path(db).parent.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(str(db))
    con.create_function(
        "cab", 3, lambda run_id, a, b: run_cab(con, run_id, a, b), deterministic=True
    )
    return con


# ------------------------------------------------------------------ CAB number

RATE_UNITS = {
    "bps": 1,
    "b/s": 1,
    "kbps": 1e3,
    "Kbps": 1e3,
    "kb/s": 1e3,
    "Mbps": 1e6,
    "Mb/s": 1e6,
    "Gbps": 1e9,
    "Gb/s": 1e9,
    "Bps": 8,
    "kBps": 8e3,
    "KBps": 8e3,
    "MBps": 8e6,
    "GBps": 8e9,
}


def parse_rate(value):
    """A scenario file's rate (a number of bit/s or a DataRate string such as
    "155.52Mbps") in bit/s."""
    if isinstance(value, (int, float)):
        return float(value)
    number = value.rstrip("".join(sorted({c for u in RATE_UNITS for c in u})))
    unit = value[len(number) :]
    if unit not in RATE_UNITS:
        raise ValueError(f"rate {value!r}: unknown unit {unit!r}")
    return float(number) * RATE_UNITS[unit]


def max_min(paths, capacity, limits=None):
    """Max-min fair rates by water-filling: paths[v] the link directions VC v
    crosses, capacity[d] the rate of direction d (float('inf') for none),
    limits[v] an optional largest rate of v. Returns the rates."""
    limits = limits or [float("inf")] * len(paths)
    rate = [0.0] * len(paths)
    active = {v for v in range(len(paths)) if paths[v]}
    left = dict(capacity)
    while active:
        users = {}
        for v in active:
            for d in paths[v]:
                users.setdefault(d, []).append(v)
        step = min(
            [left[d] / len(vs) for d, vs in users.items()] + [limits[v] - rate[v] for v in active]
        )
        if step == float("inf"):
            raise ValueError("max_min: a VC crosses no finite link and has no limit")
        for v in active:
            rate[v] += step
        for d, vs in users.items():
            left[d] -= step * len(vs)
        full = {d for d in users if capacity[d] < float("inf") and left[d] <= 1e-9 * capacity[d]}
        done = {
            v
            for v in active
            if rate[v] >= limits[v] * (1 - 1e-12) or any(d in full for d in paths[v])
        }
        active -= done
    return rate


def cab_number(scenario, a, b):
    """Kung and Wang's CAB number (section 7.1) of the link direction a -> b
    of a scenario (the JSON object after parameter substitution): the
    max-min rates of the VCs over it with its own capacity lifted, summed,
    over its capacity. Cell rates: 424 bits a cell, SONET links 26/27 of the
    line rate; a VC's pcr is its limit (MCRs are not used)."""
    defaults = scenario.get("linkDefaults", {})
    capacity = {}
    for link in scenario["links"]:
        field = dict(defaults, **link)
        cells = parse_rate(field["rate"]) * (26 / 27 if field.get("sonet", True) else 1) / 424
        capacity[(link["from"], link["to"])] = capacity[(link["to"], link["from"])] = cells
    if (a, b) not in capacity:
        raise ValueError(f"cab: no link {a} -> {b} in scenario {scenario.get('name')}")
    vcs = scenario["vcs"]
    paths = [list(zip(v["path"], v["path"][1:])) for v in vcs]
    limits = [parse_rate(v["pcr"]) / 424 if "pcr" in v else float("inf") for v in vcs]
    lifted = dict(capacity)
    lifted[(a, b)] = float("inf")
    rates = max_min(paths, lifted, limits)
    return sum(r for r, p in zip(rates, paths) if (a, b) in p) / capacity[(a, b)]


def run_cab(con, run_id, a, b):
    """cab_number of a stored run's scenario (the SQL function cab)."""
    row = con.execute("SELECT scenario_json FROM runs WHERE run_id = ?", (run_id,)).fetchone()
    return None if row is None else cab_number(json.loads(row[0]), a, b)


def known_keys(db):
    """Keys of the runs already in a database."""
    if not Path(db).exists():
        return set()
    with connect(db) as con:
        if not con.execute("SELECT 1 FROM sqlite_master WHERE name='runs'").fetchone():
            return set()
        return {k for (k,) in con.execute("SELECT key FROM runs")}


def merge(target, parts):
    """Copy the runs of part databases into target (renumbering run_id),
    skipping keys target has. Returns the number of runs copied."""
    copied = 0
    with connect(target) as con:
        for part in parts:
            con.execute("ATTACH DATABASE ? AS part", (str(part),))
            for name, sql in con.execute(
                "SELECT name, sql FROM part.sqlite_master WHERE sql IS NOT NULL "
                "AND type IN ('table', 'index')"
            ).fetchall():
                con.execute(
                    sql.replace("CREATE TABLE ", "CREATE TABLE IF NOT EXISTS ", 1).replace(
                        "CREATE INDEX ", "CREATE INDEX IF NOT EXISTS ", 1
                    )
                )
            con.execute(
                "PRAGMA user_version = %d" % con.execute("PRAGMA part.user_version").fetchone()[0]
            )
            have = {k for (k,) in con.execute("SELECT key FROM main.runs")}
            cols = [r[1] for r in con.execute("PRAGMA part.table_info(runs)")][1:]
            for old_id, key in con.execute("SELECT run_id, key FROM part.runs").fetchall():
                if key in have:
                    continue
                cur = con.execute(
                    f"INSERT INTO main.runs ({','.join(cols)}) SELECT {','.join(cols)} "
                    "FROM part.runs WHERE run_id = ?",
                    (old_id,),
                )
                new_id = cur.lastrowid
                for table in TABLES[1:]:
                    tcols = [r[1] for r in con.execute(f"PRAGMA part.table_info({table})")]
                    rest = [c for c in tcols if c != "run_id"]
                    con.execute(
                        f"INSERT INTO main.{table} (run_id,{','.join(rest)}) "
                        f"SELECT ?,{','.join(rest)} FROM part.{table} WHERE run_id = ?",
                        (new_id, old_id),
                    )
                copied += 1
            con.commit()
            con.execute("DETACH DATABASE part")
    return copied


# ------------------------------------------------------------------ running


class Progress:
    """A progress bar with ETA on stderr."""

    def __init__(self, total, stream=sys.stderr):
        self.total, self.done, self.stream, self.t0 = total, 0, stream, time.monotonic()

    def step(self, label=""):
        self.done += 1
        elapsed = time.monotonic() - self.t0
        eta = elapsed / self.done * (self.total - self.done)
        width = 30
        fill = width * self.done // max(self.total, 1)
        line = (
            f"[{'#' * fill}{'.' * (width - fill)}] {self.done}/{self.total} runs, "
            f"{fmt_time(elapsed)} elapsed, ETA {fmt_time(eta)} {label}"
        )
        end = "\n" if self.done == self.total or not self.stream.isatty() else ""
        self.stream.write(("\r" if self.stream.isatty() else "") + line[:110] + end)
        self.stream.flush()


def fmt_time(seconds):
    """m:ss."""
    return f"{int(seconds) // 60}:{int(seconds) % 60:02d}"


def run_all(specs, db, binary, jobs=None, quiet=False):
    """Run the specs whose keys db lacks, in parallel on the local cores, each
    into its own database merged into db as it ends. Returns the number run."""
    have = known_keys(db)
    # Rows may share a run (the same key): each key runs once.
    todo, seen = [], set(have)
    for s in specs:
        if s.key not in seen:
            seen.add(s.key)
            todo.append(s)
    unique = len({s.key for s in specs})
    if not quiet:
        print(
            f"{unique} runs, {unique - len(todo)} already in {db}, {len(todo)} to run",
            file=sys.stderr,
        )
    if not todo:
        return 0
    jobs = jobs or os.cpu_count() or 1
    env = program_env()
    progress = Progress(len(todo)) if not quiet else None
    failures = []
    Path(db).parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="atm-runs-", dir=str(Path(db).parent)) as tmp:

        def one(i, spec):
            part = Path(tmp) / f"run-{i}.db"
            proc = subprocess.run(spec.argv(binary, part), capture_output=True, text=True, env=env)
            return spec, part, proc

        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(one, i, s) for i, s in enumerate(todo)]
            for fut in concurrent.futures.as_completed(futures):
                spec, part, proc = fut.result()
                if proc.returncode != 0 or not part.exists():
                    failures.append((spec, proc.stderr.strip()))
                else:
                    merge(db, [part])
                if progress:
                    progress.step(spec.key[:40])
    for spec, err in failures:
        print(f"FAILED {spec.key}:\n{err}", file=sys.stderr)
    if failures:
        raise RuntimeError(f"{len(failures)} of {len(todo)} runs failed")
    return len(todo)


def export(specs, out_dir, binary, db=None):
    """Write one command line per run (each with its own database under
    out_dir/runs) to out_dir/commands.txt, and a Slurm job-array script.
    Runs already in db are left out. Returns the number of lines."""
    out = Path(out_dir).resolve()
    (out / "runs").mkdir(parents=True, exist_ok=True)
    have = known_keys(db) if db else set()
    lines = [
        shlex.join(s.argv(Path(binary).resolve(), out / "runs" / f"run-{i}.db"))
        for i, s in enumerate(specs)
        if s.key not in have
    ]
    (out / "commands.txt").write_text("".join(line + "\n" for line in lines))
    (out / "slurm-array.sh").write_text(
        "#!/bin/bash\n"
        "# sbatch slurm-array.sh: one array task per line of commands.txt\n"
        f"#SBATCH --array=1-{max(len(lines), 1)}\n"
        "#SBATCH --cpus-per-task=1\n"
        "#SBATCH --job-name=atm-campaign\n"
        f"cd {shlex.quote(str(out))}\n"
        'eval "$(sed -n "${SLURM_ARRAY_TASK_ID}p" commands.txt)"\n'
    )
    return len(lines)


# ------------------------------------------------------------------ reports


def select_runs(con, scenario=None, where=None, seed=None, run=None):
    """run_id of the runs of a scenario whose parameters match where (dict),
    with that seed and RNG run number where given."""
    ids = []
    for run_id, name, params, s, r in con.execute(
        "SELECT run_id, scenario, params, seed, run FROM runs ORDER BY run_id"
    ):
        p = json.loads(params or "{}")
        if scenario and name != scenario:
            continue
        if where and any(p.get(k) != v for k, v in where.items()):
            continue
        if (seed is not None and s != seed) or (run is not None and r != run):
            continue
        ids.append(run_id)
    return ids


def run_label(con, run_id):
    """What a run is, for a figure: scenario, parameter set, seed and run."""
    scenario, params, seed, run = con.execute(
        "SELECT scenario, params, seed, run FROM runs WHERE run_id = ?", (run_id,)
    ).fetchone()
    return f"{scenario} {params or '{}'} seed {seed} run {run}"


def select_one_run(con, scenario=None, where=None, seed=None, run=None):
    """The run_id of the one run that a per-run figure draws: the runs of a
    scenario whose parameters match where (dict), with that seed and RNG
    run number if given. Exits with the runs that match when there is not
    exactly one, instead of drawing one of them silently."""
    ids = select_runs(con, scenario, where, seed, run)
    if len(ids) == 1:
        return ids[0]
    if not ids:
        sys.exit("atm_experiments: no run matches (see 'report' for what the database holds)")
    shown = "\n  ".join(run_label(con, i) for i in ids[:10])
    more = f"\n  ... and {len(ids) - 10} more" if len(ids) > 10 else ""
    sys.exit(
        f"atm_experiments: this figure draws one run, and {len(ids)} match:\n  {shown}{more}\n"
        "choose one with --scenario, --params NAME=VALUE, --seed and --run"
    )


def identical_sets(con):
    """Parameter sets whose runs (two or more: other seeds or run numbers)
    all gave the same per-VC results: nothing in the scenario is random.
    Returns [(scenario, params, number of runs)]."""
    out = []
    sets = con.execute(
        "SELECT scenario, params, GROUP_CONCAT(run_id) FROM runs GROUP BY scenario, params "
        "HAVING COUNT(*) > 1 ORDER BY scenario, params"
    ).fetchall()
    for scenario, params, ids in sets:
        results = {
            tuple(
                con.execute(
                    "SELECT vc, cells_sent, cells_received, cells_dropped, window_cells, "
                    "throughput_bps FROM vc_metrics WHERE run_id = ? ORDER BY vc",
                    (int(i),),
                ).fetchall()
            )
            for i in ids.split(",")
        }
        if len(results) == 1:
            out.append((scenario, params, len(ids.split(","))))
    return out


def group_rates(con, run_ids):
    """Per group (VC name where no group): mean measured and ideal Mb/s per VC
    over the runs, and mean ratio."""
    marks = ",".join("?" * len(run_ids))
    rows = con.execute(
        f"SELECT COALESCE(NULLIF(grp, ''), vc) AS g, AVG(throughput_bps) / 1e6, "
        f"AVG(ideal_bps) / 1e6, AVG(ratio) FROM vc_metrics WHERE run_id IN ({marks}) "
        f"GROUP BY g ORDER BY g",
        run_ids,
    ).fetchall()
    return [{"group": g, "measured": m, "ideal": i, "ratio": r} for g, m, i, r in rows]


def vc_rates(con, run_ids):
    """Per VC: mean measured and ideal Mb/s over the runs, and mean ratio."""
    marks = ",".join("?" * len(run_ids))
    rows = con.execute(
        f"SELECT vc, AVG(throughput_bps) / 1e6, AVG(ideal_bps) / 1e6, AVG(ratio) "
        f"FROM vc_metrics WHERE run_id IN ({marks}) GROUP BY vc ORDER BY MIN(rowid)",
        run_ids,
    ).fetchall()
    return [{"group": v, "measured": m, "ideal": i, "ratio": r} for v, m, i, r in rows]


def report_text(db, per_vc=False):
    """Measured / ideal per VC group (or per VC) and Jain's index of every
    parameter set."""
    out = []
    rates = vc_rates if per_vc else group_rates
    with connect(db) as con:
        sets = con.execute(
            "SELECT scenario, params, GROUP_CONCAT(run_id), COUNT(*), AVG(jain) FROM runs "
            "GROUP BY scenario, params ORDER BY scenario, params"
        ).fetchall()
        for scenario, params, ids, n, jain in sets:
            run_ids = [int(i) for i in ids.split(",")]
            out.append(f"{scenario} {params} ({n} run(s))")
            out.append(
                f"  {'VC' if per_vc else 'group':<6}  max-min Mb/s  measured Mb/s  "
                "measured/max-min"
            )
            for r in rates(con, run_ids):
                out.append(
                    f"  {r['group']:<6} {r['ideal']:>13.2f} {r['measured']:>14.2f} "
                    f"{r['ratio']:>17.3f}"
                )
            out.append(f"  Jain's fairness index: {jain:.3f}\n")
    return "\n".join(out)


# ------------------------------------------------------------------ figures


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def save(fig, out):
    """PNG and PDF of a figure; returns the paths."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    paths = [out.with_suffix(".png"), out.with_suffix(".pdf")]
    for p in paths:
        fig.savefig(p, dpi=150)
    return paths


def group_spread(con, run_ids):
    """Per group: the sample standard deviation over the runs of the group's
    per-VC throughput (Mb/s), 0 with one run."""
    per_run = [{r["group"]: r["measured"] for r in group_rates(con, [i])} for i in run_ids]
    spread = {}
    for g in per_run[0]:
        xs = [p[g] for p in per_run if g in p]
        spread[g] = statistics.stdev(xs) if len(xs) > 1 else 0.0
    return spread


def plot_group_bars(con, series, title="", unit="Mb/s"):
    """Throughput per group: one bar per labelled run set, with the max-min
    rate of each group as a mark (the papers' bar charts); over several
    runs a bar is their mean and its error bar one standard deviation.
    series: list of (label, run_ids). Returns the figure."""
    plt = _pyplot()
    data = [(label, group_rates(con, ids)) for label, ids in series]
    groups = [r["group"] for r in data[0][1]]
    fig, ax = plt.subplots(figsize=(7, 4))
    width = 0.8 / len(data)
    runs = max(len(ids) for _, ids in series)
    for k, (label, rates) in enumerate(data):
        by = {r["group"]: r for r in rates}
        spread = group_spread(con, series[k][1])
        xs = [i + (k - (len(data) - 1) / 2) * width for i in range(len(groups))]
        ax.bar(
            xs,
            [by[g]["measured"] for g in groups],
            width,
            label=label,
            yerr=[spread.get(g, 0.0) for g in groups] if len(series[k][1]) > 1 else None,
            capsize=3,
        )
    ideal = {r["group"]: r["ideal"] for r in data[0][1]}
    each = [{r["group"]: r["ideal"] for r in rates} for _, rates in data]
    if any(abs(e[g] - ideal[g]) > 1e-9 * max(ideal[g], 1) for e in each for g in groups):
        # The runs have ideals of their own (fairness criteria): a mark
        # over each bar.
        for k, e in enumerate(each):
            xs = [i + (k - (len(data) - 1) / 2) * width for i in range(len(groups))]
            ax.hlines(
                [e[g] for g in groups],
                [x - width / 2 for x in xs],
                [x + width / 2 for x in xs],
                colors="black",
                linestyles="--",
                label="ideal of each run" if k == 0 else None,
            )
    else:
        ax.hlines(
            [ideal[g] for g in groups],
            [i - 0.45 for i in range(len(groups))],
            [i + 0.45 for i in range(len(groups))],
            colors="black",
            linestyles="--",
            label="max-min",
        )
    top = max([e[g] for e in each for g in groups] + [r["measured"] for _, rs in data for r in rs])
    ax.set_ylim(0, top * 1.25)  # room for the legend
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels(groups)
    ax.set_xlabel("VC group")
    ax.set_ylabel(f"throughput per VC ({unit})")
    ax.set_title(title + (f" (mean of up to {runs} runs, error bars 1 s.d.)" if runs > 1 else ""))
    ax.legend()
    fig.tight_layout()
    return fig


def plot_timeseries(con, run_id, series, objects, title="", ylabel=None, t_range=None, hlines=()):
    """A time series (queue length, ACR, credit balance) of objects in one
    run, between t_range = (t0, t1) seconds if given, with horizontal marks
    hlines = [{"y": ..., "label": ...}] (a limit such as a credit
    allocation). Returns the figure."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 4))
    lo, hi = t_range or (float("-inf"), float("inf"))
    for obj in objects:
        pts = con.execute(
            "SELECT t_s, value FROM timeseries WHERE run_id = ? AND series = ? "
            "AND object = ? AND t_s >= ? AND t_s <= ? ORDER BY t_s",
            (run_id, series, obj, lo, hi),
        ).fetchall()
        ax.plot([t * 1e3 for t, _ in pts], [v for _, v in pts], label=obj)
    for h in hlines:
        ax.axhline(h["y"], color="black", linestyle="--", label=h.get("label"))
    ax.set_xlabel("time (ms)")
    ax.set_ylabel(
        ylabel
        or {
            "queue": "queue length (cells)",
            "acr": "ACR (cells/s)",
            "credit": "Crd_Bal (cells)",
            "allocation": "Buf_Alloc (cells)",
            "goodput": "TCP goodput (bit/s)",
        }.get(series, series)
    )
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    return fig


def plot_bars(con, bars, title="", ylabel="", hline=None, mark="published"):
    """One bar per SQL value (a metric of labelled runs, e.g. TCP goodput per
    configuration), each with its published value as a mark where there is
    one (mark: the marks' legend, e.g. "expected" where they come from
    analysis), and an optional horizontal line {"y": ..., "label": ...} (a
    link's capacity). bars: [{"label", "sql", "published"}]; the SQL is
    complete (run ids substituted). Returns the figure."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 4))
    values = [con.execute(b["sql"]).fetchone()[0] or 0 for b in bars]
    xs = range(len(bars))
    ax.bar(xs, values, 0.6, label="ours")
    pub = [(x, b["published"]) for x, b in zip(xs, bars) if b.get("published") is not None]
    if pub:
        ax.hlines(
            [y for _, y in pub],
            [x - 0.4 for x, _ in pub],
            [x + 0.4 for x, _ in pub],
            colors="red",
            linestyles="-",
            label=mark,
        )
    if hline:
        ax.axhline(hline["y"], color="black", linestyle="--", label=hline.get("label"))
    top = max(values + [y for _, y in pub] + ([hline["y"]] if hline else []))
    ax.set_ylim(0, top * 1.3 if top > 0 else 1)  # room for the legend
    ax.set_xticks(list(xs))
    crowded = sum(len(b["label"]) for b in bars) > 60  # labels would run together
    ax.set_xticklabels(
        [b["label"] for b in bars],
        rotation=30 if crowded else 0,
        ha="right" if crowded else "center",
    )
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    return fig


def plot_csv_series(path, title="", ylabel=None):
    """A time series an example wrote as CSV (first column time in seconds,
    the others one series each, named by the header), e.g. atm-tcp-creditnet
    --occupancy (Kung Fig. 16). Returns the figure."""
    plt = _pyplot()
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    header, data = rows[0], [[float(x) for x in r] for r in rows[1:] if r]
    fig, ax = plt.subplots(figsize=(7, 4))
    for k in range(1, len(header)):
        ax.plot([r[0] * 1e3 for r in data], [r[k] for r in data], label=header[k])
    ax.set_xlabel("time (ms)")
    ax.set_ylabel(ylabel or header[1])
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    return fig


def plot_xy(con, run_ids, param, sql, xlabel, ylabel, title=""):
    """A metric against a swept parameter (e.g. utilization vs CAB): sql
    gives the y value of one run (? = run_id). Returns the figure."""
    plt = _pyplot()
    pts = {}
    for rid in run_ids:
        x = json.loads(
            con.execute("SELECT params FROM runs WHERE run_id = ?", (rid,)).fetchone()[0]
        ).get(param)
        pts.setdefault(x, []).append(con.execute(sql, (rid,)).fetchone()[0])
    xs = sorted(pts)
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.plot(xs, [sum(pts[x]) / len(pts[x]) for x in xs], marker="o")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    fig.tight_layout()
    return fig


# ------------------------------------------------------------------ reproduce


def load_registry(path=REGISTRY):
    """The reproduction rows (examples/scenarios/reproduce.json)."""
    return json.loads(Path(path).read_text())


def row_specs(row, mode):
    """The runs of an implemented row in a mode: label -> [RunSpec]."""
    m = row.get("modes", {}).get(mode, {})
    out = {}
    for label, r in row["runs"].items():
        params = dict(m.get("params", {}), **r.get("params", {}))
        out[label] = [
            RunSpec(SCENARIOS / r["scenario"], params, None, n) for n in m.get("runs", [None])
        ]
    return out


CHECKS_FAILED = 3  # exit status of reproduce when the report has failed checks

EXAMPLE_TABLE = (
    "CREATE TABLE IF NOT EXISTS example_values (row TEXT NOT NULL, "
    "mode TEXT NOT NULL, key TEXT NOT NULL, value REAL, "
    "PRIMARY KEY (row, mode, key))"
)


def parse_key_values(text, index=()):
    """The 'key=value' words of a program's output whose value is a number:
    dict key -> float. On a line with words named in index (the fields that
    say which point of a figure the line is), every other number is keyed
    'a=1/b=2/name' by those words in line order; later lines win."""
    values = {}
    for line in text.splitlines():
        words = [w.partition("=") for w in line.split()]
        words = [(k, v) for k, eq, v in words if eq and k]
        prefix = "/".join(f"{k}={v}" for k, v in words if k in index)
        for key, value in words:
            if key in index:
                continue
            try:
                values[f"{prefix}/{key}" if prefix else key] = float(value)
            except ValueError:
                pass
    return values


def example_value(values, check):
    """The value a check of an example row reads: a key, or an expression
    over the values (v['key'], min, max, sum and comparisons; True is 1)."""
    if "key" in check:
        return values.get(check["key"])
    try:
        # One namespace: comprehensions in the expression see v.
        result = eval(
            check["expr"],
            {
                "__builtins__": {},
                "v": values,
                "min": min,  # noqa: S307
                "max": max,
                "sum": sum,
                "abs": abs,
            },
        )
    except (KeyError, ValueError, ZeroDivisionError):
        return None
    return float(result)


def example_stored(con, row, mode):
    """The values of an example row stored for this mode (empty if none)."""
    con.execute(EXAMPLE_TABLE)
    return dict(
        con.execute(
            "SELECT key, value FROM example_values WHERE row = ? AND mode = ?", (row["id"], mode)
        )
    )


def run_example_program(row, mode, binary, quiet=False, trace_dir=None):
    """Run the example program of an example row for this mode; returns its
    standard output. An argument containing {traceDir} gets trace_dir/<row
    id> (made first), where the program writes its time series for the
    row's "trace" figures."""
    ex = row["example"]
    program = Path(binary).parent / ex["program"]
    if not program.exists():
        sys.exit(f"atm_experiments: row {row['id']}: no program {program} (build the examples)")
    args = ex.get("args", {}).get(mode, [])
    # One invocation (a list of arguments) or several (a list of lists).
    invocations = args if args and isinstance(args[0], list) else [args]
    output = ""
    series_dir = Path(trace_dir or ".") / row["id"]
    for a in invocations:
        if any("{traceDir}" in x for x in a):
            series_dir.mkdir(parents=True, exist_ok=True)
            a = [x.replace("{traceDir}", str(series_dir)) for x in a]
        argv = [str(program)] + a
        if not quiet:
            print(f"reproduce: {row['id']}: {' '.join(argv[1:]) or '(defaults)'}", file=sys.stderr)
        done = subprocess.run(argv, capture_output=True, text=True, env=program_env())
        if done.returncode != 0:
            sys.exit(
                f"atm_experiments: row {row['id']}: {' '.join(argv)} failed "
                f"(exit {done.returncode}):\n{done.stdout[-2000:]}{done.stderr[-2000:]}"
            )
        output += done.stdout + "\n"
    return output


def run_example_row(con, row, mode, binary, quiet=False, trace_dir=None, output=None):
    """Run the example program of an example row (one that reproduces a
    figure outside scenario files, e.g. atm-zqfc, atm-bus-hub) unless its
    values are already stored for this mode; store its numeric key=value
    output in example_values. output: the program's output if it was run
    already (run_example_program). Returns key -> value."""
    stored = example_stored(con, row, mode)
    if stored:
        return stored
    ex = row["example"]
    if output is None:
        output = run_example_program(row, mode, binary, quiet, trace_dir)
    values = parse_key_values(output, ex.get("index", ()))
    con.executemany(
        "INSERT INTO example_values VALUES (?, ?, ?, ?)",
        [(row["id"], mode, k, v) for k, v in sorted(values.items())],
    )
    con.commit()
    return values


def plot_example_bars(values, bars, title="", ylabel=""):
    """Bars of example values (label, key) with the published value of each
    as a mark."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(max(6, 0.9 * len(bars) + 2), 3.5))
    xs = range(len(bars))
    ax.bar(xs, [values.get(b["key"], 0) for b in bars], color="tab:blue", label="ours")
    marks = [(x, b["published"]) for x, b in zip(xs, bars) if b.get("published") is not None]
    if marks:
        ax.scatter(
            [m[0] for m in marks],
            [m[1] for m in marks],
            marker="_",
            s=600,
            color="tab:red",
            label="published",
            zorder=3,
        )
    ax.set_xticks(list(xs))
    ax.set_xticklabels([b["label"] for b in bars], rotation=30, ha="right", fontsize=8)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def plot_example_lines(values, f):
    """Example values against a parameter (e.g. Chong Fig. 8a): one line
    per entry of f["lines"] ({"label", "key"}), whose key has {n} replaced
    by each of f["n"]; x is f["x"] (default the n values). A missing value
    leaves a gap. f["published"]: optional published points ({"label", "x",
    "y"}, drawn as markers) or ranges ({"label", "x": [from, to], "ymin",
    "ymax"}, drawn as a band)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6, 4))
    xs = f.get("x", f["n"])
    for line in f["lines"]:
        ys = [values.get(line["key"].replace("{n}", str(n)), float("nan")) for n in f["n"]]
        ax.plot(xs, ys, marker="o", label=line["label"])
    for p in f.get("published", []):
        if "ymin" in p:  # a published range over an x interval
            ax.fill_between(p["x"], p["ymin"], p["ymax"], alpha=0.15, label=p["label"])
        else:
            ax.plot(p["x"], p["y"], linestyle="none", marker="x", color="tab:red", label=p["label"])
    ax.set_xlabel(f.get("xlabel", ""))
    ax.set_ylabel(f.get("ylabel", ""))
    ax.set_title(f.get("title", ""), fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def read_trace(path, select=None):
    """A series file an example wrote: lines "time value", or
    "time kind value" of which only kind == select are kept. Returns
    (times, values)."""
    ts, vs = [], []
    with open(path) as fh:
        for line in fh:
            words = line.split()
            if len(words) == 3 and words[1] != select:
                continue
            if len(words) in (2, 3):
                ts.append(float(words[0]))
                vs.append(float(words[-1]))
    return ts, vs


def plot_example_trace(series_dir, f):
    """Time series an example wrote into series_dir (e.g. Chong Figs. 6
    and 8b): panels stacked with a shared time axis; each panel
    ({"ylabel", "lines", "hlines", "ylim"}) draws its lines ({"file", "label",
    "select", "step"}) and dashed horizontal marks ({"y", "label"}).
    Returns the figure, or None when a file is missing."""
    panels = f["panels"]
    if not all((Path(series_dir) / ln["file"]).exists() for p in panels for ln in p["lines"]):
        return None
    plt = _pyplot()
    fig, axes = plt.subplots(
        len(panels), 1, sharex=True, squeeze=False, figsize=(7, 2.2 * len(panels) + 1)
    )
    for ax, p in zip(axes[:, 0], panels):
        for ln in p["lines"]:
            ts, vs = read_trace(Path(series_dir) / ln["file"], ln.get("select"))
            if ln.get("step"):
                ax.step(ts, vs, where="post", label=ln["label"])
            else:
                ax.plot(ts, vs, label=ln["label"], linewidth=0.8)
        for h in p.get("hlines", []):
            ax.axhline(h["y"], linestyle="--", color="grey", linewidth=0.8)
            ax.annotate(
                h["label"],
                (1.0, h["y"]),
                xycoords=("axes fraction", "data"),
                fontsize=7,
                ha="right",
                va="bottom",
                color="grey",
            )
        if "ylim" in p:
            ax.set_ylim(*p["ylim"])
        ax.set_ylabel(p.get("ylabel", ""))
        ax.legend(fontsize=7, loc="upper left")
    axes[-1, 0].set_xlabel(f.get("xlabel", "time (µs)"))
    axes[0, 0].set_title(f.get("title", ""), fontsize=10)
    fig.tight_layout()
    return fig


def plot_example_figure(values, f, series_dir):
    """One figure of an example row by its kind: "bars" (the default),
    "lines" or "trace". Returns the figure, or None if its data is absent."""
    kind = f.get("kind", "bars")
    if kind == "bars":
        return plot_example_bars(values, f["bars"], f.get("title", ""), f.get("ylabel", ""))
    if kind == "lines":
        return plot_example_lines(values, f)
    if kind == "trace":
        return plot_example_trace(series_dir, f)
    raise ValueError(f"unknown example figure kind {kind}")


def check(value, published, tol):
    """Whether a value meets its tolerance: rel / abs (around published),
    min / max (bounds)."""
    if value is None:
        return False
    ok = True
    if "rel" in tol:
        ok &= abs(value - published) <= tol["rel"] * abs(published)
    if "abs" in tol:
        ok &= abs(value - published) <= tol["abs"]
    if "min" in tol:
        ok &= value >= tol["min"]
    if "max" in tol:
        ok &= value <= tol["max"]
    return bool(ok)


def tol_text(tol, published):
    """A tolerance in words."""
    parts = []
    if "rel" in tol:
        parts.append(f"±{tol['rel'] * 100:g}% of {published:g}")
    if "abs" in tol:
        parts.append(f"±{tol['abs']:g} of {published:g}")
    if "min" in tol:
        parts.append(f"≥ {tol['min']:g}")
    if "max" in tol:
        parts.append(f"≤ {tol['max']:g}")
    return ", ".join(parts)


def substitute_runs(sql, ids):
    """sql with each {runs:label} replaced by the run ids of the label."""
    for label, i in ids.items():
        sql = sql.replace("{runs:%s}" % label, ",".join(map(str, i)) or "NULL")
    return sql


def evaluate_example(row, values):
    """The checks of an example row on its program's values."""
    return [check_result(c, example_value(values, c)) for c in row.get("checks", [])]


def check_result(c, ours):
    """A check of a row with our value: label, published, ours, tolerance,
    passed."""
    return {
        "label": c["label"],
        "published": c.get("published"),
        "ours": ours,
        "tolerance": tol_text(c["tolerance"], c.get("published") or 0),
        "passed": check(ours, c.get("published"), c["tolerance"]),
        "difference": c.get("difference"),
    }


def check_values(c):
    """A check's published and measured values as the report prints them."""
    pub = "—" if c["published"] is None else f"{c['published']:g}"
    ours = "—" if c["ours"] is None else f"{c['ours']:.4g}"
    return pub, ours


def why_line(row, c):
    """A failed check's line of the report's last section: what we measured
    against what was published, and the check's 'difference' (why ours
    differs, measured and written up in doc/atm-validation.rst), if it has one."""
    pub, ours = check_values(c)
    why = c.get("difference") or "no explanation recorded"
    return f"- **{row['id']}** {c['label']}: ours {ours}, published {pub}. {why}"


def summary_lines(rows, checks):
    """The report's first section: one line per row, its checks passed out of
    its checks and the labels of those that failed (checks: row id -> the
    check results of the row, as the report evaluated them)."""
    lines = [
        "## Summary",
        "",
        "| row | source | checks passed | failed checks |",
        "|---|---|---|---|",
    ]
    for r in rows:
        if r["id"] not in checks:
            lines.append(
                f"| {r['id']} | {r['source']} | not implemented (needs {r['needs']}) | |"
                if "needs" in r
                else f"| {r['id']} | {r['source']} | no check | |"
            )
            continue
        results = checks[r["id"]]
        failed = [c["label"] for c in results if not c["passed"]]
        suffix = {
            "baseline": " (baseline)",
            "multiservice": " (multi-service)",
            "fairness": " (ABR fairness)",
        }
        source = r["source"] + suffix.get(r.get("section"), "")
        lines.append(
            f"| {r['id']} | {source} | {len(results) - len(failed)} of {len(results)} | "
            f"{'; '.join(failed)} |"
        )
    return lines + [""]


def check_line(row, c):
    """A check's line of the report table."""
    pub, ours = check_values(c)
    return (
        f"| {row['id']} | {row['source']} | {row['configuration']} | {c['label']} | "
        f"{pub} | {ours} | {c['tolerance']} | {'pass' if c['passed'] else '**FAIL**'} |"
    )


def evaluate(con, row, keys):
    """The checks of a row on the runs of its labels (keys: label -> run keys):
    list of dicts label, published, ours, tolerance, passed."""
    ids = {
        label: [
            i
            for (i,) in con.execute(
                f"SELECT run_id FROM runs WHERE key IN ({','.join('?' * len(k))})", k
            )
        ]
        for label, k in keys.items()
    }
    results = [
        check_result(c, con.execute(substitute_runs(c["sql"], ids)).fetchone()[0])
        for c in row.get("checks", [])
    ]
    return results, ids


def make_figures(con, row, ids, out_dir):
    """The figures of a row (PNG and PDF); returns their PNG paths."""
    paths = []
    for f in row.get("figures", []):
        name = Path(out_dir) / f"{row['id']}-{f['name']}"
        if f["kind"] == "group-bars":
            fig = plot_group_bars(
                con, [(label, ids[label]) for label in f["runs"]], f.get("title", "")
            )
        elif f["kind"] == "timeseries":
            fig = plot_timeseries(
                con,
                ids[f["run"]][0],
                f["series"],
                f["objects"],
                f.get("title", ""),
                f.get("ylabel"),
                f.get("t_range"),
                f.get("hlines", ()),
            )
        elif f["kind"] == "bars":
            bars = [dict(b, sql=substitute_runs(b["sql"], ids)) for b in f["bars"]]
            fig = plot_bars(
                con,
                bars,
                f.get("title", ""),
                f.get("ylabel", ""),
                f.get("hline"),
                f.get("mark", "published"),
            )
        elif f["kind"] == "xy":
            fig = plot_xy(
                con,
                ids[f["run"]],
                f["param"],
                f["sql"],
                f["xlabel"],
                f["ylabel"],
                f.get("title", ""),
            )
        else:
            raise ValueError(f"{row['id']}: unknown figure kind {f['kind']}")
        paths.append(save(fig, name)[0])
        _pyplot().close(fig)
    return paths


def draw_row_figures(db, row, ids, out_dir):
    """make_figures for reproduce's pool of drawing processes, each with a
    connection of its own."""
    con = connect(db)
    try:
        return make_figures(con, row, ids, out_dir)
    finally:
        con.close()


def reproduce(out_dir, mode="quick", binary=None, jobs=None, registry=None, quiet=False):
    """Run every implemented row (and the baseline) into out_dir/atm.db,
    draw their figures, write out_dir/report.md; returns (report text,
    number of failed checks)."""
    out = Path(out_dir)
    db = out / "atm.db"
    reg = registry or load_registry()
    rows = reg["rows"]
    specs = {r["id"]: row_specs(r, mode) for r in rows if "runs" in r}
    every = [s for by_label in specs.values() for lst in by_label.values() for s in lst]
    # The example programs run beside the scenario runs, one at a time, so
    # that they fill the cores as the last runs end instead of after them.
    with connect(db) as con:
        pending = [r for r in rows if "example" in r and not example_stored(con, r, mode)]
    outputs = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as examples:
        for r in pending:
            outputs[r["id"]] = examples.submit(
                run_example_program, r, mode, binary or binary_path(), quiet, out / "series"
            )
        if every:
            run_all(every, db, binary or binary_path(), jobs, quiet)
        outputs = {k: f.result() for k, f in outputs.items()}
    lines = [
        f"# Reproduction report ({mode} mode)",
        "",
        f"Database `{db.name}`, figures `figures/`. Generated by "
        f"`utils/atm_experiments.py reproduce --{mode}`.",
        "",
    ]
    head = len(lines)  # the summary goes after these lines
    why = []  # one line per failed check
    checks = {}  # row id -> its check results, for the summary

    def add_check(r, c):
        lines.append(check_line(r, c))
        checks.setdefault(r["id"], []).append(c)
        if not c["passed"]:
            why.append(why_line(r, c))

    # The rows' figures are drawn by a pool of processes, one per core, while
    # the report is written; forked with no other thread running (the runs'
    # pools are closed).
    drawing = concurrent.futures.ProcessPoolExecutor(
        max_workers=jobs or os.cpu_count() or 1, mp_context=multiprocessing.get_context("fork")
    )
    with connect(db) as con, drawing:
        for section, heading, intro in (
            ("paper", "Published results (VALIDATION.md)", ""),
            (
                "baseline",
                "Baseline: not a published result",
                "Runs of the module beside what analysis predicts, not a paper: without the "
                "flow-control schemes the papers study (B1, against the max-min rates), and "
                "with link credit alone against per-VC credit (L1, section 4's hot-spot "
                "argument of Kung and Wang). They check the platform and show what the "
                "schemes have to fix.",
            ),
            (
                "multiservice",
                "Multi-service ATM (not a VALIDATION row)",
                "Checks from issue #47's multi-service work, not rows of VALIDATION.md: "
                "service categories sharing a port by strict priority. Kung's Figure 11 "
                "(M2: a TCP meets high-priority CBR cross traffic that takes its "
                "bottleneck, with and without credit on the links before it) and the "
                "multi-service bottleneck. The papers state these effects in words, "
                "not numbers: each check is the stated effect.",
            ),
            (
                "fairness",
                "ABR fairness criteria and ERICA+ queue control (not a VALIDATION row)",
                "Checks from issue #48, not rows of VALIDATION.md: ERICA and VC counting "
                "aiming at each TM 4.0 fairness criterion with MCRs on one link (F1) and "
                "on GFC-1 (F3), each run's ideal rates the oracle's under the run's "
                "criterion, ERICA+'s queue on long trunks against its target Q0 = T0 "
                "x capacity (F2), and GFC-1 with 1 000 km trunks under ERICA and ERICA+ "
                "(F4). In F1's and F3's tables below, 'max-min' is that ideal rate.",
            ),
        ):
            lines += [f"## {heading}", ""] + ([intro, ""] if intro else [])
            lines += [
                "| row | source | configuration | check | published | ours | tolerance "
                "| result |",
                "|---|---|---|---|---|---|---|---|",
            ]
            figures = []
            for r in (r for r in rows if r.get("section", "paper") == section):
                if "example" in r:
                    values = run_example_row(
                        con,
                        r,
                        mode,
                        binary or binary_path(),
                        quiet,
                        out / "series",
                        outputs.get(r["id"]),
                    )
                    for c in evaluate_example(r, values):
                        add_check(r, c)
                    for f in r.get("figures", []):
                        fig = plot_example_figure(values, f, out / "series" / r["id"])
                        if fig is None:
                            print(
                                f"reproduce: {r['id']}: no series for figure {f['name']} in "
                                f"{out / 'series' / r['id']} (its values were stored by an "
                                "earlier run: delete them to rerun)",
                                file=sys.stderr,
                            )
                            continue
                        figures.append([save(fig, out / "figures" / f"{r['id']}-{f['name']}")[0]])
                        _pyplot().close(fig)
                    continue
                if "runs" not in r:
                    files = ", ".join(f"`{f}`" for f in r.get("scenarios", []))
                    lines.append(
                        f"| {r['id']} | {r['source']} | {r['configuration']}"
                        f"{' (' + files + ')' if files else ''} | | "
                        f"{r.get('published_text', '')} | | | not implemented "
                        f"(needs {r['needs']}) |"
                    )
                    continue
                keys = {label: [s.key for s in lst] for label, lst in specs[r["id"]].items()}
                results, ids = evaluate(con, r, keys)
                for c in results:
                    add_check(r, c)
                figures.append(drawing.submit(draw_row_figures, str(db), r, ids, out / "figures"))
                for label, i in ids.items():
                    lines += [
                        "",
                        f"{r['id']} `{label}` ({len(i)} run(s)): measured / max-min "
                        "per VC group",
                        "",
                        "| group | max-min Mb/s | measured Mb/s | " "ratio |",
                        "|---|---|---|---|",
                    ]
                    lines += [
                        f"| {g['group']} | {g['ideal']:.2f} | {g['measured']:.2f} | "
                        f"{g['ratio']:.3f} |"
                        for g in group_rates(con, i)
                    ]
                    jain = con.execute(
                        f"SELECT AVG(jain) FROM runs WHERE run_id IN " f"({','.join(map(str, i))})"
                    ).fetchone()[0]
                    lines += ["", f"Jain's fairness index: {jain:.3f}"]
            lines += [""] + [figures] + [""]  # their paths, when drawn
        if why:
            lines += (
                [
                    "## Failed checks and why",
                    "",
                    "Each failed check with what we know of the difference (measured; "
                    "doc/atm-validation.rst has the figures). A check stays failed: "
                    "the note explains it, it does not excuse it.",
                    "",
                ]
                + why
                + [""]
            )
        failed = len(why)
        lines.append(f"{failed} check(s) failed.")
    lines[head:head] = summary_lines(rows, checks)
    # A section's figures: a list of their paths, or of the pool's futures.
    expanded = []
    for line in lines:
        if isinstance(line, str):
            expanded.append(line)
            continue
        for paths in line:
            for p in paths if isinstance(paths, list) else paths.result():
                expanded.append(f"![{p.stem}](figures/{p.name})")
    text = "\n".join(expanded) + "\n"
    (out / "report.md").write_text(text)
    return text, failed


# ------------------------------------------------------------------ command line


def sweep_specs(args):
    """RunSpecs from the sweep options of a command line."""
    fixed = parse_assignments(args.params)
    grid = {}
    for g in args.grid or []:
        name, values = g.split("=", 1)
        grid[name] = parse_values(values)
    if args.grid and args.list:
        sys.exit("atm_experiments: give --grid or --list, not both")
    lists = [json.loads(x) for x in args.list] if args.list else None
    return expand(
        args.scenario,
        fixed,
        grid,
        lists,
        parse_values(args.seeds) if args.seeds else None,
        parse_values(args.runs) if args.runs else None,
    )


def main(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--binary",
        help="the atm-scenario program (default: $ATM_SCENARIO_BIN "
        "or build/debian/examples/atm-scenario)",
    )
    ap.add_argument(
        "--malloc",
        help="the simulation programs' allocator: tcmalloc or jemalloc (where installed), "
        "system or the path of a library (default: $ATM_MALLOC or tcmalloc; same results)",
    )
    sub = ap.add_subparsers(dest="command", required=True)

    def runs_options(p, db_required=True, sets=True):
        p.add_argument("scenario", help="scenario file (JSON)")
        p.add_argument(
            "--params",
            action="append",
            metavar="NAME=VALUE",
            help="a parameter value for every run (repeatable)",
        )
        if not sets:
            p.set_defaults(grid=None, list=None)
        else:
            p.add_argument(
                "--grid",
                action="append",
                metavar="NAME=V1,V2,...",
                help="sweep every combination of these values (repeatable)",
            )
            p.add_argument(
                "--list",
                action="append",
                metavar="JSON",
                help='one parameter set, e.g. \'{"queue": "fifo"}\' (repeatable; '
                "instead of --grid)",
            )
        p.add_argument("--seeds", help="RNG seeds: 1,2,3 or 1-5 (default: the file's)")
        p.add_argument("--runs", help="RNG run numbers: 1,2,3 or 1-5 (default: the file's)")
        p.add_argument("--db", required=db_required, help="results database")

    p = sub.add_parser("run", help="run one scenario (skipped if its key is in --db)")
    runs_options(p, sets=False)
    p.add_argument("--progress", action="store_true", help="show the simulation's progress")
    p = sub.add_parser(
        "sweep",
        help="run a grid or list of parameter sets, several seeds, " "in parallel, resuming",
    )
    runs_options(p)
    p.add_argument("--jobs", type=int, help="parallel runs (default: the local cores)")
    p = sub.add_parser(
        "export",
        help="write one command line per run (one database each) "
        "and a Slurm job-array script, for a cluster scheduler",
    )
    runs_options(p, db_required=False)
    p.add_argument("--out-dir", required=True)
    p = sub.add_parser("merge", help="merge run databases into one")
    p.add_argument("db")
    p.add_argument("parts", nargs="+")
    p = sub.add_parser("report", help="measured / max-min per VC group and Jain's index")
    p.add_argument("db")
    p.add_argument("--per-vc", action="store_true", help="one line per VC, not per group")
    p = sub.add_parser("plot", help="draw a figure (PNG and PDF)")
    p.add_argument("db")
    p.add_argument(
        "--kind",
        choices=["group-bars"] + list(RUN_SERIES),
        required=True,
        help="group-bars: throughput per VC group over runs; "
        + ", ".join(f"{k}: {v}" for k, v in RUN_SERIES.items())
        + " over time, of one run",
    )
    p.add_argument("--scenario", help="scenario name (default: every run)")
    p.add_argument(
        "--params",
        action="append",
        metavar="NAME=VALUE",
        help="only runs with this parameter value (repeatable)",
    )
    p.add_argument("--seed", type=int, help="only runs with this seed")
    p.add_argument("--run", type=int, help="only runs with this RNG run number")
    p.add_argument("--by", help="group-bars: one bar set per value of this parameter")
    p.add_argument(
        "--object",
        action="append",
        help="time series: what to draw, e.g. S1->S2 (queue) or a VC's name "
        "(default: every one the run recorded)",
    )
    p.add_argument("--out", required=True, help="output file name without extension")
    p = sub.add_parser(
        "plot-csv",
        help="draw a time series an example wrote as CSV "
        "(e.g. atm-tcp-creditnet --occupancy: Kung Fig. 16)",
    )
    p.add_argument("csv")
    p.add_argument("--title", default="")
    p.add_argument("--ylabel")
    p.add_argument("--out", required=True, help="output file name without extension")
    p = sub.add_parser(
        "reproduce",
        help="regenerate every implemented VALIDATION.md row and "
        "the baseline: database, figures, report.md",
    )
    mode = p.add_mutually_exclusive_group()
    mode.add_argument(
        "--quick",
        dest="mode",
        action="store_const",
        const="quick",
        help="short runs (default; minutes on 2 cores)",
    )
    mode.add_argument(
        "--full", dest="mode", action="store_const", const="full", help="the papers' run lengths"
    )
    p.set_defaults(mode="quick")
    p.add_argument("--out", default=str(ROOT / "results"), help="output directory")
    p.add_argument(
        "--fresh",
        action="store_true",
        help="start a new database instead of resuming the one in --out",
    )
    p.add_argument("--jobs", type=int)
    args = ap.parse_args(argv)
    if args.malloc:
        os.environ["ATM_MALLOC"] = args.malloc
    if args.command in ("run", "sweep", "reproduce"):
        preload = program_env().get("LD_PRELOAD")
        print(f"atm_experiments: the runs preload {preload or 'nothing'}", file=sys.stderr)

    if args.command == "run":
        specs = sweep_specs(args)
        if args.progress:
            have = known_keys(args.db)
            for s in specs:
                if s.key not in have:
                    with tempfile.TemporaryDirectory() as tmp:
                        part = Path(tmp) / "run.db"
                        subprocess.run(
                            s.argv(binary_path(args.binary), part) + ["--progress=1"],
                            check=True,
                            env=program_env(),
                        )
                        merge(args.db, [part])
        else:
            run_all(specs, args.db, binary_path(args.binary), 1)
        print(report_text(args.db))
    elif args.command == "sweep":
        run_all(sweep_specs(args), args.db, binary_path(args.binary), args.jobs)
        with connect(args.db) as con:
            for scenario, params, n in identical_sets(con):
                print(
                    f"atm_experiments: warning: the {n} runs of {scenario} {params} gave "
                    "identical results: nothing in the scenario is random, so other seeds and "
                    "run numbers change nothing (one run is enough, or add randomness such as "
                    "startJitter or on-off traffic)",
                    file=sys.stderr,
                )
    elif args.command == "export":
        n = export(sweep_specs(args), args.out_dir, binary_path(args.binary), args.db)
        print(
            f"{n} command lines in {args.out_dir}/commands.txt; "
            f"Slurm: sbatch {args.out_dir}/slurm-array.sh; then merge {args.out_dir}/runs/*.db"
        )
    elif args.command == "merge":
        print(f"{merge(args.db, args.parts)} run(s) merged into {args.db}")
    elif args.command == "report":
        print(report_text(args.db, args.per_vc))
    elif args.command == "plot":
        where = parse_assignments(args.params)
        with connect(args.db) as con:
            if args.kind in RUN_SERIES:
                rid = select_one_run(con, args.scenario, where, args.seed, args.run)
                objects = args.object or [
                    o
                    for (o,) in con.execute(
                        "SELECT DISTINCT object FROM timeseries WHERE run_id = ? AND series = ? "
                        "ORDER BY object",
                        (rid, args.kind),
                    )
                ]
                if not objects:
                    sys.exit(
                        f"atm_experiments: {run_label(con, rid)} recorded no {args.kind} series "
                        "(its scenario file's timeSeries section names what is recorded)"
                    )
                fig = plot_timeseries(con, rid, args.kind, objects, run_label(con, rid))
                print(" ".join(str(p) for p in save(fig, args.out)))
                return 0
            ids = select_runs(con, args.scenario, where, args.seed, args.run)
            if not ids:
                sys.exit("atm_experiments: no runs selected")
            if args.kind == "group-bars":
                values = {}
                for rid in ids:
                    p = json.loads(
                        con.execute("SELECT params FROM runs WHERE run_id = ?", (rid,)).fetchone()[
                            0
                        ]
                    )
                    values.setdefault(str(p.get(args.by, "")) if args.by else "", []).append(rid)
                fig = plot_group_bars(con, sorted(values.items()), args.scenario or "")
            print(" ".join(str(p) for p in save(fig, args.out)))
    elif args.command == "plot-csv":
        fig = plot_csv_series(args.csv, args.title, args.ylabel)
        print(" ".join(str(p) for p in save(fig, args.out)))
    elif args.command == "reproduce":
        if args.fresh:
            (Path(args.out) / "atm.db").unlink(missing_ok=True)
        text, failed = reproduce(args.out, args.mode, binary_path(args.binary), args.jobs)
        print(text)
        # 3, not 1: a check that fails is a result, told apart from an error.
        return CHECKS_FAILED if failed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
