"""Builds never damage data: an interrupted or killed rebuild leaves the old one answering."""

import multiprocessing
import os
import signal
import sqlite3
import time

import pytest

from puzzledb.builder import catalogue
from puzzledb.builder.search.progress import Progress
from puzzledb.db.build import build, build_to
from puzzledb.db.connection import reader, writer
from puzzledb.service.answers import Answers


@pytest.fixture()
def built_eight(tmp_path):
    path = tmp_path / "safety.sqlite"
    db = writer(path)
    build(db, catalogue.get("eight"), "123456780")
    db.close()
    return path


def snapshot(path):
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        builds = conn.execute("SELECT id, name, goal, built_at FROM puzzles").fetchall()
        tables = conn.execute("SELECT name FROM sqlite_master ORDER BY name").fetchall()
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    return builds, tables


class OnRows(Progress):
    """Calls `act` each time a chunk of rows has been written inside the build transaction."""

    def __init__(self, act):
        self.act = act

    def rows(self, written, total):
        self.act(written)


def _build_then_kill(path, kill_after_rows):
    def kill(written):
        if written >= kill_after_rows:
            os.kill(os.getpid(), signal.SIGKILL)

    build(writer(path), catalogue.get("eight"), "123456780", progress=OnRows(kill))


@pytest.mark.parametrize("kill_after_rows", [50_000, 150_000, 181_440])
def test_kill_9_during_rebuild_leaves_the_database_as_it_was(built_eight, kill_after_rows):
    before = snapshot(built_eight)
    child = multiprocessing.get_context("fork").Process(
        target=_build_then_kill, args=(built_eight, kill_after_rows)
    )
    child.start()
    child.join(60)
    assert child.exitcode == -signal.SIGKILL
    assert snapshot(built_eight) == before
    answer = Answers(reader(built_eight)).path("eight", "867254301")
    assert answer["depth"] == 31


def test_ctrl_c_during_rebuild_rolls_back(built_eight):
    before = snapshot(built_eight)

    def interrupt(written):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        build(writer(built_eight), catalogue.get("eight"), "123456780", progress=OnRows(interrupt))
    assert snapshot(built_eight) == before


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_readers_keep_answering_from_the_old_build_during_a_rebuild(built_eight):
    answers = Answers(reader(built_eight))
    old = answers.stats("eight")["built_at"]
    seen = []

    def ask(written):
        seen.append(answers.path("eight", "867254301")["depth"])

    time.sleep(1.1)  # built_at has one-second resolution
    build(writer(built_eight), catalogue.get("eight"), "123456780", progress=OnRows(ask))
    assert seen and all(depth == 31 for depth in seen)
    assert answers.stats("eight")["built_at"] != old  # the new build is visible after commit


def test_readers_cannot_write(built_eight):
    database = reader(built_eight)
    with (
        database.connection() as conn,
        pytest.raises(Exception, match=r"readonly|read-only|query_only"),
    ):
        conn.execute("DELETE FROM puzzles")


def _first_build_then_kill(path, kill_after_rows):
    def kill(written):
        if written >= kill_after_rows:
            os.kill(os.getpid(), signal.SIGKILL)

    build_to(path, catalogue.get("eight"), "123456780", progress=OnRows(kill))


def test_a_killed_first_build_leaves_no_database_and_the_next_one_cleans_up(tmp_path, cli):
    path = tmp_path / "new.sqlite"
    child = multiprocessing.get_context("fork").Process(
        target=_first_build_then_kill, args=(path, 100_000)
    )
    child.start()
    child.join(60)
    assert child.exitcode == -signal.SIGKILL
    assert not path.exists()  # as it was: no database
    assert list(tmp_path.glob(".new.sqlite.building-*"))  # the abandoned partial file
    assert cli("build", "seven", "--db", path, "-q").exit_code == 0
    assert not list(tmp_path.glob(".new.sqlite.building-*"))
    assert snapshot(path)[0][0][1] == "seven"


def test_every_build_leaves_a_file_at_rest_that_any_reader_can_open(tmp_path):
    """Rollback journal mode at rest: a reader that cannot write the directory needs no -shm."""
    path = tmp_path / "first.sqlite"
    build_to(path, catalogue.get("seven"), "12345670")
    build_to(path, catalogue.get("nooff"), "LLNOOFF_")  # in place: WAL while it writes
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["first.sqlite"]
    assert Answers(reader(path)).path("seven", "07214365")["depth"] == 36
    assert [p.name for p in tmp_path.iterdir() if "building" in p.name] == []
