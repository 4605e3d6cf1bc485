"""The one scheme by which a stored move code names a move (db.schema says it in SQL).

A move that swaps cells lo < hi of a board of C cells gets code = k*C*C + lo*C + hi, k
numbering its family (the move apart from its cells: tile 5 going down), in the order
families are met, so the two cells come back by arithmetic on the code:
SQL derives a predecessor with no join and numpy undoes a whole layer at once. Other moves
(peg chains) are simply numbered in the order they are met, and their predecessor is stored.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, TypeVar

from .puzzle import Move

if TYPE_CHECKING:  # a lookup derives a predecessor without loading numpy
    import numpy as np

#: A code or a numpy array of codes: swapped_cells works on both alike.
T = TypeVar("T", int, "np.ndarray")


class MoveCodes:
    """Numbers the moves of one search, and remembers each code's Move."""

    def __init__(self, cells: int, swaps: bool):
        self.cells, self.swaps = cells, swaps
        self.moves: dict[int, Move] = {}
        self._codes: dict[Move, int] = {}
        self._families: dict[Hashable, int] = {}

    def code(self, move: Move) -> int:
        found = self._codes.get(move)
        if found is None:
            if self.swaps:
                if move.swap is None:
                    raise ValueError(f"numbering swaps, but {move.label!r} swaps no two cells")
                k = self._families.setdefault(move.family, len(self._families))
                lo, hi = move.swap
                found = (k * self.cells + lo) * self.cells + hi
            else:
                found = len(self._codes)
            self._codes[move] = found
            self.moves[found] = move
        return found


def swapped_cells(code: T, cells: int) -> tuple[T, T]:
    """(lo, hi), the two cells a swap's code names; works on numbers and on numpy arrays."""
    return (code // cells) % cells, code % cells
