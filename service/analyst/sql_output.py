"""Rows of an ad-hoc query written as an aligned table, CSV or JSON.

CSV and JSON are written row by row as they arrive, up to a row cap; only the table buffers (it
must measure its columns first), up to its own, smaller cap. JSON is one object whatever stops
it: a stop part way (the time limit, Ctrl-C, SIGTERM, an error of SQLite) closes the object
with the rows so far and an "error" saying why.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import select
import stat
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Protocol, TextIO

from puzzledb.builder.core.errors import PuzzledbError
from puzzledb.builder.core.text_width import pad, width

#: Rows an aligned table shows unless --limit says otherwise (it holds them in memory).
TABLE_LIMIT = 1000
#: Rows CSV and JSON stream unless --limit says otherwise: every seed build's states fit, and a
#: query that never ends writes some megabytes, not gigabytes. `export` streams any build.
STREAM_LIMIT = 1_000_000
#: Bytes gathered before they are written.
CHUNK = 65536
#: Seconds the output waits for a slow reader between two checks for a stop.
WAIT_SLICE = 0.05


def cell(value: object) -> str:
    """Text of one value for a table or CSV: NULL is empty, a blob is an SQL hex literal."""
    if value is None:
        return ""
    if isinstance(value, bytes):
        return "x'" + value.hex() + "'"
    return str(value)


def json_value(value: object) -> object:
    """A value JSON can carry: a blob as its hex literal, an infinity (1e999) as text."""
    if isinstance(value, bytes):
        return "x'" + value.hex() + "'"
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    return value


def _pad(text: str, size: int, right: bool) -> str:
    return pad(text, size, ">" if right else "<")


class Rows(Protocol):
    """A running query as the writers read it (db.adhoc.Query)."""

    columns: list[str]

    def rows(self) -> Iterator[tuple]: ...

    def check(self) -> None: ...

    def finishing(self) -> None: ...


class Reported(Exception):
    """The output stopped part way and already says why (the JSON object's "error"): the
    command exits with `error`'s status and prints nothing more."""

    def __init__(self, error: PuzzledbError):
        super().__init__(error.message)
        self.error = error


class Sink:
    """Text to a stream through a buffer of our own, written with os.write where the stream
    has a file descriptor, so that a stop never lands inside a write: before each write the
    sink waits, a slice at a time, until the descriptor takes more (a pipe whose reader is
    slow, or gone to sleep), calling `check` (which raises the stop: the time limit, Ctrl-C)
    in between. What was not written stays in the buffer, and a JSON object can still be
    closed after the stop."""

    def __init__(self, stream: TextIO, check: Callable[[], None]):
        self.stream, self.check = stream, check
        self.encoding = getattr(stream, "encoding", None) or "utf-8"
        self.pending = bytearray()
        try:
            stream.flush()
            self.fd: int | None = stream.fileno()
        except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
            self.fd = None  # an in-memory stream (tests): its buffer takes the bytes
        # A regular file never keeps a writer waiting; anything else may (a pipe, a terminal).
        self.waits = self.fd is not None and not stat.S_ISREG(os.fstat(self.fd).st_mode)

    def write(self, text: str) -> None:
        self.pending += text.encode(self.encoding)
        if len(self.pending) >= CHUNK:
            self.flush()

    def flush(self) -> None:
        while self.pending:
            self.check()
            if self.fd is None:
                self.stream.buffer.write(bytes(self.pending))  # type: ignore[attr-defined]
                self.stream.flush()
                self.pending.clear()
            elif not self.waits:
                del self.pending[: os.write(self.fd, self.pending)]
            elif select.select([], [self.fd], [], WAIT_SLICE)[1]:
                # Writable: a pipe takes PIPE_BUF bytes without blocking.
                del self.pending[: os.write(self.fd, self.pending[: select.PIPE_BUF])]


def _limited(rows: Iterable[tuple], limit: int) -> tuple[Iterator[tuple], list[bool]]:
    """The first `limit` rows (0: every row), and a flag set once a further row is known to
    exist."""
    cut = [False]
    if not limit:
        return iter(rows), cut

    def taken() -> Iterator[tuple]:
        source = iter(rows)
        yield from islice(source, limit)
        cut[0] = next(source, None) is not None

    return taken(), cut


def write_table(out: Sink, query: Rows, limit: int) -> bool:
    """Columns padded to their widest value, numbers on the right; a note when rows were cut."""
    columns = query.columns
    taken, cut = _limited(query.rows(), limit)
    kept = list(taken)
    query.finishing()
    texts = [[cell(v) for v in row] for row in kept]
    widths = [max([width(c)] + [width(t[i]) for t in texts]) for i, c in enumerate(columns)]
    numeric = [
        bool(kept) and all(isinstance(r[i], (int, float)) or r[i] is None for r in kept)
        for i in range(len(columns))
    ]
    out.write("  ".join(_pad(c, w, n) for c, w, n in zip(columns, widths, numeric)).rstrip())
    out.write("\n" + "  ".join("-" * w for w in widths) + "\n")
    for row in texts:
        out.write("  ".join(_pad(t, w, n) for t, w, n in zip(row, widths, numeric)).rstrip())
        out.write("\n")
    count = len(kept)
    if cut[0]:
        out.write(
            f"({count:,} rows shown, more were cut: raise --limit, or use --format csv "
            f"or json to stream them)\n"
        )
    else:
        out.write(f"({count:,} row{'s' if count != 1 else ''})\n")
    out.flush()
    return cut[0]


def write_csv(out: Sink, query: Rows, limit: int) -> bool:
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(query.columns)
    taken, cut = _limited(query.rows(), limit)
    for row in taken:
        writer.writerow([cell(v) for v in row])
    query.finishing()
    out.flush()
    return cut[0]


def write_json(out: Sink, query: Rows, limit: int) -> bool:
    """One JSON object, {"columns", "rows": [[...], ...], "count", "truncated", "limit"},
    written as the rows come so it never holds them all; stopped part way, it ends with the
    rows so far, "truncated": true and the "error" that stopped it, and Reported is raised."""
    taken, cut = _limited(query.rows(), limit)
    count, stop = 0, None
    try:
        out.write('{"columns": ' + json.dumps(query.columns, ensure_ascii=False) + ', "rows": [')
        for row in taken:
            text = json.dumps([json_value(v) for v in row], ensure_ascii=False)
            count += 1  # before the write: a stop raised in it comes after the row is kept
            out.write(("," if count > 1 else "") + "\n" + text)
    except PuzzledbError as error:  # the time limit, Ctrl-C, SIGTERM, a fault of the query
        stop = error
    else:
        query.finishing()
    truncated = cut[0] or stop is not None
    end = f'\n], "count": {count}, "truncated": {json.dumps(truncated)}, '
    end += f'"limit": {json.dumps(limit or None)}'
    if stop is not None:
        end += ", " + json.dumps(stop.as_json(), ensure_ascii=False)[1:-1]
    out.write(end + "}\n")
    out.flush()
    if stop is not None:
        raise Reported(stop)
    return cut[0]


WRITERS = {"table": write_table, "csv": write_csv, "json": write_json}


def default_limit(fmt: str) -> int:
    return TABLE_LIMIT if fmt == "table" else STREAM_LIMIT


def write(stream: TextIO, fmt: str, query: Rows, limit: int | None) -> bool:
    """Write in `fmt` at most `limit` rows (None: the format's default cap, 0: no cap); True
    when rows were cut."""
    sink = Sink(stream, query.check)
    return WRITERS[fmt](sink, query, default_limit(fmt) if limit is None else limit)
