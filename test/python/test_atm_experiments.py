# SPDX-License-Identifier: GPL-2.0-only
"""Tests of utils/atm_experiments.py: the SQLite schema atm-scenario writes,
sweep resume, export + merge, determinism, figure axes, and the report's
pass/fail marks. Needs the atm-scenario program: $ATM_SCENARIO_BIN (CTest
sets it) or build/debian/examples/atm-scenario."""

import contextlib
import ctypes.util
import io
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "utils"))
import atm_experiments as ax  # noqa: E402

# The schema as doc/atm.rst documents it ("SQLite results").
SCHEMA = {
    "runs": [
        "run_id",
        "key",
        "scenario",
        "file",
        "scenario_json",
        "params",
        "seed",
        "run",
        "revision",
        "ns3_version",
        "wall_s",
        "events",
        "sim_s",
        "measure_start_s",
        "measure_stop_s",
        "n_vcs",
        "jain",
    ],
    "vc_metrics": [
        "run_id",
        "vc",
        "grp",
        "category",
        "src",
        "dst",
        "hops",
        "cells_sent",
        "cells_received",
        "cells_dropped",
        "cells_queued",
        "window_cells",
        "window_lost",
        "throughput_bps",
        "goodput_bps",
        "ideal_bps",
        "ratio",
        "delay_mean_s",
        "delay_p50_s",
        "delay_p95_s",
        "delay_p99_s",
        "delay_max_s",
        "tcp_retx",
        "tcp_timeouts",
        "blocks",
        "block_time_mean_s",
        "delay_min_s",
    ],
    "vc_drops": ["run_id", "vc", "reason", "cells"],
    "link_metrics": [
        "run_id",
        "link",
        "from_node",
        "to_node",
        "cell_rate_bps",
        "utilization",
        "queue_mean",
        "queue_max",
        "cells_tx",
        "cells_dropped",
        "credit_overhead",
    ],
    "timeseries": ["run_id", "series", "object", "t_s", "value"],
    "hub_metrics": [
        "run_id",
        "hub",
        "boards",
        "streams",
        "bus_bps",
        "utilization",
        "dummy_bps",
        "dummy_slots",
        "control_buffer_max",
        "injected",
        "delivered",
        "lost",
        "loss",
    ],
    "hub_streams": [
        "run_id",
        "stream",
        "grp",
        "board",
        "to_board",
        "rate_bps",
        "injected",
        "delivered",
        "lost_bic",
        "lost_ram",
        "goodput_bps",
        "ideal_bps",
        "loss",
        "delay_mean_s",
        "delay_max_s",
    ],
}

# Two VCs over a 5 Mb/s trunk: a greedy one (max-min 4 Mb/s) and a 1 Mb/s
# CBR one; an on-off VC on its own link (its pcr its limit) makes the run
# number matter.
TINY = {
    "name": "tiny",
    "seed": 1,
    "parameters": {"queue": "pervc", "buffer": 100},
    "hosts": ["h1", "h2", "h3", "h4", "h5"],
    "switches": ["S1", "S2"],
    "linkDefaults": {"rate": "10Mbps", "sonet": False, "delay": "1us"},
    "links": [
        {"from": "h1", "to": "S1"},
        {"from": "h3", "to": "S1"},
        {"from": "h4", "to": "S1"},
        {
            "from": "S1",
            "to": "S2",
            "rate": "5Mbps",
            "buffer": "${buffer}",
            "queue": {"type": "${queue}"},
        },
        {"from": "S2", "to": "h2"},
        {"from": "S1", "to": "h5"},
    ],
    "vcs": [
        {
            "name": "a",
            "group": "G1",
            "path": ["h1", "S1", "S2", "h2"],
            "traffic": {"type": "greedy"},
        },
        {
            "name": "b",
            "group": "G2",
            "path": ["h3", "S1", "S2", "h2"],
            "traffic": {"type": "cbr", "attributes": {"Rate": "1Mbps"}},
        },
        {
            "name": "c",
            "group": "G3",
            "path": ["h4", "S1", "h5"],
            "pcr": "2Mbps",
            "traffic": {"type": "onoff", "attributes": {"PeakRate": "2Mbps"}},
        },
    ],
    "measurement": {"start": "0.005s", "stop": "0.03s", "end": "0.035s"},
    "timeSeries": {"interval": "1ms", "queue": ["S1-S2"]},
}


def binary():
    path = Path(os.environ.get("ATM_SCENARIO_BIN") or ax.DEFAULT_BINARY)
    if not path.exists():
        raise unittest.SkipTest(f"no atm-scenario program at {path}")
    return path


