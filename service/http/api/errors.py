"""Every failure as JSON `{"error": {"code", "message"}}` with its status; never a traceback.
An HTTP error a browser meets outside the API (an unknown path, an address too long) is a
small HTML page instead, with the same status and message (service.http.api.error_page).

puzzledb errors keep their own code and get that code's HTTP status (HTTP_STATUS), HTTP
errors (404 route, 405, 414) keep their status (and a 405 its Allow header), an unreadable
database is 503, and anything else is a bug: 500, logged on one line (the full traceback only
at debug level, so a broken request cannot flood logs). A puzzledb code with no HTTP status
is a command's (usage, sql_error) reaching the service: a bug too.
"""

from __future__ import annotations

import sqlite3
import traceback

from flask import Flask, Response, current_app, request
from werkzeug.exceptions import HTTPException

from puzzledb.builder.core.errors import PuzzledbError
from puzzledb.builder.core.message_text import safe_message, shown

from ...answer_types import Error
from ..openapi import REFUSAL_HEADER
from . import error_page
from .caching import dumps
from .headers import ERROR_PAGE_POLICY

CODES = {404: "not_found", 405: "method_not_allowed", 413: "body_refused", 414: "query_too_long"}

#: The HTTP status of each puzzledb error code the service answers with (docs/errors.md).
#: The others (usage, sql_error, too_large...) belong to commands: one here is a bug, a 500.
HTTP_STATUS = {
    "malformed": 400,
    "bad_definition": 400,
    "unknown_puzzle": 404,
    "unreachable": 404,
    "not_built": 404,
    "beyond_radius": 404,
    "time_limit": 503,
    "database_error": 503,
    "not_puzzledb": 503,
    "database_version": 503,
}


def error_response(
    status: int, code: str, message: str, headers: dict[str, str] | None = None
) -> Response:
    body: Error = {"error": {"code": code, "message": safe_message(message)}}
    response = Response(dumps(body), status=status, headers=headers, mimetype="application/json")
    response.headers["Cache-Control"] = "no-store"
    return response


def page_response(status: int, message: str, headers: dict[str, str] | None = None) -> Response:
    """The error as a page for a browser, under a policy that lets it load its stylesheet."""
    body = error_page.page(status, message, request.path)
    response = Response(body, status=status, headers=headers, mimetype="text/html")
    response.headers["Cache-Control"] = "no-store"
    response.headers["Content-Security-Policy"] = ERROR_PAGE_POLICY
    return response


#: What clients are told of a fault in the service's own file: its messages name the file's
#: path, which is the operator's to know (it goes to the log), not every client's.
FILE_FAULTS = {
    "database_error": "the database could not be read; try again",
    "not_puzzledb": "the service's database file is not a puzzledb database",
    "database_version": "the service's database file was written by another version of puzzledb",
}


def _puzzledb(error: PuzzledbError) -> Response:
    status = HTTP_STATUS.get(error.code)
    if status is None:
        return _bug(error)
    public = getattr(error, "public", None) or FILE_FAULTS.get(error.code)
    if public is None:  # a refusal: what was asked is wrong, or not here
        asked = request.headers.get(REFUSAL_HEADER) == "200"
        return error_response(200 if asked else status, error.code, error.message)
    current_app.logger.error("database fault on %s: %s", request.path, error.message)
    return error_response(status, error.code, public)


def _http(error: HTTPException) -> Response:
    status = error.code or 500
    code = CODES.get(status) or (error.name or "error").lower().replace(" ", "_")
    allowed = ", ".join(getattr(error, "valid_methods", None) or [])  # set on 405
    if status == 404:
        message = (
            f"no such route: {shown(request.path, 100)} (the routes are listed in /openapi.json)"
        )
    elif status == 405:
        message = (
            f"{shown(request.method)[1:-1]} is not allowed on {shown(request.path, 100)}; "
            f"allowed: {allowed}"
        )
    else:
        message = _plain(error.description or error.name or "error")
    headers = {"Allow": allowed} if allowed else None
    if error_page.wants_page(request.path, request.headers.get("Accept")):
        return page_response(status, message, headers)
    return error_response(status, code, message, headers)


def _plain(message: str) -> str:
    """Werkzeug's stock descriptions are worded for HTML pages; one line of text suits JSON."""
    return " ".join(str(message).split())


def _database(error: Exception) -> Response:
    name = getattr(error, "sqlite_errorname", None)
    current_app.logger.error(
        "database error on %s: %s%s", request.path, error, f" ({name})" if name else ""
    )
    return error_response(503, "database_error", "the database could not be read; try again")


def _bug(error: Exception) -> Response:
    frames = traceback.extract_tb(error.__traceback__)
    where = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames else ""
    current_app.logger.error("internal error on %s: %r%s", request.path, error, where)
    current_app.logger.debug("traceback", exc_info=error)
    return error_response(500, "internal_error", "internal error; it has been logged")


def register(app: Flask) -> None:
    app.register_error_handler(PuzzledbError, _puzzledb)
    app.register_error_handler(HTTPException, _http)
    app.register_error_handler(sqlite3.Error, _database)
    app.register_error_handler(Exception, _bug)
