"""The OpenAPI 3.1 document of the HTTP service.

Each lookup route's parameters are its question's (service.questions declares them once);
the views read their query parameters through this document (service.api.params), so a
parameter is accepted exactly when it is documented.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from .questions import (
    DepthQuestion,
    FarthestQuestion,
    MovesQuestion,
    PathQuestion,
    Question,
    StatsQuestion,
)
from .settings import SETTINGS

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


def _get(summary, description, params, answer, errors=LOOKUP, cached=True) -> dict:
    responses = {
        "200": {
            "description": "The answer.",
            "headers": _headers(cached),
            "content": _json(f"#/components/schemas/{answer}"),
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
            "parameters": params,
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
        "PathAnswer",
    ),
    "/depth": _get(
        "States at one distance from the goal",
        "A page of the states exactly `d` moves from the goal, in text order.",
        _parameters(DepthQuestion),
        "DepthAnswer",
    ),
    "/farthest": _get(
        "The states farthest from the goal",
        "The states needing the most moves (up to `limit` of them).",
        _parameters(FarthestQuestion),
        "FarthestAnswer",
    ),
    "/stats": _get(
        "Build statistics",
        "State count, maximum depth and states per depth.",
        _parameters(StatsQuestion),
        "StatsAnswer",
    ),
    "/moves": _get(
        "Every legal move from a state, best first",
        "Each move, the state it leads to and that state's depth (null: not stored, "
        "so the goal cannot be reached from it, or it lies beyond a radius build), "
        "sorted by depth; `optimal` marks the moves of optimal paths.",
        _parameters(MovesQuestion),
        "MovesAnswer",
    ),
    "/puzzles": _get(
        "The catalogue",
        "Every puzzle, with the goals built and their sizes.",
        [],
        "Catalogue",
        META,
    ),
    "/health": _get("Liveness", "The service is up and can read its database.", [], "Health", META),
    "/openapi.json": _get(
        "This document", "The OpenAPI document of this service.", [], "OpenAPI", META
    ),
}


def _object(properties: dict, required: list | None = None) -> dict:
    return {
        "type": "object",
        "properties": properties,
        "required": required if required is not None else list(properties),
    }


STR, INT = {"type": "string"}, {"type": "integer"}
RADIUS = {
    "type": ["integer", "null"],
    "description": "null: every state that can reach the goal is stored; a number: only "
    "states within that many moves (radius builds of large boards).",
}
STRS, INTS = {"type": "array", "items": STR}, {"type": "array", "items": INT}
DEFINITION = {
    "type": "object",
    "required": ["kind", "name", "title", "goal"],
    "description": "The puzzle's definition, as stored with its builds: enough to draw a board. "
    "sliding: rows, cols, blank, wide (label -> [height, width] of pieces larger "
    "than a cell), glyphs (label -> how it is drawn), names (label -> how moves "
    "call it), aliases, metric (single or unit: one piece one cell a move; multi: a run of "
    "tiles in line with the blank a move; straight: one piece any cells in one direction; "
    "finger: one piece anywhere it slides, nothing else moving), starts (name -> position); "
    "peg: jumps (hole -> [over, land] pairs) and layout (hole "
    "-> [row, column] on a drawing grid), metric (chain or jump), starts, board and lines.",
}
PIECES = {
    "type": "array",
    "description": "Every piece on the board and the cells it covers "
    "(a wide piece once, with its whole block; a peg's label is 1), in reading order of "
    "its first cell: enough to draw the state without knowing how a state is written.",
    "items": _object({"label": STR, "cells": INTS}),
}
COORDINATES = {
    "type": ["object", "null"],
    "properties": {"columns": STRS, "rows": STRS},
    "description": "The names of the board's columns (left to right) and rows (top to "
    "bottom) as move words name cells, e.g. 'small at b4' is column b, row 4 (a board's "
    "frame can carry them); null when no move names a cell.",
}
SOLUTIONS = {
    "type": "integer",
    "minimum": 1,
    "description": "How many distinct optimal paths lead from the state to the goal; "
    "exact at any size (it may exceed 2**53, past which JavaScript's "
    "numbers round).",
}
BUILD = _object(
    {
        "goal": STR,
        "states": INT,
        "max_depth": INT,
        "radius": RADIUS,
        "built_at": STR,
        "build_seconds": {"type": "number"},
        "exits": {
            "type": "array",
            "items": _object({"side": STR, "cells": INTS, "words": STR}),
            "description": "Where the pieces a goal pattern pins meet the board's edge (the "
            "exit a player looks for, e.g. Klotski's bottom under columns b-c); empty for a "
            "whole-position goal.",
        },
        "goal_words": {
            "type": "string",
            "description": "The goal as a player says it: the definition's own words for it, "
            'else its kind\'s rule ("the big piece out at the bottom", "one peg left in '
            'the centre (hole 16)", "the tiles in order").',
        },
        "targets": {
            "type": "boolean",
            "description": "Whether positions other than the built goals can be asked for as "
            "targets (`to`): true where every piece is distinct, so a build is renamed into one "
            "toward the target. A target is then answered when some build of the puzzle has "
            "its blank where a mirror or rotation of the board puts the target's.",
        },
        "why_no_targets": {
            "type": ["string", "null"],
            "description": "Why not, in words, when `targets` is false; else null.",
        },
        "starts": {
            "type": "array",
            "items": STR,
            "description": "The names of the puzzle's named starts (its `starts`) that this "
            "build holds, to open it at: a radius build may not reach a start (the English "
            "cross's classic start lies 31 jumps out).",
        },
    }
)

SCHEMAS = {
    "PathAnswer": _object(
        {
            "puzzle": STR,
            "goal": STR,
            "state": STR,
            "depth": INT,
            "solutions": SOLUTIONS,
            "path": STRS,
            "reached": {
                "type": "string",
                "description": "The goal position the path ends at: the goal itself, or the "
                "nearest of the positions a goal pattern matches.",
            },
            "moves": STRS,
            "pieces": {
                "type": "array",
                "items": PIECES,
                "description": "The pieces of each state of `path`.",
            },
        }
    ),
    "DepthAnswer": _object(
        {
            "puzzle": STR,
            "goal": STR,
            "depth": INT,
            "count": INT,
            "offset": INT,
            "after": {"type": ["string", "null"]},
            "states": STRS,
        }
    ),
    "FarthestAnswer": _object(
        {"puzzle": STR, "goal": STR, "depth": INT, "count": INT, "radius": RADIUS, "states": STRS}
    ),
    "StatsAnswer": _object(
        {
            "puzzle": STR,
            "goal": STR,
            "title": STR,
            "states": INT,
            "max_depth": INT,
            "radius": RADIUS,
            "histogram": INTS,
            "goal_positions": {
                "type": "integer",
                "description": "How many positions the goal stands for: 1, or every position "
                "a goal pattern ('?' any cell) matches; all are at depth 0.",
            },
            "most_solutions": _object(
                {"solutions": SOLUTIONS, "count": INT, "states": STRS},
            ),
            "classes": {
                "type": ["integer", "null"],
                "description": "A build of classes (a peg board whose mirrors and rotations "
                "keep the goal) stores one position of each class of symmetric positions: this "
                "many rows, every position still answered; null: a row per position.",
            },
            "built_at": {
                "type": "string",
                "description": "When the build began storing its rows (UTC, ISO 8601).",
            },
            "build_seconds": {"type": "number"},
            "started_at": {
                "type": ["string", "null"],
                "description": "When the build's search started (UTC, ISO 8601); null in a "
                "build made before puzzledb kept it.",
            },
            "finished_at": {
                "type": ["string", "null"],
                "description": "When the build committed, its data then readable (UTC, ISO "
                "8601); null in a build made before puzzledb kept it.",
            },
        }
    ),
    "MovesAnswer": _object(
        {
            "puzzle": STR,
            "goal": STR,
            "state": STR,
            "depth": {"type": ["integer", "null"]},
            "solutions": {**SOLUTIONS, "type": ["integer", "null"]},
            "why": {
                "type": "string",
                "description": "Only with any=true, for a state the build "
                "does not hold: why, in a player's words, no state written out (depth and "
                "solutions are then null).",
            },
            "why_details": {
                "type": "string",
                "description": "With `why`, when a rule of the puzzle shows it: the rule's "
                "own argument (a parity, a peg board's position class or pagoda function).",
            },
            "beyond_radius": {
                "type": "boolean",
                "description": "With `why`: true when the state lies beyond a radius build "
                "(not known to be lost), false when it cannot reach the goal or target.",
            },
            "pieces": PIECES,
            "moves": {
                "type": "array",
                "items": _object(
                    {
                        "move": STR,
                        "state": STR,
                        "depth": {"type": ["integer", "null"]},
                        "solutions": {
                            **SOLUTIONS,
                            "type": ["integer", "null"],
                            "description": "The optimal solutions of the state it leads to "
                            "(null where depth is null).",
                        },
                        "optimal": {"type": "boolean"},
                        "beyond_radius": {
                            "type": "boolean",
                            "description": "true: not stored because it "
                            "lies beyond a radius build (depth null); false otherwise",
                        },
                        "from": {
                            "type": "array",
                            "items": INT,
                            "description": "Cells of the piece that "
                            "moves (a wide piece's whole block; a peg's starting hole).",
                        },
                        "to": {
                            "type": "array",
                            "items": INT,
                            "description": "Cells it comes to rest on "
                            "(the blank cells a piece fills; the hole a peg's chain ends in).",
                        },
                        "pieces": {
                            **PIECES,
                            "description": "The pieces of the state the move leads to.",
                        },
                    }
                ),
            },
        },
        required=["puzzle", "goal", "state", "depth", "solutions", "pieces", "moves"],
    ),
    "Catalogue": _object(
        {
            "puzzles": {
                "type": "array",
                "items": _object(
                    {
                        "name": STR,
                        "title": STR,
                        "kind": {"enum": ["sliding", "peg"]},
                        "board": STR,
                        "default_goal": STR,
                        "starts": {
                            "type": "array",
                            "items": _object({"name": STR, "state": STR}),
                            "description": "The positions the definition names, each usable "
                            "by name as a state (Klotski's and the English cross's classic "
                            "`start`); empty when it names none.",
                        },
                        "builds": {"type": "array", "items": BUILD},
                        "definition": DEFINITION,
                        "coordinates": COORDINATES,
                    }
                ),
            }
        }
    ),
    "Health": _object({"status": {"const": "ok"}, "builds": INT}),
    "OpenAPI": {"type": "object", "description": "An OpenAPI 3.1 document."},
    "Error": _object({"error": _object({"code": STR, "message": STR})}),
}

DESCRIPTION = f"""Optimal solutions of sliding-block and peg puzzles, precomputed: every answer
is a lookup in a read-only SQLite database built offline by `puzzledb build`.

* Every response is JSON; errors are `{{"error": {{"code", "message"}}}}`. (A browser that
  opens an address outside these routes, its Accept preferring text/html, gets such an error
  as a small HTML page instead.)
* Unknown query parameters are refused (400, code malformed), as are repeated ones, so a
  misspelt parameter never silently falls back to a default.
* Query strings over {MAX_QUERY_BYTES} bytes get 414 (code query_too_long). Request lines over
  {MAX_REQUEST_LINE} bytes never reach the app: `puzzledb serve` refuses them first (414, code
  request_line_too_long, the connection closed).
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
                name: {"description": text, "content": _json("#/components/schemas/Error")}
                for name, text in ERRORS.values()
            },
        },
    }


def parameters(route: str) -> list[dict]:
    """The documented query parameters of `route` (KeyError for an undocumented route)."""
    return PATHS[route]["get"]["parameters"]
