#! /usr/bin/env python3
#
# SPDX-License-Identifier: GPL-2.0-only
#
# Scenario files against their JSON Schema
# (examples/scenarios/atm-scenario.schema.json, which
# AtmScenario::GetJsonSchema() makes from the loader's declaration): the
# schema is the one the example prints (atm-scenario --print-schema) and a
# valid draft 2020-12 schema; every shipped scenario file (examples/scenarios,
# test/fuzz/corpus/scenario) validates against it with Python's jsonschema
# and loads (atm-scenario --check); and a set of broken files, made here from
# a valid base, is rejected by both the schema and the loader (the loader's
# first error naming the path expected), except those marked loader-only:
# what the schema cannot say (nodes, links and VCs that fit together,
# TypeIds and their attributes, parameters), which the schema must accept.
#
# Usage: atm-scenario-schema-check.py <source root> <atm-scenario example>
# Exit status 0 when every check passes.

import copy
import glob
import json
import os
import subprocess
import sys
import tempfile

import jsonschema

# A valid scenario (parameters in it): two switches, a 5 Mb/s trunk, a
# greedy and a CBR VC.
BASE = {
    "name": "two-switch",
    "seed": 1,
    "parameters": {"buffer": 100, "queue": "pervc"},
    "hosts": ["h1", "h2", "h3"],
    "switches": ["S1", "S2"],
    "linkDefaults": {"rate": "10Mbps", "sonet": False, "delay": "1us"},
    "links": [
        {"from": "h1", "to": "S1"},
        {"from": "h3", "to": "S1"},
        {
            "from": "S1",
            "to": "S2",
            "rate": "5Mbps",
            "buffer": "${buffer}",
            "queue": {"type": "${queue}"},
        },
        {"from": "S2", "to": "h2"},
    ],
    "vcs": [
        {"name": "a", "path": ["h1", "S1", "S2", "h2"], "traffic": {"type": "greedy"}},
        {
            "name": "b",
            "path": ["h3", "S1", "S2", "h2"],
            "traffic": {"type": "cbr", "attributes": {"Rate": "1Mbps"}},
        },
    ],
    "measurement": {"start": "0.01s", "stop": "0.06s"},
    "timeSeries": {"interval": "1ms", "queue": ["S1-S2"]},
}

# A valid hub study: a bus hub of 4 boards, its streams.
HUB = {
    "name": "hub",
    "hosts": [],
    "links": [],
    "vcs": [],
    "switches": [
        {"name": "H", "fabric": {"type": "bus-hub", "attributes": {"DrainRate": "200Mbps"}}}
    ],
    "hub": {
        "switch": "H",
        "boards": 4,
        "addressesPerBoard": 1,
        "flowControl": {"type": "physical"},
        "streams": [
            {"name": "a", "boards": [0, 1], "perBoard": 2, "rate": "400Mbps", "to": {"board": 3}},
            {"name": "u", "board": 2, "rate": "40Mbps", "to": "all"},
        ],
    },
    "measurement": {"start": "0.5ms", "stop": "3ms"},
}


# The JSON files beside the scenario files that are none.
NOT_SCENARIOS = ("atm-scenario.schema.json", "reproduce.json")


class Change:
    """A change to a scenario: the value at a path of keys and indices set, or removed."""

    def __init__(self, path, value=None, remove=False):
        self.path, self.value, self.remove = path, value, remove

    def apply(self, scenario):
        d = scenario
        for k in self.path[:-1]:
            d = d[k]
        if self.remove:
            d.pop(self.path[-1])
        else:
            d[self.path[-1]] = copy.deepcopy(self.value)

    def __str__(self):
        where = "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in self.path)[1:]
        return f"without {where}" if self.remove else f"{where} = {json.dumps(self.value)}"


def put(path, value):
    return Change(path, value)


def drop(path):
    return Change(path, remove=True)


VC0 = BASE["vcs"][0]
LINKS = BASE["links"]

