"""A big build into a new file stores half its rows in a second process: the same file results,
its failures reach the user, and a killed build leaves nothing behind."""

import contextlib
import json
import multiprocessing
import os
import signal
import sqlite3
import time

import pytest

from puzzledb.builder import catalogue
from puzzledb.builder.search.progress import Progress
from puzzledb.db import side_writer
from puzzledb.db.build import build_to
from puzzledb.db.connection import reader
from puzzledb.db.errors import DatabaseFault
from puzzledb.db.store import statements
from puzzledb.db.store import two_writers as two_writer_store
from puzzledb.service.answers import Answers

pytestmark = [
    pytest.mark.slow,  # builds with two writer processes
    pytest.mark.skipif(
        not hasattr(os, "fork") or (os.cpu_count() or 1) < 2, reason="needs fork and two cores"
    ),
]


@pytest.fixture()
def two_writers(monkeypatch):
    """Every build into a new file, however small, uses the second writer."""
    monkeypatch.setattr(side_writer, "MIN_ROWS", 1)
    assert side_writer.worthwhile(1)


def contents(path, depth=20):
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        rows = conn.execute("SELECT * FROM states ORDER BY state").fetchall()
        index = conn.execute(
            "SELECT state FROM nodes_1 INDEXED BY nodes_1_by_depth WHERE depth = ? ORDER BY state",
            (depth,),
        ).fetchall()
        return rows, index


class Counted(Progress):
    def __init__(self):
        self.seen = []

    def rows(self, written, total):
        self.seen.append((written, total))


def test_two_writers_make_the_same_file_as_one(tmp_path, monkeypatch):
    eight = catalogue.get("eight")
    build_to(tmp_path / "one.sqlite", eight, eight.default_goal)
    monkeypatch.setattr(side_writer, "MIN_ROWS", 1)
    progress = Counted()
    build_to(tmp_path / "two.sqlite", eight, eight.default_goal, progress=progress)
    assert contents(tmp_path / "two.sqlite") == contents(tmp_path / "one.sqlite")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one.sqlite", "two.sqlite"]
    assert Answers(reader(tmp_path / "two.sqlite")).path("eight", "867254301")["depth"] == 31
    # this process's half and the child's count toward the rows shown
    assert progress.seen and all(total == 181_440 for _, total in progress.seen)
    assert progress.seen[-1] == (181_440, 181_440)


def test_a_plain_search_result_splits_as_well(tmp_path, monkeypatch):
    """nooff's wide pieces take the plain search: its rows split the same way."""
    nooff = catalogue.get("nooff")
    build_to(tmp_path / "one.sqlite", nooff, nooff.default_goal)
    monkeypatch.setattr(side_writer, "MIN_ROWS", 1)
    build_to(tmp_path / "two.sqlite", nooff, nooff.default_goal)
    assert contents(tmp_path / "two.sqlite", depth=10) == contents(
        tmp_path / "one.sqlite", depth=10
    )


def test_a_failing_second_writer_fails_the_build_and_leaves_no_file(
    tmp_path, two_writers, monkeypatch
):
    real = statements.write_rows

    def failing(cursor, report, *, part=(0, 1), **kwargs):
        if part == (1, 2):  # the child's half
            raise sqlite3.OperationalError("database or disk is full")
        return real(cursor, report, part=part, **kwargs)

    monkeypatch.setattr(statements, "write_rows", failing)
    eight = catalogue.get("eight")
    with pytest.raises(DatabaseFault, match=r"second writer failed: .*disk is full") as failed:
        build_to(tmp_path / "new.sqlite", eight, eight.default_goal)
    assert failed.value.code == "database_error"
    assert list(tmp_path.iterdir()) == []


def test_a_failure_after_the_second_writer_finished_leaves_no_side_file(
    tmp_path, two_writers, monkeypatch
):
    """As when the disk fills at the commit of the lower half: the side file is complete and
    the child gone, and the build must still remove it."""
    real = two_writer_store.writing_side_file

    @contextlib.contextmanager
    def then_fails(*args, **kwargs):
        with real(*args, **kwargs) as side:
            yield side
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(two_writer_store, "writing_side_file", then_fails)
    eight = catalogue.get("eight")
    with pytest.raises(sqlite3.OperationalError, match="disk is full"):
        build_to(tmp_path / "new.sqlite", eight, eight.default_goal)
    assert list(tmp_path.iterdir()) == []


def test_a_failing_second_writer_is_told_to_the_user(tmp_path, cli, two_writers, monkeypatch):
    """As any build that fails in the database: database_error, and what was not stored."""
    real = statements.write_rows

    def failing(cursor, report, *, part=(0, 1), **kwargs):
        if part == (1, 2):  # the child's half
            raise sqlite3.OperationalError("database or disk is full")
        return real(cursor, report, part=part, **kwargs)

    monkeypatch.setattr(statements, "write_rows", failing)
    result = cli("build", "eight", "--db", tmp_path / "new.sqlite", "--json")
    assert result.exit_code == 1 and "Traceback" not in result.output
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "database_error"
    assert "second writer failed" in error["message"] and "disk is full" in error["message"]
    assert "it was not stored" in error["message"]
    assert list(tmp_path.iterdir()) == []


def _build_then_kill(path):
    def kill(written):
        if written >= 100_000:
            os.kill(os.getpid(), signal.SIGKILL)

    class OnRows(Progress):
        def rows(self, written, total):
            kill(written)

    eight = catalogue.get("eight")
    build_to(path, eight, eight.default_goal, progress=OnRows())


def test_a_killed_build_leaves_no_database_and_its_second_writer_stops(tmp_path, cli, two_writers):
    path = tmp_path / "new.sqlite"
    child = multiprocessing.get_context("fork").Process(target=_build_then_kill, args=(path,))
    child.start()
    child.join(60)
    assert child.exitcode == -signal.SIGKILL
    assert not path.exists()
    side = list(tmp_path.glob(".new.sqlite.building-*-rows"))
    assert side, "the second writer's side file"
    size = None
    for _ in range(100):  # the orphaned writer notices its parent is gone and stops
        time.sleep(0.1)
        if side[0].exists() and side[0].stat().st_size == size:
            break
        size = side[0].stat().st_size if side[0].exists() else None
    assert cli("build", "seven", "--db", path, "-q").exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.sqlite"]
