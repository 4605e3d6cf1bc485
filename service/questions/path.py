"""The question of an optimal path."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .checks import goal_or_to, state_or_scramble
from .params import GOAL, PUZZLE, SCRAMBLE, STATE, TO
from .question import RESOLVED, Question


@dataclass(frozen=True)
class PathQuestion(Question):
    """An optimal path from `state` to the goal, or with `to` to that position."""

    kind = "path"
    route = "/path"
    of_a_position = True
    params = (PUZZLE, STATE, GOAL, TO, SCRAMBLE)

    state: str | None
    to: str | None = None
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
        scramble: str | None = None,
    ) -> PathQuestion:
        goal_or_to(goal, to)
        state_or_scramble(state, scramble)
        return cls(puzzle, goal, state, to, scramble)
