"""One read-only connection per thread over a file that may be rebuilt or replaced while the
service runs, and a generation number that changes whenever what the file says may have changed.

Before every request a thread checks two things, both cheap: `PRAGMA data_version` (a build
committed in place) and the file's identity (a new file renamed into place, or an immutable
file changed). Either one starts a new generation and, for a new file, opens it afresh. A thread
that opens the file for the first time starts one too: it cannot tell whether the file is the
one the others have been answering from, and what was remembered from that one (answers, build
rows) must not answer it. Each thread is labelled with the generation its check saw, so what a
request computes is kept only if no newer generation began meanwhile; so every request from
the one after a publish on, on every thread, answers from the new data, with no restart.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator

from puzzledb.db import queries
from puzzledb.db.connection import Database, ReadConnection
from puzzledb.db.errors import DatabaseFault, NotBuilt


class FileGone(DatabaseFault):
    """The served file was removed while serving: a fault of the service (503), not a build the
    client may ask for (NotBuilt is the CLI's word for it)."""

    public = "the service's database file is missing; try again later"


class FreshConnections:
    """What Answers reads through in the service: `connection()` like a Database's; `latest`,
    the newest generation, and `seen()`, the generation this thread's last check saw."""

    def __init__(self, database: Database, on_change: Callable[[int], None] = lambda _: None):
        self.database = database
        self.latest = 0
        self._on_change = on_change
        self._local = threading.local()
        self._lock = threading.Lock()

    @contextlib.contextmanager
    def connection(self) -> Iterator[ReadConnection]:
        yield self._fresh()

    def seen(self) -> int:
        """The generation this thread's data belongs to (as of its last check)."""
        return getattr(self._local, "generation", -1)

    def _fresh(self) -> ReadConnection:
        local = self._local
        label = self.latest  # read before looking: the data seen is at least this new
        conn = getattr(local, "conn", None)
        if conn is not None and conn.stale():
            conn.close()
            conn = local.conn = None
        if conn is None:
            conn = self._open()
            local.conn, local.version = conn, queries.data_version(conn)
            label = self.changed()
        else:
            version = queries.data_version(conn)
            if version != local.version:
                local.version = version
                label = self.changed()
        local.generation = label
        return conn

    def _open(self) -> ReadConnection:
        """The file opened afresh; FileGone when nothing is there any more."""
        try:
            return self.database.connect()
        except NotBuilt:
            raise FileGone(
                f"the database file is missing: {self.database.path} (it was there when the "
                f"service started)"
            ) from None

    def changed(self) -> int:
        """The data changed (or may have): a new generation, everyone told; returns it."""
        with self._lock:
            self.latest += 1
            self._on_change(self.latest)
            return self.latest

    def forget(self) -> None:
        """After a database error: this thread opens the file afresh next time."""
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None
        self.changed()
