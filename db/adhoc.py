"""An analyst's own SQL, run so that it can only read: `puzzledb sql "SELECT ..."`.

Three locks, each enough alone: the file is opened `mode=ro`, the connection has
`PRAGMA query_only`, and an authorizer lets SQLite prepare nothing but reads, selects, function
calls, recursive CTEs and a few PRAGMAs that only report. The authorizer runs while the statement
is prepared, so a refused statement never starts, and it remembers what it refused so the
message can name it ("INSERT into layers") instead of SQLite's bare "not authorized".
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from builder.errors import PuzzledbError

from .connection import reader

BATCH = 1000


class Refused(PuzzledbError):
    """A statement that would write, attach, or change a setting."""

    code = "refused"
    exit_status = 2
    http_status = 403


class BadQuery(PuzzledbError):
    """SQL that SQLite rejects: a syntax error, an unknown table or column, two statements."""

    code = "sql_error"
    exit_status = 2
    http_status = 400


ALLOWED = {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION,
           sqlite3.SQLITE_RECURSIVE}

#: PRAGMAs that only report, whatever their argument (`PRAGMA table_info(states)`).
REPORTING_PRAGMAS = {
    "table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo",
    "foreign_key_list", "foreign_key_check", "integrity_check", "quick_check",
    "function_list", "module_list", "pragma_list", "collation_list", "database_list",
    "compile_options",
}
#: PRAGMAs that set something when given a value, so they are read only without one.
SETTING_PRAGMAS = {
    "user_version", "application_id", "schema_version", "data_version", "page_size",
    "page_count", "freelist_count", "encoding", "journal_mode", "auto_vacuum", "foreign_keys",
    "query_only", "cache_size", "max_page_count",
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
    "INSERT", "REPLACE", "UPDATE", "DELETE", "CREATE", "DROP", "ALTER", "ATTACH", "DETACH",
    "VACUUM", "REINDEX", "ANALYZE", "BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE",
}

#: The columns of the UPDATE that SQLite authorizes (and never runs) when it first connects a
#: table-valued function such as json_each or pragma_table_info.
SCHEMA_ROW = {"type", "name", "tbl_name", "rootpage", "sql"}

_COMMENTS_AND_BLANKS = re.compile(r"--[^\n]*|/\*.*?(?:\*/|$)|[\s;]+", re.S)
_LEADING = re.compile(r"(?:\s+|--[^\n]*(?:\n|$)|/\*.*?\*/)*([A-Za-z]*)", re.S)


def leading_keyword(sql: str) -> str:
    """The statement's first word after blanks and comments, upper-cased ('' if none)."""
    return _LEADING.match(sql).group(1).upper()


class _Authorizer:
    """Allows reading; records the first action it denies, in words."""

    def __init__(self, keyword: str):
        self.keyword = keyword
        self.refused: str | None = None

    def __call__(self, action, arg1, arg2, _db, _trigger):
        if action in ALLOWED or self._reporting_pragma(action, arg1, arg2):
            return sqlite3.SQLITE_OK
        if self._eponymous_table(action, arg1, arg2):
            return sqlite3.SQLITE_OK
        if self.refused is None:
            self.refused = self._describe(action, arg1, arg2)
        return sqlite3.SQLITE_DENY

    @staticmethod
    def _reporting_pragma(action, name, value) -> bool:
        if action != sqlite3.SQLITE_PRAGMA:
            return False
        name = (name or "").lower()
        return name in REPORTING_PRAGMAS or (name in SETTING_PRAGMAS and value is None)

    def _eponymous_table(self, action, table, column) -> bool:
        """SQLite authorizes an UPDATE of sqlite_master's row when a query first uses a
        table-valued function (json_each, pragma_table_info) but never runs it. No statement
        can really change sqlite_master (that needs PRAGMA writable_schema, refused), so this
        one exception is made, for queries only."""
        return (action == sqlite3.SQLITE_UPDATE and table == "sqlite_master"
                and column in SCHEMA_ROW and self.keyword in READING_KEYWORDS)

    @staticmethod
    def _describe(action, arg1, arg2) -> str:
        if action == sqlite3.SQLITE_PRAGMA:
            return f"run PRAGMA {arg1}" if arg2 is None else f"set PRAGMA {arg1} = {arg2}"
        template = WHAT.get(action)
        if template is None:
            return f"take action {action} of SQLite's authorizer"
        if action == sqlite3.SQLITE_TRANSACTION:
            arg1 = (arg1 or "").lower()  # 'BEGIN' -> 'begin a transaction'
        return template.format(arg1 or "", arg2 or "").strip()


class Query:
    """A running read-only query: its column names and its rows, fetched a batch at a time."""

    def __init__(self, cursor: sqlite3.Cursor):
        self.cursor = cursor
        self.columns = [d[0] for d in cursor.description or ()]

    def batches(self, size: int = BATCH) -> Iterator[list[tuple]]:
        while rows := _fetch(self.cursor, size):
            yield rows

    def rows(self, size: int = BATCH) -> Iterator[tuple]:
        for batch in self.batches(size):
            yield from batch


@contextmanager
def run(path: Path, sql: str) -> Iterator[Query]:
    """Prepare and start `sql` on a read-only connection to `path`; Refused or BadQuery if it
    cannot run. The connection closes when the block ends."""
    if not _COMMENTS_AND_BLANKS.sub("", sql):
        raise BadQuery('no SQL given: pass one statement, e.g. "SELECT * FROM puzzles"')
    engine = reader(path)
    raw = engine.raw_connection()
    conn: sqlite3.Connection = raw.driver_connection
    try:
        conn.isolation_level = None  # never let the sqlite3 module BEGIN on our behalf
        keyword = leading_keyword(sql)
        authorizer = _Authorizer(keyword)
        conn.set_authorizer(authorizer)
        try:
            cursor = conn.execute(sql)
        except sqlite3.Error as error:
            raise _explain(error, authorizer, keyword, sql) from None
        yield Query(cursor)
    finally:
        conn.set_authorizer(None)
        raw.close()
        engine.dispose()


def _fetch(cursor: sqlite3.Cursor, size: int) -> list[tuple]:
    """A batch of rows; an error while stepping (integer overflow, ...) is the query's fault."""
    try:
        return cursor.fetchmany(size)
    except sqlite3.Error as error:
        if _is_query_fault(error):
            raise BadQuery(f"SQLite: {error}") from None
        raise


def _explain(error: sqlite3.Error, authorizer: _Authorizer, keyword: str, sql: str):
    """The PuzzledbError for a statement SQLite would not prepare (or the error itself)."""
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
        return BadQuery(str(error))
    if _is_query_fault(error):
        return BadQuery(f"SQLite: {error}")
    return error


def _snippet(sql: str, width: int = 60) -> str:
    text = " ".join(sql.split())
    return "`" + (text if len(text) <= width else text[: width - 3] + "...") + "`"


def _code(error: sqlite3.Error) -> int | None:
    code = getattr(error, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def _is_query_fault(error: sqlite3.Error) -> bool:
    """SQLITE_ERROR is SQLite's 'your SQL is wrong' (syntax, no such table, overflow); a
    corrupt or foreign file reports other codes and stays a database error."""
    return _code(error) in (sqlite3.SQLITE_ERROR, sqlite3.SQLITE_RANGE, sqlite3.SQLITE_TOOBIG,
                            sqlite3.SQLITE_MISMATCH)
