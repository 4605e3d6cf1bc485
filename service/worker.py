"""The gunicorn worker `puzzledb serve` runs: gunicorn's threaded (gthread) worker with three
changes gunicorn has no setting for, each kept to the method it concerns.

- A new connection's first byte is awaited FIRST_BYTE_WAIT, not gunicorn 27's 5 s, before the
  connection goes back to the poller: otherwise 200 clients that connect and send nothing hold
  every thread 5 s at a time. Only that wait: gunicorn's DEFAULT_WORKER_DATA_TIMEOUT also
  bounds the drain of an unread body after each answer, and at 5 ms that drops kept-alive
  connections whenever the drain starts a little late (a busy CPU).
- A request head not read whole within REQUEST_SECONDS is cut off: its socket is shut down,
  which ends the read that holds the thread. gunicorn has no header timeout, so a client that
  sends part of its headers and waits would hold a thread for ever, and a few dozen would
  starve the service.
- A connection the server closes (after `Connection: close`, a refusal, a cut-off) lingers in
  the poller until the client closes its side, at most LINGER seconds, so that the last
  answer is not cut short by a reset. gunicorn lingers the same way but in the worker's loop,
  blocking it: 20 clients that ask with `Connection: close` and then keep their connections
  open stopped a worker for 40 s.
- What gunicorn refuses itself (a request line over the limit, 414; too many or too large
  headers, 431; a malformed request, 400) is answered as the app answers its errors: JSON,
  with the security headers, instead of gunicorn's HTML page without them.

tests/test_serve_worker.py checks the gunicorn internals each change builds on.
"""

from __future__ import annotations

import contextlib
import selectors
import socket
import threading
import time
from collections import deque

from gunicorn import util
from gunicorn.http.errors import LimitRequestHeaders, LimitRequestLine
from gunicorn.workers import gthread

from puzzledb.builder.errors import safe_message

from .api.caching import dumps
from .api.headers import DATA_POLICY, SECURITY

#: gunicorn's answer for "no data yet, give the connection back to the poller".
_DEFER = gthread._DEFER

#: How long a thread waits for a new connection's first byte: a real client sends at once.
FIRST_BYTE_WAIT = 0.005
#: How long a request head may take to arrive, from its first byte to its blank line.
REQUEST_SECONDS = 5.0

#: How long a closed connection's last answer may take to be read before the socket goes.
LINGER = 2.0
LINGER_READ = 65536  # bytes read away at a time from a client still sending

#: JSON `code` of each status gunicorn answers itself.
CODES = {
    400: "bad_request",
    403: "forbidden",
    414: "request_line_too_long",
    417: "expectation_failed",
    431: "headers_too_large",
    500: "internal_error",
    501: "not_implemented",
}
SHOWN = 60  # characters of a malformed request repeated in the message


class PuzzledbWorker(gthread.ThreadWorker):
    """gthread with a short first-byte wait, a deadline on request heads and JSON refusals."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._reading: dict[gthread.TConn, float] = {}  # connection -> when its head is late
        self._reading_lock = threading.Lock()
        self._lingering: deque[tuple[float, socket.socket]] = deque()  # in closing order

    def handle(self, conn):
        fresh = not conn.initialized and not conn.data_ready
        if fresh and not conn.wait_for_data(FIRST_BYTE_WAIT):
            return _DEFER
        with self._reading_lock:
            self._reading[conn] = time.monotonic() + REQUEST_SECONDS
        try:
            return super().handle(conn)
        finally:
            with self._reading_lock:
                self._reading.pop(conn, None)

    def handle_request(self, req, conn):
        """The head is read whole: from here the app's own time limit applies."""
        with self._reading_lock:
            self._reading.pop(conn, None)
        return super().handle_request(req, conn)

    def finish_request(self, conn, fs):
        """On the worker's loop: a connection to close lingers in the poller, not in a wait."""
        closing = not fs.cancelled() and fs.exception() is None and not fs.result()
        if not closing:
            return super().finish_request(conn, fs)
        self.nr_conns -= 1
        self._linger(conn.sock)

    def _linger(self, sock: socket.socket) -> None:
        try:
            sock.shutdown(socket.SHUT_WR)  # the answer is complete: FIN after it
            sock.setblocking(False)
            self.poller.register(sock, selectors.EVENT_READ, self._drain)
        except (OSError, ValueError, KeyError):
            util.close(sock)
            return
        self._lingering.append((time.monotonic() + LINGER, sock))

    def _drain(self, sock: socket.socket) -> None:
        """The client sent more or closed: read it away, and close once it has closed."""
        try:
            data = sock.recv(LINGER_READ)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._close_lingering(sock)

    def _close_lingering(self, sock: socket.socket) -> None:
        with contextlib.suppress(KeyError, ValueError, OSError):
            self.poller.unregister(sock)
        util.close(sock)

    def murder_pending(self):
        """Run by the worker's loop at least once a second."""
        super().murder_pending()
        now = time.monotonic()
        while self._lingering and self._lingering[0][0] <= now:
            self._close_lingering(self._lingering.popleft()[1])
        with self._reading_lock:
            late = [conn for conn, deadline in self._reading.items() if deadline <= now]
            for conn in late:
                del self._reading[conn]
        for conn in late:
            with contextlib.suppress(OSError):  # the blocked read returns; the thread ends
                conn.sock.shutdown(socket.SHUT_RDWR)

    def handle_error(self, req, client, addr, exc):
        """gunicorn decides the status, logs and counts the refusal; the answer is ours."""
        worded = _Worded()
        super().handle_error(req, worded, addr, exc)
        status, reason = worded.status()
        try:
            util.write_nonblock(client, refusal(status, reason, self._message(status, exc)))
        except Exception:
            self.log.debug("Failed to send error message.")

    def _message(self, status: int, exc: Exception) -> str:
        if status == 414 or isinstance(exc, LimitRequestLine):
            return f"the request line is longer than {self.cfg.limit_request_line:,} bytes"
        if status == 431 or isinstance(exc, LimitRequestHeaders):
            return (
                f"the request has more than {self.cfg.limit_request_fields} headers or a header "
                f"longer than {self.cfg.limit_request_field_size:,} bytes"
            )
        if status >= 500:
            return "internal error; it has been logged"
        return safe_message(f"not a well-formed HTTP request: {exc}", SHOWN + 40)


class _Worded:
    """Stands in for the client's socket while gunicorn words its refusal, to learn the status
    it chose (gunicorn writes it with util.write_error)."""

    def __init__(self):
        self.data = b""

    def gettimeout(self) -> float:
        return 0.0

    def sendall(self, data: bytes) -> None:
        self.data += data

    def status(self) -> tuple[int, str]:
        line = self.data.split(b"\r\n", 1)[0].decode("latin-1").split(" ", 2)
        if len(line) == 3 and line[1].isdigit():
            return int(line[1]), line[2]
        return 400, "Bad Request"


def refusal(status: int, reason: str, message: str) -> bytes:
    """A whole HTTP response that closes the connection: the app's JSON error shape and the
    headers every answer carries."""
    body = dumps({"error": {"code": CODES.get(status, "bad_request"), "message": message}})
    headers = [
        ("Content-Type", "application/json"),
        ("Content-Length", str(len(body.encode()))),
        ("Connection", "close"),
        ("Cache-Control", "no-store"),
        *SECURITY,
        ("Content-Security-Policy", DATA_POLICY),
    ]
    head = f"HTTP/1.1 {status} {reason}\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers)
    return (head + "\r\n").encode("latin-1") + body.encode()
