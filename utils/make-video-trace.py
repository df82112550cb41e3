#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Write examples/traces/video-trace.txt, the synthetic video frame-size trace
that ns3::AtmTraceSource reads (one frame size in octets per line, '#'
comments).

usage: make-video-trace.py [--seed N] [--frames N] [--output PATH]

An MPEG-like stream at 25 frames/s in groups of pictures of 12 frames,
I B B P B B P B B P B B. Frame sizes are lognormal with a mean of 24 000
octets for I frames, 9 500 for P and 4 700 for B (a mean of 7 508 octets a
frame, 1.5 Mb/s) and a spread (sigma of the logarithm) of 0.15, 0.30 and
0.35; every size of one group is multiplied by the group's scene activity,
exp(Z - 0.25^2 / 2) with Z an AR(1) process over groups (coefficient 0.8,
standard deviation 0.25), so that busy and quiet scenes last a few seconds.
Sizes are rounded to whole octets, at least 64. Nothing here is measured
from a real video: the shape only follows the usual I > P > B pattern.

Deterministic: Python's random.Random(seed) (Mersenne Twister, gauss and
lognormvariate), the same file for the same seed on any Python 3. The
shipped file is the default: seed 47, 1000 frames (40 s).
"""

import argparse
import math
import os
import random

FRAME_RATE = 25
GOP = "IBBPBBPBBPBB"
MEAN = {"I": 24000, "P": 9500, "B": 4700}
SIGMA = {"I": 0.15, "P": 0.30, "B": 0.35}
SCENE_SIGMA = 0.25
SCENE_CORRELATION = 0.8
MIN_SIZE = 64


def frame_sizes(seed, frames):
    """The (type, size) of each frame."""
    rng = random.Random(seed)
    z = rng.gauss(0, SCENE_SIGMA)
    activity = 1.0
    out = []
    for n in range(frames):
        kind = GOP[n % len(GOP)]
        if n % len(GOP) == 0:
            if n > 0:
                z = SCENE_CORRELATION * z + math.sqrt(1 - SCENE_CORRELATION**2) * rng.gauss(
                    0, SCENE_SIGMA
                )
            activity = math.exp(z - SCENE_SIGMA**2 / 2)
        mu = math.log(MEAN[kind]) - SIGMA[kind] ** 2 / 2
        size = activity * rng.lognormvariate(mu, SIGMA[kind])
        out.append((kind, max(MIN_SIZE, int(round(size)))))
    return out


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=47)
    parser.add_argument("--frames", type=int, default=1000)
    parser.add_argument(
        "--output", default=os.path.join(root, "examples", "traces", "video-trace.txt")
    )
    args = parser.parse_args()

    sizes = frame_sizes(args.seed, args.frames)
    total = sum(s for _, s in sizes)
    seconds = args.frames / FRAME_RATE
    lines = [
        "# Synthetic MPEG-like video frame-size trace for ns3::AtmTraceSource:",
        "# one frame size in octets per line, at 25 frames/s (FrameRate = 25).",
        f"# Made by utils/make-video-trace.py --seed {args.seed} --frames {args.frames}",
        "# (see its docstring): GOP of 12 frames IBBPBBPBBPBB, lognormal sizes of",
        "# mean 24000 (I), 9500 (P) and 4700 (B) octets, sigma 0.15, 0.30, 0.35,",
        "# times a per-GOP scene activity (AR(1) lognormal, sigma 0.25, coefficient",
        "# 0.8). Not measured from a real video.",
    ]
    for kind in "IPB":
        of_kind = [s for k, s in sizes if k == kind]
        lines.append(
            f"# {kind} frames: {len(of_kind)}, mean {sum(of_kind) / len(of_kind):.0f} octets, "
            f"largest {max(of_kind)}"
        )
    lines.append(
        f"# {args.frames} frames, {seconds:g} s, {total} octets: "
        f"mean {total * 8 / seconds / 1e6:.3f} Mb/s"
    )
    lines += [str(s) for _, s in sizes]
    os.makedirs(os.path.dirname(os.path.abspath(args.output)), exist_ok=True)
    with open(args.output, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
