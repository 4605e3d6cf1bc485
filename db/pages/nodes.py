"""A build's node table and depth index written as pages into a new, closed file.

SQLite made both empty (each has its root page); the rows, which a search hands over in key
order, become the table's b-tree in that order, and, bucketed by depth, the index's. Neither
needs a B-tree insert or a sort.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from puzzledb.builder.search.result import SearchResult

from .btree import IndexTree, max_payload
from .dbfile import PageFile
from .records import Field, RecordRefused, cells, column_field, text_field

__all__ = ["RecordRefused", "worthwhile", "write"]

#: A build of fewer rows is stored through SQLite: the pages would save it little.
MIN_ROWS = 1_000_000
#: Rows taken from the search at a time.
CHUNK_ROWS = 65_536


def worthwhile(rows: int) -> bool:
    return rows >= MIN_ROWS


def write(
    path: Path,
    table_root: int,
    index_root: int,
    result: SearchResult,
    report: Callable[[int], None] = lambda rows: None,
) -> None:
    """Fill the empty node table at page `table_root` and its empty depth index at
    `index_root` of the closed file at `path` with `result`'s rows. RecordRefused (a row
    SQLite would store otherwise, a file of another format) leaves the file as it was."""
    file = PageFile(path)
    try:
        table = IndexTree(file, table_root)
        rows = table.stream()
        index = IndexTree(file, index_root)
        depths = [index.stream() for _ in result.histogram]
        room = max_payload(file.usable)
        last: bytes | None = None
        written = 0
        for columns in result.arrays(CHUNK_ROWS):
            fields = [state_field(columns[0]), *(column_field(c) for c in columns[1:])]
            last = _check_order(fields[0], last)
            rows.add(cells(fields, room))
            _add_by_depth(depths, fields[1], fields[0], np.asarray(columns[1], np.int64), room)
            written += len(columns[0])
            report(written)
        table.finish()
        index.finish()
    except BaseException:
        file.abandon()
        raise
    file.close()


def state_field(states: Sequence[str] | np.ndarray) -> Field:
    """Keys as text; a chunk of ASCII keys of one length (every sliding board) the fast way:
    from a matrix of code points (SearchResult.arrays), or from a list of str."""
    n = len(states)
    if isinstance(states, np.ndarray):
        if n and int(states.min()) > 0 and int(states.max()) < 0x80:
            width = states.shape[1]
            return text_field(states.astype(np.uint8), np.full(n, width, np.int64))
        states = states.view(f"<U{states.shape[1]}").ravel().tolist()
    if n and isinstance(states, list):
        joined = "".join(states)
        width = len(states[0])
        if joined.isascii() and len(joined) == n * width:
            lengths = np.fromiter(map(len, states), np.int64, n)
            if (lengths == width).all():
                data = np.frombuffer(joined.encode("ascii"), np.uint8).reshape(n, width)
                return text_field(data, lengths)
    field = column_field(states)
    if (field.serial < 13).any():
        raise RecordRefused("a key that is not text")
    return field


def _check_order(keys: Field, last: bytes | None) -> bytes | None:
    """Refuse keys not strictly increasing (bytewise, as SQLite's BINARY collation): a b-tree
    built from them would be corrupt. Returns the last key."""
    data, length = keys.data, keys.length
    n = len(length)
    if n == 0:
        return last
    first = bytes(data[0, : length[0]])
    if last is not None and not last < first:
        raise RecordRefused("keys out of order between chunks")
    if n > 1:
        # Past its length a key reads as -1, below any byte: a prefix sorts first.
        padded = data.astype(np.int16)
        padded[np.arange(data.shape[1]) >= length[:, None]] = -1
        differ = padded[1:] != padded[:-1]
        at = differ.argmax(axis=1)
        rows = np.arange(n - 1)
        if not (differ.any(axis=1) & (padded[1:][rows, at] > padded[:-1][rows, at])).all():
            raise RecordRefused("keys out of order")
    return bytes(data[-1, : length[-1]])


def _add_by_depth(
    streams: list, depth_field: Field, keys: Field, depths: np.ndarray, room: int
) -> None:
    """The chunk's depth index entries (depth, key), each depth's to its own stream."""
    order = np.argsort(depths, kind="stable")
    fields = [_taken(depth_field, order), _taken(keys, order)]
    entries = cells(fields, room)
    bounds = np.searchsorted(depths[order], np.arange(len(streams) + 1))
    if bounds[0] != 0 or bounds[-1] != len(depths):
        raise RecordRefused("a depth beyond the histogram")
    for depth in np.flatnonzero(np.diff(bounds)):
        streams[depth].add(entries.part(int(bounds[depth]), int(bounds[depth + 1])))


def _taken(field: Field, order: np.ndarray) -> Field:
    return Field(field.serial[order], field.data[order], field.length[order])
