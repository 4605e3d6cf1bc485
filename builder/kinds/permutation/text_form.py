"""A position of a puzzle written as permutations, as text: each orbit in turn, parted by '/',
each position in turn, one character for the piece there and its orientation.

A piece is numbered by its place in the solved state (from 0); in an orbit whose pieces turn
`n` ways, the piece numbered p turned o times is written KEY[p * n + o], KEY being `1` to `9`,
`A` to `Z`, `a` to `z` (in code point order, so positions sort as their codes do: the codec,
builder.kinds.permutation.packed, relies on it). The 2x2x2's corners (8 pieces, 3 ways) solved
read `147ADGJM`; `247ADGJM` is its first corner twisted once. That is the key a build stores.

The wide form, a piece's number (`1` to `9`, `A`...) then its orientation as a digit, is read
as well (`1020304050607080` is the solved 2x2x2), and written for an orbit too big for one
character a piece. Spaces and commas between cells are allowed when typing either.
"""

from __future__ import annotations

from ...core.errors import MalformedInput
from ...core.message_text import shown
from ...puzzle import SEPARATORS
from .orbits import Orbit

#: The characters of the key, in code point order; in the wide form, a piece's number.
KEY = LABELS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
ORBIT_SEPARATOR = "/"
#: Most orientations a piece may have: one digit says it in the wide form.
MAX_ORIENTATIONS = 10

#: One orbit's part of a position: (labels, orientations) by position.
Cells = tuple[tuple[int, ...], tuple[int, ...]]


def values(orbit: Orbit, pieces: int) -> int:
    """How many (piece, orientation) an orbit of `pieces` distinct pieces has: its key's
    characters, where one character says each (narrow)."""
    return pieces * orbit.orientations


def narrow(orbit: Orbit, pieces: int) -> bool:
    """Whether the orbit is written one character a position."""
    return values(orbit, pieces) <= len(KEY)


def write(orbits: tuple[Orbit, ...], parts: tuple[Cells, ...]) -> str:
    out = []
    for orbit, (labels, turns) in zip(orbits, parts):
        n = orbit.orientations
        if narrow(orbit, max(labels) + 1):
            out.append("".join(KEY[p * n + o] for p, o in zip(labels, turns)))
        elif n > 1:
            out.append("".join(LABELS[p] + str(o) for p, o in zip(labels, turns)))
        else:
            out.append("".join(LABELS[p] for p in labels))
    return ORBIT_SEPARATOR.join(out)


def read(
    text: object, orbits: tuple[Orbit, ...], pieces: tuple[dict[int, int], ...], what: str
) -> tuple[Cells, ...]:
    """The position `text` writes (narrow or wide), or MalformedInput naming what is wrong;
    `pieces` gives, for each orbit, how many of each label its solved state holds (a position
    holds as many)."""
    if not isinstance(text, str):
        raise MalformedInput(f"{what} must be text")
    chunks = "".join(ch for ch in text if ch not in SEPARATORS).split(ORBIT_SEPARATOR)
    if len(chunks) != len(orbits):
        names = ", ".join(o.name for o in orbits)
        raise MalformedInput(
            f"{what} {shown(text)} has {len(chunks)} part{'s' if len(chunks) != 1 else ''}, "
            f"expected {len(orbits)} parted by '{ORBIT_SEPARATOR}' ({names})"
        )
    return tuple(
        _orbit(orbit, chunk, held, what) for orbit, chunk, held in zip(orbits, chunks, pieces)
    )


def _orbit(orbit: Orbit, chunk: str, held: dict[int, int], what: str) -> Cells:
    n, short = orbit.orientations, narrow(orbit, max(held) + 1)
    wide = 2 if n > 1 else 1
    if not (short and len(chunk) == orbit.pieces) and len(chunk) != orbit.pieces * wide:
        ways = [f"{orbit.pieces} characters (one a piece)"] if short else []
        if wide == 2:
            ways.append(f"{orbit.pieces * 2} (a piece's number, then a digit)")
        raise MalformedInput(
            f"{what}: {orbit.name} is written with {' or '.join(ways) or orbit.pieces}, not "
            f"{len(chunk):,} characters ({shown(chunk)})"
        )
    width = 1 if len(chunk) == orbit.pieces else wide
    labels, turns = [], []
    for i in range(orbit.pieces):
        cell = chunk[i * width : (i + 1) * width]
        if width == 1 and n > 1:
            value = KEY.find(cell)
            label, turn = (value // n, value % n) if value >= 0 else (-1, 0)
        else:
            label = LABELS.find(cell[0])
            turn = int(cell[1]) if width == 2 and cell[1].isdigit() else -1 if width == 2 else 0
        if label not in held:
            raise MalformedInput(
                f"{what}: {orbit.name} position {i + 1} holds {shown(cell[0])}, which is "
                f"no piece of it (its pieces: {_pieces(orbit, held, width)})"
            )
        if not 0 <= turn < n:
            raise MalformedInput(
                f"{what}: {orbit.name} position {i + 1} has orientation {shown(cell[1])}; "
                f"its pieces turn 0 to {n - 1}"
            )
        labels.append(label)
        turns.append(turn)
    counted = {p: labels.count(p) for p in held}
    if counted != held:
        extra = next(p for p in held if counted[p] != held[p])
        raise MalformedInput(
            f"{what}: {orbit.name} holds piece {extra + 1} {counted[extra]} times; the "
            f"puzzle has {held[extra]}"
        )
    return tuple(labels), tuple(turns)


def _pieces(orbit: Orbit, held: dict[int, int], width: int) -> str:
    n = orbit.orientations
    if width == 1 and n > 1:
        return ", ".join(f"{KEY[p * n]}-{KEY[p * n + n - 1]}" for p in sorted(held))
    return "".join(LABELS[p] for p in sorted(held))
