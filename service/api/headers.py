"""Headers on every response, the page's files and the JSON alike: a browser may not guess
a type, send our addresses as referrers, frame us, or load anything from elsewhere."""

from __future__ import annotations

from flask.wrappers import Response

#: The page loads its own files and calls its own API, nothing else.
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
#: JSON needs nothing at all.
DATA_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"

SECURITY = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
}


def secure(response: Response) -> Response:
    for name, value in SECURITY.items():
        response.headers.setdefault(name, value)
    html = response.mimetype == "text/html"
    response.headers.setdefault("Content-Security-Policy", PAGE_POLICY if html else DATA_POLICY)
    return response
