"""The rules that call a peg position unreachable never call a finishable one so, and each
catches some: checked against tests/support/independent's search (un-jumping from the goal) on small
boards, shared with builder/ only through the drawn rows."""

from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.independent import GRID_LINES, TRIANGLE_LINES, drawn_jumps, winners

from puzzledb.builder import catalogue
from puzzledb.builder.kinds.peg.puzzle import PegSolitaire
from puzzledb.builder.kinds.peg.rules import Golden, class_reason, pagoda_reason, pagodas

pytestmark = pytest.mark.slow  # searches whole peg boards to check each rule

BOARDS = {
    "3x3": (("ooo", "ooo", "ooo"), "grid"),
    "4x4": (("oooo", "oooo", "oooo", "oooo"), "grid"),
    "3x5": (("ooooo", "ooooo", "ooooo"), "grid"),
    "plus": ((".o.", "ooo", "ooo", ".o."), "grid"),
    "cross": ((".ooo.", "ooooo", "ooooo", "ooooo", ".ooo."), "grid"),
    "triangle": (("o....", "oo...", "ooo..", "oooo.", "ooooo"), "triangle"),
}


@cache
def board(name: str, metric: str = "jump") -> PegSolitaire:
    rows, lines = BOARDS[name]
    holes = sum(row.count("o") for row in rows)
    return PegSolitaire.from_rows(name, rows, lines, "1" + "0" * (holes - 1), metric=metric)


@cache
def finishers(name: str, goal: str) -> frozenset:
    rows, lines = BOARDS[name]
    triples = drawn_jumps(rows, GRID_LINES if lines == "grid" else TRIANGLE_LINES)
    return frozenset(winners(triples, goal))


@st.composite
def questions(draw):
    """(board, goal, state): a goal of one to three pegs (one on the 21-hole cross)."""
    name = draw(st.sampled_from(sorted(BOARDS)))
    holes = board(name).holes
    pegs = draw(st.sets(st.integers(0, holes - 1), min_size=1, max_size=1 if holes > 16 else 3))
    goal = "".join("1" if h in pegs else "0" for h in range(holes))
    if draw(st.booleans()):  # a position that finishes, or one a jump or two from one
        state = draw(st.sampled_from(sorted(finishers(name, goal))))
        flips = draw(st.lists(st.integers(0, holes - 1), max_size=2))
        for hole in flips:
            state = state[:hole] + "10"[int(state[hole])] + state[hole + 1 :]
    else:
        state = "".join(draw(st.sampled_from("01")) for _ in range(holes))
    return name, goal, state


@settings(max_examples=300, deadline=None)
@given(questions(), st.sampled_from(["jump", "chain"]))
def test_no_rule_calls_a_finishable_position_unreachable(question, metric):
    name, goal, state = question
    reason = board(name, metric).unreachable_reason(state, goal)
    assert reason is None or state not in finishers(name, goal), (name, goal, state, reason)


@pytest.mark.parametrize("name", ["4x4", "cross", "triangle"])
def test_each_rule_catches_positions_and_none_that_finish(name):
    """Over every position of the board toward one goal: the class rule and the pagoda rule
    each stop positions the peg count lets through, and never a position that finishes."""
    puzzle = board(name)
    goal = puzzle.default_goal if name != "cross" else "0" * 10 + "1" + "0" * 10
    finish = finishers(name, goal)
    caught = {"class": 0, "pagoda": 0}
    weighings = pagodas(puzzle.jumps)
    holes = puzzle.holes
    sparse = {  # every position of two to four pegs, where pagodas bite
        "".join("1" if h in pegs else "0" for h in range(holes))
        for k in (2, 3, 4)
        for pegs in combinations(range(holes), k)
    }
    dense = {format(n, f"0{holes}b") for n in range(0, 2**holes, {15: 1, 16: 3, 21: 101}[holes])}
    for state in sorted(sparse | {s for s in dense if s.count("1") > 1}):
        by_class = class_reason(state, goal, puzzle.places, puzzle.jumps)
        by_pagoda = pagoda_reason(state, goal, weighings)
        assert not ((by_class or by_pagoda) and state in finish), state
        caught["class"] += by_class is not None
        caught["pagoda"] += by_pagoda is not None and by_class is None
    assert caught["class"] > 0 and caught["pagoda"] > 0, caught


def test_the_triangle_has_one_colouring_and_the_square_two():
    """A colouring must give the three holes of every jump three colours: (row - column)
    keeps the triangle's diagonal one colour, so it has 4 classes, a square board 16."""
    from puzzledb.builder.kinds.peg.rules import colourings

    triangle, square = board("triangle"), board("4x4")
    assert colourings(triangle.places, triangle.jumps) == [(1, 1)]
    assert colourings(square.places, square.jumps) == [(1, 1), (1, 2)]
    peg15 = catalogue.get("peg15")  # listed jumps, no rows: its drawing's coordinates serve
    assert isinstance(peg15, PegSolitaire)
    assert len(colourings(peg15.places, peg15.jumps)) == 1


def test_the_classic_cases_on_the_big_boards():
    english, french = catalogue.get("english"), catalogue.get("french")
    centre = "".join("1" if h == 18 else "0" for h in range(37))
    vacant = centre.translate(str.maketrans("01", "10"))
    assert "position class" in str(french.unreachable_reason(vacant, centre))
    assert french.unreachable_reason(french.parse("start"), french.default_goal) is None
    assert english.unreachable_reason(english.parse("start"), english.default_goal) is None
    corners = "1" + "0" * 31 + "1"  # holes 0 and 32, far from the centre
    assert "pagoda" in str(english.unreachable_reason(corners, english.default_goal))
    assert "too few pegs" in str(english.unreachable_reason("0" * 33, english.default_goal))


@given(st.lists(st.integers(-30, 30), min_size=4, max_size=4))
def test_golden_numbers_compare_exactly(values):
    x1, y1, x2, y2 = values
    a, b = Golden(x1, y1), Golden(x2, y2)
    if abs(float(a) - float(b)) > 1e-9:
        assert (a < b) == (float(a) < float(b))
    assert not (a < b and b < a)
    pagoda_step = Golden.power(2) + Golden.power(1)  # t**2 + t = 1: a jump toward h adds nothing
    assert (pagoda_step.x, pagoda_step.y) == (1, 0)
