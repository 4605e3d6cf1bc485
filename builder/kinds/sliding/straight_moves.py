"""The "straight" metric: one piece any number of cells in one direction is one move."""

from __future__ import annotations

from .far_moves import FarMoves, Steps
from .geometry import DIRECTIONS, OPPOSITE


class StraightMoves(FarMoves):
    def _search(self, free: int, start: int, size: tuple[int, int]) -> dict[int, Steps]:
        """Along each direction in turn, every cell the piece reaches before it is stopped."""
        fits, neighbours = self.fits(free, size), self.grid.neighbours
        out: dict[int, Steps] = {}
        for d, way in enumerate(DIRECTIONS):
            cell = start
            steps: Steps = ()
            while (onward := neighbours[cell][d][1]) is not None and fits(onward):
                cell, steps = onward, (*steps, way)
                out[cell] = steps
        return out

    def way_back(
        self, free: int, start: int, target: int, size: tuple[int, int], route: Steps
    ) -> Steps:
        """As many steps the other way."""
        return (OPPOSITE[route[0]],) * len(route)
