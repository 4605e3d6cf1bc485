"""A build within a radius, as its answers tell it: moves past the radius, the radius edge as
the farthest states, and `list` suggesting a radius where a build needs one."""

import json

import pytest


@pytest.fixture(scope="module")
def radius_db(tmp_path_factory):
    """eight within radius 10: 412056738 (11 moves) is a neighbour of the edge, not stored."""
    from click.testing import CliRunner

    from puzzledb.service.cli.commands import main

    path = tmp_path_factory.mktemp("radius") / "radius.sqlite"
    result = CliRunner().invoke(main, ["build", "eight", "--radius", "10", "--db", str(path), "-q"])
    assert result.exit_code == 0, result.output
    return path


def test_moves_beyond_the_radius_say_so(cli, radius_db):
    """On a build within a radius, a move to a state past it (found in review shown as one
    that cannot reach the goal) says it is beyond the radius, in JSON and in words."""
    answer = json.loads(cli("moves", "eight", "012456738", "--db", radius_db, "--json").stdout)
    assert [{k: v for k, v in m.items() if k != "pieces"} for m in answer["moves"]] == [
        {
            "move": "tile 1 left",
            "state": "102456738",
            "depth": 9,
            "solutions": 1,
            "optimal": True,
            "beyond_radius": False,
            "from": [1],
            "to": [0],
        },
        {
            "move": "tile 4 up",
            "state": "412056738",
            "depth": None,
            "solutions": None,
            "optimal": False,
            "beyond_radius": True,
            "from": [3],
            "to": [0],
        },
    ]
    assert next(list(m) for m in answer["moves"]) == [
        "move",
        "state",
        "depth",
        "solutions",
        "optimal",
        "beyond_radius",
        "from",
        "to",
        "pieces",
    ]
    text = cli("moves", "eight", "012456738", "--db", radius_db).stdout
    assert "412056738  beyond radius 10" in text and "cannot reach" not in text


def test_moves_that_cannot_reach_the_goal_are_not_beyond_any_radius(cli, seed_db):
    """On a complete build, a move that cannot reach the goal is never called beyond a radius."""
    answer = json.loads(cli("moves", "peg15", "011010110010000", "--db", seed_db, "--json").stdout)
    assert not any(m["beyond_radius"] for m in answer["moves"])
    assert any(m["depth"] is None for m in answer["moves"])


def test_farthest_of_a_radius_build_is_the_radius_edge(cli, radius_db, seed_db):
    """`farthest` on a radius build (found in review calling them the farthest states) answers
    the radius edge and says that farther states are not stored; a complete build has no radius."""
    answer = json.loads(cli("farthest", "eight", "--db", radius_db, "--json").stdout)
    assert list(answer) == ["puzzle", "goal", "depth", "radius", "count", "states"]
    assert answer["radius"] == 10 and answer["depth"] == 10 and answer["count"] == 286
    text = cli("farthest", "eight", "--limit", "1", "--db", radius_db).stdout
    assert (
        "286 states at the radius edge, 10 moves away (built only within radius 10; "
        "farther states, if any, are not stored)"
    ) in text
    assert "farthest state" not in text
    complete = json.loads(cli("farthest", "eight", "--db", seed_db, "--json").stdout)
    assert complete["radius"] is None


def test_list_suggests_a_radius_for_radius_only_puzzles(cli, tmp_path):
    """`list` suggests a build that works: with a radius for the puzzles that may only be
    built within one, without for the others."""
    text = cli("list", "--db", tmp_path / "none.sqlite").stdout
    assert "not built (puzzledb build fifteen --radius 20)" in text
    assert "not built (puzzledb build eleven)" in text
