"""A peg board stored one position per class of symmetric positions (builder.symmetry):
the classes and their counts checked against a build that stores every position."""

from __future__ import annotations

import json
import random
import sqlite3

import numpy as np
import pytest

from puzzledb.builder import catalogue
from puzzledb.builder.kinds.peg.puzzle import PegSolitaire
from puzzledb.builder.symmetry import images as peg_symmetry
from puzzledb.builder.symmetry import packed_classes as peg_classes
from puzzledb.db.build import build_to

PLUS = [".ooo.", "ooooo", "ooooo", "ooooo", ".ooo."]


def plus(goal: str = "000/00000/00100/00000/000") -> PegSolitaire:
    return PegSolitaire.from_rows("plus21", PLUS, "grid", goal, metric="jump")


def test_the_english_cross_has_eight_symmetries_and_an_off_centre_goal_fewer():
    english = catalogue.get("english")
    assert isinstance(english, PegSolitaire)
    assert len(english.class_symmetries(english.default_goal)) == 8
    square = PegSolitaire.from_rows("sq", ["oooo"] * 4, "grid", "0100000000000000", metric="jump")
    assert square.class_symmetries(square.default_goal) == [tuple(range(16))]
    # a goal on the middle column keeps only the left-right mirror
    board = plus("010/00000/00000/00000/000")
    assert len(board.class_symmetries(board.default_goal)) == 2


def test_a_symmetry_maps_jumps_to_jumps():
    english = catalogue.get("english")
    assert isinstance(english, PegSolitaire)
    jumps = {(a, b, c) for a, row in enumerate(english.jumps) for b, c in row}
    for takes in english.class_symmetries(english.default_goal):
        to = peg_symmetry.sends(takes)
        assert {(to[a], to[b], to[c]) for a, b, c in jumps} == jumps


def test_packed_classes_agree_with_the_text_rule():
    english = catalogue.get("english")
    assert isinstance(english, PegSolitaire)
    symmetries = english.class_symmetries(english.default_goal)
    packed = peg_classes.PackedClasses(symmetries, 33)
    rng = random.Random(5)
    drawn = ["".join(rng.choice("01") for _ in range(33)) for _ in range(3000)]
    # and states some symmetries fix: a drawn one overlaid with its images by a subgroup
    for group in ([0, 1], [0, 4], [0, 3], [0, 1, 2, 3], list(range(8))):
        for state in drawn[:50]:
            overlaid = [peg_symmetry.image(state, symmetries[k]) for k in group]
            drawn.append("".join(max(holes) for holes in zip(*overlaid)))
    states = sorted(set(drawn))
    codes = np.array([int(s, 2) for s in states], np.uint64)
    least, fixed, sizes = packed.classify(codes)
    assert least.any() and not least.all()
    for state, is_least, mark, size in zip(states, least, fixed, sizes):
        images = {peg_symmetry.image(state, t) for t in symmetries}
        assert bool(is_least) == (peg_symmetry.representative(state, symmetries)[0] == state)
        if not is_least:
            continue  # marks and sizes are a representative's
        assert size == len(images)
        assert mark == sum(
            1 << k for k in range(1, 8) if peg_symmetry.image(state, symmetries[k]) == state
        )
        distinct = peg_symmetry.distinct_images(symmetries, int(mark))
        assert {peg_symmetry.image(state, symmetries[k]) for k in distinct} == images
        assert len(distinct) == len(images)


def _rows(path, extra=False):
    conn = sqlite3.connect(path)
    table, classes = conn.execute("SELECT node_table, classes FROM puzzles").fetchone()
    rows = {r[0]: r[1:] for r in conn.execute(f"SELECT * FROM {table}")}
    return conn, rows, classes


def test_a_build_of_classes_holds_each_class_once_with_its_every_figure(tmp_path):
    board = plus()
    build_to(tmp_path / "classes.db", board, board.default_goal)
    build_to(tmp_path / "every.db", board, board.default_goal, classes=False)
    conn, reps, classes = _rows(tmp_path / "classes.db")
    _, every, none = _rows(tmp_path / "every.db")
    assert none is None and classes == len(reps) < len(every) / 6
    symmetries = [
        tuple(json.loads(t))
        for (t,) in conn.execute("SELECT takes FROM symmetries ORDER BY symmetry")
    ]
    assert symmetries == board.class_symmetries(board.default_goal)
    states = conn.execute("SELECT states FROM puzzles").fetchone()[0]
    histogram = [n for (n,) in conn.execute("SELECT states FROM layers ORDER BY depth")]
    assert states == len(every) == sum(histogram)
    seen = 0
    for state, (depth, _, solutions, _) in reps.items():
        images = {peg_symmetry.image(state, t) for t in symmetries}
        assert state == min(images)
        seen += len(images)
        for image in images:  # every image: as far, as many solutions, in the full build
            assert every[image][0] == depth and every[image][2] == solutions
    assert seen == len(every)
    for state, (depth, _, solutions) in every.items():
        rep, _ = peg_symmetry.representative(state, symmetries)
        assert reps[rep][0] == depth and reps[rep][2] == solutions


@pytest.mark.parametrize("k", range(1, 8))
def test_move_images_name_the_jump_seen_through_the_symmetry(k):
    english = catalogue.get("english")
    assert isinstance(english, PegSolitaire)
    symmetries = english.class_symmetries(english.default_goal)
    jumps = [(a, b, c) for a in range(33) for b, c in english.jumps[a]]
    images = peg_symmetry.move_images(jumps, symmetries)
    to = peg_symmetry.sends(symmetries[k])
    for code, (a, b, c) in enumerate(jumps):
        assert jumps[images[k][code]] == (to[a], to[b], to[c])
