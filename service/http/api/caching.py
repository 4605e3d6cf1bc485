"""The service's answers: encoded once, remembered within a byte budget, retried when the file
changes under them, and stopped at a time limit.

The answer layer (Answers) is used as it is, reading through FreshConnections (one connection
per thread that follows rebuilds and newly published files); this module only adds what a
public service needs around it. ETags name the builds that answered; a build is resolved
before its data is read, so in a race with a build the data can only be newer than its ETag,
never older.
"""

from __future__ import annotations

import functools
import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from typing import TypeVar, cast

from flask import current_app, request
from flask.wrappers import Response

from puzzledb.db.connection import Database, ReadConnection
from puzzledb.db.errors import TimeLimit
from puzzledb.db.queries import Build
from puzzledb.db.thread_connections import FreshConnections

from ...answers import Answers
from ...answers.figure import board_svg
from ...questions import FigureQuestion, Question
from ...settings import SETTINGS
from ..openapi import VERSION
from .answer_cache import AnswerCache

RETRY_PAUSES = (0, 0.02, 0.1)  # seconds before each new try after a database error
#: What a retried question gives: an encoded answer, or the builds.
Asked = TypeVar("Asked")


class ServiceAnswers:
    """Answers for many threads over one file that may be rebuilt or replaced while serving."""

    def __init__(
        self,
        database: Database,
        answer_cache: int,
        db_hint: str = "",
        *,
        time_limit: float,
    ) -> None:
        self.cache = AnswerCache(answer_cache)
        self.connections = FreshConnections(database, on_change=self.cache.invalidate)
        self.db_hint = db_hint
        self.time_limit = time_limit
        self._lock = threading.Lock()
        self._answers = (0, Answers(self.connections, db_hint))

    @property
    def answers(self) -> Answers:
        """The Answers of the data this thread saw at its last check: one Answers a generation,
        so the build rows it remembers come from that generation only. A thread behind the
        newest generation (a request begun before a publish) gets one of its own, which
        remembers nothing for anyone else."""
        seen = self.connections.seen()
        with self._lock:
            generation, answers = self._answers
            if seen == generation:
                return answers
            answers = Answers(self.connections, self.db_hint)
            if seen > generation:
                self._answers = (seen, answers)
            return answers

    def connection(self) -> AbstractContextManager[ReadConnection]:
        return self.connections.connection()

    def all_builds(self, conn: sqlite3.Connection) -> list[Build]:
        return self.answers.all_builds(conn)

    def retrying(self, ask: Callable[[], Asked]) -> Asked:
        """ask() again on a fresh connection when the file changed under this one: a build that
        dropped the table a remembered Build row names, or a journal-mode switch caught half
        way (a reader that cannot write sees SQLITE_READONLY_* until the switch completes)."""
        for pause in RETRY_PAUSES:
            try:
                return ask()
            except sqlite3.Error:
                self.connections.forget()
                time.sleep(pause)
        return ask()

    # -- answers, encoded --------------------------------------------------------------------
    def encoded(self, question: Question) -> tuple[bytes, str]:
        """(JSON body, ETag) of the answer to `question`, from memory when the same question
        was answered since the data last changed. TimeLimit past the time limit.

        One connection resolves the question and answers it, under the time limit: the one
        this thread's check handed out (a publish meanwhile is seen by the next request)."""
        with self.connection() as conn:
            generation, answers = self.connections.seen(), self.answers
            conn.deadline = time.monotonic() + self.time_limit
            try:
                resolved = answers.resolved(conn, question)
                key = resolved.question.key
                found = self.cache.get(key) if self.cache.budget else None
                if found is not None:
                    return found
                answer = answers.answer_to(conn, resolved)
            except sqlite3.Error:
                if conn.past_deadline():
                    raise TimeLimit(
                        f"the answer took more than {self.time_limit:g} s and was stopped; "
                        f"ask for a smaller page"
                    ) from None
                raise
            finally:
                conn.deadline = None
        body, tag = dumps(answer).encode(), etag((resolved.build,))
        if self.cache.budget:
            self.cache.put(key, body, tag, generation)
        return body, tag

    def figure(self, question: FigureQuestion) -> tuple[bytes, str]:
        """(SVG, ETag) of a position drawn as the page draws its board, from the puzzle's
        definition and the state's pieces: no row is read but the build's, so no time limit."""
        with self.connection() as conn:
            generation, resolved = self.connections.seen(), self.answers.resolved(conn, question)
        key = resolved.question.key
        found = self.cache.get(key) if self.cache.budget else None
        if found is not None:
            return found
        puzzle, state = resolved.puzzle, str(cast(FigureQuestion, resolved.question).state)
        pieces = [{"label": label, "cells": cells} for label, cells in puzzle.placed(state)]
        body = board_svg({**puzzle.spec(), "goal": resolved.goal}, pieces).encode()
        tag = etag((resolved.build,))
        if self.cache.budget:
            self.cache.put(key, body, tag, generation)
        return body, tag


@functools.lru_cache(maxsize=1024)
def etag(builds: tuple[Build, ...]) -> str:
    """Names the service version and each build by id and build time (files made before ids
    were AUTOINCREMENT may reuse an id). Remembered: the same builds answer request after
    request."""
    digest = hashlib.blake2b(VERSION.encode(), digest_size=12)
    for b in builds:
        digest.update(f"\0{b.id}\0{b.name}\0{b.goal}\0{b.built_at}\0{b.build_seconds}".encode())
    return digest.hexdigest()


def respond(
    body: bytes | Mapping[str, object],
    tag: str,
    *,
    revalidate: bool = False,
    mimetype: str = "application/json",
) -> Response:
    """`body` (JSON bytes, or a dict to encode) with its ETag, or 304 when the client has it:
    Werkzeug's make_conditional compares If-None-Match weakly (`W/"tag"`, `*`, a list) for GET
    and HEAD, and strips the body and its headers from a 304.

    If-Match is not evaluated, as before it was used: a GET changes nothing for it to guard,
    and Werkzeug's 412 would carry the answer as its body
    (tests/http/test_conditional.py). Measured on eight's longest /path in a request context,
    respond() takes 19 us for a 200 and 22 us for a 304 where headers written by hand took 9
    and 9; under bench/load.py the difference is lost in the noise of a shared machine (/path
    at 1,966 requests/s after, 1,810 before).
    """
    max_age = current_app.config[SETTINGS["max_age"].config_key]
    if not isinstance(body, bytes):
        body = dumps(body).encode()
    response = Response(body, mimetype=mimetype)
    response.set_etag(tag)
    response.headers["Cache-Control"] = (
        "public, no-cache" if revalidate else f"public, max-age={max_age}"
    )
    environ = request.environ
    if "HTTP_IF_MATCH" in environ:
        environ = {name: value for name, value in environ.items() if name != "HTTP_IF_MATCH"}
    response.make_conditional(environ)  # its Date header gunicorn replaces by its own
    return response


def dumps(answer: Mapping[str, object]) -> str:
    """Compact UTF-8 JSON, keys in the order Answers gives them (the CLI's --json order)."""
    return json.dumps(answer, ensure_ascii=False, separators=(",", ":"))
