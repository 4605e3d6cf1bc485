"""Reading a build of classes (db.schema): it stores one state of each class of symmetric
states, the least of its images, and answers every state through the symmetry that takes it
there (builder.symmetry.images). db.queries asks here when a build has `classes`.

A state's own row is its class's stored row: the same depth and solutions; its move is the
stored move seen through the symmetry back (move_images). A path walks one state at a time,
each step one indexed lookup; a page of a depth lists classes in stored order, each class's
distinct images in text order.
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from dataclasses import dataclass
from functools import cached_property
from operator import itemgetter
from sqlite3 import Connection, OperationalError
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from puzzledb.builder.symmetry.images import Symmetry

from .kept import PerBuild


class Build(Hashable, Protocol):
    """What is read here of a db.queries.Build (which imports this module)."""

    @property
    def id(self) -> int: ...

    @property
    def max_depth(self) -> int: ...


@dataclass(frozen=True)
class Classes:
    """What a build of classes needs to show any state: read once per build."""

    takes: list[Symmetry]  # takes[k]: symmetry k (hole i of the image is hole takes[k][i])
    undo: list[int]  # undo[k]: the symmetry that undoes symmetry k
    move_images: list[list[int]]  # move_images[k][code]: the move seen through symmetry k
    flips: dict[int, tuple[int, ...]]  # code -> the holes its move flips (a jump, a chain)
    images_of: dict[int, list[int]]  # fixed -> the symmetries giving distinct images

    @cached_property
    def _getters(self) -> list[itemgetter]:
        return [itemgetter(*t) for t in self.takes]

    def representative(self, state: str) -> tuple[str, int]:
        """builder.symmetry.images.representative, with each image made by one itemgetter
        (a path makes 8 images at each of its steps)."""
        images = ["".join(get(state)) for get in self._getters]
        best = min(images)
        return best, images.index(best)

    def images(self, state: str, fixed: int) -> list[str]:
        """A stored state's distinct images, in text order (the state itself first)."""
        return sorted("".join(self._getters[k](state)) for k in self.images_of[fixed])

    def size_sql(self, column: str) -> str:
        """SQL for how many states a stored state's class holds, from its `fixed` column."""
        whens = " ".join(f"WHEN {int(f)} THEN {len(k)}" for f, k in self.images_of.items())
        return f"(CASE {column} {whens} END)"


#: Builds whose symmetries are kept in memory, the most recently used (db.kept).
KEPT = 64
_kept: PerBuild[Build, Classes] = PerBuild(KEPT, lambda conn, build: _read(conn, build.id))


def classes_of(conn: Connection, build: Build) -> Classes:
    return _kept.get(conn, build)


def move_flips(conn: Connection, build_id: int) -> dict[int, tuple[int, ...]]:
    """Move code -> the holes a peg build's move flips, which turn a state into its pred and
    back: those its `flipped` marks (a chain of jumps), else cell_a < cell_b < cell_c (a
    jump). A file from before `flipped` (schema 6) has jumps only."""
    select = "SELECT code, cell_a, cell_b, cell_c, {} FROM moves WHERE puzzle_id = ?"
    try:
        rows = conn.execute(select.format("flipped"), (build_id,)).fetchall()
    except OperationalError as error:
        if "no such column" not in str(error):
            raise
        rows = conn.execute(select.format("NULL"), (build_id,)).fetchall()
    return {
        code: (a, b, c) if marks is None else tuple(i for i, m in enumerate(marks) if m == "1")
        for code, a, b, c, marks in rows
    }


