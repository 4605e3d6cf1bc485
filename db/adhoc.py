"""An analyst's own SQL, run so that it can only read: `puzzledb sql "SELECT ..."`.

Three locks, each enough alone: the file is opened `mode=ro`, the connection has
`PRAGMA query_only`, and an authorizer lets SQLite prepare nothing but reads, selects, function
calls, recursive CTEs and a few PRAGMAs that only report. The authorizer runs while the statement
is prepared, so a refused statement never starts, and it remembers what it refused so the
message can name it ("INSERT into layers") instead of SQLite's bare "not authorized".

Two bounds keep a query from running away: its time limit, wall time for the whole block that
reads and writes its rows (a progress handler, which SQLite calls every PROGRESS_STEPS steps
of its virtual machine, stops the statement inside SQLite; the caller checks between rows and
while it waits to write), which Ctrl-C and SIGTERM cut short the same way; and
SQLITE_LIMIT_LENGTH caps any one value, so `zeroblob(1e9)` (a single step) fails at once
instead of allocating a gigabyte. Each call into SQLite runs in a thread of its own while the
caller's thread watches the clock and the signals, so a single step that runs for minutes
(`printf` of a 2-GB width) cannot hold the command past its stop either.
"""

from __future__ import annotations

import re
import signal
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import TypeVar, TypeVarTuple, Unpack

from puzzledb.builder.core.errors import Interrupted, MalformedInput, PuzzledbError
from puzzledb.builder.core.message_text import PATH_SHOWN, shown
from puzzledb.db.errors import BadQuery, DatabaseFault, NotBuilt, Refused, TimeLimit

from . import state_key
from .cluster import read as sharded
from .connection import reader

#: The arguments and the result of a call into SQLite made under the watch.
Ts = TypeVarTuple("Ts")
Result = TypeVar("Result")

BATCH = 1000
#: Seconds a stopped command has to close its output (the end of a JSON object) before it is
#: ended regardless: a reader that stopped reading cannot hold it.
GRACE = 1.0
#: Seconds between two looks at the clock and the signals while SQLite runs a call.
WAIT_SLICE = 0.05
#: Seconds SQLite has to honour an interrupt: it does at its next step, within microseconds,
#: unless one step is long; past this the call is left to run on its own.
UNHEARD = 0.25
#: SQLite VM steps between two calls of the progress handler (each call costs about a
#: microsecond; 1000 steps take some tens of microseconds, so Ctrl-C is seen at once).
PROGRESS_STEPS = 1000
#: SQLITE_LIMIT_LENGTH: the largest string or blob, in bytes. The biggest value a puzzledb file
#: holds is a puzzle's definition (a few KB); group_concat of every state of a 181,440-state
#: build is 2 MB. The table format holds 1,000 rows in memory, so this also bounds that.
MAX_VALUE_BYTES = 10_000_000


#: Functions that read memory addresses or files, or load code: never part of a query here.
UNSAFE_FUNCTIONS = {
    "fts3_tokenizer",
    "load_extension",
    "readfile",
    "writefile",
    "edit",
    "sqlite_dbpage",
}

ALLOWED = {
    sqlite3.SQLITE_SELECT,
    sqlite3.SQLITE_READ,
    sqlite3.SQLITE_FUNCTION,
    sqlite3.SQLITE_RECURSIVE,
}

#: PRAGMAs that only report, whatever their argument (`PRAGMA table_info(states)`).
REPORTING_PRAGMAS = {
    "table_info",
    "table_xinfo",
    "table_list",
    "index_list",
    "index_info",
    "index_xinfo",
    "foreign_key_list",
    "foreign_key_check",
    "integrity_check",
    "quick_check",
    "function_list",
    "module_list",
    "pragma_list",
    "collation_list",
    "database_list",
    "compile_options",
}
#: PRAGMAs that set something when given a value, so they are read only without one.
SETTING_PRAGMAS = {
    "user_version",
    "application_id",
    "schema_version",
    "data_version",
    "page_size",
    "page_count",
    "freelist_count",
    "encoding",
    "journal_mode",
    "auto_vacuum",
    "foreign_keys",
    "query_only",
    "cache_size",
    "max_page_count",
}

READING_KEYWORDS = {"SELECT", "WITH", "VALUES", "EXPLAIN"}

