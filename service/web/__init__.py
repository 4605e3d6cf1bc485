"""The web page at "/": one HTML file and plain scripts shipped in the package.

Everything the page needs is served from here (no CDN, no build step), and its Content
Security Policy lets it load nothing and call nothing outside this service. The page only
talks to the JSON API; it holds no puzzle rules of its own.
"""

from __future__ import annotations

from flask import Blueprint, Response

bp = Blueprint("web", __name__, static_folder="static", static_url_path="/static")


@bp.get("/")
def index() -> Response:
    """The page; its Content-Security-Policy (service.http.api.headers) is on every HTML response,
    /static/index.html included."""
    return bp.send_static_file("index.html")
