"""The interface every puzzle implements, in the spirit of aima-python's `Problem`.

A puzzle is data (board, pieces, goal) plus a move rule. The searches and the query layer know
nothing else about it: states are canonical text, moves are `Move` values.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Iterable

from .errors import MalformedInput

# Characters accepted between cells of a typed state; they never belong to a state.
SEPARATORS = " ,\t"
ROW_SEPARATOR = "/"


@dataclass(frozen=True)
class Move:
    """One move, described from the state it is made in.

    `swap` is the pair of cells (low, high) the move exchanges when it is nothing more than
    that; the database then derives `pred` from the state instead of storing it.
    """

    label: str
    swap: tuple[int, int] | None = None


class Puzzle(ABC):
    """A puzzle: text form of states, legal moves, goals, and why a state may be hopeless."""

    name: str
    title: str
    rows: int
    cols: int
    default_goal: str
    #: True when every move can be undone by another move (the state graph is undirected);
    #: the layered numpy search relies on it.
    reversible: bool = True

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    # -- text form -------------------------------------------------------------------------
    @abstractmethod
    def parse(self, text: str, what: str = "state") -> str:
        """Return the canonical text of `text` or raise MalformedInput naming what is wrong."""

    def parse_goal(self, text: str | None) -> str:
        return self.default_goal if text is None else self.parse(text, "goal")

    # -- move rule ---------------------------------------------------------------------------
    @abstractmethod
    def moves(self, state: str) -> list[tuple[Move, str]]:
        """Every legal move from `state` and the state it leads to."""

    @abstractmethod
    def reverse_moves(self, state: str) -> Iterable[tuple[Move, str]]:
        """Every (move, earlier) such that making `move` in `earlier` gives `state`."""

    def unreachable_reason(self, state: str, goal: str) -> str | None:
        """Why `state` can never reach `goal`, when a rule says so; None when unknown."""
        return None

    # -- storage -----------------------------------------------------------------------------
    @abstractmethod
    def spec(self) -> dict:
        """A JSON-able definition, stored with every build so the database stands alone."""

    def single_swap_moves(self) -> bool:
        """Whether every move only exchanges two cells (then `pred` needs no storage)."""
        return True


def split_cells(text: object, what: str, cells: int, cols: int) -> list[str]:
    """Split typed text into one symbol per cell, accepting '/', spaces and commas between cells.

    Row separators, when given, must cut the text into rows of `cols` cells.
    """
    if not isinstance(text, str):
        raise MalformedInput(f"{what} must be text")
    text = text.strip()
    if not text:
        raise MalformedInput(f"{what} is empty: expected {cells} cells")
    rows = text.split(ROW_SEPARATOR)
    out: list[str] = []
    for number, row in enumerate(rows, start=1):
        symbols = [ch for ch in row if ch not in SEPARATORS]
        if len(rows) > 1 and len(symbols) != cols:
            raise MalformedInput(
                f"{what} row {number} has {len(symbols)} cells, expected {cols}"
            )
        out.extend(symbols)
    return out

