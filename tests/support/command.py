"""puzzledb as a user runs it, in a process of its own: for tests that send it signals, point
it at FIFOs or give it a full disk for its output."""

from __future__ import annotations

import sys
from pathlib import Path


def puzzledb_command() -> list[str]:
    """The console script beside this Python, or the CLI's module where it is not installed."""
    script = Path(sys.executable).parent / "puzzledb"
    return [str(script)] if script.exists() else [sys.executable, "-m", "puzzledb.service.cli"]
