"""The famous twisty puzzles of the catalogue (builder.catalogue shelves them), each made from
its shape (shapes.py) when first asked for: the 2x2x2 cube in the half-turn and quarter-turn
metrics, the Pyraminx (its four tips left out: each turns alone), the Skewb.

Coordinates: x toward R, y toward U, z toward F. Each build holds one piece still where the
puzzle has no fixed centres (the 2x2x2's DBL corner, the Skewb's UFR corner), which is how
turns of the whole puzzle are factored out; the turns it leaves out (the 2x2x2's L, D, B) are
still read in scrambles, as the opposite turn and a turn of the whole.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from .net import Net
from .orbits import Orbit, Transformation
from .puzzle import PermutationPuzzle
from .shapes import Piece, Shape, Turning, Vec, clockwise

#: The cube's faces: (letter, outward normal, up and right as the face is read).
CUBE_FACES: tuple[tuple[str, Vec, Vec, Vec], ...] = (
    ("U", (0, 1, 0), (0, 0, -1), (1, 0, 0)),
    ("R", (1, 0, 0), (0, 1, 0), (0, 0, -1)),
    ("F", (0, 0, 1), (0, 1, 0), (1, 0, 0)),
    ("D", (0, -1, 0), (0, 0, 1), (1, 0, 0)),
    ("L", (-1, 0, 0), (0, 1, 0), (0, 0, 1)),
    ("B", (0, 0, -1), (0, 1, 0), (-1, 0, 0)),
)
NORMAL = {name: normal for name, normal, _, _ in CUBE_FACES}
#: The Western colour scheme: U white, F green, R red, D yellow, B blue, L orange.
CUBE_COLOURS = (
    ("U", "#fafafa"),
    ("R", "#b71c1c"),
    ("F", "#00703c"),
    ("D", "#ffd500"),
    ("L", "#ff6d00"),
    ("B", "#0046ad"),
)
#: The corners in Kociemba's order, each named by its faces, its U or D sticker first.
CORNERS = ("URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB")
#: Turns of the whole cube: x as R, y as U, z as F.
WHOLE = {"x": "R", "y": "U", "z": "F"}
EVERYTHING = -10  # a plane beyond every piece: a turn of the whole


def _corner(name: str) -> Piece:
    normals = [NORMAL[f] for f in name]
    at: Vec = tuple(sum(n[i] for n in normals) for i in range(3))  # type: ignore[assignment]
    return Piece("CORNER", at, clockwise(at, normals))


def _centres() -> tuple[Piece, ...]:
    return tuple(Piece("CENTRE", n, (n,)) for _, n, _, _ in CUBE_FACES)


def _twisty(
    name: str,
    title: str,
    shape: Shape,
    turns: dict[str, Turning],
    moves: tuple[str, ...],
    *,
    metric: str = "htm",
    rotations: dict[str, Turning] | None = None,
    net: Net | None = None,
    identity_turns: tuple[str, ...] = (),
) -> PermutationPuzzle:
    orbits = shape.orbit_list()
    made = {turn: shape.transformation(turning) for turn, turning in turns.items()}
    also = {turn: made[turn] for turn in made if turn not in moves}
    also.update({turn: Transformation.identity(orbits) for turn in identity_turns})
    return PermutationPuzzle(
        name,
        orbits,
        _home(orbits),
        {turn: made[turn] for turn in moves},
        title=title,
        metric=metric,
        also=also,
        rotations={r: shape.transformation(t) for r, t in (rotations or {}).items()},
        net=net,
    )


def _home(orbits: tuple[Orbit, ...]) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    return tuple((tuple(range(o.pieces)), (0,) * o.pieces) for o in orbits)


def _cube_rotations() -> dict[str, Turning]:
    return {r: Turning(NORMAL[face], 4, EVERYTHING) for r, face in WHOLE.items()}


def cube2(name: str = "cube2", metric: str = "htm") -> PermutationPuzzle:
    """The 2x2x2 cube: 8 corners; U, R and F turn, the DBL corner held still."""
    shape = Shape((("CORNER", tuple(_corner(c) for c in CORNERS)),))
    turns = {face: Turning(NORMAL[face], 4) for face in "URFDLB"}
    words = "half-turn" if metric == "htm" else "quarter-turn"
    return _twisty(
        name,
        f"2x2x2 cube (Pocket Cube), {words} metric",
        shape,
        turns,
        ("U", "R", "F"),
        metric=metric,
        rotations=_cube_rotations(),
        net=Net.of(shape, CUBE_FACES, CUBE_COLOURS),
    )


def skewb() -> PermutationPuzzle:
    """The Skewb: 8 corners and 6 centres; WCA's R, U, L and B each turn half the puzzle
    about a corner (DRB, UBL, DLF, DBL), which leaves the UFR corner still."""
    shape = Shape((("CORNER", tuple(_corner(c) for c in CORNERS)), ("CENTRE", _centres())))
    about = {"R": "DRB", "U": "UBL", "L": "DLF", "B": "DBL"}
    turns = {move: Turning(_corner(corner).at, 3) for move, corner in about.items()}
    return _twisty(
        "skewb",
        "Skewb",
        shape,
        turns,
        ("R", "U", "L", "B"),
        rotations=_cube_rotations(),
        net=Net.of(shape, CUBE_FACES, CUBE_COLOURS),
    )


#: The Pyraminx's four corners (where its tips are), as points of a cube's corners: U on top,
#: L and R in front, B at the back; seen from U, B, R and L come round clockwise.
PYRAMINX_CORNERS: dict[str, Vec] = {
    "U": (1, 1, 1),
    "L": (1, -1, -1),
    "R": (-1, 1, -1),
    "B": (-1, -1, 1),
}
#: Its faces as the WCA names them, each by its corners as read (the top, then left and right
#: below), so that unfolded round F (L to its left, R to its right, D below) they meet.
PYRAMINX_FACES = (("F", "ULR"), ("L", "LUB"), ("R", "RBU"), ("D", "BRL"))
#: The WCA's colours: F green, L red, R blue, D yellow.
PYRAMINX_COLOURS = (("F", "#00a651"), ("L", "#d32f2f"), ("R", "#1565c0"), ("D", "#ffd500"))


def pyraminx() -> PermutationPuzzle:
    """The Pyraminx without its tips: 6 edges and 4 centres (each fixed to its corner, turning
    in place); U, L, R and B each turn the two layers nearest their corner."""
    v = PYRAMINX_CORNERS

    def normal(corner: str) -> Vec:  # the face opposite this corner
        return tuple(-c for c in v[corner])  # type: ignore[return-value]

    edges = []
    for a, b in combinations("ULRB", 2):
        at: Vec = tuple(x + y for x, y in zip(v[a], v[b]))  # type: ignore[assignment]
        others = [c for c in "ULRB" if c not in (a, b)]
        edges.append(Piece("EDGE", at, tuple(normal(c) for c in others)))
    centres = tuple(
        Piece("CENTRE", v[k], clockwise(v[k], [normal(c) for c in "ULRB" if c != k]))
        for k in "ULRB"
    )
    shape = Shape((("EDGE", tuple(edges)), ("CENTRE", centres)))
    turns = {k: Turning(v[k], 3) for k in "ULRB"}
    return _twisty(
        "pyraminx",
        "Pyraminx (tips left out)",
        shape,
        turns,
        ("U", "L", "R", "B"),
        identity_turns=("u", "l", "r", "b"),
        net=Net.of_triangles(
            shape,
            tuple((f, tuple(v[c] for c in corners)) for f, corners in PYRAMINX_FACES),  # type: ignore[misc]
            PYRAMINX_COLOURS,
        ),
    )


#: How each is made, by name.
MAKERS: dict[str, Callable[[], PermutationPuzzle]] = {
    "cube2": cube2,
    "cube2-qtm": lambda: cube2("cube2-qtm", "qtm"),
    "pyraminx": pyraminx,
    "skewb": skewb,
}
