"""The deployment docs/deploying.md recommends for the open internet: nginx with deploy/nginx.conf
in front of `puzzledb serve`, both on loopback. Answers pass through unchanged, slow clients are
cut off by nginx, and idle or slow clients do not keep others from being answered.
"""

from __future__ import annotations

import shutil
import socket
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from support.servers import nginx_config, nginx_in_front, puzzledb_serve

pytestmark = pytest.mark.skipif(
    not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()),
    reason="nginx is not installed (tests/install.sh installs it)",
)


@pytest.fixture(scope="module")
def deployed(tmp_path_factory, seed_db):
    with (
        puzzledb_serve(seed_db, "--workers", "1", "--threads", "8") as direct,
        nginx_in_front(direct, client_header_timeout="1s") as front,
    ):
        yield direct, front


def fetch(url: str) -> tuple[int, dict, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_the_config_file_is_the_one_documented():
    text = nginx_config(8001, 9001)
    assert "server 127.0.0.1:8001;" in text and "listen 127.0.0.1:9001;" in text
    with pytest.raises(KeyError):
        nginx_config(8001, 9001, no_such_directive="1")


def test_answers_pass_through_nginx_unchanged(deployed):
    direct, front = deployed
    for route in [
        "/path?puzzle=eight&state=867254301",
        "/moves?puzzle=nooff&state=LLONOFF_",
        "/stats?puzzle=peg15",
        "/path?puzzle=eight&state=12345678",
        "/path?puzzle=eight&state=123456780&bogus=1",
    ]:
        (status, headers, body), (front_status, front_headers, front_body) = (
            fetch(direct + route),
            fetch(front + route),
        )
        assert (front_status, front_body) == (status, body), route
        assert front_headers["Content-Type"] == headers["Content-Type"]
        assert front_headers["X-Content-Type-Options"] == "nosniff"
        assert front_headers["Content-Security-Policy"] == headers["Content-Security-Policy"]
    page = fetch(front + "/")
    assert page[0] == 200 and "script-src 'self'" in page[1]["Content-Security-Policy"]
    post = urllib.request.Request(front + "/path", method="POST", data=b"")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(post, timeout=10)
    assert refused.value.code == 405


def _host_port(base: str) -> tuple[str, int]:
    host, port = base.rsplit("/", 1)[1].split(":")
    return host, int(port)


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_nginx_cuts_off_a_client_that_trickles_its_headers(deployed):
    _, front = deployed
    with socket.create_connection(_host_port(front), timeout=10) as sock:
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: localhost\r\n")
        started = time.monotonic()
        for i in range(10):
            time.sleep(0.3)
            try:
                sock.sendall(f"X-Slow-{i}: 1\r\n".encode())
            except OSError:
                break
        answer = sock.recv(4096)
        waited = time.monotonic() - started
    assert waited < 5  # cut off at client_header_timeout (1 s here), not left to trickle on
    assert answer == b"" or answer.startswith(b"HTTP/1.1 408")


def test_idle_and_slow_clients_do_not_keep_others_waiting(deployed):
    _, front = deployed
    address = _host_port(front)
    pests = [socket.create_connection(address, timeout=10) for _ in range(60)]
    try:
        for sock in pests[:6]:
            sock.sendall(b"GET /health HTTP/1.1\r\nHost: localhost\r\n")  # never finished
        for i in range(20):  # each within fetch's timeout: answered, not queued behind them
            status, _, _ = fetch(
                front + ("/health" if i % 2 else "/path?puzzle=eight&state=867254301")
            )
            assert status == 200
    finally:
        for sock in pests:
            sock.close()
