"""`puzzledb serve`: the HTTP app under gunicorn's threaded workers, not Flask's dev server.

Why threaded (gthread) workers: a sync worker gives each connection the whole process, so two
clients that connect and send nothing stop a two-worker service until gunicorn's timeout. A
gthread worker keeps idle and kept-alive connections in a poller and hands a thread only to a
connection with data, so idle clients cost a file descriptor, not a worker (measured in
docs/performance.md). serve runs its own subclass of it (service.http.worker), which also reads
request heads and writes slow answers in its poller rather than its threads, with deadlines on
both (a head 5 s, an answer --send-timeout), and answers gunicorn's refusals as JSON with the
security headers. On the open internet nginx in front (deploy/nginx.conf) still helps: TLS,
and limits per client address, which serve has not.

The database is checked once in the master (a missing file is NotBuilt, exit 4, before any
socket opens); each worker then opens its own read-only connections after the fork.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gunicorn.app.base import BaseApplication
from gunicorn.glogging import Logger

from puzzledb.builder.core.message_text import safe_message
from puzzledb.db.connection import reader

from ..answers import Answers
from ..settings import APP, SERVE
from .openapi import MAX_REQUEST_LINE
from .tested_gunicorn import untested
from .worker import configure

if TYPE_CHECKING:  # Any to mypy: gunicorn ships no types
    from flask import Flask
    from gunicorn.arbiter import Arbiter
    from gunicorn.config import Config

#: Limits on what a client may send, beyond the query-string limit the app applies itself.
REQUEST_LIMITS = {
    "limit_request_line": MAX_REQUEST_LINE,
    "limit_request_fields": 50,  # headers per request
    "limit_request_field_size": 4096,  # bytes per header
}


LOG_LINE = 300  # characters of one log line: a malformed request line can be 8 KB


class ShortLines(logging.Filter):
    """Log lines cut short and escaped: gunicorn repeats a malformed request whole."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg, record.args = safe_message(record.getMessage(), LOG_LINE), ()
        return True


class OneAddressLine(logging.Filter):
    """Gunicorn's own "Listening at: http://..." left out: serve's line (its when_ready hook)
    says the address, once, with what is served."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("Listening at: ")


class PuzzledbLogger(Logger):
    def setup(self, cfg: Config) -> None:
        super().setup(cfg)
        for handler in self.error_log.handlers:
            handler.addFilter(OneAddressLine())
            handler.addFilter(ShortLines())


class PuzzledbServer(BaseApplication):
    """Gunicorn embedded: options come from `serve`, never from sys.argv or a config file."""

    def __init__(self, db_path: Path, options: dict, config: dict[str, Any]):
        self.db_path = db_path
        self.config = config
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)
        if "control_socket_disable" in self.cfg.settings:  # gunicorn >= 25: no ~/.gunicorn socket
            self.cfg.set("control_socket_disable", True)

    def load(self) -> Flask:
        from .app import create_app  # in the worker, after the fork

        return create_app(self.db_path, self.config)


def check_database(path: Path) -> int:
    """How many builds the file holds; NotBuilt when missing, a DB error when unreadable."""
    database = reader(path)
    try:
        return sum(len(p["builds"]) for p in Answers(database).catalogue()["puzzles"])
    finally:
        database.dispose()


def serve(path: Path, given: Mapping[str, Any] | None = None, *, access_log: bool = False) -> None:
    """Serve the file at `path` with the settings `given` by name (service.settings; the
    default of each one left out), the app's ones as the code uses them (bytes, seconds)."""
    chosen = {s.name: s.value() for s in SERVE + APP if s.option} | dict(given or {})
    builds = check_database(path)
    warning = untested()
    if warning is not None:
        print(f"puzzledb: warning: {warning}", file=sys.stderr, flush=True)
    host, port = chosen["host"], chosen["port"]
    workers, threads = chosen["workers"], chosen["threads"]
    bind = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"

    def when_ready(arbiter: Arbiter) -> None:
        """Gunicorn's hook once its socket listens, before the workers start: a connection
        made after this line is accepted (it waits for a worker, never refused). Said here
        rather than before the run: a curl right after the line was refused (issue 27)."""
        print(
            f"puzzledb: serving {builds} build{'s' if builds != 1 else ''} from {path} at "
            f"http://{bind}/ with {workers} worker{'s' if workers != 1 else ''} of {threads} "
            f"threads, answer cache {chosen['answer_cache'] / 1e6:g} MB a worker",
            file=sys.stderr,
            flush=True,
        )

    options = {
        "when_ready": when_ready,
        "bind": bind,
        "workers": workers,
        "worker_class": "puzzledb.service.http.worker.PuzzledbWorker",
        "threads": threads,
        "worker_connections": chosen["connections"],
        "keepalive": chosen["keepalive"],
        "accesslog": "-" if access_log else None,
        "errorlog": "-",
        "loglevel": "info",
        "timeout": 30,
        "graceful_timeout": 5,
        "proc_name": "puzzledb",
        "logger_class": PuzzledbLogger,
        **REQUEST_LIMITS,
    }
    config = {s.name: chosen[s.name] for s in APP if s.name in chosen}
    configure(send_timeout=chosen["send_timeout"])  # the workers, forked, inherit it
    PuzzledbServer(path.resolve(), options, config).run()
