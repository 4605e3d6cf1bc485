"""Solution counts and targets: what they cost a build, and what `--to` costs a lookup.

    python bench/targets.py [--rounds 2000]

Prints, in one run:
- `build eight` and `build nine` (every build stores solution counts): seconds end to end (a
  fresh `puzzledb build` process into an empty file) and the file's bytes per state; the
  3x4 `eleven` takes ~10 minutes and is in bench/big.py --eleven;
- `build nine --all-goals` (three goals) end to end;
- `eight-multi`, complete under the multi-tile metric;
- the time of a path answer toward a target (`to=`, through a renaming and a mirror) against
  the plain path answer from the same state, in-process through the answer layer, alternated
  so the machine's noise falls on both alike.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from puzzledb.db.connection import reader
from puzzledb.service.answers import Answers

from build import timed_build  # bench/build.py: one `puzzledb build` process, timed


def per_answer(call, rounds: int) -> float:
    start = time.perf_counter()
    for _ in range(rounds):
        call()
    return (time.perf_counter() - start) / rounds * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="puzzledb-targets-"))

    print(f"{'build':<24} {'states':>10} {'seconds':>8} {'bytes/state':>11}")
    for name, extra in (("eight", []), ("nine", []), ("eight-multi", [])):
        db = work / f"{name}.sqlite"
        seconds = timed_build([name, *extra], db)
        states = Answers(reader(db)).stats(name)["states"]
        print(
            f"{' '.join([name, *extra]):<24} {states:>10,} {seconds:>8.2f} "
            f"{db.stat().st_size / states:>11.1f}",
            flush=True,
        )
    db = work / "nine-all.sqlite"
    seconds = timed_build(["nine", "--all-goals"], db)
    answers = Answers(reader(db))
    goals = [
        b["goal"]
        for p in answers.catalogue()["puzzles"]
        if p["name"] == "nine"
        for b in p["builds"]
    ]
    print(f"{'nine --all-goals':<24} {len(goals):>9} goals {seconds:>8.2f} s", flush=True)

    state = answers.farthest("nine", limit=1)["states"][0]
    target = "1234567089"  # the blank mid-bottom row: the mid-top build, mirrored, renamed
    plain = answers.path("nine", state)
    toward = answers.path("nine", state, to_text=target)
    plain_us, to_us = [], []
    for _ in range(5):
        plain_us.append(per_answer(lambda: answers.path("nine", state), args.rounds // 5))
        to_us.append(
            per_answer(lambda: answers.path("nine", state, to_text=target), args.rounds // 5)
        )
    plain_best, to_best = min(plain_us), min(to_us)
    print(
        f"path nine {state} ({plain['depth']} moves): {plain_best:.0f} µs; "
        f"--to {target} ({toward['depth']} moves): {to_best:.0f} µs, "
        f"{to_best / plain_best:.2f}x"
    )


if __name__ == "__main__":
    main()
