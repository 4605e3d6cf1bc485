"""Twisty puzzles made from their shape: pieces at points in space, each with its stickers'
outward normals, and moves that are rotations of the pieces on one side of a plane. From that
the orbits, the moves as permutations with twists (orbits.py), and the stickers each face shows
(net.py) all follow, so the 2x2x2, Pyraminx and Skewb of the catalogue (catalogue.py) are a few
lines of geometry each, not tables typed by hand.

Every point and normal has whole coordinates, and every rotation used (a quarter turn about an
axis, a third of a turn about a diagonal) maps them to whole coordinates, so all is exact. A
piece's stickers are listed clockwise as seen from outside; the first is its reference, and a
piece's orientation is the place (in its position's list) where its reference sticker sits,
which a rotation advances by the same amount for every sticker: Kociemba's convention for the
cube's corners, whose reference is the U or D sticker.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .orbits import Orbit, Transformation

Vec = tuple[int, int, int]
Matrix = tuple[Vec, Vec, Vec]


def dot(a: Vec, b: Vec) -> int:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a: Vec, b: Vec) -> Vec:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def rotation(axis: Vec, fraction: int) -> Matrix:
    """The rotation by a `fraction`th of a turn clockwise as seen from the end of `axis`
    (Rodrigues' formula, rounded: exact for the turns used here, checked)."""
    length = math.sqrt(dot(axis, axis))
    k = [c / length for c in axis]
    angle = -2 * math.pi / fraction  # clockwise seen from outside: negative about the axis
    c, s = math.cos(angle), math.sin(angle)
    rows: list[Vec] = []
    for i in range(3):
        row = []
        for j in range(3):
            value = c * (i == j) + (1 - c) * k[i] * k[j]
            value += s * [[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]][i][j]
            row.append(round(value))
            if abs(value - round(value)) > 1e-9:
                raise ValueError(f"a {fraction}th of a turn about {axis} is not whole")
        rows.append((row[0], row[1], row[2]))
    return rows[0], rows[1], rows[2]


def turned(m: Matrix, v: Vec) -> Vec:
    return dot(m[0], v), dot(m[1], v), dot(m[2], v)


@dataclass(frozen=True)
class Piece:
    """A position of an orbit: where it is, and its stickers' normals (clockwise, reference
    first)."""

    orbit: str
    at: Vec
    normals: tuple[Vec, ...]


def clockwise(at: Vec, normals: Sequence[Vec]) -> tuple[Vec, ...]:
    """Normals in clockwise order seen from outside the piece at `at`, the first kept first."""
    if len(normals) < 3:
        return tuple(normals)
    first, rest = normals[0], list(normals[1:])
    ordered = [first]
    while rest:
        last = ordered[-1]
        nxt = next(n for n in rest if dot(cross(last, n), at) < 0)
        ordered.append(nxt)
        rest.remove(nxt)
    return tuple(ordered)


@dataclass(frozen=True)
class Turning:
    """A move: the pieces on the far side of a plane across `axis` (dot(at, axis) above
    `above`) turned by a `fraction`th of a turn, clockwise seen from the end of the axis."""

    axis: Vec
    fraction: int
    above: int = 0


@dataclass(frozen=True)
class Shape:
    """A twisty puzzle's pieces and faces: orbits in order, each a list of pieces."""

    orbits: tuple[tuple[str, tuple[Piece, ...]], ...]

    def orbit_list(self) -> tuple[Orbit, ...]:
        return tuple(Orbit(name, len(p), len(p[0].normals)) for name, p in self.orbits)

    def transformation(self, turning: Turning) -> Transformation:
        """The move `turning` makes, as a permutation with twists of each orbit."""
        m = rotation(turning.axis, turning.fraction)
        parts = []
        for _, pieces in self.orbits:
            where = {p.at: i for i, p in enumerate(pieces)}
            perm, twist = list(range(len(pieces))), [0] * len(pieces)
            for j, piece in enumerate(pieces):
                if dot(piece.at, turning.axis) <= turning.above:
                    continue
                i = where[turned(m, piece.at)]
                target = pieces[i].normals
                moved = [turned(m, n) for n in piece.normals]
                shift = target.index(moved[0])
                if any(target[(k + shift) % len(target)] != n for k, n in enumerate(moved)):
                    raise ValueError(f"a turn about {turning.axis} breaks a piece's stickers")
                perm[i], twist[i] = j, shift
            parts.append((tuple(perm), tuple(twist)))
        return Transformation(tuple(parts))
