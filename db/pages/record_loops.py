"""records.py's two row-by-row steps as compiled loops (numba): an integer's serial type and
bytes, and a record's cell, each a byte at a time where numpy made a padded matrix of every
row's widest value and compacted it (a build's rows spent a third of their time there).

What they write is what records.py's docstring cites of fileformat2: 2.1 Record Format and the
varint and Index B-Tree Leaf Cell of 1.6 B-tree Pages.
"""

from __future__ import annotations

import numpy as np

from puzzledb.builder.core.compiled import compiled

#: An integer's bytes by serial type 1..6 (2.1 Record Format): 8, 16, 24, 32, 48, 64 bits.
_WIDTHS = np.array([0, 1, 2, 3, 4, 6, 8], np.int64)


def integers(
    values: np.ndarray, null: np.ndarray | None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(serial types, bytes left-aligned in an (n, 8) matrix, their lengths) of int64 values
    as schema format 4 writes them: 0 and 1 as types 8 and 9 (no bytes), else big-endian in the
    fewest bytes of 1, 2, 3, 4, 6, 8; NULL (where `null`) as type 0."""
    n = len(values)
    serial = np.empty(n, np.int64)
    data = np.zeros((n, 8), np.uint8)
    length = np.empty(n, np.int64)
    absent = np.zeros(n, np.bool_) if null is None else np.ascontiguousarray(null, np.bool_)
    _integers(values, absent, _WIDTHS, serial, data, length)
    return serial, data, length


@compiled
def _integers(
    values: np.ndarray,
    null: np.ndarray,
    widths: np.ndarray,
    serial: np.ndarray,
    data: np.ndarray,
    length: np.ndarray,
) -> None:
    for i in range(values.shape[0]):
        v = values[i]
        if null[i]:
            kind = 0
        elif v == 0:
            kind = 8
        elif v == 1:
            kind = 9
        else:
            u = ~v if v < 0 else v  # the magnitude two's complement needs
            if u <= 0x7F:
                kind = 1
            elif u <= 0x7FFF:
                kind = 2
            elif u <= 0x7FFFFF:
                kind = 3
            elif u <= 0x7FFFFFFF:
                kind = 4
            elif u <= 0x7FFFFFFFFFFF:
                kind = 5
            else:
                kind = 6
        serial[i] = kind
        size = widths[kind] if kind <= 6 else 0
        length[i] = size
        for j in range(size):
            data[i, j] = (v >> (8 * (size - 1 - j))) & 0xFF


def cell_sizes(serials: tuple, lengths: tuple) -> tuple[np.ndarray, np.ndarray]:
    """Per row of records made of columns with these serial types and value lengths (a tuple
    of arrays, one a column): (the header's size, its own byte included; the payload's
    size)."""
    n = serials[0].shape[0]
    header = np.empty(n, np.int64)
    payload = np.empty(n, np.int64)
    _cell_sizes(serials, lengths, header, payload)
    return header, payload


@compiled
def _cell_sizes(serials: tuple, lengths: tuple, header: np.ndarray, payload: np.ndarray) -> None:
    for i in range(header.shape[0]):
        head = 1
        body = 0
        for f in range(len(serials)):
            head += 1 if serials[f][i] < 0x80 else 2
            body += lengths[f][i]
        header[i] = head
        payload[i] = head + body


def write_cells(
    serials: tuple,
    lengths: tuple,
    data: tuple,
    header: np.ndarray,
    payload: np.ndarray,
    starts: np.ndarray,
) -> np.ndarray:
    """The cells back to back: cell i at starts[i], the payload's size as a varint, then the
    header's size, each column's serial type as a varint and each value's bytes (column f's
    from data[f][i]). Varints are of values below 2**14 (checked by the caller)."""
    buf = np.empty(int(starts[-1]), np.uint8)
    _write_cells(serials, lengths, data, header, payload, starts, buf)
    return buf


@compiled
def _varint(buf: np.ndarray, at: np.uint64, value: int) -> np.uint64:
    """A value below 2**14 as a varint at buf[at]: one byte below 128, else two (the high
    bit set on the first). Returns where the next byte goes."""
    if value < 0x80:
        buf[at] = value
        return at + np.uint64(1)
    buf[at] = 0x80 | (value >> 7)
    buf[at + np.uint64(1)] = value & 0x7F
    return at + np.uint64(2)


@compiled
def _write_cells(
    serials: tuple,
    lengths: tuple,
    data: tuple,
    header: np.ndarray,
    payload: np.ndarray,
    starts: np.ndarray,
    buf: np.ndarray,
) -> None:
    # Indexes unsigned: numba checks a signed index for a negative one at every byte.
    for i in range(header.shape[0]):
        at = _varint(buf, np.uint64(starts[i]), payload[i])
        buf[at] = header[i]
        at += np.uint64(1)
        for f in range(len(serials)):
            at = _varint(buf, at, serials[f][i])
        row = np.uint64(i)
        for f in range(len(data)):
            size = np.uint64(lengths[f][i])
            for j in range(size):
                buf[at + j] = data[f][row, j]
            at += size


@compiled
def rows_increase(data: np.ndarray) -> bool:
    """Whether the rows of a byte matrix (keys of one length) strictly increase bytewise, as
    SQLite's BINARY collation orders text: the first byte that differs decides."""
    for i in range(1, data.shape[0]):
        for j in range(data.shape[1]):
            if data[i, j] != data[i - 1, j]:
                if data[i, j] < data[i - 1, j]:
                    return False
                break
        else:
            return False  # equal keys
    return True
