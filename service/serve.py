"""`puzzledb serve`: the HTTP app under gunicorn (sync workers), not Flask's dev server.

The database is checked once in the master (a missing file is NotBuilt, exit 4, before any
socket opens); each worker then opens its own read-only connection after the fork. Gunicorn
logs start and stop; the access log (one line a request) is off unless asked for.
"""

from __future__ import annotations

import sys
from pathlib import Path

from gunicorn.app.base import BaseApplication

from db.connection import reader

from .answers import Answers
from .openapi import MAX_REQUEST_LINE


class PuzzledbServer(BaseApplication):
    """Gunicorn embedded: options come from `serve`, never from sys.argv or a config file."""

    def __init__(self, db_path: Path, options: dict, answer_cache: int):
        self.db_path = db_path
        self.answer_cache = answer_cache
        self.options = options
        super().__init__()

    def load_config(self):
        for key, value in self.options.items():
            self.cfg.set(key, value)
        if "control_socket_disable" in self.cfg.settings:  # gunicorn >= 25: no ~/.gunicorn socket
            self.cfg.set("control_socket_disable", True)

    def load(self):
        from .app import create_app  # in the worker, after the fork

        return create_app(self.db_path, answer_cache=self.answer_cache)


def check_database(path: Path) -> int:
    """How many builds the file holds; NotBuilt when missing, a DB error when unreadable."""
    engine = reader(path)
    try:
        return sum(len(p["builds"]) for p in Answers(engine).catalogue()["puzzles"])
    finally:
        engine.dispose()


def serve(path: Path, *, host: str = "127.0.0.1", port: int = 8000, workers: int = 2,
          access_log: bool = False, answer_cache: int = 4096) -> None:
    builds = check_database(path)
    bind = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    print(
        f"puzzledb: serving {builds} build{'s' if builds != 1 else ''} from {path} at "
        f"http://{bind}/ with {workers} worker{'s' if workers != 1 else ''}",
        file=sys.stderr, flush=True,
    )
    options = {
        "bind": bind,
        "workers": workers,
        "worker_class": "sync",
        "accesslog": "-" if access_log else None,
        "errorlog": "-",
        "loglevel": "info",
        "limit_request_line": MAX_REQUEST_LINE,
        "timeout": 30,
        "graceful_timeout": 5,
        "proc_name": "puzzledb",
    }
    PuzzledbServer(path.resolve(), options, answer_cache).run()
