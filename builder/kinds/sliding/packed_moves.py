"""Where one piece of a board of blocks can go, for the packed codec of such boards
(packed_blocks.py): one table a metric, as the kind has one move rule a metric.

A piece's moves depend only on its label, its top-left cell and the blank cells that matter to
it (its `relevant` cells), so each such key is worked out once, by the kind's own rule, and
the vectorised search reuses it for every state that has it. Each move comes with its place in
the order the rule makes a piece's moves (`rank`, below `ranks`) and the move back from where it
leads, as the rule words it there: the move the plain search stores for the state it finds.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from .far_moves import FarMoves, _legs
from .finger_moves import FingerMoves
from .geometry import DIRECTIONS, OPPOSITE
from .move_words import Slide
from .puzzle import SlidingPuzzle
from .straight_moves import StraightMoves
from .unit_moves import UnitMoves

#: One move of a piece: (its top-left cell after, its rank among the piece's moves, the move
#: back from there).
PieceMove = tuple[int, int, Slide]


class PieceMoves(ABC):
    """The moves of one piece of a board of blocks, by its metric's rule."""

    def __init__(self, puzzle: SlidingPuzzle):
        self.puzzle, self.grid = puzzle, puzzle.grid
        self.cells = puzzle.cells

    #: a piece's moves each have a rank below this
    ranks: int

    @abstractmethod
    def relevant(self, label: str, cell: int) -> int:
        """The cells (bits) whose blanks decide where the piece at `cell` can go."""

    @abstractmethod
    def moves(self, label: str, cell: int, blanks: int) -> list[PieceMove]:
        """Where the piece `label` at top-left `cell` can go with `blanks` (bits) blank, in the
        order the rule makes those moves."""

    def size(self, label: str) -> tuple[int, int]:
        return self.puzzle.wide.get(label, (1, 1))


class UnitPieceMoves(PieceMoves):
    """One cell up, down, left or right into blanks (builder.kinds.sliding.unit_moves)."""

    ranks = len(DIRECTIONS)

    def relevant(self, label: str, cell: int) -> int:
        shifts = self.grid.wide_shifts(self.size(label))[cell]
        return sum(1 << c for _, enter, _, _ in shifts for c in enter)

    def moves(self, label: str, cell: int, blanks: int) -> list[PieceMove]:
        found = []
        ways = list(DIRECTIONS)
        for direction, enter, _, swap in self.grid.wide_shifts(self.size(label))[cell]:
            if all(blanks >> c & 1 for c in enter):
                target = self.grid.stepped(cell, direction)
                back = self.puzzle.slide(label, OPPOSITE[direction], (target,), swap)
                found.append((target, ways.index(direction), back))
        return found


class FarPieceMoves(PieceMoves):
    """Farther than one cell (straight, finger): where the rule's own search reaches, and the
    rule's own way back (builder.kinds.sliding.far_moves)."""

    def __init__(self, puzzle: SlidingPuzzle):
        super().__init__(puzzle)
        rule = puzzle.rule
        if not isinstance(rule, FarMoves):
            raise TypeError(f"{puzzle.name}: its pieces do not go farther than one cell")
        self.rule = rule
        self.ranks = puzzle.cells  # a move's rank is the order its place is found in

    def moves(self, label: str, cell: int, blanks: int) -> list[PieceMove]:
        size = self.size(label)
        free = blanks | self.grid.mask(size)[cell]
        found = []
        for rank, (target, route) in enumerate(self.rule.reach(free, cell, size).items()):
            back = self.rule.way_back(free, cell, target, size, route)
            found.append(
                (target, rank, self.puzzle.slide(label, back[0], (target,), None, _legs(back)))
            )
        return found


class StraightPieceMoves(FarPieceMoves):
    """Any number of cells one way: only the cells in line with the piece matter."""

    def relevant(self, label: str, cell: int) -> int:
        size, grid = self.size(label), self.grid
        bits = 0
        for direction in DIRECTIONS:
            at = cell
            while (onward := grid.step(at, direction)) is not None and grid.mask(size)[onward]:
                bits |= grid.mask(size)[onward]
                at = onward
        return bits & ~grid.mask(size)[cell]


class FingerPieceMoves(FarPieceMoves):
    """Anywhere by one-cell steps: any blank may be on the way."""

    def relevant(self, label: str, cell: int) -> int:
        return ((1 << self.cells) - 1) & ~self.grid.mask(self.size(label))[cell]


#: The piece moves of each rule the codec packs, by the rule's class.
BY_RULE: dict[type, type[PieceMoves]] = {
    UnitMoves: UnitPieceMoves,
    StraightMoves: StraightPieceMoves,
    FingerMoves: FingerPieceMoves,
}
