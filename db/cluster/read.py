"""Reading a build whose rows are in shard files (db.cluster.write) exactly as a one-file build.

Shards are opened lazily: a reader's connection attaches a build's shards only when a question
needs that build's rows (db.queries.nodes, every query of a build's rows names its table
through it), so a question about a one-file build opens no shard at all, and a shard missing
from one build breaks only the questions about that build. `puzzledb sql` may read any build,
through the `states` view too, so it attaches every sharded build's before it runs (every).

Before it is attached each shard is checked (it exists, it has the size written down, its
shard_meta holds the manifest's token) and then attached read-only, with a small page cache
(SHARD_CACHE_KIB); a TEMP view under the build's node table name joins the shards in key
order. SQLite resolves an unqualified name in `temp` first, so the queries find the rows as if
they were one table: a state by its primary key in each shard, `ORDER BY state` as a merge of
the shards' keys. What a connection attached it keeps until it closes. Nothing is written: the
views live in the connection's own temporary schema. A shard missing, truncated or not of this
build is a database_error naming the file, never a wrong answer; a build's shards are attached
all or none, so the next question on the connection checks them again (a restored file then
answers).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from urllib.parse import quote

from puzzledb.builder.core.message_text import PATH_SHOWN, shown
from puzzledb.db.errors import DatabaseFault

#: Each attached shard's page cache, in KiB (SQLite's default is 2,000 KiB for each attached
#: file): a lookup reads a few pages of a shard's B-tree, and the operating system's file cache
#: keeps the rest, so ten shards do not make a connection ten caches bigger.
SHARD_CACHE_KIB = 256


def attachable() -> int:
    """How many shard files SQLite attaches to one connection (10 unless built otherwise)."""
    conn = sqlite3.connect(":memory:")
    try:
        return conn.getlimit(sqlite3.SQLITE_LIMIT_ATTACHED)
    finally:
        conn.close()


class Attached:
    """What one reader's connection has of its file's shards: the builds whose rows it has
    made readable (attached, or found to be one-file builds), kept for the connection's life."""

    def __init__(self, path: Path, tables: set[str]):
        self.path = path
        self.listed = "shards" in tables  # a file from before cluster builds has no manifest
        self.ready: set[int] = set()
        self.in_shards: set[int] = set()  # the ready builds whose rows are a view of shards
        self.files = 0
        self.views = False


def opened(path: Path, tables: set[str]) -> Attached:
    """For a connection just opened on the file at `path`: nothing attached yet."""
    return Attached(path, tables)


def rows_of(conn: sqlite3.Connection, build_id: int) -> bool:
    """Make the rows of build `build_id` readable on `conn` under its node table's name: its
    shards checked and attached, the first time only. Nothing for a one-file build, or for a
    connection not opened by db.connection (it reads what its file holds).

    Returns whether the rows are a view of shards: a join with that view cannot look a state
    up by key (SQLite does not flatten a UNION ALL into a join), so a path walks it a key
    lookup at a time (db.queries.path)."""
    attached: Attached | None = getattr(conn, "shards", None)
    if attached is None or not attached.listed:
        return False
    if build_id in attached.ready:
        return build_id in attached.in_shards
    rows = conn.execute(
        "SELECT s.shard, s.file, s.bytes, s.token, p.node_table, p.name, p.goal "
        "FROM shards AS s JOIN puzzles AS p ON p.id = s.puzzle_id "
        "WHERE s.puzzle_id = ? ORDER BY s.shard",
        (build_id,),
    ).fetchall()
    if rows:
        _attach(conn, attached, build_id, rows)
        attached.in_shards.add(build_id)
    attached.ready.add(build_id)
    return bool(rows)


def every(conn: sqlite3.Connection) -> None:
    """Every sharded build's rows readable on `conn`, and the file's views (`states`,
    `farthest`) reading them: what `puzzledb sql` needs, since any statement may read any
    build."""
    attached: Attached | None = getattr(conn, "shards", None)
    if attached is None or not attached.listed or attached.views:
        return
    ids = [i for (i,) in conn.execute("SELECT DISTINCT puzzle_id FROM shards ORDER BY puzzle_id")]
    for build_id in ids:
        rows_of(conn, build_id)
    if ids:
        views = conn.execute("SELECT sql FROM main.sqlite_master WHERE type = 'view'").fetchall()
        _in_temp(conn, [sql.replace("CREATE VIEW", "CREATE TEMP VIEW", 1) for (sql,) in views])
    attached.views = True


def _attach(conn: sqlite3.Connection, attached: Attached, build_id: int, rows: list) -> None:
    limit = conn.getlimit(sqlite3.SQLITE_LIMIT_ATTACHED)
    if attached.files + len(rows) > limit:
        raise DatabaseFault(
            f"{shown(str(attached.path), PATH_SHOWN)} needs {attached.files + len(rows)} shard "
            f"files attached at once; SQLite attaches at most {limit} to one connection: "
            f"rebuild with fewer workers"
        )
    schemas: list[str] = []
    try:
        for shard, file, size, token, _, name, goal in rows:
            schema = f"shard_{int(build_id)}_{int(shard)}"
            where = attached.path.parent / file
            _check(
                conn,
                where,
                size,
                (token, int(shard)),
                schema,
                schemas,
                f"shard {shard} of {name} toward {goal}",
            )
        table = rows[0][4]
        _in_temp(
            conn,
            [
                f"CREATE TEMP VIEW {table} AS "
                + " UNION ALL ".join(f"SELECT * FROM {s}.{table}" for s in schemas)
            ],
        )
    except BaseException:
        for schema in schemas:  # all or none: the next question checks them again
            conn.execute(f"DETACH DATABASE {schema}")
        raise
    attached.files += len(schemas)


def _in_temp(conn: sqlite3.Connection, ddl: list[str]) -> None:
    """Run `ddl` (TEMP views) on a reader's connection: `query_only` refuses even the
    connection's own temporary schema, so it is lifted for these statements alone."""
    (only,) = conn.execute("PRAGMA query_only").fetchone()
    conn.execute("PRAGMA query_only = 0")
    try:
        for sql in ddl:
            conn.execute(sql)
    finally:
        conn.execute(f"PRAGMA query_only = {int(only)}")


def _check(
    conn: sqlite3.Connection,
    where: Path,
    size: int,
    identity: tuple[str, int],
    schema: str,
    schemas: list[str],
    what: str,
) -> None:
    """The file is the shard the manifest names: its size, its build's token and its number
    (a sibling copied or linked over it has the token and often the size)."""
    token, shard = identity
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
        conn.execute(f"ATTACH DATABASE ? AS {schema}", (uri,))
        schemas.append(schema)
        conn.execute(f"PRAGMA {schema}.cache_size = -{SHARD_CACHE_KIB}")
        found = conn.execute(f"SELECT token, shard FROM {schema}.shard_meta").fetchall()
    except sqlite3.Error as error:
        raise DatabaseFault(f"{what} cannot be read: {named}: {error}") from None
    if [t for t, _ in found] != [token]:
        raise DatabaseFault(
            f"{what} is not this build's: {named} was written by another build (its token "
            f"differs from the manifest's); restore the right file or rebuild"
        )
    if found != [(token, shard)]:
        raise DatabaseFault(
            f"{what} is not the file the manifest names: {named} holds shard {found[0][1]} of "
            f"this build (a copy or a link of its sibling?); restore the right file or rebuild"
        )
