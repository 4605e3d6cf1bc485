"""A twisty puzzle's stickers: the text form people read off a real puzzle, face by face, and
the net the CLI draws. Faces come in a fixed order (the cube's U R F D L B, as Kociemba's
solvers write the 3x3x3), each read row by row from its top left as seen from outside with its
`up` side on top: U with B on top, D with F on top, the four around with U on top. A sticker is
written as the face whose colour it has: the solved 2x2x2 reads `UUUURRRRFFFFDDDDLLLLBBBB`.

A Net is data (what a build stores in its definition): for each face, its stickers as
(orbit, position, place in that position's sticker list) and their row and column in the
face's grid; for each orbit's position, the faces its stickers show when solved.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import MalformedInput
from ...core.message_text import shown
from ...puzzle import SEPARATORS
from .shapes import Shape, Vec, dot
from .text_form import Cells

#: One sticker: (orbit, position, place among the position's stickers, row, column).
Sticker = tuple[int, int, int, int, int]


@dataclass(frozen=True)
class Net:
    #: each face: (its letter, its stickers in reading order)
    faces: tuple[tuple[str, tuple[Sticker, ...]], ...]
    #: home[orbit][position]: the letters its stickers show when solved, in its order
    home: tuple[tuple[str, ...], ...]
    #: each face's colour (#rrggbb) for a front end to paint, by letter
    colours: tuple[tuple[str, str], ...] = ()

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
        return cls(tuple(out), home, colours)

    def spec(self) -> dict:
        faces = [[name, [list(s) for s in stickers]] for name, stickers in self.faces]
        return {"faces": faces, "home": self.home, "colours": dict(self.colours)}

    @classmethod
    def from_spec(cls, spec: dict) -> Net:
        return cls(
            tuple((name, tuple(tuple(s) for s in st)) for name, st in spec["faces"]),
            tuple(tuple(h) for h in spec["home"]),
            tuple(spec.get("colours", {}).items()),
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

    def layout(self) -> tuple[int, int, list[tuple[int, int]]]:
        """(rows, columns, each sticker's row and column) of the net on a grid, for a front
        end to draw: U above F, then L F R B in a row, D below F, as `drawn` prints it; the
        faces one after another in a row where they are not a cube's."""
        sizes = [
            (1 + max(s[3] for s in stickers), 1 + max(s[4] for s in stickers))
            for _, stickers in self.faces
        ]
        height, width = max(h for h, _ in sizes), max(w for _, w in sizes)
        names = [name for name, _ in self.faces]
        cross = {"U": (0, 1), "L": (1, 0), "F": (1, 1), "R": (1, 2), "B": (1, 3), "D": (2, 1)}
        at = cross if sorted(names) == sorted(cross) else {n: (0, k) for k, n in enumerate(names)}
        cells = [
            (at[name][0] * height + r, at[name][1] * width + c)
            for name, stickers in self.faces
            for *_, r, c in stickers
        ]
        rows = 1 + max(at[n][0] for n in names)
        cols = 1 + max(at[n][1] for n in names)
        return rows * height, cols * width, cells

    def drawn(self, text: str) -> list[str]:
        """The net as lines: U above F, then L F R B in a row, D below F (a face's letters on
        its grid, a blank between stickers, where a shape has gaps)."""
        grids = {}
        for (name, stickers), start in zip(self.faces, _starts(self.faces)):
            rows = 1 + max(s[3] for s in stickers)
            cols = 1 + max(s[4] for s in stickers)
            grid = [[" "] * cols for _ in range(rows)]
            for n, (_, _, _, r, c) in enumerate(stickers):
                grid[r][c] = text[start + n]
            grids[name] = ["".join(row) for row in grid]
        order = list(grids)
        if order[:6] != list("URFDLB"):  # not a cube's faces: one after another
            return [f"{name}  {' '.join(grids[name])}" for name in order]
        width = len(grids["U"][0]) + 1
        pad = " " * width
        lines = [pad + line for line in grids["U"]]
        lines += [" ".join(grids[f][r] for f in "LFRB") for r in range(len(grids["F"]))]
        lines += [pad + line for line in grids["D"]]
        return lines


def _starts(faces: tuple[tuple[str, tuple[Sticker, ...]], ...]) -> list[int]:
    out, at = [], 0
    for _, stickers in faces:
        out.append(at)
        at += len(stickers)
    return out


def _piece(home: tuple[str, ...], shows: str) -> tuple[int, int] | None:
    """(label, orientation) of the piece of this orbit whose solved stickers, turned, show
    `shows` in a position's order."""
    for label, colours in enumerate(home):
        for o in range(len(colours)):
            if all(shows[f] == colours[(f - o) % len(colours)] for f in range(len(colours))):
                return label, o
    return None
