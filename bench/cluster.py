"""Cluster-build benchmark: fifteen within a radius on one machine, and on a LocalCluster of
1 and 2 workers.

    python bench/cluster.py                  # fifteen --radius 22
    python bench/cluster.py --radius 24 --workers 1 2 4

For each build: seconds end to end (search and store; a cluster's start included), the peak
memory of the building process (one machine) or of each worker and of the client (cluster),
the bytes the workers sent each other (the shuffle) per layer, and the states. The one-machine
build runs as its own `puzzledb build` process, as in bench/big.py. Never run in CI.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from puzzledb.builder import catalogue
from puzzledb.db.cluster import build as cluster_build


def one_machine(radius: int, db: Path) -> tuple[float, float]:
    """(seconds, peak GB) of one `puzzledb build` process."""
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "puzzledb.service.cli", "build", "fifteen"]
        + ["--radius", str(radius), "--db", str(db), "-q"]
    )
    _, status, usage = os.wait4(child.pid, 0)
    if status != 0:
        raise SystemExit(f"the one-machine build failed with status {status}")
    return time.perf_counter() - start, usage.ru_maxrss / 1024 / 1024


def on_cluster(radius: int, workers: int, db: Path) -> dict:
    fifteen = catalogue.get("fifteen")
    start = time.perf_counter()
    row = cluster_build.build_to(
        db, fifteen, fifteen.default_goal, cluster=f"local:{workers}", radius=radius
    )
    row["seconds"] = time.perf_counter() - start
    row["client_gb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 / 1024
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--radius", type=int, default=22)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    print(f"uptime: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")
    with tempfile.TemporaryDirectory() as folder:
        seconds, peak = one_machine(args.radius, Path(folder) / "one.sqlite")
        print(f"one machine: fifteen --radius {args.radius}: {seconds:.1f} s, peak {peak:.2f} GB")
        for n in args.workers:
            row = on_cluster(args.radius, n, Path(folder) / f"cluster{n}.sqlite")
            peaks = ", ".join(f"{b / 2**30:.2f}" for b in sorted(row["peak_memory"].values()))
            print(
                f"local:{n}: {row['states']:,} states, {row['seconds']:.1f} s, worker peaks "
                f"[{peaks}] GB, client peak {row['client_gb']:.2f} GB, shuffled "
                f"{sum(row['shuffled']) / 1e6:.1f} MB in all"
            )
            layers = row["shuffled"]
            print(
                "  shuffled per layer (MB, depth 1..):", " ".join(f"{b / 1e6:.1f}" for b in layers)
            )
    print(f"uptime: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")


if __name__ == "__main__":
    main()
