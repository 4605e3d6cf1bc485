"""A twisty puzzle's stickers: the text form people read off a real puzzle, face by face, and
the net the CLI draws. Faces come in a fixed order (the cube's U R F D L B, as Kociemba's
solvers write the 3x3x3), each read row by row from its top left as seen from outside with its
`up` side on top: U with B on top, D with F on top, the four around with U on top. A sticker is
written as the face whose colour it has: the solved 2x2x2 reads `UUUURRRRFFFFDDDDLLLLBBBB`.

A Net is data (what a build stores in its definition): for each face, its stickers as
(orbit, position, place in that position's sticker list) and their row and column in the
face's tiling; for each orbit's position, the faces its stickers show when solved. A face is
tiled one of three ways (TILINGS): in squares (a cube's), cut by its diagonals through its
sides' middles (the Skewb's, a square in the middle and a triangle at each corner), or in
triangles (the Pyraminx's, read with a corner on top: row r holds 2r + 1 triangles, those at
even columns pointing up). Outlines of every sticker for a front end to draw come from
`layout`; the cross of a cube's faces and the triangle of a tetrahedron's are the two nets.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import MalformedInput
from ...core.message_text import shown
from ...puzzle import SEPARATORS
from .shapes import Shape, Vec, cross, dot
from .text_form import Cells

#: One sticker: (orbit, position, place among the position's stickers, row, column).
Sticker = tuple[int, int, int, int, int]
#: How a face is cut into stickers (see the module's docstring).
TILINGS = ("square", "diagonal", "triangle")
#: A piece drawn that is no part of a position (a Pyraminx's tip, which turns alone): (face,
#: row, column, the sticker of that face whose colour it takes).
Tip = tuple[int, int, int, int]


@dataclass(frozen=True)
class Net:
    #: each face: (its letter, its stickers in reading order)
    faces: tuple[tuple[str, tuple[Sticker, ...]], ...]
    #: home[orbit][position]: the letters its stickers show when solved, in its order
    home: tuple[tuple[str, ...], ...]
    #: each face's colour (#rrggbb) for a front end to paint, by letter
    colours: tuple[tuple[str, str], ...] = ()
    #: how each face is cut into stickers (TILINGS)
    tiling: str = "square"
    #: pieces drawn beside the stickers but no part of a position
    tips: tuple[Tip, ...] = ()

    @classmethod
    def of(
        cls,
        shape: Shape,
        faces: tuple[tuple[str, Vec, Vec, Vec], ...],
        colours: tuple[tuple[str, str], ...] = (),
    ) -> Net:
        """The net of `shape`, its faces given as (letter, normal, up, right)."""
        letter = {normal: name for name, normal, _, _ in faces}
        home = tuple(
            tuple("".join(letter[n] for n in piece.normals) for piece in pieces)
            for _, pieces in shape.orbits
        )
        out = []
        for name, normal, up, right in faces:
            found = [
                (-dot(piece.at, up), dot(piece.at, right), k, i, f)
                for k, (_, pieces) in enumerate(shape.orbits)
                for i, piece in enumerate(pieces)
                for f, n in enumerate(piece.normals)
                if n == normal
            ]
            rows = sorted({r for r, *_ in found})
            cols = sorted({c for _, c, *_ in found})
            found.sort()
            out.append(
                (name, tuple((k, i, f, rows.index(r), cols.index(c)) for r, c, k, i, f in found))
            )
        return cls(tuple(out), home, colours, _square_or_diagonal(out))

    @classmethod
    def of_triangles(
        cls,
        shape: Shape,
        faces: tuple[tuple[str, tuple[Vec, Vec, Vec]], ...],
        colours: tuple[tuple[str, str], ...] = (),
    ) -> Net:
        """The net of a tetrahedron whose pieces sit at its corners (a sticker on each face
        there, just inside the tip) and at its edges' middles; each face given as (letter, its
        corners as read: the top, then left and right below). Each corner's tip is drawn in
        its piece's colour (`tips`)."""
        at = {
            piece.at: (k, i)
            for k, (_, pieces) in enumerate(shape.orbits)
            for i, piece in enumerate(pieces)
        }
        normals: dict[Vec, str] = {}
        for name, (top, left, right) in faces:
            normals[_outward(top, left, right)] = name
        home = tuple(
            tuple("".join(normals[n] for n in piece.normals) for piece in pieces)
            for _, pieces in shape.orbits
        )
        # (row, column) of a corner's sticker and of its tip, of an edge's sticker
        corner_cells = ((1, 1), (2, 1), (2, 3))
        tip_cells = ((0, 0), (2, 0), (2, 4))
        edge_cells = {(0, 1): (1, 0), (0, 2): (1, 2), (1, 2): (2, 2)}
        out, tips = [], []
        for face, (name, corners) in enumerate(faces):
            normal = _outward(*corners)
            placed = []
            for c, corner in enumerate(corners):
                k, i = at[corner]
                f = shape.orbits[k][1][i].normals.index(normal)
                placed.append((*corner_cells[c], k, i, f))
            for (a, b), cell in edge_cells.items():
                middle: Vec = tuple(x + y for x, y in zip(corners[a], corners[b]))  # type: ignore[assignment]
                k, i = at[middle]
                f = shape.orbits[k][1][i].normals.index(normal)
                placed.append((*cell, k, i, f))
            placed.sort()
            stickers = tuple((k, i, f, r, c) for r, c, k, i, f in placed)
            out.append((name, stickers))
            for c, (r, col) in enumerate(tip_cells):
                source = next(n for n, s in enumerate(stickers) if s[3:] == corner_cells[c])
                tips.append((face, r, col, source))
        return cls(tuple(out), home, colours, "triangle", tuple(tips))

    def spec(self) -> dict:
        faces = [[name, [list(s) for s in stickers]] for name, stickers in self.faces]
        home = [list(h) for h in self.home]
        out: dict[str, object] = {"faces": faces, "home": home, "colours": dict(self.colours)}
        if self.tiling != "square":
            out["tiling"] = self.tiling
        if self.tips:
            out["tips"] = [list(t) for t in self.tips]
        return out

    @classmethod
    def from_spec(cls, spec: dict) -> Net:
        return cls(
            tuple((name, tuple(tuple(s) for s in st)) for name, st in spec["faces"]),
            tuple(tuple(h) for h in spec["home"]),
            tuple(spec.get("colours", {}).items()),
            spec.get("tiling", "square"),
            tuple(tuple(t) for t in spec.get("tips", ())),
        )

    @property
    def letters(self) -> str:
        return "".join(name for name, _ in self.faces)

    @property
    def size(self) -> int:
        return sum(len(st) for _, st in self.faces)

    def stickers(self, parts: tuple[Cells, ...]) -> str:
        """The stickers of a position, face by face (see the module's docstring)."""
        out = []
        for _, stickers in self.faces:
            for k, i, f, _, _ in stickers:
                labels, turns = parts[k]
                home = self.home[k][labels[i]]
                out.append(home[(f - turns[i]) % len(home)])
        return "".join(out)

    def looks_like(self, text: str) -> bool:
        """Whether `text` is written as stickers (its letters all faces', as many)."""
        letters = "".join(ch for ch in text if ch not in SEPARATORS)
        return len(letters) == self.size and set(letters) <= set(self.letters)

    def check_count(self, text: str, what: str) -> None:
        """MalformedInput where `text` is all faces' letters but not as many as stickers."""
        letters = "".join(ch for ch in text if ch not in SEPARATORS)
        if len(letters) > sum(map(len, self.home)) and set(letters) <= set(self.letters):
            raise MalformedInput(
                f"{what} {shown(text)} has {len(letters):,} stickers; a position has "
                f"{self.size} ({len(self.faces)} faces of {self.size // len(self.faces)}, "
                f"{', '.join(self.letters)})"
            )

    def read(self, text: str, what: str) -> tuple[Cells, ...]:
        """The position whose stickers `text` gives, or MalformedInput saying what is wrong."""
        letters = "".join(ch for ch in text if ch not in SEPARATORS)
        for name, stickers in self.faces:
            if letters.count(name) != len(stickers):
                raise MalformedInput(
                    f"{what} {shown(text)} has {letters.count(name)} {name} stickers; a "
                    f"position has {len(stickers)} of each of {', '.join(self.letters)}"
                )
        seen = [[[""] * len(h) for h in orbit] for orbit in self.home]
        at = 0
        for _, stickers in self.faces:
            for k, i, f, _, _ in stickers:
                seen[k][i][f] = letters[at]
                at += 1
        parts = []
        for k, orbit in enumerate(self.home):
            labels, turns = [], []
            for i, shows in enumerate(seen[k]):
                found = _piece(orbit, "".join(shows))
                if found is None:
                    raise MalformedInput(
                        f"{what}: the piece whose stickers show {'/'.join(shows)} (at the "
                        f"position solved as {'/'.join(orbit[i])}) is no piece of this puzzle"
                    )
                labels.append(found[0])
                turns.append(found[1])
            parts.append((tuple(labels), tuple(turns)))
        return tuple(parts)