def _read(conn: Connection, build_id: int) -> Classes:
    takes = [
        tuple(json.loads(t))
        for (t,) in conn.execute(
            "SELECT takes FROM symmetries WHERE puzzle_id = ? ORDER BY symmetry", (build_id,)
        )
    ]
    index = {t: k for k, t in enumerate(takes)}
    undo = []
    for t in takes:
        back = [0] * len(t)
        for there, hole in enumerate(t):
            back[hole] = there
        undo.append(index[tuple(back)])
    move_images: list[list[int]] = [[] for _ in takes]
    for k, seen in conn.execute(
        "SELECT symmetry, image FROM move_images WHERE puzzle_id = ? ORDER BY symmetry, code",
        (build_id,),
    ):
        move_images[k].append(seen)
    flips = move_flips(conn, build_id)
    images_of: dict[int, list[int]] = {}
    for fixed, k in conn.execute(
        "SELECT fixed, symmetry FROM class_images WHERE puzzle_id = ? ORDER BY fixed, symmetry",
        (build_id,),
    ):
        images_of.setdefault(fixed, []).append(k)
    return Classes(takes, undo, move_images, flips, images_of)


def rows_of(conn: Connection, build: Build, table: str, states: list[str]) -> dict:
    """(depth, raw solutions) of each of `states` whose class the build holds."""
    found = classes_of(conn, build)
    stored = {state: found.representative(state)[0] for state in states}
    wanted = sorted(set(stored.values()))
    marks = ", ".join("?" * len(wanted))
    rows = conn.execute(
        f"SELECT state, depth, solutions FROM {table} WHERE state IN ({marks})", wanted
    )
    by_stored = {state: (depth, solutions) for state, depth, solutions in rows}
    return {state: by_stored[rep] for state, rep in stored.items() if rep in by_stored}


def walk(
    conn: Connection, build: Build, table: str, state: str, labels: dict[int, str]
) -> tuple[list[tuple[str, str | None]], int | str | None]:
    """([(state, move words)] from `state` to the goal, [] if its class is not held; and its
    raw solution count): each step looks up the class of the state it stands on."""
    found = classes_of(conn, build)
    steps: list[tuple[str, str | None]] = []
    solutions = None
    here = state
    for _ in range(build.max_depth + 1):
        rep, k = found.representative(here)
        row = conn.execute(f"SELECT move, solutions FROM {table} WHERE state = ?", (rep,))
        hit = row.fetchone()
        if hit is None:
            return [], None  # only ever the first step: every pred is held
        move, count = hit
        if solutions is None:
            solutions = count
        if move is None:
            steps.append((here, None))
            break
        code = found.move_images[found.undo[k]][move]
        steps.append((here, labels[code]))
        cells = list(here)
        for hole in found.flips[code]:
            cells[hole] = "1" if cells[hole] == "0" else "0"
        here = "".join(cells)
    return steps, solutions


def page(
    conn: Connection,
    build: Build,
    table: str,
    depth: int,
    limit: int,
    offset: int = 0,
    after: str | None = None,
) -> list[str]:
    """A page of the states at `depth`: classes in stored order, each class's images in text
    order; `offset` states skipped (summing class sizes in SQL), or those after `after`."""
    found = classes_of(conn, build)
    out: list[str] = []
    if after is not None:
        rep = found.representative(after)[0]
        rows = conn.execute(
            f"SELECT state, fixed FROM {table} WHERE depth = ? AND state >= ? ORDER BY state "
            f"LIMIT ?",
            (depth, rep, limit + 1),
        )
        for state, fixed in rows:
            images = found.images(state, fixed)
            out += [s for s in images if s > after] if state == rep else images
            if len(out) >= limit:
                break
        return out[:limit]
    rows = conn.execute(
        f"SELECT state, fixed, ahead FROM (SELECT state, fixed, "
        f"sum({found.size_sql('fixed')}) OVER (ORDER BY state ROWS UNBOUNDED PRECEDING) AS ahead "
        f"FROM {table} WHERE depth = ?) WHERE ahead > ? LIMIT ?",
        (depth, offset, limit + 1),
    )
    for state, fixed, ahead in rows:
        images = found.images(state, fixed)
        skip = max(0, offset - (ahead - len(images)))
        out += images[skip:]
        if len(out) >= limit:
            break
    return out[:limit]
