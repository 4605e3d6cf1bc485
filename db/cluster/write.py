"""Storing a cluster build: each worker writes its key range's rows into its own shard file,
then the main file gets the build's rows in puzzles, moves, layers and a `shards` manifest.

Publishing is as for one file (db.store.save_build_to): the shards are written first, under
names no other build uses, while readers keep answering from the old data; then the main
file's transaction commits (an existing file), or the new main file is linked into place.
Failed or interrupted before that, the build removes what it wrote, and the main file and
the old shards are as they were. Once published, the shard files of the build it replaced
are removed (a reader that has them open reads on until it closes them).
"""

from __future__ import annotations

import glob
import os
import re
import socket
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, cast

from puzzledb.builder.puzzle import Puzzle
from puzzledb.builder.search.progress import Progress
from puzzledb.builder.search.result import SearchResult

if TYPE_CHECKING:  # the cluster search imports Dask, which a build on one machine needs not
    from puzzledb.builder.search.cluster.search import ClusterResult
    from puzzledb.builder.search.layered import PackedResult

from .. import schema, store
from ..connection import Writer, _uri, existing_file
from ..store.files import alive

#: The shard files' names: MAIN.BUILD-TOKEN.K.shard beside the main file.
SUFFIX = ".shard"
#: While a build's workers write its shards: MAIN.BUILD-TOKEN.wanted.shard, the marker that
#: the build still wants them (see write_shard).
WANTED = ".wanted" + SUFFIX


def save_sharded(
    path: Path,
    puzzle: Puzzle,
    result: ClusterResult,
    started: float,
    progress: Progress | None = None,
) -> dict:
    """Store a ClusterResult (builder.search.cluster.search) as shards beside `path` and a
    manifest in it; returns the new puzzles row."""
    import secrets  # here: every build imports this module (listed_in), few need a token

    progress = progress or Progress()
    remove_orphans(path)  # what a killed cluster build of this file left
    before = listed_in(path)
    written: list[Path] = []
    wanted: list[Path] = []

    def save(
        db: Writer,
        puzzle: Puzzle,
        result: SearchResult,
        started: float,
        progress: Progress | None,
        side_file: Path | None = None,
    ) -> dict:
        result = cast("ClusterResult", result)  # the one save_sharded was given
        progress = progress or Progress()
        with db.begin() as conn:
            row = store.begin_build(conn, puzzle, result)
            table, token = row["node_table"], secrets.token_hex(16)
            stem = f"{path.name}.{row['id']}-{token[:8]}"
            names = [f"{stem}.{k}{SUFFIX}" for k in range(len(result.owners))]
            wanted.append(path.parent / f"{stem}{WANTED}")
            with open(wanted[-1], "x") as marker:  # who wants them: see remove_orphans
                marker.write(f"{socket.gethostname()} {os.getpid()}\n")
            written.extend(path.parent / n for n in names)
            progress.stage(f"writing {len(names)} shards")
            shards = _write_shards(result, path.parent, names, table, token, wanted[-1].name)
            conn.executemany(
                "INSERT INTO shards (puzzle_id, shard, low, high, file, rows, bytes, "
                "sha256, token) VALUES (:id, :shard, :low, :high, :file, :rows, :bytes, "
                ":sha256, :token)",
                [{"id": row["id"], "token": token, **s} for s in shards],
            )
            progress.rows(result.states, result.states)
            store.finish_build(conn, row, result, started, progress)
            # The rows are in the shards; the name stays free here, so that a reader that
            # does not attach them fails rather than reads an empty table.
            conn.execute("DROP VIEW IF EXISTS states")
            conn.execute("DROP VIEW IF EXISTS farthest")
            conn.execute(f"DROP TABLE {table}")
            store.rewrite_views(conn)
        return row

    try:
        row = store.save_build_to(path, puzzle, result, started, progress, save=save)
    except BaseException:
        # First the marker, then the shards: a worker still writing (its scheduler lost,
        # the worker not) removes its shard once it sees the marker gone (write_shard).
        for marker in wanted:
            marker.unlink(missing_ok=True)
        for shard in written:
            shard.unlink(missing_ok=True)
        raise
    for marker in wanted:
        marker.unlink(missing_ok=True)
    remove_unlisted(path, before)
    return row


def write_shard(
    local: PackedResult,
    k: int,
    folder: str,
    name: str,
    table: str,
    token: str,
    low: str | None,
    high: str | None,
    stores_pred: bool,
    wanted: str,
) -> dict:
    """On a worker: the rows of its range (a PackedResult of its layers) into a new shard file
    `folder/name`, sorted, with the depth index and the build's token; its manifest row.

    The build that asked for it may have given up meanwhile (its scheduler killed: this
    worker runs on, the client hears no more of it) and removed the shards it named. So the
    shard is kept only while `folder/wanted`, the build's marker, is there once the shard is
    whole: the client removes the marker before the shards, and either it finds this shard to
    remove, or this worker finds the marker gone and removes it. A shard SQLite cannot write
    (a full disk) is removed here too, and its error returned, not raised: the build fails as
    one on a machine does (database_error), without Dask's log of a failed task."""
    where, marker = Path(folder) / name, Path(folder) / wanted
    try:
        row = _write_shard(local, k, where, table, token, low, high, stores_pred)
    except (sqlite3.Error, OSError) as error:
        where.unlink(missing_ok=True)
        return {"shard": k, "file": name, "error": str(error)}
    if not marker.exists():
        where.unlink(missing_ok=True)
        return {"shard": k, "file": name, "error": "the build gave up on its shards"}
    return row


