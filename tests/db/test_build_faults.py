"""Builds under faults: a full disk after the commit, a second build of the same file, a signal
in any stage, a definition file that is no file, and side files of a killed build. Each test
runs the real `puzzledb build` in a process of its own, as an operator would."""

import json
import multiprocessing
import os
import resource
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from puzzledb.builder import catalogue
from puzzledb.builder.search.progress import Progress
from puzzledb.db import side_writer
from puzzledb.db.build import build_to
from puzzledb.db.connection import reader
from puzzledb.service.answers import Answers

pytestmark = pytest.mark.slow  # interrupts real builds in each of their stages

ROOT = Path(__file__).parents[2]

#: The real command, but with its progress display on stderr even when that is a pipe and
#: with --json: how a test knows which stage a build is in. (build imports for_build from
#: service.cli.progress as it runs: the module's name is the one to replace.)
SHOWING_PROGRESS = (
    "import sys\n"
    "from puzzledb.service.cli import commands as cli, progress\n"
    "progress.for_build = lambda label, quiet, stream=None: progress.TerminalProgress(label)\n"
    "sys.argv[0] = 'puzzledb'\n"
    "cli.main()\n"
)


def _puzzledb() -> list[str]:
    script = Path(sys.executable).parent / "puzzledb"
    return [str(script)] if script.exists() else [sys.executable, "-m", "puzzledb.service.cli"]


def ask(db, question):
    """`question(answers)` of the file at db, the reader closed after (an open reader keeps
    the next build from putting the file at rest)."""
    database = reader(db)
    try:
        return question(Answers(database))
    finally:
        database.dispose()


def built_names(db) -> list[str]:
    return [p["name"] for p in ask(db, Answers.catalogue)["puzzles"] if p["builds"]]


def journal_mode(db) -> str:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return conn.execute("PRAGMA journal_mode").fetchone()[0]


def beside(db) -> list[str]:
    """Every file in db's folder but db itself."""
    return sorted(p.name for p in db.parent.iterdir() if p != db)


def _first_build(db, name="seven"):
    done = subprocess.run([*_puzzledb(), "build", name, "--db", str(db), "-q"], cwd=ROOT)
    assert done.returncode == 0


