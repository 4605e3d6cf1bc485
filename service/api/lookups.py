"""The lookup routes: path, moves, depth, farthest and stats of one built puzzle and goal.

Each view only reads its documented parameters and asks the shared answers; every check and
error message is the CLI's.
"""

from __future__ import annotations

from flask import Blueprint, current_app

from .caching import respond
from .params import read

bp = Blueprint("lookups", __name__)


def _ask(method: str, *args):
    answers = current_app.extensions["puzzledb"]
    body, tag = answers.retrying(lambda: answers.encoded(method, *args))
    return respond(body, tag)


@bp.get("/path")
def path():
    q = read("/path")
    return _ask("path", q["puzzle"], q["state"], q.get("goal"), q.get("to"))


@bp.get("/moves")
def moves():
    q = read("/moves")
    return _ask("moves", q["puzzle"], q["state"], q.get("goal"), q.get("to"), q["any"])


@bp.get("/depth")
def depth():
    q = read("/depth")
    return _ask(
        "depth", q["puzzle"], q["d"], q.get("goal"), q["limit"], q["offset"], q.get("after")
    )


@bp.get("/farthest")
def farthest():
    q = read("/farthest")
    return _ask("farthest", q["puzzle"], q.get("goal"), q["limit"])


@bp.get("/stats")
def stats():
    q = read("/stats")
    return _ask("stats", q["puzzle"], q.get("goal"))
