"""The HTTP service's application factory: a read-only database, the API, JSON everything.

Answers are serialised by service.api.caching.dumps (compact UTF-8, the CLI's key order).
One engine per process; its pool keeps one SQLite connection per thread (opened with
mode=ro, so no request can change the file). Create the app after forking (gunicorn loads it
in each worker), never before: SQLite connections must not cross a fork.
"""

from __future__ import annotations

import os

from flask import Flask

from db.connection import reader, resolve_path

from . import api, openapi, web
from .api.caching import TrackedAnswers

MAX_AGE = 60  # seconds a client or proxy may reuse an answer before revalidating its ETag
ANSWER_CACHE = 4096  # answers each worker remembers until a build changes the file


def create_app(db_path: str | os.PathLike | None = None, *, max_age: int = MAX_AGE,
               max_query_bytes: int = openapi.MAX_QUERY_BYTES,
               answer_cache: int = ANSWER_CACHE) -> Flask:
    """The WSGI app over the database at `db_path` (default as the CLI: $PUZZLEDB_DB, then
    ./puzzledb.sqlite); NotBuilt when there is no file there."""
    path = resolve_path(db_path)
    app = Flask(__name__, static_folder=None)
    app.config.update(PUZZLEDB_MAX_AGE=max_age, PUZZLEDB_MAX_QUERY_BYTES=max_query_bytes)
    app.extensions["puzzledb"] = TrackedAnswers(reader(path, pooled=True), answer_cache=answer_cache)
    api.register(app)
    app.register_blueprint(web.bp)  # the page at "/"
    return app
