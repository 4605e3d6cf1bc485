"""Chains of jumps searched in classes of symmetric positions (builder.search.classes_search over
builder.kinds.peg.chains) against the every-position search of chains, on small symmetric boards:
every position's depth and count of optimal solutions, the histogram and the most solved positions
the same; each stored move a legal chain from its position to one a move closer, seen through each
symmetry as the chain's image (move_images). The codes are numbered as the class search meets
chains, each with its images, so they are not the every-position search's codes."""

from __future__ import annotations

import json
import sqlite3

import pytest
from support.class_keys import grouped_by
from support.independent import jumped

from puzzledb.builder import catalogue
from puzzledb.builder.kinds.peg.chains import PackedChains
from puzzledb.builder.kinds.peg.puzzle import PegSolitaire
from puzzledb.builder.search import codecs
from puzzledb.builder.search.classes_search import classes_bfs
from puzzledb.builder.search.layered import PackedResult, layered_bfs
from puzzledb.builder.symmetry.images import image, sends

PLUS = [".ooo.", "ooooo", "ooooo", "ooooo", ".ooo."]
# name -> (rows, lines, goal, how many symmetries keep the goal)
BOARDS = {
    "5x5 plus, centre": (PLUS, "grid", "000/00000/00100/00000/000", 8),
    "4x4 square, corners": (["oooo"] * 4, "grid", "1001000000001001", 8),
    "4x4 square, a diagonal pair": (["oooo"] * 4, "grid", "0000010000100000", 4),
    "3x5 rectangle, centre": (["ooooo"] * 3, "grid", "000000010000000", 4),
    "small cross, top and bottom": ([".oo.", "oooo", "oooo", ".oo."], "grid", "110000000011", 4),
}
SMALL = [name for name in BOARDS if not name.startswith("5x5")]


def board(name: str) -> PegSolitaire:
    rows, lines, goal, _ = BOARDS[name]
    return PegSolitaire.from_rows("board", rows, lines, goal, metric="chain")


def every_position(puzzle: PegSolitaire, radius: int | None = None) -> PackedResult:
    return layered_bfs(PackedChains(puzzle), puzzle.default_goal, radius)


def in_classes(puzzle: PegSolitaire, radius: int | None = None) -> PackedResult:
    found = codecs.symmetric_classes(PackedChains(puzzle), puzzle.default_goal)
    assert found is not None
    return classes_bfs(*found, puzzle.default_goal, radius)


def rows(result: PackedResult) -> dict[str, tuple]:
    """state -> (depth, move code, count[, fixed]) of every stored row."""
    out: dict[str, tuple] = {}
    for states, depths, moves, counts, *rest in result.chunks(1000):
        fixed = rest[-1] if result.symmetries else [None] * len(states)
        out.update(zip(states, zip(depths, moves, counts, fixed)))
    return out


def assert_answers_as_every_position(puzzle: PegSolitaire, found: PackedResult, every) -> None:
    """Every position's depth and count as the every-position search's; every image's move a
    legal chain to a position a move closer."""
    assert found.histogram == every.histogram and found.states == every.states
    for name in ("most_solutions", "most_solved_count", "most_solved"):
        assert getattr(found, name) == getattr(every, name), name
    expected = rows(every)
    symmetries = found.symmetries
    triples = [(a, b, c) for a in range(puzzle.holes) for b, c in puzzle.jumps[a]]
    assert len(symmetries) > 1
    stored = rows(found)
    for state, (depth, move, count, _) in stored.items():
        assert state == min(image(state, t) for t in symmetries)  # its class's least image
        for k, takes in enumerate(symmetries):
            seen = image(state, takes)
            assert expected[seen][0] == depth and expected[seen][2] == count, seen
            if depth == 0:
                continue
            chain = found.moves[found.move_images[k][move]]
            to = sends(takes)
            assert chain.path == tuple(to[h] for h in found.moves[move].path)  # type: ignore[attr-defined]
            after = jumped(triples, seen, chain.path)  # type: ignore[attr-defined]
            assert after is not None and expected[after][0] == depth - 1, (seen, chain.label)
            assert set(chain.flips or ()) == {h for h in range(puzzle.holes) if seen[h] != after[h]}
    assert len({min(image(s, t) for t in symmetries) for s in expected}) == len(stored)


