"""The gunicorn worker `puzzledb serve` runs: gunicorn's threaded (gthread) worker with the
changes below, which gunicorn has no setting for, each kept to the method it concerns. The rule
they share: a thread is given to a request, never to a client that stalls.

- A request head is read in the worker's loop (the poller), without a thread: a connection goes
  to a thread only once its head is whole (or cannot become a valid one). Its head must come
  within REQUEST_SECONDS of its first byte, or the connection is closed. gunicorn reads heads in
  its threads, so 40 clients that send part of a head and reconnect when cut off held every
  thread and delayed every answer by up to 10 s (issue 28).
- An answer the client does not take at once is written out by the worker's loop too: the
  thread puts what the socket will not take into the connection's outbox and goes on to other
  requests. Output not taken within `send_timeout` seconds is dropped with the connection, and
  the next request of a connection (a pipelined one) is read only once its outbox is empty, so
  a client has at most one answer outstanding beyond the kernel's buffers. gunicorn writes with
  a blocking sendall and no deadline: 40 clients that pipeline requests for big answers and read
  nothing held every thread for ever (issue 28). The outboxes of a worker hold OUTBOX_BYTES at
  most; past that a thread writes itself, with `send_timeout` as its deadline.

- A new connection's first byte is awaited FIRST_BYTE_WAIT, not gunicorn 27's 5 s, before the
  connection goes back to the poller: otherwise 200 clients that connect and send nothing hold
  every thread 5 s at a time. Only that wait: gunicorn's DEFAULT_WORKER_DATA_TIMEOUT also
  bounds the drain of an unread body after each answer, and at 5 ms that drops kept-alive
  connections whenever the drain starts a little late (a busy CPU).
- Where a thread does read a head (none is read in the poller under TLS or HTTP/2 prior
  knowledge, which serve does not use), a head not read whole within REQUEST_SECONDS is cut
  off: its socket is shut down, which ends the read that holds the thread.
- A connection the server closes (after `Connection: close`, a refusal, a cut-off) lingers in
  the poller until the client closes its side, at most LINGER seconds, so that the last
  answer is not cut short by a reset. gunicorn lingers the same way but in the worker's loop,
  blocking it: 20 clients that ask with `Connection: close` and then keep their connections
  open stopped a worker for 40 s.
- A request that comes with a body (the API takes none, and the app refuses it with 413) is
  answered with `Connection: close`, and its body is never read by a thread: gunicorn drains
  an unread body before the next request of a kept-alive connection, a kilobyte per read,
  so a client that announced a megabyte and sent a byte a second held the thread as long as
  it liked (issue 46). Its connection lingers in the poller like any closed one.
- What gunicorn refuses itself (a request line over the limit, 414; too many or too large
  headers, 431; a malformed request, 400) is answered as the app answers its errors: JSON,
  with the security headers, instead of gunicorn's HTML page without them; or, to a browser
  outside the API (service.http.api.error_page, judged from the head read in the loop), the
  page's own small error page.

tests/http/test_serve_worker.py checks the gunicorn internals each change builds on.
"""

from __future__ import annotations

import contextlib
import selectors
import socket
import struct
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, BinaryIO
from urllib.parse import urlsplit

from gunicorn import util
from gunicorn.http.errors import LimitRequestHeaders, LimitRequestLine
from gunicorn.workers import gthread

from puzzledb.builder.core.message_text import safe_message

from ..settings import SETTINGS
from .api import error_page
from .api.caching import dumps
from .api.headers import DATA_POLICY, ERROR_PAGE_POLICY, SECURITY

if TYPE_CHECKING:  # Any to mypy: gunicorn ships no types
    from gunicorn.http.message import Request

#: gunicorn's answer for "no data yet, give the connection back to the poller".
_DEFER = gthread._DEFER

