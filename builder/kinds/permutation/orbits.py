"""Orbits and transformations: the algebra of a puzzle written as permutations.

An orbit is a set of positions that the same kind of piece fills (the 2x2x2's 8 corners), each
piece in one of `orientations` ways. A transformation says, for each orbit, where each position
takes its piece from and how much that piece turns: after it, position i holds the piece that
was at `permutation[i]`, its orientation increased by `twist[i]` (modulo the orbit's
orientations). That is twsearch's and cubing.js's convention, so their files read as written
(their positions counted from 1, ours from 0). A position is the transformation that takes the
solved state to it, so a position is made by applying moves in turn, and one move undone by
applying its inverse.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Orbit:
    """A set of `pieces` positions, their pieces each in one of `orientations` ways."""

    name: str
    pieces: int
    orientations: int = 1


#: One orbit's part of a transformation: (permutation, twist), as tuples of equal length.
Part = tuple[tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True)
class Transformation:
    """A move, or a position: each orbit's (permutation, twist), in the orbits' order."""

    parts: tuple[Part, ...]

    @classmethod
    def identity(cls, orbits: tuple[Orbit, ...]) -> Transformation:
        return cls(tuple((tuple(range(o.pieces)), (0,) * o.pieces) for o in orbits))

    def then(self, other: Transformation, orbits: tuple[Orbit, ...]) -> Transformation:
        """This transformation, then `other`: position i takes what `other` takes from
        position j = other.permutation[i], which held what this one took from permutation[j]."""
        parts = []
        for orbit, (perm, twist), (perm2, twist2) in zip(orbits, self.parts, other.parts):
            n = orbit.orientations
            parts.append(
                (
                    tuple(perm[j] for j in perm2),
                    tuple((twist[j] + t) % n for j, t in zip(perm2, twist2)),
                )
            )
        return Transformation(tuple(parts))

    def inverse(self, orbits: tuple[Orbit, ...]) -> Transformation:
        parts = []
        for orbit, (perm, twist) in zip(orbits, self.parts):
            back = [0] * len(perm)
            turn = [0] * len(perm)
            for i, j in enumerate(perm):
                back[j] = i
                turn[j] = -twist[i] % orbit.orientations
            parts.append((tuple(back), tuple(turn)))
        return Transformation(tuple(parts))

    def order(self, orbits: tuple[Orbit, ...], most: int = 1000) -> int:
        """How many times the transformation is made before nothing has changed."""
        identity = Transformation.identity(orbits)
        power, times = self, 1
        while power != identity:
            if times >= most:
                raise ValueError(f"a move of order over {most}")
            power, times = power.then(self, orbits), times + 1
        return times
