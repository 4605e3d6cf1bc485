"""Many builds in one file: how a build's time and a lookup through the views grow with the
number of builds a file holds (issue 46: views that stay valid for any number of builds).

    python bench/many_builds.py [--builds 720] [--step 120]

Builds 2x3 sliding puzzles (360 positions a goal; 720 goals a puzzle, then another puzzle of
the same board, six1, six2...) toward one goal after another into a
temporary file, `--step` goals a command, and after each command prints the builds held, the
seconds a build took in that command, and the median time of a `states`-view lookup by state
(`SELECT depth FROM states WHERE puzzle = ? AND goal = ? AND state = ?`) and of
`puzzledb path` end to end, as a markdown table headed by the command line, the date (UTC)
and the load average. Each build writes its part of the views (past MOST_ARMS builds, part
views of PART_ARMS builds: db/schema.py), and each connection parses the whole schema, views
included, so a build's time and a lookup's grow with the builds the file holds.

The commands run with their bytecode cached (in a temporary PYTHONPYCACHEPREFIX, as an
installed package has it), whatever PYTHONDONTWRITEBYTECODE says here: a `path` timed
otherwise is mostly Python compiling puzzledb.
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PUZZLEDB = str(Path(sys.executable).with_name("puzzledb"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--builds", type=int, default=720, help="goals built in all")
    parser.add_argument("--step", type=int, default=120, help="goals a build command")
    args = parser.parse_args()
    every = ["".join(p) for p in itertools.permutations("123450")]
    jobs = [(f"six{n // len(every)}", every[n % len(every)]) for n in range(args.builds)]
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(
        f"`python bench/many_builds.py --builds {args.builds} --step {args.step}`, {now}, "
        f"load {os.getloadavg()[0]:.2f}\n"
    )
    print("| builds in the file | seconds a build | states-view lookup (ms) | `path` (ms) |")
    print("|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "bytecode")
        db = Path(tmp) / "many.sqlite"
        for first in range(0, len(jobs), args.step):
            chunk = jobs[first : first + args.step]
            started = time.perf_counter()
            for name in dict.fromkeys(n for n, _ in chunk):  # a command a puzzle in the chunk
                toml = Path(tmp) / f"{name}.toml"
                listed = ", ".join(f'"{g}"' for n, g in chunk if n == name)
                toml.write_text(
                    f'name = "{name}"\nkind = "sliding"\nrows = 2\ncols = 3\ngoals = [{listed}]\n'
                )
                build = [PUZZLEDB, "build", "--file", str(toml), "--db", str(db), "-q"]
                subprocess.run(build, check=True)
            per_build = (time.perf_counter() - started) / len(chunk)
            name, last = chunk[-1]
            print(
                f"| {first + len(chunk):,} | {per_build:.3f} | {lookup_ms(db, name, last):.2f} | "
                f"{path_ms(db, name, last):.0f} |",
                flush=True,
            )


def lookup_ms(db: Path, name: str, goal: str, repeat: int = 21) -> float:
    """A state found through the `states` view, on a fresh connection each time (as a CLI
    lookup opens the file: the schema, views included, parsed each time)."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            row = conn.execute(
                "SELECT depth FROM states WHERE puzzle = ? AND goal = ? AND state = ?",
                (name, goal, goal[::-1]),
            ).fetchone()
        conn.close()
        times.append(time.perf_counter() - started)
        assert row is not None
    return statistics.median(times) * 1000


def path_ms(db: Path, name: str, goal: str, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        subprocess.run(
            [PUZZLEDB, "path", name, goal[::-1], "--goal", goal, "--db", str(db), "--json"],
            check=True,
            capture_output=True,
        )
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


if __name__ == "__main__":
    main()
