"""A newly published file, or a build committed in place, answers every request from the next
one on: on every thread, whether that thread held a connection before the change or not, and
whatever the answer cache and the remembered build rows held.

The old data is a seven build within radius 5, the new one a full build: /stats and /farthest
differ between them (radius, states, depth), so an old answer cannot pass for a new one.
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import socket
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from support.servers import puzzledb_serve

from puzzledb.builder import catalogue
from puzzledb.db.build import build, build_to
from puzzledb.db.connection import writer
from puzzledb.service.http.app import create_app

SEVEN = catalogue.get("seven")
QUESTIONS = ["/stats?puzzle=seven", "/farthest?puzzle=seven&limit=1", "/puzzles"]
THREADS = 16


def radius_of(route: str, answer: dict):
    """The radius the answering build has, as each route tells it."""
    if route.startswith("/puzzles"):
        (seven,) = [p for p in answer["puzzles"] if p["name"] == "seven"]
        return seven["builds"][0]["radius"]
    return answer["radius"]


def old_build(path: Path) -> None:
    build_to(path, SEVEN, SEVEN.default_goal, radius=5)


def publish_by_rename(served: Path) -> None:
    """cp + mv, as docs/deploying.md says to publish: build elsewhere, copy beside, rename over."""
    staging = served.parent / "staging" / "new.sqlite"
    build_to(staging, SEVEN, SEVEN.default_goal)
    shutil.copy(staging, served.parent / ".served.new")
    os.replace(served.parent / ".served.new", served)


def rebuild_in_place(served: Path) -> None:
    db = writer(served)
    build(db, SEVEN, SEVEN.default_goal)
    db.close()


PUBLISH = [publish_by_rename, rebuild_in_place]


def on_new_threads(ask, count: int) -> list:
    """ask() once on each of `count` threads that did not exist before the publish, all at
    once (a barrier holds them until every one is ready)."""
    ready = threading.Barrier(count)

    def one(_):
        ready.wait()
        return ask()

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(one, range(count)))


@pytest.mark.parametrize("publish", PUBLISH)
@pytest.mark.parametrize("cache", [1000**2, 0])
def test_threads_that_never_asked_before_answer_the_new_data(tmp_path, publish, cache):
    served = tmp_path / "served.sqlite"
    old_build(served)
    app = create_app(served, {"answer_cache": cache})
    client = app.test_client()
    for route in QUESTIONS:  # asked once before: the cache and the build rows remember it
        assert radius_of(route, client.get(route).get_json()) == 5
    publish(served)

    def ask():
        client = app.test_client()
        return [radius_of(route, client.get(route).get_json()) for route in QUESTIONS]

    assert on_new_threads(ask, THREADS) == [[None] * len(QUESTIONS)] * THREADS
    assert [radius_of(r, client.get(r).get_json()) for r in QUESTIONS] == [None] * len(QUESTIONS)


def fetch_json(port: int, route: str) -> dict:
    """One request on a new connection."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", route)
        response = conn.getresponse()
        assert response.status == 200
        return json.loads(response.read())
    finally:
        conn.close()


@pytest.mark.parametrize("publish", PUBLISH)
def test_serve_answers_every_request_after_a_publish_from_the_new_data(tmp_path, publish):
    """`puzzledb serve` with one worker of many threads. The threads that answered before the
    publish (at most one a request: /health and QUESTIONS, one after another) are then kept
    busy reading requests that are not complete yet, so every request after the publish lands
    on a thread that opens the file for the first time. In a burst most requests do, but then
    by chance."""
    served = tmp_path / "served.sqlite"
    old_build(served)
    with puzzledb_serve(served, "--workers", "1", "--threads", str(THREADS)) as base:
        port = int(base.rsplit(":", 1)[1])
        for route in QUESTIONS:
            assert radius_of(route, fetch_json(port, route)) == 5
        busy = [socket.create_connection(("127.0.0.1", port)) for _ in range(len(QUESTIONS) + 1)]
        try:
            for sock in busy:
                sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")  # and the rest later
            publish(served)

            def ask():
                return [radius_of(route, fetch_json(port, route)) for route in QUESTIONS]

            count = THREADS - len(busy)
            answers = on_new_threads(ask, count)
        finally:
            for sock in busy:
                sock.close()
    assert answers == [[None] * len(QUESTIONS)] * count
