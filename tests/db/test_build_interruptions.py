"""Builds interrupted by Ctrl-C or SIGTERM: what was stored is named and kept, a commit under
way completes, nothing is half stored, and what a dead build left is cleared by the next."""

import json
import os
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest
from support.command import puzzledb_command
from support.json_errors import one_error

from puzzledb.builder import catalogue
from puzzledb.builder.search.progress import Progress
from puzzledb.db.build import build
from puzzledb.db.connection import reader, writer
from puzzledb.service.answers import Answers

ROOT = Path(__file__).resolve().parents[2]


def _wrapping_build_to(monkeypatch, act):
    """Make the CLI's build_to call `act(job_number, progress)` before building."""
    import puzzledb.db.build as build_module

    real, calls = build_module.build_to, []

    def build_to(path, puzzle, goal, started=None, progress=None, **options):
        calls.append(puzzle.name)
        act(len(calls), progress)
        return real(path, puzzle, goal, started, progress=progress, **options)

    monkeypatch.setattr(build_module, "build_to", build_to)


def test_ctrl_c_after_a_build_committed_names_what_was_stored(cli, empty_db, monkeypatch):
    """Ctrl-C during the second of two builds names the build stored and the one not, and
    the first stays answered."""

    def second_is_interrupted(job, progress):
        if job == 2:
            raise KeyboardInterrupt

    _wrapping_build_to(monkeypatch, second_is_interrupted)
    result = cli("build", "seven", "nooff", "--db", empty_db, "--json")
    message = one_error(result, "interrupted", 130)
    assert "stored: seven toward 12345670" in message
    assert "not stored: nooff toward LLNOOFF_" in message
    assert "unchanged" not in message
    assert [b["name"] for b in Answers(reader(empty_db)).catalogue()["puzzles"] if b["builds"]] == [
        "seven"
    ]


def test_ctrl_c_while_a_build_commits_waits_for_the_commit(cli, empty_db, monkeypatch):
    """Ctrl-C while a build commits waits for the commit, and says the build was stored."""

    class InterruptAtCommit(Progress):
        def __init__(self, inner):
            self.inner = inner

        def stage(self, name):
            self.inner.stage(name)
            if name == "committing":
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(0.01)  # the handler runs here: too late to undo this build

    import puzzledb.db.build as build_module

    real = build_module.build_to

    def build_to(path, puzzle, goal, started=None, progress=None, **options):
        return real(path, puzzle, goal, started, progress=InterruptAtCommit(progress), **options)

    monkeypatch.setattr(build_module, "build_to", build_to)
    result = cli("build", "seven", "nooff", "--db", empty_db)
    assert result.exit_code == 130, result.output
    assert "interrupted (SIGINT); stored: seven toward 12345670; not stored: nooff" in result.stderr
    assert Answers(reader(empty_db)).stats("seven")["states"] == 20_160


def test_ctrl_c_before_anything_committed_says_the_database_is_unchanged(
    cli, empty_db, monkeypatch
):
    """Ctrl-C before any build committed says the database is unchanged, and no file is made."""

    def first_is_interrupted(job, progress):
        raise KeyboardInterrupt

    _wrapping_build_to(monkeypatch, first_is_interrupted)
    result = cli("build", "seven", "--db", empty_db)
    assert result.exit_code == 130
    assert "interrupted (SIGINT); nothing was stored: the database is unchanged" in result.stderr
    assert not empty_db.exists()


def _wait_for(condition, seconds=30.0):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_sigterm_during_a_build_is_a_clean_interruption(tmp_path):
    """SIGTERM during a build is the clean interruption Ctrl-C is (exit 143): what was stored
    is named, no traceback, no partial file left."""
    db = tmp_path / "term.sqlite"
    child = subprocess.Popen(
        puzzledb_command() + ["build", "seven", "nine", "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    _wait_for(lambda: db.exists() or child.poll() is not None)  # seven is stored, nine begins
    time.sleep(0.3)
    child.send_signal(signal.SIGTERM)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 143, (out, err)
    assert "Traceback" not in err
    assert "interrupted (SIGTERM); stored: seven toward 12345670; not stored: nine" in err
    answers = Answers(reader(db))
    assert [p["name"] for p in answers.catalogue()["puzzles"] if p["builds"]] == ["seven"]
    assert not list(tmp_path.glob(".*building*"))


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_sigterm_during_a_first_build_leaves_no_database(tmp_path):
    """SIGTERM during the first build of a new file leaves no file at all; with --json the
    interruption is one JSON error."""
    db = tmp_path / "first.sqlite"
    child = subprocess.Popen(
        puzzledb_command() + ["build", "nine", "--db", str(db), "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    _wait_for(lambda: list(tmp_path.glob(".first.sqlite.building-*")) or child.poll() is not None)
    child.send_signal(signal.SIGTERM)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 143, (out, err)
    error = json.loads(out)["error"]
    assert error["code"] == "interrupted" and "the database is unchanged" in error["message"]
    assert list(tmp_path.iterdir()) == []


def _dead_pid() -> int:
    gone = subprocess.Popen(["true"])
    gone.wait()
    return gone.pid


def test_the_next_build_removes_abandoned_partials_and_their_journals(cli, tmp_path):
    """The next build removes the partial files (and their journals) of builds whose process
    died, and keeps those of a build still running."""
    dead, alive = _dead_pid(), os.getppid()
    (tmp_path / f".new.sqlite.building-{os.getpid()}-journal").write_text("stale")  # id reused
    for pid in (dead, alive):
        for suffix in ("", "-journal", "-wal", "-shm"):
            (tmp_path / f".new.sqlite.building-{pid}{suffix}").write_text("")
    assert cli("build", "seven", "--db", tmp_path / "new.sqlite", "-q").exit_code == 0
    left = sorted(p.name for p in tmp_path.glob(".new.sqlite.building-*"))
    assert left == sorted(
        f".new.sqlite.building-{alive}{s}" for s in ("", "-journal", "-shm", "-wal")
    )


@pytest.mark.slow  # a build of nine killed part way, then another
def test_a_build_of_any_name_removes_what_a_killed_build_left(tmp_path):
    """Issue 46, point 7: a new file's build killed with SIGKILL leaves its hidden partial
    file (sparse, of a terabyte apparent size past 4 M rows); it was removed only by a later
    build into the same name. A build into another file of the folder removes it now."""
    child = subprocess.Popen(
        puzzledb_command() + ["build", "nine", "--db", str(tmp_path / "killed.sqlite")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
    )
    _wait_for(lambda: list(tmp_path.glob(".killed.sqlite.building-*")) or child.poll() is not None)
    child.kill()
    child.wait(timeout=60)
    assert list(tmp_path.glob(".killed.sqlite.building-*")), "nothing left to clean up"
    done = subprocess.run(
        puzzledb_command() + ["build", "seven", "--db", str(tmp_path / "other.sqlite"), "-q"],
        cwd=ROOT,
        capture_output=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.sqlite"]


def test_an_interrupted_build_stops_its_row_thread(tmp_path):
    """An interrupted build stops its row-writing thread: none is left running."""

    class Interrupt(Progress):
        def rows(self, written, total):
            raise KeyboardInterrupt

    db = writer(tmp_path / "rows.sqlite")
    with pytest.raises(KeyboardInterrupt):
        build(db, catalogue.get("eight"), "123456780", progress=Interrupt())
    db.close()
    assert [t for t in threading.enumerate() if t.name == "puzzledb-rows"] == []
