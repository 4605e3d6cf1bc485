"""The HTTP API: lookup routes and service routes as blueprints, JSON error handlers."""

from __future__ import annotations

from flask import Flask

from . import errors, lookups, meta, params


def register(app: Flask) -> None:
    app.before_request(params.refuse_long_query)
    app.register_blueprint(lookups.bp)
    app.register_blueprint(meta.bp)
    errors.register(app)
