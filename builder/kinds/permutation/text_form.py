"""A position of a puzzle written as permutations, as text: each orbit in turn, each position
in turn, the label of the piece there (its number in the solved state: 1 to 9, then A to Z,
then a to z), then, where the orbit's pieces turn, its orientation as a digit; orbits are
parted by '/'. The 2x2x2's solved corners read `1020304050607080`: corner 1 at position 1
untwisted, and so on. Spaces and commas between cells are allowed when typing one.
"""

from __future__ import annotations

from ...core.errors import MalformedInput
from ...core.message_text import shown
from ...puzzle import SEPARATORS
from .orbits import Orbit

#: How a piece's label is written: its number, from 1.
LABELS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
ORBIT_SEPARATOR = "/"
#: Most orientations a piece may have: one digit says it.
MAX_ORIENTATIONS = 10

#: One orbit's part of a position: (labels, orientations) by position.
Cells = tuple[tuple[int, ...], tuple[int, ...]]


def write(orbits: tuple[Orbit, ...], parts: tuple[Cells, ...]) -> str:
    out = []
    for orbit, (labels, turns) in zip(orbits, parts):
        if orbit.orientations > 1:
            out.append("".join(LABELS[p] + str(o) for p, o in zip(labels, turns)))
        else:
            out.append("".join(LABELS[p] for p in labels))
    return ORBIT_SEPARATOR.join(out)


def read(
    text: object, orbits: tuple[Orbit, ...], pieces: tuple[dict[int, int], ...], what: str
) -> tuple[Cells, ...]:
    """The position `text` writes, or MalformedInput naming what is wrong; `pieces` gives, for
    each orbit, how many of each label its solved state holds (a position holds as many)."""
    if not isinstance(text, str):
        raise MalformedInput(f"{what} must be text")
    chunks = "".join(ch for ch in text if ch not in SEPARATORS).split(ORBIT_SEPARATOR)
    if len(chunks) != len(orbits):
        names = ", ".join(o.name for o in orbits)
        raise MalformedInput(
            f"{what} {shown(text)} has {len(chunks)} part{'s' if len(chunks) != 1 else ''}, "
            f"expected {len(orbits)} parted by '{ORBIT_SEPARATOR}' ({names})"
        )
    parts = []
    for orbit, chunk, held in zip(orbits, chunks, pieces):
        width = 2 if orbit.orientations > 1 else 1
        if len(chunk) != orbit.pieces * width:
            raise MalformedInput(
                f"{what}: {orbit.name} is written with {orbit.pieces * width} characters "
                f"({orbit.pieces} pieces{', each its label and a digit' if width == 2 else ''}),"
                f" not {len(chunk):,} ({shown(chunk)})"
            )
        labels, turns = [], []
        for i in range(orbit.pieces):
            cell = chunk[i * width : (i + 1) * width]
            label = LABELS.find(cell[0])
            if label not in held:
                raise MalformedInput(
                    f"{what}: {orbit.name} position {i + 1} holds {shown(cell[0])}, which is "
                    f"no piece of it (its pieces: {''.join(LABELS[p] for p in sorted(held))})"
                )
            turn = int(cell[1]) if width == 2 and cell[1].isdigit() else -1
            if width == 2 and not 0 <= turn < orbit.orientations:
                raise MalformedInput(
                    f"{what}: {orbit.name} position {i + 1} has orientation {shown(cell[1])}; "
                    f"its pieces turn 0 to {orbit.orientations - 1}"
                )
            labels.append(label)
            turns.append(max(turn, 0))
        counted = {p: labels.count(p) for p in held}
        if counted != held:
            extra = next(p for p in held if counted[p] != held[p])
            raise MalformedInput(
                f"{what}: {orbit.name} holds piece {LABELS[extra]} {counted[extra]} times; the "
                f"puzzle has {held[extra]}"
            )
        parts.append((tuple(labels), tuple(turns)))
    return tuple(parts)
