"""What the metrics of a piece going more than one cell share (straight, finger): a move takes
one piece to any place it reaches while nothing else moves, said by its route's legs.

Where a piece can go depends only on the blank cells around it, which repeat from state to
state: each (blanks, piece) is searched once, the search itself being the metric's own.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Iterator
from functools import lru_cache

from ...puzzle import Move
from .geometry import Grid
from .move_rule import MoveRule
from .move_words import MAX_REMEMBERED_SLIDES, MoveWords, Slide

#: A way as one-cell steps, each a direction ("up", "right", "right").
Steps = tuple[str, ...]


class FarMoves(MoveRule):
    """Every piece to each place it reaches; a metric says how it gets there (`_search`) and
    how the move back is said (`way_back`)."""

    def __init__(self, grid: Grid, words: MoveWords):
        super().__init__(grid, words)
        self._reached: dict[tuple, dict[int, Steps]] = {}

    def moves(self, state: str) -> list[tuple[Slide, str]]:
        return [(move, after) for move, after, _ in self._far_moves(state, backs=False)]

    def reverse_moves(self, state: str) -> Iterator[tuple[Slide, str]]:
        for _, earlier, (label, target, back) in self._far_moves(state):
            yield self.words.slide(label, back[0], (target,), None, _legs(back)), earlier

    def move_cells(self, state: str, move: Move, after: str) -> tuple[list[int], list[int]]:
        if isinstance(move, Slide) and move.route:
            # a piece going farther may pass cells it does not stop on: `to` is its whole
            # place at rest, so each destination of a piece names one move
            changed = [c for c in range(self.grid.cells) if state[c] != after[c]]
            label = next(state[c] for c in changed if state[c] != self.blank)
            size = self.wide.get(label, (1, 1))
            end = self.grid.end(move.cells[0], move.route)
            return self.grid.block(move.cells[0], size), self.grid.block(end, size)
        return super().move_cells(state, move, after)

    def _far_moves(self, state: str, backs: bool = True) -> Iterator[tuple[Slide, str, tuple]]:
        """Each piece to every place it reaches: (move, state after, how to say the move
        back), the way back said as `moves` would say it in the state after."""
        blanks = sum(1 << c for c, s in enumerate(state) if s == self.blank)
        grid = self.grid
        for label, cell, size in grid.every_piece(state):
            own = grid.block(cell, size)
            free = blanks | grid.mask(size)[cell]
            routes = self.reach(free, cell, size)
            for target, route in routes.items():
                cells = list(state)
                for c in own:
                    cells[c] = self.blank
                for c in grid.block(target, size):
                    cells[c] = label
                move = self.words.slide(label, route[0], (cell,), None, _legs(route))
                back = self.way_back(free, cell, target, size, route) if backs else ()
                yield move, "".join(cells), (label, target, back)

    def reach(self, free: int, start: int, size: tuple[int, int]) -> dict[int, Steps]:
        """Where a piece at `start` can go within the `free` cells (bits), each with its way
        as one-cell steps, the fewest steps found first in the order up, down, left, right."""
        key = (free, start, size)
        found = self._reached.get(key)
        if found is not None:  # blanks around a piece repeat from state to state
            return found
        if len(self._reached) >= MAX_REMEMBERED_SLIDES:
            self._reached.clear()
        found = self._reached[key] = self._search(free, start, size)
        return found

    def fits(self, free: int, size: tuple[int, int]) -> Callable[[int], bool]:
        """Whether a piece of `size` with its top-left cell at a cell stays within `free`."""
        masks = self.grid.mask(size)

        def fits(cell: int) -> bool:
            mask = masks[cell]
            return bool(mask) and not mask & ~free

        return fits

    @abstractmethod
    def _search(self, free: int, start: int, size: tuple[int, int]) -> dict[int, Steps]:
        """Every place a piece at `start` reaches within `free`, by this metric's steps."""

    @abstractmethod
    def way_back(
        self, free: int, start: int, target: int, size: tuple[int, int], route: Steps
    ) -> Steps:
        """The steps `moves` finds from `target` back to `start` in the state after."""


@lru_cache(maxsize=4096)
def _legs(steps: Steps) -> tuple[tuple[str, int], ...]:
    """One-cell steps as legs: ("up", "right", "right") -> (("up", 1), ("right", 2)); a
    single step has no legs (it reads as its direction alone)."""
    if len(steps) <= 1:
        return ()
    legs: list[tuple[str, int]] = []
    for way in steps:
        if legs and legs[-1][0] == way:
            legs[-1] = (way, legs[-1][1] + 1)
        else:
            legs.append((way, 1))
    return tuple(legs)
