"""From any position to any position: `--to TARGET` and `to=`, answered by lookups in the
builds of `build NAME --all-goals` seen through a renaming of pieces and a board symmetry."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from support import independent

from puzzledb.builder import catalogue
from puzzledb.builder.targets import goals_for_every_target
from puzzledb.db.connection import reader
from puzzledb.service.answers import Answers
from puzzledb.service.cli.commands import main
from puzzledb.service.http.app import create_app

EIGHT = independent.grid_neighbours(3, 3, "0")
SEVEN = independent.grid_neighbours(2, 4, "0")


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    return result


@pytest.fixture(scope="module")
def targets_db(tmp_path_factory):
    db = tmp_path_factory.mktemp("targets") / "targets.sqlite"
    for args in (["eight", "--all-goals"], ["seven", "--all-goals"], ["lines"], ["peg15"]):
        result = run("build", *args, "-q", "--db", db)
        assert result.exit_code == 0, result.output
    return db


@pytest.fixture(scope="module")
def answers(targets_db):
    return Answers(reader(targets_db))


def shuffled(rng, pieces):
    cells = list(pieces)
    rng.shuffle(cells)
    return "".join(cells)


def solvable_on_odd_width(state, goal):
    """The classical rule for boards of odd width, written out for the tests alone: the
    tiles' order, read row by row without the blank, is an even permutation of the goal's."""
    where = {p: i for i, p in enumerate(goal.replace("0", ""))}
    order = [where[p] for p in state.replace("0", "")]
    return sum(x > y for i, x in enumerate(order) for y in order[i + 1 :]) % 2 == 0


def test_all_goals_builds_one_goal_per_class_of_blank_cell(answers):
    assert goals_for_every_target(catalogue.get("eight")) == ["123456780", "102345678", "123405678"]
    assert goals_for_every_target(catalogue.get("seven")) == ["12345670", "10234567"]
    assert len(goals_for_every_target(catalogue.get("nine"))) == 3
    assert len(goals_for_every_target(catalogue.get("fifteen"))) == 3
    built = {
        b["goal"]
        for p in answers.catalogue()["puzzles"]
        if p["name"] == "eight"
        for b in p["builds"]
    }
    assert built == {"123456780", "102345678", "123405678"}


@pytest.mark.slow  # a search from each random target
@settings(max_examples=12, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_path_to_any_eight_target_is_legal_and_as_short_as_a_search_from_it(answers, rng):
    target = shuffled(rng, "123456780")
    state = shuffled(rng, "123456780")
    if not solvable_on_odd_width(state, target):
        state = state.replace("1", "x").replace("2", "1").replace("x", "2")
    answer = answers.path("eight", state, to_text=target)
    assert answer["goal"] == target and answer["path"][0] == state
    assert answer["path"][-1] == target
    for before, after in zip(answer["path"], answer["path"][1:]):
        assert after in EIGHT(before)
    assert answer["depth"] == independent.forward_distance(state, target, EIGHT)
    puzzle = catalogue.get("eight")
    for before, move, after in zip(answer["path"], answer["moves"], answer["path"][1:]):
        assert (move, after) in {(m.label, nxt) for m, nxt in puzzle.moves(before)}


@pytest.mark.slow  # a search from each random target
@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False))
def test_seven_paths_and_counts_to_any_target_equal_an_independent_search(answers, rng):
    target = shuffled(rng, "12345670")
    state = shuffled(rng, "12345670")
    dist = independent.distances_to(target, SEVEN)
    if state not in dist:
        state = state.replace("1", "x").replace("2", "1").replace("x", "2")
    answer = answers.path("seven", state, to_text=target)
    assert answer["depth"] == dist[state] and answer["path"][-1] == target
    assert all(dist[s] == dist[state] - i for i, s in enumerate(answer["path"]))
    counts = independent.solution_counts(dist, SEVEN)
    assert answer["solutions"] == counts[state]
    moves = answers.moves("seven", state, to_text=target)
    assert moves["goal"] == target and moves["depth"] == dist[state]
    for m in moves["moves"]:
        assert m["depth"] == dist[m["state"]] and m["solutions"] == counts[m["state"]]


def test_the_cli_answers_to_and_says_what_it_reached(targets_db):
    result = run("path", "eight", "867254301", "--to", "123456708", "--db", targets_db, "--json")
    answer = json.loads(result.stdout)
    assert result.exit_code == 0 and answer["goal"] == "123456708"
    assert answer["depth"] == independent.forward_distance("867254301", "123456708", EIGHT)
    text = run("path", "eight", "867254301", "--to", "123456708", "--db", targets_db).stdout
    assert "-> goal 123456708" in text and "optimal solution" in text
    text = run("moves", "eight", "867254301", "--to", "123456708", "--db", targets_db).stdout
    assert "from goal 123456708" in text


def test_a_state_of_the_other_parity_is_unreachable_with_the_reason(targets_db):
    result = run("path", "eight", "213456780", "--to", "123405678", "--db", targets_db, "--json")
    assert result.exit_code == 3
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "unreachable" and "123405678" in error["message"]
    assert "parity" in error["message"] or "swap" in error["message"]


def test_repeated_pieces_need_a_build_toward_the_target(targets_db, tmp_path):
    target = "123404526"[::-1]
    result = run("path", "lines", "123404526", "--to", target, "--db", targets_db, "--json")
    assert result.exit_code == 4
    message = json.loads(result.stdout)["error"]["message"]
    assert f"puzzledb build lines --goal {target}" in message and "not all distinct" in message
    result = run(
        "path", "peg15", "011111111111111", "--to", "000000000000001", "--db", targets_db, "--json"
    )
    assert result.exit_code == 4 and "pegs are all alike" in result.stdout
    # the default goal as a target is simply the build toward it
    near = catalogue.get("lines").moves("123404526")[0][1]
    result = run("path", "lines", near, "--to", "123404526", "--db", targets_db, "--json")
    assert json.loads(result.stdout)["depth"] == 1
    refused = run("build", "lines", "--all-goals", "--db", tmp_path / "x.sqlite", "--json")
    assert refused.exit_code == 2 and "repeated or wide pieces" in refused.stdout


def test_without_the_builds_to_says_how_to_make_them(tmp_path):
    db = tmp_path / "one.sqlite"
    run("build", "eight", "-q", "--db", db)
    result = run("path", "eight", "867254301", "--to", "123405678", "--db", db, "--json")
    assert result.exit_code == 4
    assert "puzzledb build eight --all-goals" in json.loads(result.stdout)["error"]["message"]
    # a corner target is served by the one build, through a mirror or rotation
    result = run("path", "eight", "867254301", "--to", "012345678", "--db", db, "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["path"][-1] == "012345678"


def test_http_takes_to_and_refuses_it_beside_goal(targets_db):
    client = create_app(targets_db).test_client()
    response = client.get(
        "/path", query_string={"puzzle": "eight", "state": "867254301", "to": "123456708"}
    )
    assert response.status_code == 200 and response.get_json()["goal"] == "123456708"
    response = client.get(
        "/moves", query_string={"puzzle": "eight", "state": "867254301", "to": "123456708"}
    )
    body = response.get_json()
    assert response.status_code == 200 and body["goal"] == "123456708"
    assert any(m["optimal"] for m in body["moves"])
    response = client.get(
        "/path",
        query_string={
            "puzzle": "eight",
            "state": "867254301",
            "to": "123456708",
            "goal": "123456780",
        },
    )
    assert response.status_code == 400 and "not both" in response.get_json()["error"]["message"]
    response = client.get(
        "/path", query_string={"puzzle": "eight", "state": "213456780", "to": "123405678"}
    )
    assert response.status_code == 404 and response.get_json()["error"]["code"] == "unreachable"


def test_builds_toward_patterns_serve_no_target_and_say_so(tmp_path):
    """Issue 46, point 3: a pattern goal ('?' any cell) is a set of positions, no one position
    to rename; a target asked of such builds alone is refused as not built, with the command
    that builds what it needs, by the CLI and HTTP alike (it was a ValueError, and a 500)."""
    db = tmp_path / "pattern.sqlite"
    assert run("build", "eight", "--goal", "?2345678?", "-q", "--db", db).exit_code == 0
    result = run("path", "eight", "867254301", "--to", "123456780", "--db", db, "--json")
    assert result.exit_code == 4, result.output
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "not_built"
    assert "its builds are toward patterns (?2345678?)" in error["message"]
    assert "puzzledb build eight --all-goals" in error["message"]
    client = create_app(db).test_client()
    for route in ("/path", "/moves"):
        query = {"puzzle": "eight", "state": "867254301", "to": "123456780"}
        response = client.get(route, query_string=query)
        assert response.status_code == 404, response.get_data(as_text=True)
        served = response.get_json()["error"]  # the CLI's, but for the file's path (--db)
        assert served["code"] == "not_built" and served["message"].startswith(
            "no build of eight can answer toward 123456780: its builds are toward patterns"
        )
    (entry,) = [p for p in client.get("/puzzles").get_json()["puzzles"] if p["name"] == "eight"]
    (built,) = entry["builds"]
    assert built["targets"] is False and "pattern" in built["why_no_targets"]
    # a whole-position build beside it serves targets again; the pattern build is passed over
    assert run("build", "eight", "-q", "--db", db).exit_code == 0
    result = run("path", "eight", "867254301", "--to", "012345678", "--db", db, "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["path"][-1] == "012345678"
