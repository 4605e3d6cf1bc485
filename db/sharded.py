"""Reading a build whose rows are in shard files (db.shards) exactly as a one-file build.

When a reader's connection opens, each shard the `shards` manifest lists is checked (it
exists, it has the size written down, its shard_meta holds the manifest's token) and attached
read-only; a TEMP view under the build's node table name joins the shards in key order, and
TEMP copies of the file's views (`states`, `farthest`) read through it. SQLite resolves an
unqualified name in `temp` first, so every query of every reader (lookups, `export`, `sql`)
finds the rows as if they were one table: a state by its primary key in each shard, `ORDER
BY state` as a merge of the shards' keys. Nothing is written: the views live in the
connection's own temporary schema. A shard missing, truncated or not of this build is a
database_error naming the file, never a wrong answer.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from urllib.parse import quote

from puzzledb.builder.errors import PATH_SHOWN, DatabaseFault, shown


def attachable() -> int:
    """How many shard files SQLite attaches to one connection (10 unless built otherwise)."""
    conn = sqlite3.connect(":memory:")
    try:
        return conn.getlimit(sqlite3.SQLITE_LIMIT_ATTACHED)
    finally:
        conn.close()


def attach(conn: sqlite3.Connection, path: Path, tables: set[str]) -> None:
    """Attach the shards of every sharded build in the file at `path` to `conn`."""
    if "shards" not in tables:
        return
    rows = conn.execute(
        "SELECT s.puzzle_id, s.shard, s.file, s.bytes, s.token, p.node_table, p.name, p.goal "
        "FROM shards AS s JOIN puzzles AS p ON p.id = s.puzzle_id "
        "ORDER BY s.puzzle_id, s.shard"
    ).fetchall()
    if not rows:
        return
    limit = conn.getlimit(sqlite3.SQLITE_LIMIT_ATTACHED)
    if len(rows) > limit:
        raise DatabaseFault(
            f"{shown(str(path), PATH_SHOWN)} lists {len(rows)} shard files; SQLite attaches "
            f"at most {limit} to one connection: rebuild with fewer workers"
        )
    arms: dict[str, list[str]] = {}
    for i, (_, shard, file, size, token, table, name, goal) in enumerate(rows):
        where = path.parent / file
        _check(conn, where, size, token, i, f"shard {shard} of {name} toward {goal}")
        arms.setdefault(table, []).append(f"SELECT * FROM shard_{i}.{table}")
    for table, selects in arms.items():
        conn.execute(f"CREATE TEMP VIEW {table} AS " + " UNION ALL ".join(selects))
    views = conn.execute("SELECT sql FROM main.sqlite_master WHERE type = 'view'").fetchall()
    for (sql,) in views:
        conn.execute(sql.replace("CREATE VIEW", "CREATE TEMP VIEW", 1))


def _check(conn: sqlite3.Connection, where: Path, size: int, token: str, i: int, what: str):
    named = shown(str(where), PATH_SHOWN)
    try:
        actual = os.stat(where).st_size
    except OSError as error:
        raise DatabaseFault(
            f"{what} is missing: {named} ({error.strerror}); the build cannot be read without "
            f"it: restore the file or rebuild"
        ) from None
    if actual != size:
        raise DatabaseFault(
            f"{what} is damaged: {named} has {actual:,} bytes, the build wrote {size:,}; "
            f"restore the file or rebuild"
        )
    uri = f"file:{quote(str(where.resolve()))}?mode=ro"
    try:
        conn.execute(f"ATTACH DATABASE ? AS shard_{i}", (uri,))
        found = conn.execute(f"SELECT token FROM shard_{i}.shard_meta").fetchall()
    except sqlite3.Error as error:
        raise DatabaseFault(f"{what} cannot be read: {named}: {error}") from None
    if found != [(token,)]:
        raise DatabaseFault(
            f"{what} is not this build's: {named} was written by another build (its token "
            f"differs from the manifest's); restore the right file or rebuild"
        )
