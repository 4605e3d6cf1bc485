"""Where the database is and how it is opened: read-only for answering, read-write for building.

Readers open the file with SQLite's `mode=ro`, so no query, however malformed, can change it,
and they must work where they cannot write: a file published into a root-owned directory,
with no `-wal` or `-shm` beside it. A file at rest is therefore kept in rollback (DELETE)
journal mode, which any reader opens read-only. A build switches the file to WAL for as long as
it writes, so readers keep answering from the previous data for the whole build, and back to
DELETE once it has committed (if a reader still has the file open the switch waits for the
next build; the `-wal` and `-shm` files then stay, and readers use them read-only).

A WAL file that a reader cannot give a `-shm` (an older file, copied without its companions)
is opened `immutable=1` when no `-wal` exists, since then nothing is writing it; so is a file
whose companions a build killed as it put it back at rest left, once db.settled has checked
that the file alone holds its last committed state. Such a
connection cannot see changes, so `FileIdentity` lets the service notice a new file renamed
into place, or a writer starting, and open the file afresh.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NamedTuple, Protocol
from urllib.parse import quote

from puzzledb.builder.core.errors import MalformedInput
from puzzledb.builder.core.file_kinds import file_kind
from puzzledb.builder.core.message_text import PATH_SHOWN, shown
from puzzledb.db.errors import DatabaseFault, DatabaseVersion, ForeignDatabase, NotBuilt

from . import schema, settled
from .cluster import read as sharded

DEFAULT_FILE = "puzzledb.sqlite"
ENVIRONMENT_VARIABLE = "PUZZLEDB_DB"
BUSY_TIMEOUT_MS = 30_000
DEADLINE_CHECK_STEPS = 10_000  # SQLite VM steps between deadline checks (~0.1 ms)
#: SQLite errors that mean "a WAL file needs a -shm here and this reader cannot make one".
NEEDS_SHM = {
    "SQLITE_READONLY_DIRECTORY",
    "SQLITE_CANTOPEN",
    "SQLITE_READONLY_CANTINIT",
    "SQLITE_READONLY",
}


#: What SQLite says to a reader that cannot write when a killed writer left a hot -journal.
LEFT_BY_A_KILL = {"SQLITE_READONLY_ROLLBACK"}


def resolve_path(option: str | os.PathLike | None = None) -> Path:
    """--db, else $PUZZLEDB_DB, else puzzledb.sqlite in the working directory. An empty --db
    is a mistake, never a quiet way to say the default."""
    if option is not None and not str(option):
        raise MalformedInput("--db is empty: name a database file")
    return Path(option or os.environ.get(ENVIRONMENT_VARIABLE) or DEFAULT_FILE)


def existing_file(path: Path) -> bool:
    """Whether `path` is a regular file; False when nothing is there. A folder, a device, a
    FIFO (opening one would wait forever) or a name the system refuses is DatabaseFault."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return False
    except OSError as error:
        if isinstance(error, NotADirectoryError):
            return False
        raise DatabaseFault(
            f"cannot use the database at {shown(str(path), PATH_SHOWN)}: {error.strerror}"
        ) from None
    if not stat.S_ISREG(mode):
        raise DatabaseFault(
            f"{shown(str(path), PATH_SHOWN)} is not a database file (it is "
            f"{file_kind(mode)}); give the path of a file"
        )
    return True


class FileIdentity(NamedTuple):
    """What a reader's connection was opened on; compared on every request by the service."""

    device: int
    inode: int
    #: Only for immutable connections, which see no change made in place: size, mtime and
    #: whether a -wal exists (a writer has started) all mean "open it again".
    contents: tuple | None = None

    @classmethod
    def of(cls, path: Path, immutable: bool) -> FileIdentity | None:
        try:
            stat = os.stat(path)
        except OSError:
            return None
        contents = None
        if immutable:
            contents = (stat.st_size, stat.st_mtime_ns, os.path.exists(_companion(path, "-wal")))
        return cls(stat.st_dev, stat.st_ino, contents)


class ReadConnection(sqlite3.Connection):
    """A read-only connection that remembers which file it opened and how."""

    path: Path
    immutable: bool
    identity: FileIdentity | None

    #: The shard files of the file's cluster builds it has attached, as questions needed them.
    shards: sharded.Attached

    #: time.monotonic() after which a running statement is stopped (None: never); the
    #: service sets it per request, so no question can hold a thread for long.
    deadline: float | None = None

    def stale(self) -> bool:
        """True when the path now names another file, or an immutable file may have changed."""
        return FileIdentity.of(self.path, self.immutable) != self.identity

    def past_deadline(self) -> bool:
        return self.deadline is not None and time.monotonic() > self.deadline

    def _check_deadline(self) -> int:
        return 1 if self.past_deadline() else 0  # non-zero interrupts the statement


