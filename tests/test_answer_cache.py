"""The service's answer cache: hits skip the database, a build empties it, its size is bounded."""

import time

from builder import catalogue
from builder.build import build
from db import queries
from db.connection import writer
from service.app import create_app


def counting_paths(monkeypatch):
    calls = []
    real = queries.path

    def path(conn, found, state):
        calls.append(state)
        return real(conn, found, state)

    monkeypatch.setattr(queries, "path", path)
    return calls


def test_a_repeated_question_is_answered_from_memory(seed_db, monkeypatch):
    calls = counting_paths(monkeypatch)
    client = create_app(seed_db, answer_cache=16).test_client()
    first = client.get("/path?puzzle=eight&state=867254301")
    again = client.get("/path?puzzle=eight&state=867254301")
    assert first.get_json() == again.get_json() and first.headers["ETag"] == again.headers["ETag"]
    assert calls == ["867254301"]
    uncached = create_app(seed_db, answer_cache=0).test_client()
    uncached.get("/path?puzzle=eight&state=867254301")
    uncached.get("/path?puzzle=eight&state=867254301")
    assert len(calls) == 3


def test_a_build_empties_the_cache(tmp_path, monkeypatch):
    db = tmp_path / "cache.sqlite"
    engine = writer(db)
    seven = catalogue.get("seven")
    build(engine, seven, seven.default_goal)
    client = create_app(db, answer_cache=16).test_client()
    calls = counting_paths(monkeypatch)
    before = client.get("/stats?puzzle=seven").get_json()["built_at"]
    client.get("/path?puzzle=seven&state=07214365")
    time.sleep(1.1)
    build(engine, seven, seven.default_goal)
    engine.dispose()
    assert client.get("/stats?puzzle=seven").get_json()["built_at"] != before
    client.get("/path?puzzle=seven&state=07214365")
    assert calls == ["07214365", "07214365"]


def test_the_cache_keeps_only_the_most_recent_answers(seed_db, monkeypatch):
    calls = counting_paths(monkeypatch)
    app = create_app(seed_db, answer_cache=2)
    client = app.test_client()
    states = ["867254301", "647850321", "123456708"]
    depths = [client.get(f"/path?puzzle=eight&state={s}").get_json()["depth"] for s in states]
    assert depths == [31, 31, 1]
    client.get("/path?puzzle=eight&state=123456708")  # still remembered
    client.get("/path?puzzle=eight&state=867254301")  # dropped: asked again
    assert calls == states + ["867254301"]