#: What each refused action would have done, as a verb phrase for the message.
WHAT = {
    sqlite3.SQLITE_INSERT: "insert into {0}",
    sqlite3.SQLITE_UPDATE: "update {0}",
    sqlite3.SQLITE_DELETE: "delete from {0}",
    sqlite3.SQLITE_CREATE_INDEX: "create index {0}",
    sqlite3.SQLITE_CREATE_TABLE: "create table {0}",
    sqlite3.SQLITE_CREATE_TEMP_INDEX: "create index {0}",
    sqlite3.SQLITE_CREATE_TEMP_TABLE: "create table {0}",
    sqlite3.SQLITE_CREATE_TEMP_TRIGGER: "create trigger {0}",
    sqlite3.SQLITE_CREATE_TEMP_VIEW: "create view {0}",
    sqlite3.SQLITE_CREATE_TRIGGER: "create trigger {0}",
    sqlite3.SQLITE_CREATE_VIEW: "create view {0}",
    sqlite3.SQLITE_CREATE_VTABLE: "create virtual table {0}",
    sqlite3.SQLITE_DROP_INDEX: "drop index {0}",
    sqlite3.SQLITE_DROP_TABLE: "drop table {0}",
    sqlite3.SQLITE_DROP_TEMP_INDEX: "drop index {0}",
    sqlite3.SQLITE_DROP_TEMP_TABLE: "drop table {0}",
    sqlite3.SQLITE_DROP_TEMP_TRIGGER: "drop trigger {0}",
    sqlite3.SQLITE_DROP_TEMP_VIEW: "drop view {0}",
    sqlite3.SQLITE_DROP_TRIGGER: "drop trigger {0}",
    sqlite3.SQLITE_DROP_VIEW: "drop view {0}",
    sqlite3.SQLITE_DROP_VTABLE: "drop virtual table {0}",
    sqlite3.SQLITE_ALTER_TABLE: "alter table {1}",
    sqlite3.SQLITE_ATTACH: "attach a database {0}",
    sqlite3.SQLITE_DETACH: "detach database {0}",
    sqlite3.SQLITE_TRANSACTION: "{0} a transaction",
    sqlite3.SQLITE_SAVEPOINT: "use savepoint {1}",
    sqlite3.SQLITE_REINDEX: "rebuild index {0}",
    sqlite3.SQLITE_ANALYZE: "analyze {0}",
}

#: Statements that change something: refused even where SQLite's own check speaks first.
WRITING_KEYWORDS = {
    "INSERT",
    "REPLACE",
    "UPDATE",
    "DELETE",
    "CREATE",
    "DROP",
    "ALTER",
    "ATTACH",
    "DETACH",
    "VACUUM",
    "REINDEX",
    "ANALYZE",
    "BEGIN",
    "COMMIT",
    "END",
    "ROLLBACK",
    "SAVEPOINT",
    "RELEASE",
}

#: The columns of the UPDATE that SQLite authorizes (and never runs) when it first connects a
#: table-valued function such as json_each or pragma_table_info.
SCHEMA_ROW = {"type", "name", "tbl_name", "rootpage", "sql"}

_COMMENTS_AND_BLANKS = re.compile(r"--[^\n]*|/\*.*?(?:\*/|$)|[\s;]+", re.S)
_LEADING = re.compile(r"(?:\s+|--[^\n]*(?:\n|$)|/\*.*?\*/)*([A-Za-z]*)", re.S)


def leading_keyword(sql: str) -> str:
    """The statement's first word after blanks and comments, upper-cased ('' if none)."""
    found = _LEADING.match(sql)  # always matches, if only the empty word
    return found.group(1).upper() if found else ""