#: How long a thread waits for a new connection's first byte: a real client sends at once.
FIRST_BYTE_WAIT = 0.005
#: How long a request head may take to arrive, from its first byte to its blank line.
REQUEST_SECONDS = 5.0

#: What one worker's outboxes hold at most, answers written by its loop rather than its threads.
OUTBOX_BYTES = 64 * 1024 * 1024
HEAD_READ = 65536  # bytes of a request head read at a time in the loop
ABORT = struct.pack("ii", 1, 0)  # SO_LINGER on, 0 s: close resets the connection


@dataclass
class Limits:
    """What `serve` was given (service.settings), set in the master before the workers fork."""

    send_timeout: float = field(default_factory=SETTINGS["send_timeout"].value)


LIMITS = Limits()


def configure(send_timeout: float) -> None:
    """Called by `serve` before gunicorn forks its workers, which inherit it."""
    LIMITS.send_timeout = float(send_timeout)


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


def _has_body(req: Request) -> bool:
    """Whether a request announced a body: a length over 0, or chunks."""
    for name, value in req.headers:
        if name == "TRANSFER-ENCODING" or (name == "CONTENT-LENGTH" and value.strip() != "0"):
            return True
    return False


class _Head:
    """A request head being read in the worker's loop."""

    def __init__(self, deadline: float):
        self.deadline = deadline
        self.data = bytearray()


