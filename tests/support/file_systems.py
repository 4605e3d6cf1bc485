"""A small file system, mounted for a test: where a build meets a full disk for real."""

from __future__ import annotations

import contextlib
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
