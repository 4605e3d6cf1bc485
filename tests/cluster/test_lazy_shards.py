"""Readers open a cluster build's shards lazily (issue 21, point 2): only a question that needs
that build's rows attaches them, and keeps them for the connection's life.

One file holds `eight` built on a LocalCluster of 2 workers (two shards) and `seven` built on
one machine; a copy of `eight` built on one machine is what its answers must equal.
"""

from __future__ import annotations

import itertools
import json
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzledb.builder import catalogue
from puzzledb.db import build as builds
from puzzledb.db.cluster import read as sharded
from puzzledb.db.connection import reader
from puzzledb.service.answers import Answers
from puzzledb.service.cli.commands import main
from puzzledb.service.cli.options import EXIT_STATUS
from puzzledb.service.http.app import create_app

pytestmark = pytest.mark.cluster  # builds eight on a local Dask cluster

EIGHT = catalogue.get("eight")
SEVEN = catalogue.get("seven")
#: eight's goal, one near it, one 31 moves out (the farthest); seven's goal and one near it.
EIGHTS = ["123456780", "123456708", "867254301"]
SEVENS = ["12345670", "12345607"]


def run(*args) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    return result.exit_code, result.stdout


@pytest.fixture(scope="module")
def mixed(tmp_path_factory) -> Path:
    """eight on a LocalCluster of 2 (sharded) and seven on one machine, in one file."""
    path = tmp_path_factory.mktemp("mixed") / "db.sqlite"
    code, out = run("build", "eight", "--cluster", "local:2", "--db", path, "-q", "--json")
    assert code == 0, out
    builds.build_to(path, SEVEN, SEVEN.default_goal)
    assert len(list(path.parent.glob("*.shard"))) == 2
    return path


@pytest.fixture(scope="module")
def one_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("one") / "db.sqlite"
    builds.build_to(path, EIGHT, EIGHT.default_goal)
    return path


@pytest.fixture()
def copy(mixed, tmp_path) -> Path:
    shutil.copytree(mixed.parent, tmp_path / "copy")
    return tmp_path / "copy" / mixed.name


def attached(answers: Answers) -> list[str]:
    with answers.connection() as conn:
        return sorted(name for _, name, _ in conn.execute("PRAGMA database_list"))


def damage(shard: Path, how: str) -> None:
    if how == "missing":
        shard.unlink()
    elif how == "truncated":
        with open(shard, "r+b") as file:
            file.truncate(shard.stat().st_size - 4096)
    elif how == "sibling":  # its sibling copied over it, padded to its size: SQLite reads the
        # pages its header counts, so only the shard's own number tells the files apart
        (sibling,) = [s for s in shard.parent.glob("*.shard") if s != shard]
        size = shard.stat().st_size
        assert sibling.stat().st_size <= size
        shutil.copy(sibling, shard)
        with open(shard, "ab") as file:
            file.write(bytes(size - shard.stat().st_size))
    elif how == "link":
        (sibling,) = [s for s in shard.parent.glob("*.shard") if s != shard]
        shard.unlink()
        shard.symlink_to(sibling.name)
    else:  # the same size, another build's token
        with sqlite3.connect(shard) as conn:
            conn.execute("UPDATE shard_meta SET token = ?", ("f" * 32,))
        conn.close()


def eight_answers(answers: Answers) -> list:
    out: list = []
    for state in EIGHTS:
        out.append(answers.path("eight", state))
        out.append(answers.moves("eight", state))
    out.append(answers.farthest("eight"))
    out.append(answers.depth("eight", 30, limit=50))
    return json.loads(json.dumps(out))


def test_a_question_about_a_one_file_build_attaches_no_shard(mixed):
    answers = Answers(reader(mixed))
    for state in SEVENS:
        assert answers.path("seven", state)["state"] == state
    answers.farthest("seven")
    answers.stats("eight")  # its histogram is in the main file: no rows needed
    assert attached(answers) == ["main", "temp"] or attached(answers) == ["main"]


def test_a_question_about_the_sharded_build_attaches_its_shards_once(mixed, one_file):
    answers = Answers(reader(mixed))
    answers.path("seven", SEVENS[1])
    assert eight_answers(answers) == eight_answers(Answers(reader(one_file)))
    names = [n for n in attached(answers) if n.startswith("shard_")]
    assert len(names) == 2
    assert eight_answers(answers) == eight_answers(Answers(reader(one_file)))
    with answers.connection() as conn:
        assert [n for n in attached(answers) if n.startswith("shard_")] == names  # kept
        for name in names:
            (kib,) = conn.execute(f"PRAGMA {name}.cache_size").fetchone()
            assert kib == -sharded.SHARD_CACHE_KIB


