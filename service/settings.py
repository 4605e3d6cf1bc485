"""The settings of `serve`, the HTTP app and `puzzledb sql`, each declared once: its name, its
default and its help, as Datasette's SETTINGS.

The CLI makes its options from these declarations (their defaults and --help texts), `serve`
passes what it was given on to each worker, and `create_app(db, config)` puts every app
setting into `app.config` as PUZZLEDB_<NAME>, where the app reads it. So a default is written
here and nowhere else (tests/architecture/test_settings.py holds the code to that).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from .sizes import parse_size

Value = int | float | str


def _same(text: Any) -> Any:
    return text


class Setting(NamedTuple):
    """One setting: `default` is what a user would type (the CLI shows it as such), `parse`
    turns typed text into the value the code uses, `bounds` limits a number given on the
    command line, and `option` is its command-line option (None: the app's own, not an option).
    """

    name: str
    default: Value
    help: str
    option: str | None = None
    bounds: tuple[float, float] | None = None
    metavar: str | None = None
    parse: Callable[[Any], Any] = _same

    @property
    def config_key(self) -> str:
        return f"PUZZLEDB_{self.name.upper()}"

    def value(self) -> Any:
        """The default as the code uses it (64MB as bytes)."""
        return self.parse(self.default)


#: What `serve` runs with: gunicorn's processes and threads, and what each worker holds.
SERVE = (
    Setting(
        "host",
        "127.0.0.1",
        "Address to listen on (loopback unless told otherwise).",
        option="--host",
    ),
    Setting("port", 8000, "Port to listen on.", option="--port", bounds=(1, 65535)),
    Setting(
        "workers",
        2,
        "Gunicorn worker processes (one per core suits).",
        option="--workers",
        bounds=(1, 64),
    ),
    Setting(
        "threads",
        16,
        "Threads per worker: requests one worker answers at once.",
        option="--threads",
        bounds=(1, 256),
    ),
    Setting(
        "connections",
        1000,
        "Open connections one worker holds, idle ones included.",
        option="--connections",
        bounds=(1, 100_000),
    ),
    Setting(
        "keepalive",
        5,
        "Seconds an idle kept-alive connection stays open.",
        option="--keepalive",
        bounds=(0, 300),
    ),
    Setting(
        "send_timeout",
        10,
        "Seconds a client has to take an answer; output still unread then is dropped with "
        "the connection.",
        option="--send-timeout",
        bounds=(1, 3600),
    ),
)

#: What the HTTP app reads from app.config; those with an option `serve` also takes.
APP = (
    Setting(
        "time_limit",
        2.0,
        "Seconds one lookup may run before it is stopped (HTTP 503 time_limit).",
        option="--time-limit",
        bounds=(0.01, 600),
    ),
    Setting(
        "answer_cache",
        "64MB",
        "Bytes of encoded answers each worker remembers until the data changes "
        "(e.g. 16MB, 1GB; 0: none).",
        option="--answer-cache",
        metavar="SIZE",
        parse=parse_size,
    ),
    Setting(
        "max_age",
        60,
        "Seconds a client or proxy may reuse an answer before revalidating its ETag.",
    ),
    Setting(
        "max_query_bytes",
        2048,
        "Longest query string answered (longer gets 414); the longest real state is ~100 bytes.",
    ),
)

#: `puzzledb sql`'s own.
SQL = (
    Setting(
        "sql_time_limit",
        "5",
        "Stop the command after this long, writing rows out included (decimals allowed; "
        "0: no limit).",
        option="--time-limit",
        metavar="SECONDS",
    ),
)

#: Every setting by name.
SETTINGS: dict[str, Setting] = {s.name: s for s in SERVE + APP + SQL}


def app_config(config: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """app.config entries of every app setting: its value in `config` (as the code uses it,
    e.g. bytes), else its default. ValueError names a setting that does not exist."""
    given = dict(config or {})
    unknown = sorted(set(given) - {s.name for s in APP})
    if unknown:
        raise ValueError(f"no such app setting: {', '.join(unknown)}")
    return {s.config_key: given[s.name] if s.name in given else s.value() for s in APP}
