"""The error a browser gets as a page: an address typed or followed that the service cannot
serve (an unknown path, an address too long) is shown as a small HTML page in the page's
style, with the message and a link to the page, instead of raw JSON.

Only where JSON would help no one: the request prefers text/html to JSON (a browser's
navigation does; the page's own fetches send */* and API clients JSON) and is not for an API
route. Both the app's error handlers and serve's worker (which refuses over-long request
lines and headers before the app sees them) ask `wants_page` and answer with `page`.
"""

from __future__ import annotations

import html
from http import HTTPStatus

from werkzeug.datastructures import MIMEAccept
from werkzeug.http import parse_accept_header

from .. import openapi

#: The API's routes: their errors stay JSON whoever asks.
API_ROUTES = frozenset(openapi.PATHS)


def wants_page(path: str, accept: str | None) -> bool:
    """Whether an error for `path` goes to a browser as a page: `accept` (the Accept header)
    prefers text/html to JSON, and `path` (below the service's mount point) is no API route."""
    if path in API_ROUTES:
        return False
    accepted = parse_accept_header(accept, MIMEAccept)
    return accepted.best_match(["application/json", "text/html"]) == "text/html"


def page(status: int, message: str, path: str) -> str:
    """The error page for a request to `path`. Its links are relative to `path`, so they
    lead to the page's own stylesheet and to the page wherever the service is mounted."""
    home = "../" * max(path.count("/") - 1, 0) or "./"
    title = f"{status} {_phrase(status)}"
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title} · puzzledb</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="{home}static/page.css">
</head>
<body>
  <header>
    <h1>puzzledb</h1>
  </header>
  <main>
    <section>
      <h2>{title}</h2>
      <p>{html.escape(message)}</p>
      <p><a href="{home}">Go to the puzzle page</a></p>
    </section>
  </main>
</body>
</html>
"""


def _phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"