def test_export_of_the_sharded_build_is_the_one_file_export(mixed, one_file, tmp_path):
    for path, to in ((mixed, tmp_path / "m.csv"), (one_file, tmp_path / "o.csv")):
        assert run("export", "eight", "--db", path, "-o", to)[0] == 0
    assert (tmp_path / "m.csv").read_bytes() == (tmp_path / "o.csv").read_bytes()


@pytest.mark.parametrize("how", ["missing", "truncated", "foreign", "sibling", "link"])
def test_a_bad_shard_fails_only_its_own_build(copy, how, tmp_path):
    shard = max(sorted(copy.parent.glob("*.shard")), key=lambda s: s.stat().st_size)
    kept = tmp_path / "kept"
    shutil.copy(shard, kept)
    damage(shard, how)
    for args in (("path", "seven", SEVENS[1]), ("farthest", "seven"), ("stats", "eight")):
        code, out = run(*args, "--db", copy, "--json")
        assert code == 0, out
    for args in (("path", "eight", EIGHTS[2]), ("depth", "eight", "3"), ("farthest", "eight")):
        code, out = run(*args, "--db", copy, "--json")
        assert code == EXIT_STATUS["database_error"] == 1, out
        error = json.loads(out)["error"]
        assert error["code"] == "database_error" and shard.name in error["message"]
    # `puzzledb sql` attaches every sharded build's shards, whatever the statement reads
    sql = "SELECT count(*) FROM states WHERE puzzle = 'seven'"
    code, out = run("sql", sql, "--db", copy, "--json")
    assert code == 1 and shard.name in json.loads(out)["error"]["message"]

    answers = Answers(reader(copy))
    for _ in range(2):  # the same connection checks again: nothing was left half attached
        with pytest.raises(Exception, match=shard.name.replace(".", r"\.")):
            answers.path("eight", EIGHTS[2])
        assert not [n for n in attached(answers) if n.startswith("shard_")]
    shard.unlink(missing_ok=True)
    shutil.copy(kept, shard)  # restored: the connection that failed now answers
    assert answers.path("eight", EIGHTS[2])["depth"] == 31


def test_the_service_answers_the_other_build_when_a_shard_is_missing(copy):
    client = create_app(copy).test_client()
    shard = sorted(copy.parent.glob("*.shard"))[0]
    kept = shard.read_bytes()
    shard.unlink()
    for state in SEVENS:
        response = client.get("/path", query_string={"puzzle": "seven", "state": state})
        assert (
            response.status_code == 200
            and response.json is not None
            and response.json["state"] == state
        )
    assert client.get("/farthest", query_string={"puzzle": "seven"}).status_code == 200
    assert client.get("/").status_code == 200
    response = client.get("/path", query_string={"puzzle": "eight", "state": EIGHTS[2]})
    assert (
        response.status_code == 503
        and response.json is not None
        and response.json["error"]["code"] == "database_error"
    )
    shard.write_bytes(kept)
    response = client.get("/path", query_string={"puzzle": "eight", "state": EIGHTS[2]})
    assert (
        response.status_code == 200 and response.json is not None and response.json["depth"] == 31
    )


def test_the_service_answers_the_sharded_build_as_the_one_file_build(mixed, one_file):
    replies = []
    for path in (mixed, one_file):
        client = create_app(path).test_client()
        stats = client.get("/stats", query_string={"puzzle": "eight"}).json
        assert stats is not None
        replies.append(
            [stats["states"]]
            + [
                client.get(route, query_string={"puzzle": "eight", "state": state}).json
                for route in ("/path", "/moves")
                for state in EIGHTS
            ]
            + [client.get("/depth", query_string={"puzzle": "eight", "d": d}).json for d in (3, 31)]
            + [client.get("/farthest", query_string={"puzzle": "eight"}).json]
        )
    assert replies[0] == replies[1]


def test_a_path_across_shards_looks_states_up_by_key_not_by_scanning(mixed, one_file):
    """A join with the view of a build's shards cannot use their keys (SQLite does not flatten
    a UNION ALL into a join): a recursive walk read every row at every step, minutes on a big
    build. Counted in SQLite's instructions, deterministic where time is not: the 31-move
    path must cost far less than one scan of eight's 181,440 rows."""
    answers = {path: Answers(reader(path)) for path in (mixed, one_file)}
    ran = {}
    for path, asked in answers.items():
        calls = itertools.count()
        with asked.connection() as conn:

            def counted(c: Iterator[int] = calls) -> int:
                return next(c) and 0

            conn.set_progress_handler(counted, 100)  # every 100 steps
            try:
                ran[path] = asked.path("eight", "867254301")
            finally:
                conn.set_progress_handler(None, 0)
        instructions = next(calls) * 100
        assert instructions < 181_440, instructions
    assert ran[mixed] == ran[one_file] and ran[mixed]["depth"] == 31