# (the JSON path the loader's first error names, a change of BASE or of HUB)
BOTH = [
    ("colour", put(["colour"], 2)),
    ("links[0].speed", put(["links", 0, "speed"], 1)),
    ("(top level)", drop(["name"])),
    ("links[0]", drop(["links", 0, "from"])),
    ("seed", put(["seed"], "one")),
    ("seed", put(["seed"], 0)),
    ("links[2].buffer", put(["links", 2, "buffer"], 0)),
    ("links[2].buffer", put(["links", 2, "buffer"], 2.5)),
    ("linkDefaults.sonet", put(["linkDefaults", "sonet"], "no")),
    ("vcs[0].category", put(["vcs", 0, "category"], "XBR")),
    ("vcs[0].category", put(["vcs", 0, "category"], "GFR")),
    ("linkDefaults.delay", put(["linkDefaults", "delay"], "1 parsec")),
    ("measurement.start", put(["measurement", "start"], -1)),
    ("links[2].rate", put(["links", 2, "rate"], "fast")),
    ("links[2].rate", put(["links", 2, "rate"], "5 Mbps")),
    ("links[2].rate", put(["links", 2, "rate"], "0Mbps")),
    ("vcs[0].pcr", put(["vcs", 0, "pcr"], -5)),
    ("measurement", put(["measurement"], ["0s", "1s"])),
    ("vcs[0].traffic", put(["vcs", 0, "traffic"], "greedy")),
    ("links", put(["links"], {"from": "h1"})),
    ("links[2].queue.type", put(["links", 2, "queue", "type"], "lifo")),
    ("links[2].queue.attributes", put(["links", 2, "queue", "attributes"], 5)),
    (
        "links[2].queue.attributes.VcLimit",
        put(["links", 2, "queue", "attributes"], {"VcLimit": None}),
    ),
    ("vcs[0].path", put(["vcs", 0, "path"], ["h1"])),
    ("vcs[0].labels[0]", put(["vcs", 0, "labels"], [[0, 32, 1], [0, 33], [0, 34]])),
    ("vcs[0].labels[1][1]", put(["vcs", 0, "labels"], [[0, 32], [0, 5], [0, 40]])),
    ("vcs[0].traffic.window", put(["vcs", 0, "traffic"], {"type": "tcp", "window": 70000})),
    ("hosts[0]", put(["hosts", 0], "")),
    ("timeSeries.queue", put(["timeSeries", "queue"], "none")),
    ("links[2].inputBuffer", put(["links", 2, "inputBuffer"], "many")),
    ("links[2].inputBuffer.to", put(["links", 2, "inputBuffer"], {"to": {"epdThreshold": 5}})),
    ("hub.streams[1]", put(["hub", "streams", 1, "boards"], [2, 2])),
    ("hub.streams", put(["hub", "streams"], [])),
    ("hub.streams[1].to", put(["hub", "streams", 1, "to"], "everywhere")),
    ("hub.streams[0].to.step", put(["hub", "streams", 0, "to", "step"], 2)),
    ("hub.boards", put(["hub", "boards"], 0)),
    ("hub.flowControl.type", put(["hub", "flowControl", "type"], "turbo")),
]

# What only the loader can tell: nodes, links and VCs that fit together,
# TypeIds and their attributes, parameters; the schema accepts these.
LOADER_ONLY = [
    ("vcs[0].path[1]", put(["vcs", 0, "path"], ["h1", "S2", "h2"])),
    ("links[0].from", put(["links", 0, "from"], "hx")),
    ("vcs[1].name", put(["vcs", 1, "name"], "a")),
    ("links[4]", put(["links"], LINKS + [{"from": "S2", "to": "S1"}])),
    ("links[2].queue.attributes.Colour", put(["links", 2, "queue", "attributes"], {"Colour": 1})),
    ("links[2].queue.type", put(["links", 2, "queue", "type"], "ns3::AtmGreedySource")),
    ("vcs[0].mcr", put(["vcs", 0], dict(VC0, pcr="1Mbps", mcr="2Mbps"))),
    ("vcs[0]", put(["vcs", 0, "mcr"], "6Mbps")),
    ("measurement.stop", put(["measurement", "stop"], "0.001s")),
    ("vcs[0].traffic.mss", put(["vcs", 0, "traffic", "mss"], 512)),
    # a segment above the host ports' MTU (9180 by default)
    ("vcs[0].traffic.mss", put(["vcs", 0, "traffic"], {"type": "tcp", "mss": 9141})),
    ("links[2].flowControl", put(["links", 2, "flowControl"], {"type": "zqfc"})),
    ("links[2].queue.type", put(["links", 2, "queue", "type"], "${colour}")),
    ("hub.streams[1]", drop(["hub", "streams", 1, "rate"])),
    ("hub.streams[0].to", put(["hub", "streams", 0, "to"], {"board": 1, "step": 1})),
]


