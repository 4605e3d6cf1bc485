"""The packed search against the plain one, on boards chosen to stress its shortcuts.

The vectorized search finds the blank with word arithmetic, leaves out each state's own
predecessor when expanding, and skips a comparison because sliding graphs are bipartite. Each
shortcut depends on the encoding (digit width, the blank's rank among the symbols, repeated
pieces), so these boards vary exactly those, and every state's depth and count is compared.
"""

from typing import cast

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzledb.builder import catalogue
from puzzledb.builder.kinds.sliding import SlidingPuzzle
from puzzledb.builder.kinds.sliding.packed import PackedBoard
from puzzledb.builder.search.layered import NO_MOVE, layered_bfs
from puzzledb.builder.search.plain import breadth_first

pytestmark = (
    pytest.mark.slow
)  # each test searches whole boards twice, numpy's way and the plain way

BOARDS = {
    # 1-bit digits: one kind of piece and the blank
    "one bit": SlidingPuzzle("onebit", 2, 3, "AAAA.A", "."),
    # 2-bit digits, repeated pieces, blank ranked last ('_' sorts after letters' capitals)
    "blank last": SlidingPuzzle("last", 2, 3, "AB_ABA", "_"),
    # 3-bit digits, all pieces distinct
    "seven": cast(SlidingPuzzle, catalogue.get("seven")),
    # 4-bit digits, blank in the middle of the alphabet, a board of 3 rows
    "blank middle": SlidingPuzzle("middle", 3, 3, "12345M78_", "M"),
}


@pytest.mark.parametrize("name", BOARDS)
def test_every_state_depth_and_count_matches_the_plain_search(name):
    puzzle = BOARDS[name]
    packed = layered_bfs(PackedBoard(puzzle), puzzle.default_goal)
    plain = breadth_first(puzzle, puzzle.default_goal)
    rows: dict = {}
    for states, depths, moves, counts in packed.chunks(1000):
        rows.update(zip(states, zip(depths, moves, counts)))
    assert {s: d for s, (d, _, _) in rows.items()} == {s: v[0] for s, v in plain.table.items()}
    assert {s: c for s, (_, _, c) in rows.items()} == plain.solutions
    codec = PackedBoard(puzzle)
    for state, (depth, move, _) in rows.items():  # each stored move leads one move nearer
        if move is None:
            assert state == puzzle.default_goal
            continue
        code = np.array([codec.encode(state)], np.uint64)
        pred = codec.decode(codec.undo(code, np.array([move], np.int16)))[0]
        assert rows[pred][0] == depth - 1
        assert pred in {after for _, after in puzzle.moves(state)}


@pytest.mark.parametrize("name", BOARDS)
def test_the_blank_is_found_in_every_state(name):
    puzzle = BOARDS[name]
    codec = PackedBoard(puzzle)
    states = list(breadth_first(puzzle, puzzle.default_goal).table)
    codes = np.array([codec.encode(s) for s in states], np.uint64)
    assert codec.blank_cells(codes).tolist() == [s.index(puzzle.blank) for s in states]


@settings(max_examples=60, deadline=None)
@given(st.permutations("123456789ABCDEF0"))
def test_the_blank_is_found_on_a_full_64_bit_word(tiles):
    fifteen = catalogue.get("fifteen")
    assert isinstance(fifteen, SlidingPuzzle)
    codec = PackedBoard(fifteen)
    state = "".join(tiles)
    assert codec.blank_cells(np.array([codec.encode(state)], np.uint64)).tolist() == [
        state.index("0")
    ]


@pytest.mark.parametrize("name", BOARDS)
def test_expanding_with_the_arriving_move_leaves_out_only_the_predecessor(name):
    puzzle = BOARDS[name]
    codec = PackedBoard(puzzle)
    result = layered_bfs(codec, puzzle.default_goal, radius=4)
    codes, came_by = result.layers[-1], result.layer_moves[-1]
    every, _, every_parent = codec.expand(codes)
    fewer, _, fewer_parent = codec.expand(codes, came_by)
    preds = codec.undo(codes, came_by)
    whole = set(zip(every.tolist(), every_parent.tolist()))
    kept = set(zip(fewer.tolist(), fewer_parent.tolist()))
    assert whole - kept == {(int(p), i) for i, p in enumerate(preds)}
    assert NO_MOVE not in came_by.tolist()


def test_packed_rows_carry_counts_past_sqlite_integers_as_exact_text():
    """Counts at and past 2**63 - 1 leave the packed result as SQLite must bind them."""
    seven = catalogue.get("seven")
    assert isinstance(seven, SlidingPuzzle)
    result = layered_bfs(PackedBoard(seven), seven.default_goal, radius=2)
    values = [2**63 - 1, 2**63, 2**64 - 1]  # two limbs: the top one decides
    layer = result.layer_counts[2]
    wanted = (values * len(layer[0]))[: len(layer[0])]
    result.layer_counts[2] = [
        np.array([(v >> (32 * k)) & 0xFFFFFFFF for v in wanted], np.uint32) for k in range(2)
    ]
    codec = PackedBoard(seven)
    expected = dict(
        zip(codec.decode(result.layers[2]), [v if v < 2**63 else str(v) for v in wanted])
    )
    rows: dict = {}
    for states, _, _, counts in result.chunks(1000):
        rows.update(zip(states, counts))
    assert {s: rows[s] for s in expected} == expected
    assert all(type(rows[s]) is int for s in rows if s not in expected)
