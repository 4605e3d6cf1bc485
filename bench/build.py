"""Build benchmark: seconds end to end, database bytes per state, path-query microseconds.

    python bench/build.py [--repeat 5] [--puzzles cube2,skewb]

Each seed puzzle is built by a fresh `puzzledb build NAME` process into its own empty database
(timed from process start to the committed file: best and median of --repeat runs), then
all six together in one process (or, with --puzzles, each of those catalogue puzzles alone,
with its build's peak memory). Bytes per state is that puzzle's file size over its states.
Path queries are timed in-process through the query layer on the farthest state.
Compare figures within one run: the machine is shared and noisy. The big boards (nine,
eleven, fifteen) have their own benchmark, bench/big.py.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from puzzledb.builder import catalogue
from puzzledb.db import queries
from puzzledb.db.connection import reader
from puzzledb.service.answers import Answers

PUZZLEDB = [sys.executable, "-m", "puzzledb.service.cli"]


#: The peak memory of the last build timed_build ran, in bytes.
PEAK = [0]


def timed_build(args: list[str], db: Path) -> float:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    start = time.perf_counter()
    process = subprocess.Popen(PUZZLEDB + ["build", *args, "--db", str(db), "-q"])
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"build {args} exited {process.returncode}")
    PEAK[0] = usage.ru_maxrss * 1024  # kilobytes on Linux
    return seconds


def path_micros(db: Path, name: str, rounds: int = 2000) -> tuple[float, float, int]:
    """(query layer only, whole answer with parsing), microseconds per path; and its depth."""
    answers = Answers(reader(db))
    state = answers.farthest(name)["states"][0]
    with answers.connection() as conn:
        _, build = answers.resolve(conn, name, None)
        queries.path(conn, build, state)
        start = time.perf_counter()
        for _ in range(rounds):
            steps, _ = queries.path(conn, build, state)
        raw = (time.perf_counter() - start) / rounds * 1e6
    start = time.perf_counter()
    for _ in range(rounds // 4):
        answers.path(name, state)
    whole = (time.perf_counter() - start) / (rounds // 4) * 1e6
    return raw, whole, len(steps) - 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--puzzles", help="catalogue puzzles, comma-separated (default: seeds)")
    args = parser.parse_args()
    names = args.puzzles.split(",") if args.puzzles else list(catalogue.SEEDS)
    work = Path(tempfile.mkdtemp(prefix="puzzledb-bench-"))
    print(
        f"{'puzzle':<8} {'states':>8} {'build s (best/median)':>22} {'bytes/state':>12} "
        f"{'path µs (SQL/answer)':>21} {'depth':>5}"
    )
    for name in names:
        db = work / f"{name}.sqlite"
        runs = [timed_build([name], db) for _ in range(args.repeat)]
        peak = PEAK[0]
        states = Answers(reader(db)).stats(name)["states"]
        size = db.stat().st_size
        raw, whole, depth = path_micros(db, name)
        print(
            f"{name:<8} {states:>8,} {min(runs):>10.3f} / {statistics.median(runs):<9.3f} "
            f"{size / states:>12.1f} {raw:>10.1f} / {whole:<9.1f} {depth:>5}"
            + (f"  peak {peak / 1e9:.2f} GB" if args.puzzles else "")
        )
    if args.puzzles:
        return
    together = [timed_build(["--all"], work / "all.sqlite") for _ in range(args.repeat)]
    print(
        f"all six in one `puzzledb build --all`: best {min(together):.3f} s, "
        f"median {statistics.median(together):.3f} s"
    )
    startup = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        subprocess.run(PUZZLEDB + ["--help"], check=True, capture_output=True)
        startup.append(time.perf_counter() - start)
    print(f"process start and imports alone (`puzzledb --help`): best {min(startup):.3f} s")


if __name__ == "__main__":
    main()
