"""The web page at "/": one HTML file and plain scripts shipped in the package.

Everything the page needs is served from here (no CDN, no build step), and its Content
Security Policy lets it load nothing and call nothing outside this service. The page only
talks to the JSON API; it holds no puzzle rules of its own.
"""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("web", __name__, static_folder="static", static_url_path="/static")

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


@bp.get("/")
def index():
    response = bp.send_static_file("index.html")
    response.headers["Content-Security-Policy"] = POLICY
    return response
