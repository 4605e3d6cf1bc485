"""The questions puzzledb answers, one frozen dataclass each, built once by a front end from its
raw text: numbers and flags are checked here, where no database is needed; the puzzle, the
build and the states are resolved by Answers (service.answers), once, on the connection that
answers.

Each question also declares its HTTP parameters (`Param`, params.py): the OpenAPI document
(service.http.openapi) lists them and service.http.api.params checks a query string against
that list, so a parameter is documented, accepted and turned into a field in one place.

A kind of question lives in its own module (path.py, moves.py, pages.py) and is imported when
first named here: a lookup creates its own question's class, not the six (a frozen dataclass
costs ~0.5 ms to create, a tenth of what a lookup adds to Python's start).

No library does this for us, measured (spectree 3.0.0 with pydantic 2.14.4, apispec 6.10.1):
spectree answers a bad or repeated parameter with 422 and pydantic's own list of errors,
not the 400 and the CLI's message the error table (docs/errors.md) gives, so every field would need
a validator calling whole_number anyway, and the CLI, which never loads it, would keep its own
checks: two declarations, not one. It adds ~50 ms and ~5 MB to each worker's start and
rewrites the document's parameters (anyOf null, titles, examples inside the schema). apispec
only builds the document and checks nothing. A dataclass and a list of Params do both.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .checks import flag, whole_number
from .params import (
    AFTER,
    ANY,
    DEPTH,
    DRAWN_STATE,
    FARTHEST_LIMIT,
    GOAL,
    LIMIT,
    MAX_LIMIT,
    OFFSET,
    PUZZLE,
    SCRAMBLE,
    STATE,
    TO,
    Param,
)
from .question import RESOLVED, Question

if TYPE_CHECKING:
    from .moves import FigureQuestion, MovesQuestion
    from .pages import DepthQuestion, FarthestQuestion, StatsQuestion
    from .path import PathQuestion

    #: The lookup routes' questions, in the order the OpenAPI document lists them.
    QUESTIONS: tuple[type[Question], ...]

#: Where each kind of question lives, imported when first named.
_HOMES = {
    "PathQuestion": ".path",
    "MovesQuestion": ".moves",
    "FigureQuestion": ".moves",
    "DepthQuestion": ".pages",
    "FarthestQuestion": ".pages",
    "StatsQuestion": ".pages",
}
_IN_THE_DOCUMENTS_ORDER = (
    "PathQuestion",
    "DepthQuestion",
    "FarthestQuestion",
    "StatsQuestion",
    "MovesQuestion",
)

__all__ = [
    "AFTER",
    "ANY",
    "DEPTH",
    "DRAWN_STATE",
    "FARTHEST_LIMIT",
    "GOAL",
    "LIMIT",
    "MAX_LIMIT",
    "OFFSET",
    "PUZZLE",
    "QUESTIONS",
    "RESOLVED",
    "SCRAMBLE",
    "STATE",
    "TO",
    "DepthQuestion",
    "FarthestQuestion",
    "FigureQuestion",
    "MovesQuestion",
    "Param",
    "PathQuestion",
    "Question",
    "StatsQuestion",
    "flag",
    "whole_number",
]


def __getattr__(name: str) -> Any:
    """A kind of question (or QUESTIONS, all of them), its module imported now."""
    if name == "QUESTIONS":
        return tuple(__getattr__(kind) for kind in _IN_THE_DOCUMENTS_ORDER)
    if name in _HOMES:
        return getattr(importlib.import_module(_HOMES[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
