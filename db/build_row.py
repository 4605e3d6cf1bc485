"""Build: one row of `puzzles`, as every reader holds it.

Its annotations are evaluated (no `from __future__ import annotations`): a NamedTuple compiles
each annotation written as text, and a build has 21 fields (0.3 ms of every lookup's start).
"""

import json
from functools import lru_cache
from typing import NamedTuple

#: What a build's moves flip (db.schema.FLIPS): nothing (they swap or rewrite), three cells (a
#: jump: cell_a < cell_b < cell_c), or the holes `flipped` marks (a chain of jumps).
FLIPS_NONE, FLIPS_THREE, FLIPS_MARKED = 0, 1, 2


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
    #: what its moves flip (a peg's jump: three cells; a chain: the holes `flipped` marks)
    #: rather than swap two, FLIPS_* above: read from its `moves` rows (db.schema.FLIPS),
    #: so a build says how its pred is derived whatever its kind
    flips: int = 0

    @property
    def names_moves_by_rules(self) -> bool:
        """Whether a path's moves are named by the puzzle's rules rather than as stored: in a
        build of classes whose moves mark the holes they flip (chains), a stored chain seen
        through a symmetry reaches the right position but may not be the one the rules name
        for it (a loop of jumps run the other way round)."""
        return self.classes is not None and self.flips == FLIPS_MARKED

    @property
    def definition(self) -> dict:
        """The definition the build was made from (builder.definition's format), read."""
        return _definition(self.stored_definition)


@lru_cache(maxsize=1024)
def _definition(text: str) -> dict:
    return json.loads(text)  # type: ignore[no-any-return]