def _companion(path: Path, suffix: str) -> str:
    return str(path) + suffix


def _uri(path: Path, immutable: bool) -> str:
    return f"file:{quote(str(path.resolve()))}?mode=ro" + ("&immutable=1" if immutable else "")


def open_read_only(path: Path) -> ReadConnection:
    """A connection that can only read `path`, checked to be a puzzledb file of our schema.

    NotBuilt when no file is there; ForeignDatabase or DatabaseVersion when it is not ours.
    """
    if not existing_file(path):
        where = shown(str(path), PATH_SHOWN)[1:-1]  # escaped and cut, but as typed
        raise NotBuilt(
            f"no puzzledb database at {where}; build one first, e.g. `puzzledb build eight "
            f"--db {where}`"
        )
    immutable = False
    identity = FileIdentity.of(path, immutable)
    conn = _connect(path, immutable)
    try:
        tables = _tables(conn)
    except sqlite3.OperationalError as error:
        conn.close()
        if getattr(error, "sqlite_errorname", "") not in NEEDS_SHM | LEFT_BY_A_KILL:
            raise
        journal, wal = _companion(path, "-journal"), _companion(path, "-wal")
        if os.path.exists(journal) and not settled.journal_of_page_one(journal):
            raise
        if os.path.exists(wal) and not settled.wal_in_file(wal, str(path)):
            raise sqlite3.OperationalError(
                f"{path} is in WAL mode with a -wal file, and this user cannot create its "
                f"-shm file in {path.parent}; let the user who built it open it once, or "
                f"copy the file after a build has finished"
            ) from None
        immutable = True
        identity = FileIdentity.of(path, immutable)
        conn = _connect(path, immutable)
        tables = _tables(conn)
    try:
        check_ours(conn, tables, path)
        conn.shards = sharded.opened(path, tables)  # attached as questions need them
    except BaseException:
        conn.close()
        raise
    conn.path, conn.immutable, conn.identity = path, immutable, identity
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA query_only = 1")
    conn.set_progress_handler(conn._check_deadline, DEADLINE_CHECK_STEPS)
    return conn


def _connect(path: Path, immutable: bool) -> ReadConnection:
    return sqlite3.connect(
        _uri(path, immutable), uri=True, check_same_thread=False, factory=ReadConnection
    )


def _tables(conn: sqlite3.Connection) -> set[str]:
    rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {name for (name,) in rows}


def check_ours(conn: sqlite3.Connection, tables: set[str], path: Path | str) -> None:
    """An empty file is a puzzledb with nothing built; a file with other tables is not ours,
    and one of another schema version is refused rather than misread."""
    if tables and "puzzles" not in tables:
        listed = ", ".join(shown(t) for t in sorted(tables)[:5]) + (
            f" and {len(tables) - 5:,} more" if len(tables) > 5 else ""
        )
        raise ForeignDatabase(
            f"{shown(str(path), PATH_SHOWN)} is an SQLite database but not a puzzledb one (it "
            f"has no puzzles table; "
            f"its tables: {listed}); give another --db, or a new file name to build into"
        )
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if tables and version not in schema.READS:
        reads = " and ".join(str(v) for v in schema.READS)
        raise DatabaseVersion(
            f"{path} was written by another version of puzzledb (schema {version}; this one "
            f"reads {reads}); rebuild it into a new file"
        )


class Readable(Protocol):
    """What readers read through: a Database, or the service's connections that follow
    rebuilds (which also have a `generation`)."""

    def connection(self) -> contextlib.AbstractContextManager[sqlite3.Connection]: ...


