"""The test suite cleans up after itself: nothing it makes is left in the temporary folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

TREE = Path(__file__).resolve().parents[2]


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_the_read_only_tests_leave_no_folder_behind(tmp_path):
    """tests/db/test_read_only.py makes a folder of its own (puzzledb-path-*) when imported: a
    pytest run that only collects it must remove it too."""
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/db/test_read_only.py",
        ],
        cwd=TREE,
        env={**os.environ, "TMPDIR": str(scratch)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "test_every_read_command_works_where_the_reader_cannot_write" in result.stdout
    left = sorted(p.name for p in scratch.iterdir() if p.name.startswith("puzzledb-"))
    assert left == []
    assert TREE.is_dir() and (TREE / "README.md").is_file()  # the link went, not the tree
