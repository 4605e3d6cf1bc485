"""The packed peg codec against the plain search (builder.search.plain) on boards of the jump
metric: the same positions, depths and counts of winning lines, row for row, on peg15's
triangle and on drawn boards of the catalogue's kind."""

import pytest

from puzzledb.builder import catalogue
from puzzledb.builder.kinds.peg.packed import PackedPegs
from puzzledb.builder.kinds.peg.puzzle import PegSolitaire
from puzzledb.builder.search.layered import layered_bfs
from puzzledb.builder.search.plain import breadth_first


def triangle() -> PegSolitaire:
    """peg15's 15-hole triangle, one jump a move."""
    peg15 = catalogue.get("peg15")
    assert isinstance(peg15, PegSolitaire)
    return PegSolitaire("triangle", peg15.jumps, peg15.default_goal, peg15.layout, metric="jump")


BOARDS = {
    "triangle": triangle,
    "square": lambda: PegSolitaire.from_rows(
        "square", ["oooo"] * 4, "grid", "0000010000000000", metric="jump"
    ),
    "small cross": lambda: PegSolitaire.from_rows(
        "cross", [".oo.", "oooo", "oooo", ".oo."], "grid", "000001000000", metric="jump"
    ),
}


@pytest.mark.parametrize("name", BOARDS)
def test_the_codec_builds_what_the_plain_search_builds(name):
    puzzle = BOARDS[name]()
    packed = layered_bfs(PackedPegs(puzzle), puzzle.default_goal)
    plain = breadth_first(puzzle, puzzle.default_goal)
    rows: dict = {}
    for states, depths, _moves, counts in packed.chunks(1000):
        rows.update(zip(states, zip(depths, counts)))
    assert rows == {s: (d, plain.solutions[s]) for s, (d, _, _) in plain.table.items()}
    assert packed.histogram == plain.histogram
    assert packed.most_solutions == plain.most_solutions
    assert packed.most_solved == plain.most_solved
