"""The search over classes of symmetric positions (builder.search.classes_search) against the
every-position search followed by keep_classes, row for row, on small symmetric boards: a 5x5
plus, a 4x4 square, a 3x5 rectangle, a small cross and a triangle, with goals kept by groups of
2, 4 and 8 symmetries, each way the search can group children (one sort key or two, one part or
many, the move to the lowest parent or the lowest move code, graded or not)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from support.class_keys import grouped_by

from puzzledb.builder.kinds.peg.packed import PackedPegs
from puzzledb.builder.kinds.peg.puzzle import PegSolitaire
from puzzledb.builder.search import classes_search, codecs, counting, layered
from puzzledb.builder.search.classes_search import classes_bfs
from puzzledb.builder.search.layered import PackedResult, layered_bfs
from puzzledb.builder.search.progress import Progress
from puzzledb.builder.symmetry import images as peg_symmetry
from puzzledb.builder.symmetry.packed_classes import PackedClasses
from puzzledb.db import build as db_build

PLUS = [".ooo.", "ooooo", "ooooo", "ooooo", ".ooo."]
TRIANGLE = ["o....", "oo...", "ooo..", "oooo.", "ooooo"]
# name -> (rows, lines, goal, how many symmetries keep the goal)
BOARDS = {
    "5x5 plus, centre": (PLUS, "grid", "000/00000/00100/00000/000", 8),
    "5x5 plus, middle column": (PLUS, "grid", "010/00000/00000/00000/000", 2),
    "4x4 square, corners": (["oooo"] * 4, "grid", "1001000000001001", 8),
    "4x4 square, a diagonal pair": (["oooo"] * 4, "grid", "0000010000100000", 4),
    "3x5 rectangle, centre": (["ooooo"] * 3, "grid", "000000010000000", 4),
    "small cross, top and bottom": ([".oo.", "oooo", "oooo", ".oo."], "grid", "110000000011", 4),
    "triangle, on its mirror": (TRIANGLE, "triangle", "000000010000000", 2),
}
SMALL = {name: board for name, board in BOARDS.items() if not name.startswith("5x5")}


def board(name: str, goal: str | None = None) -> PegSolitaire:
    rows, lines, default, _ = BOARDS[name]
    return PegSolitaire.from_rows("board", rows, lines, goal or default, metric="jump")


def every_position(puzzle: PegSolitaire, radius: int | None = None) -> PackedResult:
    codec = PackedPegs(puzzle)
    result = layered_bfs(codec, puzzle.default_goal, radius)
    codecs.keep_classes(codec, puzzle.default_goal, result, Progress())
    return result


def in_classes(puzzle: PegSolitaire, radius: int | None = None) -> PackedResult:
    found = codecs.symmetric_classes(PackedPegs(puzzle), puzzle.default_goal)
    assert found is not None
    return classes_bfs(*found, puzzle.default_goal, radius)


def assert_same_rows(expected: PackedResult, found: PackedResult) -> None:
    """Every row and figure a build stores, as the every-position search then keep_classes
    gives them."""
    assert found.histogram == expected.histogram
    assert found.rows == expected.rows
    for name in ("most_solutions", "most_solved_count", "most_solved", "symmetries"):
        assert getattr(found, name) == getattr(expected, name), name
    assert found.move_images == expected.move_images
    assert list(found.chunks(50)) == list(expected.chunks(50))


@pytest.mark.parametrize("name", BOARDS)
def test_a_search_in_classes_stores_what_every_position_then_keep_classes_stores(name):
    puzzle = board(name)
    assert len(puzzle.class_symmetries(puzzle.default_goal)) == BOARDS[name][3]
    found = in_classes(puzzle)
    assert found.rows < found.states / 1.5  # a class holds several positions
    assert_same_rows(every_position(puzzle), found)


@pytest.mark.parametrize("radius", [0, 1, 3])
def test_a_radius_build_in_classes_stops_where_every_position_stops(radius):
    puzzle = board("5x5 plus, centre")
    found = in_classes(puzzle, radius)
    assert found.max_depth == radius
    assert_same_rows(every_position(puzzle, radius), found)


# Each other way of grouping: many parts merged, two sort keys (argsorted, or sorted apart),
# the lowest move code, comparing each layer with every earlier one (a search that is not
# graded), and key ranges made on two threads (with one sort key or two).
WAYS = [
    "parts",
    "two keys",
    "two sorts",
    "lowest move code",
    "not graded",
    "threads",
    "threads, two keys",
]


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("name", SMALL)
def test_each_way_of_grouping_children_gives_the_same_rows(name, way, monkeypatch):
    puzzle = board(name)
    expected = every_position(puzzle)
    grouped_by(monkeypatch, way)
    if way == "lowest move code":  # the every-position search's other rule for a move
        monkeypatch.delattr(PackedPegs, "move_between")
        expected = every_position(puzzle)
    elif way == "not graded":
        monkeypatch.setattr(PackedPegs, "graded", False)
    assert_same_rows(expected, in_classes(puzzle))


def symmetric_goal(draw, name: str) -> str:
    """A goal the board's symmetries of a drawn subgroup keep: drawn holes and their images."""
    puzzle = board(name)
    symmetries = puzzle.symmetries()
    generators = draw(st.lists(st.sampled_from(symmetries), max_size=2))
    group = {tuple(range(puzzle.holes))}
    while True:  # the subgroup the drawn symmetries generate
        more = {tuple(a[h] for h in b) for a in group for b in [*generators, *group]} | group
        if more == group:
            break
        group = more
    holes = draw(st.sets(st.integers(0, puzzle.holes - 1), min_size=1, max_size=4))
    pegs = {takes[h] for takes in group for h in holes}
    return "".join("1" if h in pegs else "0" for h in range(puzzle.holes))


