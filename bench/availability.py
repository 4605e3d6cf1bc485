"""Do idle and slow clients starve the others? Probes answered while they hold connections open.

    python bench/availability.py [--idle 200] [--slow 10] [--seconds 20]

For each serving model (gunicorn sync workers, as puzzledb served before; `puzzledb serve`'s
threaded workers; the same behind nginx with deploy/nginx.conf), on loopback: open --idle TCP
connections that send nothing and --slow clients that send a request head one header line
every second and never finish it, keep them all open (reopening any the server closes), and
meanwhile probe /health and /path on fresh connections every 50 ms for --seconds. Prints, per
model, the share of probes answered (5 s timeout) and their latency p50/p99. Bounded in time;
every socket is closed at the end.
"""

from __future__ import annotations

import argparse
import contextlib
import socket
import statistics
import subprocess
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from servers import ENV, PUZZLEDB, gunicorn_sync, nginx_in_front, puzzledb_serve

PROBES = ["/health", "/path?puzzle=eight&state=867254301"]
TARGET_SHARE, TARGET_P99_MS = 1.0, 100.0


class Pests:
    """Idle and slow-header clients held open against host:port until stopped."""

    def __init__(self, base: str, idle: int, slow: int):
        host, port = base.rsplit("/", 1)[1].split(":")
        self.address = (host, int(port))
        self.idle, self.slow = idle, slow
        self.stop = threading.Event()
        self.threads: list[threading.Thread] = []
        self.reopened = 0

    def __enter__(self):
        for _ in range(self.idle):
            self.threads.append(threading.Thread(target=self._idle, daemon=True))
        for _ in range(self.slow):
            self.threads.append(threading.Thread(target=self._slow, daemon=True))
        for thread in self.threads:
            thread.start()
        time.sleep(1.0)  # let them all connect before the probes start
        return self

    def __exit__(self, *exc):
        self.stop.set()
        for thread in self.threads:
            thread.join(5)

    def _connect(self) -> socket.socket | None:
        try:
            return socket.create_connection(self.address, timeout=2)
        except OSError:
            self.stop.wait(0.2)
            return None

    def _idle(self):
        while not self.stop.is_set():
            sock = self._connect()
            if sock is None:
                continue
            with sock:
                sock.settimeout(0.5)
                while not self.stop.is_set():
                    try:
                        if sock.recv(1) == b"":  # the server let it go: come back
                            self.reopened += 1
                            break
                    except TimeoutError:
                        continue
                    except OSError:
                        self.reopened += 1
                        break

    def _slow(self):
        while not self.stop.is_set():
            sock = self._connect()
            if sock is None:
                continue
            with sock:
                try:
                    sock.sendall(b"GET /health HTTP/1.1\r\nHost: localhost\r\n")
                    line = 0
                    while not self.stop.wait(1.0):
                        line += 1
                        sock.sendall(f"X-Slow-{line}: still coming\r\n".encode())
                except OSError:
                    self.reopened += 1


def probe(base: str, seconds: float) -> list[float | None]:
    """Latency in ms of each probe, None for one not answered with 200 within 5 s."""
    results: list[float | None] = []
    deadline = time.monotonic() + seconds
    i = 0
    while time.monotonic() < deadline:
        started = time.perf_counter()
        try:
            with urllib.request.urlopen(base + PROBES[i % 2], timeout=5) as response:
                response.read()
                results.append(
                    (time.perf_counter() - started) * 1000 if response.status == 200 else None
                )
        except OSError:
            results.append(None)
        i += 1
        time.sleep(max(0.0, 0.05 - (time.perf_counter() - started)))
    return results


def measure(name: str, base: str, args) -> dict:
    with Pests(base, args.idle, args.slow) as pests:
        results = probe(base, args.seconds)
    answered = sorted(r for r in results if r is not None)
    return {
        "name": name,
        "probes": len(results),
        "share": len(answered) / max(len(results), 1),
        "p50": statistics.median(answered) if answered else float("nan"),
        "p99": answered[int(0.99 * (len(answered) - 1))] if answered else float("nan"),
        "reopened": pests.reopened,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle", type=int, default=200)
    parser.add_argument("--slow", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument(
        "--models", default="sync,gthread,nginx", help="comma-separated: sync, gthread, nginx"
    )
    args = parser.parse_args()
    models = args.models.split(",")
    rows = []
    with tempfile.TemporaryDirectory(prefix="puzzledb-avail-") as tmp:
        db = Path(tmp) / "eight.sqlite"
        subprocess.run([*PUZZLEDB, "build", "eight", "--db", str(db), "-q"], check=True, env=ENV)
        if "sync" in models:
            with gunicorn_sync(db) as base:
                rows.append(measure("gunicorn sync, 2 workers", base, args))
        if "gthread" in models:
            with puzzledb_serve(db) as base:
                rows.append(measure("puzzledb serve (gthread 2x16)", base, args))
        if "nginx" in models:
            with puzzledb_serve(db) as base, nginx_in_front(base) as front:
                rows.append(measure("nginx -> puzzledb serve", front, args))
    print(
        f"{args.idle} idle + {args.slow} slow-header clients held open; probes of /health "
        f"and /path every 50 ms for {args.seconds:g} s, 5 s timeout, on 127.0.0.1\n"
    )
    print(
        f"{'serving model':<32} {'probes':>7} {'answered':>9} {'p50 ms':>8} {'p99 ms':>8} "
        f"{'pests reconnected':>18}"
    )
    for r in rows:
        print(
            f"{r['name']:<32} {r['probes']:>7} {r['share']:>9.1%} {r['p50']:>8.2f} "
            f"{r['p99']:>8.2f} {r['reopened']:>18}"
        )
    print()
    for r in rows:
        met = r["share"] >= TARGET_SHARE and r["p99"] < TARGET_P99_MS
        print(
            f"{'met   ' if met else 'MISSED'} {r['name']}: 100% answered, p99 < "
            f"{TARGET_P99_MS:g} ms"
        )


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        main()
