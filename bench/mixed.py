"""A mixed load for a minute: many distinct questions of several puzzles, errors and memory.

    python bench/mixed.py [--seconds 60] [--connections 8] [--questions 20000]

Builds eight, seven, nooff, atama and nine into a temporary file, samples --questions distinct
requests from it (/path and /moves of stored states, /depth pages at varied depths and offsets,
/stats, /farthest), starts `puzzledb serve` (2 workers, default settings) and drives it with
wrk at --connections for --seconds, each request drawn at random. Prints requests/s, p50/p99,
errors and non-200 answers, and each worker's resident memory every 10 s, then whether memory
stayed flat (the last sample within the answer-cache budget plus 50 MB of the first).
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # support.servers
from support.servers import ENV, PUZZLEDB, puzzledb_serve

from load import REPORT_LUA, wrk_run
from memory import rss_mb, workers_of

PUZZLES = ["eight", "seven", "nooff", "atama", "nine"]
BUDGET_MB, ALLOWANCE_MB = 64, 50


def questions(db: Path, count: int, rng: random.Random) -> list[str]:
    """Distinct request paths over every stored build, in random order."""
    from urllib.parse import quote

    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    builds = conn.execute("SELECT name, node_table, max_depth FROM puzzles").fetchall()
    asked: set[str] = set()
    per_build = count // len(builds)
    for name, table, max_depth in builds:
        states = [
            s
            for (s,) in conn.execute(
                f"SELECT state FROM {table} ORDER BY random() LIMIT {per_build}"
            )
        ]
        for state in states[: per_build * 6 // 10]:
            route = rng.choice(["path", "moves"])
            asked.add(f"/{route}?puzzle={name}&state={quote(state)}")
        for _ in range(per_build * 4 // 10):
            d = rng.randrange(max_depth + 1)
            asked.add(
                f"/depth?puzzle={name}&d={d}&limit={rng.choice([10, 100, 1000])}"
                f"&offset={rng.randrange(200)}"
            )
        asked.add(f"/stats?puzzle={name}")
        asked.add(f"/farthest?puzzle={name}&limit=10")
    conn.close()
    ordered = sorted(asked)
    rng.shuffle(ordered)
    return ordered


LUA = """
math.randomseed(%d)
local paths = {%s}
request = function()
  return wrk.format("GET", paths[math.random(#paths)])
end
"""


def sample_memory(base: str, stop: threading.Event, samples: list) -> None:
    pids = workers_of(base)
    while True:
        samples.append([rss_mb(pid) for pid in pids])
        if stop.wait(10):
            samples.append([rss_mb(pid) for pid in pids])
            return


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--questions", type=int, default=20_000)
    args = parser.parse_args()
    rng = random.Random(20261123)
    with tempfile.TemporaryDirectory(prefix="puzzledb-mixed-") as tmp:
        db = Path(tmp) / "mixed.sqlite"
        subprocess.run([*PUZZLEDB, "build", *PUZZLES, "--db", str(db), "-q"], check=True, env=ENV)
        asked = questions(db, args.questions, rng)
        script = Path(tmp) / "mixed.lua"
        script.write_text(
            LUA % (rng.randrange(2**31), ",".join(json.dumps(p) for p in asked)) + REPORT_LUA
        )
        with puzzledb_serve(db) as base:
            samples: list = []
            stop = threading.Event()
            sampler = threading.Thread(target=sample_memory, args=(base, stop, samples))
            sampler.start()
            try:
                result = wrk_run(base + "/", args.seconds, args.connections, 1, script)
            finally:
                stop.set()
                sampler.join()
    print(
        f"{len(asked):,} distinct questions over {', '.join(PUZZLES)}; wrk -c"
        f"{args.connections} for {args.seconds} s on 127.0.0.1, puzzledb serve defaults\n"
    )
    print(
        f"requests/s {result['rate']:,.0f}   p50 {result['p50_us'] / 1000:.2f} ms   "
        f"p99 {result['p99_us'] / 1000:.2f} ms   errors {result['errors']}   "
        f"non-2xx {result['non_2xx']}\n"
    )
    print("worker memory (MB) every 10 s:")
    for i, row in enumerate(samples):
        print(f"  {i * 10:>4} s  " + "  ".join(f"{mb:7.1f}" for mb in row))
    growth = max(b - a for a, b in zip(samples[0], samples[-1]))
    flat = growth <= BUDGET_MB + ALLOWANCE_MB
    clean = result["errors"] == 0 and result["non_2xx"] == 0
    print(f"\n{'met   ' if clean else 'MISSED'} 0 errors")
    print(
        f"{'met   ' if flat else 'MISSED'} memory flat: growth {growth:.1f} MB <= cache budget "
        f"+ {ALLOWANCE_MB} MB"
    )


if __name__ == "__main__":
    main()
