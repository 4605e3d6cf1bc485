"""`state_key(puzzle, goal, state)`: the key a build stores a state's row under, as an SQL
function, so that a question by state reads a build of classes by its key.

The `states` view shows every image of a build of classes' stored rows, and SQLite cannot turn
`state = ?` on an image back into the node table's key: it reads the whole build. Its
`stored` column is that key, and `stored = state_key('english', '', ?)` is a condition SQLite
pushes into every arm of the view as one key lookup (a deterministic function of constants is
a constant to it; a subquery is not). `puzzledb sql` and Datasette (through the plugin in
service.analyst) register it; plain `sqlite3` computes the same key with SQL (docs/sql.md).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable

from puzzledb.builder.symmetry.images import representative

#: What an SQL function may take and give back here.
SQLValue = str | int | float | bytes | None

#: Each build's symmetries, as `takes` lists (db.schema), with its puzzle's default goal.
_BUILDS = """SELECT p.name, p.goal, p.goal = json_extract(p.definition, '$.goal'),
  (SELECT json_group_array(json(s.takes)) FROM
    (SELECT takes FROM symmetries WHERE puzzle_id = p.id ORDER BY symmetry) AS s)
FROM puzzles AS p ORDER BY p.id"""


def least_image(state: str, symmetries: list[tuple[int, ...]]) -> str:
    """The row a build of classes stores for `state`: its least image; the state itself
    where there are no symmetries or it has not the board's length (no row then)."""
    if not symmetries or any(len(takes) != len(state) for takes in symmetries):
        return state
    return representative(state, symmetries)[0]


class _Keys:
    """The function's state: each build's symmetries, read from the file once, at the first
    call (a build's symmetries are its board's and goal's, the same after a rebuild)."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self.builds: dict[tuple[str, str], list[tuple[int, ...]]] | None = None
        self.defaults: dict[str, str] = {}

    def read(self) -> dict[tuple[str, str], list[tuple[int, ...]]]:
        builds: dict[tuple[str, str], list[tuple[int, ...]]] = {}
        try:
            rows = self.conn.execute(_BUILDS).fetchall()
        except sqlite3.Error:  # not a puzzledb file (Datasette registers it on every one)
            rows = []
        for name, goal, is_default, takes in rows:
            builds[(name, goal)] = [tuple(t) for t in json.loads(takes)] if takes else []
            if is_default:
                self.defaults[name] = goal
            else:
                self.defaults.setdefault(name, goal)
        return builds

    def __call__(self, puzzle: object, goal: object, state: SQLValue) -> SQLValue:
        if not isinstance(state, str) or not isinstance(puzzle, str):
            return state
        if self.builds is None:
            self.builds = self.read()
        aim = goal if isinstance(goal, str) and goal else self.defaults.get(puzzle, "")
        return least_image(state, self.builds.get((puzzle, aim), []))


def register(conn: sqlite3.Connection) -> Callable[..., SQLValue]:
    """Make `state_key(puzzle, goal, state)` callable in SQL on `conn`; goal '' (or NULL)
    names the puzzle's default goal (else its first build), as the canned queries do."""
    keys = _Keys(conn)
    conn.create_function("state_key", 3, keys, deterministic=True)
    return keys
