"""`puzzledb remove NAME [--goal G]` (issue 27): a build goes in one transaction, everything it
wrote with it and nothing else; a build that is not there is not_built, naming what is; the
removal waits for another build of the file, and leaves the file at rest."""

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
#: Tables with a row per build, by the column naming it.
PER_BUILD = (
    "moves",
    "layers",
    "most_solved",
    "shards",
    "symmetries",
    "move_images",
    "class_images",
)
VIEWS = ("states", "farthest")
ENGLISH = "0" * 16 + "1" + "0" * 16  # english's goal: a peg in the middle


def contents(db: Path) -> dict:
    """Every table's rows and every object's SQL but the views a build rewrites."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        objects = conn.execute(
            "SELECT type, name, sql FROM sqlite_master WHERE name NOT IN (?, ?) ORDER BY name",
            VIEWS,
        ).fetchall()
        tables = [name for kind, name, _ in objects if kind == "table"]
        rows = {t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall(), key=repr) for t in tables}
        version = conn.execute("PRAGMA user_version").fetchone()[0]
    conn.close()
    return {"objects": objects, "rows": rows, "version": version}


def without(before: dict, build_id: int, node_table: str) -> dict:
    """`before` as it is with the build `build_id` taken out."""
    rows = {t: r for t, r in before["rows"].items() if t != node_table}
    rows["puzzles"] = [r for r in rows["puzzles"] if r[0] != build_id]
    for table in PER_BUILD:
        rows[table] = [r for r in rows[table] if r[0] != build_id]
    objects = [o for o in before["objects"] if not o[1].startswith(node_table)]
    return {"objects": objects, "rows": rows, "version": before["version"]}


def build_of(db: Path, name: str, goal: str) -> tuple[int, str]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        found = conn.execute(
            "SELECT id, node_table FROM puzzles WHERE name = ? AND goal = ?", (name, goal)
        ).fetchone()
    conn.close()
    return found


def at_rest(db: Path) -> None:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        states = conn.execute("SELECT count(*) FROM states").fetchone()[0]
        stored = conn.execute("SELECT coalesce(sum(states), 0) FROM puzzles").fetchone()[0]
        assert states == stored  # the views read every build that stays, and only those
        conn.execute("SELECT count(*) FROM farthest").fetchone()
    conn.close()
    assert sorted(p.name for p in db.parent.iterdir() if p.name.startswith(db.name)) == [db.name]


def built(cli, db: Path) -> dict[str, list[str]]:
    listed = json.loads(cli("list", "--db", db, "--json").stdout)
    return {p["name"]: [b["goal"] for b in p["builds"]] for p in listed["puzzles"] if p["builds"]}


@pytest.fixture()
def db(tmp_path, cli):
    """seven toward two goals, nooff, english within radius 6 (a build of classes) and tiny
    (by --rows)."""
    path = tmp_path / "many.sqlite"
    for args in (
        ["seven", "nooff"],
        ["english", "--radius", "6"],
        ["seven", "--goal", "01234567"],
        ["tiny", "--rows", "2", "--cols", "2", "--goal", "231*", "--blank", "*"],
    ):
        result = cli("build", *args, "--db", path, "-q")
        assert result.exit_code == 0, result.output
    return path


def test_remove_one_goal_takes_that_build_and_nothing_else(cli, db):
    before = contents(db)
    build_id, node_table = build_of(db, "seven", "01234567")
    result = cli("remove", "seven", "--goal", "0123/4567", "--db", db)
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        f"removed seven toward 01234567 (20,160 states, max depth 36) from {db}\n"
    )
    assert contents(db) == without(before, build_id, node_table)
    assert built(cli, db) == {
        "seven": ["12345670"],
        "nooff": ["LLNOOFF_"],
        "english": [ENGLISH],
        "tiny": ["231*"],
    }
    at_rest(db)
    gone = cli("stats", "seven", "--goal", "01234567", "--db", db, "--json")
    assert gone.exit_code == 4
    kept = cli("path", "seven", "12345607", "--db", db, "--json")
    assert kept.exit_code == 0 and json.loads(kept.stdout)["depth"] == 1


def test_remove_a_build_of_classes_keeps_the_others_readable(cli, db):
    before = contents(db)
    build_id, node_table = build_of(db, "english", ENGLISH)
    result = cli("remove", "english", "--db", db, "--json")
    assert result.exit_code == 0, result.output
    assert contents(db) == without(before, build_id, node_table)
    at_rest(db)


def test_remove_without_goal_takes_every_goal_as_one_json_object(cli, db):
    result = cli("remove", "seven", "--db", db, "--json")
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer == {
        "database": str(db),
        "removed": [
            {"name": "seven", "goal": goal, "states": 20160, "max_depth": 36, "radius": None}
            for goal in ("12345670", "01234567")
        ],
        "shard_files": [],
    }
    assert "seven" not in built(cli, db)
    at_rest(db)


def test_the_last_build_removed_leaves_an_empty_puzzledb(cli, tmp_path):
    db = tmp_path / "one.sqlite"
    assert cli("build", "nooff", "--db", db, "-q").exit_code == 0
    assert cli("remove", "nooff", "--db", db).exit_code == 0
    assert built(cli, db) == {}
    at_rest(db)
    nothing = cli("remove", "nooff", "--db", db, "--json")
    assert nothing.exit_code == 4
    assert "nothing is built in" in json.loads(nothing.stdout)["error"]["message"]
    assert cli("build", "nooff", "--db", db, "-q").exit_code == 0  # and builds again


@pytest.mark.parametrize(
    "args, words",
    [
        (("sevn",), "'sevn' is not built in '{db}'; built: english toward "),
        (("seven", "--goal", "76543210"), "its built goals: 12345670, 01234567"),
        (("eight",), "seven toward 12345670, 01234567; tiny toward 231*"),
        (("eight",), f"built: english toward {ENGLISH}; nooff toward LLNOOFF_; "),
    ],
)
def test_a_build_that_is_not_there_is_not_built_naming_what_is(cli, db, args, words):
    before = db.read_bytes()
    result = cli("remove", *args, "--db", db, "--json")
    assert result.exit_code == 4, result.output
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "not_built" and words.format(db=db) in error["message"]
    text = cli("remove", *args, "--db", db)
    assert text.exit_code == 4 and words.format(db=db) in text.stderr
    assert db.read_bytes() == before
    at_rest(db)


def test_no_file_is_not_built_and_makes_none(cli, tmp_path):
    missing = tmp_path / "none.sqlite"
    result = cli("remove", "seven", "--db", missing)
    assert result.exit_code == 4 and "no puzzledb database" in result.stderr
    assert not missing.exists()


def test_a_malformed_goal_is_malformed(cli, db):
    result = cli("remove", "seven", "--goal", "123", "--db", db, "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"]["code"] == "malformed"


def test_remove_waits_for_another_build_of_the_file(db):
    holder = sqlite3.connect(db, isolation_level=None)  # another build, mid-transaction
    holder.execute("PRAGMA journal_mode = WAL")
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("CREATE TABLE another_build (x)")
    child = subprocess.Popen(
        [sys.executable, "-m", "puzzledb.service.cli", "remove", "nooff", "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    seen = b""
    assert child.stderr is not None
    try:
        while b"waiting for another build" not in seen:
            chunk = os.read(child.stderr.fileno(), 4096)
            assert chunk, f"remove ended before it waited: {seen.decode()}"
            seen += chunk
        assert child.poll() is None
        holder.execute("COMMIT")  # the other build's table is stored: the removal keeps it
    finally:
        holder.close()
    out, err = child.communicate(timeout=120)
    assert child.returncode == 0, (out, err)
    assert f"remove nooff: waiting for another build of '{db}' to finish" in seen.decode()
    assert out.decode().startswith("removed nooff toward LLNOOFF_ ")
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        names = {n for (n,) in conn.execute("SELECT name FROM sqlite_master")}
        assert "another_build" in names
        assert conn.execute("SELECT count(*) FROM puzzles WHERE name = 'nooff'").fetchone() == (0,)
    conn.close()
    at_rest(db)


@pytest.mark.cluster  # builds on a local Dask cluster
def test_removing_a_cluster_build_removes_its_shard_files(cli, tmp_path):
    pytest.importorskip("distributed")
    db = tmp_path / "cluster.sqlite"
    assert cli("build", "nooff", "--db", db, "-q").exit_code == 0
    built_on = cli("build", "seven", "--cluster", "local:2", "--db", db, "-q")
    assert built_on.exit_code == 0, built_on.output
    shards = sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".shard"))
    assert len(shards) == 2
    result = cli("remove", "seven", "--db", db, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["shard_files"] == shards
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cluster.sqlite"]
    assert built(cli, db) == {"nooff": ["LLNOOFF_"]}
    at_rest(db)
    sql = cli("sql", "SELECT count(*) AS n FROM states", "--db", db, "--json")
    assert sql.exit_code == 0 and "540" in sql.stdout
