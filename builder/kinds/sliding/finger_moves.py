"""The "finger" metric: one piece to any place it reaches by one-cell steps while nothing else
moves, around corners too, is one move (Klotski's "81 moves")."""

from __future__ import annotations

from .far_moves import FarMoves, Steps


class FingerMoves(FarMoves):
    def _search(self, free: int, start: int, size: tuple[int, int]) -> dict[int, Steps]:
        """Breadth first over one-cell steps: each place with the first fewest-step way found,
        trying up, down, left, right in that order."""
        fits, neighbours = self.fits(free, size), self.grid.neighbours
        seen: dict[int, Steps] = {start: ()}
        frontier = [start]
        while frontier:
            nxt = []
            for cell in frontier:
                for way, to in neighbours[cell]:
                    if to is not None and to not in seen and fits(to):
                        seen[to] = (*seen[cell], way)
                        nxt.append(to)
            frontier = nxt
        del seen[start]
        return seen

    def way_back(
        self, free: int, start: int, target: int, size: tuple[int, int], route: Steps
    ) -> Steps:
        """The route the same search finds from the piece's new place: the cells it may cross
        are the same in both states."""
        return self.reach(free, target, size)[start]
