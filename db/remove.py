"""Removing builds from a database file: one transaction, as a build is stored (db.store).

Everything a build wrote goes: its puzzles row, its node table (and its depth index), its rows
in moves, layers, most_solved, shards, symmetries, move_images and class_images; the views are
written again over the builds that stay. Nothing else in the file changes (ids are never reused:
sqlite_sequence keeps its count). A cluster build's shard files are removed once the removal is
committed, as a rebuild removes those of the build it replaces. Like a build, the removal waits
for another build of the file to commit, and leaves the file at rest (rollback journal mode).
The file does not shrink: the pages freed are reused by the next build (or `VACUUM`).
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from puzzledb.builder.core.message_text import PATH_SHOWN, shown
from puzzledb.builder.search.progress import Progress
from puzzledb.db.errors import DatabaseFault, NotBuilt

from . import store
from .cluster import write as shards
from .connection import _tables, _uri, at_rest, check_before_writing, existing_file, writer


@dataclass
class Removed:
    """What a removal took out of the file."""

    builds: list[dict]  # name, goal, states, max_depth, radius of each build removed
    shard_files: list[str] = field(default_factory=list)  # beside the file, now deleted
    not_at_rest: str | None = None  # why the file stays in WAL mode (a full disk), if it does


def remove_from(
    path: Path, name: str, goal: str | None = None, progress: Progress | None = None
) -> Removed:
    """Remove the build of `name` toward `goal` (None: every build of `name`) from the file at
    `path`, in one transaction. NotBuilt, naming what is built, when there is no such build;
    DatabaseFault, before anything is touched, when this user cannot write the file or its
    folder. `progress` hears when the removal waits for another build and when it commits."""
    progress = progress or Progress()
    where = shown(str(path), PATH_SHOWN)
    if not existing_file(path):
        raise NotBuilt(f"no puzzledb database at {where}: there is nothing to remove")
    check_before_writing(path)
    _check_writable(path, where)
    _check_built(path, name, goal, where)  # refused here, the file is not touched at all
    before = shards.listed_in(path)
    waiting = f"waiting for another build of {where} to finish"
    reading = f"waiting for the readers of {where} to finish their reads"
    db = writer(
        path,
        ours_only=True,
        waiting=lambda: progress.waiting(waiting),
        reading=lambda: progress.waiting(reading),
    )
    try:
        with db.begin() as conn:
            removed = _remove(conn, name, goal, where)
            progress.stage("committing")
    except BaseException:
        db.close()
        at_rest(path)  # the removal's own error is the one to tell
        raise
    db.close()
    reason = at_rest(path)
    after = shards.listed_in(path)
    shards.remove_unlisted(path, before)
    progress.done()
    return Removed(removed, sorted(before - after), reason)


def _check_writable(path: Path, where: str) -> None:
    """SQLite writes the file and a journal beside it: refuse at once, not half way, where this
    user cannot (a file or folder of another user, a read-only mount)."""
    effective = os.access in os.supports_effective_ids
    for target, what in ((path, "the file"), (path.parent, "the folder it is in")):
        if not os.access(target, os.W_OK, effective_ids=effective):
            raise DatabaseFault(
                f"cannot remove a build from {where}: this user cannot write {what} (SQLite "
                f"writes the file and a journal beside it); nothing was removed"
            )


BUILT = "SELECT id, node_table, name, goal, states, max_depth, radius FROM puzzles"


def _matching(goal: str | None) -> str:
    return f"{BUILT} WHERE name = :name" + ("" if goal is None else " AND goal = :goal")


def _check_built(path: Path, name: str, goal: str | None, where: str) -> None:
    """NotBuilt, read without writing, when the file holds no such build (read as
    check_before_writing reads it: nothing is left beside the file)."""
    conn = sqlite3.connect(_uri(path, not Path(f"{path}-wal").exists()), uri=True)
    try:
        if "puzzles" not in _tables(conn):
            raise NotBuilt(f"nothing is built in {where}: there is nothing to remove")
        if not conn.execute(_matching(goal), {"name": name, "goal": goal}).fetchall():
            built = conn.execute(ALL_BUILT).fetchall()
            raise NotBuilt(_not_built(built, name, goal, where))
    finally:
        conn.close()


def _remove(conn: sqlite3.Connection, name: str, goal: str | None, where: str) -> list[dict]:
    found = conn.execute(_matching(goal) + " ORDER BY id", {"name": name, "goal": goal})
    builds = found.fetchall()
    if not builds:  # removed since _check_built, by another command
        built = [tuple(r) for r in conn.execute(ALL_BUILT)]
        raise NotBuilt(_not_built(built, name, goal, where))
    for build in builds:
        store.drop_build(conn, build)
    store.rewrite_views(conn)
    summary = ("name", "goal", "states", "max_depth", "radius")
    return [{column: b[column] for column in summary} for b in builds]


ALL_BUILT = "SELECT name, goal FROM puzzles ORDER BY id"


def _not_built(pairs: list[tuple[str, str]], name: str, goal: str | None, where: str) -> str:
    """Why there is nothing to remove, naming what the file has built: (name, goal) pairs."""
    built: dict[str, list[str]] = {}
    for built_name, built_goal in pairs:
        built.setdefault(built_name, []).append(built_goal)
    if not built:
        return f"nothing is built in {where}: there is nothing to remove"
    if goal is not None and name in built:
        return (
            f"{shown(name)} is not built toward {shown(goal)} in {where}; its built goals: "
            f"{', '.join(built[name])} (give one with --goal, or none to remove them all)"
        )
    toward = "; ".join(f"{n} toward {', '.join(goals)}" for n, goals in sorted(built.items()))
    return f"{shown(name)} is not built in {where}; built: {toward}"
