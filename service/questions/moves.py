"""The questions of one position's moves: every legal move from it, and its figure (drawn as
the page draws it)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from .checks import flag, goal_or_to, state_or_scramble
from .params import ANY, DRAWN_STATE, GOAL, PUZZLE, SCRAMBLE, STATE, TO, Param
from .question import RESOLVED, Question


@dataclass(frozen=True)
class MovesQuestion(Question):
    """Every legal move from `state`; with `any`, from a state the build does not hold too."""

    kind = "moves"
    route = "/moves"
    of_a_position = True
    params: ClassVar[tuple[Param, ...]] = (PUZZLE, STATE, GOAL, TO, ANY, SCRAMBLE)

    state: str | None
    to: str | None = None
    any: bool = False
    scramble: str | None = None
    #: set when resolved, never asked: whole-puzzle turns to make before the moves
    turn_first: str = dataclasses.field(default="", metadata=RESOLVED)

    @classmethod
    def of(
        cls,
        puzzle: str,
        state: str | None,
        goal: str | None = None,
        to: str | None = None,
        any: bool | str = False,
        scramble: str | None = None,
    ) -> MovesQuestion:
        any_state = flag(any, "any")
        goal_or_to(goal, to)
        state_or_scramble(state, scramble)
        return cls(puzzle, goal, state, to, any_state, scramble)


@dataclass(frozen=True)
class FigureQuestion(MovesQuestion):
    """`state` drawn as the page draws its board (an SVG): resolved as a move's question is,
    toward the goal whose pieces it colours; any state the puzzle can have, held or not."""

    kind = "figure"
    route = "/figure"
    params: ClassVar[tuple[Param, ...]] = (PUZZLE, DRAWN_STATE, GOAL)

    @classmethod
    def of(  # type: ignore[override]  # a state only: no target, no scramble
        cls, puzzle: str, state: str, goal: str | None = None
    ) -> FigureQuestion:
        return cls(puzzle, goal, state, None, True)
