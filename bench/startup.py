"""How long a lookup takes from the user's command to its answer, against Python itself.

    python bench/startup.py [--repeat 15]

Builds eight and nine into a temporary file, then times, end to end as a script would call
them, `puzzledb path eight 867254301 --json`, `moves`, `stats`, `--help` and
`python -c "import sqlite3, click"` (the floor: an interpreter that loads what a lookup
needs), run alternately --repeat times each, and prints medians and each one's ratio to the
floor (target: path at most 2x). Then `puzzledb build eight` end to end into a new file, and
a deep page of nine's largest depth by offset and by key (in-process, the query alone).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PUZZLEDB = str(Path(sys.executable).with_name("puzzledb"))
TARGET_RATIO = 2.0


def seconds(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="puzzledb-startup-") as tmp:
        db = str(Path(tmp) / "lookups.sqlite")
        subprocess.run([PUZZLEDB, "build", "eight", "nine", "--db", db, "-q"], check=True)
        commands = {
            'python -c "import sqlite3, click"': [sys.executable, "-c", "import sqlite3, click"],
            "puzzledb path eight 867254301 --json": [
                PUZZLEDB,
                "path",
                "eight",
                "867254301",
                "--json",
                "--db",
                db,
            ],
            "puzzledb moves eight 867254301 --json": [
                PUZZLEDB,
                "moves",
                "eight",
                "867254301",
                "--json",
                "--db",
                db,
            ],
            "puzzledb stats eight --json": [PUZZLEDB, "stats", "eight", "--json", "--db", db],
            "puzzledb --help": [PUZZLEDB, "--help"],
        }
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.repeat):
            for name, command in commands.items():  # alternately: the same noise for each
                times[name].append(seconds(command))
        builds = [
            seconds([PUZZLEDB, "build", "eight", "-q", "--db", str(Path(tmp) / f"b{i}.sqlite")])
            for i in range(5)
        ]
        offset_ms, key_ms, depth, count = deep_pages(Path(db))
    floor = statistics.median(times['python -c "import sqlite3, click"'])
    print(f"end to end, median of {args.repeat} alternate runs\n")
    print(f"{'command':<40} {'median ms':>10} {'x floor':>8}")
    for name, runs in times.items():
        median = statistics.median(runs)
        print(f"{name:<40} {median * 1000:>10.1f} {median / floor:>8.2f}")
    print(
        f"\npuzzledb build eight (new file), best of 5: {min(builds):.3f} s, "
        f"median {statistics.median(builds):.3f} s"
    )
    print(f"\nnine, the last page of 100 at depth {depth} ({count:,} states), in-process:")
    print(f"  by offset {offset_ms:.2f} ms, by key (after=) {key_ms:.2f} ms")
    ratio = statistics.median(times["puzzledb path eight 867254301 --json"]) / floor
    print(
        f"\n{'met   ' if ratio <= TARGET_RATIO else 'MISSED'} puzzledb path <= "
        f"{TARGET_RATIO:g}x the floor (is {ratio:.2f}x)"
    )


def deep_pages(db: Path) -> tuple[float, float, int, int]:
    """Median ms of the last page of nine's most populous depth, by offset and by key."""
    from puzzledb.db import queries
    from puzzledb.db.connection import reader

    database = reader(db)
    with database.connection() as conn:
        build = queries.find_build(conn, "nine", "1234567890")
        histogram = queries.histogram(conn, build)
        depth = max(range(len(histogram)), key=histogram.__getitem__)
        count = histogram[depth]
        before_last = queries.states_at_depth(conn, build, depth, 1, count - 101)[0]
        by_offset, by_key = [], []
        for _ in range(20):
            started = time.perf_counter()
            a = queries.states_at_depth(conn, build, depth, 100, count - 100)
            by_offset.append(time.perf_counter() - started)
            started = time.perf_counter()
            b = queries.states_at_depth(conn, build, depth, 100, 0, before_last)
            by_key.append(time.perf_counter() - started)
        assert a == b, "the two ways gave different pages"
    database.dispose()
    return statistics.median(by_offset) * 1000, statistics.median(by_key) * 1000, depth, count


if __name__ == "__main__":
    main()
