"""The packed search of boards of blocks (builder.kinds.sliding.packed_blocks, searched by
builder.search.plain_order) against the plain search, row for row, on random small boards.

The plain search stores, for each state, the move it was first found by: from the earliest
found state of the layer before, by that state's earliest move in the rule's order, and it
numbers moves in the order states are stored. The packed search must find the same move and
give it the same code, so boards vary what that order depends on: pieces of every shape,
identical pieces (whose moves name their cell), one to three blanks, where the blank sorts among
the labels, every metric, goals that are patterns (many sources) and radius builds.
"""

from __future__ import annotations

from typing import cast

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from puzzledb.builder import catalogue
from puzzledb.builder.kinds.sliding import SlidingPuzzle
from puzzledb.builder.kinds.sliding.arrangements import ANY
from puzzledb.builder.kinds.sliding.packed_blocks import PackedBlocks, packable
from puzzledb.builder.search import codecs, plain_order
from puzzledb.builder.search.plain import breadth_first
from puzzledb.builder.search.plain_order import plain_order_bfs
from puzzledb.builder.search.result import SearchResult

#: The shapes a random board draws its pieces from, by label: one-cell tiles (which may
#: repeat) and rectangles (which may repeat too: V, H and B twins name their cell).
SHAPES = {"a": (1, 1), "b": (1, 1), "V": (2, 1), "H": (1, 2), "B": (2, 2)}
METRICS = ["unit", "straight", "finger"]


@st.composite
def boards(draw: st.DrawFn, metric: str) -> tuple[SlidingPuzzle, str]:
    """A board of 2-3 rows and 2-4 columns filled in reading order with random pieces and
    one to three blanks; its goal that position, or a pattern of one piece where it stands."""
    rows, cols = draw(st.integers(2, 3)), draw(st.integers(2, 4))
    blank = draw(st.sampled_from("_."))  # '_' sorts after the capitals, '.' before them all
    cells: list[str | None] = [None] * (rows * cols)
    for cell in range(rows * cols):
        if cells[cell] is not None:
            continue
        top, left = divmod(cell, cols)
        fits = [
            label
            for label, (h, w) in SHAPES.items()
            if top + h <= rows
            and left + w <= cols
            and all(cells[(top + i) * cols + left + j] is None for i in range(h) for j in range(w))
        ]
        label = draw(st.sampled_from([blank, *fits]))
        h, w = SHAPES.get(label, (1, 1))
        for i in range(h):
            for j in range(w):
                cells[(top + i) * cols + left + j] = label
    position = "".join(cast(list[str], cells))
    assume(1 <= position.count(blank) <= 3 and position.count(blank) < len(position))
    wide = {label: SHAPES[label] for label in set(position) if SHAPES.get(label, (1, 1)) != (1, 1)}
    pattern = draw(st.booleans())
    goal = position
    if pattern:  # one label's cells kept, any cell elsewhere
        kept = draw(st.sampled_from(sorted(set(position) - {blank})))
        goal = "".join(s if s == kept else ANY for s in position)
    puzzle = SlidingPuzzle(
        "random",
        rows,
        cols,
        goal,
        blank,
        wide=wide,
        metric=metric,
        starts={"start": position} if pattern else None,
    )
    return puzzle, puzzle.default_goal


def rows_of(result: SearchResult) -> dict[str, tuple]:
    """Every row a build stores, predecessors included, by state."""
    result.stores_pred = True  # both searches can say each state's predecessor
    rows = {}
    for columns in result.chunks(10_000):
        for state, *rest in zip(*columns, strict=True):
            rows[state] = tuple(rest)
    return rows


def assert_same_build(puzzle: SlidingPuzzle, goal: str, radius: int | None = None) -> None:
    sources = puzzle.goal_positions(goal)
    plain = breadth_first(puzzle, goal, radius, sources=sources)
    packed = plain_order_bfs(PackedBlocks(puzzle), goal, radius, sources=sources)
    assert packed.histogram == plain.histogram
    assert packed.stores_pred == plain.stores_pred
    assert (packed.most_solutions, packed.most_solved_count, packed.most_solved) == (
        plain.most_solutions,
        plain.most_solved_count,
        plain.most_solved,
    )
    # the moves table as stored: each code's words and the cells a swap names
    assert {c: (m.label, m.swap) for c, m in packed.moves.items()} == {
        c: (m.label, m.swap) for c, m in plain.moves.items()
    }
    assert rows_of(packed) == rows_of(plain)


