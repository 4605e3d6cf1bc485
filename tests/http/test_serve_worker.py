"""`puzzledb serve`'s own gunicorn worker, over real sockets: what gunicorn itself refuses is JSON
with the security headers, a request not complete within a few seconds is cut off, and a
kept-alive connection is not dropped after an answer; plus the gunicorn internals the worker
builds on, so that a gunicorn release that moves them fails here first."""

from __future__ import annotations

import contextlib
import inspect
import json
import socket
import urllib.request

import pytest
from gunicorn import util
from gunicorn.workers import base, gthread
from support.servers import puzzledb_serve

from puzzledb.service.http import worker
from puzzledb.service.http.api.headers import SECURITY

PARTIAL = b"GET /health HTTP/1.1\r\nHost: x\r\n"  # a request head that never ends


@pytest.fixture(scope="module")
def served(seed_db):
    """`puzzledb serve` with its default settings; yields (host, port)."""
    with puzzledb_serve(seed_db) as base_url:
        host, port = base_url.rsplit("/", 1)[1].split(":")
        yield host, int(port)


def exchange(address, data: bytes) -> bytes:
    """Send `data` on a new connection and read until the server closes it."""
    with socket.create_connection(address, timeout=30) as sock:
        sock.sendall(data)
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    return received


def one_response(sock: socket.socket) -> bytes:
    """Read one whole response (head and Content-Length bytes of body) from a kept-alive
    connection; b"" when the server closed it first."""
    received = b""
    while b"\r\n\r\n" not in received:
        chunk = sock.recv(65536)
        if not chunk:
            return received
        received += chunk
    _, headers, body = parse(received)
    while len(body) < int(headers["Content-Length"]):
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
        received += chunk
    return received


def parse(response: bytes) -> tuple[int, dict, bytes]:
    head, _, body = response.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines)
    return int(status_line.split()[1]), headers, body


REFUSED = {
    "request line of 9,000 bytes": (b"GET /" + b"x" * 9000 + b" HTTP/1.1\r\n\r\n", 414),
    "60 headers": (
        b"GET /health HTTP/1.1\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(60)) + b"\r\n",
        431,
    ),
    "a header of 5,000 bytes": (
        b"GET /health HTTP/1.1\r\nX-Big: " + b"y" * 5000 + b"\r\n\r\n",
        431,
    ),
    "a garbage request line": (b"\x1b[2J nonsense\r\n\r\n", 400),
}


@pytest.mark.parametrize("what", REFUSED)
def test_what_gunicorn_refuses_is_json_with_the_security_headers(served, what):
    request, expected = REFUSED[what]
    status, headers, body = parse(exchange(served, request))
    assert status == expected
    for name, value in SECURITY:
        assert headers[name] == value
    assert headers["Content-Security-Policy"] == "default-src 'none'; frame-ancestors 'none'; " + (
        "base-uri 'none'"
    )
    assert headers["Content-Type"] == "application/json" and headers["Connection"] == "close"
    assert headers["Cache-Control"] == "no-store" and int(headers["Content-Length"]) == len(body)
    error = json.loads(body)["error"]
    assert set(error) == {"code", "message"} and error["code"] == worker.CODES[expected]
    assert len(error["message"]) < 300 and "\x1b" not in error["message"]


def test_a_body_is_refused_and_its_connection_closed_without_reading_it(served):
    """gunicorn drains a body the app did not read before it keeps a connection for the next
    request, a kilobyte per read, in a thread: a client trickling its body held that thread
    (issue 46). A body is refused (413) and its connection closed, the body never waited for;
    a kept-alive connection without one still outlasts a pause between requests."""
    with socket.create_connection(served, timeout=30) as sock:
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\n")
        refused = one_response(sock)
        assert refused.startswith(b"HTTP/1.1 413") and b"Connection: close" in refused
        sock.settimeout(5)
        assert sock.recv(65536) == b""  # closed by the server, the body unread
    with socket.create_connection(served, timeout=30) as sock:
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
        assert one_response(sock).startswith(b"HTTP/1.1 200")
        sock.settimeout(0.2)  # the next request comes 0.2 s after the answer
        with pytest.raises(TimeoutError):
            sock.recv(1)
        sock.settimeout(30)
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        second = one_response(sock)
    assert second.startswith(b"HTTP/1.1 200")


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_requests_not_complete_within_seconds_are_cut_off(served):
    """40 clients that send part of a request head and wait outnumber the 32 threads of the
    default 2 workers; they are cut off after REQUEST_SECONDS, so others are answered."""
    held = [socket.create_connection(served, timeout=60) for _ in range(40)]
    try:
        for sock in held:
            sock.sendall(PARTIAL)
        host, port = served
        for route in ("/health", "/path?puzzle=eight&state=867254301", "/health"):
            with urllib.request.urlopen(f"http://{host}:{port}{route}", timeout=30) as answer:
                assert answer.status == 200
        for sock in held:
            with contextlib.suppress(ConnectionResetError):  # closed by the server, either way
                assert sock.recv(65536) == b""
    finally:
        for sock in held:
            sock.close()