class Database:
    """A database file as readers see it: plain sqlite3 connections that can only read.

    `connection()` lends one connection, opened on first use and kept (a CLI command, a test);
    `connect()` opens another (the service keeps one per thread).
    """

    def __init__(self, path: Path, first: ReadConnection | None = None):
        self.path = path
        self._conn = first

    @contextlib.contextmanager
    def connection(self) -> Iterator[ReadConnection]:
        if self._conn is None:
            self._conn = open_read_only(self.path)
        yield self._conn

    def connect(self) -> ReadConnection:
        return open_read_only(self.path)

    @property
    def generation(self) -> int:
        """A number that changes when another connection commits to the file (a build), so
        what was read from it may be remembered until then."""
        if self._conn is None:
            return 0
        return self._conn.execute("PRAGMA data_version").fetchone()[0]

    def dispose(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None


def reader(path: Path, *, lazy: bool = False) -> Database:
    """The database at `path`, for reading; NotBuilt when there is none, and (unless `lazy`,
    for the service, which reports a bad file per request) ForeignDatabase or DatabaseVersion
    when it is not ours, before any query is made."""
    if lazy:
        if not existing_file(path):
            open_read_only(path)  # NotBuilt
        return Database(path)
    return Database(path, open_read_only(path))


def writer(
    path: Path,
    *,
    journal: str = "WAL",
    waiting: Callable[[], None] | None = None,
    reading: Callable[[], None] | None = None,
    ours_only: bool = False,
) -> Writer:
    """The builder's connection to `path` (a Writer): WAL journal, and `BEGIN IMMEDIATE` so
    builds never interleave: a build waits for another build of the file to commit
    (`waiting()` hears of it once), however long that takes.

    A file at rest is in rollback journal mode, where a reader's open read transaction
    holds the lock that moving into WAL mode needs: the build waits for that reader too
    (`reading()` hears of it once), rather than fail with "database is locked" after
    BUSY_TIMEOUT_MS. Once in WAL mode, readers no longer hold it back.

    journal="OFF" is only for a new file that no one can see until it is complete.
    `ours_only`: a file that is not a puzzledb database is refused (check_ours) on the
    writer's own connection before its journal mode changes: check_before_writing leaves it
    to the writer where reading it changes nothing.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    return Writer(path, journal, waiting, reading, ours_only)


class Writer:
    """One sqlite3 connection that builds and removals write through, opened on first use
    (so a build searches before it touches the file) and again after close(). Plain sqlite3,
    not an engine over it: a build of eight is short, and importing one took a quarter of it.

    Rows come as sqlite3.Row, read by position or by column name."""

    def __init__(
        self,
        path: Path,
        journal: str,
        waiting: Callable[[], None] | None,
        reading: Callable[[], None] | None,
        ours_only: bool = False,
    ):
        self.path, self.journal, self.ours_only = path, journal, ours_only
        self.waiting, self.reading = waiting, reading
        self._conn: sqlite3.Connection | None = None

    @property
    def connection(self) -> sqlite3.Connection:
        """The connection itself, for what SQLite refuses within a transaction (ATTACH,
        DETACH) and for the row loop's cursor."""
        if self._conn is None:
            self._conn = self._connect()
        return self._conn

    def _connect(self) -> sqlite3.Connection:
        synchronous = "NORMAL" if self.journal == "WAL" else "OFF"
        conn = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
        try:
            conn.row_factory = sqlite3.Row
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            if self.ours_only:  # not ours: refused before its journal mode changes
                check_ours(conn, _tables(conn), self.path)
            until_free(conn, f"PRAGMA journal_mode = {self.journal}", self.reading)
            conn.execute(f"PRAGMA synchronous = {synchronous}")
            conn.execute("PRAGMA cache_size = -262144")  # 256 MiB keeps index builds in memory
        except BaseException:
            conn.close()
            raise
        return conn

    @contextlib.contextmanager
    def begin(self) -> Iterator[sqlite3.Connection]:
        """One transaction: BEGIN IMMEDIATE (waiting for another writer), COMMIT when the
        block ends, ROLLBACK when anything is raised in it or by the COMMIT."""
        conn = self.connection
        begin_immediate(conn, self.waiting)
        try:
            yield conn
            conn.execute("COMMIT")
        except BaseException:
            _roll_back(conn)
            raise

    def close(self) -> None:
        """Close the connection, if open; what was not committed is rolled back."""
        conn, self._conn = self._conn, None
        if conn is not None:
            conn.close()


def _roll_back(conn: sqlite3.Connection) -> None:
    """ROLLBACK, where SQLite has not rolled back already (as after a full disk). A rollback
    that fails says nothing: the error that called for it (Ctrl-C, a full disk) is the one
    to tell, and closing the connection rolls back what is left."""
    with contextlib.suppress(sqlite3.Error):
        if conn.in_transaction:
            conn.execute("ROLLBACK")


def _busy(error: sqlite3.Error) -> bool:
    """SQLite's "database is locked": another connection holds what this one needs."""
    return getattr(error, "sqlite_errorname", "").startswith("SQLITE_BUSY")


#: How long one attempt to begin waits for another writer: short, so that Ctrl-C or SIGTERM
#: stops a waiting build at once (Python handles signals only between SQLite's calls).
WAIT_STEP_MS = 250


def begin_immediate(conn: sqlite3.Connection, waiting: Callable[[], None] | None) -> None:
    """BEGIN IMMEDIATE, for as long as another writer holds the file: a second build of the
    same file waits for the first to commit rather than fail after a lock timeout."""
    until_free(conn, "BEGIN IMMEDIATE", waiting)


def until_free(conn: sqlite3.Connection, sql: str, waiting: Callable[[], None] | None) -> None:
    """`sql` run for as long as another connection's lock refuses it (`waiting()` hears of
    it once), in steps of WAIT_STEP_MS: a signal stops the wait between two of them."""
    conn.execute(f"PRAGMA busy_timeout = {WAIT_STEP_MS}")
    try:
        while True:
            try:
                conn.execute(sql)
                return
            except sqlite3.OperationalError as error:
                if not _busy(error):
                    raise
            if waiting is not None:
                waiting()
                waiting = None
    finally:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")


def check_before_writing(path: Path) -> None:
    """Refuse to build into a file that is not a puzzledb database (before anything, even its
    journal mode, is changed); an empty or missing file is fine."""
    if not existing_file(path) or _in_rollback_mode_alone(path):
        return  # the writer (ours_only) reads its schema before it changes anything
    # immutable: reading the schema must leave no -wal or -shm beside a file we then refuse;
    # but where a -wal is there already (a file left in WAL mode by a full disk), the file
    # alone may be half way through a checkpoint, and only the -wal makes it whole
    immutable = not os.path.exists(_companion(path, "-wal"))
    conn = sqlite3.connect(_uri(path, immutable), uri=True)
    try:
        check_ours(conn, _tables(conn), path)
    except sqlite3.OperationalError as error:
        if getattr(error, "sqlite_errorname", "") not in NEEDS_SHM:
            raise
    finally:
        conn.close()


def _in_rollback_mode_alone(path: Path) -> bool:
    """Whether the file is an SQLite database in rollback journal mode with no journal or -wal
    beside it: one that a connection that may write reads without changing or making anything,
    which the writer's own connection can then judge. (Reading it apart cost a parse of its
    whole schema a build: a tenth of a second in a file of 3,000 builds.)"""
    try:
        with open(path, "rb") as file:
            head = file.read(20)
    except OSError:
        return False
    rollback = head[:16] == b"SQLite format 3\x00" and head[18:20] == b"\x01\x01"
    beside = (os.path.exists(_companion(path, s)) for s in ("-wal", "-journal"))
    return rollback and not any(beside)


#: How long putting a file at rest waits for readers of it to let go of an older snapshot.
AT_REST_WAIT_MS = 5000


def at_rest(path: Path, conn: sqlite3.Connection | None = None) -> str | None:
    """After a build, once its writer is closed: back to DELETE journal mode, so readers that
    cannot write the directory can open the file. None when that is done, or when another
    build of the file writes or waits (it tries again when it ends), or when a reader holds
    the file open in WAL mode: it stays WAL (those readers have the -shm they need, and the
    next build tries again), but its -wal is emptied, so that no committed frame lingers
    beside the file, where SQLite would apply it to any file later renamed to this name.

    Otherwise why it could not be done, the build being committed all the same, its pages
    still in the -wal: leaving WAL copies them into the file, and a full disk refuses that.

    `conn`, the writer's connection out of its transaction, is used rather than a new one
    (which parses the whole schema again: a tenth of a second in a file of 3,000 builds); it
    is left open, and the writer closes it."""
    own = conn is None
    if conn is None:
        try:  # mode=rw: a file removed meanwhile is not made again, empty
            conn = sqlite3.connect(
                f"file:{quote(str(path.resolve()))}?mode=rw", uri=True, isolation_level=None
            )
        except sqlite3.Error as error:
            return str(error)
    try:
        conn.execute("PRAGMA busy_timeout = 200")
        try:
            if conn.execute("PRAGMA journal_mode = DELETE").fetchone()[0].lower() == "delete":
                return None
        except sqlite3.OperationalError as error:
            if not _busy(error):
                return str(error)
        conn.execute("PRAGMA busy_timeout = 0")
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            if _busy(error):
                return None  # another build writes: it puts the file at rest when it ends
            raise
        conn.execute("ROLLBACK")
        conn.execute(f"PRAGMA busy_timeout = {AT_REST_WAIT_MS}")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        return None
    except sqlite3.Error as error:
        return str(error)
    finally:
        if own:
            conn.close()
