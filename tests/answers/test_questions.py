"""Each question is parsed and resolved once, on the connection that answers it under the time
limit, and many threads asking at once get exactly the answers one thread gets."""

from __future__ import annotations

import dataclasses
import json
import random
import shutil
import threading
from urllib.parse import urlencode

import pytest

from puzzledb.builder import catalogue, targets
from puzzledb.builder.targets import goals_for_every_target
from puzzledb.db import queries
from puzzledb.db.build import build
from puzzledb.db.connection import writer
from puzzledb.service.http.app import create_app
from puzzledb.service.questions import QUESTIONS

MB = 1000**2
THREADS = 16


@pytest.fixture(scope="module")
def mixed_db(tmp_path_factory):
    """seven toward every goal `path --to` needs (a frame answers other targets), and the
    peg triangle: small, but every kind of question has something to answer."""
    path = tmp_path_factory.mktemp("questions") / "mixed.sqlite"
    db = writer(path)
    seven = catalogue.get("seven")
    for goal in goals_for_every_target(seven):
        build(db, seven, goal)
    peg = catalogue.get("peg15")
    build(db, peg, peg.default_goal)
    db.close()
    return path


def counting(monkeypatch, owner, name: str) -> list:
    calls: list = []
    real = getattr(owner, name)

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


# -- parsed and resolved once --------------------------------------------------------------------
@pytest.mark.parametrize("budget", [0, MB])
def test_an_uncached_request_parses_and_resolves_its_input_once(mixed_db, monkeypatch, budget):
    seven = type(catalogue.get("seven"))
    client = create_app(mixed_db, {"answer_cache": budget}).test_client()
    parsed = counting(monkeypatch, seven, "parse")
    framed = counting(monkeypatch, targets, "frame_for")
    response = client.get("/path?puzzle=seven&state=07214365&to=12345607")
    assert response.status_code == 200, response.get_json()
    assert sorted(args[2] for args in parsed) == ["state", "to"]
    assert len(framed) == 1
    parsed.clear()
    response = client.get("/depth?puzzle=seven&d=5&limit=2&after=01234567")
    assert response.status_code == 200, response.get_json()
    assert [args[2] for args in parsed] == ["after"]


def test_the_cli_resolves_a_moves_question_once(cli, tmp_path, monkeypatch):
    """Drawing `moves` beyond a radius names the build's radius: the build the answer used,
    not a second resolution."""
    db = tmp_path / "radius.sqlite"
    seven = catalogue.get("seven")
    assert cli("build", "seven", "--radius", "8", "-q", "--db", db).exit_code == 0
    edge = cli("depth", "seven", "8", "--limit", "1", "--json", "--db", db)
    state = json.loads(edge.stdout)["states"][0]
    framed = counting(monkeypatch, targets, "frame_for")
    result = cli("moves", "seven", state, "--to", seven.default_goal, "--db", db)
    assert result.exit_code == 0, result.stderr
    assert "radius 8" in result.stdout
    assert len(framed) == 1


def test_the_time_limit_is_on_the_connection_that_answers(mixed_db, tmp_path, monkeypatch):
    """A file published while a question is resolved (another file renamed into place) must not
    leave the lookup that follows without its time limit."""
    served = tmp_path / "served.sqlite"
    shutil.copy(mixed_db, served)
    client = create_app(served, {"answer_cache": 0}).test_client()
    assert client.get("/stats?puzzle=peg15").status_code == 200  # the thread's connection
    real_find, real_path = queries.find_build, queries.path
    deadlines = []

    def find_build(conn, *args):
        found = real_find(conn, *args)
        shutil.copy(mixed_db, tmp_path / "next.sqlite")
        (tmp_path / "next.sqlite").replace(served)  # a publish, mid-question
        return found

    def path(conn, *args):
        deadlines.append(conn.deadline)
        return real_path(conn, *args)

    monkeypatch.setattr(queries, "find_build", find_build)
    monkeypatch.setattr(queries, "path", path)
    response = client.get("/path?puzzle=seven&state=07214365")
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["depth"] == 36
    assert len(deadlines) == 1 and deadlines[0] is not None