class Base(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = Path(self.tmp.name)
        self.scenario = self.dir / "tiny.json"
        self.scenario.write_text(json.dumps(TINY))
        self.bin = binary()

    def tearDown(self):
        self.tmp.cleanup()

    def example_values(self, env, program, prefix, args):
        """The key=value line (starting with prefix) an example program
        beside the scenario binary prints; skips the test without it."""
        path = Path(os.environ.get(env) or self.bin.parent / program)
        if not path.exists():
            self.skipTest(f"no {program} program at {path}")
        out = subprocess.run([str(path), *args], check=True, capture_output=True, text=True).stdout
        lines = [l for l in out.splitlines() if l.startswith(prefix)]
        self.assertEqual(len(lines), 1, out)
        return dict(f.split("=", 1) for f in lines[0].split())

    def run_scenario(self, name, params=""):
        """Run a scenario file of examples/scenarios: its database connection."""
        db = self.dir / (name + ".db")
        subprocess.run(
            [
                str(self.bin),
                f"--scenario={ax.SCENARIOS / name}",
                f"--db={db}",
                f"--params={params}",
                "--quiet=1",
            ],
            check=True,
        )
        return sqlite3.connect(db)

    def specs(self, runs=(1, 2)):
        return ax.expand(self.scenario, grid={"queue": ["pervc", "fifo"]}, runs=list(runs))


class SchemaTest(Base):
    def test_tables_and_columns_as_documented(self):
        db = self.dir / "one.db"
        subprocess.run(ax.RunSpec(self.scenario).argv(self.bin, db), check=True)
        con = sqlite3.connect(db)
        for table, columns in SCHEMA.items():
            got = [r[1] for r in con.execute(f"PRAGMA table_info({table})")]
            self.assertEqual(got, columns, table)
        self.assertEqual(con.execute("PRAGMA user_version").fetchone()[0], 5)
        self.assertEqual(con.execute("SELECT COUNT(*) FROM vc_metrics").fetchone()[0], 3)
        # 2 directions x 6 links; 2 directions x 35 samples of S1-S2
        self.assertEqual(con.execute("SELECT COUNT(*) FROM link_metrics").fetchone()[0], 12)
        self.assertEqual(con.execute("SELECT COUNT(*) FROM timeseries").fetchone()[0], 70)
        ideal = dict(con.execute("SELECT vc, ideal_bps FROM vc_metrics"))
        self.assertAlmostEqual(ideal["a"], 4e6)
        self.assertAlmostEqual(ideal["b"], 1e6)
        version, revision = con.execute("SELECT ns3_version, revision FROM runs").fetchone()
        self.assertRegex(version, r"^3\.\d+$")
        self.assertTrue(revision)

    def test_bad_scenario_runs_nothing(self):
        bad = dict(TINY, vcs=[dict(TINY["vcs"][0], path=["h1", "S2", "h2"])])
        self.scenario.write_text(json.dumps(bad))
        db = self.dir / "bad.db"
        proc = subprocess.run(
            ax.RunSpec(self.scenario).argv(self.bin, db), capture_output=True, text=True
        )
        self.assertEqual(proc.returncode, 1)
        self.assertIn(f"{self.scenario}: vcs[0].path[1]: VC path not connected", proc.stderr)
        self.assertFalse(db.exists(), "nothing ran, no database")


class HubScenarioTest(Base):
    """The hub scenario files build the hubs of the atm-bus-hub example:
    one point of C2 and of C3 gives the same numbers both ways."""

    def example(self, *args):
        return self.example_values("ATM_BUS_HUB_BIN", "atm-bus-hub", "study=", ["--quick=1", *args])

    def test_c2_point_as_the_example(self):
        ex = self.example("--study=c2", "--scheme=physical", "--g1=150", "--n=1")
        con = self.run_scenario("hub-c2.json", "g1=150Mbps,g2=450Mbps")
        dummy, cbuf, loss = con.execute(
            "SELECT dummy_bps, control_buffer_max, loss FROM hub_metrics"
        ).fetchone()
        self.assertAlmostEqual(dummy / 1e6, float(ex["dummyMbps"]), delta=0.006)
        self.assertEqual(cbuf, int(ex["controlBuffer"]))
        self.assertAlmostEqual(loss, float(ex["loss"]), delta=1e-12)
        good = dict(con.execute("SELECT grp, SUM(goodput_bps) FROM hub_streams GROUP BY grp"))
        mm = dict(con.execute("SELECT grp, SUM(ideal_bps) FROM hub_streams GROUP BY grp"))
        for k, grp in (("1", "group1"), ("2", "group2")):
            self.assertAlmostEqual(good[grp] / 1e6, float(ex["goodput" + k]), delta=0.006)
            self.assertAlmostEqual(mm[grp] / 1e6, float(ex["maxmin" + k]), delta=0.006)
        self.assertGreater(dummy, 0)

    def test_c3_point_as_the_example(self):
        ex = self.example("--study=c3", "--scheme=logical", "--n=10")
        con = self.run_scenario("hub-c3.json", "fc=logical")
        rows = dict(con.execute("SELECT stream, goodput_bps FROM hub_streams"))
        self.assertAlmostEqual(rows["s1"] / 1e6, float(ex["goodput1Mbps"]), delta=0.006)
        self.assertAlmostEqual(rows["s0"] / 1e6, float(ex["goodput0Mbps"]), delta=0.006)
        self.assertEqual(len(rows), 11)


class ZqfcTcpFig4ScenarioTest(Base):
    """zqfc-tcp-fig10.json with ZQFC on (S0,S1) (input-buffered switches,
    S1's buffer X from the link's inputBuffer, TCP1's long host link) builds
    the network of atm-tcp-fig4 --fabric=input --outputs=0.5,0.5
    --senderRtts=620,10 --zqfc=1: the same goodput per TCP, to the last
    digit the example prints, in a short window."""

    # The example's shares: goodput over a Link_BW = 1 link's segment rate.
    FULL = 155.52e6 * 26 / 27 / 424 / 12 * 4096

    def example(self, *args):
        """atm-tcp-fig4's key=value line for these options, 1 s after 0.5 s."""
        return self.example_values(
            "ATM_TCP_FIG4_BIN", "atm-tcp-fig4", "fabric=", [*args, "--warmup=0.5", "--duration=1"]
        )

    def run_window(self, name, params=""):
        """The scenario over the example's window."""
        return self.run_scenario(name, params + "start=0.5s,stop=1.5s")

    def assert_same_shares(self, con, ex, vcs):
        shares = dict(con.execute("SELECT vc, goodput_bps FROM vc_metrics"))
        self.assertEqual(sorted(shares), vcs)
        for vc, bps in shares.items():
            self.assertAlmostEqual(bps / self.FULL, float(ex[vc]), delta=1e-9, msg=vc)

    def test_fig10_zqfc_point_as_the_example(self):
        ex = self.example("--fabric=input", "--outputs=0.5,0.5", "--senderRtts=620,10", "--zqfc=1")
        con = self.run_window(
            "zqfc-tcp-fig10.json",
            's01_fc={"type":"zqfc","linkBuffer":960},' 'x={"cells":960,"epdThreshold":0},',
        )
        self.assert_same_shares(con, ex, ["tcp1", "tcp2"])
        drops = con.execute("SELECT SUM(cells) FROM vc_drops").fetchone()[0]
        self.assertGreater(drops or 0, 0, "EPD at the 50-cell input buffers drops frames")
        self.assertLess(float(ex["tcp1"]), 0.5, "the long-RTT TCP1 stays under its limit")

    def test_fig4a_slow_links_as_the_example(self):
        """zqfc-tcp-fig4a-slow-links.json without ZQFC is atm-tcp-fig4
        --fabric=input with its default outputs 1/2 ... 1/256: the same
        goodput per TCP; the eight windows overfill X, so frames are lost."""
        ex = self.example("--fabric=input")
        con = self.run_window("zqfc-tcp-fig4a-slow-links.json")
        self.assert_same_shares(con, ex, [f"tcp{i}" for i in range(1, 9)])
        drops = con.execute("SELECT SUM(cells) FROM vc_drops").fetchone()[0]
        self.assertGreater(drops or 0, 0, "the windows (8 x 384 cells) overfill the 960-cell X")


class ZqfcFig9InputBufferedTest(Base):
    """zqfc-tcp-fig9-input.json: Fig. 9 on input-buffered switches, 2 s
    after 0.5 s. Without flow control TCP1's cells (served at 1/6 of the
    link at S1) fill S1's input buffer of (S0,S1) and EPD there drops
    TCP2's and TCP3's frames; credit on (S0,S1) alone (ZQFC here; plain
    QFC does the same, three VCs of Link_RTT cannot over-subscribe 300
    cells) clears that buffer, so every TCP gets its max-min share and
    none loses a cell. With that buffer at Link_RTT (80 cells) plain QFC
    over-subscribes it and shows section 4's hot spot with TCP: all three
    TCPs at TCP1's 1/6 of the link."""

    MAIN = ["tcp1", "tcp2", "tcp3"]
    WINDOW = "start=0.5s,stop=2.5s"

    def credit(self, scheme, attributes, cells):
        """Parameters for credit on (S0,S1) guarding S1's input buffer of it."""
        return (
            f's01_fc={{"type":"{scheme}","attributes":{attributes},"linkBuffer":{cells},'
            f'"receiver":{{"LinkN2":10,"RecordHoldTime":"113us"}}}},'
            f'x={{"cells":{cells},"epdThreshold":0}},'
        )

    def cell_bps(self, con):
        """The cell rate of (S0,S1) in the latest run."""
        return con.execute(
            "SELECT cell_rate_bps FROM link_metrics WHERE link = 'S0-S1' "
            "AND from_node = 'S0' AND run_id = ?",
            (self.last(con),),
        ).fetchone()[0]

    def utilization(self, con):
        """Goodput of TCP1-3 over the segment rate of (S0,S1), as Z3."""
        goodput = sum(self.rates(con, "goodput_bps").values())
        return goodput / (self.cell_bps(con) / 424 / 12 * 4096)

    def main_drops(self, con):
        """Cells of TCP1-3 dropped in the latest run, per TCP that lost any."""
        return dict(
            con.execute(
                "SELECT vc, SUM(cells) FROM vc_drops WHERE vc IN (?, ?, ?) "
                "AND run_id = ? GROUP BY vc",
                (*self.MAIN, self.last(con)),
            )
        )

    @staticmethod
    def last(con):
        """Both runs go to one database: the latest run's id."""
        return con.execute("SELECT MAX(run_id) FROM runs").fetchone()[0]

    def rates(self, con, column="throughput_bps / ideal_bps"):
        """Per-TCP values of the latest run, TCP1-3."""
        got = dict(
            con.execute(
                f"SELECT vc, {column} FROM vc_metrics " "WHERE grp = 'main' AND run_id = ?",
                (self.last(con),),
            )
        )
        self.assertEqual(sorted(got), self.MAIN)
        return got

    def test_zqfc_on_one_link_clears_the_hot_spot(self):
        none = self.run_scenario("zqfc-tcp-fig9-input.json", self.WINDOW)
        drops = self.main_drops(none)
        self.assertGreater(drops.get("tcp2", 0), 0, "EPD at S1's input buffer drops TCP2")
        self.assertGreater(drops.get("tcp3", 0), 0, "EPD at S1's input buffer drops TCP3")
        self.assertLess(self.utilization(none), 0.6)

        one = self.run_scenario(
            "zqfc-tcp-fig9-input.json",
            self.credit("zqfc", '{"LinkRtt":80,"N2":10}', 300) + self.WINDOW,
        )
        self.assertEqual(self.main_drops(one), {})
        self.assertGreater(self.utilization(one), 0.95)
        for vc, ratio in self.rates(one).items():
            self.assertAlmostEqual(ratio, 1, delta=0.05, msg=vc)

    def test_plain_qfc_on_link_rtt_input_buffer_is_the_hot_spot(self):
        con = self.run_scenario(
            "zqfc-tcp-fig9-input.json",
            self.credit("qfc", '{"BufAlloc":80,"N2":10}', 80) + self.WINDOW,
        )
        sixth = self.cell_bps(con) / 6
        for vc, bps in self.rates(con, "throughput_bps").items():
            self.assertAlmostEqual(bps / sixth, 1, delta=0.03, msg=vc)
        self.assertAlmostEqual(self.utilization(con), 0.5, delta=0.03)


class ScenarioFilesTest(Base):
    def test_every_scenario_file_is_valid_or_waits_for_a_scheme(self):
        schema = ax.SCENARIOS / "atm-scenario.schema.json"  # their JSON Schema: no scenario
        files = sorted(p for p in ax.SCENARIOS.glob("*.json") if p not in (ax.REGISTRY, schema))
        self.assertIn("gfc1.json", [f.name for f in files])
        for f in files:
            proc = subprocess.run(
                [str(self.bin), f"--scenario={f}", "--check"], capture_output=True, text=True
            )
            errors = [e for e in proc.stderr.splitlines() if e.startswith("error: ")]
            for e in errors:
                self.assertIn("not implemented in this version", e, f.name)
            self.assertEqual(proc.returncode, 1 if errors else 0, f.name)
            if f.stem.startswith("creditnet"):
                self.assertFalse(errors, "TCP and credit run from scenario files")
            if f.stem.startswith("zqfc"):
                self.assertFalse(errors, "QFC and ZQFC run from scenario files")
            if f.stem.startswith("hub"):
                self.assertFalse(errors, "the hub studies run from scenario files")
        registry = ax.load_registry()
        for row in registry["rows"]:
            for run in row.get("runs", {}).values():
                self.assertTrue((ax.SCENARIOS / run["scenario"]).exists(), row["id"])
            for name in row.get("scenarios", []):
                self.assertTrue((ax.SCENARIOS / name).exists(), row["id"])


class SweepTest(Base):
    def test_resume_runs_nothing_the_second_time(self):
        db = self.dir / "sweep.db"
        specs = self.specs()
        self.assertEqual(len(specs), 4)
        self.assertEqual(ax.run_all(specs, db, self.bin, jobs=2, quiet=True), 4)
        self.assertEqual(ax.run_all(specs, db, self.bin, jobs=2, quiet=True), 0)
        more = self.specs(runs=(1, 2, 3))
        self.assertEqual(ax.run_all(more, db, self.bin, jobs=2, quiet=True), 2)
        con = sqlite3.connect(db)
        self.assertEqual(con.execute("SELECT COUNT(*) FROM runs").fetchone()[0], 6)
        self.assertEqual(
            con.execute("SELECT COUNT(DISTINCT run_id) FROM vc_metrics").fetchone()[0], 6
        )

    def test_a_run_listed_twice_runs_once(self):
        # Rows of the registry may share a run: reproduce lists it once per row.
        db = self.dir / "sweep.db"
        specs = self.specs()
        self.assertEqual(ax.run_all(specs + specs[1:3], db, self.bin, jobs=2, quiet=True), 4)
        con = sqlite3.connect(db)
        self.assertEqual(con.execute("SELECT COUNT(*) FROM runs").fetchone()[0], 4)

    def test_export_merge_gives_the_same_per_vc_results(self):
        db = self.dir / "sweep.db"
        specs = self.specs()
        ax.run_all(specs, db, self.bin, jobs=2, quiet=True)
        out = self.dir / "campaign"
        self.assertEqual(ax.export(specs, out, self.bin), 4)
        lines = (out / "commands.txt").read_text().splitlines()
        self.assertEqual(len(lines), 4)
        self.assertIn("SLURM_ARRAY_TASK_ID", (out / "slurm-array.sh").read_text())
        for line in lines:  # what each array task does
            subprocess.run(line, shell=True, check=True)
        merged = self.dir / "merged.db"
        self.assertEqual(ax.merge(merged, sorted((out / "runs").glob("*.db"))), 4)
        self.assertEqual(ax.merge(merged, sorted((out / "runs").glob("*.db"))), 0)

        def per_vc(path):
            con = sqlite3.connect(path)
            return sorted(
                con.execute(
                    "SELECT r.key, v.* FROM vc_metrics v JOIN runs r USING (run_id)"
                ).fetchall()
            )

        strip = [row[:1] + row[2:] for row in per_vc(db)]  # without run_id
        self.assertEqual(strip, [row[:1] + row[2:] for row in per_vc(merged)])
        # Runs 1 and 2 differ (the on-off VC), so equality above is not trivial.
        con = sqlite3.connect(db)
        cells = con.execute(
            "SELECT window_cells FROM vc_metrics v JOIN runs r USING (run_id) "
            "WHERE vc = 'c' AND r.params LIKE '%pervc%' ORDER BY r.run"
        )
        a, b = [c for (c,) in cells]
        self.assertNotEqual(a, b)


class AllocatorTest(Base):
    """The simulation programs' allocator (ax.program_env): preloaded as
    asked, and the results the same with any."""

    def test_choice_of_allocator(self):
        base = {"PATH": "/usr/bin"}
        self.assertNotIn("LD_PRELOAD", ax.program_env("system", base))
        self.assertEqual(ax.program_env("system", base)["PATH"], "/usr/bin")
        for name, lib in (("tcmalloc", "tcmalloc_minimal"), ("jemalloc", "jemalloc")):
            found = ctypes.util.find_library(lib)
            self.assertEqual(ax.program_env(name, base).get("LD_PRELOAD"), found, name)
            self.assertEqual(
                ax.program_env(None, dict(base, ATM_MALLOC=name)).get("LD_PRELOAD"), found, name
            )
        tcmalloc = ctypes.util.find_library("tcmalloc_minimal")
        self.assertEqual(ax.program_env(None, base).get("LD_PRELOAD"), tcmalloc)
        self.assertNotIn("LD_PRELOAD", ax.program_env(None, dict(base, ATM_MALLOC="system")))
        # What the caller preloads (a leak checker) stays alone.
        mine = dict(base, LD_PRELOAD="x.so")
        self.assertEqual(ax.program_env("tcmalloc", mine)["LD_PRELOAD"], "x.so")
        lib_file = self.dir / "libmine.so"
        lib_file.write_bytes(b"")
        self.assertEqual(ax.program_env(str(lib_file), base)["LD_PRELOAD"], str(lib_file))
        with self.assertRaises(SystemExit) as cm:
            ax.program_env(str(self.dir / "none.so"), base)
        self.assertIn("none.so", str(cm.exception))
        self.assertIn("--malloc", str(cm.exception))

    def test_results_do_not_depend_on_the_allocator(self):
        # A TCP scenario: ns-3's TCP/IP allocates per packet.
        spec = ax.RunSpec(ax.SCENARIOS / "zqfc-tcp-fig4a.json", {"start": "0.1s", "stop": "0.3s"})

        def per_vc(malloc):
            db = self.dir / f"{malloc}.db"
            env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
            env["ATM_MALLOC"] = malloc
            with mock.patch.dict(os.environ, env, clear=True), mock.patch.object(
                ax.subprocess, "run", wraps=subprocess.run
            ) as run:
                self.assertEqual(ax.run_all([spec], db, self.bin, jobs=1, quiet=True), 1)
            # The run had the allocator asked for.
            lib = ax.ALLOCATORS.get(malloc)
            preload = run.call_args.kwargs["env"].get("LD_PRELOAD")
            self.assertEqual(preload, lib and ctypes.util.find_library(lib), malloc)
            con = sqlite3.connect(db)
            rows = con.execute("SELECT v.* FROM vc_metrics v ORDER BY vc").fetchall()
            events = con.execute("SELECT events FROM runs").fetchone()[0]
            goodput = con.execute("SELECT SUM(goodput_bps) FROM vc_metrics").fetchone()[0]
            return rows, events, goodput

        system = per_vc("system")
        self.assertGreater(system[2], 0, "the TCPs move data")
        tried = 0
        for name, lib in ax.ALLOCATORS.items():
            if ctypes.util.find_library(lib):
                self.assertEqual(system, per_vc(name), name)
                tried += 1
        if not tried:
            self.skipTest("no tcmalloc or jemalloc (utils/install-deps.sh installs tcmalloc)")


class FigureTest(Base):
    def test_group_bars_axes(self):
        db = self.dir / "fig.db"
        ax.run_all(self.specs(runs=(1,)), db, self.bin, jobs=2, quiet=True)
        con = sqlite3.connect(db)
        series = [(q, ax.select_runs(con, "tiny", {"queue": q})) for q in ("pervc", "fifo")]
        fig = ax.plot_group_bars(con, series, "tiny")
        axes = fig.axes[0]
        self.assertEqual(axes.get_xlabel(), "VC group")
        self.assertEqual(axes.get_ylabel(), "throughput per VC (Mb/s)")
        self.assertEqual([t.get_text() for t in axes.get_xticklabels()], ["G1", "G2", "G3"])
        self.assertEqual(len(axes.patches), 6, "3 groups x 2 queue discs")
        heights = [p.get_height() for p in axes.patches[:3]]  # per-VC round-robin
        self.assertAlmostEqual(heights[0], 4.0, delta=0.1)
        self.assertAlmostEqual(heights[1], 1.0, delta=0.05)
        self.assertEqual(len(axes.collections), 1, "one set of max-min marks")
        marks = axes.collections[0].get_segments()
        self.assertEqual([round(s[0][1], 3) for s in marks], [4.0, 1.0, 2.0], "max-min marks")
        self.assertEqual(
            [t.get_text() for t in axes.get_legend().get_texts()], ["max-min", "pervc", "fifo"]
        )
        paths = ax.save(fig, self.dir / "figs" / "bars")
        self.assertTrue(all(p.stat().st_size > 1000 for p in paths))
        self.assertEqual([p.suffix for p in paths], [".png", ".pdf"])

    def test_queue_timeseries_axes(self):
        db = self.dir / "fig.db"
        ax.run_all(self.specs(runs=(1,)), db, self.bin, jobs=2, quiet=True)
        con = sqlite3.connect(db)
        fig = ax.plot_timeseries(con, 1, "queue", ["S1->S2"])
        axes = fig.axes[0]
        self.assertEqual(axes.get_xlabel(), "time (ms)")
        self.assertEqual(axes.get_ylabel(), "queue length (cells)")
        x, y = axes.lines[0].get_data()
        self.assertEqual(len(x), 35)
        self.assertLessEqual(max(y), 100, "never above the buffer")

    def test_timeseries_range_and_limit_marks(self):
        db = self.dir / "fig.db"
        ax.run_all(self.specs(runs=(1,)), db, self.bin, jobs=2, quiet=True)
        con = sqlite3.connect(db)
        fig = ax.plot_timeseries(
            con,
            1,
            "queue",
            ["S1->S2"],
            "zoom",
            None,
            (0.010, 0.0145),
            [{"y": 100, "label": "allocation"}],
        )
        axes = fig.axes[0]
        x, _ = axes.lines[0].get_data()
        self.assertEqual(
            [round(v, 6) for v in x],
            [10.0, 11.0, 12.0, 13.0, 14.0],
            "only the samples in the range, in ms",
        )
        self.assertEqual(len(axes.lines), 2, "the series and one limit line")
        self.assertEqual(list(axes.lines[1].get_ydata()), [100, 100])
        self.assertEqual(
            [t.get_text() for t in axes.get_legend().get_texts()], ["S1->S2", "allocation"]
        )

    def test_credit_balance_timeseries_axes(self):
        """Crd_Bal of a VC under credit (BufAlloc 20) at both hops with
        credit: one line per hop, every sample between 0 and Buf_Alloc, the
        greedy VC's balance at the trunk drained below it."""
        tiny = dict(
            TINY,
            linkDefaults=dict(
                TINY["linkDefaults"],
                flowControl={"type": "credit", "attributes": {"BufAlloc": 20, "N2": 5}},
            ),
            timeSeries={"interval": "1ms", "credit": ["a"]},
        )
        self.scenario.write_text(json.dumps(tiny))
        db = self.dir / "credit.db"
        ax.run_all([ax.RunSpec(self.scenario)], db, self.bin, jobs=1, quiet=True)
        con = sqlite3.connect(db)
        objects = [
            o
            for (o,) in con.execute(
                "SELECT DISTINCT object FROM timeseries " "WHERE series = 'credit' ORDER BY object"
            )
        ]
        self.assertEqual(objects, ["a@S1->S2", "a@S2->h2", "a@h1->S1"])
        fig = ax.plot_timeseries(
            con, 1, "credit", objects, "Crd_Bal", hlines=[{"y": 20, "label": "Buf_Alloc"}]
        )
        axes = fig.axes[0]
        self.assertEqual(axes.get_xlabel(), "time (ms)")
        self.assertEqual(axes.get_ylabel(), "Crd_Bal (cells)")
        self.assertEqual(len(axes.lines), 4, "three hops and the allocation")
        for line in axes.lines[:3]:
            x, y = line.get_data()
            self.assertEqual(len(x), 35, "a sample every ms from 0 to 34 ms")
            self.assertGreaterEqual(min(y), 0)
            self.assertLessEqual(max(y), 20)
        _, trunk = axes.lines[0].get_data()
        self.assertLess(min(trunk[5:]), 20, "the greedy VC uses its credit at the 5 Mb/s trunk")

    def test_bars_with_published_marks(self):
        db = self.dir / "bars.db"
        ax.run_all(self.specs(runs=(1,)), db, self.bin, jobs=2, quiet=True)
        con = sqlite3.connect(db)
        sql = (
            "SELECT SUM(throughput_bps) / 1e6 FROM vc_metrics WHERE vc IN ('a', 'b') "
            "AND run_id = %d"
        )
        fig = ax.plot_bars(
            con,
            [
                {"label": "run 1", "sql": sql % 1, "published": 5.0},
                {"label": "run 2", "sql": sql % 2},
            ],
            "trunk",
            "Mb/s",
            {"y": 5.0, "label": "trunk rate"},
        )
        axes = fig.axes[0]
        self.assertEqual(axes.get_ylabel(), "Mb/s")
        self.assertEqual([t.get_text() for t in axes.get_xticklabels()], ["run 1", "run 2"])
        heights = [p.get_height() for p in axes.patches]
        self.assertEqual(len(heights), 2)
        self.assertAlmostEqual(heights[0], 5.0, delta=0.1, msg="the trunk is full")
        marks = axes.collections[0].get_segments()
        self.assertEqual(len(marks), 1, "a published mark only where there is a value")
        self.assertEqual(round(marks[0][0][1], 6), 5.0)
        self.assertEqual(list(axes.lines[0].get_ydata()), [5.0, 5.0], "the trunk rate line")

    def test_csv_series_axes(self):
        path = self.dir / "occupancy.csv"
        path.write_text("time_s,cells\n0.0010,90\n0.0011,95\n0.0012,89\n")
        fig = ax.plot_csv_series(path, "Fig. 16", "switch buffer (cells)")
        axes = fig.axes[0]
        self.assertEqual(axes.get_xlabel(), "time (ms)")
        self.assertEqual(axes.get_ylabel(), "switch buffer (cells)")
        x, y = axes.lines[0].get_data()
        self.assertEqual([round(v, 6) for v in x], [1.0, 1.1, 1.2])
        self.assertEqual(list(y), [90, 95, 89])

    def test_xy_axes(self):
        db = self.dir / "xy.db"
        specs = ax.expand(self.scenario, grid={"buffer": [20, 50, 100]}, runs=[1])
        ax.run_all(specs, db, self.bin, jobs=2, quiet=True)
        con = sqlite3.connect(db)
        fig = ax.plot_xy(
            con,
            ax.select_runs(con, "tiny"),
            "buffer",
            "SELECT queue_max FROM link_metrics WHERE run_id = ? "
            "AND from_node = 'S1' AND to_node = 'S2'",
            "buffer (cells)",
            "largest trunk queue (cells)",
        )
        axes = fig.axes[0]
        self.assertEqual(axes.get_xlabel(), "buffer (cells)")
        self.assertEqual(axes.get_ylabel(), "largest trunk queue (cells)")
        x, y = axes.lines[0].get_data()
        self.assertEqual(list(x), [20, 50, 100])
        self.assertTrue(all(q <= b for q, b in zip(y, x)), "a queue never exceeds its buffer")
        self.assertGreater(y[-1], y[0])


class CampaignPlotTest(Base):
    """plot draws the run it is told to, and says which; group bars show
    the spread over runs; a sweep warns of runs that cannot differ."""

    def sweep(self, runs=(1, 2)):
        db = self.dir / "c.db"
        ax.run_all(self.specs(runs=runs), db, self.bin, jobs=2, quiet=True)
        return db

    def test_per_run_plot_draws_the_one_run_chosen(self):
        db = self.sweep()
        out = self.dir / "q"
        with self.assertRaises(SystemExit) as e:
            ax.main(["plot", str(db), "--kind", "queue", "--out", str(out)])
        self.assertIn("this figure draws one run, and 4 match", str(e.exception))
        self.assertIn('tiny {"buffer":100,"queue":"fifo"} seed 1 run 2', str(e.exception))
        self.assertFalse(out.with_suffix(".png").exists(), "nothing drawn")
        argv = ["plot", str(db), "--kind", "queue", "--params", "queue=fifo", "--run", "2"]
        self.assertEqual(ax.main(argv + ["--out", str(out)]), 0)
        self.assertTrue(out.with_suffix(".png").stat().st_size > 1000)
        con = sqlite3.connect(db)
        rid = ax.select_one_run(con, "tiny", {"queue": "fifo"}, None, 2)
        self.assertEqual(
            con.execute("SELECT params, run FROM runs WHERE run_id = ?", (rid,)).fetchone(),
            ('{"buffer":100,"queue":"fifo"}', 2),
        )
        # Its title says which run; its line is that run's, not the first's.
        fig = ax.plot_timeseries(con, rid, "queue", ["S1->S2"], ax.run_label(con, rid))
        self.assertEqual(fig.axes[0].get_title(), 'tiny {"buffer":100,"queue":"fifo"} seed 1 run 2')
        drawn = list(fig.axes[0].lines[0].get_data()[1])
        stored = [
            v
            for (v,) in con.execute(
                "SELECT value FROM timeseries WHERE run_id = ? AND series = 'queue' "
                "AND object = 'S1->S2' ORDER BY t_s",
                (rid,),
            )
        ]
        self.assertEqual(drawn, stored)
        ax._pyplot().close(fig)
        with self.assertRaises(SystemExit) as e:
            ax.main(argv + ["--kind", "acr", "--out", str(out)])
        self.assertIn("recorded no acr series", str(e.exception))

    def test_acr_kind_draws_every_recorded_source(self):
        self.run_scenario("gfc1-abr.json", "start=0.001s,stop=0.01s,end=0.01s")
        db = self.dir / "gfc1-abr.json.db"
        out = self.dir / "acr"
        self.assertEqual(ax.main(["plot", str(db), "--kind", "acr", "--out", str(out)]), 0)
        self.assertTrue(out.with_suffix(".png").stat().st_size > 1000)
        con = sqlite3.connect(db)
        fig = ax.plot_timeseries(con, 1, "acr", ["A1", "F1"], ax.run_label(con, 1))
        self.assertEqual(fig.axes[0].get_ylabel(), "ACR (cells/s)")
        self.assertEqual([l.get_label() for l in fig.axes[0].lines], ["A1", "F1"])
        self.assertEqual(len(fig.axes[0].lines[0].get_data()[0]), 10, "1 ms samples over 10 ms")
        ax._pyplot().close(fig)

    def test_group_bars_error_bars_are_the_spread_over_runs(self):
        db = self.sweep(runs=(1, 2, 3))
        con = sqlite3.connect(db)
        ids = ax.select_runs(con, "tiny", {"queue": "pervc"})
        self.assertEqual(len(ids), 3)
        fig = ax.plot_group_bars(con, [("pervc", ids)], "tiny")
        axes = fig.axes[0]
        self.assertIn("mean of up to 3 runs, error bars 1 s.d.", axes.get_title())
        errorbars = [c for c in axes.containers if type(c).__name__ == "ErrorbarContainer"]
        self.assertEqual(len(errorbars), 1, "error bars drawn")
        # G3 (the on-off VC) differs between runs: its error bar is the
        # sample standard deviation of its three per-run rates.
        g3 = [
            t / 1e6
            for (t,) in con.execute(
                f"SELECT throughput_bps FROM vc_metrics WHERE vc = 'c' AND run_id IN "
                f"({','.join(map(str, ids))}) ORDER BY run_id"
            )
        ]
        segments = errorbars[0].lines[2][0].get_segments()
        low, high = segments[2][0][1], segments[2][1][1]
        self.assertGreater(high - low, 0)
        self.assertAlmostEqual((high - low) / 2, ax.statistics.stdev(g3), places=9)
        self.assertAlmostEqual((high + low) / 2, sum(g3) / 3, places=9)
        ax._pyplot().close(fig)
        one = ax.plot_group_bars(con, [("pervc", ids[:1])], "tiny")
        self.assertEqual(
            [type(c).__name__ for c in one.axes[0].containers],
            ["BarContainer"],
            "one run: no error bar",
        )
        ax._pyplot().close(one)

    def test_sweep_warns_when_the_runs_cannot_differ(self):
        db = self.sweep()
        con = sqlite3.connect(db)
        self.assertEqual(ax.identical_sets(con), [], "the on-off VC makes runs differ")
        fixed = json.loads(json.dumps(TINY))
        fixed["name"] = "fixed"
        fixed["vcs"][2]["traffic"] = {"type": "greedy"}  # nothing random left
        path = self.dir / "fixed.json"
        path.write_text(json.dumps(fixed))
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            ax.main(
                ["--binary", str(self.bin), "sweep", str(path), "--runs", "1-2", "--db", str(db)]
            )
        fixed_set = '{"buffer":100,"queue":"pervc"}'
        self.assertEqual(ax.identical_sets(con), [("fixed", fixed_set, 2)])
        self.assertIn(
            f"warning: the 2 runs of fixed {fixed_set} gave identical results", err.getvalue()
        )


class TcpScenarioTest(Base):
    def test_credit_row_on_a_tcp_scenario(self):
        """A K2/K3-like row over a small TCP network (h1 -10- S -5 Mb/s- h2):
        with credit nothing is lost or retransmitted and the occupancy stays
        within the allocation; without, cells are lost and TCP retransmits."""
        tcp = {
            "name": "tcp",
            "parameters": {"fc": {"type": "credit", "attributes": {"BufAlloc": 40}}},
            "hosts": ["h1", "h2"],
            "switches": ["S"],
            "linkDefaults": {
                "rate": "10Mbps",
                "sonet": False,
                "delay": "10us",
                "flowControl": "${fc}",
                "queue": {
                    "type": "pervc",
                    "attributes": {"BufferManagement": "StaticPartition", "VcLimit": 40},
                },
            },
            "links": [{"from": "h1", "to": "S"}, {"from": "S", "to": "h2", "rate": "5Mbps"}],
            "vcs": [
                {
                    "name": "t",
                    "path": ["h1", "S", "h2"],
                    "traffic": {"type": "tcp", "mss": 1460, "window": 16384},
                }
            ],
            "measurement": {"start": "0s", "stop": "3s"},
            "timeSeries": {"interval": "1ms", "queue": ["S-h2"]},
        }
        self.scenario.write_text(json.dumps(tcp))
        runs = {
            "credit": {"scenario": str(self.scenario), "params": {}},
            "none": {"scenario": str(self.scenario), "params": {"fc": {"type": "none"}}},
        }
        row = {
            "id": "T2",
            "section": "paper",
            "source": "test",
            "configuration": "tcp",
            "runs": runs,
            "modes": {"quick": {"runs": [1]}},
            "checks": [
                {
                    "label": "credit: no loss",
                    "published": 0,
                    "tolerance": {"abs": 0},
                    "sql": "SELECT SUM(cells_dropped) FROM link_metrics "
                    "WHERE run_id IN ({runs:credit})",
                },
                {
                    "label": "credit: no retransmission",
                    "published": 0,
                    "tolerance": {"abs": 0},
                    "sql": "SELECT SUM(tcp_retx) FROM vc_metrics WHERE run_id IN ({runs:credit})",
                },
                {
                    "label": "credit: occupancy within the allocation",
                    "published": 40,
                    "tolerance": {"max": 40},
                    "sql": "SELECT MAX(value) FROM timeseries WHERE run_id IN ({runs:credit}) "
                    "AND object = 'S->h2'",
                },
                {
                    "label": "credit: overhead measured",
                    "published": None,
                    "tolerance": {"min": 1e-6, "max": 0.5},
                    "sql": "SELECT MIN(credit_overhead) FROM link_metrics "
                    "WHERE run_id IN ({runs:credit})",
                },
                {
                    "label": "none: TCP retransmits",
                    "published": None,
                    "tolerance": {"min": 1},
                    "sql": "SELECT SUM(tcp_retx) FROM vc_metrics WHERE run_id IN ({runs:none})",
                },
                {
                    "label": "none: no credit overhead",
                    "published": 0,
                    "tolerance": {"abs": 0},
                    "sql": "SELECT COUNT(credit_overhead) FROM link_metrics "
                    "WHERE run_id IN ({runs:none})",
                },
                {
                    "label": "goodput with credit above goodput without",
                    "published": None,
                    "tolerance": {"min": 0},
                    "sql": "SELECT (SELECT goodput_bps FROM vc_metrics WHERE run_id IN "
                    "({runs:credit})) - (SELECT goodput_bps FROM vc_metrics "
                    "WHERE run_id IN ({runs:none}))",
                },
            ],
            "figures": [
                {
                    "name": "occupancy",
                    "kind": "timeseries",
                    "run": "credit",
                    "series": "queue",
                    "objects": ["S->h2"],
                    "hlines": [{"y": 40, "label": "Buf_Alloc"}],
                },
                {
                    "name": "goodput",
                    "kind": "bars",
                    "ylabel": "MB/s",
                    "bars": [
                        {
                            "label": "credit",
                            "published": 0.6,
                            "sql": "SELECT goodput_bps / 8e6 FROM vc_metrics "
                            "WHERE run_id IN ({runs:credit})",
                        },
                        {
                            "label": "none",
                            "sql": "SELECT goodput_bps / 8e6 FROM vc_metrics "
                            "WHERE run_id IN ({runs:none})",
                        },
                    ],
                },
            ],
        }
        text, failed = ax.reproduce(
            self.dir / "out", "quick", self.bin, 2, {"rows": [row]}, quiet=True
        )
        self.assertEqual(failed, 0, text)
        for name in ("T2-occupancy.png", "T2-goodput.pdf"):
            self.assertTrue((self.dir / "out" / "figures" / name).exists(), name)

    def test_goodput_series_and_figure(self):
        """The goodput time series of a tcp VC (Kung-Wang Fig. 8): one sample
        per interval, each the payload delivered in the interval before it;
        over the window they add up to the window's goodput; the figure
        draws them against time in ms; only tcp VCs may be sampled."""
        tcp = {
            "name": "tcpseries",
            "hosts": ["h1", "h2"],
            "switches": ["S"],
            "linkDefaults": {"rate": "10Mbps", "sonet": False, "delay": "10us"},
            "links": [{"from": "h1", "to": "S"}, {"from": "S", "to": "h2", "rate": "5Mbps"}],
            "vcs": [
                {
                    "name": "t",
                    "path": ["h1", "S", "h2"],
                    "traffic": {"type": "tcp", "mss": 1460, "window": 16384},
                }
            ],
            "measurement": {"start": "0.5s", "stop": "1.5s", "end": "2s"},
            "timeSeries": {"interval": "100ms", "goodput": ["t"]},
        }
        self.scenario.write_text(json.dumps(tcp))
        db = self.dir / "goodput.db"
        ax.run_all([ax.RunSpec(self.scenario)], db, self.bin, 1, quiet=True)
        con = ax.connect(db)
        pts = con.execute(
            "SELECT t_s, value FROM timeseries WHERE series = 'goodput' "
            "AND object = 't' ORDER BY t_s"
        ).fetchall()
        self.assertEqual([round(t, 6) for t, _ in pts], [round(0.1 * k, 6) for k in range(20)])
        self.assertEqual(pts[0][1], 0.0, "nothing delivered before time 0")
        window = sum(v * 0.1 for t, v in pts if 0.5 < t <= 1.5 + 1e-9)
        (goodput,) = con.execute("SELECT goodput_bps FROM vc_metrics").fetchone()
        self.assertGreater(goodput, 1e6)
        self.assertAlmostEqual(window / 1.0, goodput, delta=0.01 * goodput)
        fig = ax.plot_timeseries(con, 1, "goodput", ["t"])
        axes = fig.axes[0]
        self.assertEqual(axes.get_ylabel(), "TCP goodput (bit/s)")
        x, y = axes.lines[0].get_data()
        self.assertEqual(len(x), 20)
        self.assertAlmostEqual(x[-1], 1900.0)
        self.assertEqual(list(y), [v for _, v in pts])
        ax._pyplot().close(fig)
        bad = dict(
            tcp,
            vcs=tcp["vcs"]
            + [{"name": "g", "path": ["h1", "S", "h2"], "traffic": {"type": "greedy"}}],
            timeSeries={"interval": "100ms", "goodput": ["g"]},
        )
        self.scenario.write_text(json.dumps(bad))
        proc = subprocess.run(
            [str(self.bin), f"--scenario={self.scenario}"], capture_output=True, text=True
        )
        self.assertEqual(proc.returncode, 1)
        self.assertIn('timeSeries.goodput[0]: no tcp VC named "g"', proc.stderr + proc.stdout)


class ReportTest(Base):
    def registry(self, tolerance):
        return {
            "rows": [
                {
                    "id": "X1",
                    "section": "paper",
                    "source": "Nobody 1999",
                    "configuration": "none",
                    "published_text": "42",
                    "needs": "a time machine",
                },
                {
                    "id": "T1",
                    "section": "paper",
                    "source": "test",
                    "configuration": "tiny",
                    "runs": {"pervc": {"scenario": str(self.scenario), "params": {}}},
                    "modes": {"quick": {"runs": [1]}},
                    "checks": [
                        {
                            "label": "CBR VC at its rate",
                            "published": 1.0,
                            "tolerance": {"rel": 0.05},
                            "sql": "SELECT AVG(ratio) FROM vc_metrics WHERE vc = 'b' "
                            "AND run_id IN ({runs:pervc})",
                        },
                        {
                            "label": "deliberately broken",
                            "published": 1.0,
                            "tolerance": tolerance,
                            "difference": "Broken on purpose.",
                            "sql": "SELECT AVG(ratio) FROM vc_metrics WHERE vc = 'b' "
                            "AND run_id IN ({runs:pervc})",
                        },
                    ],
                    "figures": [{"name": "bars", "kind": "group-bars", "runs": ["pervc"]}],
                },
            ]
        }

    def test_broken_tolerance_is_a_failure(self):
        text, failed = ax.reproduce(
            self.dir / "out", "quick", self.bin, 2, self.registry({"min": 1.5}), quiet=True
        )
        self.assertEqual(failed, 1)
        lines = {
            line.split("|")[4].strip(): line
            for line in text.split("## Published results", 1)[1].splitlines()
            if line.startswith("| T1")
        }
        self.assertTrue(lines["CBR VC at its rate"].rstrip().endswith("| pass |"))
        self.assertTrue(lines["deliberately broken"].rstrip().endswith("| **FAIL** |"))
        # The failed check, and only it, is listed again with its difference.
        why = text.split("## Failed checks and why", 1)[1]
        self.assertRegex(
            why,
            r"- \*\*T1\*\* deliberately broken: ours 1(\.0\d*)?, published 1\. "
            r"Broken on purpose\.",
        )
        self.assertNotIn("CBR VC at its rate", why)
        self.assertIn("not implemented (needs a time machine)", text)
        # The summary opens the report: each row's checks passed, and which failed.
        summary = text.split("## Summary", 1)[1].split("## Published results", 1)[0]
        self.assertIn("| X1 | Nobody 1999 | not implemented (needs a time machine) | |", summary)
        self.assertIn("| T1 | test | 1 of 2 | deliberately broken |", summary)
        self.assertEqual((self.dir / "out" / "report.md").read_text(), text)
        self.assertTrue((self.dir / "out" / "figures" / "T1-bars.pdf").exists())

    def test_report_per_group_and_per_vc(self):
        db = self.dir / "r.db"
        ax.run_all(self.specs(runs=(1,)), db, self.bin, jobs=2, quiet=True)
        text = ax.report_text(db)
        self.assertIn('tiny {"buffer":100,"queue":"pervc"} (1 run(s))', text)
        self.assertEqual(text.count("Jain's fairness index"), 2, "pervc and fifo")
        self.assertRegex(text, r"G2\s+1\.00\s+1\.0\d\s+1\.0\d\d")
        per_vc = ax.report_text(db, per_vc=True)
        self.assertRegex(per_vc, r"\n  a\s+4\.00\s+")

    def test_example_row_runs_once_and_checks_its_values(self):
        # A stand-in for atm-zqfc / atm-bus-hub beside the binary: it prints
        # key=value words and counts its own runs.
        bindir = self.dir / "bin"
        bindir.mkdir()
        count = self.dir / "count"
        fake = bindir / "fake-example"
        fake.write_text(
            "#!/bin/sh\necho x >> " + str(count) + "\n"
            "echo 'study=c2 a.loss=0 a.rate=0.5 word'\necho 'b.link=1.0000'\n"
        )
        fake.chmod(0o755)
        registry = {
            "rows": [
                {
                    "id": "E1",
                    "section": "paper",
                    "source": "test",
                    "configuration": "fake",
                    "published_text": "",
                    # Two invocations: their outputs are read together.
                    "example": {
                        "program": "fake-example",
                        "args": {"quick": [["--one"], ["--two"]]},
                    },
                    "checks": [
                        {
                            "label": "no loss",
                            "key": "a.loss",
                            "published": 0,
                            "tolerance": {"max": 0},
                        },
                        {
                            "label": "half",
                            "key": "a.rate",
                            "published": 0.5,
                            "tolerance": {"abs": 0.01},
                        },
                        {
                            "label": "broken",
                            "key": "b.link",
                            "published": 0.5,
                            "tolerance": {"abs": 0.01},
                        },
                        {
                            "label": "absent",
                            "key": "c.none",
                            "published": 1,
                            "tolerance": {"abs": 1},
                        },
                    ],
                    "figures": [
                        {
                            "name": "bars",
                            "bars": [
                                {"label": "a", "key": "a.rate", "published": 0.5},
                                {"label": "b", "key": "b.link"},
                            ],
                        }
                    ],
                }
            ]
        }
        out = self.dir / "out"
        text, failed = ax.reproduce(out, "quick", bindir / "atm-scenario", 1, registry, quiet=True)
        self.assertEqual(failed, 2, "the broken tolerance and the absent key fail")
        marks = {
            line.split("|")[4].strip(): line.rstrip().rsplit("|", 2)[1].strip()
            for line in text.split("## Published results", 1)[1].splitlines()
            if line.startswith("| E1")
        }
        self.assertEqual(
            marks, {"no loss": "pass", "half": "pass", "broken": "**FAIL**", "absent": "**FAIL**"}
        )
        summary = text.split("## Published results", 1)[0]
        self.assertIn("| E1 | test | 2 of 4 | broken; absent |", summary)
        con = sqlite3.connect(out / "atm.db")
        self.assertEqual(
            dict(con.execute("SELECT key, value FROM example_values")),
            {"a.loss": 0.0, "a.rate": 0.5, "b.link": 1.0},
        )
        self.assertTrue((out / "figures" / "E1-bars.png").exists())
        ax.reproduce(out, "quick", bindir / "atm-scenario", 1, registry, quiet=True)
        self.assertEqual(count.read_text(), "x\nx\n", "stored values are not run again")

    def test_example_bars_axes(self):
        fig = ax.plot_example_bars(
            {"k1": 0.25, "k2": 1.0},
            [{"label": "one", "key": "k1", "published": 0.5}, {"label": "two", "key": "k2"}],
            "t",
            "share",
        )
        ax1 = fig.axes[0]
        self.assertEqual([t.get_text() for t in ax1.get_xticklabels()], ["one", "two"])
        self.assertEqual([round(b.get_height(), 3) for b in ax1.patches], [0.25, 1.0])
        self.assertEqual(ax1.get_ylabel(), "share")
        self.assertEqual(len(ax1.collections[0].get_offsets()), 1, "one published mark")
        ax._pyplot().close(fig)

    def test_example_series_dir_and_trace_figure(self):
        # The program gets {traceDir} = <out>/series/<row>, writes its series
        # there, and the row's trace figure draws them panel by panel.
        bindir = self.dir / "bin"
        bindir.mkdir()
        fake = bindir / "fake-hub"
        fake.write_text(
            "#!/bin/sh\ndir=${1#--traceDir=}\n"
            "printf '0 fetch 0\\n1.5 control 1\\n2 fetch 1\\n3 control 0\\n"
            "4 fetch 2\\n' > $dir/f.txt\n"
            "printf '0 3\\n1 7\\n2 4\\n' > $dir/occ.txt\necho 'study=c3 v=1'\n"
        )
        fake.chmod(0o755)
        panels = [
            {
                "ylabel": "fetches",
                "lines": [{"file": "f.txt", "select": "fetch", "label": "fetch"}],
            },
            {
                "ylabel": "control",
                "ylim": [-0.1, 1.1],
                "lines": [{"file": "f.txt", "select": "control", "label": "on", "step": True}],
            },
            {
                "ylabel": "occupancy",
                "hlines": [{"y": 5, "label": "LTH"}],
                "lines": [{"file": "occ.txt", "label": "occ"}],
            },
        ]
        registry = {
            "rows": [
                {
                    "id": "E2",
                    "section": "paper",
                    "source": "test",
                    "configuration": "fake",
                    "example": {
                        "program": "fake-hub",
                        "args": {"quick": ["--traceDir={traceDir}"]},
                    },
                    "checks": [{"label": "v", "key": "v", "published": 1, "tolerance": {"abs": 0}}],
                    "figures": [{"name": "trace", "kind": "trace", "title": "t", "panels": panels}],
                }
            ]
        }
        out = self.dir / "out"
        _, failed = ax.reproduce(out, "quick", bindir / "atm-scenario", 1, registry, quiet=True)
        self.assertEqual(failed, 0)
        self.assertTrue((out / "series" / "E2" / "f.txt").exists())
        self.assertTrue((out / "figures" / "E2-trace.png").exists())
        fig = ax.plot_example_trace(out / "series" / "E2", {"panels": panels})
        a0, a1, a2 = fig.axes
        self.assertEqual(list(a0.lines[0].get_xdata()), [0.0, 2.0, 4.0])
        self.assertEqual(list(a0.lines[0].get_ydata()), [0.0, 1.0, 2.0])
        self.assertEqual(list(a1.lines[0].get_ydata()), [1.0, 0.0], "control rows only")
        self.assertEqual(a1.get_ylim(), (-0.1, 1.1))
        self.assertEqual(list(a2.lines[0].get_ydata()), [3.0, 7.0, 4.0])
        self.assertEqual(a2.lines[1].get_ydata()[0], 5, "the LTH mark")
        self.assertEqual(a2.get_xlabel(), "time (µs)")
        ax._pyplot().close(fig)
        self.assertIsNone(ax.plot_example_trace(self.dir, {"panels": panels}), "no files")

    def test_example_lines_axes(self):
        values = {"s=a/N=5/g": 40.0, "s=a/N=10/g": 50.0, "s=b/N=5/g": 100.0}
        fig = ax.plot_example_figure(
            values,
            {
                "kind": "lines",
                "n": [10, 5],
                "x": [50, 100],
                "xlabel": "rate",
                "ylabel": "%",
                "lines": [
                    {"label": "a", "key": "s=a/N={n}/g"},
                    {"label": "b", "key": "s=b/N={n}/g"},
                ],
                "published": [
                    {"label": "range", "x": [50, 100], "ymin": 25, "ymax": 45},
                    {"label": "point", "x": [50], "y": [100]},
                ],
            },
            None,
        )
        a = fig.axes[0]
        self.assertEqual(list(a.lines[0].get_ydata()), [50.0, 40.0])
        ys = list(a.lines[1].get_ydata())
        self.assertEqual(ys[1], 100.0)
        self.assertTrue(ys[0] != ys[0], "a missing value is a gap (NaN)")
        self.assertEqual(list(a.lines[2].get_xdata()), [50], "the published point")
        self.assertEqual(len(a.collections), 1, "the published range as a band")
        self.assertEqual((a.get_xlabel(), a.get_ylabel()), ("rate", "%"))
        ax._pyplot().close(fig)

    def test_tolerances(self):
        self.assertTrue(ax.check(1.04, 1.0, {"rel": 0.05}))
        self.assertFalse(ax.check(1.06, 1.0, {"rel": 0.05}))
        self.assertTrue(ax.check(0.0, 0, {"abs": 0}))
        self.assertFalse(ax.check(1, 0, {"abs": 0}))
        self.assertFalse(ax.check(0.5, None, {"min": 0.9}))
        self.assertTrue(ax.check(0.5, None, {"max": 0.9}))
        self.assertFalse(ax.check(None, 1.0, {"rel": 1}))


class CabTest(unittest.TestCase):
    """The CAB number (Kung and Wang, section 7.1) on hand-computed cases."""

    @staticmethod
    def fig9(s01_rate="155.52Mbps"):
        """Kung and Wang's Fig. 9: three VCs over (S0, S1), sharing their
        exit links at S1 with 5, 2 and 1 cross VCs."""
        links = [{"from": "S0", "to": "S1", "rate": s01_rate}]
        vcs = []
        for i, c in enumerate((5, 2, 1), 1):
            links += [{"from": f"h{i}", "to": "S0"}, {"from": "S1", "to": f"d{i}"}]
            vcs.append({"name": f"v{i}", "path": [f"h{i}", "S0", "S1", f"d{i}"]})
            for k in range(c):
                links.append({"from": f"x{i}{k}", "to": "S1"})
                vcs.append({"name": f"x{i}{k}", "path": [f"x{i}{k}", "S1", f"d{i}"]})
        return {"name": "fig9", "linkDefaults": {"rate": "155.52Mbps"}, "links": links, "vcs": vcs}

    def test_fig9_and_its_faster_and_slower_trunk(self):
        # 1/6 + 1/3 + 1/2 of a Link_BW = 1 link, over (S0, S1)'s bandwidth.
        self.assertAlmostEqual(ax.cab_number(self.fig9(), "S0", "S1"), 1.0, places=9)
        self.assertAlmostEqual(ax.cab_number(self.fig9("311.04Mbps"), "S0", "S1"), 0.5, places=9)
        self.assertAlmostEqual(ax.cab_number(self.fig9("19.44Mbps"), "S0", "S1"), 8.0, places=9)
        # The other direction carries no VC.
        self.assertEqual(ax.cab_number(self.fig9(), "S1", "S0"), 0.0)

    def test_lifted_link_and_limits(self):
        # Fig. 5: no downstream congestion, three VCs of 1 each: CAB 3,
        # although their max-min rates on the link itself are 1/3 each.
        sc = {
            "name": "fig5",
            "linkDefaults": {"rate": 1e6, "sonet": False},
            "links": [{"from": "S0", "to": "S1"}]
            + [{"from": f"h{i}", "to": "S0"} for i in range(3)]
            + [{"from": "S1", "to": f"d{i}"} for i in range(3)],
            "vcs": [{"name": f"v{i}", "path": [f"h{i}", "S0", "S1", f"d{i}"]} for i in range(3)],
        }
        self.assertAlmostEqual(ax.cab_number(sc, "S0", "S1"), 3.0, places=9)
        # A pcr of 100 kb/s (one tenth of the link's cells) caps one VC.
        sc["vcs"][0]["pcr"] = "100kbps"
        self.assertAlmostEqual(ax.cab_number(sc, "S0", "S1"), 2.1, places=9)
        with self.assertRaises(ValueError):
            ax.cab_number(sc, "S0", "d1")

    def test_max_min_water_filling(self):
        inf = float("inf")
        rates = ax.max_min([[1], [1, 2], [2]], {1: 1.0, 2: 1.0}, [0.1, inf, inf])
        self.assertEqual([round(r, 12) for r in rates], [0.1, 0.5, 0.5])
        self.assertEqual(ax.parse_rate("155.52Mbps"), 155.52e6)
        self.assertEqual(ax.parse_rate("2KBps"), 16e3)
        with self.assertRaises(ValueError):
            ax.parse_rate("3furlongs")


if __name__ == "__main__":
    unittest.main()
