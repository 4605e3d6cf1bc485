"""A puzzle from cubing.js's KPuzzle JSON (`puzzledb build NAME --kpuzzle FILE`):

    {"name": "2x2x2",
     "orbits": [{"orbitName": "CORNERS", "numPieces": 8, "numOrientations": 3}],
     "defaultPattern": {"CORNERS": {"pieces": [0, 1, ...], "orientation": [0, 0, ...]}},
     "moves": {"U": {"CORNERS": {"permutation": [3, 0, ...], "orientationDelta": [0, ...]}}}}

Positions count from 0, and a move's convention is twsearch's (orbits.py). The older form of
the same (orbits as an object of `numPieces` and `orientations`, `startStateData`, moves'
`orientation`) reads too; `derivedMoves` (names for combinations of moves) are not moves of
their own and are left out, and so is `experimentalDerivedMoves`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from ...core.errors import BadDefinition
from ...core.message_text import shown
from .orbits import Orbit, Transformation
from .text_form import MAX_ORIENTATIONS, Cells
from .tws import MAX_PIECES, NAME, kept

KEYS = (
    "name",
    "orbits",
    "defaultPattern",
    "startStateData",
    "moves",
    "derivedMoves",
    "experimentalDerivedMoves",
)
#: The error a message makes, naming the file.
Fail = Callable[[str], BadDefinition]


def read_kpuzzle(
    text: str, source: str, keep: Sequence[str] | None = None
) -> tuple[tuple[Orbit, ...], tuple[Cells, ...], dict[str, Transformation], str]:
    """(orbits, solved state, moves by name, the file's name or "") of a KPuzzle JSON text."""

    def fail(message: str) -> BadDefinition:
        return BadDefinition(f"{source}: {message}")

    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise fail(f"not JSON: {error}") from None
    if not isinstance(data, dict):
        raise fail("a KPuzzle definition is a JSON object")
    unknown = [k for k in data if k not in KEYS]
    if unknown:
        raise fail(f"unknown key {shown(unknown[0])}; known keys: {', '.join(KEYS)}")
    orbits = _orbits(data.get("orbits"), fail)
    pattern = data.get("defaultPattern", data.get("startStateData", {}))
    if not isinstance(pattern, dict):
        raise fail("defaultPattern must be an object of orbits")
    solved = tuple(
        _part(pattern[o.name], o, f"defaultPattern.{o.name}", "pieces", False, fail)
        if o.name in pattern
        else (tuple(range(o.pieces)), (0,) * o.pieces)
        for o in orbits
    )
    moves = data.get("moves")
    if not isinstance(moves, dict):
        raise fail("moves must be an object of moves")
    found = {}
    by_name = {o.name for o in orbits}
    for move, parts in moves.items():
        if not NAME.fullmatch(move) or not isinstance(parts, dict):
            raise fail(f"moves: {shown(move)} is not a move (a name, then an object of orbits)")
        for orbit in parts:
            if orbit not in by_name:
                raise fail(f"moves.{move} names {shown(orbit)}, which is no orbit")
        found[move] = Transformation(
            tuple(
                _part(parts[o.name], o, f"moves.{move}.{o.name}", "permutation", True, fail)
                if o.name in parts
                else (tuple(range(o.pieces)), (0,) * o.pieces)
                for o in orbits
            )
        )
    name = data.get("name", "")
    return orbits, solved, kept(found, keep, source), name if isinstance(name, str) else ""


def _orbits(value: object, fail: Fail) -> tuple[Orbit, ...]:
    """The orbits: a list of {orbitName, numPieces, numOrientations}, or the older object."""
    if isinstance(value, dict):
        value = [{"orbitName": k, **v} if isinstance(v, dict) else v for k, v in value.items()]
    if not isinstance(value, list) or not value:
        raise fail("orbits must be a list of {orbitName, numPieces, numOrientations}")
    out: list[Orbit] = []
    for entry in value:
        if not isinstance(entry, dict):
            raise fail("orbits must be a list of {orbitName, numPieces, numOrientations}")
        name = entry.get("orbitName")
        pieces = entry.get("numPieces")
        turns = entry.get("numOrientations", entry.get("orientations"))
        if not isinstance(name, str) or not NAME.fullmatch(name) or name in {o.name for o in out}:
            raise fail(f"orbit {shown(str(name))} is no name of an orbit, or is given twice")
        if (
            not isinstance(pieces, int)
            or not isinstance(turns, int)
            or isinstance(pieces, bool)
            or isinstance(turns, bool)
            or not 1 <= pieces <= MAX_PIECES
            or not 1 <= turns <= MAX_ORIENTATIONS
        ):
            raise fail(
                f"orbit {name} must have 1 to {MAX_PIECES} pieces (numPieces) of 1 to "
                f"{MAX_ORIENTATIONS} orientations (numOrientations)"
            )
        out.append(Orbit(name, pieces, turns))
    return tuple(out)


def _part(
    value: object, orbit: Orbit, where: str, key: str, permutation: bool, fail: Fail
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One orbit's positions (from 0) and orientations, checked."""
    if not isinstance(value, dict):
        raise fail(f"{where} must be an object with {key} and orientation")
    numbers = value.get(key)
    twist = value.get("orientationDelta", value.get("orientation", [0] * orbit.pieces))
    if any(value.get("orientationMod") or []):
        raise fail(f"{where}: orientationMod (pieces whose orientation is unknown) is not read")
    for field, found in ((key, numbers), ("orientation", twist)):
        if (
            not isinstance(found, list)
            or len(found) != orbit.pieces
            or any(isinstance(n, bool) or not isinstance(n, int) for n in found)
        ):
            raise fail(f"{where}.{field} must be {orbit.pieces} whole numbers")
    assert isinstance(numbers, list) and isinstance(twist, list)
    if any(not 0 <= p < orbit.pieces for p in numbers):
        raise fail(f"{where}.{key} names a position outside 0 to {orbit.pieces - 1}")
    if permutation and sorted(numbers) != list(range(orbit.pieces)):
        raise fail(
            f"{where}.permutation {numbers} is not a permutation: each of 0 to "
            f"{orbit.pieces - 1} once"
        )
    if any(not 0 <= t < orbit.orientations for t in twist):
        raise fail(f"{where} turns a piece outside 0 to {orbit.orientations - 1}")
    return tuple(numbers), tuple(twist)
