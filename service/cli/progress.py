"""A one-line progress display for long builds, redrawn in place on a terminal."""

from __future__ import annotations

import sys
import time
from typing import TextIO

from puzzledb.builder.search.progress import Progress


class TerminalProgress(Progress):
    """Layer, states so far, rate and elapsed time; at most ten redraws a second."""

    def __init__(self, label: str, stream: TextIO | None = None) -> None:
        self.label, self.stream = label, stream or sys.stderr
        self.started = time.perf_counter()
        self.last = 0.0
        self.width = 0

    def _draw(self, text: str, force: bool = False) -> None:
        now = time.perf_counter()
        if not force and now - self.last < 0.1:
            return
        self.last = now
        line = f"{self.label}: {text}, {_clock(now - self.started)}"
        self.stream.write("\r" + line.ljust(self.width))
        self.stream.flush()
        self.width = len(line)

    def layer(self, depth: int, states: int) -> None:
        rate = states / max(time.perf_counter() - self.started, 1e-9)
        self._draw(f"searching, depth {depth}, {states:,} states, {_rate(rate)} states/s")

    def stage(self, name: str) -> None:
        self._draw(name, force=True)

    def waiting(self, message: str) -> None:
        self._draw(message, force=True)

    def rows(self, written: int, total: int) -> None:
        percent = 100 * written // max(total, 1)
        self._draw(f"storing {written:,} of {total:,} rows ({percent}%)", written == total)

    def done(self) -> None:
        self.stream.write("\r" + " " * self.width + "\r")
        self.stream.flush()


def _clock(seconds: float) -> str:
    minutes, seconds = divmod(int(seconds), 60)
    return f"{minutes:02d}:{seconds:02d} elapsed"


def _rate(per_second: float) -> str:
    return f"{per_second / 1e6:.1f} M" if per_second >= 1e6 else f"{per_second:,.0f}"


class Waits(Progress):
    """Where stderr is no terminal (a log): only what the build waits for, a line each."""

    def __init__(self, label: str, stream: TextIO | None = None) -> None:
        self.label, self.stream = label, stream or sys.stderr

    def waiting(self, message: str) -> None:
        self.stream.write(f"{self.label}: {message}\n")
        self.stream.flush()


def for_build(label: str, quiet: bool, stream: TextIO | None = None) -> Progress:
    """A terminal display when stderr is a terminal and not --quiet; else, unless --quiet,
    a line when the build waits; silence with --quiet."""
    stream = stream or sys.stderr
    if quiet:
        return Progress()
    if not stream.isatty():
        return Waits(label, stream)
    return TerminalProgress(label, stream)
