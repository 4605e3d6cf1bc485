"""The statements of a build's one transaction, but for its rows: begun, finished, dropped.

Everything a build changes (its node table, its rows in puzzles, moves and layers, the old
build it replaces, the views) happens between one BEGIN and one COMMIT. If the process is
interrupted or killed anywhere before COMMIT, SQLite discards it all and the file answers
exactly as before; readers see the old build until the instant of COMMIT. begin_build opens a
build (the schema, the old build dropped, its puzzles row and empty node table), the rows go in
by one of the ways of db.store (statements, as_pages, two_writers), and finish_build does the
rest (the depth index, moves, layers, most solved states, symmetries, views, times).
drop_build and rewrite_views are also what `puzzledb remove` runs (db.remove).
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

from puzzledb.builder.puzzle import Move, Puzzle
from puzzledb.builder.search.progress import Progress
from puzzledb.builder.search.result import SearchResult, for_sql
from puzzledb.builder.symmetry import images as symmetry

from .. import schema
from ..connection import check_ours
from . import statements


def begin_build(conn: sqlite3.Connection, puzzle: Puzzle, result: SearchResult) -> dict:
    """The schema, the old build dropped, the new puzzles row and its empty node table."""
    definition = json.dumps(puzzle.spec(), ensure_ascii=False)
    create_schema(conn)
    _drop_named(conn, puzzle.name, result.goal)
    _drop_other_definitions(conn, puzzle.name, definition)
    row = {
        "name": puzzle.name,
        "goal": result.goal,
        "title": puzzle.title,
        "kind": puzzle.kind,
        "rows": puzzle.rows,
        "cols": puzzle.cols,
        "states": result.states,
        "max_depth": result.max_depth,
        "radius": result.radius,
        "built_at": _utc(datetime.now(UTC)),  # storing begins
        "build_seconds": 0.0,
        "node_table": "",
        "stores_pred": int(result.stores_pred),
        "definition": definition,
        "max_solutions": for_sql([result.most_solutions])[0],
        "max_solutions_states": result.most_solved_count,
        "classes": result.rows if result.symmetries else None,
    }
    [(build_id,)] = conn.execute(
        "INSERT INTO puzzles (name, goal, title, kind, rows, cols, states, "
        "max_depth, radius, built_at, build_seconds, node_table, stores_pred, definition, "
        "max_solutions, max_solutions_states, classes) "
        "VALUES (:name, :goal, :title, :kind, :rows, :cols, :states, :max_depth, :radius, "
        ":built_at, :build_seconds, :node_table, :stores_pred, :definition, "
        ":max_solutions, :max_solutions_states, :classes) "
        "RETURNING id",
        row,
    ).fetchall()
    table = row["node_table"] = f"nodes_{build_id}"
    row["id"] = build_id
    conn.execute("UPDATE puzzles SET node_table = :t WHERE id = :id", {"t": table, "id": build_id})
    conn.execute(schema.node_table_ddl(table, result.stores_pred, bool(result.symmetries)))
    return row


def finish_build(
    conn: sqlite3.Connection,
    row: dict,
    result: SearchResult,
    started: float,
    progress: Progress,
    index: bool = True,
) -> None:
    """With every row in: the depth index (unless it is made already), the build's moves,
    layers and most solved states, the views, and the build's time."""
    build_id, table = row["id"], row["node_table"]
    if index:
        progress.stage("indexing depths")
        statements.create_index(conn, schema.node_index_ddl(table))
    progress.stage("committing")
    if result.moves:  # none when no move leads to the goal (a full peg board): one state
        # where some move flips other than three holes (a chain), every move says its holes
        marked = any(m.flips and len(m.flips) != 3 for m in result.moves.values())
        holes = len(result.symmetries[0]) if result.symmetries else 0
        conn.executemany(
            "INSERT INTO moves (puzzle_id, code, label, cell_a, cell_b, cell_c, rewrite, "
            "flipped) VALUES (:id, :code, :label, :a, :b, :c, :rewrite, :flipped)",
            [
                {
                    "id": build_id,
                    "code": code,
                    "label": move.label,
                    **_move_cells(move),
                    "flipped": _marked(move, holes) if marked else None,
                }
                for code, move in sorted(result.moves.items())
            ],
        )
    conn.executemany(
        "INSERT INTO layers (puzzle_id, depth, states) VALUES (:id, :depth, :states)",
        [{"id": build_id, "depth": d, "states": n} for d, n in enumerate(result.histogram)],
    )
    conn.executemany(
        "INSERT INTO most_solved (puzzle_id, state) VALUES (:id, :state)",
        [{"id": build_id, "state": state} for state in result.most_solved],
    )
    if result.symmetries:
        _save_symmetries(conn, build_id, result)
    rewrite_views(conn, [build_id])
    # The last statement before COMMIT: the build's end, and its start (the search's) as far
    # before it as build_seconds measured on the monotonic clock.
    seconds = time.perf_counter() - started
    finished = datetime.now(UTC)
    row["build_seconds"] = round(seconds, 3)
    row["started_at"] = _utc(finished - timedelta(seconds=seconds))
    row["finished_at"] = _utc(finished)
    conn.execute(
        "UPDATE puzzles SET build_seconds = :s, started_at = :started, "
        "finished_at = :finished WHERE id = :id",
        {
            "s": row["build_seconds"],
            "started": row["started_at"],
            "finished": row["finished_at"],
            "id": build_id,
        },
    )


