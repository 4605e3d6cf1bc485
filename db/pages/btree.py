"""An index b-tree (a WITHOUT ROWID table, or an index) written from entries in key order.

The pages are those of fileformat2's 1.6 B-tree Pages: a WITHOUT ROWID table and an index are
both index b-trees (2.4 Representation of WITHOUT ROWID Tables, 2.5 Representation Of SQL
Indices), whose interior pages hold keys too, K of them between K + 1 child pointers, each key
above every key of the pages to its left and below those to its right, and every leaf at the
same depth.

Leaves are cut greedily from the entries as they come and written at once; the entry between
two leaves is not in either: it goes up into their parent as the divider (in an index b-tree
each entry is stored once). The interior levels, a hundredth of the entries, are made at the
end, and the top page is written into the tree's existing root page.

A tree may take its entries from several streams, each later in key order than the one made
before it (the depth index: one stream per depth, filled side by side). A stream keeps back its
first two entries and at least two at its end, so that whatever lies between two streams'
leaves can always be cut into whole leaves and dividers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .dbfile import LeafFile, PageFile
from .records import Cells, joined, place

#: The page types at offset 0 of a page's header (1.6 B-tree Pages, "B-tree Page Header
#: Format"): a leaf index b-tree page, an interior index b-tree page.
LEAF, INTERIOR = 0x0A, 0x02
#: A stream cuts its entries into leaves once it holds this many bytes of them.
CUT_BYTES = 1 << 22


def max_payload(usable: int) -> int:
    """The largest record an index b-tree page holds without an overflow page: 1.6 B-tree
    Pages' X for an Index B-Tree Leaf Or Interior Cell, ((U-12)*64/255)-23, U the usable size
    (1.3.4 Reserved bytes per page)."""
    return (usable - 12) * 64 // 255 - 23


@dataclass(eq=False)
class Stream:
    """Entries in key order, cut into leaves as they come (see the module's docstring)."""

    tree: IndexTree
    head: list[Cells] = field(default_factory=list)
    held: int = 0
    pending: list[Cells] = field(default_factory=list)
    pending_bytes: int = 0
    pages: list[np.ndarray] = field(default_factory=list)
    dividers: list[Cells] = field(default_factory=list)

    def add(self, cells: Cells) -> None:
        if self.held < 2 and len(cells):
            kept = min(2 - self.held, len(cells))
            self.head.append(cells.part(0, kept))
            self.held += kept
            cells = cells.part(kept, len(cells))
        if len(cells):
            self.pending.append(cells)
            self.pending_bytes += len(cells.buf)
            if self.pending_bytes >= CUT_BYTES:
                self._cut()

    def _cut(self) -> None:
        entries = joined(self.pending)
        units, rest = cut(entries.sizes + 2, self.tree.file.usable - 8, "stream")
        if len(units):
            pages, dividers = self.tree.write_leaves(entries, units)
            self.pages.append(pages)
            self.dividers.append(dividers)
        self.pending = [entries.part(rest, len(entries))]
        self.pending_bytes = len(self.pending[0].buf)


class IndexTree:
    """One b-tree into `root` (its page, now empty) and pages appended to `file`."""

    def __init__(self, file: PageFile | LeafFile, root: int):
        self.file, self.root = file, root
        self.streams: list[Stream] = []

    def stream(self) -> Stream:
        """A stream whose entries all follow those of the streams made before it."""
        self.streams.append(Stream(self))
        return self.streams[-1]

    def finish(self) -> None:
        """The leaves left, the interior levels and the root."""
        children: list[np.ndarray] = []
        dividers: list[Cells] = []
        between: list[Cells] = []
        leaf_room = self.file.usable - 8  # a leaf's header is 8 bytes (1.6 B-tree Pages)
        for stream in self.streams:
            if stream.pending:
                stream._cut()
            between.extend(stream.head)
            if stream.pages:
                entries = joined(between)
                units, _ = cut(entries.sizes + 2, leaf_room, "before")
                pages, divs = self.write_leaves(entries, units)
                children += [pages, *stream.pages]
                dividers += [divs, *stream.dividers]
                between = []
            between.extend(stream.pending)
        entries = joined(between)
        if not children and not len(entries):
            return  # an empty tree: its root stays the empty leaf SQLite made
        units, last = cut(entries.sizes + 2, leaf_room, "final")
        if not children and not len(units):
            self._write(LEAF, [self.root], entries, _span(0, len(entries)))
            return
        pages, divs = self.write_leaves(entries, units)
        (final,) = self._allocated(LEAF, entries, _span(last, len(entries)))
        self._levels(np.concatenate([*children, pages, [final]]), joined([*dividers, divs]))

    def write_leaves(self, entries: Cells, units: np.ndarray) -> tuple[np.ndarray, Cells]:
        """Leaves of entries b..e-1 for each row (b, e) of `units`; their numbers and dividers
        (entry e of each)."""
        pages = self._allocated(LEAF, entries, units)
        return pages, entries.take(units[:, 1])

    def _levels(self, children: np.ndarray, dividers: Cells) -> None:
        """Interior pages over `children` (one more than dividers) until one page is left:
        the root."""
        room = self.file.usable - 12  # an interior page's header is 12 bytes (1.6)
        while True:
            cells = _with_children(dividers, children[:-1])
            units, last = cut(cells.sizes + 2, room, "final")
            spans = np.concatenate([units, _span(last, len(cells))])
            rights = children[spans[:, 1]].astype(np.int64)
            if not len(units):
                self._write(INTERIOR, [self.root], cells, spans, rights)
                return
            pages = self._allocated(INTERIOR, cells, spans, rights)
            dividers = dividers.take(units[:, 1])
            children = pages

    def _allocated(
        self,
        kind: int,
        cells: Cells,
        spans: np.ndarray,
        rights: np.ndarray | None = None,
    ) -> np.ndarray:
        numbers = self.file.allocate(len(spans))
        self._write(kind, numbers, cells, spans, rights)
        return numbers

    def _write(
        self,
        kind: int,
        numbers: np.ndarray | list[int],
        cells: Cells,
        spans: np.ndarray,
        rights: np.ndarray | None = None,
    ) -> None:
        images = pages(kind, self.file.page_size, self.file.usable, cells, spans, rights)
        self.file.write(np.asarray(numbers, np.int64), images)


def cut(costs: np.ndarray, room: int, mode: str) -> tuple[np.ndarray, int]:
    """Greedy pages over entries costing `costs` bytes each (cell and pointer), `room` a
    page: units, a row (b, e) a page of entries b..e-1 and entry e its divider, and where the
    rest begins. "stream": stop while at least two entries are left after the last divider;
    "before": end on a divider, the last entry; "final": the rest (one page) ends the tree.
    A compiled loop (page_loops.py)."""
    from .page_loops import BEFORE, FINAL, STREAM, cut_units

    return cut_units(costs, room, {"stream": STREAM, "before": BEFORE, "final": FINAL}[mode])


def _span(b: int, e: int) -> np.ndarray:
    """One page's span, (b, e), as units and spans are: an array of rows."""
    return np.array([[b, e]], np.int64)


def pages(
    kind: int,
    page_size: int,
    usable: int,
    cells: Cells,
    spans: np.ndarray,
    rights: np.ndarray | None = None,
) -> np.ndarray:
    """Page images, laid out by a compiled loop (page_loops.py): page k holds cells b..e-1 of
    spans[k] = (b, e), their contents back to back at the end of the usable space, their
    pointers after the header; an interior page has rights[k] as its right-most child.

    The regions of 1.6 B-tree Pages in order: the page header (8 bytes for a leaf, 12 for an
    interior page: "B-tree Page Header Format"), the cell pointer array (a 2-byte offset a
    cell, in key order), the unallocated space, and the cell content area, packed against the
    reserved region at the end, so the page has no freeblock and no fragmented bytes."""
    from .page_loops import lay_out

    header = 8 if kind == LEAF else 12
    return lay_out(kind, page_size, usable, header, cells.buf, cells.starts, spans, rights)


def _with_children(dividers: Cells, children: np.ndarray) -> Cells:
    """Interior cells: each divider's cell after the 4-byte number of its left child (1.6
    B-tree Pages, "B-tree Cell Format": Index B-Tree Interior Cell, header 0x02, the left
    child's page number big-endian, then the payload's size and the payload)."""
    n = len(dividers)
    sizes = dividers.sizes + 4
    starts = np.zeros(n + 1, np.int64)
    np.cumsum(sizes, out=starts[1:])
    buf = np.empty(int(starts[-1]), np.uint8)
    numbers = children.astype(">u4").view(np.uint8).reshape(n, 4)
    for i in range(4):
        buf[starts[:-1] + i] = numbers[:, i]
    place(buf, starts[:-1] + 4, dividers.buf, dividers.starts[:-1], dividers.sizes)
    return Cells(buf, starts)
