"""A sliding move as data (`Slide`) and how it is said: "tile 5 down", "O at c1 right",
"vertical up, right", "tiles 7 8 left".

Words are made from the move's data when the move is made, never the data from the words, so
rewording a move changes neither the rules nor the stored codes.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from ...puzzle import Move, cell_name
from .pieces import Pieces

#: Moves a puzzle remembers once made (each a few hundred bytes; a 64-cell board's multi
#: runs are the most, some tens of thousands).
MAX_REMEMBERED_SLIDES = 100_000


@dataclass(frozen=True, kw_only=True)
class Slide(Move):
    """Pieces going one cell `direction`: one piece, or under the multi metric a run of tiles.

    `pieces` holds their labels in reading order of `cells`, the first cell of each, where
    they stand. `at` repeats those cells only when a piece has a twin (an identical piece):
    only then do the words, and so the move, depend on where it is made.
    """

    pieces: str
    direction: str
    at: tuple[int, ...] = ()
    #: for a piece going more than one cell (straight, finger): its way as legs of
    #: (direction, cells), in order ("up", 1), ("right", 1): "vertical up, right"
    route: tuple[tuple[str, int], ...] = ()
    cells: tuple[int, ...] = field(default=(), compare=False)

    @property
    def family(self) -> Hashable:
        return self.pieces, self.direction


class MoveWords:
    """Makes the moves of a board of `pieces` with `cols` columns, each worded once."""

    def __init__(self, pieces: Pieces, cols: int):
        self.pieces, self.cols = pieces, cols
        self._slides: dict[tuple, Slide] = {}
        self._run_words: dict[tuple[str, str, tuple[int, ...]], str] = {}

    def slide(
        self,
        pieces: str,
        direction: str,
        cells: tuple[int, ...],
        swap: tuple[int, int] | None = None,
        route: tuple[tuple[str, int], ...] = (),
    ) -> Slide:
        """The move of `pieces` (labels in reading order) standing at `cells` (the first cell
        of each), with its words; `route` the legs of a piece going more than one cell."""
        key = (pieces, direction, cells, swap, route)
        made = self._slides.get(key)
        if made is None:  # a board has few distinct moves: each is made and worded once
            twins = self.pieces.twins
            at = cells if twins and any(label in twins for label in pieces) else ()
            made = Slide(
                pieces=pieces,
                direction=direction,
                at=at,
                route=route,
                cells=cells,
                swap=swap,
                label=self._words(pieces, direction, cells, at, route),
            )
            if len(self._slides) < MAX_REMEMBERED_SLIDES:
                self._slides[key] = made
        return made

    def one_cell_move(self, label: str, direction: str, cell: int, target: int) -> Slide:
        """A one-cell piece at `cell` sliding into the blank at `target`: a swap of the two."""
        return self.slide(label, direction, (cell,), (min(cell, target), max(cell, target)))

    def _words(
        self, pieces: str, direction: str, cells: tuple[int, ...], at: tuple, route: tuple = ()
    ) -> str:
        """How a move is said: the piece, then the way it goes ("tile 5 down"); a piece with
        a twin by where it stands ("O at c1 right"); a piece going farther by its legs, each
        with its cells when more than one ("small right 2", "vertical up, right"). A run of
        tiles (multi metric) in reading order ("tiles 7 8 left"), named pieces by their names
        ("N and O left")."""
        if route:
            legs = ", ".join(way if n == 1 else f"{way} {n}" for way, n in route)
            return f"{self._piece_words(pieces, cells[0])} {legs}"
        if len(pieces) == 1:
            return f"{self._piece_words(pieces, cells[0])} {direction}"
        key = (pieces, direction, at)
        said = self._run_words.get(key)
        if said is None:
            if at or any(label in self.pieces.names for label in pieces):
                words = [self._piece_words(label, cell) for label, cell in zip(pieces, cells)]
                run = f"{', '.join(words[:-1])} and {words[-1]}"
            else:
                run = "tiles " + " ".join(self.pieces.glyph(label) for label in pieces)
            said = self._run_words[key] = f"{run} {direction}"
        return said

    def _piece_words(self, label: str, cell: int) -> str:
        """A piece's name, and where it stands when an identical piece could be meant."""
        if label in self.pieces.twins:
            return f"{self.pieces.piece_name(label)} at {cell_name(cell, self.cols)}"
        return self.pieces.piece_name(label)
