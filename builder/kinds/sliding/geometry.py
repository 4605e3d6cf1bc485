"""The board's geometry: cells and their neighbours, the blocks pieces cover, the cells' names
and the board's symmetries.

Cells are numbered in reading order, `cell = row * cols + col`. A piece of h x w stands at
its top-left cell; the rule of such pieces (`wide_blocks`) is checked for a state and for a
goal being defined alike.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...core.errors import MalformedInput
from ...puzzle import cell_name
from .pieces import Pieces

if TYPE_CHECKING:
    from .arrangements import Board

DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}


class Grid:
    """A board of `rows` x `cols` holding `pieces`: where a step leads, which cells a piece
    covers, where the pieces of a state stand. Tables are made once, or once per size."""

    def __init__(self, rows: int, cols: int, pieces: Pieces):
        self.rows, self.cols, self.pieces = rows, cols, pieces
        self.cells = rows * cols
        #: for each cell, (direction, the cell one step that way or None) in DIRECTIONS order
        self.neighbours = [
            [(d, self.step(cell, d)) for d in DIRECTIONS] for cell in range(self.cells)
        ]
        # from each cell, for each way tiles can move into it, the cells beyond it in that
        # line, nearest first (the tiles a multi-tile move can slide toward it)
        self.lines = [
            [(d, line) for d in DIRECTIONS if (line := self.line(cell, OPPOSITE[d]))]
            for cell in range(self.cells)
        ]
        self._onward = {d: [self.step(c, d) for c in range(self.cells)] for d in DIRECTIONS}
        self._masks: dict[tuple[int, int], list[int]] = {}
        self._shifts: dict[tuple[int, int], list[list[tuple]]] = {}
        self._blocks: dict[tuple[int, int], list[list[int]]] = {}

    # -- cells -----------------------------------------------------------------------------------
    def step(self, cell: int, direction: str) -> int | None:
        """The cell one step from `cell` in `direction`, or None off the board."""
        r, c = divmod(cell, self.cols)
        dr, dc = DIRECTIONS[direction]
        r, c = r + dr, c + dc
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return r * self.cols + c
        return None

    def line(self, cell: int, direction: str) -> list[int]:
        """The cells from `cell` (not included) to the board's edge in `direction`."""
        out = []
        beyond = self.step(cell, direction)
        while beyond is not None:
            out.append(beyond)
            beyond = self.step(beyond, direction)
        return out

    def stepped(self, cell: int, direction: str) -> int:
        """The cell one step on, for a cell a move has just left (so never off the board)."""
        onward = self._onward[direction][cell]
        if onward is None:
            raise ValueError(f"{self.pieces.puzzle}: no cell beyond cell {cell} going {direction}")
        return onward

    def end(self, cell: int, route: tuple[tuple[str, int], ...]) -> int:
        """The cell reached from `cell` by the legs of `route`, (direction, cells) each."""
        r, c = divmod(cell, self.cols)
        for way, n in route:
            dr, dc = DIRECTIONS[way]
            r, c = r + dr * n, c + dc * n
        return r * self.cols + c

    def sides(self) -> list[tuple[str, list[int]]]:
        """The board's four sides, each as its cells in order."""
        rows, cols = self.rows, self.cols
        return [
            ("top", list(range(cols))),
            ("bottom", [(rows - 1) * cols + c for c in range(cols)]),
            ("left", [r * cols for r in range(rows)]),
            ("right", [r * cols + cols - 1 for r in range(rows)]),
        ]

    def coordinates(self) -> dict | None:
        """Columns by letter and rows by number from the top, as `cell_name` says them, when a
        move can name a cell: a piece with an identical twin is said by where it stands."""
        if not self.pieces.twins:
            return None
        return {
            "columns": [cell_name(c, self.cols).rstrip("0123456789") for c in range(self.cols)],
            "rows": [
                cell_name(r * self.cols, self.cols).lstrip("abcdefghijklmnopqrstuvwxyz")
                for r in range(self.rows)
            ],
        }

    # -- shapes ----------------------------------------------------------------------------------
    def block(self, cell: int, size: tuple[int, int]) -> list[int]:
        """The cells a piece of `size` covers with its top-left cell at `cell`."""
        blocks = self._blocks.get(size)
        if blocks is None:
            h, w = size
            blocks = self._blocks[size] = [
                [(top + i) * self.cols + left + j for i in range(h) for j in range(w)]
                for top, left in (divmod(c, self.cols) for c in range(self.cells))
            ]
        return blocks[cell]

    def mask(self, size: tuple[int, int]) -> list[int]:
        """For each cell, the bits of the cells a piece of `size` covers with its top-left
        cell there (0 where it would leave the board); made once per size."""
        masks = self._masks.get(size)
        if masks is None:
            h, w = size
            masks = self._masks[size] = [
                sum(1 << c for c in self.block(cell, size))
                if cell // self.cols + h <= self.rows and cell % self.cols + w <= self.cols
                else 0
                for cell in range(self.cells)
            ]
        return masks

    def wide_shifts(self, size: tuple[int, int]) -> list[list[tuple]]:
        """For each top-left cell of a piece of `size`, its one-cell moves that stay on the
        board: (direction, the cells it enters, the cells it leaves, the swap when the move is
        one), made once per size."""
        found = self._shifts.get(size)
        if found is not None:
            return found
        h, w = size
        found = self._shifts[size] = []
        for cell in range(self.cells):
            top, left = divmod(cell, self.cols)
            block = {(top + i, left + j) for i in range(h) for j in range(w)}
            out = []
            for direction, (dr, dc) in DIRECTIONS.items():
                moved = {(r + dr, c + dc) for r, c in block}
                inside = all(0 <= r < self.rows and 0 <= c < self.cols for r, c in moved | block)
                if not inside:
                    continue
                enter = sorted(r * self.cols + c for r, c in moved - block)
                leave = sorted(r * self.cols + c for r, c in block - moved)
                swap = (
                    (min(leave[0], enter[0]), max(leave[0], enter[0])) if len(enter) == 1 else None
                )
                out.append((direction, tuple(enter), tuple(leave), swap))
            found.append(out)
        return found

    # -- where the pieces stand ------------------------------------------------------------------
    def wide_pieces(self, state: str, what: str = "state") -> list[tuple[str, int, int]]:
        """(label, top, left) of every multi-cell piece, checking each covers a full rectangle."""
        wide = self.pieces.wide
        if not wide:
            return []
        blocks, misfit = wide_blocks(state, wide, self.rows, self.cols)
        if misfit:
            label, cell = misfit
            h, w = wide[label]
            raise MalformedInput(
                f"{what}: {self.pieces.piece_name(label)} must fill a {h}x{w} block of cells "
                f"({h} row{'s' if h > 1 else ''} by {w} column{'s' if w > 1 else ''}); "
                f"the '{label}' at cell {cell} does not start one"
            )
        return blocks

    def every_piece(self, state: str) -> Iterator[tuple[str, int, tuple[int, int]]]:
        """(label, top-left cell, size) of every piece on the board."""
        blank, wide = self.pieces.blank, self.pieces.wide
        for cell, label in enumerate(state):
            if label != blank and label not in wide:
                yield label, cell, (1, 1)
        for label, top, left in self.wide_pieces(state):
            yield label, top * self.cols + left, wide[label]

    def placed(self, state: str) -> list[tuple[str, list[int]]]:
        """Every piece and the cells it covers (a wide piece's whole block), in reading order
        of its first cell: what a front end draws, so it need not know the wide-piece rule."""
        blank, wide = self.pieces.blank, self.pieces.wide
        blocks = {
            top * self.cols + left: (label, top, left)
            for label, top, left in self.wide_pieces(state)
        }
        out = []
        for cell, label in enumerate(state):
            if cell in blocks:
                h, w = wide[label]
                top, left = blocks[cell][1:]
                out.append(
                    (label, [(top + i) * self.cols + left + j for i in range(h) for j in range(w)])
                )
            elif label != blank and label not in wide:
                out.append((label, [cell]))
        return out

    def arranged(self, pattern: str) -> Board:
        """The pieces to arrange on the board to match `pattern`: a wide piece counted once."""
        from .arrangements import Board  # goal patterns and counts only: not a lookup's

        return Board(self.rows, self.cols, self.pieces.wide, self.pieces.whole_counts(), pattern)

    # -- symmetries ------------------------------------------------------------------------------
    def symmetries(self) -> list[tuple[int, ...]]:
        """The mirror images and half turn of the board, and on a square board the quarter
        turns and the transposes too: each keeps the rule (a piece slides into an adjacent
        blank, along a row or column)."""
        rows, cols = self.rows, self.cols
        maps = [
            lambda r, c: (r, c),
            lambda r, c: (r, cols - 1 - c),
            lambda r, c: (rows - 1 - r, c),
            lambda r, c: (rows - 1 - r, cols - 1 - c),
        ]
        if rows == cols:
            maps += [
                lambda r, c: (c, r),
                lambda r, c: (c, rows - 1 - r),
                lambda r, c: (cols - 1 - c, r),
                lambda r, c: (cols - 1 - c, rows - 1 - r),
            ]
        out = []
        for f in maps:
            cells = tuple(
                f(*divmod(i, cols))[0] * cols + f(*divmod(i, cols))[1] for i in range(self.cells)
            )
            if cells not in out:
                out.append(cells)
        return out


def wide_blocks(
    state: str, wide: dict[str, tuple[int, int]], rows: int, cols: int
) -> tuple[list[tuple[str, int, int]], tuple[str, int] | None]:
    """The rule of multi-cell pieces, for a state and for a goal being defined: a piece of
    h x w is written once per cell it covers, as whole blocks. Returns the blocks as (label,
    top, left) and the first (label, cell) that starts no whole block (None when all do)."""
    covered = [False] * len(state)
    found: list[tuple[str, int, int]] = []
    for cell, label in enumerate(state):
        if label not in wide or covered[cell]:
            continue
        h, w = wide[label]
        top, left = divmod(cell, cols)
        block = [(top + i) * cols + left + j for i in range(h) for j in range(w)]
        if top + h > rows or left + w > cols or any(state[c] != label or covered[c] for c in block):
            return found, (label, cell)
        for c in block:
            covered[c] = True
        found.append((label, top, left))
    return found, None