def _write_shard(
    local: PackedResult,
    k: int,
    where: Path,
    table: str,
    token: str,
    low: str | None,
    high: str | None,
    stores_pred: bool,
) -> dict:
    name = where.name
    where.unlink(missing_ok=True)
    local.stores_pred = stores_pred
    conn = sqlite3.connect(str(where), isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = OFF")
        conn.execute("PRAGMA synchronous = OFF")
        conn.execute("PRAGMA cache_size = -262144")
        conn.execute("BEGIN")
        conn.execute(schema.node_table_ddl(table, stores_pred))
        cursor = conn.cursor()
        store.write_rows(cursor, lambda written: None, table=table, result=local)
        cursor.close()
        conn.execute(schema.node_index_ddl(table))
        conn.execute("CREATE TABLE shard_meta (token TEXT NOT NULL, shard INTEGER NOT NULL)")
        conn.execute("INSERT INTO shard_meta VALUES (?, ?)", (token, k))
        conn.execute(f"PRAGMA user_version = {schema.VERSION}")
        conn.execute("COMMIT")
    finally:
        conn.close()
    store.fsync(where)
    import hashlib  # here: on a worker, as secrets above (together ~5 ms of a build of eight)

    digest = hashlib.sha256()
    with open(where, "rb") as file:
        while block := file.read(1 << 20):
            digest.update(block)
    return {
        "shard": k,
        "low": low,
        "high": high,
        "file": name,
        "rows": local.states,
        "bytes": where.stat().st_size,
        "sha256": digest.hexdigest(),
    }


def _write_shards(
    result: ClusterResult, folder: Path, names: list[str], table: str, token: str, wanted: str
) -> list[dict]:
    args = [
        (k, str(folder), name, table, token, low, high, result.stores_pred, wanted)
        for k, (name, (low, high)) in enumerate(zip(names, result.bounds()))
    ]
    rows = result.run_on_owners(write_shard, args)
    for row in rows:
        if "error" in row:  # an error of SQLite on the worker: as one of this process
            raise sqlite3.OperationalError(f"{row['error']} (writing shard {row['file']})")
    return rows


def others(path: Path, name: str, goal: str) -> int:
    """Shard files of the file at `path` that a new build of `name` toward `goal` keeps."""
    if not existing_file(path):
        return 0
    conn = sqlite3.connect(_uri(path, not Path(f"{path}-wal").exists()), uri=True)
    try:
        return conn.execute(
            "SELECT count(*) FROM shards JOIN puzzles AS p ON p.id = shards.puzzle_id "
            "WHERE NOT (p.name = ? AND p.goal = ?)",
            (name, goal),
        ).fetchone()[0]
    except sqlite3.Error:
        return 0
    finally:
        conn.close()


def remove_orphans(path: Path) -> None:
    """Before a build of the file at `path`: the shard files beside it that its manifest does
    not list and no live build wants, and the markers of builds that are gone. A cluster build
    killed part way leaves its marker and the shards it wrote, or, killed once it committed,
    the shards it replaced; nothing else would ever remove them. A marker names its build's
    host and process: one of another host, or of a process alive, is kept with its shards."""
    if not path.parent.is_dir() or not any(_shards_beside(path)):
        return
    listed, host, live = listed_in(path), socket.gethostname(), set()
    # MAIN.ID-TOKEN.K.shard and MAIN.ID-TOKEN.wanted.shard, as save_sharded names them
    ours = re.compile(re.escape(path.name) + r"\.\d+-[0-9a-f]{8}\.(\d+|wanted)" + re.escape(SUFFIX))
    for marker in path.parent.glob(f"{glob.escape(path.name)}.*{WANTED}"):
        if not ours.fullmatch(marker.name):
            continue
        try:
            owner, pid = marker.read_text().split()
        except (OSError, ValueError):
            continue  # being written, or not ours to judge
        stem = marker.name[: -len(WANTED)]
        if owner != host or alive(int(pid)):
            live.add(stem)
        else:
            marker.unlink(missing_ok=True)
    for shard in _shards_beside(path):
        stem = shard.name[: -len(SUFFIX)].rsplit(".", 1)[0]
        if not ours.fullmatch(shard.name) or shard.name in listed or stem in live:
            continue
        if shard.name.endswith(WANTED):
            continue  # a marker: judged above
        shard.unlink(missing_ok=True)


def remove_unlisted(path: Path, before: set[str]) -> None:
    """After a build of the file at `path` is published: the shard files its manifest listed
    `before` and lists no more (a reader that has them open reads on until it closes them)."""
    for name in before - listed_in(path):
        (path.parent / name).unlink(missing_ok=True)


def _shards_beside(path: Path) -> Iterator[Path]:
    return path.parent.glob(f"{glob.escape(path.name)}.*{SUFFIX}")


def listed_in(path: Path) -> set[str]:
    """The shard files the manifest of the file at `path` lists now; none where there is no
    file, or one that is not ours (the build refuses it next, before changing anything: so
    it is read as check_before_writing reads it, leaving nothing beside it).

    None, without opening the file, where no shard file lies beside it: there is nothing to
    remove, and a build of a file of thousands of builds opened it twice more for nothing
    (the views' schema parsed each time: a tenth of a second at 2,000 builds)."""
    if not existing_file(path) or not any(_shards_beside(path)):
        return set()
    immutable = not Path(f"{path}-wal").exists()
    try:
        conn = sqlite3.connect(_uri(path, immutable), uri=True)
    except sqlite3.Error:
        return set()
    try:
        return {file for (file,) in conn.execute("SELECT file FROM shards")}
    except sqlite3.Error:  # not ours, or from before shards
        return set()
    finally:
        conn.close()
