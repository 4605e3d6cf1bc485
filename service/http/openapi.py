"""The OpenAPI 3.1 document of the HTTP service.

Each lookup route's parameters are its question's (service.questions declares them once);
the views read their query parameters through this document (service.http.api.params), so a
parameter is accepted exactly when it is documented. Each answer's schema is generated from its
type (service.answer_types, by service.json_schema): none is written here.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from ..answer_types import (
    Catalogue,
    DepthAnswer,
    Error,
    FarthestAnswer,
    Health,
    MovesAnswer,
    PathAnswer,
    StatsAnswer,
)
from ..json_schema import components
from ..questions import (
    DepthQuestion,
    FarthestQuestion,
    FigureQuestion,
    MovesQuestion,
    PathQuestion,
    Question,
    StatsQuestion,
)
from ..settings import SETTINGS

MAX_QUERY_BYTES = SETTINGS["max_query_bytes"].value()  # longer query strings get 414
MAX_REQUEST_LINE = 8190  # gunicorn's largest; it refuses longer request lines itself

try:
    VERSION = version("puzzledb")
except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
    VERSION = "0.0.0"


LOOKUP = ("400", "404", "405", "414")
META = ("405", "414")


def _parameters(question: type[Question]) -> list[dict]:
    return [param.openapi() for param in question.params]


#: A request header: a refusal (a 4xx of puzzledb's own) answered with status 200 and the same
#: JSON body, for a client that must not count a user's typing error as a failed request (a
#: browser logs every 4xx in its console). Failures (5xx) keep their status.
REFUSAL_HEADER = "Puzzledb-Refusal-Status"
REFUSAL_PARAMETER = {
    "name": REFUSAL_HEADER,
    "in": "header",
    "required": False,
    "description": (
        "200: a refusal of what was asked (400 malformed, 404 unknown, unreachable, not built, "
        "beyond the radius) is answered with status 200 and its usual body "
        '{"error": {"code", "message"}}; the page sends it for positions a player types.'
    ),
    "schema": {"type": "string", "enum": ["200"]},
    "example": "200",
}


def _get(
    summary: str,
    description: str,
    params: list[dict],
    answer: str,
    errors: tuple[str, ...] = LOOKUP,
    cached: bool = True,
    content: dict | None = None,
) -> dict:
    responses = {
        "200": {
            "description": "The answer.",
            "headers": _headers(cached),
            "content": content or _json(f"#/components/schemas/{answer}"),
        }
    }
    if cached:
        responses["304"] = {"description": "Not modified: If-None-Match named the current ETag."}
    for status in errors + ("500", "503"):
        responses[status] = {"$ref": f"#/components/responses/{ERRORS[status][0]}"}
    return {
        "get": {
            "summary": summary,
            "description": description,
            "parameters": params + ([REFUSAL_PARAMETER] if "400" in errors else []),
            "responses": responses,
        }
    }


def _headers(cached: bool) -> dict:
    if not cached:
        return {}
    return {
        "ETag": {
            "description": "Changes when the build answering changes (a rebuild).",
            "schema": {"type": "string"},
        },
        "Cache-Control": {
            "description": "public, max-age=60 (health: no-cache).",
            "schema": {"type": "string"},
        },
    }


def _json(ref: str) -> dict:
    return {"application/json": {"schema": {"$ref": ref}}}


ERRORS = {
    "400": (
        "Malformed",
        "Malformed input: a bad state, goal or number, a missing, unknown or "
        "repeated parameter (code malformed).",
    ),
    "404": (
        "NotFound",
        "Unknown puzzle (unknown_puzzle), a state that cannot reach the goal "
        "(unreachable), a state beyond a radius build (beyond_radius), a puzzle or goal "
        "not built (not_built), or no such route (not_found).",
    ),
    "405": (
        "MethodNotAllowed",
        "Only GET (and HEAD) are served, OPTIONS included (code method_not_allowed).",
    ),
    "414": (
        "QueryTooLong",
        f"The query string is over {MAX_QUERY_BYTES} bytes (code query_too_long).",
    ),
    "500": ("Internal", "A bug in puzzledb (code internal_error); never a stack trace."),
    "503": (
        "Unavailable",
        "The database could not be read (database_error), is not a "
        "puzzledb file (not_puzzledb) or of another schema version (database_version), or "
        "the lookup ran past the service's time limit (time_limit).",
    ),
}

PATHS = {
    "/path": _get(
        "An optimal path from a state to the goal",
        "The states from `state` to the goal, and the move made in each.",
        _parameters(PathQuestion),
        PathAnswer.__name__,
    ),
    "/depth": _get(
        "States at one distance from the goal",
        "A page of the states exactly `d` moves from the goal, in text order.",
        _parameters(DepthQuestion),
        DepthAnswer.__name__,
    ),
    "/farthest": _get(
        "The states farthest from the goal",
        "The states needing the most moves (up to `limit` of them).",
        _parameters(FarthestQuestion),
        FarthestAnswer.__name__,
    ),
    "/stats": _get(
        "Build statistics",
        "State count, maximum depth and states per depth.",
        _parameters(StatsQuestion),
        StatsAnswer.__name__,
    ),
    "/moves": _get(
        "Every legal move from a state, best first",
        "Each move, the state it leads to and that state's depth (null: not stored, "
        "so the goal cannot be reached from it, or it lies beyond a radius build), "
        "sorted by depth; `optimal` marks the moves of optimal paths.",
        _parameters(MovesQuestion),
        MovesAnswer.__name__,
    ),
    "/figure": _get(
        "A position drawn",
        "The state drawn as the page draws its board, as a standalone SVG document (the "
        "page's small boards of listed states): any state of the puzzle, held by the build "
        "or not; the goal's pieces in their colour.",
        _parameters(FigureQuestion),
        "",
        content={"image/svg+xml": {"schema": {"type": "string"}}},
    ),
    "/puzzles": _get(
        "The catalogue",
        "Every puzzle, with the goals built and their sizes.",
        [],
        Catalogue.__name__,
        META,
    ),
    "/health": _get(
        "Liveness", "The service is up and can read its database.", [], Health.__name__, META
    ),
    "/openapi.json": _get(
        "This document", "The OpenAPI document of this service.", [], "OpenAPI", META
    ),
}


#: The answers' schemas, generated from their types: the contract is service.answer_types.
SCHEMAS = {
    **components(
        PathAnswer,
        DepthAnswer,
        FarthestAnswer,
        StatsAnswer,
        MovesAnswer,
        Catalogue,
        Health,
        Error,
    ),
    "OpenAPI": {"type": "object", "description": "An OpenAPI 3.1 document."},
}

DESCRIPTION = f"""Optimal solutions of sliding-block and peg puzzles, precomputed: every answer
is a lookup in a read-only SQLite database built offline by `puzzledb build`.