@pytest.mark.parametrize("name", BOARDS)
def test_chains_in_classes_answer_every_position_as_the_every_position_search(name):
    puzzle = board(name)
    assert len(puzzle.class_symmetries(puzzle.default_goal)) == BOARDS[name][3]
    found = in_classes(puzzle)
    assert_answers_as_every_position(puzzle, found, every_position(puzzle))
    assert found.rows < found.states / 1.5  # a class holds several positions
    assert found.stores_pred is False  # pred is each move's flips undone


@pytest.mark.parametrize("radius", [0, 1, 3])
def test_a_radius_build_of_chains_in_classes_stops_where_every_position_stops(radius):
    puzzle = board("5x5 plus, centre")
    found = in_classes(puzzle, radius)
    assert found.max_depth == radius
    assert_answers_as_every_position(puzzle, found, every_position(puzzle, radius))


WAYS = ["parts", "two keys", "two sorts", "threads", "threads, two sorts"]


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("name", SMALL)
def test_each_way_of_grouping_chains_gives_the_same_answers(name, way, monkeypatch):
    grouped_by(monkeypatch, way)
    puzzle = board(name)
    assert_answers_as_every_position(puzzle, in_classes(puzzle), every_position(puzzle))


def test_every_chain_code_has_its_images_numbered_and_classes_come_before_codes():
    puzzle = board("5x5 plus, centre")
    codec = PackedChains(puzzle)
    found = codec.classes(puzzle.default_goal)
    assert found is not None
    classes_bfs(codec, *found, puzzle.default_goal)
    images = found[1]
    codes = len(codec.moves)
    assert codes > 100 and all(len(row) == codes for row in images)
    assert images[0] == list(range(codes))  # the identity
    for row in images:
        assert sorted(row) == list(range(codes))  # each symmetry permutes the codes
    with pytest.raises(RuntimeError, match="after chains were numbered"):
        codec.classes(puzzle.default_goal)


@pytest.mark.slow  # two builds of 120,349 positions, every one read back through the views
def test_english_chain_built_in_classes_answers_every_position_as_every_position(cli, tmp_path):
    """From the user's command: `build english-chain --radius 4` in classes (the default) and
    with --every-position; the states view of each shows every position at the same depth
    with the same count, each pred one move closer; `path` walks legal chains, named as the
    rules name them."""
    dbs = {way: tmp_path / f"{way}.sqlite" for way in ("classes", "every")}
    for way, db in dbs.items():
        extra = ["--every-position"] if way == "every" else []
        built = cli("build", "english-chain", "--radius", "4", *extra, "--db", db, "--json")
        assert built.exit_code == 0, built.stderr
    views = {}
    for way, db in dbs.items():
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            views[way] = {
                state: (depth, solutions, pred)
                for state, depth, solutions, pred in conn.execute(
                    "SELECT state, depth, solutions, pred FROM states"
                )
            }
            stored = conn.execute("SELECT classes, stores_pred FROM puzzles").fetchone()
            assert stored == ((None, 1) if way == "every" else (stored[0], 0))
    every, classes = views["every"], views["classes"]
    assert len(classes) == len(every) == 120_349
    assert {s: v[:2] for s, v in classes.items()} == {s: v[:2] for s, v in every.items()}
    for depth, _, pred in classes.values():
        assert (pred is None) == (depth == 0)
        assert pred is None or classes[pred][0] == depth - 1
    puzzle = catalogue.get("english-chain")
    far = max(classes, key=lambda s: (classes[s][0], s))
    answer = json.loads(cli("path", "english-chain", far, "--db", dbs["classes"], "--json").stdout)
    assert answer["depth"] == classes[far][0] == 4
    for before, move, after in zip(answer["path"], answer["moves"], answer["path"][1:]):
        assert (move, after) in {(m.label, nxt) for m, nxt in puzzle.moves(before)}
