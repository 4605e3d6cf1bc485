"""Klotski benchmark: each metric's build, end to end, and the start's distance from the exit.

    python bench/klotski.py [--repeat 3]

Each of klotski, klotski-straight and klotski-finger is built by a fresh `puzzledb build NAME`
process into its own empty database (from process start to the committed file: best and
median of --repeat runs); then the start's path is asked for once. The target is under 10 s
each. Compare figures within one run: the machine is shared and noisy.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from puzzledb.db.connection import reader
from puzzledb.service.answers import Answers

from build import timed_build

NAMES = ["klotski", "klotski-straight", "klotski-finger"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="puzzledb-bench-"))
    print(f"{'puzzle':<17} {'states':>7} {'build s (best/median)':>22} {'start':>6}")
    for name in NAMES:
        db = work / f"{name}.sqlite"
        runs = [timed_build([name], db) for _ in range(args.repeat)]
        answers = Answers(reader(db))
        states = answers.stats(name)["states"]
        start = answers.path(name, "start")["depth"]
        print(
            f"{name:<17} {states:>7,} {min(runs):>10.3f} / {statistics.median(runs):<9.3f} "
            f"{start:>6}"
        )


if __name__ == "__main__":
    main()
