"""The routes about the service itself: the catalogue, health, and the OpenAPI document."""

from __future__ import annotations

import hashlib
import json

from flask import Blueprint, current_app

from .. import openapi
from ..answers import catalogue_answer
from .caching import all_builds, respond
from .params import read

bp = Blueprint("meta", __name__)

DOCUMENT = openapi.document()
DOCUMENT_TAG = hashlib.blake2b(
    json.dumps(DOCUMENT, sort_keys=True).encode(), digest_size=12
).hexdigest()


def _builds():
    with current_app.extensions["puzzledb"].connection() as conn:
        return all_builds(conn)


@bp.get("/puzzles")
def puzzles():
    read("/puzzles")
    return respond(catalogue_answer(_builds()))


@bp.get("/health")
def health():
    """Up, and the database answers: the builds are read (or known unchanged) every time."""
    read("/health")
    return respond({"status": "ok", "builds": len(_builds())}, revalidate=True)


@bp.get("/openapi.json")
def document():
    read("/openapi.json")
    return respond(DOCUMENT, tag=DOCUMENT_TAG)
