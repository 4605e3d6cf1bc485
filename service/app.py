"""The HTTP service's application factory: a read-only database, the API, JSON everything.

Answers are serialised by service.api.caching.dumps (compact UTF-8, the CLI's key order).
Each worker thread keeps its own read-only SQLite connection (opened with mode=ro, so no
request can change the file). Create the app after forking (gunicorn
loads it in each worker), never before: SQLite connections must not cross a fork.
"""

from __future__ import annotations

import os

from flask import Flask

from puzzledb.db.connection import reader, resolve_path

from . import api, openapi, web
from .api.caching import QUERY_SECONDS, ServiceAnswers

MAX_AGE = 60  # seconds a client or proxy may reuse an answer before revalidating its ETag
ANSWER_CACHE_BYTES = 64 * 1000**2  # encoded answers each worker keeps until the data changes


def create_app(
    db_path: str | os.PathLike | None = None,
    *,
    max_age: int = MAX_AGE,
    max_query_bytes: int = openapi.MAX_QUERY_BYTES,
    answer_cache: int = ANSWER_CACHE_BYTES,
    time_limit: float = QUERY_SECONDS,
) -> Flask:
    """The WSGI app over the database at `db_path` (default as the CLI: $PUZZLEDB_DB, then
    ./puzzledb.sqlite); NotBuilt when there is no file there. `answer_cache` is a budget in
    bytes (0: remember nothing); `time_limit` the seconds one lookup may run."""
    path = resolve_path(db_path)
    app = Flask(__name__, static_folder=None)
    app.config.update(PUZZLEDB_MAX_AGE=max_age, PUZZLEDB_MAX_QUERY_BYTES=max_query_bytes)
    app.extensions["puzzledb"] = ServiceAnswers(
        reader(path, lazy=True), answer_cache, query_seconds=time_limit
    )
    api.register(app)
    app.register_blueprint(web.bp)  # the page at "/"
    return app
