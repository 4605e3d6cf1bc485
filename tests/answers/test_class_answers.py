"""Every answer of a build of classes equals the answer of the same board built with every
position stored: paths as long and as many, the same moves, the same positions at each depth."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from support.independent import GRID_LINES, drawn_jumps, drawn_successors, solution_counts, winners

from puzzledb.builder.core.errors import BadDefinition, PuzzledbError
from puzzledb.builder.kinds.peg.puzzle import PegSolitaire
from puzzledb.db import queries
from puzzledb.db.build import build
from puzzledb.db.connection import reader, writer
from puzzledb.service.answers import Answers

PLUS = [".ooo.", "ooooo", "ooooo", "ooooo", ".ooo."]


def plus() -> PegSolitaire:
    return PegSolitaire.from_rows(
        "plus21", PLUS, "grid", "000/00000/00100/00000/000", metric="jump"
    )


@pytest.fixture(scope="module")
def both(tmp_path_factory):
    """(answers over classes, answers over every position, the board, every state by depth)."""
    board = plus()
    found = {}
    for name, classes in (("classes", True), ("every", False)):
        path = tmp_path_factory.mktemp(name) / "db.sqlite"
        db = writer(path)
        build(db, board, board.default_goal, time.perf_counter(), classes=classes)
        db.close()
        found[name] = Answers(reader(path))
    return found["classes"], found["every"], board


def _all_at(answers, depth, limit=97, name="plus21"):
    states: list[str] = []
    after = None
    while True:
        page = answers.depth(name, depth, limit=limit, after_text=after)
        if not page["states"]:
            return states, page["count"]
        states += page["states"]
        after = page["states"][-1]


def test_stats_count_every_position_and_say_the_classes(both):
    classes, every, _ = both
    a, b = classes.stats("plus21"), every.stats("plus21")
    assert a["states"] == b["states"] == 30_532
    assert a["histogram"] == b["histogram"]
    assert a["most_solutions"] == b["most_solutions"]
    assert a["classes"] == 3_986 and b["classes"] is None


def test_every_depth_lists_exactly_its_positions(both):
    classes, every, _ = both
    for depth in range(len(every.stats("plus21")["histogram"])):
        listed, count = _all_at(classes, depth)
        expected, expected_count = _all_at(every, depth)
        assert count == expected_count == len(listed)
        assert len(set(listed)) == len(listed)  # no position twice
        assert set(listed) == set(expected)


def test_offset_pages_walk_the_same_order_as_after_pages(both):
    classes, _, _ = both
    for depth in (3, 8):
        order, count = _all_at(classes, depth, limit=13)
        for offset in (0, 1, 5, 7, 12, 100, count - 3, count, count + 5):
            page = classes.depth("plus21", depth, limit=9, offset=offset)["states"]
            assert page == order[offset : offset + 9]


def test_farthest_lists_the_same_positions(both):
    classes, every, _ = both
    a, b = classes.farthest("plus21", limit=10_000), every.farthest("plus21", limit=10_000)
    assert a["count"] == b["count"] and sorted(a["states"]) == sorted(b["states"])


def _sample(every, seed=7, each=25):
    rng = random.Random(seed)
    states = []
    for depth in range(len(every.stats("plus21")["histogram"])):
        listed, _ = _all_at(every, depth, limit=10_000)
        states += rng.sample(listed, min(each, len(listed)))
    return states


def test_every_path_is_as_long_as_many_and_made_of_legal_jumps(both):
    classes, every, board = both
    for state in _sample(every):
        a, b = classes.path("plus21", state), every.path("plus21", state)
        assert (a["depth"], a["solutions"]) == (b["depth"], b["solutions"])
        assert a["path"][0] == state and a["path"][-1] == board.default_goal
        for before, after, move in zip(a["path"], a["path"][1:], a["moves"]):
            assert (move, after) in [(m.label, s) for m, s in board.moves(before)]


def test_moves_are_the_same(both):
    classes, every, _ = both
    for state in _sample(every, seed=11, each=8):
        assert classes.moves("plus21", state) == every.moves("plus21", state)


def test_a_position_that_cannot_finish_gets_the_same_error(both):
    classes, every, _ = both
    for state in ("111/11111/11011/11111/111", "100/00000/00000/00000/001"):
        errors = []
        for answers in (classes, every):
            with pytest.raises(PuzzledbError) as caught:
                answers.path("plus21", state)
            errors.append((type(caught.value), caught.value.message))
        assert errors[0] == errors[1]


@st.composite
def symmetric_boards(draw):
    """A board symmetric under both mirrors (and the diagonal when square), its centre a hole:
    rows and columns odd, at most 21 holes, so the independent search stays quick."""
    rows, cols = draw(st.sampled_from([(3, 5), (3, 7), (5, 5), (5, 3), (5, 7)]))
    square = rows == cols
    cells = set()
    for r in range(rows // 2 + 1):
        for c in range(cols // 2 + 1):
            if square and c < r:
                continue
            if (r, c) == (rows // 2, cols // 2) or draw(st.booleans()):
                for rr, cc in {(r, c), (c, r)} if square else {(r, c)}:
                    for a in {rr, rows - 1 - rr}:
                        for b in {cc, cols - 1 - cc}:
                            cells.add((a, b))
    board = ["".join("o" if (r, c) in cells else "." for c in range(cols)) for r in range(rows)]
    assume(len(cells) <= 21)
    return board


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(symmetric_boards())
def test_a_symmetric_board_stored_by_class_answers_as_an_independent_search(
    tmp_path_factory, board
):
    places = [(r, c) for r, row in enumerate(board) for c, ch in enumerate(row) if ch == "o"]
    centre = places.index((len(board) // 2, len(board[0]) // 2))
    goal = "".join("1" if h == centre else "0" for h in range(len(places)))
    try:
        puzzle = PegSolitaire.from_rows("sym", board, "grid", goal, metric="jump")
    except BadDefinition:
        assume(False)  # a hole no jump connects: not a board
        raise
    path = tmp_path_factory.mktemp("sym") / "db.sqlite"
    db = writer(path)
    build(db, puzzle, goal, time.perf_counter())
    db.close()
    triples = drawn_jumps(board, GRID_LINES)
    finish = winners(triples, goal)
    dist = {s: s.count("1") - 1 for s in finish}
    lines = solution_counts(dist, drawn_successors(triples))
    answers = Answers(reader(path))
    stats = answers.stats("sym")
    assert stats["states"] == len(finish) and stats["classes"] is not None  # stored by class
    listed = [s for d in range(len(stats["histogram"])) for s in _all_at(answers, d, 50, "sym")[0]]
    assert sorted(listed) == sorted(finish)
    with reader(path).connection() as conn:
        stored = queries.find_build(conn, "sym", goal)
        assert stored is not None
        found = queries.depths_of(conn, stored, sorted(finish))
    assert found == {s: (dist[s], lines[s]) for s in finish}
    for state in sorted(finish)[:: max(1, len(finish) // 20)]:
        answer = answers.path("sym", state)
        assert answer["depth"] == dist[state] and answer["path"][-1] == goal
        for before, after in zip(answer["path"], answer["path"][1:]):
            assert after in drawn_successors(triples)(before)
