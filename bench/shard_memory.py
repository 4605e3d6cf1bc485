"""What a reader's connection holds for each shard it attaches: SQLite's page cache, per file.

    python bench/shard_memory.py [--workers 4] [--lookups 50000]

Builds nine (1,814,400 states) into temporary files, on one machine and on a LocalCluster of
--workers (one shard each), then, each in a fresh process: opens a reader, asks the depth of
--lookups random arrangements (about half are states of the build; each is a B-tree search in
the file or in every shard its key may be in), and prints the growth of the process's resident
memory (VmRSS) from the connection just opened to the end. The sharded build is read with
SQLite's default cache (2,000 KiB for each attached file) and with db.cluster.read's own
(SHARD_CACHE_KIB), so the figure shows what the smaller cache saves; the lookups' time shows
what it costs.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SQLITE_DEFAULT_KIB = 2000


def rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc/self/status")


def measure(path: str, cache_kib: int, lookups: int) -> None:
    """In a fresh process: the memory the lookups add to one reader's connection."""
    from puzzledb.db import queries
    from puzzledb.db.cluster import read as sharded
    from puzzledb.db.connection import reader

    sharded.SHARD_CACHE_KIB = cache_kib
    rng = random.Random(1)
    asked = []
    for _ in range(lookups):
        tiles = list("1234567890")
        rng.shuffle(tiles)
        asked.append("".join(tiles))
    database = reader(Path(path))
    with database.connection() as conn:
        build = queries.find_build(conn, "nine", "1234567890")
        assert build is not None
        queries.depths_of(conn, build, asked[:1])  # shards attached, schemas read
        before, started = rss_kib(), time.perf_counter()
        for i in range(0, lookups, 100):
            queries.depths_of(conn, build, asked[i : i + 100])
        print(rss_kib() - before, time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--lookups", type=int, default=50_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="puzzledb-shard-memory-") as folder:
        one, sharded = Path(folder, "one", "db.sqlite"), Path(folder, "sharded", "db.sqlite")
        puzzledb = Path(sys.executable).with_name("puzzledb")
        subprocess.run([puzzledb, "build", "nine", "--db", one, "-q"], check=True)
        cluster = ["--cluster", f"local:{args.workers}"]
        subprocess.run([puzzledb, "build", "nine", *cluster, "--db", sharded, "-q"], check=True)
        from puzzledb.db.cluster.read import SHARD_CACHE_KIB

        print(f"nine, {args.lookups:,} random lookups by one connection; growth of VmRSS")
        print("| file | attached shards | cache per shard | growth | seconds |")
        print("|---|---|---|---|---|")
        runs = [
            (one, 0, SQLITE_DEFAULT_KIB),
            (sharded, args.workers, SQLITE_DEFAULT_KIB),
            (sharded, args.workers, SHARD_CACHE_KIB),
        ]
        for path, shards, kib in runs:
            code = f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
            code += f"import shard_memory; shard_memory.measure({str(path)!r}, {kib}, "
            code += f"{args.lookups})"
            out = subprocess.run(
                [sys.executable, "-c", code], check=True, capture_output=True, text=True
            )
            growth, seconds = out.stdout.split()[-2:]
            cache = f"{kib:,} KiB" if shards else "(main file: 2,000 KiB)"
            print(
                f"| {'sharded' if shards else 'one file'} | {shards} | {cache} | "
                f"{int(growth) / 1024:.1f} MB | {float(seconds):.2f} |"
            )


if __name__ == "__main__":
    main()
