"""Build: one row of `puzzles`, as every reader holds it.

Its annotations are evaluated (no `from __future__ import annotations`): a NamedTuple compiles
each annotation written as text, and a build has 21 fields (0.3 ms of every lookup's start).
"""

import json
from functools import lru_cache
from typing import NamedTuple


class Build(NamedTuple):
    """One row of `puzzles`: a puzzle searched completely from one goal. (A NamedTuple, not a
    frozen dataclass: one of those costs a lookup ~1 ms to create, on every start.)"""

    id: int
    name: str
    goal: str
    title: str
    kind: str
    rows: int
    cols: int
    states: int
    max_depth: int
    radius: int | None
    built_at: str
    build_seconds: float
    node_table: str
    stores_pred: bool
    #: the definition as stored (JSON text): `definition` is it read. Compared as text: what
    #: is kept per build (db.kept) is the same for builds that compare equal, and two boards
    #: built in the same second with every other column alike (a test's boards) must not
    #: compare equal
    stored_definition: str
    max_solutions: int = 1  # the most optimal solutions any state has
    max_solutions_states: int = 1  # how many states have that many
    #: a build of classes (db.schema) stores this many rows, one per class of symmetric
    #: states; None: a row per state
    classes: int | None = None
    #: when the search began and when the build committed (UTC, ISO 8601; built_at is when
    #: storing began); None in a build from before they were kept
    started_at: str | None = None
    finished_at: str | None = None
    #: its moves flip cells (a peg's jump) rather than swap two: read from its `moves` rows
    #: (db.schema.FLIPS), so a build says how its pred is derived whatever its kind
    flips: bool = False

    @property
    def definition(self) -> dict:
        """The definition the build was made from (builder.definition's format), read."""
        return _definition(self.stored_definition)


@lru_cache(maxsize=1024)
def _definition(text: str) -> dict:
    return json.loads(text)  # type: ignore[no-any-return]
