"""The questions puzzledb answers, one frozen dataclass each, built once by a front end from its
raw text: numbers and flags are checked here, where no database is needed; the puzzle, the
build and the states are resolved by Answers (service.answers), once, on the connection that
answers.

Each question also declares its HTTP parameters (`Param`): the OpenAPI document
(service.http.openapi) lists them and service.http.api.params checks a query string against
that list, so a parameter is documented, accepted and turned into a field in one place.

No library does this for us, measured (spectree 3.0.0 with pydantic 2.14.4, apispec 6.10.1):
spectree answers a bad or repeated parameter with 422 and pydantic's own list of errors,
not the 400 and the CLI's message the error table (docs/errors.md) gives, so every field would need
a validator calling whole_number anyway, and the CLI, which never loads it, would keep its own
checks: two declarations, not one. It adds ~50 ms and ~5 MB to each worker's start and
rewrites the document's parameters (anyOf null, titles, examples inside the schema). apispec
only builds the document and checks nothing. A dataclass and a list of Params do both.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from puzzledb.builder.core.errors import MalformedInput
from puzzledb.builder.core.message_text import shown

MAX_LIMIT = 10_000


@dataclass(frozen=True)
class Param:
    """One query parameter of a route: the question's field it fills, and its documentation.
    `schema` is the OpenAPI schema of its text (integer ones are checked by whole_number)."""

    name: str
    description: str
    example: Any
    schema: Mapping[str, Any]
    required: bool = False
    field: str | None = None  # the question's field, when not named as the parameter

    @property
    def attribute(self) -> str:
        return self.field or self.name

    @property
    def default(self) -> Any:
        """What an optional parameter left out means (the CLI's option defaults say the same)."""
        return self.schema.get("default")

    def openapi(self) -> dict:
        return {
            "name": self.name,
            "in": "query",
            "required": self.required,
            "description": self.description,
            "schema": dict(self.schema),
            "example": self.example,
        }


def _text(name: str, description: str, example: str, *, required: bool = False) -> Param:
    return Param(name, description, example, {"type": "string"}, required)


def _number(
    name: str,
    description: str,
    example: int,
    *,
    required: bool = False,
    default: int | None = None,
    maximum: int | None = None,
    field: str | None = None,
) -> Param:
    schema: dict = {"type": "integer", "minimum": 0}
    if default is not None:
        schema["default"] = default
    if maximum is not None:
        schema["maximum"] = maximum
    return Param(name, description, example, schema, required, field)


PUZZLE = _text(
    "puzzle", "Puzzle name, e.g. eight, seven, lines, atama, nooff, peg15.", "eight", required=True
)
STATE = _text(
    "state",
    "A state: one character per cell, row-major; '/', spaces or commas between cells are "
    "accepted. Required, unless `scramble` gives the position.",
    "867254301",
)
#: a figure's state: one, and no scramble instead
DRAWN_STATE = _text(
    "state",
    "The state to draw: one character per cell, row-major; '/', spaces or commas between "
    "cells are accepted.",
    "867254301",
    required=True,
)
SCRAMBLE = _text(
    "scramble",
    "Instead of `state`, for a twisty puzzle: the position a scramble makes from the solved "
    "one, in WCA notation (turns parted by spaces: R, R', R2).",
    "R U2 F' L D",
)
GOAL = _text("goal", "Goal arrangement; default: the puzzle's default goal.", "123456780")
TO = _text(
    "to",
    "A position to reach instead of the goal (not with `goal`): any position of "
    "a puzzle whose pieces are all distinct, answered from the builds of `puzzledb "
    "build NAME --all-goals`; for other puzzles, a built goal. The answer's `goal` is "
    "this position.",
    "012345678",
)
DEPTH = _number("d", "Distance from the goal in moves.", 31, required=True, field="depth")
LIMIT = _number("limit", "At most this many states.", 5, default=100, maximum=MAX_LIMIT)
OFFSET = _number(
    "offset",
    "Skip this many states first (states are in text order; in a build of classes, class by "
    "class).",
    0,
    default=0,
)
AFTER = _text(
    "after",
    "Start after this state (the last of the previous page) instead of "
    "skipping `offset` states: the same time however deep the page.",
    "867254301",
)
ANY = Param(
    "any",
    "true: answer for a state the build does not hold too (a dead end, or "
    "beyond a radius), with depth and solutions null and `why`; false: such a "
    "state is an error, as for /path.",
    "true",
    {"type": "string", "enum": ["true", "false", "1", "0"], "default": "false"},
)
FARTHEST_LIMIT = dataclasses.replace(LIMIT, schema={**LIMIT.schema, "default": 1000})


#: The metadata of a question's field that resolving sets, which no parameter fills.
RESOLVED = {"resolved": True}


@dataclass(frozen=True)
class Question:
    """What every question has: the puzzle it is about and the goal (None: the default)."""

    kind: ClassVar[str]
    route: ClassVar[str]
    params: ClassVar[tuple[Param, ...]]

    puzzle: str
    goal: str | None

    @property
    def key(self) -> tuple:
        """The question as a flat tuple (its kind first): how the service's cache knows it."""
        return (self.kind, *(getattr(self, f.name) for f in dataclasses.fields(self)))

    @classmethod
    def from_params(cls, values: Mapping[str, Any]) -> Question:
        """The question of a route's parameters (service.http.api.params.read: text, and the
        documented defaults), checked as `of` checks the CLI's arguments."""
        return cls.of(**{p.attribute: values.get(p.name) for p in cls.params})

    @classmethod
    def of(cls, *args: Any, **kwargs: Any) -> Question:  # Any: each kind takes its own
        raise NotImplementedError


@dataclass(frozen=True)
class PathQuestion(Question):
    """An optimal path from `state` to the goal, or with `to` to that position."""

    kind = "path"
    route = "/path"
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
        _goal_or_to(goal, to)
        _state_or_scramble(state, scramble)
        return cls(puzzle, goal, state, to, scramble)


@dataclass(frozen=True)
class MovesQuestion(Question):
    """Every legal move from `state`; with `any`, from a state the build does not hold too."""

    kind = "moves"
    route = "/moves"
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
        _goal_or_to(goal, to)
        _state_or_scramble(state, scramble)
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


#: The lookup routes' questions, in the order the OpenAPI document lists them.
QUESTIONS: tuple[type[Question], ...] = (
    PathQuestion,
    DepthQuestion,
    FarthestQuestion,
    StatsQuestion,
    MovesQuestion,
)


def _goal_or_to(goal: str | None, to: str | None) -> None:
    if to is not None and goal is not None:
        raise MalformedInput("give goal or to, not both: to names the position to reach")


def _state_or_scramble(state: str | None, scramble: str | None) -> None:
    if state is None and scramble is None:
        raise MalformedInput(
            "missing parameter 'state' (or 'scramble': a twisty puzzle's turns that make one)"
        )
    if state is not None and scramble is not None:
        raise MalformedInput("give a state or a scramble, not both")


FLAGS = {True: True, False: False, "1": True, "true": True, "0": False, "false": False}


def flag(value: object, what: str) -> bool:
    """A yes/no parameter: true/false or 1/0 (HTTP gives text)."""
    found = FLAGS.get(value) if isinstance(value, (bool, str)) else None
    if found is None:
        raise MalformedInput(f"{what} must be true or false (or 1 or 0), not {shown(str(value))}")
    return found


def whole_number(value: object, what: str, *, high: int | None = None) -> int:
    """Parse a non-negative whole number from user input, naming the field when it is not."""
    if isinstance(value, bool):
        raise MalformedInput(f"{what} must be a whole number, got {value!r}")
    if isinstance(value, int):
        number = value
    else:
        text = str(value).strip()
        digits = text[1:] if text.startswith("-") else text
        if not digits.isdigit() or not digits.isascii():
            raise MalformedInput(f"{what} must be a whole number of 0 or more, got {shown(value)}")
        if len(digits) > 12:
            raise MalformedInput(f"{what} is too large: {shown(value)}")
        number = int(text)
    if number < 0:
        raise MalformedInput(f"{what} must be 0 or more, got {number}")
    if high is not None and number > high:
        raise MalformedInput(f"{what} must be at most {high}, got {number}")
    return number
