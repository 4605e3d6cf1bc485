"""A big build into a new file saved by two writers: this process stores the lower half of
the key order while a forked one (db.side_writer) stores the upper half in a side file, which
SQLite then copies in after it.

Binding rows costs about a microsecond a row of one core, and Python's lock keeps a second
thread from sharing that work; a second process shares it. Only a file no one can open yet
(db.store.files) is written so: the lower half is committed first, so the build commits twice.

db.store.saving prefers the page writer (db.store.as_pages), so this way is taken by a build
too small for the page writer (db.pages.nodes.MIN_ROWS) yet worth a second writer
(db.side_writer.MIN_ROWS): with today's sizes, the page writer's the lower, none is, but
tests that lower the second writer's size take it.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

from puzzledb.builder.puzzle import Puzzle
from puzzledb.builder.search.progress import Progress
from puzzledb.builder.search.result import SearchResult

from .. import schema, side_writer
from ..connection import Writer
from . import statements, transaction

#: What the child runs: write(cursor, report), report(rows) telling how many are written.
WriteRows = Callable[[sqlite3.Cursor, Callable[[int], None]], None]


def save_with_two_writers(
    db: Writer,
    puzzle: Puzzle,
    result: SearchResult,
    started: float,
    progress: Progress,
    side_file: Path,
) -> dict:
    """save_build with a second writer: the lower half of the rows committed first, then the
    side file's upper half copied in. However it ends, the side file goes."""
    try:
        with db.begin() as conn:
            row = transaction.begin_build(conn, puzzle, result)
            table = row["node_table"]
            ddl = schema.node_table_ddl(table, result.stores_pred, bool(result.symmetries))
            upper = partial(statements.write_rows, table=table, result=result, part=(1, 2))
            with writing_side_file(side_file, ddl, upper) as side:
                lower = statements.insert_rows
                lower(conn, table, result, progress, part=(0, 2), others=side.written)
                side.wait()
                progress.rows(result.states, result.states)
        db.connection.execute("ATTACH DATABASE ? AS side", (str(side_file),))
        with db.begin() as conn:
            progress.stage("copying the upper half")
            conn.execute(f"INSERT INTO main.{table} SELECT * FROM side.{table}")
            transaction.finish_build(conn, row, result, started, progress)
        return row
    finally:
        with contextlib.suppress(sqlite3.Error):
            db.connection.execute("DETACH DATABASE side")
        side_file.unlink(missing_ok=True)


@contextlib.contextmanager
def writing_side_file(path: Path, ddl: str, write: WriteRows) -> Iterator[side_writer.SideWriter]:
    """Fork a child that creates `path`, runs `ddl` and `write(cursor, report)` in one
    transaction, and exits. `report(rows)` publishes its progress. On leaving, a child still
    running is killed; the side file is the caller's, to copy in and remove."""
    path.unlink(missing_ok=True)
    with side_writer.forked(partial(_write_side_file, path, ddl, write), path) as writer:
        yield writer


def _write_side_file(path: Path, ddl: str, write: WriteRows, report: Callable[[int], None]) -> None:
    conn = sqlite3.connect(str(path), isolation_level=None)
    conn.execute("PRAGMA journal_mode = OFF")
    conn.execute("PRAGMA synchronous = OFF")
    conn.execute("PRAGMA cache_size = -262144")
    conn.execute("BEGIN")
    conn.execute(ddl)
    cursor = conn.cursor()
    write(cursor, report)
    cursor.close()
    conn.execute("COMMIT")
    conn.close()