* Every response is JSON but /figure's SVG; errors are `{{"error": {{"code", "message"}}}}`.
  (A browser that opens an address outside these routes, its Accept preferring text/html,
  gets such an error as a small HTML page instead.)
* Unknown query parameters are refused (400, code malformed), as are repeated ones, so a
  misspelt parameter never silently falls back to a default.
* Query strings over {MAX_QUERY_BYTES} bytes get 414 (code query_too_long). Request lines over
  {MAX_REQUEST_LINE} bytes never reach the app: `puzzledb serve` refuses them first (414, code
  request_line_too_long, the connection closed).
* A request with a body gets 413 (code body_refused): every route is a GET of its query
  string; `puzzledb serve` closes the connection without reading the body.
* Answers carry an `ETag` tied to the build that answered (all builds for /puzzles and
  /health) and `Cache-Control: public, max-age=60`; `If-None-Match` gets 304.
* Every response carries `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`,
  `X-Frame-Options: DENY` and a `Content-Security-Policy`.
* One lookup may run for at most the service's time limit (2 s by default), else 503
  (code time_limit).
* `/` serves a web page for people (HTML and its files under `/static/`), built on these
  routes; it is not part of this API.
"""


def document() -> dict:
    return {
        "openapi": "3.1.0",
        "info": {"title": "puzzledb", "version": VERSION, "description": DESCRIPTION},
        "paths": PATHS,
        "components": {
            "schemas": SCHEMAS,
            "responses": {
                name: {
                    "description": text,
                    "content": _json(f"#/components/schemas/{Error.__name__}"),
                }
                for name, text in ERRORS.values()
            },
        },
    }


def parameters(route: str) -> list[dict]:
    """The documented query parameters of `route` (KeyError for an undocumented route)."""
    return [p for p in PATHS[route]["get"]["parameters"] if p["in"] == "query"]