class Build:
    """`puzzledb build ...` in a child process, its stderr read as it comes."""

    def __init__(self, *args, showing_progress=False, **popen):
        command = [sys.executable, "-c", SHOWING_PROGRESS] if showing_progress else _puzzledb()
        self.child = subprocess.Popen(
            [*command, "build", *map(str, args)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            **popen,
        )
        self.seen = b""

    def wait_for(self, text: str) -> None:
        """Read stderr until `text` shows (a stage of the progress display, a message)."""
        assert self.child.stderr is not None
        fd = self.child.stderr.fileno()
        while text.encode() not in self.seen:
            chunk = os.read(fd, 4096)
            assert chunk, f"the build ended before {text!r}: {self.seen.decode()[-500:]}"
            self.seen += chunk

    def finish(self) -> tuple[int, str, str]:
        out, err = self.child.communicate(timeout=120)
        return self.child.returncode, out.decode(), (self.seen + err).decode()


# -- a signal in any stage --------------------------------------------------------------------


#: A stage of an in-place build of nine, and how long into it the signal comes (the index
#: stage takes about a second here: the signal lands inside SQLite's CREATE INDEX).
STAGES = [
    ("searching", 0.1),
    ("storing", 0.1),
    ("indexing depths", 0.2),
]


@pytest.mark.parametrize("stage, into", STAGES)
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_in_any_stage_of_a_build_is_one_clean_interruption(tmp_path, stage, into, signum):
    db = tmp_path / "t.sqlite"
    _first_build(db)
    build = Build("nine", "--db", db, "--json", showing_progress=True)
    build.wait_for(f"nine: {stage}")
    time.sleep(into)
    build.child.send_signal(signum)
    status, out, err = build.finish()
    assert status == 128 + signum, (out, err)
    assert "Traceback" not in err, err
    error = json.loads(out)["error"]  # exactly one JSON object
    assert error["code"] == "interrupted"
    assert error["message"].startswith(f"interrupted ({signal.Signals(signum).name}); nothing")
    assert built_names(db) == ["seven"]
    assert journal_mode(db) == "delete"  # put back at rest, as before the build
    assert beside(db) == []


def test_a_signal_while_a_build_commits_waits_and_names_it_stored(tmp_path):
    db = tmp_path / "t.sqlite"
    _first_build(db)
    build = Build("nine", "--db", db, showing_progress=True)
    build.wait_for("nine: committing")
    build.child.send_signal(signal.SIGTERM)
    status, _, err = build.finish()
    assert status == 143 and "Traceback" not in err, err
    assert "interrupted (SIGTERM); stored: nine toward 1234567890" in err
    assert built_names(db) == ["seven", "nine"]
    assert journal_mode(db) == "delete" and beside(db) == []


# -- a full disk after the commit -------------------------------------------------------------


def _file_size_limit(limit: int):
    """What the child runs before the command: files cannot grow past `limit` bytes, and
    writing past it fails (EFBIG) instead of killing the process, as a full disk would."""

    def limit_files():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return limit_files


def test_a_full_disk_after_the_commit_says_stored_and_not_at_rest(tmp_path):
    """The -wal of seven's build fits, and the commit succeeds; putting the file back in
    rollback mode copies the -wal into the file, which cannot grow: stored, with a warning."""
    db = tmp_path / "full.sqlite"
    _first_build(db, "eight")
    limit = db.stat().st_size + 100_000
    build = Build("seven", "--db", db, "--json", preexec_fn=_file_size_limit(limit))
    status, out, err = build.finish()
    assert status == 0, (out, err)
    assert "Traceback" not in err
    answer = json.loads(out)
    assert [b["name"] for b in answer["built"]] == ["seven"]
    (warning,) = answer["warnings"]
    assert "stored" in warning and "WAL mode" in warning and "-wal" in warning
    assert built_names(db) == ["eight", "seven"]  # what the user was told
    assert ask(db, lambda answers: answers.path("seven", "07214365"))["depth"] == 36

    plain = Build("nooff", "--db", db, preexec_fn=_file_size_limit(limit)).finish()
    assert plain[0] == 0 and "built nooff" in plain[1]
    assert "warning: " in plain[2] and "Traceback" not in plain[2]

    _first_build(db, "nooff")  # with room again, the next build puts the file at rest
    assert journal_mode(db) == "delete" and beside(db) == []


def test_a_full_disk_before_the_commit_says_not_stored(tmp_path):
    """seven's -wal cannot grow past 300 kB: the build fails, stores nothing, and says so."""
    db = tmp_path / "full.sqlite"
    _first_build(db, "eight")
    build = Build("seven", "--db", db, "--json", preexec_fn=_file_size_limit(300_000))
    status, out, err = build.finish()
    assert status == 1 and "Traceback" not in err, (out, err)
    error = json.loads(out)["error"]
    assert error["code"] == "database_error"
    assert error["message"].startswith("cannot build seven toward 12345670 into ")
    assert "it was not stored" in error["message"]
    assert built_names(db) == ["eight"]
    assert journal_mode(db) == "delete" and beside(db) == []


# -- a second build of the same file ----------------------------------------------------------


def test_a_second_build_of_a_file_waits_for_the_first_and_says_so(tmp_path):
    db = tmp_path / "busy.sqlite"
    _first_build(db)
    holder = sqlite3.connect(db, isolation_level=None)  # another build, mid-transaction
    holder.execute("PRAGMA journal_mode = WAL")
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("CREATE TABLE another_build (x)")
    try:
        build = Build("eight", "--db", db)
        build.wait_for("waiting for another build")
        assert build.child.poll() is None
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    status, out, err = build.finish()
    assert status == 0, (out, err)
    assert f"eight: waiting for another build of '{db}' to finish\n" in err
    assert built_names(db) == ["eight", "seven"]


def test_two_builds_of_one_file_at_once_both_store_and_leave_it_at_rest(tmp_path):
    """The issue's case: a build into a file while another build of it writes."""
    db = tmp_path / "two.sqlite"
    _first_build(db)
    first = Build("nine", "--db", db, "--json", showing_progress=True)
    first.wait_for("nine: storing")
    second = Build("eight", "--db", db)
    second.wait_for("eight: waiting for another build")
    assert first.finish()[0] == 0
    status, out, err = second.finish()
    assert status == 0 and "built eight" in out, err
    assert built_names(db) == ["eight", "seven", "nine"]
    assert journal_mode(db) == "delete" and beside(db) == []


def test_a_waiting_build_stops_at_once_on_ctrl_c(tmp_path):
    db = tmp_path / "busy.sqlite"
    _first_build(db)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("PRAGMA journal_mode = WAL")
    holder.execute("BEGIN IMMEDIATE")
    try:
        build = Build("eight", "--db", db, "--json", showing_progress=True)
        build.wait_for("waiting for another build")
        build.child.send_signal(signal.SIGINT)
        status, out, _ = build.finish()  # while the other build still holds the file
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert status == 130
    assert json.loads(out)["error"]["code"] == "interrupted"
    assert built_names(db) == ["seven"]


# -- definition files --------------------------------------------------------------------------


def _one_error(result, code, status):
    assert result.exit_code == status, result.output
    error = json.loads(result.stdout)["error"]
    assert error["code"] == code and "Traceback" not in result.output
    return error["message"]


def test_a_definition_that_is_a_fifo_or_a_device_is_refused_at_once(tmp_path):
    fifo = tmp_path / "def.toml"
    os.mkfifo(fifo)
    for source, kind in ((fifo, "a FIFO"), ("/dev/zero", "a device"), (tmp_path, "a folder")):
        done = subprocess.run(
            [*_puzzledb(), "build", "--file", str(source), "--db", str(tmp_path / "d.sqlite")]
            + ["--json"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2, (source, done.stdout, done.stderr)
        error = json.loads(done.stdout)["error"]
        assert error["code"] == "bad_definition"
        assert f"is not a definition file (it is {kind})" in error["message"]


def test_a_definition_file_over_the_size_cap_is_refused(cli, tmp_path):
    big = tmp_path / "big.toml"
    big.write_text('name = "big"\n' + "#" * 1_000_000 + "\n")  # the documented cap: 1,000,000
    message = _one_error(
        cli("build", "--file", big, "--db", tmp_path / "d.sqlite", "--json"), "bad_definition", 2
    )
    assert "is larger than 1,000,000 bytes" in message
    assert not (tmp_path / "d.sqlite").exists()


# -- side files of a killed two-writer build ---------------------------------------------------


def _two_writer_build_then_kill(path):
    side_writer.MIN_ROWS = 1

    class KillAfterRows(Progress):
        def rows(self, written, total):
            if written >= 100_000:
                os.kill(os.getpid(), signal.SIGKILL)

    eight = catalogue.get("eight")
    build_to(path, eight, eight.default_goal, progress=KillAfterRows())


@pytest.mark.skipif(
    not hasattr(os, "fork") or (os.cpu_count() or 1) < 2, reason="needs fork and two cores"
)
def test_an_in_place_build_removes_the_side_files_of_a_killed_build(tmp_path):
    """The file a killed first build aimed at was published meanwhile (built elsewhere and
    renamed into place): the next build of it is in place, and removes the leftovers too."""
    db = tmp_path / "new.sqlite"
    child = multiprocessing.get_context("fork").Process(
        target=_two_writer_build_then_kill, args=(db,)
    )
    child.start()
    child.join(60)
    assert child.exitcode == -signal.SIGKILL
    assert any(name.endswith("-rows") for name in beside(db))  # the second writer's side file
    elsewhere = tmp_path / "elsewhere" / "next.sqlite"
    _first_build(elsewhere)
    os.rename(elsewhere, db)
    elsewhere.parent.rmdir()
    _first_build(db, "nooff")  # in place
    assert beside(db) == []
    assert built_names(db) == ["seven", "nooff"]
