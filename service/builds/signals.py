"""Ctrl-C and SIGTERM during a build or a removal: raised where the work is, so its transaction
rolls back, except while it commits, so that what is said stored is exactly what was."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from types import FrameType
from typing import NoReturn

from puzzledb.builder.search.progress import Progress

#: What signal.signal gives back: the handler a build's own replaced.
_Handler = Callable[[int, FrameType | None], object] | int | None


class BuildInterrupted(KeyboardInterrupt):
    """SIGINT or SIGTERM during a build, raised where the build was, so its transaction rolls
    back exactly as on Ctrl-C."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


class BuildSignals:
    """SIGINT and SIGTERM during a build become BuildInterrupted where the build is (its
    transaction rolls back), except while a build commits: from then until the command has
    recorded it as stored they wait, so the message names exactly the builds stored."""

    def __init__(self) -> None:
        self.held = False
        self.pending: int | None = None
        self.previous: dict[int, _Handler] = {}
        self.arrived: int | None = None  # the first signal, once one has been raised

    def __enter__(self) -> BuildSignals:
        if threading.current_thread() is threading.main_thread():
            for signum in (signal.SIGINT, signal.SIGTERM):
                if signal.getsignal(signum) is not signal.SIG_IGN:
                    self.previous[signum] = signal.signal(signum, self._arrived)
        return self

    def __exit__(self, *exc_info: object) -> None:
        for signum, handler in self.previous.items():
            signal.signal(signum, handler)

    def _arrived(self, signum: int, frame: FrameType | None) -> None:
        if self.held:
            self.pending = signum
        else:
            self._raise(signum)

    def _raise(self, signum: int) -> NoReturn:
        if self.arrived is None:
            self.arrived = signum
        raise BuildInterrupted(signum)

    def hold(self) -> None:
        self.held = True

    def release(self) -> None:
        self.held, pending, self.pending = False, self.pending, None
        if pending is not None:
            self._raise(pending)


class HoldsCommit(Progress):
    """The build's progress display, which also holds signals back from the store's
    "committing" stage (its last statements and COMMIT) until the build is recorded."""

    def __init__(self, shown_to: Progress, signals: BuildSignals):
        self.shown_to, self.signals = shown_to, signals

    def layer(self, depth: int, states: int) -> None:
        self.shown_to.layer(depth, states)

    def stage(self, name: str) -> None:
        if name == "committing":
            self.signals.hold()
        self.shown_to.stage(name)

    def waiting(self, message: str) -> None:
        self.shown_to.waiting(message)

    def rows(self, written: int, total: int) -> None:
        self.shown_to.rows(written, total)

    def done(self) -> None:
        self.shown_to.done()


def stored_whatever_comes() -> None:
    """Every build is stored: Ctrl-C or SIGTERM from here on changes nothing, so the command
    still says what it built and exits 0 (once, a signal at this point ended it with the
    signal's status, as if nothing had been stored). For a command about to end: it makes the
    process deaf to both signals."""
    if threading.current_thread() is threading.main_thread():
        for signum in (signal.SIGINT, signal.SIGTERM):
            if signal.getsignal(signum) is not signal.SIG_IGN:
                signal.signal(signum, lambda _signum, _frame: None)
