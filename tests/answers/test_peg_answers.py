"""What a solitaire player asks, answered on drawn peg boards: path, moves (which jumps keep the
win, and how many winning lines each keeps), unreachable with its reason, depth, stats, the
HTTP API and --to; checked against tests/support/independent's search of the 4x4 board."""

import itertools
import json

import pytest
from support.independent import GRID_LINES, drawn_jumps, drawn_successors, solution_counts, winners

from puzzledb.builder import catalogue
from puzzledb.builder.definition import load_file
from puzzledb.db.connection import reader
from puzzledb.service.answers import Answers

SQUARE = ("oooo", "oooo", "oooo", "oooo")
GOAL, OTHER_GOAL = "0100" + "0" * 12, "0" * 13 + "100"
START = "1101" + "1" * 12


@pytest.fixture(scope="module")
def peg_db(tmp_path_factory):
    from click.testing import CliRunner

    from puzzledb.service.cli.commands import main

    db = tmp_path_factory.mktemp("peg") / "peg.sqlite"
    runner = CliRunner()
    for args in (
        ["--file", "examples/square.toml"],
        ["--file", "examples/square.toml", "--goal", OTHER_GOAL],
        ["english", "--radius", "5"],
    ):
        done = runner.invoke(main, ["build", *args, "--db", str(db), "-q"])
        assert done.exit_code == 0, done.output
    return db


@pytest.fixture(scope="module")
def answers(peg_db):
    return Answers(reader(peg_db))


@pytest.fixture(scope="module")
def model():
    """Every position of the 4x4 board that can finish, and its winning lines, counted by
    walking un-jumps and jumps in the independent model."""
    triples = drawn_jumps(SQUARE, GRID_LINES)
    finish = winners(triples, GOAL)
    successors = drawn_successors(triples)
    dist = {s: s.count("1") - 1 for s in finish}
    return finish, successors, solution_counts(dist, successors)


def test_the_whole_square_board_is_the_model(answers, model):
    finish, _, lines = model
    stats = answers.stats("square4")
    assert stats["states"] == len(finish) and stats["radius"] is None
    by_pegs = [0] * 16
    for s in finish:
        by_pegs[s.count("1") - 1] += 1
    assert stats["histogram"] == [n for n in by_pegs if n]
    depth = answers.depth("square4", 3, limit=1000)
    assert set(depth["states"]) == {s for s in finish if s.count("1") == 4}
    assert answers.path("square4", "start")["solutions"] == lines[START]


def test_moves_say_which_jumps_keep_the_win_and_how_many_lines(answers, model):
    finish, successors, lines = model
    checked = 0
    for state in sorted(finish)[::37]:
        got = answers.moves("square4", state)
        assert got["solutions"] == lines[state]
        assert {m["state"] for m in got["moves"]} == successors(state)
        for m in got["moves"]:
            assert m["optimal"] == (m["state"] in finish)
            assert m["solutions"] == lines.get(m["state"])
            checked += m["optimal"]
        if state != GOAL:  # a position's lines are those its winning jumps keep, together
            assert sum(m["solutions"] for m in got["moves"] if m["optimal"]) == lines[state]
    assert checked > 20


def test_the_path_is_jumps_drawn_on_a_square(cli, peg_db, model):
    _, successors, _ = model
    path = cli("path", "square4", "start", "--db", peg_db, "--json")
    answer = json.loads(path.stdout)
    states = answer["path"]
    assert states[0] == START and states[-1] == GOAL and len(states) == 15
    assert all(b in successors(a) for a, b in itertools.pairwise(states))
    assert all(m.startswith("peg ") and " jumps to " in m for m in answer["moves"])
    drawn = cli("path", "square4", "start", "--db", peg_db).stdout
    assert "● ● ○ ●" in drawn and "14 moves" in drawn


def test_unreachable_positions_say_why(cli, peg_db):
    # the model says every one of these cannot finish; the answer names the rule
    centre = "0000010000000000"  # one peg, not in the goal's hole
    res = cli("path", "square4", centre, "--db", peg_db)
    assert res.exit_code == 3 and "other holes" in res.stderr
    far = "1001000000000000"  # pegs in two corners: the class rule
    res = cli("path", "square4", far, "--db", peg_db, "--json")
    assert res.exit_code == 3
    assert "position class" in json.loads(res.stdout)["error"]["message"]


def test_a_radius_build_of_english_knows_unreachable_from_beyond(cli, peg_db):
    """Counted in jumps, a position with p pegs is p - 1 jumps from the centre if it can get
    there: within the radius, not stored means it cannot."""
    english = catalogue.get("english")
    goal = english.default_goal
    held = set(Answers(reader(peg_db)).depth("english", 2, limit=1000)["states"])
    lonely = None
    for a in range(33):  # three pegs in a row the rules let through, not stored
        for b in range(a + 1, 33):
            for c in range(b + 1, 33):
                s = "".join("1" if h in (a, b, c) else "0" for h in range(33))
                if s not in held and english.unreachable_reason(s, goal) is None:
                    lonely = s
                    break
            if lonely:
                break
        if lonely:
            break
    assert lonely is not None
    res = cli("path", "english", lonely, "--db", peg_db, "--json")
    assert res.exit_code == 3, res.output
    assert "would get there within 2 moves" in json.loads(res.stdout)["error"]["message"]
    res = cli("path", "english", "start", "--db", peg_db, "--json")
    assert res.exit_code == 5 and "beyond_radius" in res.stdout


def test_depth_and_stats_say_pegs(cli, peg_db):
    depth = cli("depth", "english", "3", "--db", peg_db, "--limit", "1")
    assert "at depth 3, 4 pegs" in depth.stdout
    stats = cli("stats", "square4", "--db", peg_db)
    assert "   14           2  15 pegs" in stats.stdout


def test_to_a_goal_that_was_built(cli, peg_db):
    to = cli("path", "square4", "start", "--to", OTHER_GOAL, "--db", peg_db, "--json")
    assert to.exit_code == 0, to.output
    assert json.loads(to.stdout)["path"][-1] == OTHER_GOAL
    missing = cli("path", "square4", "start", "--to", "1" + "0" * 15, "--db", peg_db, "--json")
    assert missing.exit_code == 4 and "pegs are all alike" in missing.stdout


def test_the_http_api_answers_the_cross(peg_db):
    from puzzledb.service.http.app import create_app

    client = create_app(peg_db).test_client()
    state = "0" * 14 + "11" + "0" * 17
    moves = client.get(f"/moves?puzzle=english&state={state}").get_json()
    assert moves["depth"] == 1 and moves["moves"][0]["optimal"]
    assert moves["moves"][0]["from"] == [14] and moves["moves"][0]["to"] == [16]
    drawn = "..000../..000../0000000/0110000/0000000/..000../..000.."
    assert client.get(f"/path?puzzle=english&state={drawn}").get_json()["state"] == state
    off = client.get(f"/path?puzzle=english&state=1{drawn[1:]}")
    assert off.status_code == 400 and "off the board" in off.get_json()["error"]["message"]
    puzzles = {p["name"]: p for p in client.get("/puzzles").get_json()["puzzles"]}
    definition = puzzles["english"]["definition"]
    assert definition["metric"] == "jump" and definition["board"][0] == "..ooo.."
    assert load_file("examples/square.toml").puzzle.spec()["lines"] == "grid"
