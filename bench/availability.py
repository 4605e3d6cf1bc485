"""Do idle and slow clients starve the others? Probes answered while they hold connections open.

    python bench/availability.py [--idle 200] [--slow 10] [--seconds 20]
    python bench/availability.py --hostile [--clients 40] [--seconds 20]

For each serving model (gunicorn sync workers, as puzzledb served before; `puzzledb serve`'s
threaded workers; the same behind nginx with deploy/nginx.conf), on loopback: open --idle TCP
connections that send nothing and --slow clients that send a request head one header line
every second and never finish it, keep them all open (reopening any the server closes), and
meanwhile probe /health and /path on fresh connections every 50 ms for --seconds. Prints, per
model, the share of probes answered (5 s timeout) and their latency p50/p99. Bounded in time;
every socket is closed at the end.

--hostile measures instead the two cases of issue 28, each without and with nginx in front:
--clients connections that set a 2 KB receive buffer, pipeline 50 requests for big answers
(`/depth` pages of about 120 KB) and read nothing, reconnecting when the server drops them;
and --clients that send part of a request head and reconnect as soon as they are cut off.
Without nginx they come from 127.0.0.1, as the probes (what the issue measured), and from
127.0.0.2 (another client address). Prints a markdown table with the command, the date and
the load average.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import os
import select
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # support.servers
from support.servers import ENV, PUZZLEDB, free_port, nginx_in_front, puzzledb_serve, running


@contextlib.contextmanager
def gunicorn_sync(db: Path, workers: int = 2):
    """The app under gunicorn's sync workers: how puzzledb served before, for comparison."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "-k",
        "sync",
        "-w",
        str(workers),
        "-b",
        f"127.0.0.1:{port}",
        f"puzzledb.service.http.app:create_app({str(db)!r})",
    ]
    with running(command, base):
        yield base


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


BIG = "/depth?puzzle=eight&d=24&limit=10000&offset={}"  # about 120 KB an answer
OFFSETS = 14_000  # the layer has 24,047 states: every page from below this one is full
PIPELINED = 50
PARTIAL = b"GET /health HTTP/1.1\r\nHost: localhost\r\n"


class Hostile:
    """Issue 28's clients, `count` of them from `source`, reconnecting whenever the server
    drops one, until stopped: "nonreading" pipelines PIPELINED requests for big answers on a
    2 KB receive buffer and reads nothing; "partial" sends part of a request head and waits."""

    def __init__(self, base: str, kind: str, count: int, source: str = "127.0.0.1"):
        host, port = base.rsplit("/", 1)[1].split(":")
        self.address = (host, int(port))
        self.kind, self.count, self.source = kind, count, source
        self.stop = threading.Event()
        self.threads: list[threading.Thread] = []
        self.reopened = 0

    def __enter__(self):
        target = self._nonreading if self.kind == "nonreading" else self._partial
        self.threads = [
            threading.Thread(target=target, args=(i,), daemon=True) for i in range(self.count)
        ]
        for thread in self.threads:
            thread.start()
        time.sleep(1.0)
        return self

    def __exit__(self, *exc):
        self.stop.set()
        for thread in self.threads:
            thread.join(5)

    def _connect(self, receive_buffer: int | None = None) -> socket.socket | None:
        sock = socket.socket()
        try:
            if receive_buffer:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
            sock.bind((self.source, 0))
            sock.settimeout(2)
            sock.connect(self.address)
            return sock
        except OSError:
            sock.close()
            self.stop.wait(0.2)
            return None

    def _nonreading(self, i: int) -> None:
        offset = i * PIPELINED
        while not self.stop.is_set():
            sock = self._connect(receive_buffer=2048)
            if sock is None:
                continue
            with sock:
                requests = b"".join(
                    f"GET {BIG.format((offset + k) % OFFSETS)} HTTP/1.1\r\nHost: x\r\n\r\n".encode()
                    for k in range(PIPELINED)
                )
                offset += PIPELINED
                try:
                    sock.setblocking(False)
                    sock.send(requests)  # what fits; never waits for the server
                except OSError:
                    pass
                watch = select.poll()  # a hang-up is seen without reading a byte
                watch.register(sock, select.POLLRDHUP | select.POLLHUP | select.POLLERR)
                while not self.stop.is_set():
                    if watch.poll(500):
                        self.reopened += 1
                        break

    def _partial(self, i: int) -> None:
        while not self.stop.is_set():
            sock = self._connect()
            if sock is None:
                continue
            with sock:
                try:
                    sock.sendall(PARTIAL)
                    sock.settimeout(0.5)
                    while not self.stop.is_set():
                        try:
                            if sock.recv(65536) == b"":
                                break
                        except TimeoutError:
                            continue
                except OSError:
                    pass
                self.reopened += 1


