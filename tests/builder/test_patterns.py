"""Goals that are patterns ('?' any cell), and the catalogue's Klotski built toward one.

A pattern's build starts from every position it matches, at depth 0; the tests compare it with
an independent multi-source search (tests/support/independent.py) and assert Klotski's published
figures: 65,880 arrangements of its pieces, the standard start 116 unit moves from the exit.
"""

import json
import sqlite3
import time

import pytest
from support import independent
from support.small_blocks import SMALL, matches

from puzzledb.builder import catalogue
from puzzledb.builder.core.errors import BadDefinition, MalformedInput
from puzzledb.builder.definition import load_text
from puzzledb.builder.kinds.sliding import SlidingPuzzle
from puzzledb.builder.kinds.sliding.arrangements import ANY
from puzzledb.db.build import build
from puzzledb.db.connection import reader, writer
from puzzledb.service.answers import Answers
from puzzledb.service.http.app import create_app

KLOTSKI_START = "VBBVVBBVVHHVVssVs__s"
KLOTSKI_EXIT = "?????????????BB??BB?"
KLOTSKI_SIZES = {"B": (2, 2), "V": (2, 1), "H": (1, 2)}


# A small board of rectangles: a vertical, a horizontal, two smalls, three blanks; the goal
# is the horizontal at the bottom left, whatever else is where.
def stored(db, name):
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return {
            state: (depth, int(solutions))
            for state, depth, solutions in conn.execute(
                "SELECT state, depth, solutions FROM states WHERE puzzle = ?", (name,)
            )
        }


@pytest.fixture(scope="module")
def klotski_db(tmp_path_factory):
    path = tmp_path_factory.mktemp("klotski") / "k.sqlite"
    db = writer(path)
    puzzle = catalogue.get("klotski")
    assert isinstance(puzzle, SlidingPuzzle)
    build(db, puzzle, puzzle.default_goal, time.perf_counter())
    db.close()
    return path


@pytest.fixture(scope="module")
def klotski(klotski_db):
    return Answers(reader(klotski_db))


# -- matching positions -------------------------------------------------------------------------
def test_klotski_pieces_have_65880_arrangements():
    assert catalogue.get("klotski").arrangements() == 65_880


def test_goal_positions_are_every_arrangement_the_pattern_matches():
    puzzle = load_text(SMALL).puzzle
    assert isinstance(puzzle, SlidingPuzzle)
    every = independent.tilings("VVHHss___", 3, 3, {"V": (2, 1), "H": (1, 2)})
    assert puzzle.arrangements() == len(every)
    positions = puzzle.goal_positions("??????HH?")
    assert len(positions) == len(set(positions))
    assert set(positions) == {s for s in every if matches(s, "??????HH?")}
    assert puzzle.goal_position_count("??????HH?") == len(positions)


@pytest.mark.parametrize("chunk", [None, 3])
def test_goal_positions_come_sorted_whether_or_not_found_in_chunks(monkeypatch, chunk):
    """Sorted is the order of filling, which decides the moves a build keeps; a small chunk
    makes the listing take its fillings a few at a time, which must not change them."""
    from puzzledb.builder.kinds.sliding import arrangements

    if chunk is not None:
        monkeypatch.setattr(arrangements, "FILL_CHUNK", chunk)
    puzzle = load_text(SMALL).puzzle
    assert isinstance(puzzle, SlidingPuzzle)
    every = independent.tilings("VVHHss___", 3, 3, {"V": (2, 1), "H": (1, 2)})
    for pattern in ("?????????", "??????HH?", "V??V?????"):
        positions = puzzle.goal_positions(pattern)
        assert positions == sorted(s for s in every if matches(s, pattern))


def test_goal_positions_of_a_board_past_64_cells_span_both_words_of_bits():
    """9x8 cells: the free corner crosses cell 64, where the covered cells go on in a second
    word; its arrangements are the small board's, drawn into the corner."""
    from puzzledb.builder.kinds.sliding.arrangements import Board

    rows, cols, corner = 9, 8, [r * 8 + c for r in range(6, 9) for c in range(5, 8)]
    pattern = "".join(ANY if cell in corner else "_" for cell in range(rows * cols))
    board = Board(rows, cols, {"B": (2, 2)}, {"B": 1, "s": 2, "_": 66}, pattern)
    small = independent.tilings("BBBBss___", 3, 3, {"B": (2, 2)})
    drawn = []
    for tiling in small:
        cells = ["_"] * (rows * cols)
        for cell, label in zip(corner, tiling):
            cells[cell] = label
        drawn.append("".join(cells))
    assert board.count() == len(small)
    assert list(board.each()) == sorted(drawn)


