"""A big build into a new file saved with its node table and depth index written as SQLite
pages (db.pages), not through SQLite's inserts.

Only a file no one can open yet (db.store.files writes it beside its name and links it into
place when complete) may be written so: SQLite makes both trees empty and commits, db.pages
fills them with the file closed, and SQLite then finishes the build, so the build commits twice.
"""

from __future__ import annotations

from pathlib import Path

from puzzledb.builder.puzzle import Puzzle
from puzzledb.builder.search.progress import Progress
from puzzledb.builder.search.result import SearchResult

from .. import schema
from ..connection import Writer
from ..pages import nodes as pages
from . import statements, transaction


def save_as_pages(
    db: Writer,
    puzzle: Puzzle,
    result: SearchResult,
    started: float,
    progress: Progress,
    side_file: Path,
) -> dict:
    """save_build for a new file no one can open yet: SQLite makes the node table and its
    depth index empty and commits; with the file closed, db.pages writes both as pages (a
    second process making the upper half's leaves far along the file, for a big build, its
    streams left in `side_file`); then the build is finished through SQLite. Rows or a file
    db.pages refuses (leaving the file as it was) are stored through SQLite instead, the
    index sorted after them."""
    with db.begin() as conn:
        row = transaction.begin_build(conn, puzzle, result)
        table = row["node_table"]
        index = f"{table}_by_depth"
        conn.execute(schema.node_index_ddl(table))
        roots: dict[str, int] = dict(
            conn.execute(
                "SELECT name, rootpage FROM sqlite_master WHERE tbl_name = ?", (table,)
            ).fetchall()
        )
        path = Path(conn.execute("PRAGMA database_list").fetchone()[2])
    db.close()  # closed: nothing of SQLite's holds a page of the file
    try:
        pages.write(
            path,
            roots[table],
            roots[index],
            result,
            lambda written: progress.rows(written, result.rows),
            side=side_file,
        )
    except pages.RecordRefused:  # the file is as SQLite left it: the rows go through SQLite
        with db.begin() as conn:
            conn.execute(f"DROP INDEX {index}")  # sorted once the rows are in
            statements.insert_rows(conn, table, result, progress)
            transaction.finish_build(conn, row, result, started, progress)
        return row
    with db.begin() as conn:
        transaction.finish_build(conn, row, result, started, progress, index=False)
    return row
