"""The three ways players count a move of pieces of any size: unit (one piece one cell),
straight (one piece any number of cells in one direction) and finger (one piece anywhere its
one-cell steps reach while nothing else moves, around corners too).

A small board of rectangles is checked state by state, in each metric, against a search
written in the tests (tests/support/independent.py); Klotski's start is 81 finger moves from
the exit (Martin Gardner's figure) and 90 straight moves.
"""

import functools
import json
import sqlite3
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import independent
from support.small_blocks import SMALL, matches

from puzzledb.builder import catalogue
from puzzledb.builder.core.errors import BadDefinition
from puzzledb.builder.definition import load_text
from puzzledb.builder.search.plain import breadth_first
from puzzledb.db.build import build
from puzzledb.db.connection import reader, writer
from puzzledb.service.answers import Answers
from puzzledb.service.http.app import create_app

pytestmark = pytest.mark.slow  # builds Klotski in three metrics

METRICS = ["unit", "straight", "finger"]
SIZES = {"V": (2, 1), "H": (1, 2)}
KLOTSKI_START = "VBBVVBBVVHHVVssVs__s"
SETTINGS = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def small(metric: str):
    return load_text(SMALL.replace('blank = "_"', f'blank = "_"\nmetric = "{metric}"'))


@pytest.fixture(scope="module")
def small_db(tmp_path_factory):
    """The small board built in each metric (named small-unit, small-straight, ...)."""
    path = tmp_path_factory.mktemp("metrics") / "small.sqlite"
    db = writer(path)
    for metric in METRICS:
        text = SMALL.replace('name = "small-blocks"', f'name = "small-{metric}"')
        definition = load_text(text.replace('blank = "_"', f'blank = "_"\nmetric = "{metric}"'))
        build(db, definition.puzzle, definition.goals[0], time.perf_counter())
    db.close()
    return path


@pytest.fixture(scope="module")
def klotski_db(tmp_path_factory):
    path = tmp_path_factory.mktemp("klotski-metrics") / "k.sqlite"
    db = writer(path)
    for name in ("klotski-straight", "klotski-finger"):
        puzzle = catalogue.get(name)
        build(db, puzzle, puzzle.default_goal, time.perf_counter())
    db.close()
    return path


@functools.cache  # one search a metric, not one a hypothesis example
def independent_table(metric: str, goal: str):
    successors = independent.block_successors(3, 3, "_", SIZES, metric)
    every = independent.tilings("VVHHss___", 3, 3, SIZES)
    dist = independent.distances_from_all([s for s in every if matches(s, goal)], successors)
    return dist, independent.solution_counts(dist, successors), successors


@pytest.mark.parametrize("metric", METRICS)
def test_every_state_of_a_small_board_matches_an_independent_search(small_db, metric):
    dist, counts, _ = independent_table(metric, "??????HH?")
    with sqlite3.connect(f"file:{small_db}?mode=ro", uri=True) as conn:
        rows = conn.execute(
            "SELECT state, depth, solutions FROM states WHERE puzzle = ?", (f"small-{metric}",)
        ).fetchall()
    assert {s: (d, int(n)) for s, d, n in rows} == {s: (d, counts[s]) for s, d in dist.items()}


@pytest.mark.parametrize("metric", METRICS)
@SETTINGS
@given(data=st.data())
def test_random_paths_are_shortest_chains_of_legal_moves(small_db, metric, data):
    dist, _, successors = independent_table(metric, "??????HH?")
    state = data.draw(st.sampled_from(sorted(dist)), label="state")
    answer = Answers(reader(small_db)).path(f"small-{metric}", state)
    assert answer["depth"] == dist[state] == len(answer["moves"])
    for before, after in zip(answer["path"], answer["path"][1:]):
        assert after in successors(before)
    assert matches(answer["reached"], "??????HH?")


