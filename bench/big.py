"""Big-board benchmark: the 2x5 and 3x4 complete, the 4x4 within a radius.

    python bench/big.py                 # nine, fifteen --radius 24
    python bench/big.py --eleven        # also the 3x4: ~240 million states, ~10 min, ~6 GB

For each build: seconds end to end (a fresh `puzzledb build` process into an empty file, from
process start to committed file), peak memory of that process, database bytes per state
(indexes included), and the path-query time on the built file. Never run in CI.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from puzzledb.db import queries
from puzzledb.db.connection import reader
from puzzledb.service.answers import Answers


def build(args: list[str], db: Path) -> tuple[float, float]:
    """(seconds, peak GB) of one `puzzledb build` process."""
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "puzzledb.service.cli", "build", *args, "--db", str(db), "-q"]
    )
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"build {args} failed with status {status}")
    return seconds, usage.ru_maxrss / 1024 / 1024


def path_micros(db: Path, name: str, rounds: int = 2000) -> tuple[float, int]:
    answers = Answers(reader(db))
    state = answers.farthest(name, limit=1)["states"][0]
    with answers.connection() as conn:
        _, found = answers.resolve(conn, name, None)
        queries.path(conn, found, state)
        start = time.perf_counter()
        for _ in range(rounds):
            steps, _ = queries.path(conn, found, state)
    return (time.perf_counter() - start) / rounds * 1e6, len(steps) - 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--eleven", action="store_true", help="also build the 3x4 (long)")
    parser.add_argument("--radius", type=int, default=24, help="radius of the 4x4 build")
    parser.add_argument("--dir", default=None, help="where to put the files (default: a temp dir)")
    args = parser.parse_args()
    work = Path(args.dir or tempfile.mkdtemp(prefix="puzzledb-big-"))
    work.mkdir(parents=True, exist_ok=True)
    jobs = [("nine", []), ("fifteen", ["--radius", str(args.radius)])]
    if args.eleven:
        jobs.append(("eleven", []))
    print(
        f"{'build':<22} {'states':>12} {'seconds':>8} {'peak GB':>8} {'bytes/state':>11} "
        f"{'path µs':>8} {'depth':>5}"
    )
    for name, extra in jobs:
        db = work / f"{name}.sqlite"
        for suffix in ("", "-wal", "-shm"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)
        seconds, peak = build([name, *extra], db)
        states = Answers(reader(db)).stats(name)["states"]
        micros, depth = path_micros(db, name)
        label = " ".join([name, *extra])
        print(
            f"{label:<22} {states:>12,} {seconds:>8.1f} {peak:>8.2f} "
            f"{db.stat().st_size / states:>11.1f} {micros:>8.1f} {depth:>5}",
            flush=True,
        )


if __name__ == "__main__":
    main()
