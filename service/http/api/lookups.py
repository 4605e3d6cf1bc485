"""The lookup routes: path, moves, depth, farthest and stats of one built puzzle and goal, and
a position's figure (the SVG the page shows for a listed state).

Each view builds its question (service.questions) from its documented parameters and asks
the shared answers; every check and error message is the CLI's.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app

from ...questions import (
    DepthQuestion,
    FarthestQuestion,
    FigureQuestion,
    MovesQuestion,
    PathQuestion,
    Question,
    StatsQuestion,
)
from .caching import ServiceAnswers, respond
from .params import read

bp = Blueprint("lookups", __name__)


def _ask(kind: type[Question]) -> Response:
    """The route's question, built once from its checked parameters, and its answer."""
    question = kind.from_params(read(kind.route))
    answers: ServiceAnswers = current_app.extensions["puzzledb"]
    body, tag = answers.retrying(lambda: answers.encoded(question))
    return respond(body, tag)


@bp.get("/path")
def path() -> Response:
    return _ask(PathQuestion)


@bp.get("/moves")
def moves() -> Response:
    return _ask(MovesQuestion)


@bp.get("/depth")
def depth() -> Response:
    return _ask(DepthQuestion)


@bp.get("/farthest")
def farthest() -> Response:
    return _ask(FarthestQuestion)


@bp.get("/stats")
def stats() -> Response:
    return _ask(StatsQuestion)


@bp.get("/figure")
def figure() -> Response:
    question = FigureQuestion.from_params(read(FigureQuestion.route))
    answers: ServiceAnswers = current_app.extensions["puzzledb"]
    body, tag = answers.retrying(lambda: answers.figure(question))  # type: ignore[arg-type]
    return respond(body, tag, mimetype="image/svg+xml")
