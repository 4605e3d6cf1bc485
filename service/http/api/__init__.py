"""The HTTP API: lookup routes and service routes as blueprints, JSON error handlers, and the
headers every response carries."""

from __future__ import annotations

from flask import Flask

from . import errors, headers, lookups, meta, params


def register(app: Flask) -> None:
    app.before_request(params.refuse_long_query)
    app.before_request(params.refuse_other_methods)
    app.before_request(params.refuse_bodies)
    # Flask's documented way to add WSGI middleware; its types declare wsgi_app a method.
    app.wsgi_app = headers.SecureHeaders(app.wsgi_app)  # type: ignore[method-assign]
    app.register_blueprint(lookups.bp)
    app.register_blueprint(meta.bp)
    errors.register(app)
