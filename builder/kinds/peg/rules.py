"""Cheap proofs that a peg position cannot finish: invariants no jump can change.

Each rule only ever says "cannot": a position it lets through may still be hopeless (the
search says so), but one it stops can never reach the goal (tests/builder/test_peg_rules.py checks
both directions against a search on small boards).

- Position classes (de Bruijn, Conway; "Winning Ways" ch. 23): colour the holes by diagonals,
  (row + column) mod 3 and (row - column) mod 3. Three holes in a line have three different
  colours, so a jump changes the number of pegs on every colour by one: the parities of the
  sums of two colours' counts never change. On a square board the two colourings give 16
  classes (the Klein four-group twice); a triangle has one colouring that fits its three
  directions, 4 classes.
- Pagoda functions (Conway): weights on the holes such that for every jump a over b into c,
  w(a) + w(b) >= w(c), so the total weight of the pegs never grows. For each hole h, the
  weight t**d with d the number of steps from h along the board's lines and t = (sqrt 5 - 1)/2
  is one (t**(k+2) + t**(k+1) = t**k); weights are exact numbers x + y*t, compared exactly.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from math import sqrt

from ...puzzle import Reason

Layout = Sequence[tuple[int, int]]
Jumps = Sequence[Sequence[tuple[int, int]]]


def colourings(layout: Layout, jumps: Jumps) -> list[tuple[int, int]]:
    """The (a, b) with colour (a*row + b*column) mod 3 of a drawn hole that gives the three
    holes of every jump three colours, one of each pair (a, b) and (2a, 2b) (the same
    classes). [] when the board's jumps are not straight lines of its drawing."""
    steps = set()
    for hole, row in enumerate(jumps):
        for over, land in row:
            (r0, c0), (r1, c1), (r2, c2) = layout[hole], layout[over], layout[land]
            if (r1 - r0, c1 - c0) != (r2 - r1, c2 - c1):
                return []
            steps.add((r1 - r0, c1 - c0))
    found = []
    for a, b in ((1, 0), (0, 1), (1, 1), (1, 2)):
        if all((a * dr + b * dc) % 3 for dr, dc in steps):
            found.append((a, b))
    return found


def position_class(state: str, layout: Layout, colouring: tuple[int, int]) -> tuple[int, int]:
    """The class of a position under one colouring: the parities of the pegs on colours 0
    and 1 together, and on colours 1 and 2 together."""
    a, b = colouring
    counts = [0, 0, 0]
    for hole, mark in enumerate(state):
        if mark == "1":
            r, c = layout[hole]
            counts[(a * r + b * c) % 3] += 1
    return (counts[0] + counts[1]) % 2, (counts[1] + counts[2]) % 2


def class_reason(
    state: str, goal: str, layout: Layout, jumps: Jumps, where: str = "of the board"
) -> Reason | None:
    """Why `state` and `goal` fall in different position classes, if they do; `layout` is
    where the holes are drawn (a drawn board's rows and columns), `where` says which."""
    for colouring in colourings(layout, jumps):
        mine, theirs = (position_class(s, layout, colouring) for s in (state, goal))
        if mine != theirs:
            a, b = colouring
            return Reason(
                "its pegs stand in a pattern that no jumps can turn into the goal's",
                f"its position class differs from the goal's: colour each hole "
                f"({_form(a, b)}) mod 3, rows and columns {where} counted from 0; every jump "
                f"changes the pegs on each colour by one, so the parities of colours 0+1 and "
                f"1+2 never change, and they are {mine[0]}, {mine[1]} here but "
                f"{theirs[0]}, {theirs[1]} in the goal",
            )
    return None


