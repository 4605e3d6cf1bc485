"""The `puzzledb` command's first code (the console script's entry point).

Ctrl-C or SIGTERM while the command loads (click, the CLI, what the command needs) is an
interruption like any other: one `interrupted` error (a JSON object with --json), exit 130 or
143, nothing done; not a traceback, and not an end with nothing said. Once the CLI has loaded,
its own handling takes over: a build's and `sql`'s, and elsewhere what a signal always does.
"""

from __future__ import annotations

import signal
import sys
from types import FrameType


def main() -> None:
    arrived: list[int] = []

    def note(signum: int, _frame: FrameType | None) -> None:
        if not arrived:
            arrived.append(signum)

    previous = {}
    for signum in (signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(signum) is not signal.SIG_IGN:  # left ignored (nohup) if it is
            previous[signum] = signal.signal(signum, note)
    from .commands import main as command  # the bulk of starting up

    for signum, handler in previous.items():
        signal.signal(signum, handler)
    if arrived:
        from puzzledb.builder.core.errors import Interrupted

        from .options import fail

        how = "Ctrl-C" if arrived[0] == signal.SIGINT else "SIGTERM"
        stop = Interrupted(f"stopped by {how} as the command started; nothing was done", arrived[0])
        fail(stop, as_json="--json" in sys.argv[1:])
    command()
