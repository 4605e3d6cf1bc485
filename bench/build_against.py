"""A build end to end, this checkout's `puzzledb` against another's, run alternately.

    python bench/build_against.py OTHER [--repeat 7] [--puzzle eight]

OTHER is another environment's console script: /work/main/.venv/bin/puzzledb, say, to set a
change against the code before it. Each runs `puzzledb build PUZZLE -q --db NEWFILE` once to
warm up (bytecode compiled into a temporary PYTHONPYCACHEPREFIX, as an installed package has
it; files in the page cache), then --repeat times, the two alternately so that the machine's
noise falls on both alike. Prints, headed by the command line, the date (UTC) and the load
average, the median and best wall seconds and the median CPU seconds (user and system) of
each, and the ratio of the medians.
"""

from __future__ import annotations

import argparse
import datetime
import os
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

THIS = str(Path(sys.executable).with_name("puzzledb"))


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run of `command`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, check=True, env=env)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", help="another environment's puzzledb console script")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--puzzle", default="eight")
    args = parser.parse_args()
    load_before = os.getloadavg()
    started_at = datetime.datetime.now(datetime.UTC)
    scripts = {"this checkout": THIS, "other": args.other}
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in scripts}
    with tempfile.TemporaryDirectory(prefix="puzzledb-against-") as tmp:
        env = dict(os.environ, PYTHONPYCACHEPREFIX=str(Path(tmp) / "pycache"))
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        files = (Path(tmp) / f"{i}.sqlite" for i in range(10**6))
        for script in scripts.values():  # warm-up
            timed([script, "build", args.puzzle, "-q", "--db", str(next(files))], env)
        for _ in range(args.repeat):
            for name, script in scripts.items():
                command = [script, "build", args.puzzle, "-q", "--db", str(next(files))]
                runs[name].append(timed(command, env))
    load_after = os.getloadavg()
    print(f"`{shlex.join(['python', 'bench/build_against.py', *sys.argv[1:]])}`\n")
    print(
        f"{started_at:%Y-%m-%d %H:%M} UTC; load average {_load(load_before)} before, "
        f"{_load(load_after)} after ({os.cpu_count()} cores); `puzzledb build {args.puzzle}` "
        f"into a new file, median of {args.repeat} alternate runs each\n"
    )
    print("| puzzledb | wall s, median | wall s, best | CPU s, median |")
    print("|---|---:|---:|---:|")
    for name, script in scripts.items():
        walls, cpus = [w for w, _ in runs[name]], [c for _, c in runs[name]]
        print(
            f"| {name} (`{script}`) | {statistics.median(walls):.3f} | {min(walls):.3f} | "
            f"{statistics.median(cpus):.3f} |"
        )
    ratio = statistics.median(w for w, _ in runs["this checkout"]) / statistics.median(
        w for w, _ in runs["other"]
    )
    print(f"\nthis checkout / other, median wall: {ratio:.2f}")


def _load(averages: tuple[float, float, float]) -> str:
    return " / ".join(f"{a:.2f}" for a in averages)


if __name__ == "__main__":
    main()
