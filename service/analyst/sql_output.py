"""Rows of an ad-hoc query written as an aligned table, CSV or JSON.

CSV and JSON are written row by row as they arrive, so any result size streams through; only
the table buffers (it must measure its columns first), up to a limit.
"""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import TextIO

from ...builder.text_width import pad, width

TABLE_LIMIT = 1000


def cell(value) -> str:
    """Text of one value for a table or CSV: NULL is empty, a blob is an SQL hex literal."""
    if value is None:
        return ""
    if isinstance(value, bytes):
        return "x'" + value.hex() + "'"
    return str(value)


def json_value(value):
    """A value JSON can carry: a blob as its hex literal, an infinity (1e999) as text."""
    if isinstance(value, bytes):
        return "x'" + value.hex() + "'"
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    return value


def _pad(text: str, size: int, right: bool) -> str:
    return pad(text, size, ">" if right else "<")


def _limited(rows: Iterable[tuple], limit: int | None) -> tuple[Iterator[tuple], list[bool]]:
    """The first `limit` rows, and a flag set once a further row is known to exist."""
    cut = [False]
    if limit is None:
        return iter(rows), cut

    def taken():
        source = iter(rows)
        yield from islice(source, limit)
        cut[0] = next(source, None) is not None

    return taken(), cut


def write_table(out: TextIO, columns: list[str], rows: Iterable[tuple], limit: int | None) -> None:
    """Columns padded to their widest value, numbers on the right; a note when rows were cut."""
    taken, cut = _limited(rows, limit)
    kept = list(taken)
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
            f"or json to stream them all)\n"
        )
    else:
        out.write(f"({count:,} row{'s' if count != 1 else ''})\n")


def write_csv(out: TextIO, columns: list[str], rows: Iterable[tuple], limit: int | None) -> None:
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    taken, _ = _limited(rows, limit)
    for row in taken:
        writer.writerow([cell(v) for v in row])


def write_json(out: TextIO, columns: list[str], rows: Iterable[tuple], limit: int | None) -> None:
    """One JSON object, {"columns", "rows": [[...], ...], "count", "truncated"}, written as
    the rows come so it never holds them all."""
    out.write('{"columns": ' + json.dumps(columns, ensure_ascii=False) + ', "rows": [')
    taken, cut = _limited(rows, limit)
    count = 0
    try:
        for row in taken:
            out.write(
                ("," if count else "")
                + "\n"
                + json.dumps([json_value(v) for v in row], ensure_ascii=False)
            )
            count += 1
    except BaseException:  # stopped part way (time limit, Ctrl-C): the error's JSON, printed
        out.write("\n")  # next, starts a line of its own
        raise
    out.write(f'\n], "count": {count}, "truncated": {json.dumps(cut[0])}}}\n')


WRITERS = {"table": write_table, "csv": write_csv, "json": write_json}


def write(
    out: TextIO, fmt: str, columns: list[str], rows: Iterable[tuple], limit: int | None
) -> None:
    """Write in `fmt`; the table shows at most `limit` rows (TABLE_LIMIT when None)."""
    if fmt == "table" and limit is None:
        limit = TABLE_LIMIT
    WRITERS[fmt](out, columns, rows, limit)
