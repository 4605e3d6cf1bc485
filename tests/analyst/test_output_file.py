"""--output files: replaced whole or not at all, and why that is ours rather than click's."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import click
import pytest
from support.stops import stop_while_writing

ROOT = Path(__file__).parents[2]


def test_click_atomic_open_replaces_the_target_even_when_the_write_fails(tmp_path):
    """The measured reason service/cli/output_file.py is not click.open_file(atomic=True): a failure
    inside its block still renames the partial file over the target. When this test fails,
    click discards on failure; switch to it (keeping the pass-through for devices and links)."""
    target = tmp_path / "out.csv"
    target.write_text("the old, complete file\n")
    with pytest.raises(RuntimeError), click.open_file(target, "w", atomic=True) as out:
        out.write("half of the new")
        raise RuntimeError("the export failed here")
    assert target.read_text() == "half of the new"  # the old file is gone
    assert [p.name for p in tmp_path.iterdir()] == ["out.csv"]


def test_click_atomic_open_replaces_a_fifo_with_a_regular_file(tmp_path):
    """The other reason: written through click's atomic mode, a FIFO (or, as root, /dev/null)
    is renamed over; ours writes through it (a device or a link: the last test here)."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with click.open_file(fifo, "w", atomic=True) as out:
        out.write("rows")
    assert fifo.is_file() and not fifo.is_fifo()


def test_a_failed_write_keeps_the_old_file_and_leaves_nothing(tmp_path):
    from puzzledb.service.cli import output_file

    target = tmp_path / "out.csv"
    target.write_text("the old, complete file\n")
    with pytest.raises(RuntimeError), output_file.replacing(str(target)) as out:
        out.write("half of the new")
        raise RuntimeError("the export failed here")
    assert target.read_text() == "the old, complete file\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.csv"]


def test_a_replaced_file_keeps_its_mode(cli, seed_db, tmp_path):
    target = tmp_path / "seven.csv"
    target.write_text("old\n")
    target.chmod(0o640)
    assert cli("export", "seven", "--output", target, "--db", seed_db).exit_code == 0
    assert target.read_text().startswith("state,depth")
    assert target.stat().st_mode & 0o777 == 0o640


def _export_child(seed_db, target: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "puzzledb.service.cli", "export", "atama", "--goal"]
        + ["ソウアイ*タタノマ", *extra, "--output", str(target), "--db", str(seed_db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )


@pytest.mark.parametrize("signum, status", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_an_export_stopped_part_way_leaves_the_old_file_and_nothing_else(
    seed_db, tmp_path, signum, status
):
    target = tmp_path / "atama.jsonl"
    target.write_text("the old, complete file\n")
    child = _export_child(seed_db, target, "--format", "jsonl")
    returned, stderr = stop_while_writing(child, tmp_path, {"atama.jsonl"}, signum)
    assert returned == status, stderr
    assert "Traceback" not in stderr and "was not written" in stderr
    assert target.read_text() == "the old, complete file\n"
    assert [p.name for p in tmp_path.iterdir()] == ["atama.jsonl"]


@pytest.mark.parametrize("fmt", ["csv", "parquet"])
@pytest.mark.parametrize(
    "where", ["under a file", "a name too long"], ids=["under_a_file", "name_too_long"]
)
def test_an_output_the_system_refuses_is_cannot_write_not_a_database_error(
    cli, seed_db, tmp_path, fmt, where
):
    """A path under a regular file (ENOTDIR) or a name longer than the system takes
    (ENAMETOOLONG) is the output's fault: `cannot_write`, exit 2, as a missing folder is. It
    was `database_error`, exit 1: cleaning up the partial file (or probing the name) raised
    past the handler that says what went wrong."""
    (tmp_path / "afile").write_text("a file, not a folder\n")
    output = tmp_path / "afile" / "x" if where == "under a file" else tmp_path / ("x" * 300)
    result = cli("export", "seven", "--format", fmt, "--output", output, "--db", seed_db, "--json")
    assert result.exit_code == 2, result.stdout
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "cannot_write"
    assert error["message"].startswith("cannot write ")
    assert (tmp_path / "afile").read_text() == "a file, not a folder\n"


def test_a_partial_file_that_cannot_be_removed_does_not_hide_the_write_error(tmp_path):
    """The clean-up after a failed write must not raise an error of its own in its place."""
    from puzzledb.service.cli import output_file
    from puzzledb.service.errors import CannotWrite

    (tmp_path / "afile").write_text("")
    target = str(tmp_path / "afile" / "x")
    with pytest.raises(CannotWrite, match="Not a directory"), output_file.replacing(target) as out:
        out.write("rows")


def test_a_stop_just_after_the_partial_folder_is_made_leaves_nothing(tmp_path, monkeypatch):
    """Ctrl-C or SIGTERM can land the moment the partial folder of a partitioned export exists,
    before any write: it is removed all the same (test_parquet's SIGTERM test, which stops the
    export when the folder appears, left `.atama.xxxx` behind now and then)."""
    from puzzledb.builder.core.errors import Interrupted
    from puzzledb.service.cli import output_file

    made = os.mkdir

    def mkdir_then_stopped(path, *args, **kwargs):
        made(path, *args, **kwargs)
        raise KeyboardInterrupt  # as the signal handler raises it, once the folder is there

    target = tmp_path / "export"
    monkeypatch.setattr(os, "mkdir", mkdir_then_stopped)
    with pytest.raises(Interrupted), output_file.replacing_folder(str(target), lambda p: True):
        pass
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("output, words", [("", "empty name"), (".", "a folder")])
def test_export_to_an_empty_name_or_a_folder_is_cannot_write(cli, seed_db, tmp_path, output, words):
    """`export --output` with an empty name or a folder (found in review as tracebacks) is
    refused with exit 2 and writes nothing."""
    result = cli("export", "nooff", "--output", output, "--db", seed_db)
    assert result.exit_code == 2 and words in result.stderr
    assert "Traceback" not in result.output
    folder = cli("export", "nooff", "--output", tmp_path, "--db", seed_db)
    assert folder.exit_code == 2 and "a folder" in folder.stderr
    assert list(tmp_path.iterdir()) == []


def test_export_writes_through_a_device_or_a_link_instead_of_replacing_it(cli, seed_db, tmp_path):
    """`export --output` writes through a symbolic link or a device (/dev/null) instead of
    replacing it with a regular file."""
    real, link = tmp_path / "real.csv", tmp_path / "link.csv"
    link.symlink_to(real)
    assert cli("export", "nooff", "--output", link, "--db", seed_db).exit_code == 0
    assert link.is_symlink() and len(real.read_text().splitlines()) == 541
    assert cli("export", "nooff", "--output", os.devnull, "--db", seed_db).exit_code == 0
    assert Path(os.devnull).is_char_device()
