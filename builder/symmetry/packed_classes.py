"""A board's symmetries over whole numpy arrays of positions packed one bit a cell (cell 0 the
most significant bit, as builder.kinds.peg.packed packs a peg board): which positions a build of
classes keeps (the least of each class's images, builder.symmetry.images) and which symmetries
fix each.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .images import Symmetry, sends

#: Bits of a packed position looked up at once: tables of 2**11 words stay in the CPU's cache.
CHUNK_BITS = 11
#: Positions classified at once: bounds the temporary arrays to a few hundred MB.
BLOCK = 4_000_000


class PackedClasses:
    """The symmetries of one board over packed positions (n holes, hole 0 the top bit): each
    image is a few table lookups, a table per chunk of CHUNK_BITS bits of the position."""

    def __init__(self, symmetries: Sequence[Symmetry], holes: int):
        if len(symmetries) > 8:
            raise ValueError("at most 8 symmetries: their marks fill one byte")
        self.symmetries = list(symmetries)
        self.holes = holes
        self.chunks = -(-holes // CHUNK_BITS)
        values = np.arange(1 << CHUNK_BITS, dtype=np.uint64)
        self.tables: list[list[np.ndarray]] = []
        for takes in self.symmetries[1:]:
            to = sends(takes)
            tables = []
            for chunk in range(self.chunks):
                table = np.zeros(1 << CHUNK_BITS, np.uint64)
                for b in range(CHUNK_BITS):
                    bit = chunk * CHUNK_BITS + b  # this bit of the code: hole n-1-bit
                    if bit >= holes:
                        break
                    target = np.uint64(1 << (holes - 1 - to[holes - 1 - bit]))
                    table |= np.where((values >> np.uint64(b)) & np.uint64(1), target, 0).astype(
                        np.uint64
                    )
                tables.append(table)
            self.tables.append(tables)
        self._stacked: np.ndarray | None = None  # the tables as one array, for least_loop

    def images(self, codes: np.ndarray, k: int) -> np.ndarray:
        """Every position's image through symmetry k (k > 0)."""
        mask = np.uint64((1 << CHUNK_BITS) - 1)
        tables = self.tables[k - 1]
        out = tables[0][codes & mask]
        for chunk in range(1, self.chunks):
            out |= tables[chunk][(codes >> np.uint64(chunk * CHUNK_BITS)) & mask]
        return out

    def classify(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(which positions are their class's representative, the marks of the symmetries
        that fix each, each class's number of distinct positions), a block at a time. Marks
        and sizes are those of representatives only: a position is dropped from the next
        symmetry's images once one image is smaller, so most are imaged once or twice, not 7
        times (7 of 8 positions of the cross are not their class's least)."""
        least = np.zeros(len(codes), bool)
        fixed = np.zeros(len(codes), np.uint8)
        for start in range(0, len(codes), BLOCK):
            block = codes[start : start + BLOCK]
            at = np.arange(start, start + len(block))
            for k in range(1, len(self.symmetries)):
                seen = self.images(block, k)
                fixed[at] |= (seen == block).astype(np.uint8) << np.uint8(k)
                still = block <= seen
                at, block = at[still], block[still]
            least[at] = True
        size = np.full(256, len(self.symmetries), np.int64)
        for mark in np.unique(fixed).tolist():
            size[mark] = len(self.symmetries) // (1 + bin(mark).count("1"))
        return least, fixed, size[fixed]

    def least_images(
        self, codes: np.ndarray, ranked: tuple[np.ndarray, np.ndarray, int] | None = None
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
        """(each position's least image, the marks of every symmetry giving it, bit k for
        symmetry k, the identity's bit 0 included; with `ranked` = (moves, by_mark, codes),
        by_mark[mark * codes + move] each: the rank of a child's move seen through the first
        symmetry giving its least image, else None). A search of classes
        (builder.search.classes_search) canonicalises each child with it, in a compiled loop
        (least_loop, imported here: only builds of classes pay for the compiler)."""
        from .least_loop import least_images_into

        least = np.empty(len(codes), np.uint64)
        marks = np.empty(len(codes), np.uint8)
        ranks, asked = None, None
        if ranked is not None:
            moves, by_mark, count = ranked
            ranks = np.empty(len(codes), np.uint64)
            asked = (np.ascontiguousarray(moves), by_mark, count, ranks)
        codes = np.ascontiguousarray(codes, np.uint64)
        least_images_into(codes, self.stacked(), CHUNK_BITS, least, marks, asked)
        return least, marks, ranks

    def all_images(self, codes: np.ndarray) -> np.ndarray:
        """Each position's images, a row a position and a column a symmetry but the identity:
        what least_by_parents reads of a layer's representatives."""
        from .least_loop import images_into

        out = np.empty((len(codes), len(self.tables)), np.uint64)
        images_into(np.ascontiguousarray(codes, np.uint64), self.stacked(), CHUNK_BITS, out)
        return out

    def least_by_parents(
        self,
        children: np.ndarray,
        parents: np.ndarray,
        parent_images: np.ndarray,
        flip_images: np.ndarray,
        ranked: tuple[np.ndarray, np.ndarray, int],
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """As least_images with `ranked`, for children that are each the parent at index
        parents[i] with the bits of move moves[i] flipped: parent_images (all_images of the
        parents) and flip_images (all_images of each move code's flipped bits) give every
        image of a child at two reads a symmetry."""
        from .least_loop import least_by_parents_into

        least = np.empty(len(children), np.uint64)
        marks = np.empty(len(children), np.uint8)
        ranks = np.empty(len(children), np.uint64)
        moves, by_mark, count = ranked
        asked = (np.ascontiguousarray(moves), by_mark, count, ranks)
        least_by_parents_into(
            np.ascontiguousarray(children, np.uint64),
            np.ascontiguousarray(parents),
            parent_images,
            flip_images,
            least,
            marks,
            asked,
        )
        return least, marks, ranks

    def stacked(self) -> np.ndarray:
        """The tables as one array for the compiled loops, tables[k, chunk, value], padded
        with chunks of zeros to the unrolled loop's four (least_loop.FEW_CHUNKS)."""
        from .least_loop import FEW_CHUNKS

        if self._stacked is None:
            chunks = max(self.chunks, FEW_CHUNKS)
            stacked = np.zeros((len(self.tables), chunks, 1 << CHUNK_BITS), np.uint64)
            for k, tables in enumerate(self.tables):
                stacked[k, : self.chunks] = tables
            self._stacked = stacked
        return self._stacked

    def fixing(self, codes: np.ndarray) -> np.ndarray:
        """The marks of the symmetries (k > 0) that leave each position as it is, as
        classify's, for positions known to be representatives: a representative is its own
        least image, so the symmetries giving that image are those fixing it."""
        return self.least_images(codes)[1] & np.uint8(0xFE)

    def sizes(self, fixed: np.ndarray) -> np.ndarray:
        """Each class's number of positions, from the marks of the symmetries fixing it."""
        size = np.array([len(self.symmetries) // (1 + m.bit_count()) for m in range(256)], np.uint8)
        return size[fixed]
