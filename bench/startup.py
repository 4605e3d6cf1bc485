"""How long a lookup takes from the user's command to its answer, against Python itself.

    python bench/startup.py [--repeat 15] [--bytecode cached|as-is]

Builds eight and nine into a temporary file, then times, end to end as a script would call
them, `puzzledb path eight 867254301 --json`, the same as text, `moves`, `depth`, `stats`,
`list`, `--help` and `python -c "import sqlite3, click"` (the floor: an interpreter that loads
what a lookup needs), and `python -c "import puzzledb"` against `python -c "import sqlite3"`
(the Python façade: at most 1.5x), run alternately --repeat times each after one warm-up round,
and prints a markdown table of medians and each one's ratio to the floor (target: path --json
at most 1.5x, and never past 2x), headed by the command line, the date (UTC) and the load
average, so that it can be pasted into the docs as it stands. The machine is noisy: compare the
ratios of one run, not milliseconds across runs.

--bytecode cached (the default) measures what an installed puzzledb does: every module's
bytecode is compiled once, in the warm-up round, into a temporary PYTHONPYCACHEPREFIX, as
pip compiles an installed wheel. --bytecode as-is runs the commands in this environment as
it is: with PYTHONDONTWRITEBYTECODE set and an editable install, puzzledb's own modules are
compiled from source on every run.

Then `puzzledb build eight` end to end into a new file, and a deep page of nine's largest
depth by offset and by key (in-process, the query alone).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PUZZLEDB = str(Path(sys.executable).with_name("puzzledb"))
FLOOR = 'python -c "import sqlite3, click"'
PATH_JSON = "puzzledb path eight 867254301 --json"
TARGET_RATIO = 1.5
LIMIT_RATIO = 2.0
#: `import puzzledb` (the Python façade, issue 43) against `import sqlite3`: at most 1.5x.
IMPORT_FLOOR = 'python -c "import sqlite3"'
IMPORT_PUZZLEDB = 'python -c "import puzzledb"'
IMPORT_LIMIT = 1.5


def seconds(command: list[str], env: dict[str, str] | None = None) -> float:
    started = time.perf_counter()
    subprocess.run(
        command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
    )
    return time.perf_counter() - started


def lookups(db: str) -> dict[str, list[str]]:
    """Each command timed, by how the table names it."""
    on = ["--db", db]
    return {
        FLOOR: [sys.executable, "-c", "import sqlite3, click"],
        PATH_JSON: [PUZZLEDB, "path", "eight", "867254301", "--json", *on],
        "puzzledb path eight 867254301": [PUZZLEDB, "path", "eight", "867254301", *on],
        "puzzledb moves eight 867254301 --json": [
            PUZZLEDB,
            "moves",
            "eight",
            "867254301",
            "--json",
            *on,
        ],
        "puzzledb depth eight 31 --json": [PUZZLEDB, "depth", "eight", "31", "--json", *on],
        "puzzledb stats eight --json": [PUZZLEDB, "stats", "eight", "--json", *on],
        "puzzledb list": [PUZZLEDB, "list", *on],  # every catalogue puzzle, sized: 1.5x at most
        "puzzledb --help": [PUZZLEDB, "--help"],
        IMPORT_FLOOR: [sys.executable, "-c", "import sqlite3"],
        IMPORT_PUZZLEDB: [sys.executable, "-c", "import puzzledb"],
    }


def child_environment(bytecode: str, tmp: str) -> dict[str, str]:
    env = dict(os.environ)
    if bytecode == "cached":
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
    return env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument(
        "--bytecode",
        choices=["cached", "as-is"],
        default="cached",
        help="cached: compiled once, as an installed package is (default); as-is: this "
        "environment's own setting (PYTHONDONTWRITEBYTECODE compiles on every run)",
    )
    args = parser.parse_args()
    load_before = os.getloadavg()
    started_at = datetime.datetime.now(datetime.UTC)
    with tempfile.TemporaryDirectory(prefix="puzzledb-startup-") as tmp:
        env = child_environment(args.bytecode, tmp)
        db = str(Path(tmp) / "lookups.sqlite")
        subprocess.run([PUZZLEDB, "build", "eight", "nine", "--db", db, "-q"], check=True)
        commands = lookups(db)
        for command in commands.values():  # warm-up: bytecode written, files in the page cache
            seconds(command, env)
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.repeat):
            for name, command in commands.items():  # alternately: the same noise for each
                times[name].append(seconds(command, env))
        builds = [
            seconds(
                [PUZZLEDB, "build", "eight", "-q", "--db", str(Path(tmp) / f"b{i}.sqlite")], env
            )
            for i in range(5)
        ]
        offset_ms, key_ms, depth, count = deep_pages(Path(db))
    load_after = os.getloadavg()
    report(args, started_at, load_before, load_after, times)
    print(
        f"\n`puzzledb build eight` (new file), best of 5: {min(builds):.3f} s, "
        f"median {statistics.median(builds):.3f} s"
    )
    print(f"\nnine, the last page of 100 at depth {depth} ({count:,} states), in-process:")
    print(f"by offset {offset_ms:.2f} ms, by key (after=) {key_ms:.2f} ms")


def report(args, started_at, load_before, load_after, times: dict[str, list[float]]) -> None:
    """The markdown table of medians and ratios, with what it was measured on."""
    floor_runs = times[FLOOR]
    floor = statistics.median(floor_runs)
    line = shlex.join(["python", "bench/startup.py", *sys.argv[1:]])
    print(f"`{line}`\n")
    print(
        f"{started_at:%Y-%m-%d %H:%M} UTC; load average {_load(load_before)} before, "
        f"{_load(load_after)} after ({os.cpu_count()} cores); Python "
        f"{platform.python_version()}; bytecode {args.bytecode}; median of {args.repeat} "
        f"alternate runs each\n"
    )
    print("| command | median ms | x floor | x floor, run by run |")
    print("|---|---:|---:|---:|")
    for name, runs in times.items():
        median = statistics.median(runs)
        paired = statistics.median(r / f for r, f in zip(runs, floor_runs))
        print(f"| `{name}` | {median * 1000:.1f} | {median / floor:.2f} | {paired:.2f} |")
    ratio = statistics.median(times[PATH_JSON]) / floor
    verdict = (
        "met"
        if ratio <= TARGET_RATIO
        else "within the limit, short of the target"
        if ratio <= LIMIT_RATIO
        else "MISSED"
    )
    print(
        f"\n`{PATH_JSON}`: {ratio:.2f}x the floor (target {TARGET_RATIO:g}x, limit "
        f"{LIMIT_RATIO:g}x): {verdict}"
    )
    imported = statistics.median(times[IMPORT_PUZZLEDB]) / statistics.median(times[IMPORT_FLOOR])
    print(
        f"`{IMPORT_PUZZLEDB}`: {imported:.2f}x `{IMPORT_FLOOR}` (limit {IMPORT_LIMIT:g}x): "
        f"{'met' if imported <= IMPORT_LIMIT else 'MISSED'}"
    )


def _load(averages: tuple[float, float, float]) -> str:
    return " / ".join(f"{a:.2f}" for a in averages)


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
