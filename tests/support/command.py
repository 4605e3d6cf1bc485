"""puzzledb as a user runs it, in a process of its own: for tests that send it signals, point
it at FIFOs or give it a full disk for its output."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path


def puzzledb_command() -> list[str]:
    """The console script beside this Python, or the CLI's module where it is not installed."""
    script = Path(sys.executable).parent / "puzzledb"
    return [str(script)] if script.exists() else [sys.executable, "-m", "puzzledb.service.cli"]


@dataclass(frozen=True)
class Measured:
    """A finished puzzledb command: what it printed, its exit status and its own peak memory."""

    returncode: int
    stdout: str
    stderr: str
    peak_bytes: int


#: Runs the CLI as its console script does, and at its exit (a SystemExit included) writes the
#: process's VmHWM, its peak resident memory, to the file $PUZZLEDB_PEAK_FILE names.
_MEASURED = """
import atexit, os, runpy, sys

def _peak():
    with open("/proc/self/status") as status:
        kb = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    with open(os.environ["PUZZLEDB_PEAK_FILE"], "w") as out:
        out.write(str(kb * 1024))

atexit.register(_peak)
sys.argv = ["puzzledb", *sys.argv[1:]]
runpy.run_module("puzzledb.service.cli", run_name="__main__")
"""


def run_measured(args: list[str], timeout: float) -> Measured:
    """`puzzledb ARGS` to its end, with its peak resident memory as the process itself saw it
    (/proc/self/status's VmHWM, written at its exit). Not getrusage's ru_maxrss (the
    children's, or wait4's, or the child's own): Linux folds into it the peak of the memory
    the child had before its exec, the forking test worker's, and one had grown to 1 GB."""
    with tempfile.TemporaryDirectory() as folder:
        peak_file = Path(folder) / "peak"
        env = {**os.environ, "PUZZLEDB_PEAK_FILE": str(peak_file)}
        done = subprocess.run(
            [sys.executable, "-c", _MEASURED, *args],
            capture_output=True,
            text=True,
            timeout=timeout,
            env=env,
        )
        return Measured(
            done.returncode, done.stdout, done.stderr, int(peak_file.read_text() or "0")
        )
