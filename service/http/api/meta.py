"""The routes about the service itself: the catalogue, health, and the OpenAPI document."""

from __future__ import annotations

import hashlib
import json

from flask import Blueprint, Response, current_app, request

from puzzledb.db.queries import Build

from ...answers import catalogue_answer, health_answer, held_starts
from .. import openapi
from .caching import ServiceAnswers, etag, respond
from .params import read

bp = Blueprint("meta", __name__)

DOCUMENT = openapi.document()
DOCUMENT_TAG = hashlib.blake2b(
    json.dumps(DOCUMENT, sort_keys=True).encode(), digest_size=12
).hexdigest()


def _builds() -> list[Build]:
    answers: ServiceAnswers = current_app.extensions["puzzledb"]

    def ask() -> list[Build]:
        with answers.connection() as conn:
            return answers.all_builds(conn)

    return answers.retrying(ask)


@bp.get("/puzzles")
def puzzles() -> Response:
    read("/puzzles")
    answers = current_app.extensions["puzzledb"]

    def ask() -> tuple[list[Build], dict[int, list[str]] | None]:
        """The builds, and the named starts each holds, read on one connection; not the
        starts when the client holds this very catalogue (its ETag names the builds)."""
        with answers.connection() as conn:
            builds = answers.all_builds(conn)
            if request.if_none_match.contains_weak(etag(tuple(builds))):
                return builds, None
            return builds, held_starts(conn, builds)

    builds, held = answers.retrying(ask)
    tag = etag(tuple(builds))
    if held is None:
        return respond(b"", tag)  # a 304: respond() finds the same match
    return respond(catalogue_answer(builds, held), tag)


@bp.get("/health")
def health() -> Response:
    """Up, and the database answers: the builds are read (or known unchanged) every time."""
    read("/health")
    builds = _builds()
    return respond(health_answer(builds), etag(tuple(builds)), revalidate=True)


@bp.get("/openapi.json")
def document() -> Response:
    read("/openapi.json")
    return respond(DOCUMENT, DOCUMENT_TAG)