def steps_from(hole: int, jumps: Jumps) -> list[int | None]:
    """Steps from `hole` to every hole along the lines of jumps (None: never reached)."""
    neighbours: list[set[int]] = [set() for _ in jumps]
    for a, row in enumerate(jumps):
        for over, land in row:
            neighbours[a].add(over)
            neighbours[over].update((a, land))
    far: list[int | None] = [None] * len(jumps)
    far[hole] = 0
    queue = deque([hole])
    while queue:
        here = queue.popleft()
        for there in neighbours[here]:
            if far[there] is None:
                far[there] = far[here] + 1  # type: ignore[operator]
                queue.append(there)
    return far


class Golden:
    """x + y*t with integers x, y and t = (sqrt 5 - 1)/2, so t*t = 1 - t: exact pagoda sums."""

    __slots__ = ("x", "y")

    def __init__(self, x: int = 0, y: int = 0):
        self.x, self.y = x, y

    @staticmethod
    def power(k: int) -> Golden:
        value = Golden(1, 0)
        for _ in range(k):
            value = Golden(value.y, value.x - value.y)  # (x + y t) t = y + (x - y) t
        return value

    def __add__(self, other: Golden) -> Golden:
        return Golden(self.x + other.x, self.y + other.y)

    def __lt__(self, other: Golden) -> bool:
        """The sign of (x + y t): 2x - y + y sqrt 5, compared exactly in integers."""
        p, q = 2 * (self.x - other.x) - (self.y - other.y), self.y - other.y
        # p + q sqrt5 < 0
        if p <= 0 and q <= 0:
            return p < 0 or q < 0
        if p >= 0 and q >= 0:
            return False
        return (p * p < 5 * q * q) if q < 0 else (p * p > 5 * q * q)

    def __float__(self) -> float:
        return self.x + self.y * (sqrt(5) - 1) / 2


def pagodas(jumps: Jumps) -> list[tuple[int, list[Golden]]]:
    """For every hole h, the weight t**d of each hole d steps from h (0 where unreached)."""
    return [
        (hole, [Golden(0, 0) if d is None else Golden.power(d) for d in steps_from(hole, jumps)])
        for hole in range(len(jumps))
    ]


def pagoda_reason(
    state: str, goal: str, weighings: list[tuple[int, list[Golden]]]
) -> Reason | None:
    """A hole whose golden pagoda (`pagodas`) weighs the goal more than the position, if any;
    the goal's own holes are tried first, as they weigh it most."""
    goal_holes = {h for h, mark in enumerate(goal) if mark == "1"}
    for hole, weights in sorted(weighings, key=lambda hw: hw[0] not in goal_holes):
        mine, theirs = _weigh(state, weights), _weigh(goal, weights)
        if mine < theirs:
            near = "ever to end in it" if hole in goal_holes else "to give the goal's pegs there"
            which = f", in {said_holes(state)}," if state.count("1") <= FEW_PEGS else ""
            return Reason(
                f"the pegs left{which} are too few or too far from hole {hole} {near}",
                f"a pagoda function shows it: weigh each peg t**d, d its steps from hole "
                f"{hole} along the lines and t = 0.618... (t**2 + t = 1, so no jump adds "
                f"weight); the pegs weigh {float(mine):.3f} here, less than the goal's "
                f"{float(theirs):.3f}",
            )
    return None


#: Pegs named one by one in a reason; more are only counted.
FEW_PEGS = 6


def said_holes(state: str) -> str:
    """Where a position's pegs are, by hole number: "hole 3", "holes 3 and 5", "no hole"."""
    holes = [str(h) for h, mark in enumerate(state) if mark == "1"]
    if len(holes) <= 1:
        return f"hole {holes[0]}" if holes else "no hole"
    return f"holes {', '.join(holes[:-1])} and {holes[-1]}"


def _weigh(state: str, weights: list[Golden]) -> Golden:
    pegs = [weights[hole] for hole, mark in enumerate(state) if mark == "1"]
    return Golden(sum(w.x for w in pegs), sum(w.y for w in pegs))


def _form(a: int, b: int) -> str:
    terms = {(1, 0): "row", (0, 1): "column", (1, 1): "row + column", (1, 2): "row - column"}
    return terms[(a, b)]
