"""The writer's transaction (db.connection.Writer.begin): COMMIT when its block ends, ROLLBACK
when anything is raised in it or by the COMMIT, and a rollback that fails never hides the
error that called for it."""

from __future__ import annotations

import sqlite3

import pytest

from puzzledb.db.connection import writer


def rows(path) -> list[tuple]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT n FROM t ORDER BY n").fetchall()
    finally:
        conn.close()


@pytest.fixture
def db(tmp_path):
    """A writer on a file holding an empty table t."""
    db = writer(tmp_path / "w.sqlite")
    with db.begin() as conn:
        conn.execute("CREATE TABLE t (n INTEGER PRIMARY KEY)")
    yield db
    db.close()


def test_a_block_that_ends_is_committed_and_its_rows_read_by_name(db):
    with db.begin() as conn:
        assert conn.in_transaction
        conn.execute("INSERT INTO t VALUES (:n)", {"n": 1})
    assert not db.connection.in_transaction
    assert rows(db.path) == [(1,)]
    assert db.connection.execute("SELECT n FROM t").fetchone()["n"] == 1


def test_an_error_in_the_block_rolls_it_back_and_is_raised(db):
    with pytest.raises(ZeroDivisionError), db.begin() as conn:
        conn.execute("INSERT INTO t VALUES (2)")
        _ = 1 / 0
    assert not db.connection.in_transaction
    assert rows(db.path) == []


def test_a_failed_rollback_leaves_the_interruption_to_be_told(db):
    """Ctrl-C in the block, and a rollback that cannot run (its connection gone): what comes
    out is the KeyboardInterrupt, not the rollback's error."""
    with pytest.raises(KeyboardInterrupt) as raised, db.begin() as conn:
        conn.execute("INSERT INTO t VALUES (3)")
        conn.close()
        raise KeyboardInterrupt
    assert raised.value.__context__ is None  # nothing raised on its way out
    db.close()
    assert rows(db.path) == []


def test_a_commit_that_fails_is_rolled_back(db):
    """A deferred foreign key fails the COMMIT itself, which leaves the transaction open:
    the writer rolls it back, so the connection can begin again."""
    with db.begin() as conn:
        conn.execute(
            "CREATE TABLE child (n INTEGER REFERENCES t (n) DEFERRABLE INITIALLY DEFERRED)"
        )
    db.connection.execute("PRAGMA foreign_keys = ON")
    with pytest.raises(sqlite3.IntegrityError), db.begin() as conn:
        conn.execute("INSERT INTO child VALUES (7)")  # no row 7 in t
    assert not db.connection.in_transaction
    with db.begin() as conn:
        conn.execute("INSERT INTO t VALUES (4)")
    assert rows(db.path) == [(4,)]


def test_the_file_is_opened_on_first_use_and_again_after_close(tmp_path):
    path = tmp_path / "later.sqlite"
    db = writer(path)
    assert not path.exists()  # a build searches before it touches the file
    with db.begin() as conn:
        conn.execute("CREATE TABLE t (n INTEGER)")
    assert db.connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()
    db.close()  # twice is nothing
    with db.begin() as conn:
        conn.execute("INSERT INTO t VALUES (5)")
    db.close()
    assert rows(path) == [(5,)]
