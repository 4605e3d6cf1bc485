"""A run of a build's rows made into leaves: the node table's, and each depth's of the index.

The rows come in key order (SearchResult.arrays); each chunk becomes the table's records in
that order and the index's (depth, key) records bucketed by depth, each depth's into a stream
of its own (db.pages.btree.Stream).

fileformat2: the table's record is its row, the primary key (the state) first (2.4
Representation of WITHOUT ROWID Tables); the index's is the indexed column, then the table's
primary key (2.5 Representation Of SQL Indices; 2.5.1 Suppression of redundant columns in
WITHOUT ROWID secondary indexes: the state once, not repeated); both trees in 2.2 Record Sort
Order (integers by value, text by its collating function, here BINARY: byte by byte).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from puzzledb.builder.search.result import SearchResult

from .btree import IndexTree, Stream, max_payload
from .dbfile import LeafFile, PageFile
from .records import Field, RecordRefused, cells, column_field, points_field, text_field

#: Rows taken from the search at a time.
CHUNK_ROWS = 65_536


@dataclass
class Filled:
    """A run of the key order made into leaves: the table's stream, each depth's stream of
    the index, and the run's first and last keys (None: no rows)."""

    rows: Stream
    depths: list[Stream]
    first: bytes | None = None
    last: bytes | None = None


def fill(
    file: PageFile | LeafFile,
    result: SearchResult,
    part: tuple[int, int],
    report: Callable[[int], None],
) -> Filled:
    """Part `part` of the rows (SearchResult.chunks) made into leaves written to `file`."""
    leaves = IndexTree(file, 0)  # writes leaves only: the streams go to the real trees later
    filled = Filled(leaves.stream(), [leaves.stream() for _ in result.histogram])
    room = max_payload(file.usable)
    written = 0
    for columns in result.arrays(CHUNK_ROWS, part):
        fields = [state_field(columns[0]), *(column_field(c) for c in columns[1:])]
        filled.last = _check_order(fields[0], filled.last)
        if filled.first is None and len(fields[0].length):
            filled.first = bytes(fields[0].data[0, : fields[0].length[0]])
        filled.rows.add(cells(fields, room))
        depths = _narrow(np.asarray(columns[1], np.int64))
        _add_by_depth(filled.depths, fields[1], fields[0], depths, room)
        written += len(columns[0])
        report(written)
    return filled


def state_field(states: Sequence[str] | np.ndarray) -> Field:
    """Keys as text; a chunk of ASCII keys of one length (every sliding board) the fast way:
    from a matrix of code points (SearchResult.arrays), or from a list of str."""
    n = len(states)
    if isinstance(states, np.ndarray):
        return points_field(states)  # a row a key: text, never NULL
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
    """Refuse keys not strictly increasing (bytewise, as SQLite's BINARY collation: 2.2 Record
    Sort Order): a b-tree built from them would be corrupt. Returns the last key."""
    data, length = keys.data, keys.length
    n = len(length)
    if n == 0:
        return last
    first = bytes(data[0, : length[0]])
    if last is not None and not last < first:
        raise RecordRefused("keys out of order between chunks")
    if n > 1 and int(length.min()) == int(length.max()) == data.shape[1]:
        if not _increasing_rows(data):
            raise RecordRefused("keys out of order")
    elif n > 1:
        # Past its length a key reads as -1, below any byte: a prefix sorts first.
        padded = data.astype(np.int16)
        padded[np.arange(data.shape[1]) >= length[:, None]] = -1
        differ = padded[1:] != padded[:-1]
        at = differ.argmax(axis=1)
        rows = np.arange(n - 1)
        if not (differ.any(axis=1) & (padded[1:][rows, at] > padded[:-1][rows, at])).all():
            raise RecordRefused("keys out of order")
    return bytes(data[-1, : length[-1]])


def _increasing_rows(data: np.ndarray) -> bool:
    """Whether the rows of a byte matrix (keys of one length) strictly increase bytewise: a
    compiled loop (record_loops.py)."""
    from .record_loops import rows_increase

    return bool(rows_increase(np.ascontiguousarray(data, np.uint8)))


def _narrow(depths: np.ndarray) -> np.ndarray:
    """Depths as int16 where they fit: numpy sorts 16-bit integers by radix, 3x faster."""
    if len(depths) and int(depths.min()) >= 0 and int(depths.max()) < 2**15:
        return depths.astype(np.int16)
    return depths


def _add_by_depth(
    streams: list, depth_field: Field, keys: Field, depths: np.ndarray, room: int
) -> None:
    """The chunk's depth index entries (depth, key), each depth's to its own stream: in 2.2
    Record Sort Order, by depth, then by key (within a depth, the rows' own order)."""
    order = np.argsort(depths, kind="stable")
    fields = [_taken(depth_field, order), _taken(keys, order)]
    entries = cells(fields, room)
    bounds = np.searchsorted(depths[order], np.arange(len(streams) + 1))
    if bounds[0] != 0 or bounds[-1] != len(depths):
        raise RecordRefused("a depth beyond the histogram")
    for depth in np.flatnonzero(np.diff(bounds)):
        streams[depth].add(entries.part(int(bounds[depth]), int(bounds[depth + 1])))


def _taken(field: Field, order: np.ndarray) -> Field:
    """The field's rows in `order`: `take` gathers a key's bytes several times faster than
    indexing by the order."""
    return Field(field.serial.take(order), field.data.take(order, axis=0), field.length.take(order))
