"""A build's rows written as CSV or JSON Lines, batch by batch as db.export_rows reads them."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable
from typing import IO

from puzzledb.db.export_rows import COLUMNS


def write(out: IO[str], fmt: str, batches: Iterable[list[tuple]]) -> int:
    """Write every row of `batches` in `fmt` ('csv' with a header, or 'jsonl': one object a
    line, null for the goal's pred and move); returns how many rows were written."""
    count = 0
    if fmt == "csv":
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(COLUMNS)
        for batch in batches:
            writer.writerows(("" if v is None else v for v in row) for row in batch)
            count += len(batch)
    else:
        for batch in batches:
            out.write(
                "".join(
                    json.dumps(dict(zip(COLUMNS, row)), ensure_ascii=False) + "\n" for row in batch
                )
            )
            count += len(batch)
    return count