@pytest.mark.parametrize("metric", ["straight", "finger"])
def test_the_move_back_is_the_move_made_from_the_earlier_state(metric):
    puzzle = catalogue.get(f"klotski-{metric}")
    goal = puzzle.default_goal
    table = breadth_first(puzzle, goal, radius=6, sources=puzzle.goal_positions(goal)).table
    for state in list(table)[::40]:
        for move, earlier in puzzle.reverse_moves(state):
            made = {m: m.label for m, after in puzzle.moves(earlier) if after == state}
            assert move in made and made[move] == move.label


# -- Klotski ----------------------------------------------------------------------------------
def test_klotski_start_is_81_finger_moves_and_90_straight_moves(klotski_db):
    answers = Answers(reader(klotski_db))
    finger = answers.path("klotski-finger", "start")
    straight = answers.path("klotski-straight", "start")
    assert finger["depth"] == 81 and straight["depth"] == 90
    for answer in (finger, straight):
        assert matches(answer["reached"], "?????????????BB??BB?")
        puzzle = catalogue.get(answer["puzzle"])
        for before, move, after in zip(answer["path"], answer["moves"], answer["path"][1:]):
            assert (move, after) in {(m.label, s) for m, s in puzzle.moves(before)}


@pytest.mark.parametrize(
    "name, words",
    [
        ("klotski", {"small at b4 down", "small at a5 right"}),
        ("klotski-straight", {"small at a5 right 2", "small at d5 left 2", "small at b4 down"}),
        ("klotski-finger", {"small at b4 down, right", "small at c4 down, left"}),
    ],
)
def test_move_words_say_the_piece_and_its_way(name, words):
    puzzle = catalogue.get(name)
    said = [m.label for m, _ in puzzle.moves(KLOTSKI_START)]
    assert set(said) >= words and len(said) == len(set(said))


def test_finger_and_straight_words_on_a_board_of_named_pieces():
    state = "s_sV__VHH"  # smalls at a1 and c1; the way down-left of c1 is found first
    said = {m.label for m, _ in small("finger").puzzle.moves(state)}
    assert {"small at a1 right, down, right", "small at c1 down, left", "horizontal up"} <= said
    said = {m.label for m, _ in small("straight").puzzle.moves(state)}
    assert {"small at c1 down", "small at c1 left", "horizontal up"} <= said
    assert not any("," in words for words in said)


def test_moves_give_each_destination_its_own_cells(klotski_db, cli):
    client = create_app(klotski_db).test_client()
    query = {"puzzle": "klotski-finger", "state": "start"}
    answer = client.get("/moves", query_string=query).get_json()
    assert answer["depth"] == 81
    places = [(tuple(m["from"]), tuple(m["to"])) for m in answer["moves"]]
    assert len(places) == len(set(places)) == len(answer["moves"]) == 8
    for move in answer["moves"]:
        piece = KLOTSKI_START[move["from"][0]]
        assert all(move["state"][c] == piece for c in move["to"])
    said = cli("moves", "klotski-straight", "start", "--db", klotski_db, "--json")
    assert said.exit_code == 0 and "small at a5 right 2" in said.stdout


def test_metrics_from_toml_and_their_mistakes():
    assert small("straight").puzzle.metric == "straight"
    with pytest.raises(BadDefinition, match='must be one of "single", "unit", "multi"'):
        small("diagonal")
    with pytest.raises(BadDefinition, match="multi"):
        small("multi")  # runs of one-cell tiles: this board has larger pieces


def test_stats_and_list_know_the_three_klotski_builds(klotski_db, cli):
    listed = json.loads(cli("list", "--db", klotski_db, "--json").stdout)["puzzles"]
    names = {p["name"]: p for p in listed}
    assert {"klotski", "klotski-straight", "klotski-finger"} <= set(names)
    assert names["klotski-finger"]["definition"]["metric"] == "finger"
    for name in ("klotski-straight", "klotski-finger"):
        stats = json.loads(cli("stats", name, "--db", klotski_db, "--json").stdout)
        assert stats["goal_positions"] == 6_795 and stats["states"] == 53_954
