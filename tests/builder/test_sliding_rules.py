"""The sliding kind split by job (builder/kinds/sliding/): each metric's moves come from its own
rule, chosen once when the puzzle is made, and no move code asks which metric it serves."""

import ast
from pathlib import Path

import pytest

from puzzledb.builder.kinds.sliding import METRICS, SlidingPuzzle
from puzzledb.builder.kinds.sliding.metrics import RULES, rule

PACKAGE = Path(__file__).resolve().parents[2] / "builder" / "kinds" / "sliding"

#: The moves of two tiny boards, worked out by hand: a corner tile beside three blanks, which
#: only finger takes round the corner; two tiles in a row beside a blank, which only multi
#: slides together.
BY_HAND = {
    "single": (["tile 1 down", "tile 1 right"], ["tile 2 right"]),
    "unit": (["tile 1 down", "tile 1 right"], ["tile 2 right"]),
    "multi": (["tile 1 right", "tile 1 down"], ["tile 2 right", "tiles 1 2 right"]),
    "straight": (["tile 1 down", "tile 1 right"], ["tile 2 right"]),
    "finger": (["tile 1 down", "tile 1 right", "tile 1 down, right"], ["tile 2 right"]),
}


@pytest.mark.parametrize("metric", METRICS)
def test_each_metric_moves_by_its_own_rule(metric):
    corner = SlidingPuzzle("corner", 2, 2, "1___", "_", metric=metric)
    row = SlidingPuzzle("row", 1, 3, "12_", "_", metric=metric)
    assert type(corner.rule) is rule(metric)
    said = tuple([move.label for move, _ in p.moves(p.default_goal)] for p in (corner, row))
    assert said == BY_HAND[metric]


def test_every_metric_has_its_words_worked_out_by_hand():
    assert set(BY_HAND) == set(METRICS) == set(RULES)


def test_no_move_code_asks_which_metric_it_serves():
    """Only the definition reads `metric` (the file's reader to check it, the puzzle to choose
    the rule and store it), the codec beside the kind, to say whether it packs the puzzle at
    all, and the radius suggested for a board too large to search completely."""
    readers = []
    for path in sorted(PACKAGE.glob("*.py")):
        for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(function, ast.FunctionDef):
                continue
            reads = any(
                isinstance(node, ast.Attribute) and node.attr == "metric"
                for node in ast.walk(function)
            )
            if reads:
                readers.append(f"{path.name}:{function.name}")
    assert readers == [
        "definition.py:define",
        "packed.py:packable",
        "puzzle.py:__init__",
        "puzzle.py:_check_definition",
        "puzzle.py:spec",
        "puzzle.py:suggested_radius",
    ]
