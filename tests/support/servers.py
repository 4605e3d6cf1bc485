"""Servers for the tests and the benchmarks, each on a free loopback port, stopped on exit.

    with puzzledb_serve(db, "--threads", "16") as base: ...      # http://127.0.0.1:PORT
    with nginx_in_front(base) as front: ...                      # deploy/nginx.conf, other ports

Nothing here is puzzledb's product; it only starts what docs/deploying.md describes. Its home is
with the tests, which run it on every change; bench/ puts tests/ on its path to use it too.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

TREE = Path(__file__).resolve().parents[2]
PUZZLEDB = [sys.executable, "-m", "puzzledb.service.cli"]
NGINX_CONF = TREE / "deploy" / "nginx.conf"
ENV = dict(os.environ)  # puzzledb comes from the install (editable: this checkout)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_up(base: str, server: subprocess.Popen, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"{server.args!r} exited with status {server.returncode}")
        try:
            with urllib.request.urlopen(base + "/health", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{base} did not answer within {seconds} s")


@contextlib.contextmanager
def running(command: list[str], base: str, **popen):
    server = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV, **popen
    )
    try:
        wait_until_up(base, server)
        yield server
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@contextlib.contextmanager
def puzzledb_serve(db: Path, *options: str):
    """`puzzledb serve` as documented; yields its base URL."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with running([*PUZZLEDB, "serve", "--db", str(db), "--port", str(port), *options], base):
        yield base


def nginx_config(upstream_port: int, listen_port: int, **replace: str) -> str:
    """deploy/nginx.conf with other ports (and any directive's value replaced by name)."""
    text = NGINX_CONF.read_text()
    text = text.replace("server 127.0.0.1:8000;", f"server 127.0.0.1:{upstream_port};")
    text = text.replace("listen 80;", f"listen 127.0.0.1:{listen_port};")
    text = text.replace("worker_processes auto;", "worker_processes 1;")
    for name, value in replace.items():
        lines = [line for line in text.splitlines() if line.strip().startswith(name + " ")]
        if not lines:
            raise KeyError(f"deploy/nginx.conf has no {name} directive")
        for line in lines:
            indent = line[: len(line) - len(line.lstrip())]
            text = text.replace(line, f"{indent}{name} {value};")
    return text


@contextlib.contextmanager
def nginx_in_front(base: str, **replace: str):
    """nginx with deploy/nginx.conf, proxying to `base`; yields nginx's base URL."""
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not os.path.exists(nginx):
        raise RuntimeError("nginx is not installed; on Debian: apt-get install -y nginx")
    upstream = int(base.rsplit(":", 1)[1])
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="puzzledb-nginx-") as prefix:
        os.chmod(prefix, 0o755)  # nginx's workers may run as nobody
        conf = Path(prefix) / "nginx.conf"
        conf.write_text(nginx_config(upstream, port, **replace))
        command = [
            nginx,
            "-p",
            prefix,
            "-c",
            str(conf),
            "-e",
            f"{prefix}/error.log",
            "-g",
            f"daemon off; pid {prefix}/nginx.pid;",
        ]
        front = f"http://127.0.0.1:{port}"
        with running(command, front):
            yield front
