"""A second writer for big builds: a process forked after the search writes part of the rows.

A build's rows are stored on one core (binding a row to SQLite costs about a microsecond), and
Python's lock keeps a second thread from sharing that work. So for a big build into a new file,
a child process, forked after the search (it shares the search's arrays, which no one writes,
without copying them), writes the upper half of the key order while this process writes the
lower half: as rows SQLite stores in a side file (db.store.two_writers), or as leaves far along
the new file (db.pages.upper). This module is what both share: the fork, the child's progress
and its failure, and whether a second process is worth its start.
"""

from __future__ import annotations

import contextlib
import mmap
import os
import signal
import struct
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

from puzzledb.db.errors import DatabaseFault


class SecondWriterFailed(DatabaseFault):
    """The child could not write its half (a full disk, a fault of SQLite's): database_error,
    as when this process fails to write its own half."""

    #: the type of the child's error, by name
    kind: str = ""


#: Below this many rows the second process is not worth its start.
MIN_ROWS = 4_000_000
#: How the child's message about a failure reaches the parent, at most this many bytes.
MESSAGE_BYTES = 4096


def worthwhile(rows: int) -> bool:
    """A second process helps only where there is a second core and fork shares memory."""
    return rows >= MIN_ROWS and sys.platform.startswith("linux") and (os.cpu_count() or 1) >= 2


class SideWriter:
    """The child process writing into `path`: how far it got, and how it ended."""

    def __init__(self, pid: int, shared: mmap.mmap, path: Path):
        self.pid, self._shared, self.path = pid, shared, path
        self._status: int | None = None

    def written(self) -> int:
        return struct.unpack_from("q", self._shared, 0)[0]

    def wait(self) -> None:
        """Until the child is done; a failure becomes this process's error."""
        _, status = os.waitpid(self.pid, 0)
        self._status = status
        code = os.waitstatus_to_exitcode(status)
        if code != 0:
            message = (
                self._shared[8 : 8 + MESSAGE_BYTES].split(b"\0", 1)[0].decode("utf-8", "replace")
                or f"exit status {code}"
            )
            failure = SecondWriterFailed(f"the second writer failed: {message}")
            failure.kind = message.split(":", 1)[0]  # the child's error's type, by name
            raise failure

    def stop(self) -> None:
        if self._status is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(self.pid, 0)
            self._status = -1


@contextlib.contextmanager
def forked(work: Callable[[Callable[[int], None]], None], path: Path) -> Iterator[SideWriter]:
    """Fork a child that runs `work(report)` and exits; `report(rows)` publishes its progress,
    and what it writes goes into `path`. On leaving, a child still running is killed."""
    shared = mmap.mmap(-1, 8 + MESSAGE_BYTES)  # anonymous and shared with the child
    with warnings.catch_warnings():  # Python 3.12 warns of forking beside threads; the
        warnings.simplefilter("ignore", DeprecationWarning)  # child uses none of them
        pid = os.fork()
    if pid == 0:
        _child(work, shared)  # never returns
    writer = SideWriter(pid, shared, path)
    try:
        yield writer
    finally:
        writer.stop()


def _child(work: Callable[[Callable[[int], None]], None], shared: mmap.mmap) -> None:
    """Do the work, then leave at once: no handler, flush or finalizer of the parent's
    (its database connection above all) may run in this copy of it."""
    status = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides; it kills us
        parent = os.getppid()

        def report(rows: int) -> None:
            if os.getppid() != parent:  # the parent died: stop writing for no one
                os._exit(1)
            struct.pack_into("q", shared, 0, rows)

        work(report)
        status = 0
    except BaseException as error:
        message = f"{type(error).__name__}: {error}".encode("utf-8", "replace")[:MESSAGE_BYTES]
        shared[8 : 8 + len(message)] = message
    finally:
        os._exit(status)
