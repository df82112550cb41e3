#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Drive the module's example programs with SEM (PyPI ``sem``, the ns-3
simulation execution manager) from a standalone build, without an ns-3
source tree.

SEM normally locks on an ns-3 tree: it runs ``./ns3 build`` there and reads
the build's list of runnable programs (``.lock-ns3_<platform>_build``,
``ns3_runnable_programs``) to find the script. A standalone build has
neither, so ``make_ns3_shim`` writes both into a small folder: an ``ns3``
whose ``build`` does nothing (the programs are already built) and a lock
file naming the built examples. SEM then runs them exactly as in a tree
(``--PrintHelp`` for the parameters, one working folder per run, stdout,
stderr and the files a run writes kept in its database). Inside an ns-3
tree, pass the tree instead and skip the shim.

Example (the campaign of doc/atm.rst, "Campaigns"):

    python3 -m venv /tmp/sem && /tmp/sem/bin/pip install sem
    /tmp/sem/bin/python utils/atm_sem.py --campaign /tmp/gfc-campaign \\
        --out /tmp/gfc-sem

Stdlib only, besides ``sem`` itself and matplotlib for the figure.
"""

import argparse
import csv
import io
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_BUILD = ROOT / "build" / "debian" / "examples"


def make_ns3_shim(folder, programs):
    """Write into folder what SEM reads of an ns-3 tree: an ``ns3`` whose
    build is a no-op and the build's list of runnable programs. Each program
    is listed as a wrapper that leaves out empty ``--name=`` arguments: SEM
    passes every parameter, an empty string for one whose ns-3 default is
    empty, and ns-3's CommandLine refuses an empty value. Returns the
    folder."""
    folder = Path(folder)
    (folder / "build").mkdir(parents=True, exist_ok=True)
    (folder / "ns3").write_text(
        "# SEM runs 'python3 ns3 build': the programs are already built.\n"
        "import sys\nsys.exit(0)\n"
    )
    wrappers = []
    for p in programs:
        w = folder / "build" / Path(p).name
        w.write_text(
            "#!/bin/sh\n"
            "# Leave out empty --name= arguments (ns-3's CommandLine refuses them).\n"
            'for a do shift; case "$a" in --*=) ;; *) set -- "$@" "$a" ;; esac; done\n'
            f"exec '{Path(p).resolve()}' \"$@\"\n"
        )
        w.chmod(0o755)
        wrappers.append(w)
    listed = ",\n".join(f"    {str(w.resolve())!r}" for w in wrappers)
    (folder / f".lock-ns3_{sys.platform}_build").write_text(
        f"ns3_runnable_programs = [\n{listed},\n]\n"
    )
    return folder


def group_ratios(result_csv):
    """measured / max-min per group of an atm-gfc --output CSV."""
    rows = list(csv.DictReader(io.StringIO(result_csv)))
    return {r["group"]: float(r["ratio"]) for r in rows}


def main(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--build",
        default=str(DEFAULT_BUILD),
        help="folder of the built examples (default: build/debian/examples)",
    )
    ap.add_argument("--campaign", required=True, help="SEM campaign folder")
    ap.add_argument("--out", required=True, help="folder of the figure (PNG, PDF)")
    ap.add_argument("--runs", type=int, default=3, help="RngRun values 1..N")
    ap.add_argument("--measure", type=float, default=0.2, help="atm-gfc --measure, s")
    args = ap.parse_args(argv)

    import sem  # noqa: E402 (only this command needs it)

    shim = make_ns3_shim(
        Path(args.campaign).with_name(Path(args.campaign).name + "-ns3"),
        [Path(args.build) / "atm-gfc"],
    )
    campaign = sem.CampaignManager.new(
        str(shim),
        "atm-gfc",
        args.campaign,
        runner_type="ParallelRunner",
        optimized=False,
        check_repo=False,
        skip_configuration=True,
    )
    space = {
        "queue": ["pervc", "fifo"],
        "buffers": ["partition"],
        "measure": [args.measure],
        "output": ["gfc.csv"],
        "RngRun": list(range(1, args.runs + 1)),
    }
    # SEM takes defaults from --PrintHelp, where ns-3 prints none for an
    # empty string, and would pass "None": give those their empty default.
    for name, default in campaign.db.get_params().items():
        if default is None and name not in space:
            space[name] = [""]
    campaign.run_missing_simulations(space)

    ratios = {}
    for queue in space["queue"]:
        for result in campaign.db.get_complete_results({"queue": queue}):
            for group, ratio in group_ratios(result["output"]["gfc.csv"]).items():
                ratios.setdefault(queue, {}).setdefault(group, []).append(ratio)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    groups = sorted(next(iter(ratios.values())))
    width = 0.8 / len(ratios)
    for k, (queue, by_group) in enumerate(sorted(ratios.items(), reverse=True)):
        means = [statistics.mean(by_group[g]) for g in groups]
        ax.bar(
            [i + k * width for i in range(len(groups))],
            means,
            width,
            label=f"{queue} ({len(by_group[groups[0]])} runs)",
        )
        print(queue, " ".join(f"{g}={m:.3f}" for g, m in zip(groups, means)))
    ax.axhline(1.0, color="black", linestyle="--", label="max-min")
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(groups))])
    ax.set_xticklabels(groups)
    ax.set_xlabel("GFC-1 group")
    ax.set_ylabel("measured / max-min")
    ax.set_title("SEM campaign over atm-gfc: no flow control, per-VC vs FIFO")
    ax.legend()
    fig.tight_layout()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for ext in ("png", "pdf"):
        fig.savefig(out / f"sem-gfc.{ext}")
    print(
        f"{len(list(campaign.db.get_complete_results()))} runs in {args.campaign}; "
        f"figure {out / 'sem-gfc.png'}"
    )


if __name__ == "__main__":
    main()
