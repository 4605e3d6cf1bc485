"""A command stopped by a signal while it writes a file: what the tests of --output and of
the Parquet export do to it."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path


def stop_while_writing(child: subprocess.Popen, folder: Path, before: set[str], signum: int):
    """`signum` to `child` once it has started writing a new file in `folder` (frozen with
    SIGSTOP meanwhile, so it cannot finish first); returns (exit status, stderr)."""
    deadline = time.monotonic() + 60
    while child.poll() is None and time.monotonic() < deadline:
        if {p.name for p in folder.iterdir()} - before:
            break
        time.sleep(0.002)
    os.kill(child.pid, signal.SIGSTOP)
    try:
        assert child.poll() is None, "the export ended before it could be stopped"
        os.kill(child.pid, signum)
    finally:
        os.kill(child.pid, signal.SIGCONT)
    _, stderr = child.communicate(timeout=60)
    return child.returncode, stderr
