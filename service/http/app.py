"""The HTTP service's application factory: a read-only database, the API, JSON everything.

Answers are serialised by service.http.api.caching.dumps (compact UTF-8, the CLI's key order).
Each worker thread keeps its own read-only SQLite connection (opened with mode=ro, so no
request can change the file). Create the app after forking (gunicorn
loads it in each worker), never before: SQLite connections must not cross a fork.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from flask import Flask

from puzzledb.db.connection import reader, resolve_path

from .. import web
from ..settings import SETTINGS, app_config
from . import api
from .api.caching import ServiceAnswers


def create_app(
    db_path: str | os.PathLike | None = None, config: Mapping[str, Any] | None = None
) -> Flask:
    """The WSGI app over the database at `db_path` (default as the CLI: $PUZZLEDB_DB, then
    ./puzzledb.sqlite); NotBuilt when there is no file there. `config` sets app settings by
    name (service.settings.APP: e.g. answer_cache in bytes, 0 remembering nothing, or
    time_limit in seconds); the rest keep their defaults. All of them are in app.config."""
    path = resolve_path(db_path)
    app = Flask(__name__, static_folder=None)
    app.config.update(app_config(config))
    app.extensions["puzzledb"] = ServiceAnswers(
        reader(path, lazy=True),
        app.config[SETTINGS["answer_cache"].config_key],
        time_limit=app.config[SETTINGS["time_limit"].config_key],
    )
    api.register(app)
    app.register_blueprint(web.bp)  # the page at "/"
    return app
