"""The upper half of a big build's rows made into leaves by a forked process.

Record bytes and pages are numpy work on one core. The search is over, so a child forked now
shares its arrays without copying them and makes the upper half of the key order into leaves
on the other core. Leaves hold no page numbers (fileformat2's 1.6 B-tree Pages, "B-tree Cell
Format": an Index B-Tree Leaf Cell has no child pointer, and no overflow page number where the
payload fits, as every payload this writer makes does), so they can be made anywhere: the
child writes them into the database file itself, FAR along it (the file is sparse there), and
the parent, once both are done, closes the gap after its own leaves (PageFile.move_in: on ext4
and XFS no byte of them is copied) and takes over the child's streams, renumbered.
"""

from __future__ import annotations

import os
import pickle
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

#: Where in the file the child's leaves begin: 1 TiB, a multiple of every page size and
#: filesystem block, past any lower half (eleven's whole file is 10 GB; the parent refuses
#: its pages beyond it), within the largest file of ext4 (16 TiB with 4 KiB blocks), XFS and
#: tmpfs; SQLite never numbers these pages, the parent moves them before it numbers them.
FAR = 1 << 40


def worthwhile(rows: int) -> bool:
    """A second process, where there is a second core and fork shares memory."""
    return side_writer.worthwhile(rows)


def filled_in_halves(
    file: PageFile, result: SearchResult, side: Path, report: Callable[[int], None]
) -> list[Filled]:
    """The lower half into `file` here, the upper half in a child far along it, then moved
    in: the two runs, in key order. The child leaves in `side` what the parent needs to take
    its streams over; `side` is removed. Where the file cannot reach FAR (a filesystem's
    largest file), one process makes all the leaves."""
    if not _reaches_far(file):
        return [fill(file, result, (0, 1), report)]
    try:
        fds = file.fd, file.direct
        make = partial(_upper_half, side, fds, result, file.page_size, file.usable)
        limit, file.limit = file.limit, FAR // file.page_size  # short of the child's pages
        with side_writer.forked(make, side) as child:
            lower = fill(file, result, (0, 2), lambda rows: report(rows + child.written()))
            try:
                child.wait()
            except side_writer.SecondWriterFailed as failure:
                if failure.kind == RecordRefused.__name__:
                    raise RecordRefused(str(failure)) from failure
                raise
        file.limit = limit
        return [lower, _taken_in(side, file)]
    finally:
        side.unlink(missing_ok=True)


def _reaches_far(file: PageFile) -> bool:
    """Whether the file may have bytes at FAR: grown there (sparse) and back, or refused."""
    try:
        os.ftruncate(file.fd, FAR + file.page_size)
    except OSError:
        return False
    finally:
        os.ftruncate(file.fd, file.pages * file.page_size)
    return True


def _upper_half(
    side: Path,
    fds: tuple[int, int | None],
    result: SearchResult,
    page_size: int,
    usable: int,
    report: Callable[[int], None],
) -> None:
    """In the child: the upper half's leaves into the database file from FAR on (`fds`: its
    descriptor, and its direct one or None: dbfile.direct_fd), then what the parent needs to
    take its streams over, pickled into `side`."""
    leaves = LeafFile(fds[0], page_size, usable, FAR, fds[1])
    filled = fill(leaves, result, (1, 2), report)
    saved = {
        "pages": leaves.pages,
        "first": filled.first,
        "last": filled.last,
        "streams": [_saved(s) for s in [filled.rows, *filled.depths]],
    }
    side.write_bytes(pickle.dumps(saved, protocol=pickle.HIGHEST_PROTOCOL))


def _taken_in(side: Path, file: PageFile) -> Filled:
    """The child's leaves moved in after the parent's and its streams, renumbered, as a run."""
    saved = pickle.loads(side.read_bytes())
    numbers = file.move_in(FAR, saved["pages"])
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