def _utc(moment: datetime) -> str:
    """A time as every column of puzzles keeps it: UTC, ISO 8601, to the second."""
    return moment.isoformat(timespec="seconds")


def _save_symmetries(conn: sqlite3.Connection, build_id: int, result: SearchResult) -> None:
    """What a build of classes needs to show every state: its symmetries, each move seen
    through each, and the distinct images of a state by what symmetries fix it."""
    symmetries = result.symmetries
    conn.executemany(
        "INSERT INTO symmetries (puzzle_id, symmetry, takes) VALUES (:id, :k, :takes)",
        [{"id": build_id, "k": k, "takes": json.dumps(list(t))} for k, t in enumerate(symmetries)],
    )
    conn.executemany(
        "INSERT INTO move_images (puzzle_id, symmetry, code, image) "
        "VALUES (:id, :k, :code, :image)",
        [
            {"id": build_id, "k": k, "code": code, "image": image}
            for k, images in enumerate(result.move_images)
            for code, image in enumerate(images)
        ],
    )
    conn.executemany(
        "INSERT INTO class_images (puzzle_id, fixed, symmetry) VALUES (:id, :fixed, :k)",
        [
            {"id": build_id, "fixed": fixed, "k": k}
            for fixed in symmetry.stabilizer_marks(symmetries)
            for k in symmetry.distinct_images(symmetries, fixed)
        ],
    )


def create_schema(conn: sqlite3.Connection) -> None:
    """Our tables in an empty file, or nothing in one that holds our tables already; any
    other file (another program's tables, another schema version) is refused."""
    tables = {
        name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    }
    check_ours(conn, tables, "this file")
    for ddl in schema.TABLES:
        conn.execute(ddl)
    for table, column, kind in schema.ADDED_COLUMNS:
        present = {c for _, c, *_ in conn.execute(f"PRAGMA table_info({table})")}
        if column not in present:
            conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
    conn.execute(f"PRAGMA user_version = {schema.VERSION}")


def _drop_named(conn: sqlite3.Connection, name: str, goal: str) -> None:
    old = conn.execute(
        "SELECT id, node_table FROM puzzles WHERE name = :name AND goal = :goal",
        {"name": name, "goal": goal},
    ).fetchone()
    if old is not None:
        drop_build(conn, old)


def _drop_other_definitions(conn: sqlite3.Connection, name: str, definition: str) -> None:
    """A puzzle redefined under the same name makes its builds under the old rules stale."""
    stale = conn.execute(
        "SELECT id, node_table FROM puzzles WHERE name = :name AND definition != :d",
        {"name": name, "d": definition},
    ).fetchall()
    for old in stale:
        drop_build(conn, old)


def drop_build(conn: sqlite3.Connection, old: sqlite3.Row) -> None:
    """Everything the build `old` (its id and node_table) wrote."""
    for table in (
        "moves",
        "layers",
        "most_solved",
        "shards",
        "symmetries",
        "move_images",
        "class_images",
    ):
        conn.execute(f"DELETE FROM {table} WHERE puzzle_id = :id", {"id": old["id"]})
    conn.execute("DELETE FROM puzzles WHERE id = :id", {"id": old["id"]})
    # Drop the views first: they name the old table (its part's, in a file of many builds,
    # which rewrite_views then writes again).
    for view in ("states", "farthest", *(f"{p}{schema.part_of(old['id'])}" for p in schema.PARTS)):
        conn.execute(f"DROP VIEW IF EXISTS {view}")
    conn.execute(f"DROP TABLE IF EXISTS {old['node_table']}")  # in shards: not here


