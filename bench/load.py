"""Load benchmark of the HTTP service: requests/s and latency p50/p99 under wrk, on loopback.

    python bench/load.py [--seconds 10] [--connections 8] [--workers 2]

Builds eight into a temporary database, starts `puzzledb serve` (gunicorn threaded workers) on a
free 127.0.0.1 port, and runs wrk (Debian: apt-get install wrk) against /path of the depth-31
state 867254301, then /health on the same server: a warm-up, then --seconds each, so a run is
bounded in time. Then /path once more on a server with the answer cache off (--answer-cache 0),
which shows the cost of the lookup itself rather than of a remembered answer. Prints a table
and the targets, then stops the server. The machine is shared: compare figures within one run.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # support.servers
from support.servers import ENV, PUZZLEDB, puzzledb_serve

ENDPOINTS = [("/path", "/path?puzzle=eight&state=867254301"), ("/health", "/health")]
TARGET_RATE, TARGET_P99_MS, TARGET_RATIO = 3000, 10.0, 0.8

# wrk calls done() once at the end; it prints one JSON line the script reads back.
REPORT_LUA = """
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests": %d, "seconds": %.6f, "p50_us": %d, "p99_us": %d, "errors": %d, '
    .. '"non_2xx": %d}\\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50),
    latency:percentile(99), e.connect + e.read + e.write + e.timeout, e.status))
end
"""


def check_answer(base: str) -> None:
    with urllib.request.urlopen(base + ENDPOINTS[0][1], timeout=5) as response:
        answer = json.load(response)
    if answer["depth"] != 31 or len(answer["moves"]) != 31:
        sys.exit(f"unexpected answer from /path: {answer}")


def wrk_run(url: str, seconds: int, connections: int, threads: int, script: Path) -> dict:
    command = [
        "wrk",
        f"-t{threads}",
        f"-c{connections}",
        f"-d{seconds}s",
        "--timeout",
        "5s",
        "-s",
        str(script),
        url,
    ]
    out = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 30)
    if out.returncode != 0:
        sys.exit(f"wrk failed: {out.stderr or out.stdout}")
    result = json.loads(out.stdout.strip().splitlines()[-1])
    result["rate"] = result["requests"] / result["seconds"]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=10, help="per endpoint (default 10)")
    parser.add_argument("--warmup", type=int, default=2, help="per endpoint (default 2)")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument(
        "--threads",
        type=int,
        default=1,
        help="wrk threads (default 1: the server needs the cores more)",
    )
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2)")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        sys.exit("wrk is not installed; on Debian: apt-get update && apt-get install -y wrk")

    with tempfile.TemporaryDirectory(prefix="puzzledb-load-") as tmp:
        db = Path(tmp) / "eight.sqlite"
        subprocess.run(
            [*PUZZLEDB, "build", "eight", "--db", str(db), "--quiet"], check=True, env=ENV
        )
        script = Path(tmp) / "report.lua"
        script.write_text(REPORT_LUA)
        results = {}
        # The service as deployed (answer cache on), then /path again with the cache off:
        # one state repeated is what the cache is for, so the uncached row shows the lookup.
        for suffix, extra, endpoints in [
            ("", [], ENDPOINTS),
            (" (no cache)", ["--answer-cache", "0"], ENDPOINTS[:1]),
        ]:
            with puzzledb_serve(db, "--workers", str(args.workers), *extra) as base:
                check_answer(base)
                for name, target in endpoints:
                    if args.warmup:
                        wrk_run(base + target, args.warmup, args.connections, args.threads, script)
                    results[name + suffix] = wrk_run(
                        base + target, args.seconds, args.connections, args.threads, script
                    )
    report(results, args)


def report(results: dict, args) -> None:
    print(
        f"puzzledb serve, {args.workers} workers of 16 threads; wrk -t{args.threads} "
        f"-c{args.connections}, {args.seconds} s per endpoint on 127.0.0.1\n"
    )
    print(f"{'endpoint':<20} {'requests/s':>11} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7}")
    for name, r in results.items():
        print(
            f"{name:<20} {r['rate']:>11,.0f} {r['p50_us'] / 1000:>8.2f} "
            f"{r['p99_us'] / 1000:>8.2f} {r['errors'] + r['non_2xx']:>7}"
        )
    path, health = results["/path"], results["/health"]
    ratio = path["rate"] / health["rate"]
    checks = [
        (f"/path >= {TARGET_RATE:,} requests/s", path["rate"] >= TARGET_RATE),
        (f"/path p99 <= {TARGET_P99_MS:g} ms", path["p99_us"] / 1000 <= TARGET_P99_MS),
        (f"/path rate >= {TARGET_RATIO}x /health's (is {ratio:.2f}x)", ratio >= TARGET_RATIO),
        ("no errors", all(r["errors"] + r["non_2xx"] == 0 for r in results.values())),
    ]
    print()
    for text, met in checks:
        print(f"{'met   ' if met else 'MISSED'} {text}")


if __name__ == "__main__":
    main()
