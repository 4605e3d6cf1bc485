"""Every shape of file the page writer (db.pages) makes passes SQLite's integrity check and reads
back as SQLite's own inserts store the same rows.

A shape is what the writer must get right beyond the common case: a `pred` column or none,
the `fixed` column of a build of classes, counts of solutions past 64 bits stored as text (see
db/schema.py's docstring), an upper half of leaves made by a forked process (db/pages/upper.py)
and moved into place by the filesystem's collapse or copied down (db/pages/ranges.py), a tree
that is one leaf and one of several levels. Each case below says which it is, and the test
checks that the file it wrote really has that shape before comparing it with SQLite's.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import struct
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from support.file_systems import collapsible, counted_collapses

from puzzledb.builder import catalogue
from puzzledb.builder.search.result import SearchResult, TableResult
from puzzledb.db import schema, side_writer
from puzzledb.db.build import search
from puzzledb.db.pages import btree, nodes, ranges, upper
from puzzledb.db.store import write_rows

TABLE, INDEX = "nodes_1", "nodes_1_by_depth"
#: The largest count SQLite stores as an INTEGER; past it a count is stored as decimal text.
INT64_MAX = 2**63 - 1


def searched(name: str, radius: int | None = None, classes: bool = True) -> SearchResult:
    """A real build's rows, as the store gets them (a packed search's arrays)."""
    puzzle = catalogue.get(name)
    return search(puzzle, puzzle.default_goal, radius, classes=classes)


def made_up(rows: int, stores_pred: bool = False, past_64_bits: bool = False) -> TableResult:
    """`rows` rows of keys that share long prefixes, over five depths (one goal at depth 0);
    `past_64_bits`: counts climbing through 2**63, the ones from there on stored as text, in
    the same chunk as the ones below it."""
    keys = [f"key-{i:06}" for i in range(rows)]
    depths = [0] + [1 + i % 4 for i in range(1, rows)]
    table = {
        key: (depth, None if depth == 0 else i % 9, None if depth == 0 else keys[i // 2])
        for i, (key, depth) in enumerate(zip(keys, depths))
    }
    counts = [2**62 + i * 2**58 if past_64_bits else 1 + i % 7 for i in range(rows)]
    if past_64_bits:
        counts[-1] = 10**40  # far past: 133 bits
    return TableResult(
        "key-000000",
        [depths.count(d) for d in range(5)],
        {},
        stores_pred,
        table=table,
        solutions=dict(zip(keys, counts)),
    )


@dataclass(frozen=True)
class Shape:
    """A file the page writer makes, and what shows it has that shape."""

    result: Callable[[], SearchResult]
    page_size: int = 4096
    #: the upper half's leaves made by a forked process (db.pages.upper)
    halves: bool = False
    #: how the child's leaves came down to the end of the file: collapsed by the filesystem
    #: (True), copied (False); None: there was no child
    collapsed: bool | None = None
    pred: bool = False
    fixed: bool = False
    text_counts: bool = False
    #: how many levels each tree (the table's, the index's) may have
    levels: range = range(1, 10)


SHAPES = {
    "no pred: seven, pred derived from each move's swap": Shape(lambda: searched("seven")),
    "pred stored: peg15, whose jumps do not swap": Shape(
        lambda: searched("peg15", classes=False), pred=True
    ),
    "fixed: a build of classes, the English cross to radius 7": Shape(
        lambda: searched("english", 7), fixed=True
    ),
    "counts past 64 bits as text, beside integers": Shape(
        lambda: made_up(400, stores_pred=True, past_64_bits=True), pred=True, text_counts=True
    ),
    # eight: seven's packed keys all fall in the upper half of their range, leaving the lower
    # half no rows; eight's split 31,541 / 149,899.
    "upper half from the forked process, collapsed into place": Shape(
        lambda: searched("eight"), halves=True, collapsed=True
    ),
    "upper half from the forked process, copied down": Shape(
        lambda: searched("eight"), halves=True, collapsed=False
    ),
    "a tree of one leaf": Shape(lambda: made_up(3), levels=range(1, 2)),
    "a tree of several levels": Shape(lambda: made_up(5000), page_size=512, levels=range(3, 10)),
}

needs_fork = pytest.mark.skipif(
    not hasattr(os, "fork") or (os.cpu_count() or 1) < 2, reason="needs fork and two cores"
)


def empty_file(path, result: SearchResult, page_size: int) -> tuple[int, int]:
    """A file as the store leaves it for the page writer: the node table and its depth index
    made empty and committed; their root pages."""
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute(f"PRAGMA page_size = {page_size}")
        conn.execute(schema.node_table_ddl(TABLE, result.stores_pred, bool(result.symmetries)))
        conn.execute(schema.node_index_ddl(TABLE))
        roots = dict(conn.execute("SELECT name, rootpage FROM sqlite_master"))
        conn.commit()
    return roots[TABLE], roots[INDEX]


def inserted_by_sqlite(path, result: SearchResult, page_size: int) -> None:
    """The same rows stored as a build stores them through SQLite: INSERTs in key order
    (db.store.statements), then the depth index sorted."""
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute(f"PRAGMA page_size = {page_size}")
        conn.execute("BEGIN")
        conn.execute(schema.node_table_ddl(TABLE, result.stores_pred, bool(result.symmetries)))
        cursor = conn.cursor()
        write_rows(cursor, lambda written: None, table=TABLE, result=result)
        cursor.close()
        conn.execute(schema.node_index_ddl(TABLE))
        conn.execute("COMMIT")


def read_back(path) -> dict:
    """What the file stores, read through SQLite: the integrity check, the columns, every row
    with its solutions' type, and the depth index's entries in its own order."""
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        return {
            "integrity": conn.execute("PRAGMA integrity_check").fetchall(),
            "columns": [c[1] for c in conn.execute(f"PRAGMA table_info({TABLE})")],
            "rows": conn.execute(
                f"SELECT *, typeof(solutions) FROM {TABLE} ORDER BY state"
            ).fetchall(),
            "index": conn.execute(
                f"SELECT depth, state FROM {TABLE} INDEXED BY {INDEX} ORDER BY depth, state"
            ).fetchall(),
        }


def levels(path, root: int) -> int:
    """How many levels the b-tree at page `root` has: from the root down its right-most
    children to a leaf (fileformat2 1.6: an index b-tree's interior pages are 0x02, leaves
    0x0a, the right-most child at offset 8)."""
    with open(path, "rb") as file:
        page_size = struct.unpack_from(">H", file.read(100), 16)[0]
        page_size = 65536 if page_size == 1 else page_size
        page, depth = root, 1
        while True:
            file.seek((page - 1) * page_size)
            header = file.read(12)
            if header[0] == btree.LEAF:
                return depth
            assert header[0] == btree.INTERIOR
            page, depth = struct.unpack_from(">I", header, 8)[0], depth + 1


@pytest.fixture()
def collapses(monkeypatch):
    """What each collapse of the file's gap returned (True: done by the filesystem)."""
    return counted_collapses(monkeypatch)