class PuzzledbWorker(gthread.ThreadWorker):
    """gthread that reads request heads and writes slow answers in its loop, with deadlines on
    both, a short first-byte wait, and JSON refusals."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # gunicorn's, handed on
        super().__init__(*args, **kwargs)
        self._reading: dict[gthread.TConn, float] = {}  # connection -> when its head is late
        self._reading_lock = threading.Lock()
        self._lingering: deque[tuple[float, socket.socket]] = deque()  # in closing order
        self._heads: dict[gthread.TConn, _Head] = {}  # loop only: heads still coming
        self._early: dict[gthread.TConn, bytes] = {}  # head bytes read before the parser exists
        self._outboxes: dict[gthread.TConn, _Outbox] = {}  # loop only: answers it writes out
        self._outbox_lock = threading.Lock()
        self._handed: dict[gthread.TConn, _Outbox] = {}  # from threads, under _outbox_lock
        self._outbox_bytes = 0  # in all outboxes, under _outbox_lock
        self._dropped: set[gthread.TConn] = set()  # output not taken in time: close, no linger
        self._next_sweep = 0.0
        self._thread = threading.local()  # .head: the request head a thread works on, as read
        cfg = self.cfg
        self._max_head = (
            cfg.limit_request_line
            + cfg.limit_request_fields * (cfg.limit_request_field_size + 2)
            + 4
        )
        self._reads_heads = (
            not cfg.is_ssl
            and getattr(cfg, "protocol", "http") == "http"
            and getattr(cfg, "http2_cleartext", None) in (None, "", "off", False)
        )

    # -- request heads, read in the loop ------------------------------------------------------
    def enqueue_req(self, conn: gthread.TConn) -> None:
        """On the worker's loop, for every request: a thread only once the head is whole."""
        if not self._reads_heads or self._head_read(conn):
            conn.data_ready = True  # handle() waits for no first byte
            super().enqueue_req(conn)

    def _head_read(self, conn: gthread.TConn) -> bool:
        """Read what has come of the head; True when a thread should take the connection
        (the head is whole, too long, malformed, or the client is gone), else it waits in
        the poller."""
        head = self._heads.get(conn)
        if head is None:
            head = _Head(time.monotonic() + self.cfg.keepalive)
        gone = False
        try:
            conn.sock.setblocking(False)
            while True:
                chunk = conn.sock.recv(HEAD_READ)
                if not chunk:
                    gone = True
                    break
                if not head.data:
                    head.deadline = time.monotonic() + REQUEST_SECONDS
                head.data += chunk
                if len(head.data) >= HEAD_READ:
                    break
        except BlockingIOError:
            pass
        except OSError:
            gone = True
        before = conn.parser.unreader.buf.getvalue() if conn.parser is not None else b""
        data = before + bytes(head.data)
        ready = (
            gone
            or b"\r\n\r\n" in data.lstrip(b"\r\n")  # empty lines before a request are no head
            or len(data) > self._max_head
            or data.count(b"\n") != data.count(b"\r\n")
        )
        if not ready:
            if conn not in self._heads:
                self._heads[conn] = head
                self.poller.register(
                    conn.sock, selectors.EVENT_READ, partial(self._head_readable, conn)
                )
            return False
        if self._heads.pop(conn, None) is not None:
            with contextlib.suppress(KeyError, ValueError, OSError):
                self.poller.unregister(conn.sock)
        if head.data:
            if conn.parser is not None:  # after what the parser read ahead
                conn.parser.unreader.buf.seek(0, 2)
                conn.parser.unreader.buf.write(bytes(head.data))
            else:
                self._early[conn] = bytes(head.data)
        return True

    def _head_readable(self, conn: gthread.TConn, _sock: socket.socket) -> None:
        if self._head_read(conn):
            conn.data_ready = True
            super().enqueue_req(conn)

    def _sweep(self, now: float) -> None:
        """Close the connections whose head or answer is late."""
        late = [conn for conn, head in self._heads.items() if head.deadline <= now]
        for conn in late:
            del self._heads[conn]
            self._close(conn)
        slow = [conn for conn, box in self._outboxes.items() if box.deadline <= now]
        for conn in slow:
            self._drop_outbox(conn)
            self._close(conn, abort=True)

    def _close(self, conn: gthread.TConn, abort: bool = False) -> None:
        """Close a connection; `abort`: at once, with a reset, dropping output not yet sent (a
        plain close would leave it queued behind a receive window the client keeps shut)."""
        with contextlib.suppress(KeyError, ValueError, OSError):
            self.poller.unregister(conn.sock)
        self.nr_conns -= 1
        if abort:
            with contextlib.suppress(OSError):
                conn.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, ABORT)
        util.close(conn.sock)

    # -- a thread's request ---------------------------------------------------------------------
    def handle(self, conn: gthread.TConn) -> object:
        early = self._early.pop(conn, None)
        if early is not None:
            conn.init()
            conn.parser.unreader.unread(early)
        fresh = not conn.initialized and not conn.data_ready
        if fresh and not conn.wait_for_data(FIRST_BYTE_WAIT):
            return _DEFER
        with self._reading_lock:
            self._reading[conn] = time.monotonic() + REQUEST_SECONDS
        # what a refusal is worded by (handle_error): the head as the loop read it, if it did
        unreader = getattr(conn.parser, "unreader", None)
        self._thread.head = unreader.buf.getvalue() if unreader is not None else b""
        try:
            return super().handle(conn)
        finally:
            self._thread.head = b""
            with self._reading_lock:
                self._reading.pop(conn, None)

    def handle_request(self, req: Request, conn: gthread.TConn) -> bool:
        """The head is read whole: from here the app's own time limit applies. The answer goes
        to the socket through an outbox that keeps what the client does not take at once."""
        with self._reading_lock:
            self._reading.pop(conn, None)
        if _has_body(req):  # the app refuses it (413); its connection closes, undrained
            req.must_close = True
        sock = conn.sock
        box = _Outbox(self, sock)
        conn.sock = box
        try:
            return super().handle_request(req, conn)
        except TimeoutError:  # the thread wrote itself and the client took nothing in time
            with self._outbox_lock:
                self._dropped.add(conn)
            raise StopIteration() from None
        finally:
            conn.sock = sock
            with contextlib.suppress(OSError):  # closed already if the app's answer failed
                sock.settimeout(None)
            if box.pending:
                with self._outbox_lock:  # the loop takes it in finish_request
                    self._handed[conn] = box

    # -- answers, written in the loop ---------------------------------------------------------
    def finish_request(self, conn: gthread.TConn, fs: Future[bool]) -> None:
        """On the worker's loop: an answer not yet taken is written out before anything else
        happens to its connection; a connection to close lingers in the poller, not in a wait.
        """
        with self._outbox_lock:
            dropped = conn in self._dropped
            self._dropped.discard(conn)
            box = self._handed.pop(conn, None)
        if box is not None:
            box.deadline = time.monotonic() + LIMITS.send_timeout
            self._outboxes[conn] = box
        if dropped:
            self._drop_outbox(conn)
            self._close(conn, abort=True)
            return None
        if box is not None:
            box.then = partial(self._finish, conn, fs)
            try:
                conn.sock.setblocking(False)
                self.poller.register(conn.sock, selectors.EVENT_WRITE, partial(self._write, conn))
            except (OSError, ValueError, KeyError):
                self._drop_outbox(conn)
                self._close(conn)
            return None
        return self._finish(conn, fs)

    def _finish(self, conn: gthread.TConn, fs: Future[bool]) -> None:
        closing = not fs.cancelled() and fs.exception() is None and not fs.result()
        if not closing:
            return super().finish_request(conn, fs)
        self.nr_conns -= 1
        self._linger(conn.sock)
        return None

    def _write(self, conn: gthread.TConn, _sock: socket.socket) -> None:
        """The client took some output: send it more; once all is taken, carry on."""
        box = self._outboxes.get(conn)
        if box is None:
            return
        try:
            box.flush()
        except OSError:
            self._drop_outbox(conn)
            self._close(conn, abort=True)
            return
        if box.pending:
            return
        self._drop_outbox(conn)
        with contextlib.suppress(KeyError, ValueError, OSError):
            self.poller.unregister(conn.sock)
        if box.then is not None:
            box.then()

    def _drop_outbox(self, conn: gthread.TConn) -> None:
        box = self._outboxes.pop(conn, None)
        if box is not None:
            box.release()

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

    def murder_pending(self) -> None:
        """Run by the worker's loop at least once a second."""
        super().murder_pending()
        now = time.monotonic()
        if now >= self._next_sweep:
            self._next_sweep = now + 0.1
            self._sweep(now)
        while self._lingering and self._lingering[0][0] <= now:
            self._close_lingering(self._lingering.popleft()[1])
        with self._reading_lock:
            late = [conn for conn, deadline in self._reading.items() if deadline <= now]
            for conn in late:
                del self._reading[conn]
        for conn in late:
            with contextlib.suppress(OSError):  # the blocked read returns; the thread ends
                conn.sock.shutdown(socket.SHUT_RDWR)

    def handle_error(
        self, req: Request | None, client: socket.socket, addr: object, exc: Exception
    ) -> None:
        """gunicorn decides the status, logs and counts the refusal; the answer is ours."""
        worded = _Worded()
        super().handle_error(req, worded, addr, exc)
        status, reason = worded.status()
        message = self._message(status, exc)
        path, accept = asked(getattr(self._thread, "head", b""))
        if error_page.wants_page(path, accept):
            answer = refusal_page(status, reason, message, path)
        else:
            answer = refusal(status, reason, message)
        try:
            util.write_nonblock(client, answer)
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


