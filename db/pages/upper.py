"""The upper half of a big build's rows made into leaves by a forked process.

Record bytes and pages are numpy work on one core. The search is over, so a child forked now
shares its arrays without copying them and makes the upper half of the key order into leaves
on the other core, in a file of its own (leaves hold no page numbers, so they can be made
anywhere); the parent copies them in after its own and takes over the child's streams,
renumbered.
"""

from __future__ import annotations

import os
import pickle
import struct
from collections.abc import Callable
from functools import partial
from pathlib import Path

import numpy as np

from puzzledb.builder.search.result import SearchResult

from .. import side_writer
from .btree import Stream
from .dbfile import LeafFile, PageFile
from .leaves import Filled, fill
from .records import Cells, RecordRefused, joined


def worthwhile(rows: int) -> bool:
    """A second process, where there is a second core and fork shares memory."""
    return side_writer.worthwhile(rows)


def filled_in_halves(
    file: PageFile, result: SearchResult, side: Path, report: Callable[[int], None]
) -> list[Filled]:
    """The lower half into `file` here, the upper half in a child into `side`, then copied
    in: the two runs, in key order. `side` is removed."""
    try:
        make = partial(_upper_half, side, result, file.page_size, file.usable)
        with side_writer.forked(make, side) as child:
            lower = fill(file, result, (0, 2), lambda rows: report(rows + child.written()))
            try:
                child.wait()
            except side_writer.SecondWriterFailed as failure:
                if failure.kind == RecordRefused.__name__:
                    raise RecordRefused(str(failure)) from failure
                raise
        return [lower, _taken_in(side, file)]
    finally:
        side.unlink(missing_ok=True)


def _upper_half(
    side: Path, result: SearchResult, page_size: int, usable: int, report: Callable[[int], None]
) -> None:
    """In the child: the upper half's leaves into `side`, then what the parent needs to take
    its streams over (pickled after the pages, its length in the last 8 bytes)."""
    leaves = LeafFile(side, page_size, usable)
    filled = fill(leaves, result, (1, 2), report)
    saved = {
        "pages": leaves.pages,
        "first": filled.first,
        "last": filled.last,
        "streams": [_saved(s) for s in [filled.rows, *filled.depths]],
    }
    blob = pickle.dumps(saved, protocol=pickle.HIGHEST_PROTOCOL)
    os.pwrite(leaves.fd, blob + struct.pack("<q", len(blob)), leaves.pages * page_size)
    os.close(leaves.fd)


def _taken_in(side: Path, file: PageFile) -> Filled:
    """The child's leaves copied into `file` and its streams, renumbered, as a run."""
    fd = os.open(side, os.O_RDONLY)
    try:
        size = os.fstat(fd).st_size
        (length,) = struct.unpack("<q", os.pread(fd, 8, size - 8))
        saved = pickle.loads(os.pread(fd, length, size - 8 - length))
        numbers = file.copy_in(fd, saved["pages"])
    finally:
        os.close(fd)
    rows, *depths = (_restored(s, numbers) for s in saved["streams"])
    return Filled(rows, depths, saved["first"], saved["last"])


def _saved(stream: Stream) -> dict:
    return {
        "head": _parts(joined(stream.head)),
        "held": stream.held,
        "pending": _parts(joined(stream.pending)),
        "pages": np.concatenate(stream.pages) if stream.pages else np.zeros(0, np.int64),
        "dividers": _parts(joined(stream.dividers)),
    }


def _restored(saved: dict, numbers: np.ndarray) -> Stream:
    """A stream as the child left it, its pages by their numbers in the database."""
    stream = Stream(tree=None)  # type: ignore[arg-type]  # given its tree by the caller
    stream.held = saved["held"]
    for name in ("head", "pending"):
        cells = Cells(*saved[name])
        if len(cells):
            getattr(stream, name).append(cells)
    stream.pending_bytes = sum(len(c.buf) for c in stream.pending)
    if len(saved["pages"]):
        stream.pages.append(numbers[saved["pages"] - 1])
        stream.dividers.append(Cells(*saved["dividers"]))
    return stream


def _parts(cells: Cells) -> tuple[np.ndarray, np.ndarray]:
    return np.ascontiguousarray(cells.buf), cells.starts - cells.starts[0]
