"""Build rows kept per connection until a build changes the file, and the ETags they give.

Data only changes with a build, so each worker connection remembers the Build rows it has
resolved and checks `PRAGMA data_version` (no file read) on every request instead of querying
`puzzles` again. The rows a request resolves are noted in `flask.g`; its ETag names exactly
those builds. The rows are validated before the data is read, so in a race with a build the
data can only be newer than its ETag, never older: a stale answer is never confirmed by a 304.
"""

from __future__ import annotations

import contextlib
import functools
import threading
from collections import OrderedDict
import hashlib
import json

from flask import current_app, g, request
from flask.wrappers import Response

from db import queries
from db.queries import Build

from ..answers import Answers
from ..openapi import VERSION

INFO_KEY = "puzzledb.builds"
MAX_RESOLVED = 512  # (puzzle, goal text) pairs remembered per connection before starting over


class BuildCache:
    """What one connection knows about the builds, valid while data_version stays `version`."""

    def __init__(self, version: int):
        self.version = version
        self.resolved: dict[tuple, tuple] = {}
        self.builds: list[Build] | None = None
        self.answers: OrderedDict[tuple, tuple] = OrderedDict()  # most recently used last


def cache_for(conn) -> BuildCache:
    version = queries.data_version(conn)
    cache = conn.info.get(INFO_KEY)
    if cache is None or cache.version != version:
        cache = conn.info[INFO_KEY] = BuildCache(version)
    return cache


def all_builds(conn) -> list[Build]:
    cache = cache_for(conn)
    if cache.builds is None:
        cache.builds = queries.all_builds(conn)
    _note(cache.builds)
    return cache.builds


class TrackedAnswers(Answers):
    """Answers that resolve each (puzzle, goal) once per database version and note the build.

    Each worker thread keeps one open connection rather than checking one out of the pool
    for every request. SQLite reads outside an explicit transaction, so an idle connection
    holds no snapshot and sees each build as soon as it commits.
    """

    def __init__(self, engine, db_hint: str = "", answer_cache: int = 0):
        super().__init__(engine, db_hint)
        self._local = threading.local()
        self.answer_cache = answer_cache

    def cached(self, method: str, *args) -> dict:
        """Answers.<method>(*args), remembered per worker while the database is unchanged.

        A build's data never changes, so a remembered answer is exact until data_version
        says a build committed (then the whole cache goes with the old BuildCache). Errors
        are not remembered. At most `answer_cache` answers, least recently used dropped.
        """
        if not self.answer_cache:
            return getattr(self, method)(*args)
        with self.connection() as conn:
            cache = cache_for(conn)
        key = (method, *args)
        hit = cache.answers.get(key)
        if hit is not None:
            cache.answers.move_to_end(key)
            _note(hit[1])
            return hit[0]
        noted = len(g.get("builds", ()))
        answer = getattr(self, method)(*args)
        cache.answers[key] = (answer, list(g.builds[noted:]))
        if len(cache.answers) > self.answer_cache:
            cache.answers.popitem(last=False)
        return answer

    @contextlib.contextmanager
    def connection(self):
        conn = getattr(self._local, "conn", None)
        if conn is None or conn.closed or conn.invalidated:
            conn = self._local.conn = self.engine.connect()
        try:
            yield conn
        except BaseException:
            conn.rollback()
            raise
        conn.rollback()  # ends SQLAlchemy's bookkeeping transaction; a no-op for SQLite

    def resolve(self, conn, name, goal_text):
        cache = cache_for(conn)
        key = (name, goal_text)
        found = cache.resolved.get(key)
        if found is None:
            found = super().resolve(conn, name, goal_text)  # errors are not remembered
            if len(cache.resolved) >= MAX_RESOLVED:
                cache.resolved.clear()
            cache.resolved[key] = found
        _note([found[1]])
        return found


def _note(builds: list[Build]) -> None:
    g.setdefault("builds", []).extend(builds)


@functools.lru_cache(maxsize=1024)
def etag(builds: tuple[Build, ...]) -> str:
    """Names the service version and each build by id and build time (files made before ids
    were AUTOINCREMENT may reuse an id). Remembered: the same builds answer request after
    request."""
    digest = hashlib.blake2b(VERSION.encode(), digest_size=12)
    for b in builds:
        digest.update(f"\0{b.id}\0{b.name}\0{b.goal}\0{b.built_at}\0{b.build_seconds}".encode())
    return digest.hexdigest()


def respond(answer: dict, *, tag: str | None = None, revalidate: bool = False) -> Response:
    """`answer` as JSON with an ETag (by default, of the builds this request used), or 304.

    Runs on every answer, so headers are plain strings and If-None-Match is only parsed
    when it is sent.
    """
    tag = tag or etag(tuple(g.get("builds", ())))
    max_age = current_app.config["PUZZLEDB_MAX_AGE"]
    headers = {
        "ETag": f'"{tag}"',
        "Cache-Control": "public, no-cache" if revalidate else f"public, max-age={max_age}",
    }
    if "HTTP_IF_NONE_MATCH" in request.environ and request.if_none_match.contains_weak(tag):
        return Response(status=304, headers=headers)
    return Response(dumps(answer), headers=headers, mimetype="application/json")


def dumps(answer: dict) -> str:
    """Compact UTF-8 JSON, keys in the order Answers gives them (the CLI's --json order)."""
    return json.dumps(answer, ensure_ascii=False, separators=(",", ":"))
