"""File systems as tests meet them: a small one mounted where a build meets a full disk for real,
and whether one cuts a range out of a file (the page writer moves its upper half so)."""

from __future__ import annotations

import contextlib
import os
import subprocess
from pathlib import Path

import pytest


@contextlib.contextmanager
def small_file_system(folder: Path, size: str):
    """`folder` made a file system of `size` (a tmpfs, `1M`; mounting needs root), unmounted
    after: where a build meets a full disk for real."""
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", folder], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {mounted.stderr!r}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", folder], check=True)


def counted_collapses(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """What each attempt of the page writer to collapse the child's gap returns from now on
    (True: the file system did it)."""
    from puzzledb.db.pages import ranges

    done: list[bool] = []
    real = ranges.collapse

    def counted(*args):
        done.append(real(*args))
        return done[-1]

    monkeypatch.setattr(ranges, "collapse", counted)
    return done


def collapsible(folder: Path) -> bool:
    """Whether the file system of `folder` cuts a 64 KiB range out of a file (ext4, XFS)."""
    from puzzledb.db.pages import ranges

    probe = folder / "probe"
    probe.write_bytes(bytes(3 << 16))
    fd = os.open(probe, os.O_RDWR)
    try:
        done = ranges.collapse(fd, 1 << 16, 1 << 16)
        assert os.fstat(fd).st_size == (2 << 16 if done else 3 << 16)
        return done
    finally:
        os.close(fd)
        probe.unlink()