@pytest.mark.parametrize(
    "label",
    [
        pytest.param(label, marks=needs_fork) if shape.halves else label
        for label, shape in SHAPES.items()
    ],
)
def test_every_shape_the_page_writer_makes_is_what_sqlite_stores(
    label, tmp_path, monkeypatch, collapses
):
    shape = SHAPES[label]
    if shape.collapsed and not collapsible(tmp_path):
        pytest.skip("the temporary folder's filesystem does not collapse ranges")
    collapses.clear()  # the probe's
    halves = []
    if shape.halves:
        monkeypatch.setattr(side_writer, "MIN_ROWS", 1)  # however small, forked
        monkeypatch.setattr(btree, "CUT_BYTES", 5000)  # leaves cut as the rows come
        real = upper.filled_in_halves

        def counted(*args, **kwargs):
            parts = real(*args, **kwargs)
            halves.append([sum(len(p) for p in part.rows.pages) for part in parts])
            return parts

        monkeypatch.setattr(upper, "filled_in_halves", counted)
    if shape.collapsed is False:
        monkeypatch.setattr(ranges, "_fallocate", lambda: None)  # as on tmpfs: copied down

    result = shape.result()
    pages, sqlite = tmp_path / "pages.sqlite", tmp_path / "sqlite.sqlite"
    table_root, index_root = empty_file(pages, result, shape.page_size)
    side = tmp_path / "side" if shape.halves else None
    nodes.write(pages, table_root, index_root, result, side=side)
    inserted_by_sqlite(sqlite, result, shape.page_size)
    written, expected = read_back(pages), read_back(sqlite)

    assert written["integrity"] == [("ok",)]
    # The file has the shape it stands for.
    assert ("pred" in written["columns"]) == shape.pred
    assert ("fixed" in written["columns"]) == shape.fixed
    text = [row[3] for row in written["rows"] if row[-1] == "text"]
    assert bool(text) == shape.text_counts
    assert all(int(count) > INT64_MAX for count in text)
    if shape.halves:
        ((lower, upper_leaves),) = halves
        assert lower > 0 and upper_leaves > 0  # both halves made leaves
    assert collapses == ([] if shape.collapsed is None else [shape.collapsed])
    assert levels(pages, table_root) in shape.levels
    assert levels(pages, index_root) in shape.levels
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pages.sqlite", "sqlite.sqlite"]
    # And it reads back as SQLite's own inserts store the same rows.
    assert written == expected
    assert len(written["rows"]) == result.rows


def test_the_shapes_cover_what_the_writer_distinguishes():
    """One case at least of each: no pred and pred, fixed, text counts, both halves' ways
    into place, one leaf and several levels."""
    shapes = list(SHAPES.values())
    assert {s.pred for s in shapes} == {False, True}
    assert any(s.fixed for s in shapes) and any(s.text_counts for s in shapes)
    assert {s.collapsed for s in shapes if s.halves} == {True, False}
    assert any(s.levels == range(1, 2) for s in shapes)
    assert any(s.levels.start >= 3 for s in shapes)
