"""Does a worker's memory stay within its answer-cache budget whatever is asked?

    python bench/memory.py [--requests 10000] [--budget 64MB] [--clients 4]

Builds nine (1,814,400 states) into a temporary file, starts `puzzledb serve` with 2 workers,
reads each worker's resident memory (VmRSS), then asks --requests distinct large pages
(`/depth?puzzle=nine&d=30&limit=10000&offset=K`, every K different, ~130 KB each) from
--clients threads, and reads the workers' memory again. Prints before, after, growth, and the
target: growth within the budget plus 50 MB. The old count-bounded cache grew to 2.8 GB here.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # support.servers
from support.servers import ENV, PUZZLEDB, puzzledb_serve

ALLOWANCE_MB = 50


def workers_of(base: str) -> list[int]:
    """The gunicorn worker processes behind `base` (children of the process on its port)."""
    port = base.rsplit(":", 1)[1]
    found = subprocess.run(["ss", "-ltnpH", f"sport = :{port}"], capture_output=True, text=True)
    listening = {int(part.split(",")[0]) for part in found.stdout.split("pid=")[1:]}
    # The master and its workers all hold the socket; the workers' parent is the master.
    parents = {
        pid: int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        for pid in listening
    }
    workers = sorted(pid for pid, parent in parents.items() if parent in listening)
    if not workers:
        raise RuntimeError(f"no gunicorn workers listen on port {port}")
    return workers


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for {pid}")


def ask_pages(base: str, offsets: list[int], errors: list) -> None:
    for offset in offsets:
        url = f"{base}/depth?puzzle=nine&d=30&limit=10000&offset={offset}"
        try:
            with urllib.request.urlopen(url, timeout=60) as response:
                response.read()
        except OSError as error:
            errors.append(str(error))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--budget", default="64MB")
    parser.add_argument("--clients", type=int, default=4)
    args = parser.parse_args()
    budget_mb = float(args.budget.upper().rstrip("B").rstrip("M"))
    with tempfile.TemporaryDirectory(prefix="puzzledb-mem-") as tmp:
        db = Path(tmp) / "nine.sqlite"
        subprocess.run([*PUZZLEDB, "build", "nine", "--db", str(db), "-q"], check=True, env=ENV)
        with puzzledb_serve(db, "--answer-cache", args.budget) as base:
            with urllib.request.urlopen(f"{base}/depth?puzzle=nine&d=30&limit=1") as response:
                count = json.load(response)["count"]
            step = max(1, (count - 1) // args.requests)
            offsets = [(i * step) % count for i in range(args.requests)]
            pids = workers_of(base)
            for _pid in pids:  # warm: each worker answers a page before it is measured
                ask_pages(base, [count - 1, count - 2], [])
            before = {pid: rss_mb(pid) for pid in pids}
            errors: list = []
            started = time.perf_counter()
            threads = [
                threading.Thread(target=ask_pages, args=(base, offsets[i :: args.clients], errors))
                for i in range(args.clients)
            ]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            seconds = time.perf_counter() - started
            after = {pid: rss_mb(pid) for pid in pids}
    print(
        f"nine, depth 30 ({count:,} states): {args.requests:,} distinct pages of 10,000 "
        f"states from {args.clients} clients in {seconds:.0f} s, {len(errors)} errors; "
        f"answer cache {args.budget} a worker\n"
    )
    print(f"{'worker':>8} {'before MB':>10} {'after MB':>10} {'growth MB':>10}")
    worst = 0.0
    for pid in pids:
        growth = after[pid] - before[pid]
        worst = max(worst, growth)
        print(f"{pid:>8} {before[pid]:>10.1f} {after[pid]:>10.1f} {growth:>10.1f}")
    limit = budget_mb + ALLOWANCE_MB
    print(
        f"\n{'met   ' if worst <= limit and not errors else 'MISSED'} growth <= budget + "
        f"{ALLOWANCE_MB} MB = {limit:g} MB (worst {worst:.1f} MB), no errors"
    )


if __name__ == "__main__":
    main()
