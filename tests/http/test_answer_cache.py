"""The service's answer cache: hits skip the database, the same question in any spelling is one
entry, a build or a newly published file empties it, and it never holds more bytes than its
budget."""

import os
import shutil
import threading
import time

from puzzledb.builder import catalogue
from puzzledb.db import queries
from puzzledb.db.build import build, build_to
from puzzledb.db.connection import writer
from puzzledb.service.http.api.answer_cache import AnswerCache, cost_of
from puzzledb.service.http.app import create_app

MB = 1000**2


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
    client = create_app(seed_db, {"answer_cache": MB}).test_client()
    first = client.get("/path?puzzle=eight&state=867254301")
    again = client.get("/path?puzzle=eight&state=867254301")
    assert first.get_json() == again.get_json() and first.headers["ETag"] == again.headers["ETag"]
    assert calls == ["867254301"]
    uncached = create_app(seed_db, {"answer_cache": 0}).test_client()
    uncached.get("/path?puzzle=eight&state=867254301")
    uncached.get("/path?puzzle=eight&state=867254301")
    assert len(calls) == 3


def test_every_spelling_of_one_question_is_one_entry(seed_db, monkeypatch):
    calls = counting_paths(monkeypatch)
    app = create_app(seed_db, {"answer_cache": MB})
    client = app.test_client()
    cache = app.extensions["puzzledb"].cache
    spellings = [
        "state=867254301",
        "state=8 6 7/2 5 4/3 0 1",
        "state=8,6,7,2,5,4,3,0,1",
        "state=867254301&goal=123456780",
        "state=867254301&goal=123/456/780",
    ]
    bodies = {client.get(f"/path?puzzle=eight&{s}").data for s in spellings}
    assert len(bodies) == 1 and calls == ["867254301"] and len(cache) == 1
    pages = ["d=20&limit=100", "d=020&limit=0100", "d=20&limit=100&offset=0&goal=123456780"]
    assert len({client.get(f"/depth?puzzle=eight&{p}").data for p in pages}) == 1
    assert len(cache) == 2


def test_a_build_empties_the_cache(tmp_path, monkeypatch):
    path = tmp_path / "cache.sqlite"
    db = writer(path)
    seven = catalogue.get("seven")
    build(db, seven, seven.default_goal)
    client = create_app(path, {"answer_cache": MB}).test_client()
    calls = counting_paths(monkeypatch)
    before = client.get("/stats?puzzle=seven").get_json()["built_at"]
    client.get("/path?puzzle=seven&state=07214365")
    time.sleep(1.1)
    build(db, seven, seven.default_goal)
    db.close()
    assert client.get("/stats?puzzle=seven").get_json()["built_at"] != before
    client.get("/path?puzzle=seven&state=07214365")
    assert calls == ["07214365", "07214365"]


def test_a_file_renamed_into_place_is_answered_at_once(tmp_path):
    """How read-only data is published: build elsewhere, copy beside, rename over."""
    served, elsewhere = tmp_path / "served.sqlite", tmp_path / "staging" / "new.sqlite"
    build_to(served, catalogue.get("seven"), "12345670")
    client = create_app(served, {"answer_cache": MB}).test_client()
    assert client.get("/stats?puzzle=nooff").status_code == 404  # not built yet
    assert client.get("/stats?puzzle=seven").status_code == 200
    build_to(elsewhere, catalogue.get("nooff"), "LLNOOFF_")
    shutil.copy(elsewhere, tmp_path / ".served.sqlite.new")
    os.replace(tmp_path / ".served.sqlite.new", served)
    assert client.get("/stats?puzzle=nooff").get_json()["states"] == 540
    assert client.get("/stats?puzzle=seven").status_code == 404  # the new file has no seven


def test_the_cache_drops_the_least_recently_used_answers_past_its_budget():
    body = b"x" * 600
    one = cost_of(("path", "a"), body, "tag")
    cache = AnswerCache(10 * one)  # ten answers of this size
    for name in "abcdefghij":
        assert cache.put(("path", name), body, "tag", 0)
    assert cache.get(("path", "a"))  # used again: now the most recent
    assert cache.put(("path", "k"), body, "tag", 0)  # over budget: the oldest unused goes
    assert cache.get(("path", "b")) is None and cache.get(("path", "a")) and len(cache) == 10
    assert cache.used == 10 * one


def test_many_large_pages_stay_within_the_budget(seed_db):
    budget = 200_000
    app = create_app(seed_db, {"answer_cache": budget})
    client = app.test_client()
    cache = app.extensions["puzzledb"].cache
    for offset in range(0, 3000, 7):
        assert client.get(f"/depth?puzzle=eight&d=20&limit=300&offset={offset}").status_code == 200
        assert cache.used <= budget
    assert 0 < len(cache) < 3000 / 7
    assert cache.used == sum(cost for _, _, cost in cache._entries.values())


def test_an_answer_computed_before_the_data_changed_is_not_kept():
    cache = AnswerCache(10_000)
    generation = cache.generation
    cache.invalidate()  # a build committed while the answer was being computed
    assert not cache.put(("path", "eight"), b"{}", "tag", generation)
    assert cache.put(("path", "eight"), b"{}", "tag", cache.generation)
    assert cache.get(("path", "eight")) == (b"{}", "tag")


def test_an_answer_larger_than_its_share_of_the_budget_is_not_kept():
    cache = AnswerCache(8_000)
    assert not cache.put(("depth",), b"x" * 1_000, "tag", 0)
    assert cache.put(("depth",), b"x" * 100, "tag", 0)


def test_threads_sharing_the_cache_keep_its_books_and_its_budget():
    """cachetools' caches are not thread-safe; AnswerCache locks around every use."""
    body = b"x" * 300
    cache = AnswerCache(40 * cost_of(("path", "a", 0), body, "tag"))
    errors = []

    def work(worker: int):
        try:
            for i in range(3000):
                key = ("path", str(i % 97), worker % 3)
                if cache.get(key) is None:
                    cache.put(key, body, "tag", cache.generation)
                if i % 1000 == 999:
                    cache.invalidate()
        except Exception as error:
            errors.append(error)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert cache.used == sum(cost for _, _, cost in cache._entries.values()) <= cache.budget
