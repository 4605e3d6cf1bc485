"""The "multi" metric (one-cell tiles only): sliding 1 to k tiles of a blank's row or column
one cell toward it, all at once, is one move (the 15-puzzle's "43 moves")."""

from __future__ import annotations

from .move_rule import MoveRule
from .move_words import Slide


class MultiMoves(MoveRule):
    def moves(self, state: str) -> list[tuple[Slide, str]]:
        """For each blank and each way into it, the runs of 1..k tiles beyond it in that line
        (up to the edge or another blank), each sliding one cell toward it."""
        out = []
        blank = self.blank
        cell = state.find(blank)
        while cell >= 0:
            for direction, line in self.grid.lines[cell]:
                cells = list(state)
                into = cell
                for k, tile in enumerate(line, start=1):
                    if state[tile] == blank:
                        break
                    cells[into], cells[tile] = state[tile], blank
                    into = tile
                    if k == 1:
                        move = self.words.one_cell_move(state[tile], direction, tile, cell)
                    else:
                        run = tuple(sorted(line[:k]))
                        move = self.words.slide("".join(state[c] for c in run), direction, run)
                    out.append((move, "".join(cells)))
            cell = state.find(blank, cell + 1)
        return out
