"""puzzledb as a user runs it, in a process of its own: for tests that send it signals, point
it at FIFOs or give it a full disk for its output."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path


def puzzledb_command() -> list[str]:
    """The console script beside this Python, or the CLI's module where it is not installed."""
    script = Path(sys.executable).parent / "puzzledb"
    return [str(script)] if script.exists() else [sys.executable, "-m", "puzzledb.service.cli"]


@dataclass(frozen=True)
class Measured:
    """A finished process: what it printed, its exit status and its own peak memory."""

    returncode: int
    stdout: str
    stderr: str
    peak_bytes: int


def run_measured(command: list[str], timeout: float) -> Measured:
    """Run `command` to its end and read its peak resident memory from wait4, which names this
    one child: the children's maximum (RUSAGE_CHILDREN) also takes any earlier test's child the
    subprocess module happens to reap meanwhile, and one did (1.5 GB, a test reading 40 MB)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        child = subprocess.Popen(command, stdout=out, stderr=err)
        deadline = time.monotonic() + timeout
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                child.kill()
                os.wait4(child.pid, 0)
                raise subprocess.TimeoutExpired(command, timeout)
            time.sleep(0.05)
        child.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        out.seek(0)
        err.seek(0)
        return Measured(
            child.returncode,
            out.read().decode(),
            err.read().decode(),
            usage.ru_maxrss * 1024,  # kilobytes on Linux
        )