class _Authorizer:
    """Allows reading; records the first action it denies, in words."""

    def __init__(self, keyword: str):
        self.keyword = keyword
        self.refused: str | None = None

    def __call__(
        self,
        action: int,
        arg1: str | None,
        arg2: str | None,
        _db: str | None,
        _trigger: str | None,
    ) -> int:
        if action == sqlite3.SQLITE_FUNCTION and (arg2 or "").lower() in UNSAFE_FUNCTIONS:
            if self.refused is None:
                self.refused = f"call {arg2}(), which reaches outside the data"
            return sqlite3.SQLITE_DENY
        if action in ALLOWED or self._reporting_pragma(action, arg1, arg2):
            return sqlite3.SQLITE_OK
        if self._eponymous_table(action, arg1, arg2):
            return sqlite3.SQLITE_OK
        if self.refused is None:
            self.refused = self._describe(action, arg1, arg2)
        return sqlite3.SQLITE_DENY

    @staticmethod
    def _reporting_pragma(action: int, name: str | None, value: str | None) -> bool:
        if action != sqlite3.SQLITE_PRAGMA:
            return False
        name = (name or "").lower()
        return name in REPORTING_PRAGMAS or (name in SETTING_PRAGMAS and value is None)

    def _eponymous_table(self, action: int, table: str | None, column: str | None) -> bool:
        """SQLite authorizes an UPDATE of sqlite_master's row when a query first uses a
        table-valued function (json_each, pragma_table_info) but never runs it. No statement
        can really change sqlite_master (that needs PRAGMA writable_schema, refused), so this
        one exception is made, for queries only."""
        return (
            action == sqlite3.SQLITE_UPDATE
            and table == "sqlite_master"
            and column in SCHEMA_ROW
            and self.keyword in READING_KEYWORDS
        )

    @staticmethod
    def _describe(action: int, arg1: str | None, arg2: str | None) -> str:
        if action == sqlite3.SQLITE_PRAGMA:
            return f"run PRAGMA {arg1}" if arg2 is None else f"set PRAGMA {arg1} = {arg2}"
        template = WHAT.get(action)
        if template is None:
            return f"take action {action} of SQLite's authorizer"
        if action == sqlite3.SQLITE_TRANSACTION:
            arg1 = (arg1 or "").lower()  # 'BEGIN' -> 'begin a transaction'
        return template.format(arg1 or "", arg2 or "").strip()


def parse_time_limit(text: str) -> float | None:
    """--time-limit SECONDS (decimals allowed) as seconds; None for 0, which means no limit.
    (Its default is the CLI's: service.settings.)"""
    if not re.fullmatch(r"\s*(\d+\.?\d*|\.\d+)\s*", text):
        raise MalformedInput(
            f"--time-limit takes seconds, e.g. 30 or 0.5 (0: no limit), not {shown(text)}"
        )
    return float(text) or None


class _Parameters(dict):
    """The -p NAME VALUE pairs, as the mapping the sqlite3 module reads each of the statement's
    named parameters from. The module asks for every name SQLite's prepared statement has
    (`:d`, `@d` and `$d` are all `d`), so the names used are SQLite's own list, never guessed
    from the text. A name not given binds NULL and is noted; the query is then stopped at the
    progress handler's first call, or refused when it returns, before any row is shown."""

    def __init__(self, pairs: Iterable[tuple[str, object]]):
        super().__init__()
        for name, value in pairs:
            key = name[1:] if name[:1] in (":", "@", "$") else name
            if not key:
                raise BadQuery(f"-p needs a parameter name, not {shown(name)}")
            if key in self:
                raise BadQuery(f"parameter :{key} is given twice")
            dict.__setitem__(self, key, value)
        self.asked: dict[str, None] = {}  # in the statement's order

    def __getitem__(self, name: str) -> object:
        self.asked[name] = None
        return self.get(name)

    def fault(self) -> BadQuery | None:
        """What is wrong once the statement is bound: names it uses that were not given, and
        names given that it does not use."""
        missing = [n for n in self.asked if n not in self]
        unused = [n for n in self if n not in self.asked]
        problems = []
        if missing:
            problems.append(
                f"no value for {_names(missing)}: pass "
                + " ".join(f"-p {n} VALUE" for n in missing)
            )
        if unused:
            problems.append(f"the query has no parameter {_names(unused)} (given with -p)")
        return BadQuery("; ".join(problems)) if problems else None


class Positional(list):
    """Values for a statement's `?` parameters, in order (a Python caller's, as
    `tablebase.sql(query, [value, ...])` gives them): sqlite3 itself says when their number is not
    the statement's."""

    def fault(self) -> BadQuery | None:
        return None


def _names(names: list[str]) -> str:
    return ", ".join(":" + n for n in names)


class Abandoned(Exception):
    """A stop that came while the caller was finishing its output (closing a JSON object, or
    waiting to write its last rows to a pipe no one reads): the block ends at once, with
    `error` as the reason, and nothing more may be written."""

    def __init__(self, error: PuzzledbError):
        super().__init__(error.message)
        self.error = error


