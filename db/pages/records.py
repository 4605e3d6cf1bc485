"""SQLite record bytes made column-wise: a varint header of serial types, then the values.

The record is fileformat2's 2.1 Record Format: a varint giving the header's size (itself
included), one serial type varint a column, then each column's value. A record is what an index
b-tree stores per entry (2.4 Representation of WITHOUT ROWID Tables: a WITHOUT ROWID table's
row is one, its primary key first, here its first column, so its columns in order; 2.5
Representation Of SQL Indices: an index's entry is one too, the indexed columns then the
table's primary key), and its cell on a leaf is the payload's size then the payload (1.6
B-tree Pages, "B-tree Cell Format": Index B-Tree Leaf Cell, header 0x0a).

Each column comes as a Field: per row its serial type and its value's bytes, left-aligned in a
matrix row. The cells of a chunk of rows are written by compiled loops (record_loops.py), so no
Python object is made per row. Only the page writer, a build of a million rows or more, comes
here: the loops' compiler is imported where they are first called.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np

#: Varints (1.6 B-tree Pages) here are of values below this (two bytes); larger ones are never
#: needed: records are refused beyond a page's local payload (about 1000 bytes at 4 KiB pages),
#: so sizes and types stay small.
VARINT2_LIMIT = 1 << 14
INT64_MAX = 2**63 - 1
INT64_MIN = -(2**63)


class RecordRefused(ValueError):
    """A value this writer does not store as SQLite would: a record too big for one page (its
    payload beyond 1.6 B-tree Pages' X, so part of it would go onto 1.7 Cell Payload Overflow
    Pages, which this writer never makes), a REAL (serial type 7), a BLOB (an even serial type
    of 12 or more): the caller stores through SQLite instead."""


@dataclass
class Field:
    """One column of n rows: serial types, value bytes (row i: data[i, :length[i]])."""

    serial: np.ndarray  # int64, n
    data: np.ndarray  # uint8, (n, width), left-aligned
    length: np.ndarray  # int64, n


@dataclass
class Cells:
    """Cells (varint payload size, then the record) back to back: cell i is
    buf[ends[i] - size_i : ends[i]], i.e. buf[starts[i]:starts[i + 1]]."""

    buf: np.ndarray  # uint8
    starts: np.ndarray  # int64, n + 1, starts[0] == 0, starts[-1] == len(buf)

    def __len__(self) -> int:
        return len(self.starts) - 1

    @property
    def sizes(self) -> np.ndarray:
        return np.diff(self.starts)

    def part(self, a: int, b: int) -> Cells:
        """Cells a..b-1, with a buffer of their own: a stream keeping a few cells of a
        chunk for long must not keep the whole chunk's buffer alive."""
        lo, hi = int(self.starts[a]), int(self.starts[b])
        return Cells(self.buf[lo:hi].copy(), self.starts[a : b + 1] - lo)

    def take(self, index: np.ndarray) -> Cells:
        """The cells at `index` (any order), copied into a buffer of their own."""
        sizes = self.sizes[index]
        starts = np.zeros(len(index) + 1, np.int64)
        np.cumsum(sizes, out=starts[1:])
        buf = np.empty(int(starts[-1]), np.uint8)
        place(buf, starts[:-1], self.buf, self.starts[index], sizes)
        return Cells(buf, starts)


def joined(parts: Sequence[Cells]) -> Cells:
    """Cells one after another, in one buffer."""
    if len(parts) == 1:
        return parts[0]
    if not parts:
        return Cells(np.empty(0, np.uint8), np.zeros(1, np.int64))
    offsets = np.cumsum([0] + [len(p.buf) for p in parts])
    starts = np.concatenate(
        [parts[0].starts[:1]] + [p.starts[1:] + o for p, o in zip(parts, offsets)]
    )
    return Cells(np.concatenate([p.buf for p in parts]), starts)


def place(
    out: np.ndarray, dst: np.ndarray, buf: np.ndarray, src: np.ndarray, sizes: np.ndarray
) -> None:
    """out[dst[i] : dst[i] + sizes[i]] = buf[src[i] : src[i] + sizes[i]] for every i."""
    total = int(sizes.sum())
    if total == 0:
        return
    within = np.arange(total, dtype=np.int64) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    out[np.repeat(dst, sizes) + within] = buf[np.repeat(src, sizes) + within]


def int_field(values: np.ndarray, null: np.ndarray | None = None) -> Field:
    """Integers as SQLite writes them in schema format 4 (1.3.10 Schema format number): 0 and 1
    as serial types 8 and 9 (no bytes), else big-endian two's complement in the fewest of 1, 2,
    3, 4, 6 or 8 bytes (serial types 1 to 6); NULL as serial type 0 (2.1 Record Format).
    A compiled loop (record_loops.py)."""
    from .record_loops import integers

    return Field(*integers(np.ascontiguousarray(values, dtype=np.int64), null))


def text_field(data: np.ndarray, length: np.ndarray, null: np.ndarray | None = None) -> Field:
    """UTF-8 text, data[i, :length[i]] (a uint8 matrix): serial type 13 + 2 * bytes, the odd
    serial types of 2.1 Record Format, without a nul terminator (the file's encoding is UTF-8:
    1.3.13 Text encoding, checked by dbfile)."""
    length = length.astype(np.int64, copy=False)
    serial = 13 + 2 * length
    if null is not None:
        serial = np.where(null, 0, serial)
        length = np.where(null, 0, length)
    return Field(serial, data, length)


