"""Headers on every response, the page's files and the JSON alike: a browser may not guess
a type, send our addresses as referrers, frame us, or load anything from elsewhere.

The page's policy goes by address ("/" and /static/), not by content type: a 304 has no
type, and a browser applies a 304's headers to the copy it keeps, so a 304 for "/" with the
JSON's `default-src 'none'` would forbid the page its own stylesheet and scripts on reload.

Added as WSGI middleware, to the raw header list, because it runs on every response:
Flask's Headers.setdefault costs more than the rest of a remembered answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from _typeshed import OptExcInfo
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

#: The page loads its own files and calls its own API, nothing else.
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
#: JSON needs nothing at all.
DATA_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"
#: An error shown to a browser as a page (service.http.api.error_page): the page's stylesheet only.
ERROR_PAGE_POLICY = (
    "default-src 'none'; style-src 'self'; img-src data:; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'"
)

SECURITY = [
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
]


class SecureHeaders:
    """Wraps a WSGI app; adds SECURITY and a Content-Security-Policy to every response that
    does not set its own."""

    def __init__(self, app: WSGIApplication) -> None:
        self.app = app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        def start(
            status: str, headers: list[tuple[str, str]], exc_info: OptExcInfo | None = None
        ) -> Callable[[bytes], object]:
            names = {name.lower(): value for name, value in headers}
            headers.extend(h for h in SECURITY if h[0].lower() not in names)
            if "content-security-policy" not in names:
                page = is_page(environ.get("PATH_INFO", ""))
                headers.append(("Content-Security-Policy", PAGE_POLICY if page else DATA_POLICY))
            return start_response(status, headers, exc_info)

        return self.app(environ, start)


def is_page(path: str) -> bool:
    """Whether a request is for the page or one of its files (under any mount point: WSGI
    gives the path below it)."""
    return path in ("", "/") or path.startswith("/static/")