def test_klotski_exit_positions_all_have_the_big_piece_at_the_exit():
    puzzle = catalogue.get("klotski")
    assert isinstance(puzzle, SlidingPuzzle)
    positions = puzzle.goal_positions(KLOTSKI_EXIT)
    assert len(positions) == len(set(positions)) == puzzle.goal_position_count(KLOTSKI_EXIT)
    assert positions == sorted(positions)
    for state in positions[:: len(positions) // 50]:
        assert puzzle.parse(state) == state and matches(state, KLOTSKI_EXIT)


# -- the search from every matching position ------------------------------------------------------
def test_small_board_pattern_build_equals_an_independent_search(tmp_path):
    definition = load_text(SMALL)
    puzzle, goal = definition.puzzle, definition.goals[0]
    path = tmp_path / "small.sqlite"
    db = writer(path)
    build(db, puzzle, goal, time.perf_counter())
    db.close()
    successors = independent.block_successors(3, 3, "_", {"V": (2, 1), "H": (1, 2)})
    every = independent.tilings("VVHHss___", 3, 3, {"V": (2, 1), "H": (1, 2)})
    sources = [s for s in every if matches(s, goal)]
    dist = independent.distances_from_all(sources, successors)
    counts = independent.solution_counts(dist, successors)
    assert stored(path, "small-blocks") == {s: (d, counts[s]) for s, d in dist.items()}


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_tile_board_pattern_uses_every_match_in_the_vectorised_search(tmp_path):
    """The 8-puzzle toward "1 2 3 4 on top, the rest anywhere": 120 goal positions, whose
    blanks lie on both colours of the board, so one layer may hold neighbours."""
    puzzle = catalogue.get("eight")
    goal = puzzle.parse_goal("1234?????")
    path = tmp_path / "eight.sqlite"
    db = writer(path)
    build(db, puzzle, goal, time.perf_counter())
    db.close()
    sources = puzzle.goal_positions(goal)
    assert len(sources) == 120 and all(matches(s, "1234?????") for s in sources)
    successors = independent.grid_neighbours(3, 3, "0")
    dist = independent.distances_from_all(sources, successors)
    counts = independent.solution_counts(dist, successors)
    assert stored(path, "eight") == {s: (d, counts[s]) for s, d in dist.items()}


# -- Klotski's answers ----------------------------------------------------------------------------
def test_klotski_start_is_116_unit_moves_from_the_exit(klotski):
    answer = klotski.path("klotski", "start")
    assert answer["state"] == KLOTSKI_START and answer["goal"] == KLOTSKI_EXIT
    assert answer["depth"] == 116 and len(answer["moves"]) == 116
    assert answer["reached"] == answer["path"][-1] and matches(answer["reached"], KLOTSKI_EXIT)
    assert answer["path"][-2][13:15] != "BB"  # the big piece arrives with the last move
    puzzle = catalogue.get("klotski")
    for before, move, after in zip(answer["path"], answer["moves"], answer["path"][1:]):
        assert (move, after) in {(m.label, s) for m, s in puzzle.moves(before)}


def test_klotski_stats_count_the_goal_positions(klotski):
    stats = klotski.stats("klotski")
    assert stats["goal_positions"] == stats["histogram"][0] == 6_795
    assert stats["states"] == sum(stats["histogram"])
    depth0 = klotski.depth("klotski", 0, limit=5)
    assert depth0["count"] == 6_795 and all(matches(s, KLOTSKI_EXIT) for s in depth0["states"])
    farthest = klotski.farthest("klotski", limit=3)
    assert farthest["depth"] == stats["max_depth"] > 116


def test_klotski_moves_from_the_start_say_each_pieces_cells(klotski):
    answer = klotski.moves("klotski", "start")
    assert answer["depth"] == 116
    best = [m for m in answer["moves"] if m["optimal"]]
    assert best and all(m["depth"] == 115 for m in best)
    for move in answer["moves"]:
        assert [KLOTSKI_START[c] for c in move["to"]] == ["_"] * len(move["to"])


def test_klotski_named_start_works_from_the_command_line_and_http(cli, klotski_db):
    done = cli("path", "klotski", "start", "--db", klotski_db, "--json")
    assert done.exit_code == 0 and json.loads(done.stdout)["depth"] == 116
    drawn = cli("path", "klotski", "start", "--db", klotski_db).stdout
    assert f"goal {KLOTSKI_EXIT} at " in drawn and "116 moves, optimal" in drawn
    client = create_app(klotski_db).test_client()
    response = client.get("/path", query_string={"puzzle": "klotski", "state": "start"})
    assert response.status_code == 200 and response.get_json()["depth"] == 116
    stats = client.get("/stats", query_string={"puzzle": "klotski"}).get_json()
    assert stats["goal_positions"] == 6_795


def test_a_misspelt_start_name_is_told_which_names_there_are(cli, klotski_db):
    done = cli("path", "klotski", "strat", "--db", klotski_db, "--json")
    error = json.loads(done.stdout)["error"]
    assert done.exit_code == 2 and error["code"] == "malformed"
    assert "or a start by name: start" in error["message"]
    # a puzzle without named starts says only what is wrong with the position
    with pytest.raises(MalformedInput) as told:
        catalogue.get("eight").parse("12345678")
    assert "by name" not in str(told.value)


# -- the exit --------------------------------------------------------------------------------------
def test_the_catalogue_says_where_a_goal_pattern_exits(klotski):
    (entry,) = [p for p in klotski.catalogue()["puzzles"] if p["name"] == "klotski"]
    assert [b["exits"] for b in entry["builds"]] == [
        [{"side": "bottom", "cells": [17, 18], "words": "bottom, columns b–c"}]
    ]
    puzzle = catalogue.get("klotski")
    # the big piece in the bottom left corner (as Dad's puzzle exits): two sides
    assert puzzle.exits("????????????BB??BB??") == [
        {"side": "bottom", "cells": [16, 17], "words": "bottom, columns a–b"},
        {"side": "left", "cells": [12, 16], "words": "left, rows 4–5"},
    ]
    assert puzzle.exits("?????????????BB??BB?".replace("?", "_", 1)) == puzzle.exits(KLOTSKI_EXIT)
    assert puzzle.exits("????" + "?BB?" * 2 + "?" * 8) == []  # pinned in the middle: no exit
    assert puzzle.exits(KLOTSKI_START) == []  # a whole position has no exit
    assert catalogue.get("eight").exits("123456780") == []


# -- bad input ------------------------------------------------------------------------------------
def test_a_question_mark_in_a_state_is_malformed(cli, klotski_db):
    bad = cli("path", "klotski", "?BBVVBBVVHHVVssVs__s", "--db", klotski_db, "--json")
    assert bad.exit_code == 2
    error = json.loads(bad.stdout)["error"]
    assert error["code"] == "malformed" and "only in a goal" in error["message"]


@pytest.mark.parametrize(
    "pattern, words",
    [
        ("?????????????XX??XX?", "unknown piece 'X'"),
        ("?????????????BBB?BB?", "'B' 5 times"),
        ("H????H??????????????", "matches 0 positions"),
    ],
)
def test_a_pattern_the_pieces_cannot_match_is_a_bad_definition(cli, klotski_db, pattern, words):
    bad = cli("path", "klotski", "start", "--goal", pattern, "--db", klotski_db, "--json")
    error = json.loads(bad.stdout)["error"]
    assert bad.exit_code == 2 and error["code"] == "bad_definition"
    assert words in error["message"]


def test_a_pattern_matching_more_than_a_build_holds_gives_the_count():
    puzzle = catalogue.get("fifteen")
    with pytest.raises(BadDefinition, match="matches 1,307,674,368,000 positions"):
        puzzle.parse_goal("???????????????0")


@pytest.mark.parametrize(
    "change, words",
    [
        (('start = "VHHVs___s"\n', ""), "pieces must come from a start"),
        (('start = "VHHVs___s"', 'start = "VHHVs?__s"'), "only a goal may be a pattern"),
        (('start = "VHHVs___s"', 'start = "VHHsV___s"'), "does not fit start"),
        (
            ('start = "VHHVs___s"', 'starts = {a = "VHHVs___s", b = "VHHVss__s"}'),
            "same pieces",
        ),
        (('goal = "??????HH?"', 'goal = "?????HHH?"'), "'H' 3 times"),
        (('start = "VHHVs___s"', 'starts = {"VHHVs___s" = "VHHVs___s"}'), "not a valid name"),
        (('blank = "_"', 'blank = "?"'), "cannot be '?'"),
    ],
)
def test_toml_pattern_mistakes_name_what_is_wrong(change, words):
    with pytest.raises(BadDefinition, match=words):
        load_text(SMALL.replace(*change), "small.toml")


def test_a_whole_position_goal_stays_one_position(cli, tmp_path):
    puzzle = catalogue.get("nooff")
    assert puzzle.goal_positions(puzzle.default_goal) == [puzzle.default_goal]
    with pytest.raises(MalformedInput):
        puzzle.parse("LLNOOF?_")


def test_an_arrangement_that_cannot_reach_the_exit_is_unreachable(klotski, klotski_db, cli):
    """53,954 of the 65,880 arrangements can reach the exit; the others are answered so."""
    every = catalogue.get("klotski").goal_positions(ANY * 20)
    assert len(every) == 65_880
    lost = next(s for s in every if klotski.moves("klotski", s, any_state=True)["depth"] is None)
    bad = cli("path", "klotski", lost, "--db", klotski_db, "--json")
    error = json.loads(bad.stdout)["error"]
    assert bad.exit_code == 3 and error["code"] == "unreachable"
    assert f"cannot reach goal {KLOTSKI_EXIT}" in error["message"]


def test_a_bad_pattern_over_http_is_a_400_bad_definition(klotski_db):
    client = create_app(klotski_db).test_client()
    query = {"puzzle": "klotski", "state": "start", "goal": "H????H??????????????"}
    response = client.get("/path", query_string=query)
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "bad_definition"