def _move_cells(move: Move) -> dict:
    """The cells a move swaps (a < b), or the three it flips (a < b < c), else none; and how
    it rewrites a state's text, if it says (db.schema.REWRITE)."""
    rewrite = schema.rewrite_json(move.rewrite) if move.rewrite else None
    if move.swap:
        return {"a": move.swap[0], "b": move.swap[1], "c": None, "rewrite": rewrite}
    if move.flips and len(move.flips) == 3:
        return {**dict(zip("abc", sorted(move.flips))), "rewrite": rewrite}
    return {"a": None, "b": None, "c": None, "rewrite": rewrite}


def _marked(move: Move, holes: int) -> str:
    """`moves.flipped` of a move flipping any number of holes (a chain of jumps): the board's
    text with '1' at each."""
    if not move.flips or not holes:
        raise ValueError(f"the move {move.label!r} says no holes it flips, or the build no board")
    marks = ["0"] * holes
    for hole in move.flips:
        marks[hole] = "1"
    return "".join(marks)


def rewrite_views(conn: sqlite3.Connection, touched: Iterable[int] = ()) -> None:
    """The views over every build, after the builds `touched` (their ids) were added: in a
    file of at most MOST_ARMS builds, `states` and `farthest` written whole; in a larger one,
    the part views of the touched builds, those whose builds changed otherwise (drop_build
    drops its part's views) and the two views over the parts (db.schema.view_parts). A build
    of classes brings its symmetries, which its arms spell out (db.schema.states_view)."""
    held = {
        int(name.removeprefix(schema.PARTS[0]))
        for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'view' AND name GLOB :parts",
            {"parts": schema.PARTS[0] + "*"},
        )
    }
    [(count,)] = conn.execute("SELECT count(*) FROM puzzles").fetchall()
    if count <= schema.MOST_ARMS:
        ddl = [f"DROP VIEW IF EXISTS {prefix}{part}" for part in held for prefix in schema.PARTS]
        ddl += schema.states_view(_view_builds(conn))
    else:
        parts = [
            part
            for (part,) in conn.execute(
                f"SELECT DISTINCT (id - 1) / {schema.PART_ARMS} FROM puzzles ORDER BY 1"
            )
        ]
        stale = {schema.part_of(i) for i in touched} | (set(parts) ^ held)
        ddl = schema.view_parts({part: _view_builds(conn, part) for part in stale}, parts)
    for statement in ddl:
        conn.execute(statement)


def _view_builds(conn: sqlite3.Connection, part: int | None = None) -> list[dict]:
    """The builds whose arms the views spell (those of one part view, or all), with their
    moves' rewrites and symmetries: three queries whatever the builds (one a build took a
    second at 1,000 builds)."""
    low, high = (
        (0, 2**62)
        if part is None
        else (
            part * schema.PART_ARMS + 1,
            (part + 1) * schema.PART_ARMS,
        )
    )
    span = {"low": low, "high": high}
    builds = [
        dict(b)
        for b in conn.execute(
            f"SELECT id, name, goal, node_table, stores_pred, max_depth, "
            f"rows * cols AS cells, classes, {schema.FLIPS} "
            f"FROM puzzles WHERE id BETWEEN :low AND :high ORDER BY id",
            span,
        ).fetchall()
    ]
    rewrites: dict[int, list[tuple[int, schema.Rewrite]]] = {}
    for build_id, code, text in conn.execute(
        "SELECT puzzle_id, code, rewrite FROM moves WHERE rewrite IS NOT NULL "
        "AND puzzle_id BETWEEN :low AND :high ORDER BY puzzle_id, code",
        span,
    ):
        rewrites.setdefault(build_id, []).append((code, schema.rewrite_of(text)))
    symmetries: dict[int, list[list[int]]] = {}
    for build_id, takes in conn.execute(
        "SELECT puzzle_id, takes FROM symmetries WHERE puzzle_id BETWEEN :low AND :high "
        "ORDER BY puzzle_id, symmetry",
        span,
    ):
        symmetries.setdefault(build_id, []).append(json.loads(takes))
    for build in builds:
        if not build["stores_pred"]:
            build["rewrites"] = tuple(rewrites.get(build["id"], ()))
        if build["classes"] is not None:
            build["symmetries"] = symmetries.get(build["id"], [])
    return builds
