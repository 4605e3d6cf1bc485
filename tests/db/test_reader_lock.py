"""A reader holding the file does not fail a build or a removal (issue 28, 7): at rest the
file is in rollback journal mode, where an open read transaction holds the lock that moving
into WAL mode needs. Before, a reader holding it past 30 s failed an in-place build with
"database is locked"; now the build waits for it, as for another build, and says so."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

PUZZLEDB = Path(sys.executable).with_name("puzzledb")

#: A reader in its own process: a read transaction held open until a line comes on stdin.
READER = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN")
conn.execute("SELECT count(*) FROM puzzles").fetchall()
print("reading", flush=True)
sys.stdin.readline()
conn.execute("COMMIT")
"""


@pytest.fixture()
def db(tmp_path) -> Path:
    path = tmp_path / "p.sqlite"
    for name in ("seven", "eight"):
        built = subprocess.run(
            [PUZZLEDB, "build", name, "--db", path, "-q"], capture_output=True, timeout=300
        )
        assert built.returncode == 0, built.stderr
    return path


def while_read(db: Path, *command: str) -> tuple[subprocess.CompletedProcess, str]:
    """`puzzledb COMMAND` run while another process holds a read transaction on `db`, which
    lets go once the command says it waits; (its outcome, that line of stderr)."""
    reader = subprocess.Popen(
        [sys.executable, "-c", READER, db], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert reader.stdout is not None and reader.stdin is not None
    try:
        assert reader.stdout.readline() == "reading\n"
        run = subprocess.Popen(
            [PUZZLEDB, *command, "--db", db],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert run.stderr is not None
        said = run.stderr.readline()  # its first line: it waits (or, before, its error)
        reader.stdin.write("done\n")
        reader.stdin.flush()
        out, err = run.communicate(timeout=300)
        return subprocess.CompletedProcess(run.args, run.returncode, out, said + err), said
    finally:
        reader.kill()  # ours
        reader.wait(timeout=10)


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_a_build_waits_for_a_reader_and_says_so(db):
    outcome, said = while_read(db, "build", "seven")
    assert said.startswith("seven: waiting for the readers of ") and "finish" in said
    assert outcome.returncode == 0, outcome.stderr
    assert outcome.stdout.startswith("built seven toward 12345670: 20,160 states")
    assert "error" not in outcome.stderr
    listed = subprocess.run(
        [PUZZLEDB, "list", "--db", db, "--json"], capture_output=True, text=True, timeout=60
    )
    built = {p["name"] for p in json.loads(listed.stdout)["puzzles"] if p["builds"]}
    assert built == {"seven", "eight"}


def test_a_removal_waits_for_a_reader(db):
    outcome, said = while_read(db, "remove", "eight")
    assert "waiting for the readers of " in said
    assert outcome.returncode == 0, outcome.stderr
    assert "error" not in outcome.stderr
