"""What each way of counting moves (a metric) provides, and what the rules of one-cell steps
share: a move is undone by the same pieces going back one cell, from where it took them.

A puzzle chooses its rule once, by its metric (builder.kinds.sliding.metrics), and asks it for
every move; no rule asks which metric it serves.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator

from ...puzzle import Move
from .geometry import OPPOSITE, Grid
from .move_words import MoveWords, Slide


class MoveRule(ABC):
    """The moves of one metric on a `grid`, made (and worded) by `words`."""

    def __init__(self, grid: Grid, words: MoveWords):
        self.grid, self.words = grid, words
        self.blank, self.wide = grid.pieces.blank, grid.pieces.wide

    @abstractmethod
    def moves(self, state: str) -> list[tuple[Slide, str]]:
        """Every legal move from `state` and the state it leads to."""

    def reverse_moves(self, state: str) -> Iterator[tuple[Slide, str]]:
        """Sliding moves undo themselves: the move back is the same pieces the other way,
        from the cells the move took them to."""
        for move, earlier in self.moves(state):
            way = move.direction
            moved = tuple(self.grid.stepped(cell, way) for cell in move.cells)
            yield self.words.slide(move.pieces, OPPOSITE[way], moved, move.swap), earlier

    def move_cells(self, state: str, move: Move, after: str) -> tuple[list[int], list[int]]:
        """The cells of the piece that moves (a wide piece's whole block), and the blank cells
        it fills. For a run of tiles (multi metric), the one tile a person pushes: the one
        farthest from the blank, whose cell the move leaves blank."""
        changed = [c for c in range(self.grid.cells) if state[c] != after[c]]
        filled = [c for c in changed if state[c] == self.blank]
        label = next(state[c] for c in changed if state[c] != self.blank)
        cols = self.grid.cols
        for piece, top, left in self.grid.wide_pieces(state):
            h, w = self.wide[piece]
            block = [(top + i) * cols + left + j for i in range(h) for j in range(w)]
            if piece == label and set(block) & set(changed):
                return block, filled
        return [c for c in changed if after[c] == self.blank], filled

    def single_swap_moves(self) -> bool:
        """Whether every move only exchanges two cells; a run of tiles, a piece going farther:
        no, its predecessor is stored."""
        return False
