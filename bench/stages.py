"""Where a build's time goes: the search, the rows, the copy of a second writer's half, the
depth index and the commit, for one puzzle built into an empty file; each stage's seconds and
its CPU (this process's and its children's: a second writer's).

    python bench/stages.py nine
    python bench/stages.py eleven      # ~10 min, ~5 GB, ~11 GB of disk beside the repository
    python bench/stages.py english-chain --radius 9 --dir /tmp   # a smaller build storing pred

Prints one line per stage with its seconds, then the total and the file's bytes per state.
Never run in CI.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from puzzledb.builder import catalogue
from puzzledb.builder.search.progress import Progress
from puzzledb.db.build import build_to


class StageClock(Progress):
    """Notes when each stage begins, and the CPU spent by then (`cpu`, beside `marks`); the
    search ends with its last layer."""

    def __init__(self):
        self.start = time.perf_counter()
        self.marks: list[tuple[str, float]] = [("search", self.start)]
        self.cpu: list[float] = [cpu_seconds()]
        self.rows_begun = False

    def layer(self, depth: int, states: int) -> None:
        self.last_layer = time.perf_counter()
        self.last_layer_cpu = cpu_seconds()

    def rows(self, written: int, total: int) -> None:
        if not self.rows_begun:  # the first chunk is stored: rows began at the search's end
            self.rows_begun = True
            self.marks.append(("rows", getattr(self, "last_layer", self.start)))
            self.cpu.append(getattr(self, "last_layer_cpu", self.cpu[0]))

    def stage(self, name: str) -> None:
        if name == "storing rows":  # the search (and what follows it) is over: rows begin
            self.rows_begun, name = True, "rows"
        self.marks.append((name, time.perf_counter()))
        self.cpu.append(cpu_seconds())

    def done(self) -> None:
        self.marks.append(("done", time.perf_counter()))
        self.cpu.append(cpu_seconds())


def cpu_seconds() -> float:
    """This process's CPU and its finished children's (a second writer, once waited for)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzle")
    parser.add_argument(
        "--dir",
        type=Path,
        default=Path(__file__).resolve().parent.parent,
        help="where the temporary database goes (default: the repository)",
    )
    parser.add_argument(
        "--radius", type=int, help="only the states within this many moves of the goal"
    )
    args = parser.parse_args()
    puzzle = catalogue.get(args.puzzle)
    with tempfile.TemporaryDirectory(dir=args.dir, prefix=".bench-") as folder:
        path = Path(folder) / "stages.sqlite"
        clock = StageClock()
        row = build_to(path, puzzle, puzzle.default_goal, progress=clock, radius=args.radius)
        size = path.stat().st_size
    print_stages(clock, row["states"], size)


def print_stages(clock: StageClock, states: int, size: int) -> None:
    """One line a stage with its seconds, then the total and the file's bytes a state."""
    for k, ((name, began), (_, ended)) in enumerate(zip(clock.marks, clock.marks[1:])):
        print(f"{name:24} {ended - began:9.2f} s {clock.cpu[k + 1] - clock.cpu[k]:9.2f} s CPU")
    print(
        f"{'total':24} {clock.marks[-1][1] - clock.start:9.2f} s  "
        f"({states:,} states, {size / states:.1f} bytes a state)"
    )


if __name__ == "__main__":
    main()