@pytest.mark.slow  # 40 boards a metric, each searched both ways: ~3 s
@pytest.mark.parametrize("metric", METRICS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_row_is_the_plain_searchs(metric, data):
    puzzle, goal = data.draw(boards(metric))
    assert packable(puzzle)
    assert_same_build(puzzle, goal)


@pytest.mark.parametrize("metric", METRICS)
@settings(max_examples=15, deadline=None)
@given(data=st.data(), radius=st.integers(0, 3))
def test_a_radius_build_is_the_plain_searchs(metric, data, radius):
    puzzle, goal = data.draw(boards(metric))
    assert_same_build(puzzle, goal, radius)


def test_a_small_catalogue_board_of_blocks_is_the_plain_searchs():
    """NO-OFF: a bulb two cells wide beside one-cell letters, one blank."""
    nooff = catalogue.get("nooff")
    assert isinstance(nooff, SlidingPuzzle)
    assert_same_build(nooff, nooff.default_goal)


def test_the_goals_positions_are_met_in_the_order_given():
    """The plain search meets a pattern's positions in the order it is given them, not in the
    order of their codes; that order decides which move a state stores."""
    klotski = catalogue.get("klotski")
    assert isinstance(klotski, SlidingPuzzle)
    goal = klotski.default_goal
    sources = klotski.goal_positions(goal)
    rotated = sources[len(sources) // 3 :] + sources[: len(sources) // 3]
    plain = rows_of(breadth_first(klotski, goal, 2, sources=rotated))
    assert plain != rows_of(breadth_first(klotski, goal, 2, sources=sources))
    assert rows_of(plain_order_bfs(PackedBlocks(klotski), goal, 2, sources=rotated)) == plain


def test_move_codes_too_wide_for_int16_are_kept_whole(monkeypatch):
    """Codes past SHORT_CODE_MAX (int16's largest, lowered here) are kept as int64 from the
    layer that meets the first of them, and stored as the plain search stores them."""
    monkeypatch.setattr(plain_order, "SHORT_CODE_MAX", 5)
    puzzle = SlidingPuzzle("tiles", 3, 3, "aabbcc___", "_")
    goal = puzzle.default_goal
    packed = plain_order_bfs(PackedBlocks(puzzle), goal)
    wide = [moves.dtype for moves in packed.layer_moves if moves.max() > 5]
    assert wide and set(wide) == {np.dtype(np.int64)}
    assert rows_of(packed) == rows_of(breadth_first(puzzle, goal))


@pytest.mark.parametrize("name", ["klotski", "klotski-straight", "klotski-finger", "nooff"])
def test_boards_of_blocks_take_the_blocks_codec(name):
    assert isinstance(codecs.codec_for(catalogue.get(name)), PackedBlocks)
    assert codecs.cluster_codec_for(catalogue.get(name)) is None


@pytest.mark.parametrize("name", ["eight", "fifteen", "eight-multi", "peg15"])
def test_other_boards_keep_their_codecs(name):
    """One-blank boards of one-cell tiles keep their own codec; multi-tile moves the plain
    search; peg boards theirs."""
    assert not isinstance(codecs.codec_for(catalogue.get(name)), PackedBlocks)


def test_a_board_of_blanks_alone_takes_the_plain_search():
    assert not packable(SlidingPuzzle("blanks", 1, 2, "__", "_", metric="finger"))


def test_the_cluster_says_a_board_of_blocks_is_built_on_one_machine():
    said = codecs.not_packed(catalogue.get("klotski"))
    assert said.endswith("klotski is a board of blocks")
    assert "on one machine only Rush Hour boards and sliding boards of blocks" in said


def test_the_cluster_says_a_rush_hour_board_is_built_on_one_machine():
    said = codecs.not_packed(catalogue.get("rush51"))
    assert said.endswith("rush51 is a Rush Hour board")
    assert "on one machine only Rush Hour boards and" in said


def test_undo_takes_a_unique_piece_from_wherever_it_stands():
    """Klotski's big square has no twin: its moves name no cell, so undo finds it."""
    klotski = catalogue.get("klotski")
    assert isinstance(klotski, SlidingPuzzle)
    codec = PackedBlocks(klotski)
    result = plain_order_bfs(
        codec, klotski.default_goal, 3, sources=klotski.goal_positions(klotski.default_goal)
    )
    big = [c for c, m in result.moves.items() if m.label.startswith("big")]
    assert big
    for depth in range(1, 4):
        layer, moves = result.layers[depth], result.layer_moves[depth]
        chosen = np.isin(moves, big)
        preds = codec.decode(codec.undo(layer[chosen], moves[chosen]))
        for state, pred in zip(codec.decode(layer[chosen]), preds, strict=True):
            assert pred in {after for _, after in klotski.moves(state)}
            assert pred.index("B") != state.index("B")
