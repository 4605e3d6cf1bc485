"""What every move of a puzzle written as permutations keeps, so a position that breaks it is
never reached: a position no move touches stays its piece's, an orbit whose every move permutes
its positions evenly keeps its parity, and one whose every move's twists add to a multiple of
its orientations keeps the sum of its pieces' orientations. A twisted corner on a 2x2x2 breaks
the last: the words say so, where a search would only say it is not among the positions."""

from __future__ import annotations

import math

from ...puzzle import Reason
from .orbits import Orbit, Transformation
from .text_form import Cells


def parity(perm: tuple[int, ...]) -> int:
    """0 for an even permutation, 1 for an odd one: its length less its cycles, mod 2."""
    seen, cycles = [False] * len(perm), 0
    for start in range(len(perm)):
        if not seen[start]:
            cycles += 1
            at = start
            while not seen[at]:
                seen[at] = True
                at = perm[at]
    return (len(perm) - cycles) % 2


def broken(
    orbits: tuple[Orbit, ...],
    moves: list[Transformation],
    solved: tuple[Cells, ...],
    position: tuple[Cells, ...],
) -> Reason | None:
    """The first of the invariants (see the module's docstring) that `position` breaks."""
    for k, orbit in enumerate(orbits):
        labels, turns = position[k]
        home, home_turns = solved[k]
        parts = [move.parts[k] for move in moves]
        for i in range(orbit.pieces):
            still = all(perm[i] == i and twist[i] == 0 for perm, twist in parts)
            if still and (labels[i], turns[i]) != (home[i], home_turns[i]):
                return Reason(
                    f"{orbit.name} position {i + 1} is one that no move changes, and it "
                    f"does not hold its own piece as solved",
                    "a position reached by moves holds there what the solved one does",
                )
        distinct = len(set(home)) == len(home)
        if distinct and all(parity(perm) == 0 for perm, _ in parts):
            # the permutation taking the solved labels to these
            where = {label: i for i, label in enumerate(home)}
            if parity(tuple(where[label] for label in labels)) != 0:
                return Reason(
                    f"its {orbit.name} pieces are an odd permutation of the solved ones",
                    f"every move permutes the {orbit.name} positions evenly",
                )
        n = orbit.orientations
        twisted = (sum(turns) - sum(home_turns)) % n if n > 1 else 0
        if twisted and all(sum(twist) % n == 0 for _, twist in parts):
            return Reason(
                f"its {orbit.name} pieces are twisted by {twisted} in all (mod {n}), and no "
                f"move changes that sum",
                f"every move's twists of the {orbit.name} pieces add to a multiple of {n}",
            )
    return None


def position_classes(pieces: int, perms: list[tuple[int, ...]]) -> list[list[int]]:
    """An orbit's positions grouped by where the moves can carry a piece (union-find)."""
    root = list(range(pieces))

    def find(i: int) -> int:
        while root[i] != i:
            root[i] = root[root[i]]
            i = root[i]
        return i

    for perm in perms:
        for i, j in enumerate(perm):
            root[find(i)] = find(j)
    groups: dict[int, list[int]] = {}
    for i in range(pieces):
        groups.setdefault(find(i), []).append(i)
    return list(groups.values())


def bound(orbits: tuple[Orbit, ...], moves: list[Transformation], solved: tuple[Cells, ...]) -> int:
    """At most how many positions the moves reach: each group of positions the moves mix
    (position_classes) holds its pieces in any order, each turned any way where the moves
    turn them, less what the parity and twist invariants rule out."""
    total = 1
    for k, orbit in enumerate(orbits):
        parts = [move.parts[k] for move in moves]
        labels = solved[k][0]
        twisting = any(any(twist) for _, twist in parts)
        for group in position_classes(orbit.pieces, [perm for perm, _ in parts]):
            ways = math.factorial(len(group))
            for label in {labels[i] for i in group}:
                ways //= math.factorial(sum(labels[i] == label for i in group))
            total *= ways * (orbit.orientations ** len(group) if twisting else 1)
        if len(set(labels)) == len(labels) and all(parity(perm) == 0 for perm, _ in parts):
            total //= 2 if orbit.pieces > 1 else 1
        n = orbit.orientations
        if twisting and n > 1 and all(sum(twist) % n == 0 for _, twist in parts):
            total //= n
    return max(total, 1)