class _Outbox:
    """Stands in for a connection's socket while a thread answers: what the socket takes at
    once goes at once, the rest waits here for the worker's loop (within the worker's
    OUTBOX_BYTES; past that the thread writes itself, with `send_timeout` as its deadline)."""

    def __init__(self, worker: PuzzledbWorker, sock: socket.socket):
        self.worker, self.sock = worker, sock
        self.parts: deque[memoryview] = deque()
        self.held = 0  # bytes in parts, counted in the worker's total
        self.deadline = 0.0
        self.then: Callable[[], object] | None = None  # the loop's next step once all is written

    def __getattr__(self, name: str) -> Any:  # Any: the socket's own attribute
        return getattr(self.sock, name)

    @property
    def pending(self) -> bool:
        return bool(self.parts)

    def send(self, data: bytes | bytearray | memoryview, *flags: int) -> int:
        self.sendall(data)
        return len(data)

    def sendall(self, data: bytes | bytearray | memoryview) -> None:
        view = memoryview(bytes(data) if isinstance(data, bytearray) else data).cast("B")
        if not self.parts:
            self.sock.setblocking(False)
            try:
                while view:
                    view = view[self.sock.send(view) :]
            except BlockingIOError:
                pass
            finally:
                self.sock.setblocking(True)
            if not view:
                return
            worker = self.worker
            with worker._outbox_lock:
                room = worker._outbox_bytes + len(view) <= OUTBOX_BYTES
                if room:
                    worker._outbox_bytes += len(view)
            if not room:  # the worker holds enough for others: this thread writes itself
                self.sock.settimeout(LIMITS.send_timeout)
                try:
                    self.sock.sendall(view)
                finally:
                    self.sock.settimeout(None)
                return
        else:
            with self.worker._outbox_lock:
                self.worker._outbox_bytes += len(view)
        self.parts.append(view)
        self.held += len(view)

    def sendfile(self, file: BinaryIO, offset: int = 0, count: int | None = None) -> int:
        file.seek(offset)
        data = file.read() if count is None else file.read(count)
        self.sendall(data)
        return len(data)

    def flush(self) -> None:
        """On the loop, the socket non-blocking: send what it takes now."""
        while self.parts:
            part = self.parts[0]
            try:
                sent = self.sock.send(part)
            except BlockingIOError:
                return
            self._forget(sent)
            if sent < len(part):
                self.parts[0] = part[sent:]
                return
            self.parts.popleft()

    def _forget(self, sent: int) -> None:
        self.held -= sent
        with self.worker._outbox_lock:
            self.worker._outbox_bytes -= sent

    def release(self) -> None:
        with self.worker._outbox_lock:
            self.worker._outbox_bytes -= self.held
        self.held = 0
        self.parts.clear()


