"""`puzzledb serve` as a user runs it: a real gunicorn process answering over loopback HTTP."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).with_name("puzzledb")  # the console script, as a user runs it
PUZZLEDB = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "puzzledb.service.cli"]
START_SECONDS = 20


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url: str) -> tuple[int, dict, dict]:
    """(status, headers, JSON body), for errors too."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, dict(response.headers), json.load(response)
    except urllib.error.HTTPError as failure:
        return failure.code, dict(failure.headers), json.load(failure)


def wait_until_up(server: subprocess.Popen, base: str) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            assert server.stderr is not None
            pytest.fail(f"serve exited with {server.returncode}: {server.stderr.read()}")
        try:
            if fetch(base + "/health")[0] == 200:
                return
        except (urllib.error.URLError, ConnectionError):
            pass
        time.sleep(0.1)
    pytest.fail(f"serve did not answer within {START_SECONDS} s")


def one_worker(db, port: int) -> subprocess.Popen:
    """`puzzledb serve` of `db` on `port` with one worker, its output read as text."""
    return subprocess.Popen(
        [*PUZZLEDB, "serve", "--db", str(db), "--port", str(port), "--workers", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_serve_answers_over_http(seed_db):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = one_worker(seed_db, port)
    try:
        wait_until_up(server, base)
        status, headers, path = fetch(base + "/path?puzzle=eight&state=867254301")
        assert status == 200 and headers["Content-Type"] == "application/json"
        assert path["depth"] == 31 and path["moves"][0] == "tile 5 down" and headers["ETag"]
        status, _, moves = fetch(base + "/moves?puzzle=nooff&state=LLONOFF_")
        assert status == 200 and moves["moves"][0]["move"] == "N down"
        assert moves["moves"][0]["optimal"] is True
        status, _, failure = fetch(base + "/path?puzzle=eight&state=123456870")
        assert status == 404 and failure["error"]["code"] == "unreachable"
        status, _, failure = fetch(base + "/stats?puzzle=nope")
        assert status == 404 and failure["error"]["code"] == "unknown_puzzle"
    finally:
        server.terminate()
        try:
            _, log = server.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            _, log = server.communicate()
    assert server.returncode == 0, log
    assert f"127.0.0.1:{port}" in log
    assert "GET /path" not in log  # no access log unless asked for
    assert "Traceback" not in log


def test_serve_without_a_database_fails_clearly(tmp_path):
    missing = tmp_path / "absent.sqlite"
    result = subprocess.run(
        [*PUZZLEDB, "serve", "--db", str(missing), "--port", str(free_port())],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 4
    assert f"no puzzledb database at {missing}" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert not missing.exists()


def test_serve_refuses_a_file_that_is_not_a_database(tmp_path):
    garbage = tmp_path / "garbage.sqlite"
    garbage.write_bytes(b"not sqlite at all" * 200)
    result = subprocess.run(
        [*PUZZLEDB, "serve", "--db", str(garbage), "--port", str(free_port())],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    assert "cannot use the database" in result.stderr and "Traceback" not in result.stderr


def test_serve_checks_its_options(seed_db):
    result = subprocess.run(
        [*PUZZLEDB, "serve", "--db", str(seed_db), "--workers", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and "--workers" in result.stderr


def test_a_malformed_request_is_logged_on_one_short_line(seed_db):
    """gunicorn repeats a refused request line whole (up to 8 KB) in its log: cut it short."""
    import socket

    port = free_port()
    server = one_worker(seed_db, port)
    try:
        wait_until_up(server, f"http://127.0.0.1:{port}")
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(b"GET /" + b"x" * 7000 + b"\x1b[2J HTTP/1.1 extra\r\n\r\n")
            assert sock.recv(100).startswith(b"HTTP/1.1 400")
    finally:
        server.terminate()
        _, log = server.communicate(timeout=30)
    refused = [line for line in log.splitlines() if "Invalid request" in line]
    assert refused and all(len(line) < 400 and "\x1b" not in line for line in refused)


def test_serve_says_its_address_once_it_accepts_connections(seed_db):
    """Issue 27: serve printed its URL before it listened, so a curl right after the line
    was refused. The line comes once the socket listens: one try, right after it, answers;
    and it is the one line that gives the address."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = one_worker(seed_db, port)
    try:
        assert server.stderr is not None
        lines = []
        for line in server.stderr:  # until the address, or the end if serve exits
            lines.append(line)
            if base in line:
                break
        assert lines and lines[-1].startswith(
            f"puzzledb: serving 7 builds from {seed_db} at {base}/"
        ), "".join(lines)
        status, _, health = fetch(base + "/health")  # the first try, at once
        assert status == 200, health
    finally:
        server.terminate()
        try:
            _, rest = server.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            _, rest = server.communicate()
    log = "".join(lines) + rest
    assert server.returncode == 0, log
    assert [line for line in log.splitlines() if f"127.0.0.1:{port}" in line] == [
        lines[-1].rstrip("\n")
    ], log
