"""How a goal is said ("the big piece out at the bottom", "the tiles in order") and where a
pattern's pinned pieces meet the board's edge (its exits, as a front end marks them)."""

from __future__ import annotations

from itertools import groupby

from ...puzzle import ANY, cell_name
from .geometry import Grid


class GoalWords:
    """Says the goals of the pieces on `grid`."""

    def __init__(self, grid: Grid):
        self.grid, self.pieces = grid, grid.pieces

    def exits(self, goal: str) -> list[dict]:
        """Each run of a goal pattern's pinned cells (one piece label, not '?' nor blank)
        along a side of the board: {"side", "cells", "words"}, e.g. Klotski's big piece
        gives the bottom under columns b-c. A whole position pins every piece: no exit."""
        if ANY not in goal:
            return []
        return [
            self._exit(side, list(run))
            for side, line in self.grid.sides()
            for label, run in groupby(line, key=goal.__getitem__)
            if label not in (ANY, self.pieces.blank)
        ]

    def described(self, goal: str) -> str:
        """A pattern says which pieces it pins where ("the big piece out at the bottom"); a
        whole position whose tiles read in order says so ("the tiles in order"), else its
        rows."""
        pieces, cols, cells = self.pieces, self.grid.cols, self.grid.cells
        if ANY in goal:
            pinned = [self._pinned_words(label, at) for label, at in self._pinned(goal)]
            return ", ".join(pinned) or "any position"
        tiles = [s for s in goal if s != pieces.blank]
        if not pieces.wide and tiles == sorted(tiles):
            blanks = [cell_name(c, cols) for c, s in enumerate(goal) if s == pieces.blank]
            if blanks == [cell_name(cells - 1, cols)]:
                return "the tiles in order"
            return f"the tiles in order, the blank{'s' if len(blanks) > 1 else ''} at " + (
                ", ".join(blanks)
            )
        rows = ["".join(map(pieces.glyph, goal[r : r + cols])) for r in range(0, cells, cols)]
        return "the position " + " / ".join(rows)

    def _pinned(self, pattern: str) -> list[tuple[str, list[int]]]:
        """The pieces a pattern pins (not its blanks), each with its cells: a wide piece's
        whole block once, in reading order."""
        grid = self.grid
        out: list[tuple[str, list[int]]] = []
        seen: set[int] = set()
        for cell, label in enumerate(pattern):
            if label in (ANY, self.pieces.blank) or cell in seen:
                continue
            size = self.pieces.wide.get(label, (1, 1))
            whole = grid.mask(size)[cell] and all(
                pattern[c] == label for c in grid.block(cell, size)
            )
            cells = grid.block(cell, size) if whole else [cell]
            seen.update(cells)
            out.append((label, cells))
        return out

    def _pinned_words(self, label: str, cells: list[int]) -> str:
        """A pinned piece and where: out at the side it touches (an exit), in a corner, or
        at its cells by name (always, for one of identical pieces)."""
        pieces, cols = self.pieces, self.grid.cols
        name = (
            f"the {pieces.names[label]} piece"
            if label in pieces.names
            else pieces.piece_name(label)
        )
        sides = [side for side, line in self.grid.sides() if set(cells) & set(line)]
        if label in pieces.twins:
            sides = []  # which of the identical pieces: said by its cells
        if len(sides) == 1:
            return f"{name} out at the {sides[0]}"
        if len(sides) == 2 and set(sides) not in ({"top", "bottom"}, {"left", "right"}):
            return f"{name} in the {sides[0]} {sides[1]} corner"
        first, last = cell_name(cells[0], cols), cell_name(cells[-1], cols)
        return f"{name} at {first}" if first == last else f"{name} at {first}–{last}"

    def _exit(self, side: str, run: list[int]) -> dict:
        """One exit and its words: "bottom, columns b–c" (columns by letter, rows by number,
        as cell names say them)."""
        across = side in ("top", "bottom")
        names = [cell_name(c, self.grid.cols) for c in (run[0], run[-1])]
        ends = [
            name.rstrip("0123456789") if across else name.lstrip("abcdefghijklmnopqrstuvwxyz")
            for name in names
        ]
        what = "column" if across else "row"
        where = f"{what} {ends[0]}" if len(run) == 1 else f"{what}s {ends[0]}–{ends[1]}"
        return {"side": side, "cells": run, "words": f"{side}, {where}"}