def texts(values: Sequence[str]) -> Field:
    """A list of str (no None) as a text field."""
    encoded = [s.encode() for s in values]
    length = np.fromiter(map(len, encoded), np.int64, len(encoded))
    width = max(1, int(length.max(initial=0)))
    data = np.array(encoded, dtype=f"S{width}").view(np.uint8).reshape(len(encoded), width)
    return text_field(data, length)


def points_field(points: np.ndarray, null: np.ndarray | None = None) -> Field:
    """Texts of one length as a matrix of code points, a row a text (SearchResult.arrays),
    NULL where `null`: ASCII (every board's keys so far) as its bytes, without a Python object
    a row; other text by way of str."""
    n, width = points.shape
    if n == 0 or (int(points.min()) > 0 and int(points.max()) < 0x80):
        return text_field(points.astype(np.uint8, copy=False), np.full(n, width, np.int64), null)
    values: list = np.ascontiguousarray(points, np.uint32).view(f"<U{width}").ravel().tolist()
    if null is not None:
        for i in np.flatnonzero(null).tolist():
            values[i] = None
    return column_field(values)


def column_field(values: Sequence | np.ndarray) -> Field:
    """A column of Python values as SQLite binds them: int (exactly, within 64 bits), str or
    None. Whole columns of one type take the fast way; a mixed one (a goal's NULL move, a count
    beyond 64 bits as decimal text) is split by type. Arrays (SearchResult.arrays): integers,
    NULL where masked; a matrix is texts as code points (points_field), NULL where a row is
    masked."""
    if isinstance(values, np.ndarray) and values.ndim == 2:
        if not isinstance(values, np.ma.MaskedArray):
            return points_field(values)
        return points_field(values.data, np.logical_or.reduce(np.ma.getmaskarray(values), axis=1))
    if isinstance(values, np.ma.MaskedArray) and values.dtype.kind in "iub":
        return int_field(values.data, np.ma.getmaskarray(values))
    if isinstance(values, np.ndarray) and values.dtype.kind in "iub":
        return int_field(values)
    n = len(values)
    if n and type(values[0]) is int:
        try:
            return int_field(np.array(values, dtype=np.int64))
        except (TypeError, OverflowError, ValueError):
            pass
    if n and all(type(v) is str for v in values):
        return texts(cast(Sequence[str], values))
    kinds = [_kind(v) for v in values]
    null = np.array([k == 0 for k in kinds], bool)
    is_text = np.array([k == 2 for k in kinds], bool)
    ints = np.array([v if k == 1 else 0 for v, k in zip(values, kinds)], dtype=np.int64)
    field = int_field(ints, null | is_text)
    if is_text.any():
        words = texts([v if k == 2 else "" for v, k in zip(values, kinds)])
        width = max(field.data.shape[1], words.data.shape[1])
        data = np.zeros((n, width), np.uint8)
        data[:, : field.data.shape[1]] = field.data
        data[is_text, : words.data.shape[1]] = words.data[is_text]
        field = Field(
            np.where(is_text, words.serial, field.serial),
            data,
            np.where(is_text, words.length, field.length),
        )
    return field


def _kind(value: object) -> int:
    """0 NULL, 1 integer, 2 text; anything else (a REAL, a BLOB: 2.1 Record Format's serial
    type 7 and even ones from 12) is refused."""
    if value is None:
        return 0
    if type(value) is int or isinstance(value, np.integer):
        if not INT64_MIN <= int(value) <= INT64_MAX:  # type: ignore[call-overload]
            raise RecordRefused(f"an integer beyond 64 bits: {value}")
        return 1
    if isinstance(value, str):
        return 2
    raise RecordRefused(f"a value of type {type(value).__name__}")


def cells(fields: Sequence[Field], max_payload: int) -> Cells:
    """The leaf cells of records made of `fields` (the columns in order): each the payload's
    size as a varint, then the record (header size, serial types, values): 1.6 B-tree Pages,
    "B-tree Cell Format", Index B-Tree Leaf Cell, with no overflow page number, a payload
    above `max_payload` (1.6's X) being refused, and 2.1 Record Format. Compiled loops
    (record_loops.py) write them."""
    if not fields:
        raise RecordRefused("a record of no columns")
    from .record_loops import cell_sizes, write_cells

    n = len(fields[0].serial)
    serials = tuple(_plain(f.serial, np.int64) for f in fields)
    lengths = tuple(_plain(f.length, np.int64) for f in fields)
    if n and max(int(s.max()) for s in serials) >= VARINT2_LIMIT:
        raise RecordRefused("a varint beyond two bytes")
    header, payload = cell_sizes(serials, lengths)
    if n and int(header.max()) >= 0x80:
        raise RecordRefused("a record header beyond 127 bytes")
    if n and int(payload.max()) > max_payload:
        raise RecordRefused(f"a record of {int(payload.max())} bytes spills off its page")
    if n and int(payload.max()) >= VARINT2_LIMIT:
        raise RecordRefused("a varint beyond two bytes")
    data = tuple(_plain(f.data, np.uint8) for f in fields)
    starts = np.zeros(n + 1, np.int64)
    np.cumsum(payload + np.where(payload < 0x80, 1, 2), out=starts[1:])
    return Cells(write_cells(serials, lengths, data, header, payload, starts), starts)


def _plain(values: np.ndarray, dtype: type) -> np.ndarray:
    """The array as the compiled loops take a column: of this type, contiguous and writable
    (a tuple of arrays is one type to them only if every array is alike)."""
    out: np.ndarray = np.ascontiguousarray(values, dtype)
    return out if out.flags.writeable else out.copy()