@st.composite
def boards_and_goals(draw) -> tuple[str, str]:
    name = draw(st.sampled_from(sorted(SMALL)))
    return name, symmetric_goal(draw, name)


@pytest.mark.slow  # seconds: thirty boards searched twice
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards_and_goals(), st.sampled_from([None, 64]))
def test_any_symmetric_goal_gives_the_same_rows_in_classes(drawn, pairs_at_once):
    name, goal = drawn
    puzzle = board(name, goal)
    assume(len(puzzle.class_symmetries(goal)) > 1)
    expected = every_position(puzzle)
    before = classes_search.PAIRS_AT_ONCE
    classes_search.PAIRS_AT_ONCE = pairs_at_once or before
    try:
        found = in_classes(puzzle)
    finally:
        classes_search.PAIRS_AT_ONCE = before
    assert found.histogram == expected.histogram
    assert list(found.chunks(1000)) == list(expected.chunks(1000))
    assert (found.most_solutions, found.most_solved) == (
        expected.most_solutions,
        expected.most_solved,
    )


def test_a_build_of_classes_runs_the_search_in_classes_and_no_classes_runs_every_position(
    monkeypatch,
):
    puzzle = board("4x4 square, corners")
    goal = puzzle.default_goal

    def refused(*args, **kwargs):
        raise AssertionError("the other search ran")

    with monkeypatch.context() as patch:
        patch.setattr(db_build.codecs, "packed_search", refused)
        patch.setattr(PackedResult, "keep_classes", refused)
        classes = db_build.search(puzzle, goal)
    with monkeypatch.context() as patch:
        patch.setattr(db_build, "classes_bfs", refused)
        every = db_build.search(puzzle, goal, classes=False)
    assert classes.symmetries and not every.symmetries
    assert classes.states == every.states and classes.rows < every.rows


@pytest.mark.parametrize(
    "rows, goal",
    [
        (PLUS, "000/00000/00100/00000/000"),  # 21 holes: two chunks, padded to the loop's four
        (["..ooo..", "..ooo..", "ooooooo", "ooooooo", "ooooooo", "..ooo..", "..ooo.."], None),
        (["ooooooo"] * 7, "0" * 24 + "1" + "0" * 24),  # 49 holes: the loop over five chunks
    ],
    ids=["plus", "english", "7x7 square"],
)
def test_least_images_and_their_marks_follow_the_text_rule(rows, goal):
    holes = sum(row.count("o") for row in rows)
    goal = goal or "0" * (holes // 2) + "1" + "0" * (holes // 2)
    puzzle = PegSolitaire.from_rows("board", rows, "grid", goal, metric="jump")
    symmetries = puzzle.class_symmetries(puzzle.default_goal)
    assert len(symmetries) == 8
    rng = np.random.default_rng(3)
    states = ["".join(map(str, rng.integers(0, 2, holes))) for _ in range(400)]
    mirrored = [peg_symmetry.image(s, symmetries[4]) for s in states]
    states += ["".join(max(h) for h in zip(s, m)) for s, m in zip(states, mirrored)]
    codes = np.array([int(s, 2) for s in states], np.uint64)
    least, marks, _ = PackedClasses(symmetries, holes).least_images(codes)
    for state, low, mark in zip(states, least.tolist(), marks.tolist()):
        images = [peg_symmetry.image(state, t) for t in symmetries]
        assert format(low, f"0{holes}b") == min(images)
        assert mark == sum(1 << k for k, image in enumerate(images) if image == min(images))
    assert (marks != marks & -marks).any()  # some states some symmetries fix were drawn


def test_weighed_sums_and_exact_division_hold_counts_past_64_bits():
    big = [3**50, 2**70 + 5, 1, 7 * 2**40]
    counts = [np.array([(v >> (32 * i)) & 0xFFFFFFFF for v in big], np.uint32) for i in range(3)]
    weights = np.array([8, 4, 2, 1], np.uint64)
    sources = np.array([0, 1, 1, 2, 3, 3, 0])
    starts = np.array([0, 3, 4])
    sums = counting.sum_wide_runs(starts, sources, counting.weighed(counts, weights))
    expected = [8 * 3**50 + 2 * 4 * (2**70 + 5), 2 * 1, 2 * 7 * 2**40 + 8 * 3**50]
    assert counting.to_ints(sums) == expected
    assert counting.to_ints(counting.divided(sums, 2)) == [v // 2 for v in expected]
    with pytest.raises(ArithmeticError):
        counting.divided(counting.ones(3), 8)


def test_the_class_search_counts_what_the_every_position_search_counts_per_position():
    """A class's count is each of its positions' count: checked by position, not by row."""
    puzzle = board("3x5 rectangle, centre")
    every = layered_bfs(PackedPegs(puzzle), puzzle.default_goal)
    found = in_classes(puzzle)
    symmetries = puzzle.class_symmetries(puzzle.default_goal)
    count_of = {}
    for layer, counts in zip(found.layers, found.layer_counts):
        for code, count in zip(found.codec.decode(layer), counting.to_ints(counts)):
            count_of[code] = count
    for layer, counts in zip(every.layers, every.layer_counts):
        for state, count in zip(every.codec.decode(layer), counting.to_ints(counts)):
            assert count_of[peg_symmetry.representative(state, symmetries)[0]] == count
    assert layered.NO_MOVE in found.layer_moves[0]
