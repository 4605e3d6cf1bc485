"""What is read once of a build and kept while it is used: a build never changes (ids are
never reused within a file), so what was read of it stays true. A process serving many
database files, or rebuilding often, keeps a bounded number: the most recently used."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from sqlite3 import Connection
from threading import Lock
from typing import Generic, TypeVar

Key = TypeVar("Key", bound=Hashable)
Value = TypeVar("Value")


class PerBuild(Generic[Key, Value]):
    """`read(conn, build)` remembered per build, for up to `size` builds, shared between
    threads. Keyed by the whole build row, not its id alone: ids repeat across files."""

    def __init__(self, size: int, read: Callable[[Connection, Key], Value]):
        self.size, self.read = size, read
        self._kept: OrderedDict[Key, Value] = OrderedDict()
        self._lock = Lock()

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, conn: Connection, build: Key) -> Value:
        with self._lock:
            if build in self._kept:
                self._kept.move_to_end(build)
                return self._kept[build]
        found = self.read(conn, build)  # outside the lock: a read may take a while
        with self._lock:
            self._kept[build] = found
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return found
