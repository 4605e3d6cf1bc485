"""One read-only connection per thread over a file that may be rebuilt or replaced while the
service runs, and a generation number that changes whenever what the file says changes.

Before every request a thread checks two things, both cheap: `PRAGMA data_version` (a build
committed in place) and the file's identity (a new file renamed into place, or an immutable
file changed). Either one starts a new generation and, for a new file, opens it afresh; so
the service answers from a newly published file within one request, with no restart.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable

from puzzledb.db import queries
from puzzledb.db.connection import Database


class FreshConnections:
    """What Answers reads through in the service: `connection()` like a Database's, and a
    `generation` that Answers and the answer cache key their memories on."""

    def __init__(self, database: Database, on_change: Callable[[], None] = lambda: None):
        self.database = database
        self.generation = 0
        self._on_change = on_change
        self._local = threading.local()
        self._lock = threading.Lock()

    @contextlib.contextmanager
    def connection(self):
        yield self._fresh()

    def _fresh(self):
        local = self._local
        conn = getattr(local, "conn", None)
        if conn is None or conn.stale():
            if conn is not None:
                conn.close()
                self.changed()
            conn = local.conn = self.database.connect()
            local.version = queries.data_version(conn)
        else:
            version = queries.data_version(conn)
            if version != local.version:
                local.version = version
                self.changed()
        return conn

    def changed(self) -> None:
        """The data changed (or may have): a new generation, and everyone told."""
        with self._lock:
            self.generation += 1
        self._on_change()

    def forget(self) -> None:
        """After a database error: this thread opens the file afresh next time."""
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None
        self.changed()