class _Watch:
    """What stops the command a query belongs to, from the moment it started (`since`) to the
    end of the block that reads its rows: the time limit, Ctrl-C and SIGTERM, and parameters
    that do not match.

    The limit is wall time for the whole block, rows written out included. A signal only
    notes the stop, so that it is raised at a point of our choosing, never in the middle of a
    write: inside SQLite the progress handler (called every PROGRESS_STEPS steps of its VM;
    returning 1 stops the statement) checks the note and the clock; outside it the caller
    calls `check` between rows and while it waits to write.

    Once the caller has the stop (or every row it wants) it is *closing*: it has GRACE seconds
    (or, finishing normally, what is left of the limit) to finish its output, and a further
    signal or the end of that time raises Abandoned."""

    def __init__(
        self,
        limit: float | None,
        params: _Parameters | Positional,
        since: float,
        conn: sqlite3.Connection | None = None,
    ):
        self.limit = limit
        self.conn = conn
        self.stuck = False  # a call into SQLite outlived its stop: it runs on, abandoned
        self.deadline = None if limit is None else since + limit
        self.params = params
        self.first = True
        self.stopped: PuzzledbError | None = None
        self.signals = 0  # how many have come
        self.closing: int | None = None  # signals seen when closing began

    def __call__(self) -> int:
        if self.first:
            self.first = False
            self.stopped = self.params.fault()
        self._note_deadline()
        return 1 if self.stopped else 0

    def _note_deadline(self) -> None:
        if self.stopped is None and self._past_deadline():
            self.stopped = _past(self.limit)

    def _past_deadline(self) -> bool:
        return self.deadline is not None and time.monotonic() > self.deadline

    def call(self, function: Callable[[Unpack[Ts]], Result], *args: *Ts) -> Result:
        """`function(*args)`, a call into SQLite; the error saying why when the progress
        handler stopped it, or when a stop came and SQLite had no step left to see it."""
        try:
            result = self._watched(function, *args)
        except sqlite3.Error:
            if self.stopped is None:
                raise
            raise self._handed_over() from None
        self.check()
        return result

    def _watched(self, function: Callable[[Unpack[Ts]], Result], *args: *Ts) -> Result:
        """`function(*args)` in a thread of its own while this one watches the clock and the
        signals. SQLite honours an interrupt (and calls the progress handler) only between
        steps of its virtual machine, and one step can run for minutes (`printf('%.*c',
        2000000000, 'x')` appends a character at a time; `instr` over megabytes): a stop
        interrupts the statement, and one SQLite has not honoured UNHEARD seconds later is
        handed over all the same, the call left running in its thread (`stuck`: the command
        ends without waiting for it, and without closing the connection it holds)."""
        if self.conn is None:
            return function(*args)
        box: dict = {}
        done = threading.Event()

        def work() -> None:
            try:
                box["result"] = function(*args)
            except BaseException as error:  # handed to the watching thread
                box["error"] = error
            finally:
                done.set()

        threading.Thread(target=work, name="puzzledb-sql", daemon=True).start()
        interrupted = None
        while not done.wait(WAIT_SLICE):
            self._note_deadline()
            if self.stopped is None:
                continue
            if interrupted is None:
                interrupted = time.monotonic()
                self.conn.interrupt()
            elif time.monotonic() - interrupted > UNHEARD:
                self.stuck = True
                raise sqlite3.OperationalError("interrupted")
        if "error" in box:
            raise box["error"]
        return box["result"]

    def check(self) -> None:
        """Raise the stop, if one has come: the caller calls this between rows and while it
        waits to write them. Once closing, Abandoned for a further signal or time run out."""
        if self.closing is not None:
            if self.signals > self.closing or self._past_deadline():
                raise Abandoned(self.stopped or _past(self.limit))
            return
        self._note_deadline()
        if self.stopped is not None:
            raise self._handed_over()

    def _handed_over(self) -> PuzzledbError:
        """The stop, as the caller now gets it, with GRACE seconds to close its output."""
        assert self.stopped is not None
        if self.closing is None:
            self.closing = self.signals
            self.deadline = time.monotonic() + GRACE
        return self.stopped

    def finishing(self) -> None:
        """The caller has every row it wants and is writing its last output: a signal from
        now on, or the end of the time limit, ends the block at once, as Abandoned."""
        if self.closing is None:
            self.closing = self.signals

    def on_signal(self, signum: int, _frame: FrameType | None) -> None:
        """SIGINT or SIGTERM: noted, for the progress handler or `check` to act on."""
        self.signals += 1
        if self.stopped is None:
            self.stopped = _interrupted(signum)

    @contextmanager
    def catching_stops(self) -> Iterator[None]:
        """Ctrl-C and SIGTERM handled by `on_signal` for the block, the previous handlers
        restored after. Left alone off the main thread, and where a signal is ignored (a
        `nohup` run)."""
        previous = {}
        if threading.current_thread() is threading.main_thread():
            for signum in (signal.SIGINT, signal.SIGTERM):
                handler = signal.getsignal(signum)
                if handler not in (signal.SIG_IGN, None):
                    previous[signum] = signal.signal(signum, self.on_signal)
        try:
            yield
        finally:
            for signum, handler in previous.items():
                signal.signal(signum, handler)


