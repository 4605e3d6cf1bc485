"""The puzzle definitions themselves: move rules both ways, text forms, bad definitions."""

import pytest

from puzzledb.builder import catalogue
from puzzledb.builder.core.errors import BadDefinition, MalformedInput
from puzzledb.builder.kinds.sliding import SlidingPuzzle
from puzzledb.builder.search.plain import breadth_first


@pytest.mark.slow  # every state of each small puzzle
@pytest.mark.parametrize("name", ["nooff", "peg15", "seven"])
def test_reverse_moves_are_exactly_the_moves_that_lead_here(name):
    puzzle = catalogue.get(name)
    states = list(breadth_first(puzzle, puzzle.default_goal).table)[:3000]
    for state in states:
        for move, earlier in puzzle.reverse_moves(state):
            assert (move, state) in puzzle.moves(earlier)


def test_nooff_bulb_moves_sideways_only():
    nooff = catalogue.get("nooff")
    moves = {m.label: nxt for m, nxt in nooff.moves("LL_OONFF")}
    assert moves["bulb right"] == "_LLOONFF"
    assert not any(
        label.startswith("bulb") for label in {m.label for m, _ in nooff.moves("LLNO_OFF")}
    )


def test_peg_chain_prefixes_are_moves_of_their_own():
    peg = catalogue.get("peg15")
    results = {nxt: m.label for m, nxt in peg.moves("011110010000000")}
    assert any("," in label for label in results.values())
    assert len(results) == len(set(results))


def test_text_forms_are_canonical():
    assert catalogue.get("lines").parse("┌─┐│□│└─┘") == "123404526"
    assert catalogue.get("eight").parse(" 1,2,3 / 4,5,6 / 7,8,0 ") == "123456780"
    assert catalogue.get("atama").parse("アタマ/ノタイ/ソウ*") == "アタマノタイソウ*"


@pytest.mark.parametrize(
    "args, words",
    [
        (("x", 2, 2, "123", "0"), "goal has 3 cells"),
        (("x", 2, 2, "1234", "0"), "must contain the blank"),
        (("x", 2, 2, "1 2 ", " "), "cannot be space"),
    ],
)
def test_bad_definitions_are_refused(args, words):
    with pytest.raises(BadDefinition, match=words):
        SlidingPuzzle(*args)


def test_goal_must_have_the_puzzles_pieces():
    with pytest.raises(MalformedInput, match="goal has piece '7' twice"):
        catalogue.get("eight").parse_goal("123456770")
    with pytest.raises(MalformedInput, match="goal has no pegs"):
        catalogue.get("peg15").parse_goal("0" * 15)


def test_stored_definition_rebuilds_the_same_puzzle():
    for puzzle in catalogue.CATALOGUE.values():
        again = catalogue.from_spec(puzzle.spec())
        assert again.spec() == puzzle.spec()
        position = next(iter(puzzle.starts.values()), puzzle.default_goal)  # not a pattern
        assert again.moves(position) == puzzle.moves(position)
