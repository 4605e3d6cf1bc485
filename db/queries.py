"""Every read puzzledb makes: one query layer for the CLI, the HTTP service and the page.

All answers are index lookups over a finished build; nothing searches at query time. A path
is one recursive SQL statement that follows predecessors from the state to the goal.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache

from sqlalchemy import Connection, TextClause, bindparam, text

from . import schema

BUILD_COLUMNS = (
    "id, name, goal, title, kind, rows, cols, states, max_depth, built_at, build_seconds, "
    "node_table, stores_pred, definition"
)


@dataclass(frozen=True)
class Build:
    """One row of `puzzles`: a puzzle searched completely from one goal."""

    id: int
    name: str
    goal: str
    title: str
    kind: str
    rows: int
    cols: int
    states: int
    max_depth: int
    built_at: str
    build_seconds: float
    node_table: str
    stores_pred: bool
    definition: dict = field(hash=False, compare=False)

    def summary(self) -> dict:
        return {
            "goal": self.goal,
            "states": self.states,
            "max_depth": self.max_depth,
            "built_at": self.built_at,
            "build_seconds": self.build_seconds,
        }


def _build(row) -> Build:
    values = dict(row._mapping)
    values["stores_pred"] = bool(values["stores_pred"])
    values["definition"] = json.loads(values["definition"])
    return Build(**values)


def has_schema(conn: Connection) -> bool:
    found = conn.execute(
        text("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'puzzles'")
    ).first()
    return found is not None


def all_builds(conn: Connection) -> list[Build]:
    if not has_schema(conn):
        return []
    rows = conn.execute(text(f"SELECT {BUILD_COLUMNS} FROM puzzles ORDER BY name, id"))
    return [_build(r) for r in rows]


def builds_of(conn: Connection, name: str) -> list[Build]:
    if not has_schema(conn):
        return []
    rows = conn.execute(
        text(f"SELECT {BUILD_COLUMNS} FROM puzzles WHERE name = :name ORDER BY id"),
        {"name": name},
    )
    return [_build(r) for r in rows]


def find_build(conn: Connection, name: str, goal: str) -> Build | None:
    if not has_schema(conn):
        return None
    row = conn.execute(
        text(f"SELECT {BUILD_COLUMNS} FROM puzzles WHERE name = :name AND goal = :goal"),
        {"name": name, "goal": goal},
    ).first()
    return _build(row) if row else None


@lru_cache(maxsize=256)
def _path_sql(table: str, build_id: int, stores_pred: bool) -> TextClause:
    pred = schema.pred_expression("n", "m", stores_pred)
    return text(
        f"""WITH RECURSIVE walk(step, state, depth, pred, move) AS (
            SELECT 0, n.state, n.depth, {pred}, m.label
            FROM {table} AS n LEFT JOIN moves AS m ON m.puzzle_id = {build_id} AND m.code = n.move
            WHERE n.state = :state
          UNION ALL
            SELECT walk.step + 1, n.state, n.depth, {pred}, m.label
            FROM walk
            JOIN {table} AS n ON n.state = walk.pred
            LEFT JOIN moves AS m ON m.puzzle_id = {build_id} AND m.code = n.move
            WHERE walk.step < :limit
        )
        SELECT state, depth, move FROM walk ORDER BY step"""
    )


def path(conn: Connection, build: Build, state: str) -> list[tuple[str, int, str | None]]:
    """[(state, depth, move made from it)] from `state` to the goal; [] if it is not stored."""
    sql = _path_sql(build.node_table, build.id, build.stores_pred)
    return [tuple(r) for r in conn.execute(sql, {"state": state, "limit": build.max_depth})]


@lru_cache(maxsize=256)
def _lookup_sql(table: str) -> TextClause:
    return text(f"SELECT state, depth FROM {table} WHERE state IN :states").bindparams(
        bindparam("states", expanding=True)
    )


def depths_of(conn: Connection, build: Build, states: list[str]) -> dict[str, int]:
    """Depth of each of `states` that the build holds (one indexed lookup each)."""
    if not states:
        return {}
    rows = conn.execute(_lookup_sql(build.node_table), {"states": list(states)})
    return {state: depth for state, depth in rows}


@lru_cache(maxsize=256)
def _page_sql(table: str) -> TextClause:
    return text(
        f"SELECT state FROM {table} WHERE depth = :depth ORDER BY state LIMIT :limit OFFSET :offset"
    )


def states_at_depth(
    conn: Connection, build: Build, depth: int, limit: int, offset: int = 0
) -> list[str]:
    """A page of the states `depth` moves from the goal, in state order (index range scan)."""
    rows = conn.execute(
        _page_sql(build.node_table), {"depth": depth, "limit": limit, "offset": offset}
    )
    return [r[0] for r in rows]


def histogram(conn: Connection, build: Build) -> list[int]:
    rows = conn.execute(
        text("SELECT depth, states FROM layers WHERE puzzle_id = :id ORDER BY depth"),
        {"id": build.id},
    )
    return [n for _, n in rows]


def count_at_depth(conn: Connection, build: Build, depth: int) -> int:
    found = conn.execute(
        text("SELECT states FROM layers WHERE puzzle_id = :id AND depth = :depth"),
        {"id": build.id, "depth": depth},
    ).scalar()
    return found or 0
