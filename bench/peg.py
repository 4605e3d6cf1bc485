"""Peg solitaire on the English cross, built whole: time, peak memory, bytes a position, the
stages (as bench/stages.py prints them) and the published figures, asserted.

    python bench/peg.py                  # `english`, one jump a move: ~3 min, ~3.5 GB, 2.2 GB file
    python bench/peg.py english-chain    # one peg's chain of jumps a move (docs/performance.md)
    python bench/peg.py --dir /tmp       # where the temporary database goes

Figures asserted: 187,636,299 positions can finish with one peg in the centre; the start
(every hole but the centre) is 31 jumps away with exactly 40,861,647,040,079,968 winning jump
sequences; in the chain metric the same positions, the start 18 moves from the finish
(Bergholt 1912, proved shortest by Beasley). Never run in CI.
"""

from __future__ import annotations

import argparse
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.stages import StageClock, print_stages  # noqa: E402
from puzzledb.builder import catalogue  # noqa: E402
from puzzledb.db.build import build_to  # noqa: E402
from puzzledb.db.connection import reader  # noqa: E402
from puzzledb.service.answers import Answers  # noqa: E402

#: name -> (positions, the start's depth, its winning lines or None when not published)
FIGURES = {
    "english": (187_636_299, 31, 40_861_647_040_079_968),
    "english-chain": (187_636_299, 18, None),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("board", nargs="?", default="english", choices=sorted(FIGURES))
    parser.add_argument("--dir", type=Path, default=ROOT, help="where the database goes")
    args = parser.parse_args()
    puzzle = catalogue.get(args.board)
    print(f"load before: {subprocess.run(['uptime'], capture_output=True, text=True).stdout}")
    with tempfile.TemporaryDirectory(dir=args.dir, prefix=".bench-") as folder:
        path = Path(folder) / "peg.sqlite"
        clock = StageClock()
        start = time.perf_counter()
        row = build_to(path, puzzle, puzzle.default_goal, progress=clock)
        seconds = time.perf_counter() - start
        size = path.stat().st_size
        # through the answer layer, as a user asks (a build of classes finds the start's class)
        answer = Answers(reader(path)).path(args.board, "start")
        depth, solutions = answer["depth"], answer["solutions"]
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
            # where the bytes are: the node table and its depth index (reads every page)
            parts = conn.execute(
                "SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC LIMIT 2"
            ).fetchall()
    peak = max(
        resource.getrusage(who).ru_maxrss
        for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
    )
    print(f"load after: {subprocess.run(['uptime'], capture_output=True, text=True).stdout}")
    print_stages(clock, row["states"], size)
    if row.get("classes"):
        print(f"stored {row['classes']:,} classes of symmetric positions for {row['states']:,}")
    print(
        f"{args.board}: {seconds:.1f} s, peak {peak / 1024**2:.2f} GB (one process), "
        f"{size / row['states']:.1f} bytes a position, {size / 1e9:.2f} GB file; "
        f"start: depth {depth}, {int(solutions):,} winning lines"
    )
    for name, pages in parts:
        print(f"  {name}: {pages / row['states']:.1f} bytes a position")
    states, start_depth, lines = FIGURES[args.board]
    assert row["states"] == states, row["states"]
    assert depth == start_depth, depth
    assert lines is None or int(solutions) == lines, solutions


if __name__ == "__main__":
    main()
