"""SQLite record bytes made column-wise: a varint header of serial types, then the values.

The record is fileformat2's 2.1 Record Format: a varint giving the header's size (itself
included), one serial type varint a column, then each column's value. A record is what an index
b-tree stores per entry (2.4 Representation of WITHOUT ROWID Tables: a WITHOUT ROWID table's
row is one, its primary key first, here its first column, so its columns in order; 2.5
Representation Of SQL Indices: an index's entry is one too, the indexed columns then the
table's primary key), and its cell on a leaf is the payload's size then the payload (1.6
B-tree Pages, "B-tree Cell Format": Index B-Tree Leaf Cell, header 0x0a).

Each column comes as a Field: per row its serial type and its value's bytes, left-aligned in a
matrix row. The cells of a chunk of rows are assembled in one padded matrix and compacted, so
no Python object is made per row.
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
#: The byte widths SQLite stores an integer in, by serial type 1..6 (2.1 Record Format,
#: "Serial Type Codes Of The Record Format": 8, 16, 24, 32, 48 and 64-bit integers).
INT_BYTES = np.array([0, 1, 2, 3, 4, 6, 8], np.int64)
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
    3, 4, 6 or 8 bytes (serial types 1 to 6); NULL as serial type 0 (2.1 Record Format)."""
    v = np.ascontiguousarray(values, dtype=np.int64)
    u = np.where(v < 0, ~v, v)
    serial = np.select(
        [u <= 0x7F, u <= 0x7FFF, u <= 0x7FFFFF, u <= 0x7FFFFFFF, u <= 0x7FFFFFFFFFFF],
        [1, 2, 3, 4, 5],
        6,
    ).astype(np.int64)
    serial[v == 0] = 8
    serial[v == 1] = 9
    if null is not None:
        serial[null] = 0
    length = np.where(serial < 7, INT_BYTES[np.minimum(serial, 6)], 0)
    # Left-aligned: the value's low `length` bytes first, big-endian.
    shift = ((8 - np.minimum(length, 8)) * 8).astype(np.uint64)
    shifted = np.left_shift(v.view(np.uint64), shift, dtype=np.uint64)
    shifted[length == 0] = 0
    data = shifted.astype(">u8").view(np.uint8).reshape(len(v), 8)
    return Field(serial, data, length.astype(np.int64))


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


def varint_field(values: np.ndarray) -> Field:
    """Values below 2**14 as SQLite varints (one or two bytes), left-aligned in two bytes: the
    varint of 1.6 B-tree Pages, big-endian, seven bits a byte, the high bit set on every byte but
    the last."""
    v = values.astype(np.int64, copy=False)
    top = int(v.max(initial=0))
    if top < 0x80:  # one byte each: every serial type of an integer, short texts
        return Field(v, v.astype(np.uint8).reshape(len(v), 1), np.ones(len(v), np.int64))
    if top >= VARINT2_LIMIT:
        raise RecordRefused("a varint beyond two bytes")
    two = v >= 0x80
    word = np.where(two, ((0x80 | (v >> 7)) << 8) | (v & 0x7F), v << 8).astype(">u2")
    return Field(v, word.view(np.uint8).reshape(len(v), 2), 1 + two)


def cells(fields: Sequence[Field], max_payload: int) -> Cells:
    """The leaf cells of records made of `fields` (the columns in order): each the payload's
    size as a varint, then the record (header size, serial types, values): 1.6 B-tree Pages,
    "B-tree Cell Format", Index B-Tree Leaf Cell, with no overflow page number, a payload
    above `max_payload` (1.6's X) being refused, and 2.1 Record Format."""
    if not fields:
        raise RecordRefused("a record of no columns")
    n = len(fields[0].serial)
    serials = [varint_field(f.serial) for f in fields]
    header = 1 + _total(serials, n)  # with its own size byte (2.1): below 128 here
    if n and int(header.max()) >= 0x80:
        raise RecordRefused("a record header beyond 127 bytes")
    payload = header + _total(fields, n)
    if n and int(payload.max()) > max_payload:
        raise RecordRefused(f"a record of {int(payload.max())} bytes spills off its page")
    header_size = Field(
        np.zeros(n, np.int64), header.astype(np.uint8).reshape(n, 1), np.ones(n, np.int64)
    )
    parts = [varint_field(payload), header_size, *serials, *fields]
    # Each part in a slot of its full width, then the padding dropped: row-major, so the
    # cells come out back to back in row order.
    # Slots as wide as their longest value in this chunk; a slot of one length all down
    # (a key, a pred but a goal's, a header) is kept whole without comparing. (Not min with
    # initial=0: that is 0 for every slot, and every byte was compared.)
    spans = [(int(p.length.min()), int(p.length.max())) if n else (0, 0) for p in parts]
    width = sum(hi for _, hi in spans)
    matrix = np.empty((n, width), np.uint8)
    keep = np.ones((n, width), bool)
    at = 0
    for part, (lo, hi) in zip(parts, spans):
        matrix[:, at : at + hi] = part.data[:, :hi]
        if lo != hi:
            np.less(np.arange(hi), part.length[:, None], out=keep[:, at : at + hi])
        at += hi
    starts = np.zeros(n + 1, np.int64)
    np.cumsum(payload + parts[0].length, out=starts[1:])
    if all(lo == hi for lo, hi in spans):  # records of one size (an index's, in one layer)
        return Cells(matrix.reshape(-1), starts)
    return Cells(matrix.reshape(-1)[keep.reshape(-1)], starts)  # 3x np.compress on long runs


def _total(fields: Sequence[Field], n: int) -> np.ndarray:
    """Per row, the bytes of `fields` together."""
    total = np.zeros(n, np.int64)
    for f in fields:
        total += f.length
    return total
