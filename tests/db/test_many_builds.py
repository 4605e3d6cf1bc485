"""A file takes any number of builds (issue 46, point 2): the `states` and `farthest` views are
one UNION ALL arm a build, and SQLite allows 500 arms in one compound SELECT; the 501st build
failed after its whole search and the file took no build after it. Past MOST_ARMS arms the
views nest them in groups; what they answer is what the builds hold."""

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


def test_views_nest_their_arms_past_the_limit(cli, tmp_path, monkeypatch):
    """With the group size at 2, 5 builds make views of groups in groups: the same answers."""
    monkeypatch.setattr(schema, "MOST_ARMS", 2)
    toml, goals = many_goals(tmp_path, 5)
    db = tmp_path / "five-builds.sqlite"
    result = cli("build", "--file", toml, "--db", db, "-q")
    assert result.exit_code == 0, result.output
    sql = cli("sql", "SELECT sql FROM sqlite_master WHERE name = 'states'", "--db", db, "--json")
    view = json.dumps(json.loads(sql.stdout)["rows"])
    # 3 groups of at most 2 arms (2, 2, 1), too many for one union: 2 groups of those
    assert view.count("SELECT * FROM (") == 3 + 2
    check_views(cli, db, goals)


@pytest.mark.slow  # 520 builds, each rewriting the views: about a minute
def test_a_file_takes_more_builds_than_sqlite_takes_arms(cli, tmp_path):
    toml, goals = many_goals(tmp_path, 520)
    db = tmp_path / "many.sqlite"
    result = cli("build", "--file", toml, "--db", db, "-q")
    assert result.exit_code == 0, result.output
    check_views(cli, db, goals)