def _piece(home: tuple[str, ...], shows: str) -> tuple[int, int] | None:
    """(label, orientation) of the piece of this orbit whose solved stickers, turned, show
    `shows` in a position's order."""
    for label, colours in enumerate(home):
        for o in range(len(colours)):
            if all(shows[f] == colours[(f - o) % len(colours)] for f in range(len(colours))):
                return label, o
    return None


def _square_or_diagonal(faces: list[tuple[str, tuple[Sticker, ...]]]) -> str:
    """ "diagonal" where every face has a sticker at each corner of a 3 by 3 grid and one in
    its middle (the Skewb's), else "square"."""
    skewb = {(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)}
    cells = [{(r, c) for *_, r, c in stickers} for _, stickers in faces]
    return "diagonal" if all(c == skewb for c in cells) else "square"


def _outward(top: Vec, left: Vec, right: Vec) -> Vec:
    """The outward normal of a face of a solid centred on the origin, from its corners as
    read (the top, then left and right below): their sum; refused where they are not in
    that order as seen from outside."""
    normal: Vec = tuple(a + b + c for a, b, c in zip(top, left, right))  # type: ignore[assignment]
    down_left = tuple(b - a for a, b in zip(top, left))
    down_right = tuple(b - a for a, b in zip(top, right))
    if dot(cross(down_left, down_right), normal) <= 0:  # type: ignore[arg-type]
        raise ValueError(f"corners {top}, {left}, {right} are not read top, left, right")
    return normal
