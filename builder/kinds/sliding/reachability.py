"""Which positions a sliding board can reach: cheap proofs that a state can never reach a goal
(a wide piece that cannot turn its row or column, the parity of the 15-puzzle), and how many
arrangements a complete search may find."""

from __future__ import annotations

from math import factorial, prod

from ...puzzle import Reason
from .arrangements import ANY, TooManyToCount
from .geometry import Grid


class Reachability:
    """The proofs and counts of the pieces on `grid`."""

    def __init__(self, grid: Grid):
        self.grid, self.pieces = grid, grid.pieces
        self._arranged: int | None = None  # arrangements counted on the board (0: too many)

    def arrangements(self) -> int:
        """Orderings of the pieces (cells! over the orderings of identical pieces), a piece of
        several cells counting once; halved where parity leaves only half reachable.

        Exact for one-cell pieces (16!/2 for the 15-puzzle). With wide pieces the arrangements
        are counted on the board (Klotski's pieces have 65,880); where that is too much work,
        an upper bound: an arrangement read row by row, each wide piece at its top-left cell,
        is one ordering of the pieces.
        """
        if self.pieces.wide:
            if self._arranged is None:  # counted once: the catalogue asks at import
                try:
                    self._arranged = self.grid.arranged(ANY * self.grid.cells).count()
                except TooManyToCount:
                    self._arranged = 0
            if self._arranged:
                return self._arranged
        counts = self.pieces.whole_counts()
        count = factorial(sum(counts.values())) // prod(factorial(n) for n in counts.values())
        return count // 2 if self._parity_halves() else count

    def _parity_halves(self) -> bool:
        """One blank among distinct one-cell tiles on a board at least 2x2: parity holds."""
        return self.pieces.distinct_tiles and min(self.grid.rows, self.grid.cols) >= 2

    def unreachable_reason(self, state: str, goal: str) -> Reason | None:
        if ANY in goal:
            return None  # no rule here speaks of a set of goal positions
        pieces = self.pieces
        for label, (h, w) in pieces.wide.items():
            here = self._rows_and_cols(state, label)
            there = self._rows_and_cols(goal, label)
            name = pieces.piece_name(label)
            if pieces.blanks < w and here[0] != there[0]:
                return Reason(
                    f"{name} can never move up or down (that takes {w} blanks side by side), "
                    f"so it stays in row {_rows_text(here[0])}, but the goal has it in row "
                    f"{_rows_text(there[0])}"
                )
            if pieces.blanks < h and here[1] != there[1]:
                return Reason(
                    f"{name} can never move left or right (that takes {h} blanks one above "
                    f"the other), so it stays in column {_rows_text(here[1])}, but the goal "
                    f"has it in column {_rows_text(there[1])}"
                )
        if pieces.distinct_tiles and self._parity(state) != self._parity(goal):
            return Reason(
                "unsolvable by parity: swap any two tiles and it could be solved, but no "
                "sequence of slides swaps just two",
                "the tiles are an odd permutation away from the goal, counting the blank's "
                "row and column too, and every slide keeps that parity",
            )
        return None

    def _rows_and_cols(self, state: str, label: str) -> tuple[list[int], list[int]]:
        at = [(top, left) for lab, top, left in self.grid.wide_pieces(state) if lab == label]
        return sorted(top for top, _ in at), sorted(left for _, left in at)

    def _parity(self, state: str) -> int:
        """Permutation parity of the labels plus the colour of the blank's square."""
        order = sorted(state)
        rank = [order.index(ch) for ch in state]
        inversions = sum(
            1 for i in range(len(rank)) for j in range(i + 1, len(rank)) if rank[i] > rank[j]
        )
        r, c = divmod(state.index(self.pieces.blank), self.grid.cols)
        return (inversions + r + c) % 2


def _rows_text(indexes: list[int]) -> str:
    return ", ".join(str(i + 1) for i in indexes)
