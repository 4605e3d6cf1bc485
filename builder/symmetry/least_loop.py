"""The least image of each packed position, in compiled loops (numba): every child of a search
of classes is canonicalised once, and numpy's way, an array a step (21 table lookups, each a
temporary), spent about 60 ns a position on the English cross where a loop spends 15.

The loops read PackedClasses's tables stacked, tables[k, chunk, value] the bits that `value`,
chunk `chunk` of a position, becomes through symmetry k + 1; the identity is the position
itself. Where a child is its parent with some bits flipped (single jumps), its images are
read off its parent's (images_into, once a layer) and those bits' instead: a symmetry moves
bits, so it maps a flip to a flip (least_by_parents_into).
"""

from __future__ import annotations

import numpy as np

from ..core.compiled import compiled

#: Chunks the unrolled loop reads: a position of at most FEW_CHUNKS * CHUNK_BITS bits (44: the
#: English cross's 33, the French board's 37); a longer one takes the loop over chunks.
FEW_CHUNKS = 4


#: What a child's rank is looked up in where no rank is asked for.
NO_RANKS = np.zeros(0, np.uint64)


def least_images_into(
    codes: np.ndarray,
    tables: np.ndarray,
    chunk_bits: int,
    least: np.ndarray,
    marks: np.ndarray,
    ranked: tuple[np.ndarray, np.ndarray, int, np.ndarray] | None = None,
) -> None:
    """least[i] the least image of codes[i] and marks[i] bit k set for each symmetry k giving
    it (bit 0 the identity's), as PackedClasses.least_images says; releases the GIL. With
    `ranked` = (moves, by_mark, codes, ranks): ranks[i] = by_mark[marks[i] * codes + moves[i]]
    too, the rank of the move seen through the first symmetry giving the least image."""
    moves, by_mark, count, ranks = ranked or (NO_RANKS, NO_RANKS, 0, NO_RANKS)
    loop = _least_few if tables.shape[1] <= FEW_CHUNKS else _least_any
    loop(codes, tables, np.uint64(chunk_bits), least, marks, moves, by_mark, count, ranks)


@compiled
def _kept(best: np.uint64, mark: np.uint64, seen: np.uint64, k: int) -> tuple[np.uint64, np.uint64]:
    """(the lesser of best and seen, the marks so far: cleared by a lesser image, bit k added
    by an image as small), without a branch: which is less is random to the CPU."""
    less = np.uint64(seen < best)
    same = np.uint64(seen == best)
    mark = (mark & (less - np.uint64(1))) | ((less | same) << np.uint64(k))
    return min(best, seen), mark


@compiled
def _image(
    tables: np.ndarray, k: int, code: np.uint64, bits: np.uint64, mask: np.uint64
) -> np.uint64:
    """The image of `code` through symmetry k + 1, chunk by chunk (any number of chunks)."""
    seen, rest = np.uint64(0), code
    for chunk in range(tables.shape[1]):
        seen |= tables[k, chunk, rest & mask]
        rest >>= bits
    return seen


@compiled
def _store(
    i: int,
    best: np.uint64,
    mark: np.uint64,
    least: np.ndarray,
    marks: np.ndarray,
    moves: np.ndarray,
    by_mark: np.ndarray,
    count: int,
    ranks: np.ndarray,
) -> None:
    """A child's least image and marks kept, and its move's rank where ranks are asked for."""
    least[i] = best
    marks[i] = np.uint8(mark)
    if ranks.shape[0]:
        ranks[i] = by_mark[mark * np.uint64(count) + np.uint64(moves[i])]


@compiled
def _least_few(
    codes: np.ndarray,
    tables: np.ndarray,
    bits: np.uint64,
    least: np.ndarray,
    marks: np.ndarray,
    moves: np.ndarray,
    by_mark: np.ndarray,
    count: int,
    ranks: np.ndarray,
) -> None:
    mask = np.uint64(tables.shape[2] - 1)
    for i in range(codes.shape[0]):
        code = codes[i]
        a, b = code & mask, (code >> bits) & mask
        c, d = (code >> (bits + bits)) & mask, (code >> (bits * np.uint64(3))) & mask
        best, mark = code, np.uint64(1)
        for k in range(tables.shape[0]):
            seen = tables[k, 0, a] | tables[k, 1, b] | tables[k, 2, c] | tables[k, 3, d]
            best, mark = _kept(best, mark, seen, k + 1)
        _store(i, best, mark, least, marks, moves, by_mark, count, ranks)


@compiled
def _least_any(
    codes: np.ndarray,
    tables: np.ndarray,
    bits: np.uint64,
    least: np.ndarray,
    marks: np.ndarray,
    moves: np.ndarray,
    by_mark: np.ndarray,
    count: int,
    ranks: np.ndarray,
) -> None:
    mask = np.uint64(tables.shape[2] - 1)
    for i in range(codes.shape[0]):
        code = codes[i]
        best, mark = code, np.uint64(1)
        for k in range(tables.shape[0]):
            best, mark = _kept(best, mark, _image(tables, k, code, bits, mask), k + 1)
        _store(i, best, mark, least, marks, moves, by_mark, count, ranks)


def images_into(codes: np.ndarray, tables: np.ndarray, chunk_bits: int, out: np.ndarray) -> None:
    """out[i, k] the image of codes[i] through symmetry k + 1 (out: n rows, a column a
    symmetry but the identity)."""
    _images(codes, tables, np.uint64(chunk_bits), out)


@compiled
def _images(codes: np.ndarray, tables: np.ndarray, bits: np.uint64, out: np.ndarray) -> None:
    mask = np.uint64(tables.shape[2] - 1)
    for i in range(codes.shape[0]):
        code = codes[i]
        for k in range(tables.shape[0]):
            out[i, k] = _image(tables, k, code, bits, mask)


def least_by_parents_into(
    children: np.ndarray,
    parents: np.ndarray,
    parent_images: np.ndarray,
    flip_images: np.ndarray,
    least: np.ndarray,
    marks: np.ndarray,
    ranked: tuple[np.ndarray, np.ndarray, int, np.ndarray],
) -> None:
    """As least_images_into with `ranked`, for children each its parent (row parents[i] of
    parent_images, that parent's images) with some bits flipped (row moves[i] of flip_images,
    those bits' images): a symmetry moves bits, so a child's image is its parent's image with
    the flipped bits' images flipped, two reads where the tables take four."""
    moves, by_mark, count, ranks = ranked
    _least_by_parents(
        children, parents, parent_images, flip_images, least, marks, moves, by_mark, count, ranks
    )


@compiled
def _least_by_parents(
    children: np.ndarray,
    parents: np.ndarray,
    parent_images: np.ndarray,
    flip_images: np.ndarray,
    least: np.ndarray,
    marks: np.ndarray,
    moves: np.ndarray,
    by_mark: np.ndarray,
    count: int,
    ranks: np.ndarray,
) -> None:
    for i in range(children.shape[0]):
        parent, move = np.uint64(parents[i]), np.uint64(moves[i])  # unsigned: no sign check
        best, mark = children[i], np.uint64(1)
        for k in range(parent_images.shape[1]):
            best, mark = _kept(best, mark, parent_images[parent, k] ^ flip_images[move, k], k + 1)
        _store(i, best, mark, least, marks, moves, by_mark, count, ranks)
