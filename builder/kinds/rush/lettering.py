"""A board's vehicles lettered by where they run, not by how a card happened to name them.

Fogleman's list letters each card's vehicles in reading order, so one vehicle is `B` on one card
and `D` on another card of the same cluster. A vehicle never leaves its track (its row or
column) nor passes another vehicle on it, so (axis, line, rank along the line) names it the same
in every position of a cluster. Lettering by that order (`A` the primary car, then `B`, `C`, ..
horizontal tracks first, top to bottom, then vertical ones, left to right) gives every position
of a cluster one spelling whatever letters its card used: a build of many cards stores that
spelling, and a board is asked in any lettering.
"""

from __future__ import annotations

import string

from .geometry import PRIMARY, Vehicle, placements

#: Letters given to the other vehicles, in the order of their tracks (code-point order, so a
#: board's letters sort as its tracks do); 'o' and 'x' are an empty cell and a wall.
LETTERS = [c for c in string.ascii_uppercase + string.ascii_lowercase if c not in "Aox"]


def track_order(vehicle: Vehicle, cols: int) -> tuple[bool, bool, int, int]:
    """Where a vehicle runs: the primary car first, then horizontal tracks by row, then
    vertical ones by column; on one track, by rank along it (its first cell)."""
    return vehicle.letter != PRIMARY, not vehicle.horizontal, vehicle.line(cols), vehicle.first


def relettered(state: str, cols: int) -> str:
    """`state` (canonical text of a board) with its vehicles lettered by track."""
    found = sorted(placements(state, cols), key=lambda v: track_order(v, cols))
    if len(found) > len(LETTERS) + 1:
        raise ValueError(f"{len(found)} vehicles: more than letters to name them")
    rename = {v.letter: (PRIMARY if i == 0 else LETTERS[i - 1]) for i, v in enumerate(found)}
    return "".join(rename.get(symbol, symbol) for symbol in state)


def layout(state: str, cols: int) -> tuple:
    """What every position of a cluster shares: each vehicle's letter, length and track, and
    the walls. Two clusters with one layout are of the same vehicles, never of one card."""
    vehicles = tuple(
        (v.letter, v.length, v.horizontal, v.line(cols)) for v in placements(state, cols)
    )
    return tuple(sorted(vehicles)), tuple(c for c, s in enumerate(state) if s == "x")