# -- many threads, the answers of one --------------------------------------------------------------
def questions(client) -> list[str]:
    """A mix of every kind of question, errors included, from states the builds hold."""
    rng = random.Random(18)
    seven_goals = goals_for_every_target(catalogue.get("seven"))
    asked = []
    states = []
    for d in (3, 9, 17, 25, 36):
        page = client.get(f"/depth?puzzle=seven&d={d}&limit=3").get_json()["states"]
        states += page
        asked.append(f"/depth?puzzle=seven&d={d}&limit=2")
        if page:
            asked.append(f"/depth?puzzle=seven&d={d}&limit=2&after={page[0]}")
    for state in states:
        target = "".join(rng.sample(state, len(state)))
        spaced = " ".join(state)
        asked += [
            f"/path?{urlencode({'puzzle': 'seven', 'state': state})}",
            f"/path?{urlencode({'puzzle': 'seven', 'state': spaced})}",
            f"/moves?{urlencode({'puzzle': 'seven', 'state': state})}",
            f"/path?{urlencode({'puzzle': 'seven', 'state': state, 'to': target})}",
            f"/moves?{urlencode({'puzzle': 'seven', 'state': state, 'to': target})}",
            f"/path?{urlencode({'puzzle': 'seven', 'state': state, 'goal': seven_goals[1]})}",
            f"/moves?{urlencode({'puzzle': 'seven', 'state': state, 'any': 'true'})}",
        ]
    pegs = client.get("/depth?puzzle=peg15&d=6&limit=4").get_json()["states"]
    for state in pegs:
        asked += [f"/path?puzzle=peg15&state={state}", f"/moves?puzzle=peg15&state={state}"]
    for name in ("seven", "peg15"):
        asked += [f"/stats?puzzle={name}", f"/farthest?puzzle={name}&limit=3"]
    asked += [
        f"/stats?puzzle=seven&goal={seven_goals[1]}",
        "/farthest?puzzle=seven",
        "/path?puzzle=seven&state=0123456",  # malformed
        "/path?puzzle=seven&state=07214365&goal=12345670&to=12345607",  # goal and to
        "/depth?puzzle=seven&d=3&offset=1&after=01234567",  # offset and after
        "/depth?puzzle=seven&d=x",
        "/moves?puzzle=seven&state=07214365&any=maybe",
        "/path?puzzle=eight&state=867254301",  # not built
        "/path?puzzle=nosuch&state=1",
        "/stats?puzzle=seven&goal=76543210",  # a goal not built
    ]
    return asked


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
@pytest.mark.parametrize("budget", [0, 64 * 1024])
def test_sixteen_threads_get_the_answers_one_thread_gets(mixed_db, budget):
    alone = create_app(mixed_db, {"answer_cache": 0}).test_client()
    asked = questions(alone)
    expected = {}
    for url in asked:
        response = alone.get(url)
        expected[url] = (response.status_code, response.get_json())
    assert {status for status, _ in expected.values()} >= {200, 400, 404}
    app = create_app(mixed_db, {"answer_cache": budget})  # a small cache: entries come and go
    start = threading.Barrier(THREADS)
    wrong: list = []

    def ask(seed: int) -> None:
        client = app.test_client()
        order = asked * 2
        random.Random(seed).shuffle(order)
        start.wait()
        for url in order:
            response = client.get(url)
            if (response.status_code, response.get_json()) != expected[url]:
                wrong.append(url)

    threads = [threading.Thread(target=ask, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert wrong == []


# -- one declaration: the question's fields, its route's parameters and the document --------------
def test_each_route_documents_and_reads_exactly_its_questions_fields(mixed_db):
    client = create_app(mixed_db).test_client()
    document = client.get("/openapi.json").get_json()
    for question in QUESTIONS:
        documented = document["paths"][question.route]["get"]["parameters"]
        query = [p for p in documented if p["in"] == "query"]  # not Puzzledb-Refusal-Status
        assert query == [param.openapi() for param in question.params]
        fields = [f.name for f in dataclasses.fields(question) if not f.metadata.get("resolved")]
        assert sorted(p.attribute for p in question.params) == sorted(fields)
        # a state or a scramble: the state's example stands for the one of them asked for
        required = {
            p.name: str(p.example) for p in question.params if p.required or p.name == "state"
        }
        defaulted = {p.name: p.default for p in question.params if p.default is not None}
        plain = question.of(*required.values())  # the CLI's defaults, a caller's
        assert question.from_params({**defaulted, **required}) == plain, question.route
