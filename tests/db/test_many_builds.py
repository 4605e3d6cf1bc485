"""A file takes any number of builds (issue 46, point 2): the `states` and `farthest` views are
one UNION ALL arm a build, and SQLite allows 500 arms in one compound SELECT; the 501st build
failed after its whole search and the file took no build after it. Past MOST_ARMS builds the
views are unions of part views of MOST_ARMS builds each, and a build writes its own part only;
what they answer is what the builds hold."""

from __future__ import annotations

import itertools
import json

import pytest

from puzzledb.db import schema


def many_goals(tmp_path, count: int):
    """A 2x3 sliding puzzle defined with `count` goals (360 positions each)."""
    goals = ["".join(p) for p in itertools.permutations("123450")][:count]
    path = tmp_path / "six.toml"
    listed = ", ".join(f'"{g}"' for g in goals)
    path.write_text(f'name = "six"\nkind = "sliding"\nrows = 2\ncols = 3\ngoals = [{listed}]\n')
    return path, goals


def check_views(cli, db, goals: list[str]) -> None:
    """The views hold every build whole, and a path through the `states` view is a build's."""
    counted = cli(
        "sql", "SELECT goal, count(*) AS n FROM states GROUP BY goal", "--db", db, "--json"
    )
    assert counted.exit_code == 0, counted.output
    rows = json.loads(counted.stdout)["rows"]
    assert sorted(r[0] if isinstance(r, list) else r["goal"] for r in rows) == sorted(goals)
    assert {r[1] if isinstance(r, list) else r["n"] for r in rows} == {360}
    far = cli("sql", "SELECT count(DISTINCT goal) FROM farthest", "--db", db, "--json")
    assert json.loads(far.stdout)["rows"][0] in ([len(goals)], {"count(DISTINCT goal)": len(goals)})
    last = goals[-1]
    path = cli("path", "six", last[::-1], "--goal", last, "--db", db, "--json")
    assert path.exit_code == 0 and json.loads(path.stdout)["path"][-1] == last


def views(cli, db) -> dict[str, str]:
    """The file's views: name -> SQL."""
    sql = cli(
        "sql", "SELECT name, sql FROM sqlite_master WHERE type = 'view'", "--db", db, "--json"
    )
    return dict(json.loads(sql.stdout)["rows"])


def test_past_the_limit_the_views_are_unions_of_part_views(cli, tmp_path, monkeypatch):
    """With parts of 2 builds, 5 builds make 3 part views a view, their union nested in groups
    of 2; a build rewrites its own part; below the limit again, the plain views come back."""
    monkeypatch.setattr(schema, "MOST_ARMS", 2)
    monkeypatch.setattr(schema, "PART_ARMS", 2)
    toml, goals = many_goals(tmp_path, 5)
    db = tmp_path / "five-builds.sqlite"
    result = cli("build", "--file", toml, "--db", db, "-q")
    assert result.exit_code == 0, result.output
    held = views(cli, db)
    parts = sorted(name for name in held if "_part_" in name)
    assert parts == [f"{v}_part_{k}" for v in ("farthest", "states") for k in range(3)]
    assert held["states"].count("SELECT * FROM (") == 2  # 3 parts, in groups of 2
    assert all(f"FROM states_part_{k}" in held["states"] for k in range(3))
    assert held["states_part_2"].count("UNION ALL") == 0  # build 5 alone
    check_views(cli, db, goals)

    # the first goal built again: its old part loses it, the last part gains it
    again = cli("build", "six", "--goal", goals[0], "--db", db, "-q", "--rows", "2", "--cols", "3")
    assert again.exit_code == 0, again.output
    held = views(cli, db)
    assert "nodes_1 " not in held["states_part_0"] and "nodes_6 " in held["states_part_2"]
    check_views(cli, db, goals[1:] + goals[:1])

    for goal in goals[2:]:  # two builds left: one plain view each, and no part view
        removed = cli("remove", "six", "--goal", goal, "--db", db, "--json")
        assert removed.exit_code == 0, removed.output
    held = views(cli, db)
    assert not [name for name in held if "_part_" in name]
    assert held["states"].count("UNION ALL") == 1 and "SELECT * FROM" not in held["states"]
    check_views(cli, db, goals[1:2] + goals[:1])


@pytest.mark.slow  # 520 builds, each rewriting the views: about a minute
def test_a_file_takes_more_builds_than_sqlite_takes_arms(cli, tmp_path):
    toml, goals = many_goals(tmp_path, 520)
    db = tmp_path / "many.sqlite"
    result = cli("build", "--file", toml, "--db", db, "-q")
    assert result.exit_code == 0, result.output
    check_views(cli, db, goals)
