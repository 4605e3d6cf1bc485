"""`puzzledb serve`: the HTTP API over the database, read-only, with gunicorn, its options made
from the settings declared once (service.settings). Flask and gunicorn load only when it runs.
"""

from __future__ import annotations

import click

from puzzledb.builder.core.errors import MalformedInput
from puzzledb.db.connection import resolve_path

from ...settings import APP, SERVE, SETTINGS
from ..options import DashedValues, db_option, reports_errors, setting_options


@click.command("serve", cls=DashedValues)
@db_option
@setting_options(*SERVE, *(s for s in APP if s.option))
@click.option("--access-log", is_flag=True, help="Log one line per request to stderr.")
@reports_errors
def serve_command(db_path: str | None, access_log: bool, **given: object) -> None:
    """Answer over HTTP (JSON) from the database, read-only, with gunicorn."""
    from ...http.serve import serve  # gunicorn and Flask load only for this command

    try:
        given["answer_cache"] = SETTINGS["answer_cache"].parse(given["answer_cache"])
    except ValueError as error:
        raise MalformedInput(f"--answer-cache: {error}") from None
    serve(resolve_path(db_path), given, access_log=access_log)
