"""The "single" (or "unit") metric: one piece one cell a move, into blank cells.

A one-cell tile's move is a swap with the blank beside it; a wide piece's is a shift of its
block, which is still a swap when one blank cell is all it enters.
"""

from __future__ import annotations

from collections.abc import Iterator

from .move_rule import MoveRule
from .move_words import Slide


class UnitMoves(MoveRule):
    def moves(self, state: str) -> list[tuple[Slide, str]]:
        out = []
        blank, wide, slide = self.blank, self.wide, self.words.slide
        for cell, label in enumerate(state):
            if label == blank or label in wide:
                continue
            for direction, target in self.grid.neighbours[cell]:
                if target is not None and state[target] == blank:
                    lo, hi = min(cell, target), max(cell, target)
                    out.append(
                        (slide(label, direction, (cell,), (lo, hi)), _swapped(state, lo, hi))
                    )
        for label, top, left in self.grid.wide_pieces(state):
            out.extend(self._wide_moves(state, label, top, left))
        return out

    def _wide_moves(
        self, state: str, label: str, top: int, left: int
    ) -> Iterator[tuple[Slide, str]]:
        cell = top * self.grid.cols + left
        blank = self.blank
        for direction, enter, leave, swap in self.grid.wide_shifts(self.wide[label])[cell]:
            if any(state[c] != blank for c in enter):
                continue
            cells = list(state)
            for c in leave:
                cells[c] = blank
            for c in enter:
                cells[c] = label
            yield self.words.slide(label, direction, (cell,), swap), "".join(cells)

    def single_swap_moves(self) -> bool:
        """Every move a swap of two cells, unless a wide piece can enter two blanks at once."""
        blanks = self.grid.pieces.blanks
        return all((h == 1 or blanks < h) and (w == 1 or blanks < w) for h, w in self.wide.values())


def _swapped(state: str, a: int, b: int) -> str:
    return state[:a] + state[b] + state[a + 1 : b] + state[a] + state[b + 1 :]
