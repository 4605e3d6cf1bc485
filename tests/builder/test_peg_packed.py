"""The packed peg codec (builder.kinds.peg.packed) in the layered search, against an independent
search written for these tests (tests/support/independent.py) on small boards of several shapes.

The codec packs a position into a word, tests each jump with a mask, hands a layer's children
out one key range at a time and lets the search skip every comparison with earlier layers
(depth = pegs): each of these shortcuts is checked by comparing every position's depth and
count of winning lines, with the layer cut into many key ranges as well as into one.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.independent import grid_peg_successors, peg_distances, solution_counts

from puzzledb.builder.kinds.peg.packed import PackedPegs
from puzzledb.builder.kinds.peg.puzzle import PegSolitaire
from puzzledb.builder.search import layered
from puzzledb.builder.search.layered import layered_bfs


def grid_board(name, rows, goal):
    return PegSolitaire.from_rows(name, rows, "grid", goal, metric="jump")


# name -> (rows, goal)
BOARDS = {
    "4x4 square": (["oooo"] * 4, "0000010000000000"),
    "3x5 rectangle": (["ooooo"] * 3, "000000010000000"),
    "small cross": ([".oo.", "oooo", "oooo", ".oo."], "000001000000"),
    "thin plus": (["..o..", "..o..", "ooooo", "..o..", "..o.."], "000010000"),
}


def build_rows(puzzle):
    result = layered_bfs(PackedPegs(puzzle), puzzle.default_goal)
    rows: dict = {}
    for states, depths, moves, counts in result.chunks(1000):
        rows.update(zip(states, zip(depths, moves, counts)))
    return result, rows


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
@pytest.mark.parametrize("by_parent, graded", [(True, True), (False, True), (True, False)], ids=str)
@pytest.mark.parametrize("at_once", [layered.CHILDREN_AT_ONCE, 7])
@pytest.mark.parametrize("name", BOARDS)
def test_every_position_depth_and_count_matches_an_independent_search(
    name, at_once, by_parent, graded, monkeypatch
):
    monkeypatch.setattr(layered, "CHILDREN_AT_ONCE", at_once)
    if not by_parent:  # the search's other way to group children: by (child, move) keys
        monkeypatch.delattr(PackedPegs, "move_between")
    # Not graded, a directed search compares each layer with every earlier one (a chain of
    # jumps may reach a position met before): on single jumps that must change nothing.
    monkeypatch.setattr(PackedPegs, "graded", graded)
    rows_drawn, goal = BOARDS[name]
    puzzle = grid_board(name, rows_drawn, goal)
    successors = grid_peg_successors(rows_drawn)
    dist = peg_distances(goal, len(goal), successors)
    result, rows = build_rows(puzzle)
    assert {s: d for s, (d, _, _) in rows.items()} == dist
    assert {s: c for s, (_, _, c) in rows.items()} == solution_counts(dist, successors)
    assert result.states == len(dist)
    for state, (depth, _, _) in rows.items():  # a jump takes one peg: depth = pegs less one
        assert depth == state.count("1") - 1


@pytest.mark.parametrize("name", BOARDS)
def test_each_stored_move_is_a_jump_one_move_nearer(name):
    rows_drawn, goal = BOARDS[name]
    puzzle = grid_board(name, rows_drawn, goal)
    codec = PackedPegs(puzzle)
    successors = grid_peg_successors(rows_drawn)
    result, rows = build_rows(puzzle)
    for state, (depth, move, _) in rows.items():
        if move is None:
            assert state == goal
            continue
        code = np.array([codec.encode(state)], np.uint64)
        pred = codec.decode(codec.undo(code, np.array([move], np.int16)))[0]
        assert rows[pred][0] == depth - 1
        assert pred in successors(state)
        start, over, land = codec.jump_cells(move)
        assert (state[start], state[over], state[land]) == ("1", "1", "0")
        assert result.moves[move].label == f"peg {start} jumps to {land}"


@st.composite
def positions(draw):
    name = draw(st.sampled_from(sorted(BOARDS)))
    goal = BOARDS[name][1]
    bits = draw(st.lists(st.booleans(), min_size=len(goal), max_size=len(goal)))
    return name, "".join("1" if b else "0" for b in bits)


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
@settings(max_examples=60, deadline=None)
@given(positions())
def test_expand_gives_every_position_one_jump_before_and_undo_returns(drawn):
    name, state = drawn
    rows_drawn, goal = BOARDS[name]
    codec = PackedPegs(grid_board(name, rows_drawn, goal))
    successors = grid_peg_successors(rows_drawn)
    code = np.array([codec.encode(state)], np.uint64)
    children, moves, parents = codec.expand(code)
    earlier = codec.decode(children)
    # every position with one peg more from which a single jump gives `state`
    holes = len(state)
    wanted = set()
    for mask in range(1 << holes):
        text = format(mask, f"0{holes}b")
        if text.count("1") == state.count("1") + 1 and state in successors(text):
            wanted.add(text)
    assert set(earlier) == wanted and len(earlier) == len(wanted)
    assert codec.undo(children, moves).tolist() == [codec.encode(state)] * len(earlier)
    assert parents.tolist() == [0] * len(earlier)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 2**15 - 1), min_size=1, max_size=30))
def test_integer_order_is_the_text_order(values):
    codec = PackedPegs(grid_board("3x5", ["ooooo"] * 3, "000000010000000"))
    texts = codec.decode(np.array(values, np.uint64))
    assert [codec.encode(t) for t in texts] == values
    assert sorted(texts) == codec.decode(np.sort(np.array(values, np.uint64)))
