"""Where a Rush Hour board's vehicles stand: each a straight run of one letter, two or more
cells long, along a row (horizontal) or a column (vertical), which it never leaves.

`placements` reads the vehicles of a text already known to be a board (the move rule's hot
path); `text_form` checks a typed text before it gets that far.
"""

from __future__ import annotations

from dataclasses import dataclass
from string import ascii_letters

from puzzledb.builder.puzzle import ANY, cell_name

#: An empty cell and a wall, as the community writes them (a '.' is read as empty).
EMPTY, WALL = "o", "x"
#: The primary car, the one that leaves through the exit.
PRIMARY = "A"
#: Symbols that are no vehicle: an empty cell, a wall, and a goal pattern's any cell.
NOT_VEHICLES = frozenset((EMPTY, WALL, ANY))
#: Letters name vehicles, all but the empty cell's 'o' and the wall's 'x'.
VEHICLE_LETTERS = frozenset(ascii_letters) - {EMPTY, WALL}


@dataclass(frozen=True)
class Vehicle:
    """A vehicle where it stands: its letter, its first cell (the leftmost or topmost), its
    length and its axis. `step` is the cell offset of one cell along the axis."""

    letter: str
    first: int
    length: int
    horizontal: bool
    step: int

    @property
    def cells(self) -> list[int]:
        return [self.first + i * self.step for i in range(self.length)]

    @property
    def last(self) -> int:
        return self.first + (self.length - 1) * self.step

    def line(self, cols: int) -> int:
        """The row (horizontal) or column (vertical) it moves along and never leaves."""
        return self.first // cols if self.horizontal else self.first % cols

    def shape(self, cols: int) -> str:
        """What it is and where it runs, as an answer says it: "horizontal car on row 3"."""
        axis = "horizontal" if self.horizontal else "vertical"
        line = (
            f"row {self.line(cols) + 1}"
            if self.horizontal
            else f"column {col_name(self.first, cols)}"
        )
        return f"{axis} {noun(self.length)} of {self.length} cells on {line}"


def noun(length: int) -> str:
    """A vehicle by its length, as players say it: a car is 2 cells, a truck 3."""
    return {2: "car", 3: "truck"}.get(length, "vehicle")


def col_name(cell: int, cols: int) -> str:
    """The letter of a cell's column, as cell names write it ("c" for c4)."""
    return cell_name(cell, cols).rstrip("0123456789")


def placements(state: str, cols: int) -> list[Vehicle]:
    """Every vehicle of a board text, in reading order of its first cell (no checks: the text
    is a board, canonical)."""
    found = []
    for letter in set(state) - NOT_VEHICLES:
        first = state.find(letter)
        across = horizontal(state, cols, letter, first)
        found.append(Vehicle(letter, first, state.count(letter), across, 1 if across else cols))
    found.sort(key=lambda v: v.first)
    return found


def horizontal(state: str, cols: int, letter: str, first: int | None = None) -> bool:
    """Whether the vehicle `letter` (whose first cell is `first`) lies along a row."""
    first = state.find(letter) if first is None else first
    return (first + 1) % cols != 0 and state[first + 1] == letter


def for_drawing(card: str, cols: int) -> dict:
    """What a front end needs to draw and move a card's vehicles beyond the cells the answers
    give: each vehicle's name as move words say it ("car F"), its axis (the only way it may be
    dragged) and whether it is the primary car; and how the text writes an empty cell and a
    wall (a small board drawn from a state's text). Every position of a card has its vehicles,
    so the card says it for the whole build."""
    return {
        "empty": EMPTY,
        "wall": WALL,
        "vehicles": [
            {
                "label": v.letter,
                "name": f"{noun(v.length)} {v.letter}",
                "axis": "horizontal" if v.horizontal else "vertical",
                "primary": v.letter == PRIMARY,
            }
            for v in sorted(placements(card, cols), key=lambda v: v.letter)
        ],
    }


def walls(state: str) -> list[int]:
    return [cell for cell, symbol in enumerate(state) if symbol == WALL]
