"""Issue 28: clients that stall on purpose, against `puzzledb serve` without nginx, over real
sockets. What one client holds is bounded, so a probe on another connection is answered: 40
clients that pipeline requests for big answers and read nothing, and 40 that send part of a
request head and reconnect whenever they are cut off. (Liveness bounds only, generous ones.)"""

from __future__ import annotations

import select
import socket
import threading
import time
import urllib.request

import pytest
from support.servers import puzzledb_serve

pytestmark = pytest.mark.slow  # waits out the server's deadlines for stalled clients

CLIENTS = 40
PIPELINED = 50
BIG = "/depth?puzzle=eight&d=24&limit=10000&offset={}"  # about 120 KB an answer
PARTIAL = b"GET /health HTTP/1.1\r\nHost: x\r\n"
PROBE_SECONDS = 15  # a generous bound on one probe's answer


@pytest.fixture(scope="module")
def served(seed_db):
    """`puzzledb serve` with its default settings; yields (base URL, (host, port))."""
    with puzzledb_serve(seed_db) as base_url:
        host, port = base_url.rsplit("/", 1)[1].split(":")
        yield base_url, (host, int(port))


def answered(base_url: str) -> bool:
    with urllib.request.urlopen(
        base_url + "/path?puzzle=eight&state=867254301", timeout=PROBE_SECONDS
    ) as answer:
        return answer.status == 200 and b'"depth":31' in answer.read()


def slowest_probe(base_url: str, seconds: float) -> float:
    """Probes every 0.2 s for `seconds`, each answered; the slowest one's time."""
    slowest, started = 0.0, time.monotonic()
    while time.monotonic() - started < seconds:
        asked = time.monotonic()
        assert answered(base_url)
        slowest = max(slowest, time.monotonic() - asked)
        time.sleep(0.2)
    return slowest