def _interrupted(signum: int = signal.SIGINT) -> Interrupted:
    how = "Ctrl-C" if signum == signal.SIGINT else "SIGTERM"
    return Interrupted(f"the query was stopped by {how}", signum)


def _past(limit: float | None) -> TimeLimit:
    limit = limit or 0.0
    unit = "second" if limit == 1 else "seconds"
    more = 30 if limit < 30 else limit * 4
    return TimeLimit(
        f"the command ran past its time limit of {limit:g} {unit} and was stopped; give it "
        f"longer with --time-limit {more:g} (0: no limit)"
    )


class Query:
    """A running read-only query: its column names and its rows, fetched a batch at a time."""

    def __init__(self, cursor: sqlite3.Cursor, watch: _Watch):
        self.cursor = cursor
        self.watch = watch
        self.columns = [d[0] for d in cursor.description or ()]

    def batches(self, size: int = BATCH) -> Iterator[list[tuple]]:
        while rows := self._fetch(size):
            yield rows

    def rows(self, size: int = BATCH) -> Iterator[tuple]:
        for batch in self.batches(size):
            yield from batch

    def check(self) -> None:
        """Raise the stop (TimeLimit, Interrupted) if one has come; Abandoned once closing."""
        self.watch.check()

    def finishing(self) -> None:
        """No more rows will be read: a stop from now on ends the block as Abandoned."""
        self.watch.finishing()

    def _fetch(self, size: int) -> list[tuple]:
        """A batch of rows; an error while stepping (integer overflow, ...) is the query's
        fault, a stop by the progress handler is TimeLimit or Interrupted."""
        try:
            return self.watch.call(self.cursor.fetchmany, size)
        except sqlite3.Error as error:
            if _is_query_fault(error):
                raise BadQuery(_fault_message(error)) from None
            raise DatabaseFault(f"cannot read the database: {error}") from None


@contextmanager
def run(
    path: Path,
    sql: str,
    params: Iterable[tuple[str, object]] | Positional = (),
    time_limit: float | None = None,
    since: float | None = None,
) -> Iterator[Query]:
    """Prepare and start `sql` on a read-only connection to `path`, its named parameters bound
    from `params` (NAME, VALUE pairs; the command line's values are text), or its `?` ones
    from a Positional list; Refused or BadQuery if it cannot run,
    NotBuilt if the file holds nothing. TimeLimit or Interrupted if it is stopped, while the
    block reads and writes rows too: `time_limit` seconds of wall time from `since` (a
    time.monotonic(), default now) bound the whole block (None: no limit). The connection
    closes when the block ends."""
    if not _COMMENTS_AND_BLANKS.sub("", sql):
        raise BadQuery('no SQL given: pass one statement, e.g. "SELECT * FROM puzzles"')
    bound = params if isinstance(params, Positional) else _Parameters(params)
    stuck = [False]
    with _connection(path, stuck) as conn:
        conn.isolation_level = None  # never let the sqlite3 module BEGIN on our behalf
        # Read the schema before the analyst's SQL: a file that is not a database fails here,
        # as a database error. Until it is read, SQLite reports `SELECT nosuch` (no table
        # named, so no schema read) as SQLITE_SCHEMA rather than the query's SQLITE_ERROR.
        (objects,) = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        if not objects:
            raise _nothing_built(path)
        sharded.every(conn)  # any statement may read any build, the `states` view all of them
        conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
        state_key.register(conn)
        keyword = leading_keyword(sql)
        authorizer = _Authorizer(keyword)
        conn.set_authorizer(authorizer)
        watch = _Watch(time_limit, bound, time.monotonic() if since is None else since, conn)
        conn.set_progress_handler(watch, PROGRESS_STEPS)
        with watch.catching_stops():
            try:
                try:
                    cursor = watch.call(conn.execute, sql, bound)
                except sqlite3.Error as error:
                    raise _explain(error, authorizer, keyword, sql, bound) from None
                fault = bound.fault()
                if fault is not None:
                    raise fault
                yield Query(cursor, watch)
            finally:
                stuck[0] = watch.stuck


