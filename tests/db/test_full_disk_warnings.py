"""A build command that fills the disk after it stored a build (issue 28, 6): the file is
left in WAL mode, its -wal holding what was stored, and the operator hears so with --json as
without it (before, the `"warnings"` of the stored build were lost with the error's JSON)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from support.file_systems import small_file_system

pytestmark = pytest.mark.slow  # fills small file systems with builds

PUZZLEDB = Path(sys.executable).with_name("puzzledb")


@pytest.fixture()
def small_disk(tmp_path):
    """A folder on a file system of 1,400 KB (tmpfs: needs root), unmounted after: room for
    a file holding nooff and a build of seven in its -wal (about 0.8 MB), not for seven's
    pages copied back into the file too, nor for eight."""
    with small_file_system(tmp_path / "small", "1400k") as folder:
        yield folder


def build(db: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [PUZZLEDB, "build", *args, "--db", db], capture_output=True, text=True, timeout=300
    )


@pytest.mark.parametrize("as_json", [True, False])
def test_a_full_disk_after_a_stored_build_warns_of_the_wal(small_disk, as_json):
    db = small_disk / "p.sqlite"
    assert build(db, "nooff", "-q").returncode == 0
    out = build(db, "seven", "eight", *(["--json"] if as_json else []))
    assert out.returncode == 1, out.stderr
    assert Path(f"{db}-wal").stat().st_size > 0  # seven is stored, in the -wal
    if as_json:
        answer = json.loads(out.stdout)
        assert answer["error"]["code"] == "database_error"
        assert "stored before it: seven toward 12345670" in answer["error"]["message"]
        [warning] = answer["warnings"]
    else:
        [warning] = [w for w in out.stderr.splitlines() if w.startswith("warning: ")]
        assert out.stderr.splitlines()[-1].startswith("error: cannot build eight")
    assert "seven toward 12345670 is stored, but " in warning
    assert "it stays in WAL mode" in warning and "PRAGMA journal_mode=DELETE" in warning


def test_a_failed_build_into_a_file_left_in_wal_mode_says_so(small_disk):
    """The file in WAL mode already (the case above), a build that then fails leaves it so:
    the error comes with the warning, which before only a stored build gave."""
    db = small_disk / "p.sqlite"
    assert build(db, "nooff", "-q").returncode == 0
    assert build(db, "seven", "eight", "-q").returncode == 1
    out = build(db, "eight", "--json")
    assert out.returncode == 1, out.stderr
    answer = json.loads(out.stdout)
    assert answer["error"]["code"] == "database_error"
    [warning] = answer["warnings"]
    assert warning.startswith("eight toward 123456780 was not stored, but ")
    assert "what was committed before in its -wal" in warning
    out = build(db, "eight")
    assert out.stderr.startswith("warning: eight toward 123456780 was not stored, but ")
