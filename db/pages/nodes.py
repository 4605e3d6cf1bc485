"""A build's node table and depth index written as pages into a new, closed file.

SQLite made both empty (each has its root page, the rootpage of its row in sqlite_schema:
fileformat2's 2.6 Storage Of The SQL Database Schema, which this writer leaves as it is); the
rows, which a search hands over in key order, become the table's b-tree in that order, and,
bucketed by depth, the index's. Neither needs a B-tree insert or a sort. Each tree's top page
is written into its root page (1.6 B-tree Pages: a b-tree is known by its root page number).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

from puzzledb.builder.search.result import SearchResult

from . import upper
from .btree import IndexTree
from .dbfile import PageFile
from .leaves import fill
from .records import RecordRefused

__all__ = ["RecordRefused", "worthwhile", "write"]

#: A build of fewer rows is stored through SQLite: the pages would save it little.
MIN_ROWS = 1_000_000


def worthwhile(rows: int) -> bool:
    return rows >= MIN_ROWS


def write(
    path: Path,
    table_root: int,
    index_root: int,
    result: SearchResult,
    report: Callable[[int], None] = lambda rows: None,
    side: Path | None = None,
) -> None:
    """Fill the empty node table at page `table_root` and its empty depth index at
    `index_root` of the closed file at `path` with `result`'s rows. With `side` (a path for
    a small file of its own), a forked process makes the upper half's leaves meanwhile (db.
    pages.upper). RecordRefused (a row SQLite would store otherwise, a file of another format)
    leaves the file as it was."""
    file = PageFile(path)
    try:
        if side is not None and upper.worthwhile(result.rows):
            parts = upper.filled_in_halves(file, result, side, report)
        else:
            parts = [fill(file, result, (0, 1), report)]
        for before, after in itertools.pairwise(parts):
            if before.last is not None and after.first is not None and before.last >= after.first:
                raise RecordRefused("keys out of order between the halves")
        table = IndexTree(file, table_root)
        index = IndexTree(file, index_root)
        table.streams = [part.rows for part in parts]
        index.streams = [part.depths[d] for d in range(len(result.histogram)) for part in parts]
        for tree in (table, index):
            for stream in tree.streams:
                stream.tree = tree
        table.finish()
        index.finish()
    except BaseException:
        file.abandon()
        raise
    file.close()
