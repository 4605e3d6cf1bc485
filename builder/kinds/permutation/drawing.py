"""A twisty puzzle's net drawn: each sticker's outline for a front end to paint (the page's
stickers.js draws the polygons it is given and knows no puzzle), and the net as lines of
letters for the command line. The net itself (which sticker is where, net.py) is data; this is
only how its tilings look: a cube's faces in a cross (U above F; L F R B in a row; D below F),
a tetrahedron's as one triangle (the first face in the middle pointing up, the others round it
pointing down, as a Pyraminx is unfolded).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .net import Net, Sticker

#: A point of a drawing, in sticker widths: x to the right, y down.
Point = tuple[float, float]
Polygon = list[Point]
#: Where a cube's faces go in the cross, (row, column) in faces.
CROSS = {"U": (0, 1), "L": (1, 0), "F": (1, 1), "R": (1, 2), "B": (1, 3), "D": (2, 1)}
#: A triangle's height, its side 1.
HEIGHT = math.sqrt(3) / 2


@dataclass(frozen=True)
class Outlines:
    """The net as polygons: its size, each sticker's outline in the net's order, and each
    tip's outline with the sticker whose colour it takes."""

    width: float
    height: float
    stickers: list[Polygon]
    tips: list[tuple[Polygon, int]]

    def spec(self) -> dict:
        """As a definition gives it (/puzzles): points rounded to 1/10,000 of a sticker."""

        def points(polygon: Polygon) -> list[list[float]]:
            return [[round(x, 4), round(y, 4)] for x, y in polygon]

        return {
            "rows": round(self.height, 4),
            "cols": round(self.width, 4),
            "stickers": [points(p) for p in self.stickers],
            "tips": [[points(p), k] for p, k in self.tips],
        }


def outlines(net: Net) -> Outlines:
    if net.tiling == "triangle":
        return _triangle_net(net)
    return _cross(net)


# -- squares and diagonals, in a cross -----------------------------------------------------------
def _cross(net: Net) -> Outlines:
    sizes = [_grid(stickers) for _, stickers in net.faces]
    height, width = max(h for h, _ in sizes), max(w for _, w in sizes)
    names = [name for name, _ in net.faces]
    at = CROSS if sorted(names) == sorted(CROSS) else {n: (0, k) for k, n in enumerate(names)}
    shapes = []
    for name, stickers in net.faces:
        top, left = at[name][0] * height, at[name][1] * width
        for *_, r, c in stickers:
            cell = _diagonal_cell(r, c) if net.tiling == "diagonal" else _square(r, c)
            shapes.append([(left + x, top + y) for x, y in cell])
    rows = 1 + max(at[n][0] for n in names)
    cols = 1 + max(at[n][1] for n in names)
    return Outlines(cols * width, rows * height, shapes, [])


def _grid(stickers: tuple[Sticker, ...]) -> tuple[int, int]:
    return 1 + max(s[3] for s in stickers), 1 + max(s[4] for s in stickers)


def _square(r: int, c: int) -> Polygon:
    return [(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)]


def _diagonal_cell(r: int, c: int) -> Polygon:
    """A face of 3 by 3 cut through its sides' middles: the middle a square on its point,
    each corner a triangle."""
    if (r, c) == (1, 1):
        return [(1.5, 0), (3, 1.5), (1.5, 3), (0, 1.5)]
    x, y = c * 1.5, r * 1.5  # the corner (0 or 3)
    return [(x, y), (1.5, y), (x, 1.5)]


# -- triangles, as one triangle ------------------------------------------------------------------
def _triangle(r: int, c: int) -> Polygon:
    """Triangle c of row r of a face of side 3 read with a corner on top (at x = 1.5)."""
    top, bottom = 1.5 - r * 0.5, 1.5 - (r + 1) * 0.5  # the row's left end, above and below
    j = c // 2
    if c % 2 == 0:  # pointing up
        return [
            (top + j, r * HEIGHT),
            (bottom + j + 1, (r + 1) * HEIGHT),
            (bottom + j, (r + 1) * HEIGHT),
        ]
    return [(top + j, r * HEIGHT), (top + j + 1, r * HEIGHT), (bottom + j + 1, (r + 1) * HEIGHT)]


def _triangle_net(net: Net) -> Outlines:
    """Four faces: the first pointing up in the middle, the second to its left, the third to
    its right, the fourth below, each of those turned half round; more or fewer: in a row."""
    side = 3 * HEIGHT
    if len(net.faces) == 4:
        places = [((1.5, 0), False), ((0, 0), True), ((3, 0), True), ((1.5, side), True)]
        width, height = 6.0, 2 * side
    else:
        places = [((3.0 * k, 0), False) for k in range(len(net.faces))]
        width, height = 3.0 * len(net.faces), side

    def placed(face: int, polygon: Polygon) -> Polygon:
        (dx, dy), turned = places[face]
        if turned:
            polygon = [(3 - x, side - y) for x, y in polygon]
        return [(x + dx, y + dy) for x, y in polygon]

    shapes = [
        placed(face, _triangle(r, c))
        for face, (_, stickers) in enumerate(net.faces)
        for *_, r, c in stickers
    ]
    starts = _starts(net)
    tips = [
        (placed(face, _triangle(r, c)), starts[face] + source) for face, r, c, source in net.tips
    ]
    return Outlines(width, height, shapes, tips)


# -- lines of letters ----------------------------------------------------------------------------
def text_net(net: Net, letters: str) -> list[str]:
    """The net as lines: a cube's as a cross, a face's letters on its grid with a blank
    between stickers where a face has gaps; triangles' faces side by side, each read with a
    corner on top and its tips shown as the corner's colour."""
    if net.tiling == "triangle":
        return _triangles_text(net, letters)
    grids = {}
    for (name, stickers), start in zip(net.faces, _starts(net)):
        rows, cols = _grid(stickers)
        grid = [[" "] * cols for _ in range(rows)]
        for n, (_, _, _, r, c) in enumerate(stickers):
            grid[r][c] = letters[start + n]
        grids[name] = ["".join(row) for row in grid]
    order = list(grids)
    if sorted(order) != sorted(CROSS):  # not a cube's faces: one after another
        return [f"{name}  {' '.join(grids[name])}" for name in order]
    width = len(grids["U"][0]) + 1
    pad = " " * width
    lines = [pad + line for line in grids["U"]]
    lines += [" ".join(grids[f][r] for f in "LFRB") for r in range(len(grids["F"]))]
    lines += [pad + line for line in grids["D"]]
    return lines


def _triangles_text(net: Net, letters: str) -> list[str]:
    faces = []
    for face, ((name, stickers), start) in enumerate(zip(net.faces, _starts(net))):
        cells = {(r, c): letters[start + n] for n, (*_, r, c) in enumerate(stickers)}
        for f, r, c, source in net.tips:
            if f == face:
                cells[r, c] = letters[start + source]
        rows = 1 + max(r for r, _ in cells)
        drawn = [
            " " * (rows - 1 - r) + "".join(cells.get((r, c), " ") for c in range(2 * r + 1))
            for r in range(rows)
        ]
        faces.append([f"({name})".center(2 * rows - 1).rstrip()] + drawn)
    width = max(len(line) for lines in faces for line in lines)
    return [
        "   ".join(lines[i].ljust(width) for lines in faces).rstrip() for i in range(len(faces[0]))
    ]


def _starts(net: Net) -> list[int]:
    """Where each face's letters begin in a position's stickers."""
    out, at = [], 0
    for _, stickers in net.faces:
        out.append(at)
        at += len(stickers)
    return out
