"""puzzledb's Datasette plugin: `state_key()` (db.state_key) on every connection Datasette
opens, so that a question by state reads a build of classes by its key there too. Datasette
finds it through the `datasette` entry point in pyproject.toml when both are installed in one
environment; nothing imports it otherwise."""

from __future__ import annotations

import sqlite3

from datasette import hookimpl

from puzzledb.db import state_key


@hookimpl
def prepare_connection(conn: sqlite3.Connection) -> None:
    state_key.register(conn)
