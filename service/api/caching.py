"""Build rows kept per connection until a build changes the file, and the ETags they give.

Data only changes with a build, so each worker connection remembers the Build rows it has
resolved and checks `PRAGMA data_version` (no file read) on every request instead of querying
`puzzles` again. The rows a request resolves are noted in `flask.g`; its ETag names exactly
those builds. The rows are validated before the data is read, so in a race with a build the
data can only be newer than its ETag, never older: a stale answer is never confirmed by a 304.
"""

from __future__ import annotations

import functools
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
    """Answers that resolve each (puzzle, goal) once per database version and note the build."""

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
