"""The questions about a build rather than one position: a page of the states at one depth,
the farthest states, and the statistics."""

from __future__ import annotations

from dataclasses import dataclass

from puzzledb.builder.core.errors import MalformedInput

from .checks import whole_number
from .params import AFTER, DEPTH, FARTHEST_LIMIT, GOAL, LIMIT, MAX_LIMIT, OFFSET, PUZZLE
from .question import Question


@dataclass(frozen=True)
class DepthQuestion(Question):
    """A page of the states at `depth`: skip `offset`, or start after the state `after`."""

    kind = "depth"
    route = "/depth"
    params = (PUZZLE, DEPTH, GOAL, LIMIT, OFFSET, AFTER)

    depth: int
    limit: int = LIMIT.default
    offset: int = OFFSET.default
    after: str | None = None

    @classmethod
    def of(
        cls,
        puzzle: str,
        depth: int | str,
        goal: str | None = None,
        limit: int | str = LIMIT.default,
        offset: int | str = OFFSET.default,
        after: str | None = None,
    ) -> DepthQuestion:
        depth = whole_number(depth, "depth")
        limit = whole_number(limit, "limit", high=MAX_LIMIT)
        offset = whole_number(offset, "offset")
        if after is not None and offset:
            raise MalformedInput(
                "give offset or after, not both: after already says where the page starts"
            )
        return cls(puzzle, goal, depth, limit, offset, after)


@dataclass(frozen=True)
class FarthestQuestion(Question):
    """The states that need the most moves (up to `limit` of them)."""

    kind = "farthest"
    route = "/farthest"
    params = (PUZZLE, GOAL, FARTHEST_LIMIT)

    limit: int = FARTHEST_LIMIT.default

    @classmethod
    def of(
        cls, puzzle: str, goal: str | None = None, limit: int | str = FARTHEST_LIMIT.default
    ) -> FarthestQuestion:
        return cls(puzzle, goal, whole_number(limit, "limit", high=MAX_LIMIT))


@dataclass(frozen=True)
class StatsQuestion(Question):
    """A build's statistics."""

    kind = "stats"
    route = "/stats"
    params = (PUZZLE, GOAL)

    @classmethod
    def of(cls, puzzle: str, goal: str | None = None) -> StatsQuestion:
        return cls(puzzle, goal)
