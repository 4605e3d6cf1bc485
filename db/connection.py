"""Where the database is and how it is opened: read-only for answering, read-write for building.

Readers open the file with SQLite's `mode=ro`, so no query, however malformed, can change it.
The builder is the only writer; it uses WAL journaling so readers keep answering from the
previous data for the whole length of a build, and a killed build leaves nothing behind.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from urllib.parse import quote

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.pool import StaticPool

from builder.errors import NotBuilt

DEFAULT_FILE = "puzzledb.sqlite"
ENVIRONMENT_VARIABLE = "PUZZLEDB_DB"
BUSY_TIMEOUT_MS = 30_000


def resolve_path(option: str | os.PathLike | None = None) -> Path:
    """--db, else $PUZZLEDB_DB, else puzzledb.sqlite in the working directory."""
    return Path(option or os.environ.get(ENVIRONMENT_VARIABLE) or DEFAULT_FILE)


def _read_only_uri(path: Path) -> str:
    return f"file:{quote(str(path.resolve()))}?mode=ro"


def reader(path: Path, *, pooled: bool = False) -> Engine:
    """An engine that can only read `path`; NotBuilt when there is no database there yet.

    `pooled=False` keeps one connection (a CLI command); the service pools one per thread.
    """
    if not path.is_file():
        raise NotBuilt(
            f"no puzzledb database at {path}; build one first, e.g. `puzzledb build eight "
            f"--db {path}`"
        )
    uri = _read_only_uri(path)

    def connect():
        conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA query_only = 1")
        return conn

    if pooled:
        return create_engine("sqlite://", creator=connect)
    return create_engine("sqlite://", creator=connect, poolclass=StaticPool)


def writer(path: Path, *, journal: str = "WAL") -> Engine:
    """The builder's engine: WAL journal, and `BEGIN IMMEDIATE` so builds never interleave.

    journal="OFF" is only for a new file that no one can see until it is complete.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    synchronous = "NORMAL" if journal == "WAL" else "OFF"

    def connect():
        conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute(f"PRAGMA journal_mode = {journal}")
        conn.execute(f"PRAGMA synchronous = {synchronous}")
        conn.execute("PRAGMA cache_size = -262144")  # 256 MiB keeps index builds in memory
        return conn

    engine = create_engine("sqlite://", creator=connect, poolclass=StaticPool)

    @event.listens_for(engine, "begin")
    def _begin(conn):
        conn.exec_driver_sql("BEGIN IMMEDIATE")

    return engine
