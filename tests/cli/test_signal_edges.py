"""Ctrl-C and SIGTERM at the two edges of a command: while it loads (before any handler of
its own), and after a build is stored. Each signal is a real one the process sends itself at
that moment (an import hook, a write to stdout), so the moment is exact."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: Runs the console script's entry point with argv, a signal sent as the CLI module loads.
WHILE_LOADING = """
import importlib.abc, os, signal, sys
SIGNUM = int(sys.argv[1])
class Hook(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "puzzledb.service.cli.commands":
            os.kill(os.getpid(), SIGNUM)
        return None
sys.meta_path.insert(0, Hook())
from puzzledb.service.cli import entry
sys.argv = ["puzzledb", *sys.argv[2:]]
entry.main()
"""

#: The same, the signal sent as the command first writes to stdout (a build: its JSON).
WHILE_SAYING = """
import io, os, signal, sys
SIGNUM = int(sys.argv[1])
class Out(io.TextIOWrapper):
    sent = False
    def write(self, text):
        if not Out.sent:
            Out.sent = True
            os.kill(os.getpid(), SIGNUM)
        return super().write(text)
sys.stdout = Out(sys.stdout.detach(), encoding="utf-8", line_buffering=True)
from puzzledb.service.cli import entry
sys.argv = ["puzzledb", *sys.argv[2:]]
entry.main()
"""


def run(script: str, signum: int, *args) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", script, str(int(signum)), *map(str, args)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


@pytest.mark.parametrize("signum, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_while_the_command_loads_is_one_interrupted_error(tmp_path, signum, status):
    db = tmp_path / "db.sqlite"
    done = run(WHILE_LOADING, signum, "build", "seven", "--json", "--db", db)
    assert done.returncode == status and "Traceback" not in done.stderr, done.stderr[-800:]
    error = json.loads(done.stdout)["error"]
    assert error["code"] == "interrupted" and "nothing was done" in error["message"]
    assert not db.exists()
    text = run(WHILE_LOADING, signum, "path", "eight", "867254301", "--db", db)
    assert text.returncode == status and text.stdout == ""
    assert text.stderr.startswith("error: stopped by ") and "Traceback" not in text.stderr


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_once_the_build_is_stored_still_says_built_and_exits_0(tmp_path, signum):
    db = tmp_path / "db.sqlite"
    done = run(WHILE_SAYING, signum, "build", "seven", "--json", "--db", db)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-800:]
    answer = json.loads(done.stdout)
    assert [b["name"] for b in answer["built"]] == ["seven"]
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM puzzles WHERE name = 'seven'").fetchone() == (1,)
    conn.close()
