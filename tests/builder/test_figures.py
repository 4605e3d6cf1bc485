"""Every figure the articles publish (docs/puzzles.md lists them), read back from a real build."""

import pytest
from support.seeds import ATAMA_ARTICLE_GOAL

FIGURES = {
    # name: (states, max depth, the exact farthest set)
    "eight": (181_440, 31, {"867254301", "647850321"}),
    "seven": (20_160, 36, {"07214365"}),
    "lines": (
        90_720,
        30,
        {"645204321", "645402321", "625404321", "625204341", "625402341", "645202341"},
    ),
    "nooff": (540, 56, {"NOLLFOF_", "FNLLOOF_", "OFLLNOF_"}),
}


@pytest.mark.parametrize("name", FIGURES)
def test_size_radius_and_farthest_set(answers, name):
    states, max_depth, farthest = FIGURES[name]
    stats = answers.stats(name)
    assert stats["states"] == states
    assert stats["max_depth"] == max_depth
    assert sum(stats["histogram"]) == states
    assert len(stats["histogram"]) == max_depth + 1
    answer = answers.farthest(name)
    assert answer["depth"] == max_depth
    assert set(answer["states"]) == farthest
    assert answer["count"] == len(farthest)


@pytest.mark.parametrize(
    "name, state, goal, moves",
    [
        ("eight", "867254301", None, 31),
        ("eight", "647850321", None, 31),
        ("lines", "645202341", None, 30),
        ("nooff", "LLONOFF_", None, 44),
        ("nooff", "NOLLFOF_", None, 56),
        ("atama", "ウアタソ*マイタノ", ATAMA_ARTICLE_GOAL, 18),
        ("peg15", "111111111111011", None, 9),
        ("seven", "07214365", None, 36),
    ],
)
def test_article_problems_need_the_published_number_of_moves(answers, name, state, goal, moves):
    answer = answers.path(name, state, goal)
    assert answer["depth"] == moves
    assert len(answer["moves"]) == moves
    assert answer["path"][0] == state
    assert answer["path"][-1] == answer["goal"]


def test_lines_accepts_its_glyphs(answers):
    # 645202341 drawn with the line pieces, blank written as a square
    assert answers.path("lines", "┘│└─□─┐│┌", None)["state"] == "645202341"


def test_peg15_chain_counts_as_one_move(answers):
    answer = answers.path("peg15", "111111111111011")
    chains = [m for m in answer["moves"] if m.count(",")]
    assert chains, "the 9-move solution needs chain jumps"
    for before, after, move in zip(answer["path"], answer["path"][1:], answer["moves"]):
        # one move removes one peg per jump of its chain
        jumps = move.count(",") + 1
        assert before.count("1") - after.count("1") == jumps
