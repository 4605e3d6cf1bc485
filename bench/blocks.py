"""Boards of blocks in the vectorised search: Klotski in its three metrics beside `eight`.

    python bench/blocks.py [--repeat 5]

For each of klotski, klotski-straight, klotski-finger and eight: the search alone, in this
process (db.build.search, goal positions listed included: what a build searches), and for the
Klotski boards the plain per-object search they took before (builder.search.plain) beside it;
then the build end to end, a fresh `puzzledb build NAME` process into an empty file (from
process start to the committed file), with its CPU seconds and peak memory. Every round runs
each puzzle once, alternating, and best and median of --repeat rounds are printed. Issue 32's
goal: each Klotski search at most 0.5 s; must: no Klotski build slower than eight's.
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
from puzzledb.builder.search.plain import breadth_first
from puzzledb.db.build import search

NAMES = ["klotski", "klotski-straight", "klotski-finger", "eight"]


def searched(name: str) -> float:
    puzzle = catalogue.get(name)
    start = time.perf_counter()
    search(puzzle, puzzle.default_goal)
    return time.perf_counter() - start


def searched_plain(name: str) -> float:
    puzzle = catalogue.get(name)
    start = time.perf_counter()
    breadth_first(puzzle, puzzle.default_goal, sources=puzzle.goal_positions(puzzle.default_goal))
    return time.perf_counter() - start


def built(name: str, db: Path) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, peak MB) of one `puzzledb build` process."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "puzzledb.service.cli", "build", name, "--db", str(db), "-q"]
    )
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"build {name} failed with status {status}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def best_median(values: list[float]) -> str:
    return f"{min(values):.3f} / {statistics.median(values):.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="puzzledb-bench-"))
    print(f"load average before: {' / '.join(f'{x:.2f}' for x in os.getloadavg())}")
    runs: dict[str, dict[str, list[float]]] = {
        name: {"search": [], "plain": [], "wall": [], "cpu": [], "mb": []} for name in NAMES
    }
    for name in NAMES:  # each puzzle made once, outside the timings
        catalogue.get(name)
    for _ in range(args.repeat):
        for name in NAMES:
            runs[name]["search"].append(searched(name))
            if name != "eight":
                runs[name]["plain"].append(searched_plain(name))
            wall, cpu, mb = built(name, work / f"{name}.sqlite")
            runs[name]["wall"].append(wall)
            runs[name]["cpu"].append(cpu)
            runs[name]["mb"].append(mb)
    print(f"load average after: {' / '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        f"{'puzzle':<17} {'search s':>15} {'plain search s':>15} {'build s':>15} "
        f"{'build CPU s':>15} {'peak MB':>8}"
    )
    for name in NAMES:
        r = runs[name]
        plain = best_median(r["plain"]) if r["plain"] else "-"
        print(
            f"{name:<17} {best_median(r['search']):>15} {plain:>15} {best_median(r['wall']):>15} "
            f"{best_median(r['cpu']):>15} {max(r['mb']):>8.0f}"
        )
    eight = statistics.median(runs["eight"]["wall"])
    slowest = max(statistics.median(runs[n]["wall"]) for n in NAMES if n != "eight")
    print(
        f"slowest Klotski build {slowest:.3f} s (median) against eight's {eight:.3f} s: "
        f"{'met' if slowest <= eight else 'NOT met'} (no slower than eight)"
    )


if __name__ == "__main__":
    main()
