"""Reading a request's query string against the parameters the OpenAPI document lists.

Only documented parameters are accepted, each at most once, and required ones must be there:
anything else is MalformedInput naming the parameter, never a silent default. The values stay
text; the route's question (service.questions) checks them and words the errors as the CLI
does.
"""

from __future__ import annotations

import functools

from flask import current_app, request
from werkzeug.exceptions import MethodNotAllowed, RequestEntityTooLarge, RequestURITooLarge

from puzzledb.builder.core.errors import MalformedInput

from ...settings import SETTINGS
from .. import openapi

SHOWN = 40  # characters of an unknown parameter's name repeated in the message


class QueryTooLong(RequestURITooLarge):
    description = "the query string is too long"


def refuse_long_query() -> None:
    """Before any view: query strings over the limit are refused (414), whatever the route."""
    limit = current_app.config[SETTINGS["max_query_bytes"].config_key]
    if len(request.query_string) > limit:
        raise QueryTooLong(
            f"the query string has {len(request.query_string)} bytes; at most {limit} are accepted"
        )


class BodyRefused(RequestEntityTooLarge):
    description = "the API takes no request body; send the question in the query string"


def refuse_bodies() -> None:
    """Before any view: a request with a body is refused (413), whatever the route: every
    route is a GET of its query string, and a body is never read (serve's worker closes the
    connection rather than wait for it)."""
    if request.content_length or "chunked" in request.headers.get("Transfer-Encoding", ""):
        raise BodyRefused()


def refuse_other_methods() -> None:
    """Only GET and HEAD are served: Flask would answer OPTIONS itself, with an HTML 200."""
    if request.method == "OPTIONS" and request.routing_exception is None:
        raise MethodNotAllowed(valid_methods=["GET", "HEAD"])


def read(route: str) -> dict:
    """The query parameters of `route` as {name: value}, checked against its documentation;
    documented defaults fill in the optional ones left out."""
    names, required, defaults = _documented(route)
    args = request.args
    values = dict(defaults)
    for key, given in args.lists():
        if key not in names:
            shown = key if len(key) <= SHOWN else key[:SHOWN] + "..."
            accepted = ", ".join(names) if names else "no parameters"
            raise MalformedInput(f"unknown parameter '{shown}'; {route} accepts {accepted}")
        if len(given) > 1:
            raise MalformedInput(f"parameter '{key}' is given {len(given)} times; give it once")
        values[key] = given[0]
    for name in required:
        if name not in args:
            raise MalformedInput(
                f"missing parameter '{name}': {route} needs {' and '.join(required)}"
            )
    return values


@functools.cache
def _documented(route: str) -> tuple[tuple, tuple, dict]:
    """(names, required names, defaults) of a route's documented parameters."""
    documented = openapi.parameters(route)
    names = tuple(p["name"] for p in documented)
    required = tuple(p["name"] for p in documented if p["required"])
    defaults = {p["name"]: p["schema"]["default"] for p in documented if "default" in p["schema"]}
    return names, required, defaults