def probe(base: str, seconds: float, timeout: float = 5) -> list[float | None]:
    """Latency in ms of each probe, None for one not answered with 200 within `timeout` s."""
    results: list[float | None] = []
    deadline = time.monotonic() + seconds
    i = 0
    while time.monotonic() < deadline:
        started = time.perf_counter()
        try:
            with urllib.request.urlopen(base + PROBES[i % 2], timeout=timeout) as response:
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


def summary(name: str, results: list[float | None], reopened: int) -> dict:
    answered = sorted(r for r in results if r is not None)
    return {
        "name": name,
        "probes": len(results),
        "answered": len(answered),
        "p50": statistics.median(answered) if answered else float("nan"),
        "p99": answered[int(0.99 * (len(answered) - 1))] if answered else float("nan"),
        "reopened": reopened,
    }


def hostile(db: Path, args) -> None:
    """Issue 28's two cases against `puzzledb serve`, without and with nginx in front."""
    cases = [
        ("nonreading", f"{args.clients} non-reading pipelining clients"),
        ("partial", f"{args.clients} partial-head clients, reconnecting"),
    ]
    rows = []
    for kind, what in cases:
        if kind not in args.cases.split(","):
            continue
        for source, front in (("127.0.0.1", False), ("127.0.0.2", False), ("127.0.0.1", True)):
            with contextlib.ExitStack() as stack:
                base = stack.enter_context(puzzledb_serve(db))
                where = "`puzzledb serve`"
                if front:
                    base = stack.enter_context(nginx_in_front(base))
                    where = "nginx in front of `puzzledb serve`"
                with Hostile(base, kind, args.clients, source) as pests:
                    results = probe(base, args.seconds, timeout=args.probe_timeout)
                name = f"{what} from {source}, {where}"
                rows.append(summary(name, results, pests.reopened))
                print(f"measured: {name}", file=sys.stderr, flush=True)
    with puzzledb_serve(db) as base:
        rows.append(summary("no such clients, `puzzledb serve`", probe(base, args.seconds), 0))
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"`python bench/availability.py {' '.join(sys.argv[1:])}`, {now}, load average {load}")
    print(
        f"(probes of /health and /path on fresh connections from 127.0.0.1 every 50 ms for "
        f"{args.seconds:g} s, {args.probe_timeout:g} s timeout)\n"
    )
    print("| scenario | probes answered | p50 ms | p99 ms | clients dropped |")
    print("|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['name']} | {r['answered']} of {r['probes']} | {r['p50']:,.1f} | "
            f"{r['p99']:,.1f} | {r['reopened']} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle", type=int, default=200)
    parser.add_argument("--slow", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument(
        "--models", default="sync,gthread,nginx", help="comma-separated: sync, gthread, nginx"
    )
    parser.add_argument("--hostile", action="store_true", help="issue 28's two cases instead")
    parser.add_argument("--clients", type=int, default=40, help="hostile clients a case")
    parser.add_argument("--probe-timeout", type=float, default=15)
    parser.add_argument("--cases", default="nonreading,partial", help="with --hostile")
    args = parser.parse_args()
    models = args.models.split(",")
    rows = []
    with tempfile.TemporaryDirectory(prefix="puzzledb-avail-") as tmp:
        db = Path(tmp) / "eight.sqlite"
        subprocess.run([*PUZZLEDB, "build", "eight", "--db", str(db), "-q"], check=True, env=ENV)
        if args.hostile:
            hostile(db, args)
            return
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
