"""btree.py's page-by-page steps as compiled loops (numba): cutting entries into pages, and
laying each page's cells and pointers out. In numpy each page cost a Python step and each cell
a few temporaries; a build's rows spent a fifth of their time there.

The layout is btree.py's (fileformat2's 1.6 B-tree Pages), which its docstrings give.
"""

from __future__ import annotations

import numpy as np

from puzzledb.builder.core.compiled import compiled

#: cut's modes: keep two entries back for the next run; end on the last entry as a divider;
#: the rest, one page, ends the tree.
STREAM, BEFORE, FINAL = 0, 1, 2
#: What _cut returns in place of a page count: an entry does not fit a page; the last entry,
#: a divider, would have no page before it.
TOO_BIG, NO_PAGE = -1, -2


def cut_units(costs: np.ndarray, room: int, mode: int) -> tuple[np.ndarray, int]:
    """(units, rest): btree.cut's greedy pages, units an (k, 2) array of (b, e)."""
    units = np.empty((len(costs) + 1, 2), np.int64)
    found, rest = _cut(np.ascontiguousarray(costs, np.int64), room, mode, units)
    if found == TOO_BIG:
        raise AssertionError("an entry larger than a page")
    if found == NO_PAGE:
        raise AssertionError("a divider with no page before it")
    return units[:found], rest


@compiled
def _cut(costs: np.ndarray, room: int, mode: int, units: np.ndarray) -> tuple[int, int]:
    n = costs.shape[0]
    total = np.zeros(n + 1, np.int64)
    for i in range(n):
        total[i + 1] = total[i] + costs[i]
    found = 0
    b = 0
    fit = 0  # the last entry whose page from b would hold it: total[fit] - total[b] <= room
    while b < n:
        if mode == FINAL and total[n] - total[b] <= room:
            break
        if mode == BEFORE and total[n - 1] - total[b] <= room:
            if n - 1 <= b:
                return NO_PAGE, b
            units[found, 0], units[found, 1] = b, n - 1
            found += 1
            b = n
            break
        fit = max(fit, b)
        while fit < n and total[fit + 1] - total[b] <= room:
            fit += 1
        e = fit
        if e <= b:
            return TOO_BIG, b
        if mode == STREAM and n - (e + 1) < 2:
            break
        if mode == BEFORE and n - (e + 1) < 2:
            e = n - 3
        if mode == FINAL and e == n - 1:
            e = n - 2
        if e <= b:
            return TOO_BIG, b
        units[found, 0], units[found, 1] = b, e
        found += 1
        b = e + 1
    return found, b


def lay_out(
    kind: int,
    page_size: int,
    usable: int,
    header: int,
    buf: np.ndarray,
    starts: np.ndarray,
    spans: np.ndarray,
    rights: np.ndarray | None,
) -> np.ndarray:
    """btree.pages's images: page k holds cells spans[k, 0]..spans[k, 1]-1 of (buf, starts)."""
    images = aligned_pages(len(spans), page_size)
    right = np.zeros(len(spans), np.int64) if rights is None else rights.astype(np.int64)
    if not _lay_out(kind, usable, header, buf, starts, spans, right, rights is not None, images):
        raise AssertionError("cells overflow a page")
    return images


def aligned_pages(count: int, page_size: int) -> np.ndarray:
    """`count` zeroed pages in memory aligned as O_DIRECT asks (dbfile.DIRECT_ALIGN), so that
    a run of them can go to the disk past the page cache."""
    from .dbfile import DIRECT_ALIGN

    room = np.zeros(count * page_size + DIRECT_ALIGN, np.uint8)
    skip = -room.__array_interface__["data"][0] % DIRECT_ALIGN
    return room[skip : skip + count * page_size].reshape(count, page_size)


@compiled
def _lay_out(
    kind: int,
    usable: int,
    header: int,
    buf: np.ndarray,
    starts: np.ndarray,
    spans: np.ndarray,
    rights: np.ndarray,
    interior: bool,
    images: np.ndarray,
) -> bool:
    for k in range(spans.shape[0]):
        b, e = spans[k, 0], spans[k, 1]
        cells = e - b
        content = usable - (starts[e] - starts[b])
        if content < header + 2 * cells:
            return False
        page = images[k]
        first, to = np.uint64(starts[b]), np.uint64(content)
        # a byte loop (a slice copy takes long to compile), unsigned: numba checks a signed
        # index for a negative one at every byte, which keeps the loop from being vectorised
        for at in range(np.uint64(starts[e]) - first):
            page[to + at] = buf[first + at]
        for i in range(cells):
            pointer = content + starts[b + i] - first
            page[header + 2 * i] = pointer >> 8
            page[header + 2 * i + 1] = pointer & 0xFF
        # "B-tree Page Header Format" (1.6), big-endian: offset 0 the page type; 1 the first
        # freeblock (0: none); 3 the number of cells; 5 where the cell content area starts
        # (65536, an empty page of 64 KiB, wraps to 0, as the format reads it); 7 the
        # fragmented free bytes (0); 8 the right-most pointer, on an interior page only.
        page[0] = kind
        page[3] = cells >> 8
        page[4] = cells & 0xFF
        page[5] = (content >> 8) & 0xFF
        page[6] = content & 0xFF
        if interior:
            for j in range(4):
                page[8 + j] = (rights[k] >> (8 * (3 - j))) & 0xFF
    return True