def non_reader(address, i: int) -> socket.socket:
    """A connection with a 2 KB receive buffer that asks for 50 big answers and reads none."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    sock.settimeout(30)
    sock.connect(address)
    sock.sendall(
        b"".join(
            f"GET {BIG.format((i * PIPELINED + k) % 14_000)} HTTP/1.1\r\nHost: x\r\n\r\n".encode()
            for k in range(PIPELINED)
        )
    )
    return sock


def test_clients_that_read_nothing_are_dropped_and_hold_up_no_one(served):
    """Before, each such client held a thread in a blocking write for ever: 40 of them stopped
    the 32 threads, and probes waited 30 s or went unanswered."""
    base_url, address = served
    held = [non_reader(address, i) for i in range(CLIENTS)]
    try:
        time.sleep(1.0)  # their requests are in
        assert answered(base_url)
        assert answered(base_url)
        # and their output, never read, is dropped with the connection (send_timeout, 10 s)
        watch = select.poll()
        for sock in held:
            watch.register(sock, select.POLLRDHUP | select.POLLHUP | select.POLLERR)
        hung_up: set[int] = set()
        deadline = time.monotonic() + 60
        while len(hung_up) < CLIENTS and time.monotonic() < deadline:
            hung_up |= {fd for fd, _ in watch.poll(1000)}
        assert len(hung_up) == CLIENTS
    finally:
        for sock in held:
            sock.close()


def test_clients_that_reconnect_to_stall_a_request_head_hold_up_no_one(served):
    """Before, each such client held a thread for the 5 s head cut-off, then took another:
    40 of them delayed every answer by 5 to 10 s. Heads are now read without a thread."""
    base_url, address = served
    stop = threading.Event()
    reconnected = [0]

    def stall() -> None:
        while not stop.is_set():
            try:
                with socket.create_connection(address, timeout=1) as sock:
                    sock.sendall(PARTIAL)
                    while not stop.is_set():
                        try:
                            if sock.recv(65536) == b"":
                                break
                        except TimeoutError:
                            continue
            except OSError:
                stop.wait(0.05)
            reconnected[0] += 1

    pests = [threading.Thread(target=stall, daemon=True) for _ in range(CLIENTS)]
    for pest in pests:
        pest.start()
    try:
        time.sleep(1.0)
        slowest = slowest_probe(base_url, 12)  # past two cut-offs of the pests' heads
        # the promise: no answer waits for the head cut-off (5 s) of another client
        assert slowest < 5.0, slowest
        assert reconnected[0] >= CLIENTS  # they were cut off, and came back
    finally:
        stop.set()
        for pest in pests:
            pest.join(5)


def read_answer(sock: socket.socket, buffered: bytes) -> tuple[bytes, bytes, bytes]:
    """(head, body, what came after) of the next answer on a kept-alive connection."""
    while b"\r\n\r\n" not in buffered:
        chunk = sock.recv(65536)
        assert chunk, "the server closed the connection"
        buffered += chunk
    head, _, rest = buffered.partition(b"\r\n\r\n")
    length = int(
        next(line for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:"))
        .split(b":")[1]
        .strip()
    )
    while len(rest) < length:
        chunk = sock.recv(65536)
        assert chunk, "the server closed the connection"
        rest += chunk
    return head, rest[:length], rest[length:]


def test_pipelined_big_answers_read_late_arrive_whole_and_in_order(served):
    """Answers the client does not take at once are written out later by the worker's loop:
    a client that asks for several and reads them only after a while gets each whole, in the
    order asked, on the same connection."""
    base_url, address = served
    offsets = [0, 5000, 10_000, 3]
    paths = [BIG.format(offset) for offset in offsets] + ["/health"]
    expected = []
    for path in paths:
        with urllib.request.urlopen(base_url + path, timeout=30) as answer:
            expected.append(answer.read())
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.settimeout(30)
        sock.connect(address)
        sock.sendall(b"".join(f"GET {p} HTTP/1.1\r\nHost: x\r\n\r\n".encode() for p in paths))
        time.sleep(2.0)  # nothing read meanwhile: the first answer waits in its outbox
        rest = b""
        for want in expected:
            head, body, rest = read_answer(sock, rest)
            assert head.startswith(b"HTTP/1.1 200") and body == want
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")  # still kept alive
        head, body, _ = read_answer(sock, rest)
        assert head.startswith(b"HTTP/1.1 200")


def test_clients_that_trickle_a_request_body_hold_up_no_one(served):
    """Issue 46, point 1: a whole head announcing a megabyte of body, then a byte a second.
    The API takes no body: the request is refused (413) with `Connection: close`, and no
    thread waits for the body (gunicorn drained it a kilobyte per read, so 20 such clients
    left 0 of 2 probes answered). 40 of them beside a prober: every probe answered at once,
    and each trickler's connection closed by the server."""
    base_url, address = served
    stop = threading.Event()
    heads: list[bytes] = []
    closed = [0]
    head = (
        b"GET /path?puzzle=eight&state=867254301 HTTP/1.1\r\nHost: x\r\n"
        b"Content-Length: 1000000\r\n\r\n"
    )

    def trickle() -> None:
        with socket.create_connection(address, timeout=1) as sock:
            sock.sendall(head)
            got = b""
            while not stop.is_set():
                try:
                    sock.sendall(b"x")
                except OSError:  # the server closed: no more body taken
                    break
                try:
                    chunk = sock.recv(65536)
                except TimeoutError:
                    continue
                except OSError:
                    break
                if chunk == b"":
                    break
                got += chunk
            else:
                return
            closed[0] += 1
            heads.append(got.split(b"\r\n\r\n", 1)[0])

    pests = [threading.Thread(target=trickle, daemon=True) for _ in range(CLIENTS)]
    for pest in pests:
        pest.start()
    try:
        time.sleep(1.0)
        slowest = slowest_probe(base_url, 8)  # past gunicorn's 5 s drain of an unread body
        assert slowest < 2.0, slowest
        stop.set()
        for pest in pests:
            pest.join(5)
        assert closed[0] == CLIENTS, closed[0]  # each closed by the server, none left waiting
        assert all(h.startswith(b"HTTP/1.1 413 ") for h in heads), heads[:1]
        assert all(b"Connection: close" in h for h in heads), heads[:1]
    finally:
        stop.set()
        for pest in pests:
            pest.join(5)