def test_clients_that_keep_a_finished_connection_open_keep_no_one_waiting(served):
    """After `Connection: close` or a refusal the server closes; a client that then keeps its
    side open costs a socket for a moment, never the worker's loop (gunicorn lingers there 2 s
    a connection: 20 such clients stopped a worker for 40 s)."""
    asks = [b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", b"\x01 x\r\n\r\n"]
    held = [socket.create_connection(served, timeout=60) for _ in range(20)]
    try:
        for i, sock in enumerate(held):
            sock.sendall(asks[i % 2])
        host, port = served
        for route in ("/health", "/path?puzzle=eight&state=867254301", "/health"):
            with urllib.request.urlopen(f"http://{host}:{port}{route}", timeout=10) as answer:
                assert answer.status == 200
        for i, sock in enumerate(held):
            answer = b""
            while chunk := sock.recv(65536):  # the whole answer, then the server's close
                answer += chunk
            assert answer.startswith(b"HTTP/1.1 200" if i % 2 == 0 else b"HTTP/1.1 400")
    finally:
        for sock in held:
            sock.close()


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_a_trickled_request_head_is_cut_off_too(served):
    """One header line every 0.5 s never lets a read wait long; the deadline is for the whole
    request head."""
    with socket.create_connection(served, timeout=60) as sock:
        sock.sendall(PARTIAL)
        sent = 0
        try:
            while sent < 200:  # 100 s of trickling, far past the cut-off
                sock.settimeout(0.5)
                try:
                    if sock.recv(65536) == b"":
                        break
                except TimeoutError:
                    pass
                sock.sendall(b"X-Slow-%d: 1\r\n" % sent)
                sent += 1
        except (BrokenPipeError, ConnectionResetError):
            pass
    assert sent < 200


def test_connections_that_send_nothing_hold_no_thread(seed_db):
    """gunicorn 27 lets a new connection hold a thread 5 s for its first byte: 40 such would
    keep two threads for 100 s. The worker hands them back to the poller at once."""
    with puzzledb_serve(seed_db, "--workers", "1", "--threads", "2") as base_url:
        host, port = base_url.rsplit("/", 1)[1].split(":")
        idle = [socket.create_connection((host, int(port)), timeout=60) for _ in range(40)]
        try:
            for _ in range(3):
                with urllib.request.urlopen(base_url + "/health", timeout=10) as answer:
                    assert answer.status == 200
        finally:
            for sock in idle:
                sock.close()


# -- the gunicorn internals the worker builds on ------------------------------------------------
def parameters(function) -> list[str]:
    return list(inspect.signature(function).parameters)


def test_the_threaded_worker_still_has_the_hooks_the_worker_overrides():
    assert issubclass(worker.PuzzledbWorker, gthread.ThreadWorker)
    assert parameters(gthread.ThreadWorker.handle) == ["self", "conn"]
    assert parameters(gthread.ThreadWorker.handle_request) == ["self", "req", "conn"]
    assert parameters(gthread.ThreadWorker.murder_pending) == ["self"]
    assert "self.murder_pending()" in inspect.getsource(gthread.ThreadWorker.run)
    assert parameters(gthread.TConn.wait_for_data) == ["self", "timeout"]
    assert parameters(base.Worker.handle_error) == ["self", "req", "client", "addr", "exc"]
    # handle() waits for a new connection's first byte unless data_ready says it came, and
    # gives the connection back to the poller with _DEFER when it did not
    source = inspect.getsource(gthread.ThreadWorker.handle)
    assert "if not conn.initialized and not conn.data_ready:" in source
    assert "return _DEFER" in source and gthread._DEFER is worker._DEFER
    # handle_request() is where a request head has been read whole
    assert "req = next(conn.parser)" in source
    assert source.index("req = next(conn.parser)") < source.index("self.handle_request(req, conn)")
    # finish_request() runs on the worker's loop and closes the connection when handle()
    # returned something false, counting it out of nr_conns; _DEFER is not false
    source = inspect.getsource(gthread.ThreadWorker.finish_request)
    assert parameters(gthread.ThreadWorker.finish_request) == ["self", "conn", "fs"]
    assert "elif result:" in source and "conn.close(graceful=True)" in source
    assert "self.nr_conns -= 1" in source and bool(gthread._DEFER)
    # handle_error() writes its answer through util.write_error on the client socket
    assert "util.write_error(client, status_int, reason, mesg)" in inspect.getsource(
        base.Worker.handle_error
    )
    assert parameters(util.write_error) == ["sock", "status_int", "reason", "mesg"]
