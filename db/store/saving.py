"""A finished search saved through a file's writer, the way chosen: through SQLite's
statements in one transaction (db.store.statements), or, for a big build into a new file that
no reader can see yet, as pages (db.store.as_pages) or by two writers (db.store.two_writers).
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from puzzledb.builder.puzzle import Puzzle
from puzzledb.builder.search.progress import Progress
from puzzledb.builder.search.result import SearchResult

from .. import side_writer
from ..connection import Writer
from ..pages import nodes as pages
from . import statements, transaction
from .as_pages import save_as_pages
from .two_writers import save_with_two_writers


class Save(Protocol):
    """How save_build_to stores a result through a file's writer: save_build, or
    db.cluster.write's own."""

    def __call__(
        self,
        db: Writer,
        puzzle: Puzzle,
        result: SearchResult,
        started: float,
        progress: Progress | None,
        side_file: Path | None = None,
    ) -> dict: ...


def save_build(
    db: Writer,
    puzzle: Puzzle,
    result: SearchResult,
    started: float,
    progress: Progress | None = None,
    side_file: Path | None = None,
) -> dict:
    """Store `result` (a builder SearchResult) for `puzzle`; return the new puzzles row.

    `started` is the time.perf_counter() at which the build began, so build_seconds covers the
    search and the store; the row keeps the wall-clock times too: started_at (the search's
    start), built_at (storing began) and finished_at (its last statement before COMMIT).
    `progress` (a builder.search.progress.Progress) hears of rows and stages.

    `side_file` is for a file no reader can see until the build is complete: there a big
    build's node table and depth index are written as pages (db.store.as_pages, a second
    process's leftovers in that path), or a second process writes half its rows into that
    path (db.store.two_writers); either way the build commits twice.
    """
    progress = progress or Progress()
    if side_file is not None and pages.worthwhile(result.rows):
        return save_as_pages(db, puzzle, result, started, progress, side_file)
    if side_file is not None and side_writer.worthwhile(result.rows):
        return save_with_two_writers(db, puzzle, result, started, progress, side_file)
    with db.begin() as conn:
        row = transaction.begin_build(conn, puzzle, result)
        statements.insert_rows(conn, row["node_table"], result, progress)
        transaction.finish_build(conn, row, result, started, progress)
    return row
