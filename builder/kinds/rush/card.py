"""The rules of a card (the board a puzzle starts from) and of the positions it can reach.

A card is refused when it cannot be played as Rush Hour is: a wall, or a horizontal vehicle
(which never leaves its row), between the primary car and the exit. A position is of the card
only with the card's vehicles (letter, length, axis and line) and walls: vehicles move along
their own line, so no move changes those; a position that differs can never be reached.
"""

from __future__ import annotations

from puzzledb.builder.core.errors import BadDefinition
from puzzledb.builder.puzzle import Reason, cell_name

from .geometry import PRIMARY, VEHICLE_LETTERS, Vehicle, horizontal, placements, walls


def primary(state: str, cols: int) -> Vehicle:
    return next(v for v in placements(state, cols) if v.letter == PRIMARY)


def exit_cells(state: str, cols: int) -> range:
    """The cells of the primary car's row from its right end to the exit (the right edge);
    by A's first and last cell, as the car lies along its row (a list of a million cards
    asks it of each)."""
    first, last = state.find(PRIMARY), state.rfind(PRIMARY)
    return range(last + 1, (first // cols + 1) * cols)


def check_card(card: str, cols: int, what: str) -> None:
    """BadDefinition when nothing can ever clear the way from A to the exit."""
    for cell in exit_cells(card, cols):
        symbol = card[cell]
        if symbol == "x":
            raise BadDefinition(
                f"{what}: a wall at {cell_name(cell, cols)} stands between the primary car "
                f"{PRIMARY} and the exit, so {PRIMARY} could never leave"
            )
        if symbol in VEHICLE_LETTERS and horizontal(card, cols, symbol):
            raise BadDefinition(
                f"{what}: the horizontal vehicle {symbol} stands between the primary car "
                f"{PRIMARY} and the exit on its row; it can never leave that row, so "
                f"{PRIMARY} could never leave (only vertical vehicles may cross A's row)"
            )


def foreign(state: str, card: str, cols: int) -> Reason | None:
    """Why `state` is no position of `card`'s game: a wall that moved, or vehicles that
    differ (one missing or added, or of another length, axis or line); None when it has the
    card's vehicles and walls."""
    if walls(state) != walls(card):
        moved = sorted(set(walls(state)) ^ set(walls(card)))
        cells = ", ".join(cell_name(c, cols) for c in moved)
        return Reason(
            "its walls are not the card's",
            f"walls never move, and the card has {'a wall' if len(moved) == 1 else 'walls'} "
            f"where this position has none, or the other way round, at {cells}",
        )
    theirs = {v.letter: v for v in placements(state, cols)}
    ours = {v.letter: v for v in placements(card, cols)}
    for letter, vehicle in ours.items():
        other = theirs.get(letter)
        if other is None:
            return Reason(
                "its vehicles are not the card's",
                f"the card's {vehicle.shape(cols)} {letter} is missing; no vehicle ever leaves",
            )
        if other.shape(cols) != vehicle.shape(cols):
            return Reason(
                "its vehicles are not the card's",
                f"{letter} is a {other.shape(cols)} here, a {vehicle.shape(cols)} on the card; "
                f"a vehicle only moves along its own line",
            )
    extra = sorted(set(theirs) - set(ours))
    if extra:
        return Reason(
            "its vehicles are not the card's",
            f"the card has no vehicle {', '.join(extra)}",
        )
    return None
