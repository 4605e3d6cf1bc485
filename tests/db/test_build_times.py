"""`stats` says when a build started (its search) and finished (its commit), besides when its
storing began (built_at, kept as it was); a file written before those were kept is still read,
and a build into it keeps them from then on (issue 27)."""

import json
import sqlite3
from datetime import datetime, timedelta

import pytest

from puzzledb.db import schema
from puzzledb.service.http.app import create_app

OLD_KEYS = {"built_at", "build_seconds"}
NEW_KEYS = {"started_at", "finished_at"}


def stats(cli, db, name):
    result = cli("stats", name, "--db", db, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_stats_gives_the_start_and_the_finish(cli, tmp_path):
    db = tmp_path / "times.sqlite"
    assert cli("build", "seven", "--db", db, "-q").exit_code == 0
    answer = stats(cli, db, "seven")
    assert set(answer) >= OLD_KEYS | NEW_KEYS
    started, stored, finished = (
        datetime.fromisoformat(answer[k]) for k in ("started_at", "built_at", "finished_at")
    )
    assert started <= stored <= finished
    assert started.utcoffset() == finished.utcoffset() == timedelta(0)
    # to the second: both ends of build_seconds, measured on the monotonic clock
    assert abs((finished - started).total_seconds() - answer["build_seconds"]) <= 1
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        row = conn.execute("SELECT built_at, started_at, finished_at FROM puzzles").fetchone()
    assert row == (answer["built_at"], answer["started_at"], answer["finished_at"])
    text = cli("stats", "seven", "--db", db).stdout
    assert f"started:  {answer['started_at']} (the search began)" in text
    assert f"finished: {answer['finished_at']} (the build committed)" in text
    assert f"storing began {answer['built_at']}" in text


def test_the_service_says_them_too(tmp_path, cli):
    db = tmp_path / "times.sqlite"
    assert cli("build", "nooff", "--db", db, "-q").exit_code == 0
    answer = create_app(db).test_client().get("/stats?puzzle=nooff").get_json()
    assert set(answer) >= OLD_KEYS | NEW_KEYS and answer["finished_at"] is not None


@pytest.fixture()
def older_file(tmp_path, cli):
    """A file of this schema version written before started_at and finished_at were kept."""
    db = tmp_path / "older.sqlite"
    assert cli("build", "seven", "--db", db, "-q").exit_code == 0
    with sqlite3.connect(db) as conn:
        for column in NEW_KEYS:
            conn.execute(f"ALTER TABLE puzzles DROP COLUMN {column}")
    conn.close()
    return db


def test_a_file_from_before_the_times_still_answers(cli, older_file):
    answer = stats(cli, older_file, "seven")
    assert answer["started_at"] is None and answer["finished_at"] is None
    assert answer["built_at"] and answer["build_seconds"] >= 0
    text = cli("stats", "seven", "--db", older_file).stdout
    assert f"storing began {answer['built_at']}" in text and "not recorded" in text
    listed = json.loads(cli("list", "--db", older_file, "--json").stdout)
    assert any(p["builds"] for p in listed["puzzles"] if p["name"] == "seven")
    path = cli("path", "seven", "12345607", "--db", older_file, "--json")
    assert path.exit_code == 0, path.output
    http = create_app(older_file).test_client().get("/stats?puzzle=seven")
    assert http.status_code == 200 and http.get_json()["started_at"] is None


def test_a_build_into_such_a_file_keeps_them_from_then_on(cli, older_file):
    assert cli("build", "nooff", "--db", older_file, "-q").exit_code == 0
    with sqlite3.connect(f"file:{older_file}?mode=ro", uri=True) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == schema.VERSION
    assert stats(cli, older_file, "seven")["started_at"] is None
    assert stats(cli, older_file, "nooff")["started_at"] is not None
