"""`puzzledb.build(...)`: `puzzledb build` from Python, its options as keywords (the plan and
the run of service.builds), its progress handed to a callback as it goes."""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from puzzledb.builder.search.progress import Progress
from puzzledb.db.connection import resolve_path

from ..builds import Silent, plan, run


@dataclass(frozen=True)
class BuildStep:
    """What a build reports as it goes: `event` is "layer" (the search finished `depth`,
    `states` found so far), "stage" (a step such as "indexing depths", in `message`), "rows"
    (`written` of `total` rows stored), "waiting" (for another build of the file, `message`)
    or "done" (committed)."""

    puzzle: str
    event: str
    depth: int | None = None
    states: int | None = None
    written: int | None = None
    total: int | None = None
    message: str | None = None


Callback = Callable[[BuildStep], None]


class _Told(Progress):
    def __init__(self, puzzle: str, callback: Callback):
        self.puzzle, self.callback = puzzle, callback

    def layer(self, depth: int, states: int) -> None:
        self.callback(BuildStep(self.puzzle, "layer", depth=depth, states=states))

    def stage(self, name: str) -> None:
        self.callback(BuildStep(self.puzzle, "stage", message=name))

    def waiting(self, message: str) -> None:
        self.callback(BuildStep(self.puzzle, "waiting", message=message))

    def rows(self, written: int, total: int) -> None:
        self.callback(BuildStep(self.puzzle, "rows", written=written, total=total))

    def done(self) -> None:
        self.callback(BuildStep(self.puzzle, "done"))


class _Reporter(Silent):
    def __init__(self, callback: Callback | None):
        self.callback = callback

    def progress(self, name: str) -> Progress:
        return Progress() if self.callback is None else _Told(name, self.callback)


def build(
    names: str | Sequence[str] = (),
    *,
    db: str | os.PathLike[str] | None = None,
    progress: Callback | None = None,
    **options: Any,
) -> list[dict[str, Any]]:
    """Build `names` into the file `db` (None: $PUZZLEDB_DB, else puzzledb.sqlite), as
    `puzzledb build` does, each of its options a keyword (goal=, all_goals=, radius=,
    definition= for --file, tws=, moves=, build_all= for --all, ...): what it stored, as
    `build --json` lists it under `built`. Raises what the command reports (MalformedInput,
    UnknownPuzzle, TooLarge, Interrupted, DatabaseFault, ...), before anything is written
    where the question itself is wrong. What the operator must hear of a stored build (its
    file left in WAL mode) comes as a RuntimeWarning."""
    path = resolve_path(None if db is None else os.fsdecode(db))
    outcome = run(plan(names, db=path, **options), _Reporter(progress))
    for text in outcome.warnings:
        warnings.warn(text, RuntimeWarning, stacklevel=2)
    return outcome.built
