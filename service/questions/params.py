"""The HTTP parameters of the questions (`Param`), each declared once: the OpenAPI document
(service.http.openapi) lists them, service.http.api.params checks a query string against them,
and the CLI's option defaults read theirs. Its annotations are evaluated (no `from __future__
import annotations`): a NamedTuple compiles each annotation written as text, on every start."""

from collections.abc import Mapping
from typing import Any, NamedTuple

MAX_LIMIT = 10_000


class Param(NamedTuple):
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
FARTHEST_LIMIT = LIMIT._replace(schema={**LIMIT.schema, "default": 1000})
