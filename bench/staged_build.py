"""One `puzzledb build` in a process of its own, run as the command runs it (plan, then run),
printing where its time went as one JSON line: bench/references.py times the process.

    python bench/staged_build.py NAME --db FILE [--radius N]
"""

from __future__ import annotations

import argparse
import json

from stages import StageClock  # bench/stages.py

from puzzledb.builder.search.progress import Progress
from puzzledb.service.builds import Silent, plan, run


class Staged(Silent):
    """Silent, but each build's progress is a StageClock, kept to be printed."""

    def __init__(self) -> None:
        self.clocks: list[StageClock] = []

    def progress(self, name: str) -> Progress:
        self.clocks.append(StageClock())
        return self.clocks[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("name")
    parser.add_argument("--db", required=True)
    parser.add_argument("--radius", type=int)
    args = parser.parse_args()
    reporter = Staged()
    outcome = run(plan([args.name], db=args.db, radius=args.radius), reporter)
    clock = reporter.clocks[0]
    stages = {
        name: ended - began for (name, began), (_, ended) in zip(clock.marks, clock.marks[1:])
    }
    print(json.dumps({"built": outcome.built[0], "stages": stages}))


if __name__ == "__main__":
    main()