def _nothing_built(path: Path) -> NotBuilt:
    """What `path` and every lookup say of a file with nothing in it (an empty file)."""
    where = shown(str(path), PATH_SHOWN)[1:-1]  # escaped and cut, but as typed
    return NotBuilt(
        f"nothing is built in {where} yet; build a puzzle first, e.g. `puzzledb build eight "
        f"--db {where}`"
    )


@contextmanager
def _connection(path: Path, stuck: list[bool]) -> Iterator[sqlite3.Connection]:
    """The plain sqlite3 connection of a reader of `path`, closed after the block, unless a
    call still runs in it (`stuck[0]`): closing would wait for that call to end."""
    database = reader(path)
    cm = database.connection()
    conn = cm.__enter__()
    try:
        yield conn
    finally:
        if not stuck[0]:
            conn.set_authorizer(None)
            conn.set_progress_handler(None, 0)
            cm.__exit__(None, None, None)
            database.dispose()


def _explain(
    error: sqlite3.Error,
    authorizer: _Authorizer,
    keyword: str,
    sql: str,
    bound: _Parameters | Positional,
) -> PuzzledbError | sqlite3.Error:
    """The PuzzledbError for a statement SQLite would not prepare or start (or the error
    itself: a file that cannot be read is no fault of the query)."""
    refused = authorizer.refused is not None or keyword in WRITING_KEYWORDS
    if refused or _code(error) in (sqlite3.SQLITE_AUTH, sqlite3.SQLITE_READONLY):
        what = authorizer.refused or "change the database"
        if keyword == "VACUUM":  # SQLite authorizes VACUUM as the ATTACH it does inside
            what = "rewrite the database into a file"
        return Refused(
            f"refused {_snippet(sql)}: it would {what}. puzzledb sql only reads: SELECT, WITH, "
            f"VALUES, EXPLAIN and the PRAGMAs that only report (table_info, user_version, ...)"
        )
    if isinstance(error, sqlite3.ProgrammingError):  # the sqlite3 module's own complaint
        if "has no name" in str(error):  # `?` or `?1`, with -p's names
            return BadQuery(
                "puzzledb sql binds named parameters only: write :name in the SQL "
                "and pass -p name VALUE"
            )
        return BadQuery(str(error))
    # bound, then failed on a NULL left unbound
    if isinstance(bound, _Parameters) and bound.asked and (fault := bound.fault()) is not None:
        return fault
    if _is_query_fault(error):
        return BadQuery(_fault_message(error))
    return error


def _snippet(sql: str, width: int = 60) -> str:
    text = " ".join(sql.split())
    return "`" + (text if len(text) <= width else text[: width - 3] + "...") + "`"


def _code(error: sqlite3.Error) -> int | None:
    code = getattr(error, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def _fault_message(error: sqlite3.Error) -> str:
    if _code(error) == sqlite3.SQLITE_TOOBIG:
        return (
            f"SQLite: {error}: puzzledb sql allows a string or blob of at most "
            f"{MAX_VALUE_BYTES:,} bytes (SQLITE_LIMIT_LENGTH)"
        )
    return f"SQLite: {error}"


def _is_query_fault(error: sqlite3.Error) -> bool:
    """SQLITE_ERROR is SQLite's 'your SQL is wrong' (syntax, no such table, overflow); a
    corrupt or foreign file reports other codes and stays a database error."""
    return _code(error) in (
        sqlite3.SQLITE_ERROR,
        sqlite3.SQLITE_RANGE,
        sqlite3.SQLITE_TOOBIG,
        sqlite3.SQLITE_MISMATCH,
    )