def load(example, path):
    """The loader on a file (atm-scenario --check): its exit status and errors."""
    r = subprocess.run([example, f"--scenario={path}", "--check"], capture_output=True, text=True)
    return r.returncode, [
        line[len("error: ") :] for line in r.stderr.splitlines() if line.startswith("error: ")
    ]


def main():
    root, example = sys.argv[1], sys.argv[2]
    failures = []
    schema_file = os.path.join(root, "examples", "scenarios", "atm-scenario.schema.json")
    with open(schema_file, encoding="utf-8") as f:
        text = f.read()
    printed = subprocess.run(
        [example, "--print-schema"], capture_output=True, text=True, check=True
    ).stdout
    if printed != text:
        failures.append(
            f"{schema_file} differs from atm-scenario --print-schema: regenerate it "
            f"({example} --print-schema > {schema_file})"
        )
    schema = json.loads(text)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())

    shipped = sorted(glob.glob(os.path.join(root, "examples", "scenarios", "*.json")))
    shipped += sorted(glob.glob(os.path.join(root, "test", "fuzz", "corpus", "scenario", "*.json")))
    # Not scenario files: the schema, and utils/atm_experiments.py's registry of runs.
    shipped = [f for f in shipped if os.path.basename(f) not in NOT_SCENARIOS]
    for f in shipped:
        with open(f, encoding="utf-8") as g:
            errors = [e.message for e in validator.iter_errors(json.load(g))]
        if errors:
            failures.append(f"{f}: the schema rejects it: {errors[0]}")
        rc, loaded = load(example, f)
        if rc != 0:
            failures.append(f"{f}: the loader rejects it: {loaded[:1]}")
    print(f"{len(shipped)} shipped scenario files: valid for the schema and the loader")

    with tempfile.TemporaryDirectory() as work:
        for base in (BASE, HUB):
            path = os.path.join(work, "base.json")
            with open(path, "w", encoding="utf-8") as g:
                json.dump(base, g)
            if not validator.is_valid(base) or load(example, path)[0] != 0:
                failures.append(f"the base scenario {base['name']} is not valid")
        cases = [(c, False) for c in BOTH] + [(c, True) for c in LOADER_ONLY]
        for (where, change), loader_only in cases:
            broken = copy.deepcopy(HUB if change.path[0] == "hub" else BASE)
            change.apply(broken)
            path = os.path.join(work, "bad.json")
            with open(path, "w", encoding="utf-8") as g:
                json.dump(broken, g)
            schema_rejects = not validator.is_valid(broken)
            rc, errors = load(example, path)
            first = errors[0][len(path) + 2 :] if errors else "(no error)"
            if rc == 0 or not errors:
                failures.append(f"{change}: the loader accepts it")
            elif not first.startswith(where + ": "):
                failures.append(f"{change}: the loader's first error is not at {where}: {first}")
            if schema_rejects == loader_only:
                verdict = "rejects" if schema_rejects else "accepts"
                failures.append(f"{change}: the schema {verdict} it (loader-only: {loader_only})")
            print(f"{'loader only' if loader_only else 'both':11} {change}: {first}")
    print(
        f"{len(BOTH) + len(LOADER_ONLY)} broken files: {len(BOTH)} rejected by the schema and the "
        f"loader, {len(LOADER_ONLY)} by the loader only"
    )

    for f in failures:
        print("FAIL:", f)
    print("atm-scenario-schema:", "FAILED" if failures else "passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
