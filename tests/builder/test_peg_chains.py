"""The chain-metric peg codec (builder.kinds.peg.chains) in the layered search: against the plain
search (builder.search.plain) row for row on peg15 and drawn boards, and against an independent
search written for these tests (tests/support/independent.py) on small boards drawn at random.

The codec grows un-chains as a tree of paths, merges the paths that reach one child from one
parent (it counts once), names each by its canonical chain and stores pred: each of these is
checked, with the layer cut into many key ranges as well as into one.
"""

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from support.independent import grid_peg_successors, peg_distances, solution_counts

from puzzledb.builder import catalogue
from puzzledb.builder.core.errors import BadDefinition
from puzzledb.builder.kinds.peg.chains import PackedChains, packable
from puzzledb.builder.kinds.peg.puzzle import PegSolitaire
from puzzledb.builder.search import layered
from puzzledb.builder.search.layered import layered_bfs
from puzzledb.builder.search.plain import breadth_first
from puzzledb.db.build import search

pytestmark = pytest.mark.slow  # builds peg boards of chains and searches them again independently

BOARDS = {
    "peg15": lambda: catalogue.get("peg15"),
    "square": lambda: PegSolitaire.from_rows("square", ["oooo"] * 4, "grid", "0000010000000000"),
    "small cross": lambda: PegSolitaire.from_rows(
        "cross", [".oo.", "oooo", "oooo", ".oo."], "grid", "000001000000"
    ),
    "3x5, two pegs left": lambda: PegSolitaire.from_rows(
        "rect", ["ooooo"] * 3, "grid", "000001000100000"
    ),
}


def packed_rows(puzzle):
    result = layered_bfs(PackedChains(puzzle), puzzle.default_goal)
    rows: dict = {}
    for states, depths, moves, counts, preds in result.chunks(1000):
        rows.update(zip(states, zip(depths, moves, counts, preds)))
    return result, rows


@pytest.mark.parametrize("at_once", [layered.CHILDREN_AT_ONCE, 7])
@pytest.mark.parametrize("name", BOARDS)
def test_the_codec_builds_what_the_plain_search_builds(name, at_once, monkeypatch):
    monkeypatch.setattr(layered, "CHILDREN_AT_ONCE", at_once)
    puzzle = BOARDS[name]()
    packed, rows = packed_rows(puzzle)
    plain = breadth_first(puzzle, puzzle.default_goal)
    assert {s: (d, c) for s, (d, _, c, _) in rows.items()} == {
        s: (d, plain.solutions[s]) for s, (d, _, _) in plain.table.items()
    }
    assert packed.histogram == plain.histogram
    assert (packed.most_solutions, packed.most_solved) == (plain.most_solutions, plain.most_solved)
    assert packed.stores_pred and plain.stores_pred
    same_pred = 0
    for state, (depth, move, _, pred) in rows.items():
        if move is None:
            assert state == puzzle.default_goal and pred is None
            continue
        assert rows[pred][0] == depth - 1
        # the stored chain is the canonical one from state to pred, as the plain search names it
        (chain,) = [m for m, after in puzzle.moves(state) if after == pred]
        assert packed.moves[move] == chain
        _, plain_move, plain_pred = plain.table[state]
        if plain_pred == pred:
            same_pred += 1
            assert plain.moves[plain_move] == packed.moves[move]
    assert same_pred > len(rows) // 2  # the label check above met the plain search's rows


def test_a_parent_reaching_a_child_by_several_chains_counts_once():
    # On a square, a peg can go round a ring of four jumps either way, and chains of different
    # holes can leave the same position: one child, once, named by its canonical chain.
    puzzle = PegSolitaire.from_rows("square", ["oooo"] * 4, "grid", "0000010000000000")
    codec = PackedChains(puzzle)
    plain = breadth_first(puzzle, puzzle.default_goal)
    seen = 0
    for state in plain.table:
        code = np.array([codec.encode(state)], np.uint64)
        children, moves, _ = codec.expand(code)
        earlier = codec.decode(children)
        wanted = {e for _, e in puzzle.reverse_moves(state)}
        paths = sum(1 for _ in _all_unchains(puzzle, state))
        seen += paths > len(wanted)
        assert sorted(earlier) == sorted(wanted)  # each child once
        assert codec.undo(children, moves).tolist() == [codec.encode(state)] * len(earlier)
        for child, move in zip(earlier, moves.tolist()):
            (chain,) = [m for m, after in puzzle.moves(child) if after == state]
            assert codec.moves[move] == chain
    assert seen  # some state has two chains to one child


def _all_unchains(puzzle, state):
    for end in range(puzzle.holes):
        if state[end] == "1":
            yield from puzzle._unchains(state, [end])


def test_peg15_builds_by_the_codec_with_its_figures():
    peg15 = catalogue.get("peg15")
    assert packable(peg15)
    result = search(peg15, peg15.default_goal, classes=False)
    assert isinstance(result, layered.PackedResult)
    assert isinstance(result.codec, PackedChains) and result.stores_pred
    assert result.states == sum(breadth_first(peg15, peg15.default_goal).histogram)
    # by default one position of each class (its two mirror images): pred from the flips
    classes = search(peg15, peg15.default_goal)
    assert isinstance(classes, layered.PackedResult) and not classes.stores_pred
    assert isinstance(classes.codec, PackedChains)
    assert classes.histogram == result.histogram and classes.rows < result.rows


def test_single_jump_boards_are_not_chains():
    assert not packable(catalogue.get("english"))
    assert packable(catalogue.get("english-chain"))


# -- against an independent search, on boards drawn at random --------------------------------


@st.composite
def boards(draw):
    rows = draw(st.integers(3, 4))
    cols = draw(st.integers(3, 5))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    holes = draw(st.sets(st.sampled_from(cells), min_size=5, max_size=14))
    drawn = ["".join("o" if (r, c) in holes else "." for c in range(cols)) for r in range(rows)]
    n = len(holes)
    pegs = draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=2))
    goal = "".join("1" if i in pegs else "0" for i in range(n))
    return drawn, goal


@settings(max_examples=40, deadline=None)
@given(boards(), st.sampled_from([layered.CHILDREN_AT_ONCE, 5]))
def test_every_depth_and_count_matches_an_independent_search(drawn_goal, at_once):
    drawn, goal = drawn_goal
    successors = grid_peg_successors(drawn, chain=True)
    try:
        puzzle = PegSolitaire.from_rows("drawn", drawn, "grid", goal)
    except BadDefinition:  # a drawing the board rules refuse (a hole no jump reaches)
        assume(False)
    original = layered.CHILDREN_AT_ONCE
    layered.CHILDREN_AT_ONCE = at_once
    try:
        _, rows = packed_rows(puzzle)
    finally:
        layered.CHILDREN_AT_ONCE = original
    dist = peg_distances(goal, len(goal), successors)
    assert {s: d for s, (d, _, _, _) in rows.items()} == dist
    assert {s: c for s, (_, _, c, _) in rows.items()} == solution_counts(dist, successors)
    for state, (depth, _, _, pred) in rows.items():
        assert depth == 0 or (pred in successors(state) and dist[pred] == depth - 1)


def test_more_chains_than_move_codes_name_are_refused_by_name(monkeypatch):
    from puzzledb.builder.kinds.peg import chains as peg_chains

    monkeypatch.setattr(peg_chains, "MOST_CODES", 20)
    peg15 = catalogue.get("peg15")
    assert isinstance(peg15, PegSolitaire)
    with pytest.raises(ValueError, match="peg15: more than 21 distinct chains"):
        layered_bfs(PackedChains(peg15), peg15.default_goal)
