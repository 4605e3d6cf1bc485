"""The text form of a sliding state: one label per cell in reading order, and why a text is
not a state (an unknown piece, a wrong count, a wide piece that is no whole block).

Cells may be separated by spaces or commas and rows by '/'; a glyph or an alias stands for
its label. The canonical text is the labels alone.
"""

from __future__ import annotations

from collections import Counter

from ...core.errors import MalformedInput
from ...core.message_text import shown, times
from ...puzzle import ANY, split_cells
from .geometry import Grid


class TextForm:
    """Reads states of the pieces on `grid`."""

    def __init__(self, grid: Grid):
        self.grid, self.pieces = grid, grid.pieces

    def canonical(self, text: str, what: str) -> str:
        """The canonical text of `text`, or MalformedInput saying why it is no state."""
        pieces = self.pieces
        if (
            type(text) is str
            and len(text) == self.grid.cells
            and not pieces.wide
            and sorted(text) == pieces.sorted
        ):
            return text  # already canonical: the common case of every lookup
        return self._parsed(text, what)

    def symbols(self, text: str, what: str) -> list[str]:
        """One label per cell of typed text, glyphs and aliases read as their labels."""
        cells = split_cells(text, what, self.grid.cells, self.grid.cols)
        return [self.pieces.alias.get(s, s) for s in cells]

    def _parsed(self, text: str, what: str) -> str:
        """The canonical text of a state written out cell by cell, or why it is none."""
        pieces, grid = self.pieces, self.grid
        symbols = self.symbols(text, what)
        for cell, symbol in enumerate(symbols):
            if symbol == ANY and ANY not in pieces.counts:
                raise MalformedInput(self.any_in_a_state(cell, what))
            if symbol not in pieces.counts:
                raise MalformedInput(
                    f"{what} has unknown piece {shown(symbol)} at cell {cell}; "
                    f"{pieces.puzzle} has pieces {pieces.describe()}"
                )
        if len(symbols) != grid.cells:
            raise MalformedInput(
                f"{what} has {len(symbols)} cells, expected {grid.cells} ({grid.rows}x{grid.cols})"
            )
        found = Counter(symbols)
        if found[pieces.blank] != pieces.blanks:
            raise MalformedInput(self._blank_count_message(what, found[pieces.blank]))
        for label in sorted(pieces.counts):
            if found[label] != pieces.counts[label]:
                raise MalformedInput(
                    f"{what} has piece '{label}' {times(found[label])}, "
                    f"expected {times(pieces.counts[label])}"
                )
        state = "".join(symbols)
        grid.wide_pieces(state, what)
        return state

    @staticmethod
    def any_in_a_state(cell: int, what: str) -> str:
        """Why '?' at `cell` is no state: it stands for any cell in a goal only."""
        return (
            f"{what} has '{ANY}' at cell {cell}: '{ANY}' stands for any cell only in a goal; "
            f"a {what} says what is in every cell"
        )

    def _blank_count_message(self, what: str, found: int) -> str:
        blank, blanks = self.pieces.blank, self.pieces.blanks
        expected = "one blank" if blanks == 1 else f"{blanks} blanks"
        if found == 0:
            return f"{what} has no blank '{blank}', expected {expected}"
        return f"{what} has {found} blanks '{blank}', expected {expected}"
