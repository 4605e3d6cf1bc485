"""A puzzle's moves, each a named transformation and its powers, said as cubers write them:
`R` a turn, `R2` twice, `R'` back. In the half-turn metric ("htm") every power of a move is one
move (`R`, `R2`, `R'`); in the quarter-turn metric ("qtm") only a turn and its undoing are (`R2`
is two moves). A move whose order is not 4 is said the same way: `R3` is three turns, `R3'`
three back, and a power past half its order is said as its undoing."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from ...puzzle import Move
from .orbits import Orbit, Transformation

#: How moves are counted (see the module's docstring).
METRICS = ("htm", "qtm")


@dataclass(frozen=True, kw_only=True)
class Turn(Move):
    """The move `name` made `power` times (1 to its order less one)."""

    name: str
    power: int

    @property
    def family(self) -> Hashable:
        return self.name, self.power


def said(name: str, power: int, order: int) -> str:
    """`R`, `R2`, `R'`, `R2'`...: the power of a move as cubers write it."""
    if power * 2 <= order:
        return name if power == 1 else f"{name}{power}"
    back = order - power
    return f"{name}'" if back == 1 else f"{name}{back}'"


def powers(
    base: dict[str, Transformation], orbits: tuple[Orbit, ...], metric: str
) -> list[tuple[Turn, Transformation]]:
    """Every move of the metric: each base move's powers, in the base moves' order."""
    out = []
    for name, move in base.items():
        order = move.order(orbits)
        power = move
        for times in range(1, order):
            if metric == "htm" or times in (1, order - 1):
                out.append((Turn(name=name, power=times, label=said(name, times, order)), power))
            power = power.then(move, orbits)
    return out