class _Worded:
    """Stands in for the client's socket while gunicorn words its refusal, to learn the status
    it chose (gunicorn writes it with util.write_error)."""

    def __init__(self) -> None:
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
    return _closing(status, reason, body.encode(), "application/json", DATA_POLICY)


def refusal_page(status: int, reason: str, message: str, path: str) -> bytes:
    """The same refusal as a page, for a browser (service.http.api.error_page)."""
    body = error_page.page(status, message, path).encode()
    return _closing(status, reason, body, "text/html; charset=utf-8", ERROR_PAGE_POLICY)


def _closing(status: int, reason: str, body: bytes, kind: str, policy: str) -> bytes:
    headers = [
        ("Content-Type", kind),
        ("Content-Length", str(len(body))),
        ("Connection", "close"),
        ("Cache-Control", "no-store"),
        *SECURITY,
        ("Content-Security-Policy", policy),
    ]
    head = f"HTTP/1.1 {status} {reason}\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers)
    return (head + "\r\n").encode("latin-1") + body


def asked(head: bytes) -> tuple[str, str | None]:
    """The path and the Accept header of a raw request head, as far as they can be read (a
    head gunicorn refused may be cut short or malformed): ("", None) when nothing is."""
    line, *lines = head.replace(b"\r\n", b"\n").split(b"\n")
    words = line.split(b" ")
    try:
        path = urlsplit(words[1].decode("latin-1")).path if len(words) > 1 else ""
    except ValueError:  # e.g. "http://[" : no path to read
        path = ""
    accept = None
    for header in lines:
        if not header:
            break  # the end of the head
        name, colon, value = header.partition(b":")
        if colon and name.strip().lower() == b"accept":
            accept = value.strip().decode("latin-1")
    return path, accept
