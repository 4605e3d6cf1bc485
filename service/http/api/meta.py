"""The routes about the service itself: the catalogue, health, and the OpenAPI document."""

from __future__ import annotations

import hashlib
import json

from flask import Blueprint, current_app

from ...answers import catalogue_answer, health_answer, held_starts
from .. import openapi
from .caching import etag, respond
from .params import read

bp = Blueprint("meta", __name__)

DOCUMENT = openapi.document()
DOCUMENT_TAG = hashlib.blake2b(
    json.dumps(DOCUMENT, sort_keys=True).encode(), digest_size=12
).hexdigest()


def _builds():
    answers = current_app.extensions["puzzledb"]

    def ask():
        with answers.connection() as conn:
            return answers.all_builds(conn)

    return answers.retrying(ask)


@bp.get("/puzzles")
def puzzles():
    read("/puzzles")
    answers = current_app.extensions["puzzledb"]

    def ask():  # the builds, and the named starts each holds, read on one connection
        with answers.connection() as conn:
            builds = answers.all_builds(conn)
            return builds, held_starts(conn, builds)

    builds, held = answers.retrying(ask)
    return respond(catalogue_answer(builds, held), etag(tuple(builds)))


@bp.get("/health")
def health():
    """Up, and the database answers: the builds are read (or known unchanged) every time."""
    read("/health")
    builds = _builds()
    return respond(health_answer(builds), etag(tuple(builds)), revalidate=True)


@bp.get("/openapi.json")
def document():
    read("/openapi.json")
    return respond(DOCUMENT, DOCUMENT_TAG)
